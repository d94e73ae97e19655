"""Sample quotes and cited sources from real articles for hand-checking, and time the extractors.

Usage: .venv/bin/python bench/eval_attribution.py [--seed 77] [--gva 200] [--ecb 100] [--show 60]

Reads ../shared/data (or $CROSSCHECK_SHARED/data): a random sample of GVA and ECB+ documents.
Prints throughput of quotes + sources extraction (analysis view built beforehand, not timed),
counts, then ``--show`` random quotes and random sources with their evidence, to be judged by hand.
Nothing is written to the repository.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import time
from pathlib import Path

from crosscheck.extract import quotes, sources
from crosscheck.model import Article
from crosscheck.nlp.document import AnalyzedDoc


def shared_data() -> Path:
    root = Path(os.environ.get("CROSSCHECK_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    return root / "data"


def sample(seed: int, n_gva: int, n_ecb: int) -> list[Path]:
    data = shared_data()
    rng = random.Random(seed)
    gva = list(csv.DictReader((data / "semeval2018t5-gva" / "manifest.csv").open()))
    ecb = list(csv.DictReader((data / "ecbplus" / "manifest.csv").open()))
    return [data / "semeval2018t5-gva" / r["file"] for r in rng.sample(gva, n_gva)] + [
        data / "ecbplus" / r["file"] for r in rng.sample(ecb, n_ecb)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--gva", type=int, default=200)
    parser.add_argument("--ecb", type=int, default=100)
    parser.add_argument("--show", type=int, default=60)
    args = parser.parse_args()
    paths = sample(args.seed, args.gva, args.ecb)
    docs = [AnalyzedDoc(Article(id=p.stem, text=p.read_text(encoding="utf-8"), source=str(p))) for p in paths]
    started = time.perf_counter()
    found_quotes = [(d, q) for d in docs for q in quotes.extract(d)]
    found_sources = [(d, s) for d in docs for s in sources.extract(d)]
    elapsed = time.perf_counter() - started
    parsed = sum(1 for d in docs for s in d.sentences if s._parsed is not None)
    print(f"command: {' '.join(os.sys.argv)}")
    print(f"{len(docs)} documents ({args.gva} GVA + {args.ecb} ECB+, seed {args.seed}): "
          f"{len(docs) / elapsed:.0f} docs/s for quotes+sources, {parsed} sentences fully parsed")
    unattributed = sum(1 for _, q in found_quotes if q.speaker is None)
    print(f"quotes {len(found_quotes)} ({unattributed} without speaker), cited sources {len(found_sources)}")
    rng = random.Random(args.seed + 1)
    for i, (doc, q) in enumerate(rng.sample(found_quotes, min(args.show, len(found_quotes)))):
        evidence = doc.article.text[q.evidence.start : q.evidence.end].replace("\n", " ")
        print(f"Q{i} speaker={q.speaker!r} role={q.role!r} partial={q.partial} || {evidence[:240]}")
    for i, (doc, s) in enumerate(rng.sample(found_sources, min(args.show, len(found_sources)))):
        evidence = doc.article.text[s.evidence.start : s.evidence.end].replace("\n", " ")
        print(f"S{i} name={s.name!r} kind={s.source_kind.value} surface={s.surface!r} || {evidence[:200]}")


if __name__ == "__main__":
    main()
