"""Number expressions: values, ranges, qualifiers, and the roles that keep non-counts out."""

from __future__ import annotations

import pytest

from crosscheck.nlp import numbers
from crosscheck.nlp.numbers import Role, parse_words, quantities


def only(text: str):
    """The single quantity of ``text`` (the test sentences are written to hold exactly one)."""
    found = quantities(text)
    assert len(found) == 1, [text[q.start : q.end] for q in found]
    return found[0]


@pytest.mark.parametrize(
    "text, value",
    [
        ("1,000 people", 1000),
        ("1.5 million people", 1_500_000),
        ("two people", 2),
        ("twenty-five people", 25),
        ("one hundred three people", 103),
        ("a dozen people", 12),
        ("half a dozen people", 6),
        ("a couple of people", 2),
        ("Seventeen people", 17),
    ],
)
def test_values(text: str, value: float) -> None:
    q = only(text)
    assert q.value == value and q.role is Role.COUNT and not q.vague


@pytest.mark.parametrize("text", ["dozens of people", "several people", "a few people"])
def test_vague_amounts_state_no_value(text: str) -> None:
    q = only(text)
    assert q.vague and q.value is None and not q.is_count


@pytest.mark.parametrize(
    "text, low, high",
    [("ten to 15 people", 10, 15), ("10-15 people", 10, 15), ("between 10 and 15 people", 10, 15),
     ("two or three people", 2, 3)],
)
def test_ranges(text: str, low: float, high: float) -> None:
    q = only(text)
    assert (q.value, q.low, q.high) == (None, low, high)


def test_range_keeps_between_in_its_span() -> None:
    text = "we saw between 10 and 15 people"
    assert text[only(text).start :].startswith("between 10 and 15")


@pytest.mark.parametrize(
    "phrase, qualifier",
    [("at least", "at least"), ("about", "about"), ("more than", "more than"), ("nearly", "nearly"),
     ("up to", "up to"), ("some", "about"), ("over", "more than"), ("roughly", "about"),
     ("approximately", "about"), ("as many as", "up to")],
)
def test_qualifiers_are_canonical_and_inside_the_span(phrase: str, qualifier: str) -> None:
    text = f"Police said {phrase} 12 people"
    q = only(text)
    assert q.qualifier == qualifier and q.value == 12
    assert text[q.start : q.end] == f"{phrase} 12"


@pytest.mark.parametrize(
    "text, role",
    [
        ("a 17-year-old boy", Role.AGE),
        ("a 62 year old man", Role.AGE),
        ("he was killed, aged 62, in a strike", Role.AGE),
        ("Marcus Thompkins, 57, of Dayton", Role.AGE),
        ("the victim (34) was", Role.AGE),
        ("killed in 2020 in Iraq", Role.YEAR),
        ("the 1990s were violent", Role.YEAR),
        ("shortly after 2 p.m. Sunday", Role.TIME),
        ("at 14:50 local time", Role.TIME),
        ("at 9 o'clock", Role.TIME),
        ("on January 3 the", Role.DATE),
        ("on the 3rd of May", Role.ORDINAL),
        ("a $5,000 reward", Role.MONEY),
        ("5,000 dollars", Role.MONEY),
        ("25 percent of voters", Role.PERCENT),
        ("25% of voters", Role.PERCENT),
        ("near the 300 block of Main Street", Role.ADDRESS),
        ("at 1200 N. Elm St. in", Role.ADDRESS),
        # in the years' range, an address all the same (a "year" makes its clause another happening's)
        ("in the 1900 block of Elm Street", Role.ADDRESS),
        ("on the 2000 block of Roe", Role.ADDRESS),
        ("at 1917 Varnton Ave. on Sunday", Role.ADDRESS),
        ("on Highway 40 near", Role.ADDRESS),
        ("in Apartment 12 of", Role.ADDRESS),
        ("700 meters away", Role.MEASURE),
        ("about 15 minutes later", Role.MEASURE),
        ("he said, 'Call 911 for people shot'", Role.LABEL),
        ("she dialed 911 and waited", Role.LABEL),
        ("a 911 call came in", Role.LABEL),
    ],
)
def test_roles_keep_non_counts_apart(text: str, role: Role) -> None:
    q = next(q for q in quantities(text))
    assert q.role is role, text
    assert not q.is_count


def test_interval_years_are_two_years_not_a_range() -> None:
    found = quantities("the Iran-Iraq War (1980-1988)")
    assert [q.role for q in found] == [Role.YEAR, Role.YEAR]


def test_911_after_other_words_is_a_count() -> None:
    q = next(q for q in quantities("the toll rose to 911 people"))
    assert q.role is Role.COUNT and q.value == 911


def test_labels_and_model_numbers_are_not_counts() -> None:
    assert not any(q.is_count for q in quantities("an AK-47 and a COVID-19 ward on I-95"))


def test_measure_unit_is_normalised() -> None:
    assert only("1km away").unit == "kilometers"
    assert only("one kilometer away").value == 1


def test_pronoun_one_is_not_a_number() -> None:
    assert quantities("no one was hurt and the one who fled") == []


def test_parse_words_uses_text2num() -> None:
    assert parse_words("twenty-five") == 25
    assert parse_words("hundred and three") == 103 or parse_words("one hundred and three") == 103


@pytest.mark.parametrize(
    "text, roles",
    [
        ("Two teens, ages 15 and 17, were shot.", ["count", "age", "age"]),
        ("The victims, ages 20, 22 and 31, were hurt.", ["age", "age", "age"]),
        ("Three others, ranging in age from 19 to 24, were hurt.", ["count", "age"]),
        ("Police arrested a man aged 20, and 4 others were hurt.", ["age", "count"]),
    ],
)
def test_lists_and_ranges_of_ages(text: str, roles: list[str]) -> None:
    assert [q.role.value for q in quantities(text)] == roles


@pytest.mark.parametrize("written", [*numbers._WORDS, *numbers._IDIOMS])
def test_atom_first_letter_gate_keeps_every_number_word_and_idiom(written: str) -> None:
    """_ATOM's first-letter lookaheads spare words that begin no number; every number word and
    idiom, in any case, is still an atom with its own text."""
    for form in (written, written.upper(), written.title()):
        match = numbers._ATOM.search(f"Police said {form} people were there.")
        assert match is not None and match.group("words" if written in numbers._WORDS else "idiom") == form


def test_atom_gate_turns_away_other_words() -> None:
    assert numbers._ATOM.search("Police said nobody was there, according to the report.") is None


@pytest.mark.parametrize("word, value", [("fourth", 4), ("Fourth", 4), ("4th", 4), ("2nd", 2), ("twentieth", 20), ("fourteen", None)])
def test_ordinal_value_reads_words_and_digits(word: str, value: int | None) -> None:
    assert numbers.ordinal_value(word) == value
