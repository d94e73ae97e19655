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

    tree, too_deep = parse_html(data)
    if too_deep:
        raise IngestError(source, Code.TOO_DEEP, TOO_DEEP_MESSAGE)
    document = None
    if tree is not None:
        document = trafilatura.bare_extraction(
            tree, url=url, with_metadata=True, include_comments=False, date_extraction_params=set_date_params(False)
        )
    if document is None or not has_prose(document.text or ""):
        raise IngestError(source, Code.NO_ARTICLE, "no article text found in the HTML page")
    return document


MAX_DEPTH = 2048
TOO_DEEP_MESSAGE = (f"HTML nested more than {MAX_DEPTH:,} elements deep, the HTML parser's (libxml2's) limit:"
                    " the text past that depth cannot be read; not read")


def huge_parser() -> Any:
    """trafilatura's HTML parser settings with libxml2's huge-document option (``huge_tree``).

    Why: without it libxml2 stops at 256 levels of nesting ("Excessive depth in document") and
    everything inside and after that depth is lost: a page wrapped in 300 ``<div>``s had no text.
    With it the limit is ``MAX_DEPTH``. A new parser per page: a parser's error log is its own.
    """
    from lxml.html import HTMLParser

    return HTMLParser(collect_ids=False, default_doctype=False, encoding="utf-8", remove_comments=True,
                      remove_pis=True, huge_tree=True)


def parse_html(data: bytes | str) -> tuple[Any, bool]:
    """The page's lxml tree as trafilatura's ``load_html`` builds it, parsed by ``huge_parser``,
    and whether libxml2 still hit its depth limit. trafilatura takes the tree as it takes bytes.
    """
    from lxml.html import fromstring
    from trafilatura.utils import decode_file, is_dubious_html, repair_faulty_html

    text = decode_file(data)
    beginning = text[:50].lower()
    text = repair_faulty_html(text, beginning)
    parser = huge_parser()
    try:
        tree = fromstring(text, parser=parser)
    except ValueError:  # a str that declares its encoding: lxml wants bytes
        tree = fromstring(text.encode("utf-8", "surrogatepass"), parser=parser)
    except Exception:  # lxml refuses the document (empty, nothing parseable)
        tree = None
    too_deep = any("Excessive depth" in entry.message for entry in parser.error_log)
    if tree is not None and is_dubious_html(beginning) and len(tree) < 2:
        tree = None  # trafilatura's own test: not HTML at all
    return tree, too_deep


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
