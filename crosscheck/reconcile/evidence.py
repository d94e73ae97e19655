"""Turning mentions into evidence records, and counting independent sources behind them."""

from __future__ import annotations

import re
from typing import Iterable, Mapping

from crosscheck.facts import Evidence
from crosscheck.model import Article, Mention


def evidence_of(mention: Mention, articles: Mapping[str, Article]) -> Evidence:
    """The evidence record of a mention: its sentence, quoted exactly from the article's text."""
    span = mention.evidence
    text = articles[span.doc].text
    return Evidence(span.doc, span.start, span.end, text[span.start : span.end], mention.attributed_to)


def evidence_list(mentions: Iterable[Mention], articles: Mapping[str, Article]) -> tuple[Evidence, ...]:
    """Evidence of several mentions, one per distinct sentence, in document then text order."""
    seen: dict[tuple[str, int, int], Evidence] = {}
    for mention in mentions:
        record = evidence_of(mention, articles)
        key = (record.document, record.start, record.end)
        if key not in seen or (seen[key].attributed_to is None and record.attributed_to):
            seen[key] = record
    return tuple(sorted(seen.values(), key=lambda e: (e.document, e.start)))


def documents_of(mentions: Iterable[Mention]) -> tuple[str, ...]:
    return tuple(sorted({m.evidence.doc for m in mentions}))


def _origin_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def independent_sources(mentions: Iterable[Mention], articles: Mapping[str, Article]) -> int:
    """How many independent sources support these mentions.

    Documents that attribute a statement to the same upstream (an agency, an official) count once:
    three outlets relaying IRNA are one source. A statement with no attribution counts as its
    document's outlet (or the document itself when the outlet is unknown).
    """
    origins = set()
    for mention in mentions:
        if mention.attributed_to:
            origins.add(("upstream", _origin_key(mention.attributed_to)))
        else:
            article = articles[mention.evidence.doc]
            origins.add(("outlet", article.outlet or article.id))
    return len(origins)
