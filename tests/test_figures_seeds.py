"""Acceptance: the figures of the three Kerman seed reports, as a careful analyst reads them.

The expectations follow ``shared/gold/seeds.json`` (``must.figures`` and ``must_not``) and the
figures brief: every figure of the event with its kind, value or range, qualifier, stage and
subject, and nothing else (no age, no martyrs buried at the cemetery, no other event's dead).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crosscheck.extract.figures import extract
from crosscheck.model import Article, FigureKind, FigureMention, Stage
from crosscheck.nlp.document import AnalyzedDoc
from crosscheck.nlp.numbers import quantities

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"
K, I, E = FigureKind.KILLED, FigureKind.INJURED, FigureKind.EXPLOSIONS
T, D, H = FigureKind.INTERVAL, FigureKind.DISTANCE, FigureKind.TIME_OF_DAY
INITIAL, REVISED, LATEST = Stage.INITIAL, Stage.REVISED, Stage.LATEST

# (kind, value, low, high, qualifier, stage, subject, reference)
EXPECTED = {
    "000": {
        (K, 103, None, None, "at least", LATEST, None, None),
        (I, 141, None, None, None, LATEST, None, None),
        (I, 141, None, None, None, None, None, None),  # "Some of the 141 injured are in critical condition."
        (E, 2, None, None, None, LATEST, None, None),
        (D, 700, None, None, None, None, "first explosion", "grave"),
        (D, 1000, None, None, None, None, "second explosion", "grave"),
        (T, 15, None, None, "about", None, "second explosion", None),
        (K, 20, None, None, "at least", INITIAL, None, None),
        (I, 60, None, None, None, INITIAL, None, None),
    },
    "001": {
        (K, 103, None, None, "at least", None, None, None),
        (E, 2, None, None, None, None, None, None),
        (T, 15, None, None, "about", None, "second explosion", None),
        (FigureKind.TIME_OF_DAY, "14:50", None, None, None, None, "first explosion", None),
        (D, 1000, None, None, None, None, "second explosion", "cemetery"),
    },
    "002": {
        (K, 103, None, None, "at least", None, None, None),
        (E, 2, None, None, None, None, None, None),
        (K, 20, None, None, None, INITIAL, None, None),
        (I, 20, None, None, None, INITIAL, None, None),
        (K, 103, None, None, None, REVISED, None, None),
        (I, 141, None, None, None, REVISED, None, None),
        (T, None, 10, 15, "about", None, None, None),
        (D, 700, None, None, "about", None, "first explosion", "tomb"),
        (D, 1000, None, None, "about", None, "second explosion", "tomb"),
    },
}


def seed(prefix: str) -> Path:
    (path,) = SEEDS.glob(f"{prefix}_*.txt")
    return path


@pytest.fixture(scope="module")
def mentions() -> dict[str, list[FigureMention]]:
    out = {}
    for prefix in EXPECTED:
        path = seed(prefix)
        text = path.read_text(encoding="utf-8")
        out[prefix] = list(extract(AnalyzedDoc(Article(id=prefix, text=text, source=str(path)))))
    return out


def row(m: FigureMention) -> tuple:
    return (m.kind, m.value, m.low, m.high, m.qualifier, m.stage, m.subject, m.reference)


@pytest.mark.parametrize("prefix", sorted(EXPECTED))
def test_seed_figures_exactly(mentions: dict, prefix: str) -> None:
    got = [row(m) for m in mentions[prefix]]
    assert len(got) == len(set(got)), "a figure was read twice from the same place"
    assert set(got) == EXPECTED[prefix]


@pytest.mark.parametrize("prefix", sorted(EXPECTED))
def test_must_not(mentions: dict, prefix: str) -> None:
    """62 is an age, 1,000 martyrs are not casualties, Beirut's dead and the executed are other events."""
    killed = {m.value for m in mentions[prefix] if m.kind is K}
    assert killed.isdisjoint({62, 1000, 2, 4, 1})


@pytest.mark.parametrize("prefix", sorted(EXPECTED))
def test_anchor_is_the_number_phrase_inside_its_sentence(mentions: dict, prefix: str) -> None:
    text = seed(prefix).read_text(encoding="utf-8")
    for m in mentions[prefix]:
        assert m.evidence.start <= m.anchor.start < m.anchor.end <= m.evidence.end
        anchor = text[m.anchor.start : m.anchor.end]
        assert quantities(anchor) or re.fullmatch(r"(?:about )?an? \w+", anchor), anchor


def test_parenthesised_conversion_is_not_a_second_distance(mentions: dict) -> None:
    assert [m.value for m in mentions["002"] if m.kind is D] == [700, 1000]


def test_attributions(mentions: dict) -> None:
    """Who each earlier figure comes from; needs the attribution engineer's module."""
    pytest.importorskip("crosscheck.extract.attribution")
    initial_002 = {(m.kind, m.value): m.attributed_to for m in mentions["002"] if m.stage is INITIAL}
    assert initial_002 == {(K, 20): "Mohammad Saberi", (I, 20): "Mohammad Saberi"}
    (irib,) = [m for m in mentions["000"] if m.kind is I and m.value == 60]
    assert (irib.attributed_to or "").casefold() == "irib"
    distances = [m.attributed_to for m in mentions["000"] if m.kind is D]
    assert distances == ["IRNA", "IRNA"]
