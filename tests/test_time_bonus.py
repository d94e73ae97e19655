"""Time between two dated reports: published within ``bonus_days`` (2) of each other they get the
``window_bonus``; up to ``window_days`` (3) neither bonus nor penalty; beyond it the day penalty.

Why (``grouping.similarity``): a report three days after another is as often a neighbouring
incident's as a follow-up's, and the bonus at three days lifted such pairs over the link threshold.
The features are written here: two reports whose words agree with a chosen cosine, naming the
invented town of Quellham.
"""

from __future__ import annotations

import math
from dataclasses import replace

from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import DEFAULT_PARAMS, similarity, without_window_bonus

DAY = 739_000
COSINE = 0.2


def _pair(gap: int | None) -> tuple[DocFeatures, DocFeatures]:
    """Two reports sharing three terms (cosine ``COSINE``), the second ``gap`` days after the first."""
    shared = math.sqrt(COSINE / 3)
    own = math.sqrt(1 - COSINE)
    common = (("quellham", shared), ("stabbing", shared), ("wounded", shared))
    a = DocFeatures(day=None if gap is None else DAY, years=(), kind=None, terms=common + (("ferry", own),))
    b = DocFeatures(day=None if gap is None else DAY + gap, years=(), kind=None, terms=common + (("bakery", own),))
    return a, b


def test_the_bonus_goes_to_reports_published_within_two_days() -> None:
    assert DEFAULT_PARAMS.bonus_days == 2 < DEFAULT_PARAMS.window_days == 3
    for gap in range(DEFAULT_PARAMS.bonus_days + 1):
        assert math.isclose(similarity(*_pair(gap)), COSINE + DEFAULT_PARAMS.window_bonus)
    assert math.isclose(similarity(*_pair(3)), COSINE)  # inside the window: no bonus, no penalty
    assert math.isclose(similarity(*_pair(4)), COSINE - DEFAULT_PARAMS.day_penalty * math.log2(4 / 3))
    assert math.isclose(similarity(*_pair(None)), COSINE)  # undated: neither
    # bonus_days = window_days: the earlier rule, the bonus up to the window's end
    old = replace(DEFAULT_PARAMS, bonus_days=DEFAULT_PARAMS.window_days)
    assert math.isclose(similarity(*_pair(3), old), COSINE + DEFAULT_PARAMS.window_bonus)


def test_a_link_loses_the_bonus_only_where_it_had_it() -> None:
    days = {"a": DAY, "b": DAY + 2, "c": DAY + 3, "d": None}
    sims = {("a", "b"): 0.40, ("a", "c"): 0.40, ("a", "d"): 0.40}
    bare = without_window_bonus(sims, days)
    assert math.isclose(bare[("a", "b")], 0.40 - DEFAULT_PARAMS.window_bonus)
    assert bare[("a", "c")] == 0.40 and bare[("a", "d")] == 0.40
