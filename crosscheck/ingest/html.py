"""HTML pages: main text and metadata through trafilatura.

``Article.text`` is trafilatura's extracted main text (navigation, sidebars, footers dropped), and
every offset indexes that text. trafilatura also decodes the bytes itself, honouring the page's
declared charset, which is why HTML is not held to strict UTF-8 like plain text.
"""

from __future__ import annotations

import re
from typing import Any

from crosscheck.errors import Code, IngestError
from crosscheck.ingest.article import build_article
from crosscheck.ingest.decode import is_binary
from crosscheck.ingest.furniture import classify_line
from crosscheck.ingest.options import IngestOptions
from crosscheck.ingest.urls import outlet_from_url
from crosscheck.model import Article

MIN_SENTENCE_WORDS = 6
_HTML_LANG = re.compile(rb"<html\b[^>]*?\blang\s*=\s*[\"']?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)", re.IGNORECASE)


def extract_html(data: bytes | str, *, source: str, url: str | None = None) -> Any:
    """trafilatura's document (text and metadata), or ``IngestError`` when there is no article."""
    import trafilatura

    if isinstance(data, bytes) and is_binary(data):
        raise IngestError(source, Code.BINARY, "binary content, not an HTML page")
    from trafilatura.settings import set_date_params

    document = trafilatura.bare_extraction(
        data, url=url, with_metadata=True, include_comments=False, date_extraction_params=set_date_params(False)
    )
    if document is None or not has_prose(document.text or ""):
        raise IngestError(source, Code.NO_ARTICLE, "no article text found in the HTML page")
    return document


def has_prose(text: str) -> bool:
    """At least one line that reads as a sentence and is not page furniture.

    trafilatura falls back to whatever text a page has, so a page of menus comes back as
    "Home\nNews\nSport"; that is not an article, and saying so beats a brief built on a menu.
    """
    return any(
        len(line.split()) >= MIN_SENTENCE_WORDS and classify_line(line.strip()) == ("content", None)
        for line in text.splitlines()
    )


def article_from_html(
    data: bytes | str,
    *,
    source: str,
    id: str,
    options: IngestOptions,
    url: str | None = None,
    published: str | None = None,
    title: str | None = None,
) -> Article:
    """An article from one HTML page; ``url``/``published``/``title`` are fallbacks from the container.

    The page's own metadata wins: its canonical URL over the one it was fetched from, its
    publication date (trafilatura reads meta tags, JSON-LD and the URL) over a crawl date.
    htmldate's *extensive* search is off: it guesses from any year on the page ("Copyright
    2023" became 2023-01-01), and a guessed date is an invented one.
    """
    document = extract_html(data, source=source, url=url)
    page_url = document.url or url
    return build_article(
        id=id,
        text=document.text,
        source=source,
        options=options,
        url=page_url,
        outlet=document.sitename or outlet_from_url(page_url) or document.hostname,
        published=document.date or published,
        title=document.title or title,
        language=document.language or declared_language(data),
    )


def declared_language(data: bytes | str) -> str | None:
    """The language the page declares on its ``<html lang=...>`` element, if any."""
    head = data[:4096] if isinstance(data, bytes) else data[:4096].encode("utf-8", "ignore")
    match = _HTML_LANG.search(head)
    return match.group(1).decode("ascii") if match else None
