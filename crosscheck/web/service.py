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


@dataclass
class AddResult:
    """What adding one upload did: counts, one line per problem, and the events touched."""

    read: int = 0
    added: int = 0
    unchanged: int = 0
    new_versions: int = 0
    failed: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)


def read_reports(
    data: bytes, *, name: str, max_bytes: int = DEFAULT_MAX_UPLOAD, jsonl: bool = False
) -> tuple[list[Article], list[str]]:
    """Articles in ``data`` and one problem line per bad record, read by ``crosscheck.ingest``.

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
    from crosscheck.pipeline import unique_articles

    label = name.replace("\\", "/").rsplit("/", 1)[-1] or "upload"
    stem, _, ext = label.rpartition(".") if "." in label.lstrip(".") else (label, "", "")
    if jsonl or not stem:  # records sent by programs or pasted: name them after the content
        stem = f"{stem or 'upload'}-{hashlib.sha1(data).hexdigest()[:12]}"
    if len(data) > max_bytes:
        return [], [f"{label}: larger than the {max_bytes // 1024} KB limit, not read"]
    if not data.strip():
        return [], [f"{label}: empty, nothing to read"]
    fmt = Format.JSONL if jsonl else choose_format(f".{ext.lower()}" if ext else "", data[:8192])
    if fmt is None or fmt == Format.BINARY:
        return [], [f"{label}: not a format crosscheck reads (text, HTML, JSON lines, RSS/Atom, WARC)"]
    articles: list[Article] = []
    problems: list[str] = []
    try:
        items = list(iter_data(data, fmt, source=label, id=stem, options=IngestOptions(max_bytes=max_bytes)))
    except IngestError as error:
        return [], [str(error.problem)]
    readable = []
    for item in items:
        if isinstance(item, IngestProblem):
            problems.append(str(item))
        else:
            readable.append(item)
    for item in unique_articles(readable):
        (problems if isinstance(item, str) else articles).append(item)
    return articles, problems


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
    """Read ``data`` (see ``read_reports``) and add it to the store; bad records become ``failed`` lines."""
    articles, problems = read_reports(data, name=name, max_bytes=max_bytes, jsonl=jsonl)
    result = AddResult(read=len(articles), failed=list(problems))
    if articles:
        summary = store.add(articles)
        result.added, result.unchanged, result.new_versions = summary.added, summary.unchanged, summary.new_versions
        result.failed.extend(summary.failed)
        events = (store.event_of(article.id) for article in articles)
        result.events = list(dict.fromkeys(event for event in events if event))
    return result
