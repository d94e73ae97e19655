"""Victim counts as a grouping measure (``reconcile.report_tolls.stated_victims``, ``victims_penalty``).

The reports are written here: one Varnton shooting told by two outlets, and another shooting of
the same street two days later with more victims.
"""

from __future__ import annotations

from dataclasses import replace

from crosscheck.engines.steps import document_features
from crosscheck.events.features import DocFeatures, victims_measure
from crosscheck.events.grouping import DEFAULT_PARAMS, similarity
from crosscheck.extract import extract_article
from crosscheck.model import Article, Extraction
from crosscheck.reconcile.report_tolls import stated_victims

OFF = replace(DEFAULT_PARAMS, victims_penalty=0.0)


def _extraction(doc_id: str, title: str, text: str, published: str | None = "2026-03-02") -> Extraction:
    return extract_article(Article(id=doc_id, source="written", published=published, title=title, text=text))


def test_a_report_counts_its_dead_and_wounded_together() -> None:
    two = _extraction("a", "Two men shot on Quellham Road", "Two men were shot, one fatally, on Quellham Road on Sunday.")
    assert stated_victims(two) == 2.0 and victims_measure(stated_victims(two)) == ("@victims 2",)
    died = _extraction("b", "Man dies after Quellham Road shooting",
                       "A man shot on Quellham Road on Sunday has died, police said. Another man was wounded.")
    assert victims_measure(stated_victims(died)) == ("@victims 2",)  # the same two people, one of them dead since
    none = _extraction("c", "Police seek witnesses", "Police asked anyone who saw the car to call.")
    assert stated_victims(none) is None and victims_measure(stated_victims(none)) == ()
    assert "@victims 2" in document_features(two).measures


def _doc(victims: int | None, day: int | None = 740000) -> DocFeatures:
    terms = {"quellham": 0.7, "varnton": 0.5, "wounded": 0.4, "sunday": 0.3}
    measures = (f"@victims {victims}",) if victims is not None else ()
    return DocFeatures(day=day, years=(), kind="shooting", terms=tuple(terms.items()), measures=measures, names=("varnton",))


def test_dated_reports_counting_other_numbers_of_victims_lose_the_penalty() -> None:
    two, four = _doc(2), _doc(4, day=740002)
    assert similarity(two, four) == similarity(two, four, OFF) - DEFAULT_PARAMS.victims_penalty
    assert similarity(two, _doc(2, day=740001)) == similarity(two, _doc(2, day=740001), OFF)  # the same count
    assert similarity(two, _doc(None, day=740001)) == similarity(two, _doc(None, day=740001), OFF)  # one states none


def test_undated_reports_compare_no_victims() -> None:
    # an undated corpus cannot tell a first toll from a revised one (a quake's toll rises report by report)
    two, four = _doc(2, day=None), _doc(4, day=None)
    assert similarity(two, four) == similarity(two, four, OFF)


def test_written_reports_two_outlets_agree_the_next_shooting_counts_more() -> None:
    first = document_features(_extraction("first", "Two shot on Quellham Road in Dayton", (
        "DAYTON, Ohio - Two men were shot, one fatally, on Quellham Road on Sunday night, police said.")))
    second = document_features(_extraction("second", "Man killed, another wounded on Quellham Road", (
        "DAYTON, Ohio - A man was killed and another man was wounded on Quellham Road on Sunday night.")))
    later = document_features(_extraction("later", "Four wounded on Quellham Road", (
        "DAYTON, Ohio - Four people were wounded on Quellham Road on Tuesday night, police said."), "2026-03-04"))
    assert similarity(first, second) == similarity(first, second, OFF)
    assert similarity(first, later) == similarity(first, later, OFF) - DEFAULT_PARAMS.victims_penalty
