"""B-cubed precision / recall / F1 of a document clustering against gold clusters."""

from __future__ import annotations

from collections import defaultdict
from typing import Mapping


def b_cubed(predicted: Mapping[str, str], gold: Mapping[str, str]) -> tuple[float, float, float]:
    """B3 over the documents present in both mappings (doc id -> cluster id)."""
    docs = [d for d in gold if d in predicted]
    if not docs:
        return 0.0, 0.0, 0.0
    by_pred: dict[str, set[str]] = defaultdict(set)
    by_gold: dict[str, set[str]] = defaultdict(set)
    for d in docs:
        by_pred[predicted[d]].add(d)
        by_gold[gold[d]].add(d)
    precision = recall = 0.0
    for d in docs:
        p, g = by_pred[predicted[d]], by_gold[gold[d]]
        both = len(p & g)
        precision += both / len(p)
        recall += both / len(g)
    precision /= len(docs)
    recall /= len(docs)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1
