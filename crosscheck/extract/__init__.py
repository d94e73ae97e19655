"""Extraction: read mentions (figures, claims, quotes, cited sources, places, dates) out of articles.

Each extractor module exposes ``extract(doc: AnalyzedDoc) -> Iterable[AnyMention]``: a plain
function over one prepared article, no I/O, every mention carrying its evidence span. They are
listed in ``EXTRACTORS`` in the order they run.
"""

from __future__ import annotations

from importlib import import_module
from typing import Callable, Iterable

from crosscheck.model import AnyMention, Article, Extraction
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


def extract_article(article: Article) -> Extraction:
    """All mentions of one article, in text order, with the sentences they were read from."""
    doc = AnalyzedDoc(article)
    mentions: list[AnyMention] = []
    for _, extractor in extractors():
        mentions.extend(extractor(doc))
    mentions.sort(key=lambda m: (m.evidence.start, m.anchor.start))
    extraction = Extraction(
        article=article,
        sentences=tuple(s.evidence for s in doc.sentences),
        mentions=tuple(mentions),
        background=_background(doc),
    )
    doc.release()  # the document never leaves this function: freed now, not by the collector
    return extraction


def _background(doc: AnalyzedDoc) -> tuple:
    """Spans of the sentences about other events: grouping leaves their words out.

    The extractors have already asked about every sentence, so this reads their cache.
    """
    from crosscheck.extract.background import background_sentences

    return tuple(doc.sentences[i].evidence for i in sorted(background_sentences(doc)))
