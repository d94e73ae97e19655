"""RSS and Atom feeds through feedparser: one article per entry.

An entry's text is its full ``content`` when the feed carries it, else its ``summary``; HTML
content is turned into plain text with lxml (paragraphs kept as lines). The outlet is the domain
of the feed's own link (the site that publishes the feed), else of the entry link.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from crosscheck.errors import Code, IngestError, IngestProblem, problem
from crosscheck.ingest.article import build_article
from crosscheck.ingest.options import IngestOptions
from crosscheck.ingest.published import from_struct_time
from crosscheck.ingest.urls import outlet_from_url
from crosscheck.model import Article

_BLOCKS = {"p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "tr", "section", "article"}
_SPACES = re.compile(r"[ \t\r\f\v]+")
_SAFE_ID = re.compile(r"[^\w.\-]+")
_MAX_ID = 120


def iter_feed(data: bytes, *, source: str, stem: str, options: IngestOptions) -> Iterator[Article | IngestProblem]:
    """Articles of every entry of a feed; an entry without text is one problem."""
    parsed = parse_feed(data, source=source)
    for number, entry in enumerate(parsed.entries, start=1):
        article = entry_article(entry, parsed.feed, id=_entry_id(entry, stem, number), source=source, options=options)
        if article is None:
            yield problem(source, Code.NO_TEXT, f"entry {number} has no text")
        else:
            yield article


def parse_feed(data: bytes, *, source: str) -> Any:
    """feedparser's result for a feed with at least one entry; ``IngestError`` otherwise."""
    import feedparser

    parsed = feedparser.parse(data, sanitize_html=False, resolve_relative_uris=False)
    if not parsed.entries:
        reason = f" ({parsed.bozo_exception})" if parsed.bozo else ""
        raise IngestError(source, Code.BAD_FEED, f"not an RSS/Atom feed with entries{reason}")
    return parsed


def entry_article(
    entry: Any, feed: Any, *, id: str, source: str, options: IngestOptions, url: str | None = None
) -> Article | None:
    """The article a feed entry carries itself (content, else summary); None when it has no text.

    ``url`` replaces the entry's link (a relative link resolved by the caller).
    """
    text = entry_text(entry)
    if not text:
        return None
    link = url or entry.get("link")
    return build_article(
        id=id,
        text=text,
        source=source,
        options=options,
        url=link,
        outlet=outlet_from_url(feed.get("link")) or outlet_from_url(link),
        published=entry_published(entry),
        title=entry.get("title"),
        language=feed.get("language"),
    )


def entry_published(entry: Any) -> str | None:
    """The entry's publication date (its update date when it gives no other), ISO 8601 in UTC."""
    return from_struct_time(entry.get("published_parsed") or entry.get("updated_parsed"))


def entry_text(entry: Any) -> str:
    """Plain text of an entry: the longest content block, else the summary."""
    blocks = [(c.get("value") or "", c.get("type") or "") for c in entry.get("content", [])]
    if not any(value.strip() for value, _ in blocks):
        detail = entry.get("summary_detail") or {}
        blocks = [(entry.get("summary") or "", detail.get("type") or "text/html")]
    value, kind = max(blocks, key=lambda block: len(block[0]))
    return html_to_text(value) if "html" in kind else value.strip()


def html_to_text(fragment: str) -> str:
    """Text of an HTML fragment, one line per block element, scripts and styles dropped."""
    import lxml.html

    from crosscheck.ingest.html import huge_parser

    if not fragment.strip():
        return ""
    root = lxml.html.fragment_fromstring(fragment, create_parent="div", parser=huge_parser())
    for element in root.iter("script", "style"):
        element.drop_tree()
    for element in root.iter(*_BLOCKS):
        element.tail = "\n" + (element.tail or "")
    lines = (_SPACES.sub(" ", line).strip() for line in root.text_content().split("\n"))
    return "\n".join(line for line in lines if line)


def _entry_id(entry: Any, stem: str, number: int) -> str:
    """The entry's id/guid with unsafe characters replaced, else ``<stem>:<n>``."""
    return safe_id(entry.get("id") or "") or f"{stem}:{number}"


def safe_id(raw: str) -> str:
    """A document id from an entry id or URL: unsafe characters replaced, length bounded."""
    return _SAFE_ID.sub("_", raw).strip("_")[:_MAX_ID]
