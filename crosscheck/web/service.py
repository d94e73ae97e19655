"""What the web view asks of the store: briefs (cached), texts, and adding reports.

The same store, ingest and reconciliation as the CLI; nothing here re-implements them. Uploaded
bytes are read in memory through ``crosscheck.ingest`` (the stdin path of the CLI), never from a
path taken from a request.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crosscheck.facts import Brief
from crosscheck.model import Article

if TYPE_CHECKING:
    from crosscheck.corpus import Corpus
    from crosscheck.store import Store

DEFAULT_MAX_UPLOAD = 5 * 1024 * 1024


def brief_articles(store: "Store", brief: Brief) -> dict[str, Article]:
    """The texts the brief's evidence offsets index (the version each document was read at)."""
    articles = {}
    for info in brief.documents:
        article = store.article(info.id, info.version) or store.article(info.id)
        if article is not None:
            articles[info.id] = article
    return articles


ADDED, NEW_VERSION, UNCHANGED, REFUSED = "added", "new_version", "unchanged", "refused"


@dataclass
class RecordResult:
    """What became of one record of a request (one document of an upload), in input order.

    ``status``: ``added``, ``new_version`` (the record replaced the text of a stored document:
    ``replaced_version`` is the version it replaced, kept as a former version), ``unchanged``
    (the stored text already), or ``refused`` (``problems`` says why). ``problems`` also holds
    the notes of a record stored with a change (a wrong-typed field left out, text repaired).
    """

    record: int
    status: str
    id: str | None = None
    version: int | None = None
    replaced_version: int | None = None
    problems: list[str] = field(default_factory=list)


@dataclass
class AddResult:
    """What adding one upload did: counts, one line per problem, the events touched, and each
    record's outcome (``records``). ``failed`` lists what was refused; ``notes`` what was stored
    with a change or replaced a stored text."""

    read: int = 0
    added: int = 0
    unchanged: int = 0
    new_versions: int = 0
    failed: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    records: list[RecordResult] = field(default_factory=list)


def read_records(
    data: bytes, *, name: str, max_bytes: int = DEFAULT_MAX_UPLOAD, jsonl: bool = False
) -> tuple[list[tuple[RecordResult, Article | None]], list[str]]:
    """Each record of ``data`` read by ``crosscheck.ingest``: its result so far (``refused``, or
    ``unchanged`` for a text sent twice in one request, else not yet stored) with its article, and
    the notes about no record (a crawl's skipped records).

    ``name`` labels the upload (problem lines, ``Article.source``) and gives the format by its
    extension, as a file name does for the CLI; it is never opened. Documents without an id in
    their metadata are named after ``name``'s stem (as the CLI names files), plus the content hash
    for JSON lines sent by programs (``jsonl``, which also forces that format), so two requests
    never collide and the same request twice is recognised as unchanged.
    """
    from crosscheck.errors import IngestError, IngestProblem
    from crosscheck.ingest import IngestOptions
    from crosscheck.ingest.read import iter_data
    from crosscheck.ingest.sniff import Format, choose_format
    from crosscheck.pipeline import UniqueIds

    label = name.replace("\\", "/").rsplit("/", 1)[-1] or "upload"
    stem, _, ext = label.rpartition(".") if "." in label.lstrip(".") else (label, "", "")
    if jsonl or not stem:  # records sent by programs or pasted: name them after the content
        stem = f"{stem or 'upload'}-{hashlib.sha1(data).hexdigest()[:12]}"
    refused = lambda line: ([(RecordResult(1, REFUSED, problems=[line]), None)], [])  # noqa: E731
    if len(data) > max_bytes:
        return refused(f"{label}: larger than the {max_bytes // 1024} KB limit, not read")
    if not data.strip():
        return refused(f"{label}: empty, nothing to read")
    fmt = Format.JSONL if jsonl else choose_format(f".{ext.lower()}" if ext else "", data[:8192])
    if fmt is None or fmt == Format.BINARY:
        return refused(f"{label}: not a format crosscheck reads (text, HTML, JSON lines, RSS/Atom, WARC)")
    records: list[tuple[RecordResult, Article | None]] = []
    notes: list[str] = []
    ids = UniqueIds()
    try:
        for item in iter_data(data, fmt, source=label, id=stem, options=IngestOptions(max_bytes=max_bytes)):
            if isinstance(item, IngestProblem) and not item.fatal:
                notes.append(str(item))  # about the record that follows
                continue
            number = len(records) + 1
            if isinstance(item, IngestProblem):
                records.append((RecordResult(number, REFUSED, problems=[*notes, str(item)]), None))
            else:
                kept, line = ids.check(item)
                lines = [*notes, *([line] if line else [])]
                status = UNCHANGED if kept is None else ""
                records.append((RecordResult(number, status, id=(kept or item).id, problems=lines), kept))
            notes = []
    except IngestError as error:
        records.append((RecordResult(len(records) + 1, REFUSED, problems=[*notes, str(error.problem)]), None))
        notes = []
    return records, notes


def read_reports(
    data: bytes, *, name: str, max_bytes: int = DEFAULT_MAX_UPLOAD, jsonl: bool = False
) -> tuple[list[Article], list[str]]:
    """Articles in ``data`` and one problem line per bad record (see ``read_records``)."""
    records, notes = read_records(data, name=name, max_bytes=max_bytes, jsonl=jsonl)
    problems = [line for result, _ in records for line in result.problems] + notes
    return [article for _, article in records if article is not None], problems


def pasted_record(text: str, *, title: str = "", outlet: str = "", url: str = "", published: str = "") -> bytes:
    """A pasted report as one JSON line, so it goes through the same JSON-lines ingest as uploads.

    Its id is the hash of its text: pasting the same text twice adds it once.
    """
    record = {"id": "paste-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:16], "text": text,
              "title": title, "outlet": outlet, "url": url, "published": published}
    return json.dumps({k: v for k, v in record.items() if v.strip()}, ensure_ascii=False).encode("utf-8") + b"\n"


def add_reports(
    store: "Corpus", data: bytes, *, name: str, max_bytes: int = DEFAULT_MAX_UPLOAD, jsonl: bool = False
) -> AddResult:
    """Read ``data`` (see ``read_records``) and add it to the store; every record gets its outcome.

    A record whose id is stored with another text becomes that document's new version (the old
    one is kept); its outcome and a note say so, so no client replaces a text without being told.
    """
    records, notes = read_records(data, name=name, max_bytes=max_bytes, jsonl=jsonl)
    articles = [article for _, article in records if article is not None]
    before = {article.id: store.version(article.id) for article in articles}
    summary = store.add(articles) if articles else None
    result = AddResult(read=len(articles), notes=list(notes), records=[r for r, _ in records])
    failed_lines = summary.failed if summary else []
    for record, article in records:
        if article is not None:
            _settle(store, record, article, before[article.id], failed_lines)
        if record.status == REFUSED:
            result.failed.extend(record.problems)
        else:
            result.notes.extend(record.problems)
        if record.status == NEW_VERSION:
            result.notes.append(
                f"{article.source}: document {record.id!r} existed with another text: this record replaced it"
                f" (now version {record.version}; version {record.replaced_version} is kept)"
            )
    if summary is not None:
        result.added, result.unchanged, result.new_versions = summary.added, summary.unchanged, summary.new_versions
        result.failed.extend(line for line in summary.failed if not any(line in r.problems for r in result.records))
        events = (store.event_of(article.id) for article in articles)
        result.events = list(dict.fromkeys(event for event in events if event))
    return result


def _settle(store: "Store", record: RecordResult, article: Article, before: int | None, failed: list[str]) -> None:
    """Fill in a read record's outcome from the store after ``Store.add``."""
    after = store.version(article.id)
    record.version = after
    if after is not None and after != before:
        record.status = ADDED if before is None else NEW_VERSION
        record.replaced_version = before
        return
    stored = store.article(article.id) if after is not None else None
    if stored is not None and stored.digest == article.digest:
        record.status = UNCHANGED
        return
    record.status = REFUSED
    record.version = None
    prefix = f"{article.source}: {article.id}: "
    record.problems.extend([line for line in failed if line.startswith(prefix)] or [f"{prefix}not stored"])
