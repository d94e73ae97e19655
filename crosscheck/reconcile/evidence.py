"""Turning mentions into evidence records, and counting independent sources behind them."""

from __future__ import annotations

import re
from typing import Iterable, Mapping

from crosscheck.facts import Evidence
from crosscheck.model import TITLE, Article, Mention


def evidence_of(mention: Mention, articles: Mapping[str, Article]) -> Evidence:
    """The evidence record of a mention: its sentence, quoted exactly from the article's text (or
    headline: ``Span.part``)."""
    span = mention.evidence
    return Evidence(span.doc, span.start, span.end, span.text(articles[span.doc]), mention.attributed_to, span.part)


def evidence_list(mentions: Iterable[Mention], articles: Mapping[str, Article]) -> tuple[Evidence, ...]:
    """Evidence of several mentions, one per distinct sentence, in document then reading order
    (a headline before its text)."""
    seen: dict[tuple[str, int, int, str], Evidence] = {}
    for mention in mentions:
        record = evidence_of(mention, articles)
        key = (record.document, record.start, record.end, record.part)
        if key not in seen or (seen[key].attributed_to is None and record.attributed_to):
            seen[key] = record
    return tuple(sorted(seen.values(), key=lambda e: (e.document, e.part != TITLE, e.start)))


def documents_of(mentions: Iterable[Mention]) -> tuple[str, ...]:
    return tuple(sorted({m.evidence.doc for m in mentions}))


def _origin_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def independent_sources(mentions: Iterable[Mention], articles: Mapping[str, Article]) -> int:
    """How many independent sources support these mentions.

    Each document contributes one origin: the upstream it attributes the statement to (an
    agency, an official) when every one of its mentions is attributed, else its own outlet (or
    the document itself when the outlet is unknown). Outlets and upstreams share one namespace,
    so IRNA's own report and an outlet relaying IRNA count once, as do three outlets relaying it.
    """
    by_document: dict[str, list[Mention]] = {}
    for mention in mentions:
        by_document.setdefault(mention.evidence.doc, []).append(mention)
    origins = set()
    for doc, doc_mentions in by_document.items():
        upstreams = sorted(_origin_key(m.attributed_to) for m in doc_mentions if m.attributed_to)
        if len(upstreams) == len(doc_mentions):
            origins.add(upstreams[0])
        else:
            article = articles[doc]
            origins.add(_origin_key(article.outlet) if article.outlet else f"document:{doc}")
    return len(origins)
