"""Sentence splitting: the single-sentence and plain-paragraph shortcuts keep spaCy's sentencizer boundaries exactly."""

from __future__ import annotations

import pytest

from crosscheck.model import Article
from crosscheck.nlp.document import (
    _PARAGRAPH,
    AnalyzedDoc,
    _joined_after_abbreviations,
    _one_sentence,
    _opening_marks_moved,
    _plain_sentences,
    segmenter,
)
from shared import shared_dir


def sentencizer_bounds(doc: AnalyzedDoc) -> list[tuple[int, int]]:
    """The reference: spaCy's tokenizer and sentencizer run on every paragraph (then the same
    joins after abbreviations and opening marks moved as the split)."""
    text, bounds = doc.view.text, []
    for match in _PARAGRAPH.finditer(text):
        if not match.group().strip():
            continue
        sentences = [(sent.start_char, sent.end_char) for sent in segmenter()(match.group()).sents]
        for sent_start, sent_end in _opening_marks_moved(match.group(), _joined_after_abbreviations(match.group(), sentences)):
            start, end = match.start() + sent_start, match.start() + sent_end
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
    'He was shot. "It was awful," she said. “Why?” he asked.',
    "Police arrived. (No one else was hurt.) The street reopened.",
    "It happened at 3 a.m. Police came at 4 a.m., officers said.",
    "Officers came from Tulsa, Okla. The man fled. Sgt. Reed saw him.",
    "The U.S. Marshals came. N. Clark St. was closed by the FBI. Then it rained.",
    "He left.He came back. Then he left.Again.",
    "Call 555-1234. Tips are anonymous. Shots rang out in 2017. Police came.",
    "Is it over?! Nobody knows. Really? Yes.",
    "Tom Reed Jr., 27, of Elgin, was shot. He died. J. Reed, 30, was hurt.",
    "It was 10 p.m., police said. A man died. etc. More later.",
    "Then... More. Wait.. Now.",
    "He said. 'Cause I said so. OK.",
    "He was hit. (o: Then it ended.",
    "He went home.” Then police came. Done.\"",
    "The caliber was .45. The gun was a 9mm. It was found at 5km. Then done.",
    "aB. Then cD. Then EF. Done.",
    "Alerts as of 8:31 pm, Wed. May. 25 at noon. Then Wed. Then.",
]


@pytest.mark.parametrize("paragraph", PARAGRAPHS)
def test_split_matches_the_sentencizer(paragraph: str) -> None:
    doc = AnalyzedDoc(Article(id="t", text=f"Title line\n\n{paragraph}\nLast line.", source="test"))
    assert split_bounds(doc) == sentencizer_bounds(doc)


def sentences_of(text: str) -> list[str]:
    return [s.text for s in AnalyzedDoc(Article(id="t", text=text, source="test")).sentences]


@pytest.mark.parametrize(
    "text",
    [
        "Two men were hurt, according to Sgt. Jon Roe of the Varnton police.",
        '"We have a suspect," Varnton Police Lt. Ann Poe said.',
        "Det. Sgt. Ann Poe and Ofc. Jon Roe arrived, said Capt. Lee Varn.",
        "The shooting happened on Elm Ave. near the park, police said.",
        "He was taken to the Varnton Police Dept. and questioned.",
    ],
)
def test_titles_and_abbreviations_before_lowercase_end_no_sentence(text: str) -> None:
    assert sentences_of(text) == [text]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He lives on Elm Ave. Police came later.", ["He lives on Elm Ave.", "Police came later."]),
        ("Roe was shot on Monday. he died.", ["Roe was shot on Monday.", "he died."]),  # no abbreviation
    ],
)
def test_abbreviation_before_a_capital_still_ends_a_sentence(text: str, expected: list[str]) -> None:
    assert sentences_of(text) == expected


def test_shortcut_only_for_paragraphs_the_sentencizer_keeps_whole() -> None:
    assert _one_sentence("Police said two men were shot.")
    assert _one_sentence('He said: "We heard three shots."')
    assert not _one_sentence("Is it over? Nobody knows.")
    assert not _one_sentence("Officers arrived at 2 a.m. and found him.")
    assert not _one_sentence(" Leading space.")


def test_plain_paragraphs_are_split_without_spacy() -> None:
    assert _plain_sentences("It happened. Police came.") == [(0, 12), (13, 25)]
    assert _plain_sentences('He was shot. "It hurt," she said.') == [(0, 14), (14, 33)]
    assert _plain_sentences("At 3 a.m. Mr. Reed of the U.S. Army came.") == [(0, 41)]
    assert _plain_sentences("He left.He came back.") is None  # a break inside a chunk: spaCy decides
    assert _plain_sentences("Wait... Then.") is None
    assert _plain_sentences("Two  spaces. Here.") is None


def test_split_matches_the_sentencizer_on_news() -> None:
    docs = sorted((shared_dir() / "data" / "semeval2018t5-gva" / "docs").glob("*.txt"))[:150]
    assert docs, "no GVA documents found"
    for path in docs:
        doc = AnalyzedDoc(Article(id=path.stem, text=path.read_text(encoding="utf-8"), source=str(path)))
        assert split_bounds(doc) == sentencizer_bounds(doc), path.name


def test_ascii_break_class_is_the_ascii_part_of_the_sentencizers() -> None:
    """An ASCII text is scanned with the ASCII members of spaCy's ``punct_chars`` alone: the same
    characters, so the same breaks; a text with any other character gets the full class."""
    from crosscheck.nlp.document import _breaks, _sentence_break

    punct_chars = segmenter().get_pipe("sentencizer").punct_chars
    ascii_chars = "".join(chr(c) for c in range(128))
    assert {m.group() for m in _breaks(ascii_chars).finditer(ascii_chars)} == {c for c in punct_chars if c.isascii()}
    assert {m.group() for m in _breaks(ascii_chars).finditer(ascii_chars)} == {
        m.group() for m in _sentence_break().finditer(ascii_chars)
    }
    assert _breaks("Police said so。") is _sentence_break()
    assert _one_sentence("He left. She stayed.") is False and _one_sentence("He left。She stayed") is False


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the sentencizer leaves an opening mark with the sentence before: it opens the next one
        ("Roe spoke on Friday. \u201cThey will pay.\u201d", ["Roe spoke on Friday.", "\u201cThey will pay.\u201d"]),
        ('Roe spoke on Friday. "They will pay."', ["Roe spoke on Friday.", '"They will pay."']),
        ("He left. (He was 20.) Then he came back.", ["He left.", "(He was 20.)", "Then he came back."]),
    ],
)
def test_an_opening_mark_opens_the_next_sentence(text: str, expected: list[str]) -> None:
    assert sentences_of(text) == expected
