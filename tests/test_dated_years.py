"""Stated years part two undated reports; between two dated reports the publication days do."""

from __future__ import annotations

from dataclasses import replace

from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import DEFAULT_PARAMS, conflicts, similarity

TERMS = (("varnton", 0.6), ("elm", 0.5), ("roe", 0.4), ("quellham", 0.3), ("birch", 0.3))


def _doc(day: int | None, years: tuple[int, ...]) -> DocFeatures:
    return DocFeatures(day=day, years=years, kind=None, terms=TERMS)


def test_other_years_cost_the_year_penalty_between_undated_reports_only() -> None:
    plain = similarity(_doc(None, ()), _doc(None, ()))
    assert similarity(_doc(None, (2009,)), _doc(None, (2013,))) == plain - DEFAULT_PARAMS.year_penalty
    dated = similarity(_doc(740000, ()), _doc(740001, ()))
    # a trial's report recalling the year of the shooting: the days already tell when
    assert similarity(_doc(740000, (2015,)), _doc(740001, (2014,))) == dated - DEFAULT_PARAMS.dated_year_penalty == dated
    # one dated, one undated: the years are all there is
    assert similarity(_doc(740000, (2015,)), _doc(None, (2014,))) == similarity(_doc(740000, ()), _doc(None, ())) - DEFAULT_PARAMS.year_penalty
    old = replace(DEFAULT_PARAMS, dated_year_penalty=DEFAULT_PARAMS.year_penalty)  # the earlier rule
    assert similarity(_doc(740000, (2015,)), _doc(740001, (2014,)), old) == dated - DEFAULT_PARAMS.year_penalty


def test_other_years_still_keep_a_dated_pair_from_being_a_near_pair() -> None:
    assert conflicts(_doc(740000, (2015,)), _doc(740001, (2014,)))
    assert not conflicts(_doc(740000, (2015,)), _doc(740001, (2015, 2014)))
