"""A common place is weak evidence between two dated reports: it adds ``place_bonus`` (0.05), not
enough by itself to carry a pair whose text barely agrees over the link threshold.

Why: on crawled local news the common place is mostly a large city or a state, which two incidents of
one night share as often as two reports of one incident (``grouping.similarity``'s docstring). The
features are written here: two same-day reports whose words agree with a chosen cosine, naming the
invented town of Varnton.
"""

from __future__ import annotations

import math
from dataclasses import replace

from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import DEFAULT_PARAMS, similarity

DAY = 739_000


def _pair(cosine: float, places_a: tuple[str, ...], places_b: tuple[str, ...]) -> tuple[DocFeatures, DocFeatures]:
    """Two reports of one day sharing three terms, with unit term vectors whose cosine is ``cosine``."""
    shared = math.sqrt(cosine / 3)
    own = math.sqrt(1 - cosine)
    common = (("varnton", shared), ("shooting", shared), ("wounded", shared))
    a = DocFeatures(day=DAY, years=(), kind="shooting", terms=common + (("bakery", own),), places=places_a)
    b = DocFeatures(day=DAY, years=(), kind="shooting", terms=common + (("garage", own),), places=places_b)
    return a, b


def test_a_common_place_adds_the_bonus_and_disjoint_places_the_penalty() -> None:
    base = similarity(*_pair(0.13, (), ()))
    assert math.isclose(base, 0.13 + DEFAULT_PARAMS.window_bonus)
    assert math.isclose(similarity(*_pair(0.13, ("Varnton",), ("Varnton",))), base + DEFAULT_PARAMS.place_bonus)
    assert math.isclose(similarity(*_pair(0.13, ("Varnton",), ("Quellham",))), base - DEFAULT_PARAMS.place_penalty)


def test_a_common_place_alone_does_not_carry_weak_text_over_the_threshold() -> None:
    weak = similarity(*_pair(0.13, ("Varnton",), ("Varnton",)))
    assert weak < DEFAULT_PARAMS.threshold
    # the earlier bonus (0.10) did carry it: the pair this rule keeps apart
    assert similarity(*_pair(0.13, ("Varnton",), ("Varnton",)), replace(DEFAULT_PARAMS, place_bonus=0.10)) >= DEFAULT_PARAMS.threshold
    # text that agrees a little more still links with the place's help
    assert similarity(*_pair(0.17, ("Varnton",), ("Varnton",))) >= DEFAULT_PARAMS.threshold


def test_undated_reports_get_no_place_bonus() -> None:
    a, b = _pair(0.13, ("Varnton",), ("Varnton",))
    undated = similarity(replace(a, day=None), replace(b, day=None))
    assert math.isclose(undated, 0.13)
