"""The level-2 linkage weighs the near pairs of dated reports (``dated_near_linkage``).

The pairs are written here: three reports of a bombing's first day (``d1-*``), linked to each
other, and three of the next days (``d2-*``: funerals, arrests, a revised toll), linked to each
other, with one link and otherwise near pairs between the days.
"""

from __future__ import annotations

from dataclasses import replace

from crosscheck.events.grouping import DEFAULT_PARAMS, component_events, linkage_pairs

EARLIER_RULE = replace(DEFAULT_PARAMS, dated_near_linkage=False)
FIRST, NEXT = ["d1-a", "d1-b", "d1-c"], ["d2-a", "d2-b", "d2-c"]
LINK, NEAR = 0.40, 0.22


def _pairs(cross_near: int) -> dict[tuple[str, str], float]:
    """Links inside each day, one link across the days and ``cross_near`` near pairs across them."""
    sims = {}
    for group in (FIRST, NEXT):
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                sims[(a, b)] = LINK
    cross = [(a, b) for a in FIRST for b in NEXT]
    sims[cross[0]] = 0.30
    for pair in cross[1 : 1 + cross_near]:
        sims[pair] = NEAR
    return sims


def _members(days: dict[str, int | None]) -> list[tuple[str, int | None]]:
    return [(doc_id, days[doc_id]) for doc_id in FIRST + NEXT]


DATED = {**dict.fromkeys(FIRST, 740000), **dict.fromkeys(NEXT, 740002)}
UNDATED = dict.fromkeys(FIRST + NEXT)


def test_the_pairs_are_what_the_tests_assume() -> None:
    sims = _pairs(8)
    assert all(DEFAULT_PARAMS.near_threshold <= sims[pair] < DEFAULT_PARAMS.threshold for pair in sims if sims[pair] == NEAR)
    assert len(linkage_pairs(sims, DATED)) == len(sims)
    assert len(linkage_pairs(sims, UNDATED)) == len(sims) - 8  # the links alone


def test_the_days_of_one_event_stay_one_event_through_their_near_pairs() -> None:
    assert component_events(_members(DATED), _pairs(8)) == [FIRST + NEXT]
    # the earlier rule counted the near pairs as 0 and split the first day from the next
    assert component_events(_members(DATED), _pairs(8), EARLIER_RULE) == [FIRST, NEXT]


def test_undated_near_pairs_still_count_as_nothing() -> None:
    assert component_events(_members(UNDATED), _pairs(8)) == [FIRST, NEXT]


def test_two_events_with_one_near_pair_between_them_stay_apart() -> None:
    assert component_events(_members(DATED), _pairs(1)) == [FIRST, NEXT]


def test_a_report_with_no_link_is_not_joined_by_one_near_pair() -> None:
    # one site's report of another shooting that night: its sidebar nearly links it to one report
    members = [("a", 740000), ("b", 740000), ("lone", 740000)]
    sims = {("a", "b"): 0.67, ("a", "lone"): NEAR}
    assert linkage_pairs(sims, dict(members)) == {("a", "b"): 0.67}
    assert component_events(members, sims) == [["a", "b"], ["lone"]]
    # two near pairs into the event: ``attach_unlinked_reports`` moves it, as before
    sims[("b", "lone")] = NEAR
    assert component_events(members, sims) == [["a", "b", "lone"]]
