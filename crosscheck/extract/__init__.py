"""Extraction: read mentions (figures, claims, quotes, cited sources, places, dates) out of articles.

Which rules read an article is chosen by its language: the language pack of ``Article.language``
(``crosscheck.lang``; the English pack, ``crosscheck.lang.en``, lists this package's modules).
Each extractor is a plain function over one prepared article, no I/O, every mention carrying its
evidence span. An article in a language without a pack is not read at all: its extraction has no
mention, and its brief says so (``crosscheck.lang.no_rules_note``).
"""

from __future__ import annotations

from typing import Any, Iterable

from crosscheck.extract.headline import article_mention, article_span, reading_article
from crosscheck.lang import LanguagePack, extractors, load, pack_for
from crosscheck.model import TEXT, AnyMention, Article, Extraction, Span


def extract_article(article: Article, modules: Iterable[str] | None = None) -> Extraction:
    """All mentions of one article, its headline's first, in text order, with the sentences of its
    text they were read from, as the pack of its language reads them (``crosscheck.lang.pack_for``).

    A headline the text does not repeat is read with it (``headline.reading_article``), and its
    mentions cite the headline (``Span.part``); the article's text is never altered. ``modules``
    limits extraction to those extractors of the pack (a benchmark of figures alone); default: all.
    An article in a language without a pack gives an extraction with no sentence and no mention.
    """
    pack = pack_for(article.language)
    if pack is None:
        return Extraction(article=article, sentences=(), mentions=())
    reading, offset = reading_article(article)
    doc = load(pack.document)(reading)
    mentions: list[AnyMention] = []
    for _, extractor in extractors(pack, modules):
        mentions.extend(extractor(doc))
    extraction = assemble(article, pack, doc, mentions, offset)
    doc.release()  # the document never leaves this function: freed now, not by the collector
    return extraction


def assemble(article: Article, pack: LanguagePack, doc: Any, mentions: list[AnyMention], offset: int) -> Extraction:
    """The extraction of ``article`` from the mentions its pack's extractors read in ``doc``, the
    analysed reading that starts ``offset`` characters before the text (``headline.reading_article``):
    mentions in text order and mapped back to the article, sentences and background as text spans."""
    mentions.sort(key=lambda m: (m.evidence.start, m.anchor.start))
    return Extraction(
        article=article,
        sentences=_text_spans((s.evidence for s in doc.sentences), offset),
        mentions=tuple(kept for m in mentions if (kept := article_mention(m, offset)) is not None),
        background=_text_spans(_background(pack, doc), offset),
    )


def _text_spans(spans: Iterable[Span], offset: int) -> tuple[Span, ...]:
    """The spans of the article's text among spans of its reading (``headline.reading_article``):
    the stored sentences and background are ranges of the text."""
    mapped = (article_span(span, offset) for span in spans)
    return tuple(span for span in mapped if span is not None and span.part == TEXT)


def _background(pack: LanguagePack, doc: Any) -> tuple[Span, ...]:
    """Spans of the sentences about other events (the pack's ``background`` rule): grouping leaves
    their words out. The English rule reads what its extractors have already cached."""
    if pack.background is None:
        return ()
    return tuple(doc.sentences[i].evidence for i in sorted(load(pack.background)(doc)))
