"""Grouping in time partitions, for engines that cannot hold the whole corpus in one index.

The store groups incrementally (``crosscheck.events.incremental``): each new document is compared
with the ``candidate_limit`` stored documents that share the most index terms with it, each term
counted by ``grouping.index_weights`` (ties by document id), among those published within
``max_gap_days`` of it (undated ones always qualify), and it joins the component of every candidate whose ``similarity`` reaches ``pair_floor`` (the link
threshold, or the lower ``near_threshold``: near pairs join components, level 2 tells them apart). The
components are therefore the connected components of the *link* graph

    (earlier, later) for every later document and each of its ranked earlier candidates above the threshold,

where "earlier" is the ingest order. That rule depends only on a document, its predecessors and
their days, so it can be evaluated on any set of documents that holds every predecessor within
``max_gap_days`` of the documents being linked: a time partition with that much overlap on both
sides. ``plan_partitions`` cuts the days into such partitions, ``links`` finds the links of one
partition's own documents, and ``events`` merges the links of all partitions (union over the
borders) into components and splits each by ``grouping.component_events`` (a function of the
component and its links alone), equal to the store's grouping of the same documents in the same order.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping, Sequence

from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import (
    DEFAULT_PARAMS, Candidate, GroupingParams, candidate_ids, component_events, index_terms, links_to,
)
from crosscheck.events.recurring import RecurringAt
from crosscheck.store.termindex import TermIndex


@dataclass(frozen=True, slots=True)
class Node:
    """One document as grouping sees it: its place in ingest order, its id and its features."""

    seq: int
    doc_id: str
    features: DocFeatures


@dataclass(frozen=True, slots=True)
class PartitionPlan:
    """Time partitions over publication days.

    Partition ``k < len(starts)`` *owns* the dated documents with ``starts[k] <= day < starts[k+1]``
    and *sees* those within ``overlap`` days of that range. The extra partition ``len(starts)``
    owns the undated documents and sees everything (an undated document may link to any date).
    Undated documents are seen by every partition.
    """

    starts: tuple[int, ...]
    overlap: int

    @property
    def undated(self) -> int:
        return len(self.starts)

    def owner(self, day: int | None) -> int:
        """The partition that links this document."""
        if day is None or not self.starts:
            return self.undated
        return max(0, bisect.bisect_right(self.starts, day) - 1)

    def seen_by(self, day: int | None) -> list[int]:
        """Every partition whose documents may have this one as a candidate."""
        if day is None:
            return list(range(len(self.starts) + 1))
        first = max(0, bisect.bisect_right(self.starts, day - self.overlap) - 1)
        last = max(0, bisect.bisect_right(self.starts, day + self.overlap) - 1)
        return [*range(first, last + 1), self.undated]


def plan_partitions(days: Iterable[int | None], parts: int, params: GroupingParams = DEFAULT_PARAMS) -> PartitionPlan:
    """``parts`` partitions holding about as many dated documents each (cut at day boundaries)."""
    dated = sorted(day for day in days if day is not None)
    if not dated:
        return PartitionPlan((), params.max_gap_days)
    starts = [dated[0]]
    for k in range(1, max(1, parts)):
        cut = dated[len(dated) * k // parts]
        if cut > starts[-1]:
            starts.append(cut)
    return PartitionPlan(tuple(starts), params.max_gap_days)


def links(
    owned: Sequence[Node], seen: Sequence[Node], params: GroupingParams = DEFAULT_PARAMS,
    recurring_since: Mapping[str, int] | None = None,
) -> Iterator[tuple[str, str, float]]:
    """``(earlier, later, similarity)`` links of each ``owned`` document to its ranked earlier candidates in ``seen``.

    ``seen`` must hold every document within ``max_gap_days`` of the owned ones (and the undated
    ones); the owned documents may be among them. ``recurring_since``: ``recurring.recurring_since``
    of the whole corpus (not only of ``seen``: a name recurs from weeks no partition holds together).
    The documents are filed in an in-memory ``TermIndex`` in ingest order, so each owned one is
    ranked (``grouping.candidate_ids``) and linked (``grouping.links_to``) against its predecessors
    exactly as the store does it (``crosscheck.events.incremental``).
    """
    since = recurring_since or {}
    owned_at = {node.seq: node for node in owned}
    seen_at = {node.seq: node for node in seen}
    index = TermIndex()
    filed: dict[str, DocFeatures] = {}
    for seq in sorted(owned_at.keys() | seen_at.keys()):
        node = owned_at.get(seq)
        if node is not None:
            candidates = [Candidate(doc_id, filed[doc_id], "") for doc_id in candidate_ids(index, node.features, params)]
            for candidate, score in links_to(node.features, candidates, params, RecurringAt(since, node.seq)):
                yield candidate.doc_id, node.doc_id, score
        other = seen_at.get(seq)
        if other is not None:
            index.add(other.doc_id, other.features.day, index_terms(other.features, params))
            filed[other.doc_id] = other.features


def events(
    doc_ids: Sequence[str], edges: Iterable[tuple[str, str, float]], params: GroupingParams = DEFAULT_PARAMS,
    day: dict[str, int | None] | None = None,
) -> list[list[str]]:
    """The events of ``doc_ids``: the components of the links, each split by ``component_events``
    (``day``: publication day per document, used only to cut components beyond ``max_component``). Listed like ``components`` (by first document in
    ``doc_ids`` order, each in that order), so the store, the local and the Ray engine agree.
    """
    edges = list(edges)
    groups = components(doc_ids, ((a, b) for a, b, _ in edges))
    if params.linkage == "single":
        return groups
    component_of = {doc_id: k for k, group in enumerate(groups) for doc_id in group}
    sims: dict[int, dict[tuple[str, str], float]] = defaultdict(dict)
    for a, b, score in edges:
        sims[component_of[a]][(a, b) if a < b else (b, a)] = score
    order = {doc_id: i for i, doc_id in enumerate(doc_ids)}
    day = day or {}
    out = []
    for k, group in enumerate(groups):
        if len(group) == 1:
            out.append(group)
            continue
        for event in component_events([(d, day.get(d)) for d in group], sims[k], params):
            out.append(sorted(event, key=order.__getitem__))
    return sorted(out, key=lambda event: order[event[0]])


def components(doc_ids: Sequence[str], edges: Iterable[tuple[str, str]]) -> list[list[str]]:
    """Connected components of the link graph (single link), each in the order of ``doc_ids``.

    Components are listed in the order of their first document.
    """
    import numpy as np
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    index = {doc_id: i for i, doc_id in enumerate(doc_ids)}
    pairs = [(index[a], index[b]) for a, b in edges]
    rows = np.fromiter((a for a, _ in pairs), dtype=np.int64, count=len(pairs))
    cols = np.fromiter((b for _, b in pairs), dtype=np.int64, count=len(pairs))
    graph = coo_matrix((np.ones(len(pairs), dtype=np.int8), (rows, cols)), shape=(len(doc_ids), len(doc_ids)))
    _, labels = connected_components(graph, directed=False)
    groups: dict[int, list[str]] = {}
    for doc_id, label in zip(doc_ids, labels.tolist()):
        groups.setdefault(label, []).append(doc_id)
    return list(groups.values())
