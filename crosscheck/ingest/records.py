"""JSON lines (and plain JSON arrays): one record per article, read as a stream.

A record needs a non-empty string ``text``; ``id`` (a string or an integer), ``url``, ``title``,
``outlet``, ``published`` and ``language`` (strings) are optional. A malformed line, or a record without text, is one problem naming
the line; the other lines are still read. An unreadable ``published`` is reported too (non-fatal)
and the record is still read with ``published`` left None: the date is metadata, the text is the
report, and dropping the report for a bad date would lose more than it protects.
"""

from __future__ import annotations

import json
from typing import BinaryIO, Iterator

from crosscheck.errors import Code, IngestError, IngestProblem, problem
from crosscheck.ingest.article import build_article
from crosscheck.ingest.decode import BOM, decode_text
from crosscheck.ingest.options import IngestOptions
from crosscheck.ingest.published import normalise_published
from crosscheck.ingest.repair import repaired
from crosscheck.model import Article

Item = Article | IngestProblem


def iter_jsonl(stream: BinaryIO, *, source: str, stem: str, options: IngestOptions) -> Iterator[Item]:
    """Articles of a JSON-lines stream, line by line (never the whole file in memory)."""
    offset = 0
    for number, raw in enumerate(stream, start=1):
        line_offset, offset = offset, offset + len(raw)
        if number == 1 and raw.startswith(BOM):
            raw, line_offset = raw[len(BOM):], line_offset + len(BOM)
        if not raw.strip():
            continue
        try:
            text = decode_text(raw, source, offset=line_offset, what="line").text
            record = json.loads(text)
        except IngestError as error:
            yield problem(source, Code(error.problem.code), f"line {number}: {error.problem.message}")
            continue
        except ValueError as error:
            yield problem(source, Code.BAD_JSON, f"line {number}: invalid JSON ({error})")
            continue
        yield from record_items(record, source=source, where=f"line {number}", default_id=f"{stem}:{number}", options=options)


def iter_json(data: bytes, *, source: str, stem: str, options: IngestOptions) -> Iterator[Item]:
    """Articles of a ``.json`` file holding one record or an array of records."""
    text = decode_text(data, source).text
    try:
        value = json.loads(text)
    except ValueError as error:
        raise IngestError(source, Code.BAD_JSON, f"invalid JSON ({error})") from None
    records = value if isinstance(value, list) else [value]
    for number, record in enumerate(records, start=1):
        yield from record_items(record, source=source, where=f"record {number}", default_id=f"{stem}:{number}", options=options)


def record_items(record: object, *, source: str, where: str, default_id: str, options: IngestOptions) -> Iterator[Item]:
    """The article of one decoded record, preceded by any problem with it.

    A metadata field of the wrong JSON type (a number as a title, a list as an id) is one line
    naming the record and the field, and the record is read without it; text that UTF-8 cannot
    hold is repaired (``crosscheck.ingest.repair``) and said so.
    """
    if not isinstance(record, dict):
        yield problem(source, Code.BAD_JSON, f"{where}: not a JSON object but {json_type(record)}")
        return
    text = record.get("text")
    if not isinstance(text, str):
        yield problem(source, Code.NO_TEXT, f'{where}: record has no "text" string')
        return
    if not text.strip():
        yield problem(source, Code.NO_TEXT, f'{where}: record has an empty "text"')
        return
    try:
        published = normalise_published(record.get("published"))
    except (ValueError, TypeError):
        yield problem(source, Code.BAD_DATE, f'{where}: "published" {record.get("published")!r} is not an ISO 8601 date; left empty', fatal=False)
        published = None
    fields: dict[str, str | None] = {}
    for name in _STRING_FIELDS:
        value = record.get(name)
        if value is not None and not isinstance(value, str):
            yield problem(source, Code.BAD_FIELD, f'{where}: "{name}" is {_shown(value)}, not a string; left empty', fatal=False)
            value = None
        fields[name] = value
    record_id = record.get("id")
    doc_id = default_id
    if isinstance(record_id, str) and record_id.strip():
        doc_id = record_id
    elif isinstance(record_id, int) and not isinstance(record_id, bool):
        doc_id = str(record_id)
    elif record_id is not None and not isinstance(record_id, str):
        yield problem(source, Code.BAD_FIELD, f'{where}: "id" is {_shown(record_id)}, not a string or an integer; stored as {default_id!r}', fatal=False)
    article = build_article(id=doc_id, text=text, source=source, options=options, published=published, **fields)
    article, note = repaired(article, where)
    if note is not None:
        yield note
    yield article


_STRING_FIELDS = ("url", "outlet", "title", "language")
_JSON_TYPES = {bool: "a boolean", int: "a number", float: "a number", list: "an array", dict: "an object", str: "a string"}


def json_type(value: object) -> str:
    """The JSON name of a decoded value's type ("an array", "a number")."""
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _shown(value: object) -> str:
    """A wrong-typed value named by its JSON type, with a short look at it."""
    shown = json.dumps(value, ensure_ascii=True)
    return f"{json_type(value)} ({shown if len(shown) <= 40 else shown[:37] + '...'})"
