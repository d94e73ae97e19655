"""The grouping's candidate lookup answered from memory: a copy of the store's ``terms`` table.

Why: with the lookup in SQL (``GROUP BY doc_id ORDER BY COUNT(*) DESC`` over the postings of a
new document's 20 index terms inside its time window), the ingest process spent ~2 ms of CPU per
document at 6,000 GVA documents (3,500 postings per lookup), the largest cost left in the main
process. Here each term's dated postings are kept sorted by day, so the window is two bisections
and a slice, and the postings are counted by numpy instead of one Python (or SQLite) step each.

The answer is the SQL's exactly: the ``limit`` documents sharing the most of the given (distinct)
terms, dated ones inside ``[low, high]`` plus undated ones (all of them when no window is given),
ties broken by doc id in SQLite's BINARY order (UTF-8 bytes, which Python's code-point order of
``str`` matches). The ``Store`` keeps this copy in step with the table inside its transactions and
drops it (to be reloaded from the table) whenever it cannot: a rollback, a relink, another
connection's commit. Memory: 8 bytes per posting (day and document number, ``array('i')``) plus
the term and id strings; about 20 postings per document.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from typing import Iterable, Sequence

import numpy as np


class TermIndex:
    """Postings of index terms: per term, dated postings sorted by day, and undated ones."""

    def __init__(self) -> None:
        self._ids: list[str] = []  # document number -> doc id
        self._number: dict[str, int] = {}  # doc id -> its current number
        self._retired: set[int] = set()  # numbers of replaced versions (their postings are ignored)
        self._dated: dict[str, tuple[array, array]] = {}  # term -> (days sorted, numbers)
        self._undated: dict[str, array] = {}

    @classmethod
    def load(cls, rows: Iterable[tuple[str, int | None, str]]) -> "TermIndex":
        """An index holding ``(term, day, doc_id)`` rows (as ``SELECT term, day, doc_id FROM terms``)."""
        index = cls()
        for term, day, doc_id in rows:
            index._post(term, day, index._number_of(doc_id))
        return index

    def add(self, doc_id: str, day: int | None, terms: Sequence[str]) -> None:
        """File a document under ``terms`` (the rows just inserted into the table)."""
        number = self._number_of(doc_id)
        for term in terms:
            self._post(term, day, number)

    def remove(self, doc_id: str) -> None:
        """Forget every posting of ``doc_id`` (its rows were deleted): its number is retired, so a
        later ``add`` of the same id starts clean without searching the postings."""
        number = self._number.pop(doc_id, None)
        if number is not None:
            self._retired.add(number)

    def top(
        self, terms: Sequence[str], window: tuple[int, int] | None, limit: int, weights: Sequence[int] | None = None
    ) -> list[str]:
        """Doc ids sharing the most ``terms``, most first, then by id; at most ``limit``.

        ``window`` (low, high), inclusive: dated postings outside it do not count, undated ones do;
        ``None``: every posting counts. ``weights``: what each term counts (integers, so that sums
        and ties are exact; ``grouping.index_weights``), a repeated term once; 1 each when not given.
        """
        weight_of = dict(zip(terms, weights)) if weights is not None else dict.fromkeys(terms, 1)
        parts: list[tuple[array, int]] = []  # postings that count, and what each of them counts
        for term, weight in weight_of.items():
            dated = self._dated.get(term)
            if dated is not None:
                days, numbers = dated
                if window is None:
                    parts.append((numbers, weight))
                else:
                    start, end = bisect_left(days, window[0]), bisect_right(days, window[1])
                    if start < end:
                        parts.append((numbers[start:end], weight))
            undated = self._undated.get(term)
            if undated is not None:
                parts.append((undated, weight))
        if not parts:
            return []
        postings = np.concatenate([np.frombuffer(p, dtype=np.intc) for p, _ in parts])
        if all(weight == 1 for _, weight in parts):
            found, counts = np.unique(postings, return_counts=True)
        else:
            found, inverse = np.unique(postings, return_inverse=True)
            each = np.repeat(np.array([weight for _, weight in parts], dtype=np.float64), [len(p) for p, _ in parts])
            counts = np.bincount(inverse, weights=each).astype(np.int64)  # exact: integer sums far below 2**53
        if self._retired:
            keep = ~np.isin(found, np.fromiter(self._retired, dtype=np.intc, count=len(self._retired)))
            found, counts = found[keep], counts[keep]
        ids = self._ids
        if len(found) <= limit:
            return [doc_id for _, doc_id in sorted(zip((-counts).tolist(), [ids[n] for n in found.tolist()]))]
        # Documents counting more than the limit-th largest count are all in, ranked; those counting
        # exactly it (often many, all tied) fill the rest by id alone.
        least = np.partition(counts, len(counts) - limit)[len(counts) - limit]
        above = counts > least
        ranked = sorted(zip((-counts[above]).tolist(), [ids[n] for n in found[above].tolist()]))
        tied = sorted([ids[n] for n in found[counts == least].tolist()])
        return [doc_id for _, doc_id in ranked] + tied[: limit - len(ranked)]

    def _number_of(self, doc_id: str) -> int:
        number = self._number.get(doc_id)
        if number is None:
            number = self._number[doc_id] = len(self._ids)
            self._ids.append(doc_id)
        return number

    def _post(self, term: str, day: int | None, number: int) -> None:
        if day is None:
            undated = self._undated.get(term)
            if undated is None:
                undated = self._undated[term] = array("i")
            undated.append(number)
            return
        dated = self._dated.get(term)
        if dated is None:
            dated = self._dated[term] = (array("i"), array("i"))
        days, numbers = dated
        if not days or day >= days[-1]:
            days.append(day)
            numbers.append(number)
        else:
            at = bisect_right(days, day)
            days.insert(at, day)
            numbers.insert(at, number)
