"""Names that recur in many weeks of a corpus: a city's institutions, not one incident's names.

Two reports of one incident share its names (a victim, a street, a neighbourhood); two incidents of
one city share the city's institutions: its hospital ("Mount Sinai", "Stroger"), its police
department and spokesperson ("IMPD", "Sgt. Jenriquez"), its crime tip line ("Crime Stoppers"),
its station's call sign and slogans ("KSLA News 12 ... Weather Sports"), its state
("Tenn.", "Fla."). The grouping's name rules (``grouping.with_names``) take two or more common
rare names as evidence of one incident and no common name as evidence against; an institution's
name is rare in the language, so it passed for an incident's. What tells the two apart is time:
an incident's names come in a burst of days, an institution's are printed week after week. A name
found in dated reports of ``recurring_weeks`` different weeks (``GroupingParams``) is *recurring*
from the report that brought its last week on, and counts as no common name from then on.

Why the count stays well above the weeks one story runs: a victim's name in the reports of a
trial months on would recur too (the measurements: ``docs/evaluation-grouping.md``).

The rule depends on a report and its predecessors only, so every engine computes the same thing:
the store counts as reports arrive (``crosscheck.events.incremental``: a ``name_weeks`` table), the in-memory and Ray
engines compute each name's ``since`` (the ``seq`` of the report that made it recurring) over the
corpus and test a pair against ``RecurringAt`` the newer report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping

from crosscheck.events.features import DocFeatures

WEEK_DAYS = 7


def name_weeks(features: DocFeatures) -> Iterator[tuple[str, int]]:
    """``(name, week)`` of each name of a dated report (an undated one tells no week)."""
    if features.day is None or not features.names:
        return
    week = features.day // WEEK_DAYS
    for name in features.names:
        yield name, week


def since_of(occurrences: Iterable[tuple[int, int]], weeks: int) -> int | None:
    """The ``seq`` from which one name recurs, given its ``(seq, week)`` occurrences in any order:
    that of the report bringing its ``weeks``-th distinct week (``None``: it never does)."""
    seen: set[int] = set()
    for seq, week in sorted(occurrences):
        seen.add(week)
        if len(seen) >= weeks:
            return seq
    return None


def recurring_since(reports: Iterable[tuple[int, DocFeatures]], weeks: int | None) -> dict[str, int]:
    """``since_of`` every name of ``(seq, features)`` reports, for the names that recur.

    One pass in ``seq`` order; a name's set of weeks is dropped once it recurs, so memory holds the
    weeks of names still short of ``weeks`` (the rare ones have one or two).
    """
    since: dict[str, int] = {}
    if weeks is None:
        return since
    pending: dict[str, set[int]] = {}
    for seq, features in sorted(reports, key=lambda item: item[0]):
        for name, week in name_weeks(features):
            if name in since:
                continue
            seen = pending.setdefault(name, set())
            seen.add(week)
            if len(seen) >= weeks:
                since[name] = seq
                del pending[name]
    return since


@dataclass(frozen=True, slots=True)
class RecurringAt:
    """The names recurring as of report ``seq`` (a container view of ``recurring_since``)."""

    since: Mapping[str, int]
    seq: int

    def __contains__(self, name: object) -> bool:
        first = self.since.get(name)  # type: ignore[call-overload]
        return first is not None and first <= self.seq
