"""Reports weeks apart are one incident only when they share a detail of it (``followup_days``).

The reports are written here: two shootings of one street told in the same words of the kind two
months apart, and a follow-up of the first that names its victim and gives her age.
"""

from __future__ import annotations

from dataclasses import replace

from crosscheck.engines.steps import document_features
from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import DEFAULT_PARAMS, shares_detail, similarity
from crosscheck.extract import extract_article
from crosscheck.model import Article

OFF = replace(DEFAULT_PARAMS, followup_days=None)
DAY = 740000


FIRST_TERMS = {"quellham": 0.6, "varnton": 0.5, "hospital": 0.4, "wounded": 0.3, "condition": 0.3, "shooting": 0.2}
LATER_TERMS = {"quellham": 0.5, "varnton": 0.4, "hospital": 0.3, "wounded": 0.2, "condition": 0.2, "saturday": 0.45,
               "pike": 0.45}  # a cosine of 0.75 with FIRST_TERMS: no copy of one page


def _doc(day: int, identifiers: tuple[str, ...] = (), measures: tuple[str, ...] = (),
         names: tuple[str, ...] | None = ("varnton",)) -> DocFeatures:
    terms = FIRST_TERMS if day == DAY else LATER_TERMS
    return DocFeatures(day=day, years=(), kind="shooting", terms=tuple(terms.items()), identifiers=identifiers,
                       measures=measures, names=names)


def test_two_months_apart_with_only_the_words_of_the_neighbourhood_in_common_is_no_pair() -> None:
    first, later = _doc(DAY), _doc(DAY + 60)
    assert similarity(first, later, OFF) > 0.25  # the text alone links them
    assert not shares_detail(first, later)
    assert similarity(first, later) <= 0.0


def test_a_common_name_address_or_age_keeps_the_follow_up() -> None:
    for shared in (
        {"identifiers": ("@name ada quillfeather",)},
        {"identifiers": ("@addr 1200 quellham",)},
        {"measures": ("@aged 31",)},
        {"names": ("quillfeather", "zorbenthal")},
    ):
        first, later = _doc(DAY, **shared), _doc(DAY + 60, **shared)
        assert shares_detail(first, later), shared
        assert similarity(first, later) == similarity(first, later, OFF), shared


def test_other_ages_other_full_names_one_rare_name_or_a_recurring_one_are_no_shared_detail() -> None:
    first = _doc(DAY, identifiers=("@name ada quillfeather",), measures=("@aged 31",), names=("quellham", "varnton"))
    later = _doc(DAY + 60, identifiers=("@name bo tindale",), measures=("@aged 19",), names=("varnton", "zorbenthal"))
    assert not shares_detail(first, later)
    # two rare names in common, one of them printed week after week in the city's news (its hospital)
    assert shares_detail(first, replace(later, names=("quellham", "varnton")))
    assert not shares_detail(first, replace(later, names=("quellham", "varnton")), recurring={"quellham"})
    assert not shares_detail(replace(first, names=None), replace(later, names=None))  # rows stored before names


def test_a_common_address_with_other_ages_is_no_shared_detail() -> None:
    # One block's two shootings months apart: the address is the block's, the victims are others.
    first = _doc(DAY, identifiers=("@addr 1500 kedzie",), measures=("@aged 29", "@aged 21"))
    later = _doc(DAY + 90, identifiers=("@addr 1500 kedzie",), measures=("@aged 16",))
    assert not shares_detail(first, later)
    assert similarity(first, later) <= 0.0
    assert shares_detail(first, replace(later, measures=("@aged 29",)))  # the same victim, months later
    assert shares_detail(first, replace(later, measures=()))  # no age to tell: the address stands
    both = ("@addr 1500 kedzie", "@name ada quillfeather")  # a full name stands whatever the ages
    assert shares_detail(replace(first, identifiers=both), replace(later, identifiers=both))
    assert shares_detail(first, later, replace(DEFAULT_PARAMS, address_ages=False))


def test_within_the_follow_up_window_and_between_undated_reports_nothing_changes() -> None:
    assert similarity(_doc(DAY), _doc(DAY + 20)) == similarity(_doc(DAY), _doc(DAY + 20), OFF)
    undated_a, undated_b = replace(_doc(DAY), day=None), replace(_doc(DAY), day=None)
    assert similarity(undated_a, undated_b) == similarity(undated_a, undated_b, OFF)


def _report(day: str, title: str, text: str) -> DocFeatures:
    article = Article(id=day, source="written", published=day, title=title, text=text)
    return document_features(extract_article(article))  # the places it finds are no names (``without_place_words``)


def test_written_reports_a_follow_up_by_name_links_another_shooting_of_the_street_does_not() -> None:
    first = _report("2026-03-02", "Woman wounded on Quellham Road in Dayton", (
        "DAYTON, Ohio - A woman was wounded Sunday night in the 1200 block of Quellham Road, police said. Ada "
        "Quillfeather, 31, was taken to Miami Valley Hospital in stable condition. Quillfeather told officers she "
        "did not know the shooter."))
    follow_up = _report("2026-04-20", "Man charged in Quellham Road shooting", (
        "DAYTON, Ohio - A man was charged Monday with shooting Ada Quillfeather on Quellham Road in March. "
        "Quillfeather, 31, has recovered, police said."))
    other = _report("2026-05-04", "Man wounded in Dayton", (
        "DAYTON, Ohio - A man was wounded Saturday night on Quellham Road, police said. He was taken to Miami "
        "Valley Hospital in stable condition and told officers he did not know the shooter."))
    assert shares_detail(first, follow_up)
    assert not shares_detail(first, other)  # the town and the hospital are no detail of one incident
    assert similarity(first, other) <= 0.0 < similarity(first, other, OFF)
