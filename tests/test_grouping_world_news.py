"""Reports of one large event over days: tolls that rise, figures that change, one magnitude.

The reports are written here: an earthquake in an invented province told on its first day and a
week later, a second quake of the same region, and two small shootings of one street.
"""

from __future__ import annotations

from dataclasses import replace

from crosscheck.engines.steps import document_features
from crosscheck.events.features import DocFeatures, features, stated_measures
from crosscheck.events.grouping import DEFAULT_PARAMS, common_magnitude_bonus, similarity
from crosscheck.model import Article

from grouping_support import bare

NO_ESTIMATE = replace(DEFAULT_PARAMS, victims_estimate=None)
NO_MAGNITUDE_BONUS = replace(DEFAULT_PARAMS, magnitude_bonus=0.0)


def _doc(victims: int | None, day: int | None = 740000, measures: tuple[str, ...] = ()) -> DocFeatures:
    terms = {"quellmark": 0.7, "earthquake": 0.5, "rubble": 0.4, "rescuers": 0.3}
    counted = (f"@victims {victims}",) if victims is not None else ()
    return DocFeatures(day=day, years=(), kind="earthquake", terms=tuple(terms.items()), measures=counted + measures,
                       names=("quellmark",))


def test_two_large_counts_that_differ_cost_nothing() -> None:
    # a toll rising from 876 killed and injured on the first day to 2,056 two days later
    first, later = _doc(876), _doc(2056, day=740002)
    assert similarity(first, later) == similarity(first, later, replace(DEFAULT_PARAMS, victims_penalty=0.0))
    assert similarity(first, later, NO_ESTIMATE) < similarity(first, later)  # the rule before: penalised
    # a first report's handful is where such a toll starts
    assert similarity(_doc(3), _doc(140, day=740001)) == similarity(_doc(3), _doc(140, day=740001), replace(
        DEFAULT_PARAMS, victims_penalty=0.0))


def test_two_handfuls_that_differ_still_cost_the_penalty() -> None:
    two, four = _doc(2), _doc(4, day=740002)
    assert similarity(two, four) == similarity(two, four, replace(DEFAULT_PARAMS, victims_penalty=0.0)) - DEFAULT_PARAMS.victims_penalty


def test_the_first_magnitude_is_the_report_s_own() -> None:
    text = ("A magnitude 6.2 earthquake struck Quellmark province on Monday. Two weeks ago a magnitude 7.6 "
            "quake killed thousands in the same region.")
    assert "@mag1 6.2" in stated_measures(text) and "@mag 7.6" in stated_measures(text)
    assert "@mag1 7.6" not in stated_measures(text)


def test_reports_of_one_magnitude_gain_the_bonus_a_report_recalling_it_does_not() -> None:
    first = _doc(None, measures=("@mag 7.6", "@mag1 7.6"))
    week_later = _doc(None, day=740007, measures=("@mag 7.6", "@mag1 7.6"))
    other_quake = _doc(None, day=740014, measures=("@mag 6.2", "@mag 7.6", "@mag1 6.2"))  # recalls 7.6 further down
    assert common_magnitude_bonus(first.measure_values, week_later.measure_values, DEFAULT_PARAMS) == DEFAULT_PARAMS.magnitude_bonus
    assert similarity(first, week_later) == similarity(first, week_later, NO_MAGNITUDE_BONUS) + DEFAULT_PARAMS.magnitude_bonus
    assert common_magnitude_bonus(first.measure_values, other_quake.measure_values, DEFAULT_PARAMS) == 0.0
    # agencies' magnitudes of one quake differ by a tenth or two
    close = _doc(None, measures=("@mag 7.7", "@mag1 7.7"))
    assert common_magnitude_bonus(first.measure_values, close.measure_values, DEFAULT_PARAMS) == DEFAULT_PARAMS.magnitude_bonus


def _article(doc_id: str, text: str, published: str | None) -> Article:
    return Article(id=doc_id, source="written", published=published, title=None, text=text)


def test_a_dated_report_s_counts_are_no_terms_an_undated_report_keeps_them() -> None:
    text = ("Rescuers in Quellmark province pulled survivors from the rubble on Tuesday as the toll rose to 1,644 "
            "dead and 3,408 injured, officials said.")
    dated = features(bare(_article("dated", text, "2026-03-31")))
    undated = features(bare(_article("undated", text, None)))
    assert "1,644" not in dict(dated.terms) and "3,408" not in dict(dated.terms)
    assert "1,644" in dict(undated.terms) and "3,408" in dict(undated.terms)
    assert "quellmark" in dict(dated.terms)


def test_written_reports_of_one_quake_a_week_apart_link_through_its_magnitude_not_its_toll() -> None:
    first = document_features(bare(_article("first", (
        "A magnitude 7.6 earthquake struck Quellmark province on Friday, killing at least 144 people and "
        "injuring 732, the governor said. Rescuers searched collapsed buildings in Varnby."), "2026-03-27")))
    later = document_features(bare(_article("later", (
        "The death toll from the magnitude 7.6 earthquake in Quellmark rose to 3,471, officials said on Friday, "
        "as aid reached villages cut off since the quake."), "2026-04-03")))
    assert first.measure_values["@mag1"] == later.measure_values["@mag1"] == [7.6]
    assert not set(dict(first.terms)) & {"144", "732", "3,471"}
    assert similarity(first, later) > similarity(first, later, NO_MAGNITUDE_BONUS)
