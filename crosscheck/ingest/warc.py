"""WARC and ARC archives through warcio: one article per HTML ``response`` record.

Records are streamed, never the whole archive in memory; ARC files are read through warcio's
ARC-to-WARC view, so both give the same records. ``url`` is the page's canonical URL when it
declares one, else the record's WARC-Target-URI. ``published`` is only the date trafilatura finds
in the page itself (meta tags, JSON-LD, URL): the record's WARC-Date is the *crawl* time, which
says when a robot saw the page, not when it was published, so a page without a date of its own
keeps ``published`` unknown rather than taking a crawl date that would misorder reports.

Every record that is not read as a page is counted by reason (``request record``, ``non-HTML
response``, ``HTTP 404 response``...), and the counts are reported once per archive as a
non-fatal note, so a crawl that yields few articles says why instead of skipping in silence.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, BinaryIO, Iterator

from crosscheck.errors import Code, IngestError, IngestProblem, problem
from crosscheck.ingest.html import article_from_html
from crosscheck.ingest.options import IngestOptions
from crosscheck.model import Article

_HTML_TYPES = ("text/html", "application/xhtml")


def iter_warc(stream: BinaryIO, *, source: str, stem: str, options: IngestOptions) -> Iterator[Article | IngestProblem]:
    """Articles of the HTML responses of a WARC or ARC (plain or gzipped); the rest is counted."""
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    number = 0
    skipped: Counter[str] = Counter()
    try:
        for number, record in enumerate(ArchiveIterator(stream, arc2warc=True), start=1):
            reason = skip_reason(record)
            if reason is not None:
                skipped[reason] += 1
                continue
            uri = record.rec_headers.get_header("WARC-Target-URI")
            try:
                yield article_from_html(
                    record.content_stream().read(options.max_bytes),
                    source=source,
                    id=f"{stem}:{number}",
                    options=options,
                    url=uri,
                )
            except IngestError as error:
                where = f"record {number}" + (f" ({uri})" if uri else "")
                yield problem(source, Code(error.problem.code), f"{where}: {error.problem.message}")
    except ArchiveLoadFailed as error:
        detail = " ".join(str(error).split())  # warcio's messages span several indented lines
        yield problem(source, Code.BAD_WARC, f"not a readable WARC after record {number} ({detail})")
    if skipped:
        yield problem(source, Code.SKIPPED_RECORDS, skipped_note(skipped, number), fatal=False)


def skip_reason(record: Any) -> str | None:
    """Why a record is not read as a page, or None for a successful HTML response."""
    if record.rec_type != "response":
        return f"{record.rec_type or 'untyped'} record"
    headers = record.http_headers
    if headers is None:
        return "headerless response"
    status = headers.get_statuscode() or ""
    if not status.startswith("2"):
        return f"HTTP {status or 'unknown status'} response"
    kind = (headers.get_header("Content-Type") or "").lower()
    if not kind.startswith(_HTML_TYPES):
        return "non-HTML response"
    return None


def skipped_note(skipped: Counter[str], total: int) -> str:
    """``skipped 3 of 7 records: 2 request records, 1 non-HTML response`` (most common first)."""
    reasons = ", ".join(f"{count} {reason}{'s' if count > 1 else ''}" for reason, count in skipped.most_common())
    return f"skipped {sum(skipped.values())} of {total} records: {reasons}"
