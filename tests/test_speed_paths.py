"""The shortcuts of the ingest process's hot paths give what the plain code gave: parsed measures
kept on ``DocFeatures`` (and rebuilt after pickling), the mention encoder's getter, the store's
inline feature-cache hits, and ``textview._DOUBLED``'s possessive runs. Examples are invented."""

from __future__ import annotations

import json
import pickle
import re

import pytest

from crosscheck.events.features import DocFeatures, parse_measures
from crosscheck.events.grouping import DEFAULT_PARAMS, measure_penalty, similarity, values_penalty
from crosscheck.model import PlaceKind, PlaceMention, Span
from crosscheck.nlp.textview import _DOUBLED
from crosscheck.corpus import Corpus
from crosscheck.store.codec import _encode, _field_names, encode_mention

MEASURES = ("@age vantrell 31", "@aged 31", "@aged 7", "@mag 5.9", "@time 1410")


def _features(day: int | None, measures: tuple[str, ...], terms: tuple[tuple[str, float], ...]) -> DocFeatures:
    return DocFeatures(day, (2024,), "shooting", terms, ("Glenmoor",), None, ("@name ada vantrell",), measures)


def test_measure_values_are_the_parsed_measures() -> None:
    feats = _features(1, MEASURES, (("vantrell", 0.8), ("glenmoor", 0.6)))
    assert feats.measure_values == parse_measures(MEASURES) == {
        "@age vantrell": [31.0], "@aged": [31.0, 7.0], "@mag": [5.9], "@time": [1410.0],
    }
    assert _features(1, (), ()).measure_values == {}
    assert DocFeatures.from_json(feats.to_json()).measure_values == feats.measure_values


def test_features_pickle_their_stored_fields_and_rebuild_the_rest() -> None:
    feats = _features(739000, MEASURES, (("vantrell", 0.8), ("glenmoor", 0.6)))
    back = pickle.loads(pickle.dumps(feats, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == feats and back.to_json() == feats.to_json()
    assert back.weights == feats.weights == {"vantrell": 0.8, "glenmoor": 0.6}
    assert back.measure_values == feats.measure_values


def test_penalty_of_parsed_values_is_measure_penalty() -> None:
    pairs = [
        (("@mag 5.2", "@mag 6.1"), ("@mag 5.9",)),
        (("@mag 5.6",), ("@mag 6.1",)),
        (("@age vantrell 31", "@aged 31"), ("@age vantrell 35", "@aged 35")),
        (("@aged 16", "@aged 24"), ("@aged 31",)),
        (("@time 1420",), ("@time 120",)),
        (("@time 1420",), ("@time 30",)),
    ]
    for a, b in pairs:
        for times in (True, False):
            expected = measure_penalty(a, b, DEFAULT_PARAMS, times)
            assert values_penalty(parse_measures(a), parse_measures(b), DEFAULT_PARAMS, times) == expected


def test_similarity_reads_the_parsed_values() -> None:
    terms = (("vantrell", 0.7), ("glenmoor", 0.5), ("birchwood", 0.4), ("shot", 0.3))
    a = _features(739000, ("@aged 31",), terms)
    b = _features(739001, ("@aged 45",), terms)
    c = _features(739001, ("@aged 31",), terms)
    # a common age gains the bonus, ages none in common lose the penalty
    assert similarity(a, c) - similarity(a, b) == pytest.approx(DEFAULT_PARAMS.ages_penalty + DEFAULT_PARAMS.common_age_bonus)


def _plain_encode(mention: object) -> tuple[str, dict]:
    """The encoder as it was: one ``getattr`` and one ``_encode`` call per field."""
    return type(mention).__name__, {name: _encode(getattr(mention, name)) for name in _field_names(type(mention))}


def test_encode_mention_matches_the_field_by_field_encoding() -> None:
    span = Span("d1", 3, 13)
    mention = PlaceMention(Span("d1", 0, 40), span, "places", name="Glenmoor", place_kind=PlaceKind.SITE)
    assert encode_mention(mention) == _plain_encode(mention)
    assert json.dumps(encode_mention(mention)[1]) == json.dumps(_plain_encode(mention)[1])


def test_feature_cache_hits_move_to_the_end(tmp_path) -> None:
    store = Corpus(tmp_path / "s.db")
    try:
        raw = _features(1, (), (("glenmoor", 1.0),)).to_json()
        grouper = store.grouper
        first = grouper._cached_features("a", raw)
        grouper._cached_features("b", raw)
        found = grouper._features_of([("a", "ca"), ("c", "cc")], {"c": raw})
        assert found[0] is first and found[1] == DocFeatures.from_json(raw)
        assert list(grouper._features) == ["b", "a", "c"]  # a hit moves to the end, a miss is added there
    finally:
        store.close()


def test_possessive_doubled_words_match_as_backtracking_did() -> None:
    old = re.compile(r"\b([A-Za-z]+)(\s+)\1\b", re.IGNORECASE)
    texts = [
        "He went to the the store, and and then  then left.", "Theft the the\n\nthe end", "abc bc abc abc",
        "On On the porch, of of\tof course", "a a", "the theme", "Kelvin \u212a k k", "x\u00a0x y  y",
    ]
    for text in texts:
        assert [m.span(0) + m.span(2) for m in _DOUBLED.finditer(text)] == [m.span(0) + m.span(2) for m in old.finditer(text)]


def test_reordered_feature_patterns_match_as_before() -> None:
    from crosscheck.events.features import _TIME_OF_DAY, _WORD_RUN

    old_words = re.compile(r"\b[A-Z]\w*\b")
    old_times = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\b\.?", re.IGNORECASE)
    texts = [
        "Officer Tolvane said McArdle, 31, was shot at 11:30 p.m. near 4Th Street; another at 2AM.",
        "xYz Abc_Def Émile ÉAbc aB.C 10:15PM 7 a.m 13:05 p.m. 9:7 am", "\nA\tB", "",
    ]
    for text in texts:
        assert _WORD_RUN.findall(text) == old_words.findall(text)
        assert _TIME_OF_DAY.findall(text) == old_times.findall(text)
