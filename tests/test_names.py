"""Names two dated reports share (``DocFeatures.names``, ``grouping.with_names``) and copies weeks apart.

The reports are written here: the Varnton shooting on Quellham Road (victim Ada Quillfeather) told by
two outlets, a follow-up weeks later, and an accidental shooting in another town told with the same
words of the kind.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import replace

import pytest

from crosscheck.events.features import DocFeatures, features, rarity, terms_and_names, without_place_words
from crosscheck.events.grouping import DEFAULT_PARAMS, similarity, with_names
from crosscheck.model import Article, Extraction, PlaceKind, PlaceMention, Span

OFF = replace(DEFAULT_PARAMS, names_bonus=0.0, unnamed_penalty=0.0, copy_cosine=None)
DAY = 740000

FIRST = Article(
    id="first", source="written", published="2026-03-02", url="https://varntonledger.example/news/1",
    title="Woman wounded on Quellham Road",
    text=(
        "VARNTON - A woman was wounded on Sunday night on Quellham Road in Varnton, police said. Ada Quillfeather, "
        "31, was taken to a hospital in stable condition. Quillfeather told officers she did not know the shooter. "
        "The Varnton Police Department asked witnesses to call."
    ),
)


def _features(article: Article) -> DocFeatures:
    return features(Extraction(article=article, sentences=(), mentions=()))


def _doc(terms: dict[str, float], names: tuple[str, ...] | None, day: int | None = DAY) -> DocFeatures:
    return DocFeatures(day=day, years=(), kind=None, terms=tuple(terms.items()), names=names)


def test_names_are_the_terms_written_capitalised_inside_a_sentence_weekdays_and_months_aside() -> None:
    weights, names = terms_and_names(FIRST.text, FIRST.title)
    assert {"quellham", "quillfeather", "varnton"} <= set(names)
    assert "sunday" in weights and "sunday" not in names  # capitalised, but no place or person
    assert "wounded" in weights and "wounded" not in names
    assert set(names) <= set(weights) and list(names) == sorted(names)
    assert _features(FIRST).names == names


def test_names_are_stored_and_rows_written_before_them_have_none() -> None:
    feats = _features(FIRST)
    again = DocFeatures.from_json(feats.to_json())
    assert again == feats and again.names == feats.names
    assert pickle.loads(pickle.dumps(feats)).names == feats.names
    no_site = replace(feats, site=None)
    assert DocFeatures.from_json(no_site.to_json()).names == feats.names  # the site's slot is written as null
    old = replace(feats, site=None, names=None)
    assert len(json.loads(old.to_json())) == 8  # as rows were written before sites and names
    assert DocFeatures.from_json(old.to_json()).names is None
    assert DocFeatures.from_json(replace(feats, names=None).to_json()).names is None  # a row with a site only


def test_two_rare_common_names_lift_a_pair_up_to_the_threshold_no_further() -> None:
    assert rarity("quillfeather") >= DEFAULT_PARAMS.name_rarity and rarity("quellham") >= DEFAULT_PARAMS.name_rarity
    terms = {"quillfeather": 0.3, "quellham": 0.3, "wounded": 0.3, "hospital": 0.3}
    a = _doc(terms, ("quellham", "quillfeather"))
    weeks_later = _doc({**terms, "trial": 0.8, "jury": 0.8}, ("quellham", "quillfeather"), day=DAY + 60)
    low = similarity(a, weeks_later, OFF)
    assert low + DEFAULT_PARAMS.names_bonus < DEFAULT_PARAMS.threshold
    assert similarity(a, weeks_later) == low + DEFAULT_PARAMS.names_bonus
    nearer = replace(weeks_later, day=DAY + 12)
    assert similarity(a, nearer, OFF) + DEFAULT_PARAMS.names_bonus > DEFAULT_PARAMS.threshold
    assert similarity(a, nearer) == DEFAULT_PARAMS.threshold  # capped: the names make a link, no strong one
    one_name = replace(weeks_later, names=("quillfeather",))
    # one common name: neither lift nor penalty; weeks apart with nothing else of one incident in
    # common, no pair at all (``followup_days``, tests/test_followup_detail.py)
    assert similarity(a, one_name, replace(DEFAULT_PARAMS, followup_days=None)) == low
    assert similarity(a, one_name) <= 0.0
    assert with_names(0.6, ("quellham", "quillfeather"), ("quellham", "quillfeather")) == 0.6  # above: untouched


def test_a_pair_sharing_no_name_loses_the_unnamed_penalty() -> None:
    # an accidental shooting in Varnton and one in Quellham, told with the words of the kind
    kind = {"accidental": 0.5, "shooting": 0.4, "deputies": 0.4, "gunshot": 0.3, "wound": 0.3}
    varnton = _doc({**kind, "varnton": 0.4}, ("county", "varnton"))
    quellham = _doc({**kind, "quellham": 0.4}, ("county", "quellham"), day=DAY + 1)
    assert rarity("county") < DEFAULT_PARAMS.unnamed_rarity  # a name most reports write is no common name
    assert similarity(varnton, quellham) == similarity(varnton, quellham, OFF) - DEFAULT_PARAMS.unnamed_penalty
    # a common town: no penalty; names unknown on a side (a row stored before names): nothing
    same_town = replace(quellham, names=("county", "varnton"))
    assert similarity(varnton, same_town) == similarity(varnton, same_town, OFF)
    assert similarity(varnton, replace(quellham, names=None)) == similarity(varnton, quellham, OFF)
    # undated reports: nothing (as for places and identifiers)
    undated = replace(varnton, day=None), replace(quellham, day=None)
    assert similarity(*undated) == similarity(*undated, OFF)


def test_a_copy_weeks_apart_is_no_pair_a_copy_within_the_window_is() -> None:
    # one site's page template (a newsletter box, a video list) over two stories a month apart
    template = {"newsletter": 0.6, "inbox": 0.5, "notifications": 0.5, "varnton": 0.3, "ledger": 0.2}
    a = _doc(template, ("ledger", "varnton"))
    month_later = _doc(template, ("ledger", "varnton"), day=DAY + 30)
    assert similarity(a, month_later, OFF) > DEFAULT_PARAMS.threshold
    assert similarity(a, month_later) <= 0.0
    next_day = replace(month_later, day=DAY + 1)  # one story syndicated the next day: a pair as before
    assert similarity(a, next_day) == similarity(a, next_day, OFF)
    assert similarity(a, replace(month_later, names=None)) == similarity(a, month_later, OFF)


def test_the_words_of_a_place_the_report_names_are_no_names() -> None:
    """A place counts as a place (``place_bonus``), not a second time as two "rare names"."""
    place = PlaceMention(evidence=Span("first", 0, 60), anchor=Span("first", 39, 52), extractor="places",
                         name="Quellham Road", place_kind=PlaceKind.SITE)
    town = PlaceMention(evidence=Span("first", 0, 60), anchor=Span("first", 56, 63), extractor="places",
                        name="Varnton", place_kind=PlaceKind.CITY)
    named = features(Extraction(article=FIRST, sentences=(), mentions=(place, town))).names
    assert {"quellham", "varnton"} <= set(_features(FIRST).names)
    assert "quellham" not in named and "varnton" not in named
    assert "quillfeather" in named  # the person stays
    assert without_place_words(("varnton’s", "roe"), ("Varnton",)) == ("roe",)
    assert without_place_words(None, ("Varnton",)) is None


def test_a_name_of_one_report_that_is_the_other_s_place_is_a_common_name() -> None:
    """The other report's place words count (``names_in_places``): the place is common to neither the
    places (one report has it only as a name) nor the names (the other's names leave it out)."""
    kind = {"earthquake": 0.3, "rescuers": 0.3, "rubble": 0.3, "varnton": 0.3, "magnitude": 0.2}
    struck_in = replace(_doc(kind, ("quillfeather",)), places=("Varnton",))  # "the quake struck in Varnton"
    mourning = _doc({**kind, "silence": 0.6, "mourning": 0.6, "flags": 0.5}, ("varnton",), day=DAY + 4)
    # ("Varnton will mark a minute of silence"; another day's angle, no copy)
    earlier_rule = replace(DEFAULT_PARAMS, names_in_places=False)
    gain = similarity(struck_in, mourning) - similarity(struck_in, mourning, earlier_rule)
    assert gain == pytest.approx(DEFAULT_PARAMS.unnamed_penalty)
    assert with_names(0.2, ("quillfeather",), ("varnton",), places_a=("Varnton",)) == 0.2
    assert with_names(0.2, ("varnton",), ("quillfeather",), places_b=("Varnton",)) == 0.2
    assert with_names(0.2, ("quillfeather",), ("varnton",)) == pytest.approx(0.2 - DEFAULT_PARAMS.unnamed_penalty)
    # a place both reports have counts once, as a place (``place_bonus``), not also as a name
    both = replace(mourning, names=("roe",), places=("Varnton",))
    assert similarity(struck_in, both) == similarity(struck_in, both, earlier_rule)
    # a place word among names of the same report is no name of the pair
    assert with_names(0.2, ("varnton",), ("roe",), places_a=("Varnton",)) == pytest.approx(0.2 - DEFAULT_PARAMS.unnamed_penalty)
