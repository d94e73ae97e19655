"""Sentence splitting: the single-sentence shortcut keeps spaCy's sentencizer boundaries exactly."""

from __future__ import annotations

import pytest

from crosscheck.model import Article
from crosscheck.nlp.document import _PARAGRAPH, AnalyzedDoc, _one_sentence, segmenter
from shared import shared_dir


def sentencizer_bounds(doc: AnalyzedDoc) -> list[tuple[int, int]]:
    """The reference: spaCy's tokenizer and sentencizer run on every paragraph."""
    text, bounds = doc.view.text, []
    for match in _PARAGRAPH.finditer(text):
        if not match.group().strip():
            continue
        for sent in segmenter()(match.group()).sents:
            start, end = match.start() + sent.start_char, match.start() + sent.end_char
            if text[start:end].strip():
                bounds.append((start, end))
    return bounds


def split_bounds(doc: AnalyzedDoc) -> list[tuple[int, int]]:
    return [(s.start, s.end) for s in doc.sentences]


PARAGRAPHS = [
    "Police said two men were shot.",
    'He said: "We heard three shots."',
    "The victim (a 24-year-old man) died at the scene.)",
    "Officers arrived at 2 a.m. and found the victim.",
    "Mr. Smith lives on St. Paul Ave. in Elgin, Ill.",
    "Is it over? Nobody knows! Police did not say.",
    "He was taken to the U.S. Army hospital.",
    "No punctuation at all in this line",
    "  Leading white space. Then a second sentence.",
    "Trailing white space.   ",
    "A shot rang out... Then silence.",
    "She said it was “terrible.” The police agreed.",
    "The toll rose to 3.5 percent.'",
    "Waited.  \"Then what?\" he asked.",
    "Ends with an ellipsis…",
    "What?!",
    "¿Qué pasó? Nadie sabe.",
]


@pytest.mark.parametrize("paragraph", PARAGRAPHS)
def test_split_matches_the_sentencizer(paragraph: str) -> None:
    doc = AnalyzedDoc(Article(id="t", text=f"Title line\n\n{paragraph}\nLast line.", source="test"))
    assert split_bounds(doc) == sentencizer_bounds(doc)


def test_shortcut_only_for_paragraphs_the_sentencizer_keeps_whole() -> None:
    assert _one_sentence("Police said two men were shot.")
    assert _one_sentence('He said: "We heard three shots."')
    assert not _one_sentence("Is it over? Nobody knows.")
    assert not _one_sentence("Officers arrived at 2 a.m. and found him.")
    assert not _one_sentence(" Leading space.")


def test_split_matches_the_sentencizer_on_news() -> None:
    docs = sorted((shared_dir() / "data" / "semeval2018t5-gva" / "docs").glob("*.txt"))[:150]
    assert docs, "no GVA documents found"
    for path in docs:
        doc = AnalyzedDoc(Article(id=path.stem, text=path.read_text(encoding="utf-8"), source=str(path)))
        assert split_bounds(doc) == sentencizer_bounds(doc), path.name
