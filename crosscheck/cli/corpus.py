"""``crosscheck ingest / events / show``: build a corpus store and look into it.

Thin layer over ``crosscheck.corpus.Corpus`` and ``crosscheck.store.Store``: library errors become one line on stderr and a
non-zero exit code; every bad input is one line and the rest is ingested.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import click

from crosscheck.cli import exits
from crosscheck.cli.shared import plural, stdin_options

if TYPE_CHECKING:
    from crosscheck.store import EventSummary

DEFAULT_DB = "crosscheck.db"
TABLE_LIMIT = 50
"""Events the ``events`` table shows unless --limit says otherwise (a JSON listing is complete)."""
_DB_HELP = f"SQLite store (created by ingest if missing). Default: ./{DEFAULT_DB}"


def _open(db: str, *, create: bool):
    """Open the store; readers refuse a missing file instead of creating an empty one."""
    from crosscheck.corpus import Corpus
    from crosscheck.store import Store, StoreError

    if not create and not Path(db).is_file():
        click.echo(f"error: no store at {db}; create it with: crosscheck ingest INPUTS --db {db}", err=True)
        sys.exit(exits.ERROR)
    try:
        return Corpus(db) if create else Store(db)
    except StoreError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(exits.ERROR)


@click.command("ingest")
@click.argument("inputs", nargs=-1, required=True)
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(dir_okay=False), help=_DB_HELP)
@click.option("--batch-size", default=200, show_default=True, type=click.IntRange(1), help="Documents per committed batch.")
@click.option("--quiet", is_flag=True, help="No progress line.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1),
              help="Processes for extraction (with --engine ray: extraction actors); use the number of cores.")
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local: this machine; ray: Ray Data on a cluster (needs --out; pip install 'crosscheck[ray]').")
@click.option("--out", default=None, type=click.Path(file_okay=False),
              help="Write events and documents as Parquet shards into this new folder instead of a store.")
@click.option("--address", default=None,
              help="Ray cluster to run on (auto: the one `ray start` runs here). Default: a local Ray instance.")
@stdin_options
def ingest_command(
    inputs: tuple[str, ...], db: str, batch_size: int, quiet: bool, workers: int, engine: str, out: str | None,
    address: str | None, stdin_format: str, stdin_id: str | None,
) -> None:
    """Add reports to the store and group them into events (incrementally), or, with --out,
    group them in one run and write the events and their briefs as Parquet shards.

    INPUTS are files (.txt, .md, .html, .jsonl, RSS/Atom, WARC), directories, or - for stdin
    (one document, or JSON-lines records: see --stdin-format). The same document ingested again
    is stored once; a changed text under the same id becomes a new version. Each bad input or
    record gets one line on stderr; the rest is stored.

    Exit code: 0 all read; 3 partly read (one line on stderr per problem); 1 nothing read or an error.

    \b
    Example:
      crosscheck ingest reports/ feed.jsonl --db crosscheck.db
      crosscheck ingest big-corpus/ --db crosscheck.db --workers 2
      crosscheck ingest crawl/ --engine ray --address auto --out facts/
    """
    if out is not None or engine != "local":
        _run_engine(inputs, engine, out, address, workers, quiet)
        return
    from crosscheck.ingest import IngestOptions, IngestProblem, iter_inputs

    store = _open(db, create=True)
    notes: list[IngestProblem] = []
    options = IngestOptions(stdin_format=stdin_format, stdin_id=stdin_id)

    def items() -> Iterator[object]:
        for item in iter_inputs(inputs, stdin=sys.stdin.buffer if "-" in inputs else None, options=options):
            if isinstance(item, IngestProblem) and not item.fatal:
                notes.append(item)
                continue
            yield item

    seen = [0]

    def progress(n: int) -> None:
        seen[0] += n
        if not quiet:
            click.echo(f"\ringested {plural(seen[0], 'item')}", nl=False, err=True)

    try:
        summary = store.add(items(), batch_size=batch_size, progress=progress, workers=workers)
    finally:
        store.close()
    if not quiet and seen[0]:
        click.echo("", err=True)
    for line in [*map(str, notes), *summary.notes, *summary.failed]:
        click.echo(line, err=True)
    click.echo(
        f"added {summary.added}, unchanged {summary.unchanged}, new versions {summary.new_versions}, "
        f"failed {len(summary.failed)}; events created {summary.events_created}, updated {summary.events_updated}"
    )
    read = summary.added + summary.unchanged + summary.new_versions
    partial = bool(summary.failed or summary.notes) or any(note.partial for note in notes)
    sys.exit(exits.reading_code(read, partial))


def _run_engine(inputs: tuple[str, ...], engine: str, out: str | None, address: str | None, workers: int, quiet: bool) -> None:
    """``ingest --out``: one run of an engine into a Parquet folder; errors are one line."""
    from crosscheck.engines import EngineError, get_engine

    if out is None:
        raise click.UsageError(f"--engine {engine} writes Parquet shards: give --out FOLDER")
    options: dict[str, object] = {"workers": workers}
    if engine == "ray":
        options.update(address=address, progress=not quiet)
    try:
        summary = get_engine(engine, **options).run(list(inputs), out)
    except EngineError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(exits.ERROR)
    for line in summary.problems:
        click.echo(line, err=True)
    click.echo(f"documents {summary.documents}, events {summary.events}, failed {summary.failed}; written to {summary.out}")
    sys.exit(exits.reading_code(summary.documents, summary.failed > 0))


@click.command("events")
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(dir_okay=False), help=_DB_HELP)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--query", "-q", default=None, help="Words in the title, places or outlets.")
@click.option("--since", default=None, help="Events dated on or after this ISO date.")
@click.option("--until", default=None, help="Events dated on or before this ISO date.")
@click.option("--place", default=None, help="Events at this place.")
@click.option("--kind", default=None, help="Event type: shooting, bombing, earthquake, fire, crash, ...")
@click.option("--limit", default=None, type=click.IntRange(0),
              help=f"At most this many (0: all). Default: {TABLE_LIMIT} in the table, all in JSON.")
def events_command(db: str, fmt: str, query, since, until, place, kind, limit: int | None) -> None:
    """List the events in the store, newest first (--format json lists them all unless --limit is given).

    Exit code: 0 all read; 3 partly read (one line on stderr per problem); 1 nothing read or an error.

    \b
    Examples:
      crosscheck events --db crosscheck.db
      crosscheck events --db crosscheck.db --kind shooting --since 2014-01-01 --format json
    """
    store = _open(db, create=False)
    try:
        filters = dict(query=query, since=since, until=until, place=place, kind=kind)
        total = store.count_events(**filters)
        if limit is None:
            limit = 0 if fmt == "json" else TABLE_LIMIT
        events = store.events(**filters, limit=limit or total)
    finally:
        store.close()
    if len(events) < total:  # on stderr: the JSON on stdout stays the list it was asked for
        click.echo(f"{len(events)} of {total} events shown; --limit 0 lists all", err=True)
    if fmt == "json":
        click.echo(json.dumps({"events": [_event_json(e) for e in events]}, indent=2, ensure_ascii=False))
        return
    for line in _aligned(_EVENT_COLUMNS, [_event_row(e) for e in events]):
        click.echo(line)


_EVENT_COLUMNS = (("id", "<"), ("date", "<"), ("kind", "<"), ("docs", ">"), ("outlets", ">"),
                  ("headline", "<"), ("place", "<"), ("title", "<"))


def _event_row(event: EventSummary) -> tuple[str, ...]:
    """One event as table cells; long places and titles are cut so a row stays on one line."""
    headline = " ".join(f"{k} {v:g}" for k, v in event.headline.items()) or "-"
    place = ", ".join(event.places[:2]) or "-"
    return (event.id, event.date or "-", event.kind or "-", str(len(event.documents)), str(len(event.outlets)),
            headline, place[:24], event.title[:70])


def _aligned(columns: tuple[tuple[str, str], ...], rows: list[tuple[str, ...]]) -> list[str]:
    """Header and rows, each column as wide as its widest cell (the last one not padded)."""
    widths = [max([len(name), *(len(row[i]) for row in rows)]) for i, (name, _) in enumerate(columns)]
    lines = []
    for cells in [tuple(name for name, _ in columns), *rows]:
        padded = [f"{cell:{align}{width}}" for cell, (_, align), width in zip(cells[:-1], columns, widths)]
        lines.append("  ".join([*padded, cells[-1]]))
    return lines


def _event_json(event) -> dict:
    record = asdict(event)
    for key in ("places", "documents", "outlets"):
        record[key] = list(record[key])
    return record


@click.command("show")
@click.argument("doc_id")
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(dir_okay=False), help=_DB_HELP)
@click.option("--version", "version", default=None, type=int, help="A former version (default: current).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def show_command(doc_id: str, db: str, version: int | None, fmt: str) -> None:
    """Show a stored document, its event and the mentions read from it.

    Exit code: 0 all read; 3 partly read (one line on stderr per problem); 1 nothing read or an error.

    \b
    Example:
      crosscheck show 000_bdacaa1727a314a8 --db crosscheck.db
    """
    from crosscheck.model import TITLE
    from crosscheck.store.codec import encode_mention

    store = _open(db, create=False)
    try:
        article = store.article(doc_id, version)
        if article is None:
            click.echo(f"error: no document {doc_id!r}" + (f" version {version}" if version else "") + f" in {db}", err=True)
            sys.exit(exits.ERROR)
        current = store.version(doc_id)
        mentions = store.mentions(doc_id) if version in (None, current) else []
        event_id = store.event_of(doc_id)
    finally:
        store.close()
    meta = {
        "id": article.id, "version": version or current, "current_version": current, "event": event_id,
        "source": article.source, "outlet": article.outlet, "url": article.url, "published": article.published,
        "title": article.title, "digest": article.digest,
    }
    if fmt == "json":
        items = [dict(zip(("class", "fields"), encode_mention(m))) for m in mentions]
        click.echo(json.dumps({**meta, "text": article.text, "mentions": items}, indent=2, ensure_ascii=False))
        return
    for key, value in meta.items():
        if value is not None:
            click.echo(f"{key}: {value}")
    click.echo(f"\n{article.text.strip()}\n\nmentions ({len(mentions)}):")
    for mention in mentions:
        name, fields = encode_mention(mention)
        detail = ", ".join(f"{k}={v}" for k, v in fields.items() if k not in ("evidence", "anchor", "extractor") and v not in (None, False, ""))
        quote = mention.anchor.text(article).replace("\n", " ")
        where = f"{'headline ' if mention.evidence.part == TITLE else ''}[{mention.evidence.start}:{mention.evidence.end}]"
        click.echo(f"  {where} {name}: {detail}  <{quote[:60]}>")


COMMANDS = [ingest_command, events_command, show_command]
