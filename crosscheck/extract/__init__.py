"""Extraction: read mentions (figures, claims, quotes, cited sources, places, dates) out of articles.

Each extractor module exposes ``extract(doc: AnalyzedDoc) -> Iterable[AnyMention]``: a plain
function over one prepared article, no I/O, every mention carrying its evidence span. They are
listed in ``EXTRACTORS`` in the order they run.
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable, Iterable

from crosscheck.extract.headline import article_mention, article_span, reading_article
from crosscheck.model import TEXT, AnyMention, Article, Extraction, Span
from crosscheck.nlp.document import AnalyzedDoc

Extractor = Callable[[AnalyzedDoc], Iterable[AnyMention]]

EXTRACTOR_MODULES = ("figures", "claims", "quotes", "sources", "places", "dates")


def extractors() -> list[tuple[str, Extractor]]:
    """The extractor functions, by module name (modules not yet present are skipped)."""
    found = []
    for name in EXTRACTOR_MODULES:
        try:
            module = import_module(f"crosscheck.extract.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"crosscheck.extract.{name}":
                raise
            continue
        found.append((name, module.extract))
    return found


def extract_article(article: Article, modules: Iterable[str] | None = None) -> Extraction:
    """All mentions of one article, its headline's first, in text order, with the sentences of its
    text they were read from.

    A headline the text does not repeat is read with it (``headline.reading_article``), and its
    mentions cite the headline (``Span.part``); the article's text is never altered. ``modules``
    limits extraction to those extractor modules (a benchmark of figures alone); default: all.
    """
    reading, offset = reading_article(article)
    doc = AnalyzedDoc(reading)
    mentions: list[AnyMention] = []
    wanted = None if modules is None else set(modules)
    for name, extractor in extractors():
        if wanted is None or name in wanted:
            mentions.extend(extractor(doc))
    mentions.sort(key=lambda m: (m.evidence.start, m.anchor.start))
    extraction = Extraction(
        article=article,
        sentences=_text_spans((s.evidence for s in doc.sentences), offset),
        mentions=tuple(kept for m in mentions if (kept := article_mention(m, offset)) is not None),
        background=_text_spans(_background(doc), offset),
    )
    doc.release()  # the document never leaves this function: freed now, not by the collector
    return extraction


def _text_spans(spans: Iterable[Span], offset: int) -> tuple[Span, ...]:
    """The spans of the article's text among spans of its reading (``headline.reading_article``):
    the stored sentences and background are ranges of the text."""
    mapped = (article_span(span, offset) for span in spans)
    return tuple(span for span in mapped if span is not None and span.part == TEXT)


def _background(doc: AnalyzedDoc) -> tuple:
    """Spans of the sentences about other events: grouping leaves their words out.

    The extractors have already asked about every sentence, so this reads their cache.
    """
    from crosscheck.extract.background import background_sentences

    return tuple(doc.sentences[i].evidence for i in sorted(background_sentences(doc)))
