"""The word-set pre-check (crosscheck.nlp.words) never drops a sentence its regex would match."""

from __future__ import annotations

import re

import pytest

from crosscheck.extract import background, places
from crosscheck.nlp.words import has_any, word_set

SENTENCES = [
    "The man was shot near the Al-Noor Mosque on Elm Street in Springfield, Ill., on Friday.",
    "Two days after the shooting at the Oak Ridge High School, police said the suspect had fled.",
    "It came a week after an officer was killed in a separate incident in Dane County.",
    "In an unrelated case, a woman was hurt, as she was years ago; so far this year 40 were shot.",
    "Mourners gathered at the tomb of General Ali Reza and at Reza's shrine in Kerman Province.",
    "The village's town hall stood empty; Iran's capital city was quiet.",
    "SPRINGFIELD RESIDENTS MET AT THE CITY PARK AND THE MAIN STREET APARTMENT COMPLEX.",
    "Nothing here names a place or another event at all.",
    "A STATE TROOPER CALLED THE DİSTRİCT OFFİCE SİNCE THE START OF THE YEAR.",
]

GUARDED = [
    (places._NAMED_SITE, places._SITE_WORDS),
    (places._CITY_MODIFIER, places._MODIFIER_WORDS),
    (places._TOMB_OF, places._TOMB_WORDS),
    (places._POSSESSIVE_TOMB, places._TOMB_WORDS),
    (places._PROVINCE, places._PROVINCE_WORDS),
    (places._COUNTY, places._COUNTY_WORDS),
    (places._POSSESSIVE_COUNTRY, places._COUNTRY_NOUNS),
    (background._OFFSET, background._OFFSET_WORDS),
    (background._SEPARATE, background._SEPARATE_WORDS),
]


def test_word_set_is_case_folded_ascii_words() -> None:
    assert word_set("The Man's CAR, near-by 42nd St.") == {"the", "man", "s", "car", "near", "by", "nd", "st"}


def test_dotted_capital_i_counts_as_i() -> None:
    # re.IGNORECASE matches "İ" to "i", so the pre-check must see "district" here.
    assert has_any("DİSTRİCT", frozenset({"district"}))
    assert re.search("district", "DİSTRİCT", re.IGNORECASE)


def test_has_any_is_whole_word() -> None:
    assert not has_any("The barista spoke", frozenset({"bar"}))
    assert has_any("at the bar.", frozenset({"bar"}))


@pytest.mark.parametrize("pattern,words", GUARDED, ids=[p.pattern[:30] for p, _ in GUARDED])
def test_pre_check_never_drops_a_match(pattern: re.Pattern[str], words: frozenset[str]) -> None:
    matched = [text for text in SENTENCES if pattern.search(text)]
    assert matched, "each pattern matches some test sentence, so the check is not vacuous"
    assert all(has_any(text, words) for text in matched)
