"""WARC archives through warcio: one article per HTML ``response`` record.

Records are streamed, never the whole archive in memory. ``url`` is the page's canonical URL when
it declares one, else the record's WARC-Target-URI; ``published`` is the date trafilatura finds in
the page (meta tags, JSON-LD, URL) and only when it finds none the record's WARC-Date, which is
the *crawl* time, a late bound on publication rather than the publication itself.
"""

from __future__ import annotations

from typing import BinaryIO, Iterator

from crosscheck.errors import Code, IngestError, IngestProblem, problem
from crosscheck.ingest.html import article_from_html
from crosscheck.ingest.options import IngestOptions
from crosscheck.ingest.published import normalise_published
from crosscheck.model import Article

_HTML_TYPES = ("text/html", "application/xhtml")


def iter_warc(stream: BinaryIO, *, source: str, stem: str, options: IngestOptions) -> Iterator[Article | IngestProblem]:
    """Articles of the HTML responses of a WARC (plain or gzipped); other records are skipped."""
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    number = 0
    try:
        for number, record in enumerate(ArchiveIterator(stream), start=1):
            if record.rec_type != "response" or not _is_html(record):
                continue
            uri = record.rec_headers.get_header("WARC-Target-URI")
            try:
                yield article_from_html(
                    record.content_stream().read(options.max_bytes),
                    source=source,
                    id=f"{stem}:{number}",
                    options=options,
                    url=uri,
                    published=_warc_date(record.rec_headers.get_header("WARC-Date")),
                )
            except IngestError as error:
                where = f"record {number}" + (f" ({uri})" if uri else "")
                yield problem(source, Code(error.problem.code), f"{where}: {error.problem.message}")
    except ArchiveLoadFailed as error:
        yield problem(source, Code.BAD_WARC, f"not a readable WARC after record {number} ({error})")


def _is_html(record: object) -> bool:
    headers = getattr(record, "http_headers", None)
    kind = (headers.get_header("Content-Type") if headers else None) or ""
    return kind.lower().startswith(_HTML_TYPES)


def _warc_date(value: str | None) -> str | None:
    try:
        return normalise_published(value)
    except (ValueError, TypeError):
        return None
