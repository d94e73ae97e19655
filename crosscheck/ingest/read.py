"""One input file or stream to articles: pick the reader, turn errors into problem records."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from crosscheck.errors import Code, IngestError, IngestProblem, problem
from crosscheck.ingest.decode import SNIFF_BYTES, check_file, open_checked, read_stream
from crosscheck.ingest.feeds import iter_feed
from crosscheck.ingest.html import article_from_html
from crosscheck.ingest.options import IngestOptions
from crosscheck.ingest.records import iter_json, iter_jsonl
from crosscheck.ingest.repair import repaired
from crosscheck.ingest.sniff import Format, choose_format, extension, first_line_is_record, looks_like_jsonl, stem
from crosscheck.ingest.text import iter_text
from crosscheck.ingest.warc import iter_warc
from crosscheck.model import Article

Item = Article | IngestProblem
STDIN_SOURCE = "<stdin>"
STDIN_ID = "stdin"


def iter_file(path: Path, source: str, options: IngestOptions) -> Iterator[Item]:
    """Every article in one file, and one problem line per thing wrong with it."""
    try:
        yield from storable(_read_file(path, source, options))
    except IngestError as error:
        yield error.problem
    except (ValueError, LookupError, OSError, RuntimeError) as error:  # a parser choking on odd input
        yield problem(source, Code.UNREADABLE, f"could not be read ({type(error).__name__}: {error})")


def _read_file(path: Path, source: str, options: IngestOptions) -> Iterator[Item]:
    """Open once: sniff the head, then stream containers or read single documents whole."""
    check_file(path, source, options.max_bytes)
    ext, name = extension(path), stem(path)
    with open_checked(path, source) as stream:
        head = stream.read(SNIFF_BYTES)
        fmt = choose_format(ext, head)
        if fmt is None:
            raise IngestError(source, Code.UNKNOWN_FORMAT, not_an_input(ext))
        if fmt == Format.BINARY:
            what = f"unknown extension {ext!r}" if ext else "no known extension"
            raise IngestError(source, Code.BINARY, f"{what} and not text (binary content)")
        if fmt in (Format.JSONL, Format.WARC):
            stream.seek(0)
            reader = iter_jsonl if fmt == Format.JSONL else iter_warc
            yield from reader(stream, source=source, stem=name, options=options)
            return
        data = head + stream.read(options.max_bytes + 1 - len(head))
    yield from _iter_data(data, fmt, source=source, id=name, options=options)


def not_an_input(ext: str) -> str:
    """Why a file of an unknown extension is not read, and what to do if it is a report."""
    return (f"not a supported input type (unknown extension {ext!r}); not read: inputs are .txt, .md, .html,"
            " .jsonl, .json, RSS/Atom and WARC (rename a plain-text report .txt to read it)")


def iter_data(data: bytes, fmt: Format, *, source: str, id: str, options: IngestOptions) -> Iterator[Item]:
    """Articles of in-memory content of a known format, each one storable (``storable``)."""
    yield from storable(_iter_data(data, fmt, source=source, id=id, options=options))


def storable(items: Iterable[Item]) -> Iterator[Item]:
    """The items with every article repaired where UTF-8 cannot hold its text (one note each).

    JSON records are repaired where they are read (their note names the line); this catches the
    rest (a file name with undecodable bytes, a parser that let a surrogate through).
    """
    for item in items:
        if isinstance(item, Article):
            item, note = repaired(item)
            if note is not None:
                yield note
        yield item


def _iter_data(data: bytes, fmt: Format, *, source: str, id: str, options: IngestOptions) -> Iterator[Item]:
    if fmt == Format.TEXT:
        yield from iter_text(data, source=source, id=id, options=options)
    elif fmt == Format.HTML:
        yield article_from_html(data, source=source, id=id, options=options)
    elif fmt == Format.FEED:
        yield from iter_feed(data, source=source, stem=id, options=options)
    elif fmt == Format.JSON:
        yield from iter_json(data, source=source, stem=id, options=options)
    elif fmt == Format.JSONL:
        yield from iter_jsonl(io.BytesIO(data), source=source, stem=id, options=options)
    elif fmt == Format.WARC:
        yield from iter_warc(io.BytesIO(data), source=source, stem=id, options=options)
    else:
        raise IngestError(source, Code.BINARY, "binary content, not text")


def iter_stdin(stream: BinaryIO, options: IngestOptions) -> Iterator[Item]:
    """Standard input as one stream: one document, or the records of a JSON-lines stream.

    The format is ``options.stdin_format``, sniffed when ``auto`` (``sniff_stdin``); the id is
    ``options.stdin_id``, else derived from the content (``stdin-<sha1 prefix>``), so two reports
    piped in two runs never become versions of one document.
    """
    try:
        data = read_stream(stream, STDIN_SOURCE, options.max_bytes)
        if not data.strip():
            raise IngestError(STDIN_SOURCE, Code.EMPTY, "empty input")
    except IngestError as error:
        yield error.problem
        return
    doc_id = options.stdin_id or f"{STDIN_ID}-{hashlib.sha1(data).hexdigest()[:12]}"
    fmt = sniff_stdin(data) if options.stdin_format == "auto" else Format(options.stdin_format)
    try:
        yield from iter_data(data, fmt, source=STDIN_SOURCE, id=doc_id, options=options)
    except IngestError as error:
        yield error.problem


def sniff_stdin(data: bytes) -> Format:
    """The format of a stream without a name: by content, JSON lines when its first non-empty
    line is a JSON object with a ``"text"`` (so one broken line later is reported as that line,
    not the whole stream read as a text), or when every line is an object. A text that merely
    opens with a brace stays text."""
    fmt = choose_format("", data[:SNIFF_BYTES])
    if fmt not in (Format.JSONL, Format.JSON, Format.TEXT):
        return fmt  # type: ignore[return-value]
    if fmt == Format.JSON and _is_json(data):
        return Format.JSON
    return Format.JSONL if first_line_is_record(data) or looks_like_jsonl(data) else Format.TEXT


def _is_json(data: bytes) -> bool:
    try:
        json.loads(data)
    except ValueError:
        return False
    return True


def iter_bytes(
    data: bytes, *, name: str = "", source: str | None = None, id: str | None = None, options: IngestOptions | None = None
) -> Iterator[Item]:
    """Articles of in-memory content (an upload, a pipe) named ``name``; never raises.

    The format comes from ``name``'s extension as for a file, sniffed as standard input is when it
    has none (``sniff_stdin``).
    """
    options = options or IngestOptions()
    path = Path(name or "input")
    source = source or name or STDIN_SOURCE
    try:
        if len(data) > options.max_bytes:
            raise IngestError(source, Code.TOO_LARGE, f"input is {len(data):,} bytes, over the {options.max_bytes:,}-byte limit; not read")
        if not data.strip():
            raise IngestError(source, Code.EMPTY, "empty input")
        ext = extension(path) if name else ""
        fmt = choose_format(ext, data[:8192]) if ext else sniff_stdin(data)
        if fmt is None:
            raise IngestError(source, Code.UNKNOWN_FORMAT, not_an_input(ext))
        yield from iter_data(data, fmt, source=source, id=id or stem(path), options=options)
    except IngestError as error:
        yield error.problem
