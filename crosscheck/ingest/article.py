"""Assemble an ``Article`` the same way for every format: furniture, URL, outlet, language."""

from __future__ import annotations

from crosscheck.ingest.furniture import find_furniture
from crosscheck.ingest.header import headline
from crosscheck.ingest.language import detect_language
from crosscheck.ingest.options import IngestOptions
from crosscheck.ingest.published import published_from_stamps
from crosscheck.ingest.urls import outlet_from_url
from crosscheck.lang import normalise_language
from crosscheck.model import Article


def build_article(
    *,
    id: str,
    text: str,
    source: str,
    options: IngestOptions,
    url: str | None = None,
    outlet: str | None = None,
    published: str | None = None,
    title: str | None = None,
    language: str | None = None,
) -> Article:
    """An article whose text is exactly ``text``, with what metadata says first.

    A bare URL line at the start or end of the text (as scrapers leave it) becomes ``url`` only
    when metadata gave none; the outlet falls back to the URL's registered domain; and a
    "Posted:/Published: <date>" stamp in the page header gives ``published`` when nothing else did,
    and a headline line set apart at the top gives ``title`` (it stays in the text as well).
    """
    furniture = find_furniture(text) if options.mark_furniture else None
    url = _clean(url) or (furniture.url if furniture else None)
    if published is None and furniture and furniture.header_stamps:
        published = published_from_stamps(furniture.header_stamps)
    language = normalise_language(language)
    if language is None and options.detect_language:
        language = detect_language(text)
    return Article(
        id=id,
        text=text,
        source=source,
        outlet=_clean(outlet) or outlet_from_url(url),
        url=url,
        published=published,
        title=_clean(title) or (headline(text) if options.mark_furniture else None),
        language=language,
        furniture=furniture.ranges if furniture else (),
    )


def _clean(value: object) -> str | None:
    """A metadata string stripped, or None for missing/blank/non-string values."""
    if not isinstance(value, str):
        return None
    value = value.strip()
    return value or None
