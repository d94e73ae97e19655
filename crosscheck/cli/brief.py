"""``crosscheck brief``: one cited brief from reports on the command line or in the store."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from crosscheck.cli import exits
from crosscheck.cli.shared import stdin_options

FORMATS = ("md", "json", "html")


@click.command("brief")
@click.argument("inputs", nargs=-1)
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="md", show_default=True, help="Output format.")
@click.option("--db", type=click.Path(dir_okay=False), default=None, help="Brief events from this store instead of files.")
@click.option("--event", "event_id", default=None, help="With --db: only this event.")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Processes for extraction (default: all cores for large inputs).")
@stdin_options
def brief_command(
    inputs: tuple[str, ...], fmt: str, db: str | None, event_id: str | None, workers: int | None, stdin_format: str,
    stdin_id: str | None,
) -> None:
    """Brief reports of the same events: what is agreed, changed, disputed, said, and single-source.

    INPUTS are files (.txt, .md, .html, .jsonl, RSS/Atom, WARC), directories, or - for stdin
    (one document, or JSON-lines records: see --stdin-format). Each bad input or record gets one
    line on stderr; the brief is made of the rest.

    Exit code: 0 all read; 3 partly read (one line on stderr per problem); 1 nothing read or an error.

    \b
    Examples:
      crosscheck brief examples/kerman/
      crosscheck brief a.txt b.html feed.jsonl --format json > brief.json
      crosscheck brief examples/kerman/ --format html > brief.html
      curl -s https://example.org/report.html | crosscheck brief - --stdin-format html
      crosscheck brief --db crosscheck.db --event ev-0123456789
    """
    if db is None and not inputs:
        raise click.UsageError("give files or directories to brief (or --db), e.g. crosscheck brief examples/kerman/")
    partial = False
    if db is not None:
        record, articles = _from_store(db, event_id)
    else:
        record, articles, partial = _from_files(inputs, workers, stdin_format, stdin_id)
    for problem in record.problems:
        click.echo(problem, err=True)
    if not record.documents:
        click.echo("error: no document could be read", err=True)
        sys.exit(exits.ERROR)
    click.echo(_render(record, articles, fmt), nl=False)
    sys.exit(exits.reading_code(len(record.documents), partial))


def _from_files(inputs: tuple[str, ...], workers: int | None, stdin_format: str, stdin_id: str | None):
    from crosscheck.ingest import IngestOptions
    from crosscheck.pipeline import build_brief, extract_all, read_inputs

    options = IngestOptions(stdin_format=stdin_format, stdin_id=stdin_id)
    reading = read_inputs(inputs, stdin=sys.stdin.buffer if "-" in inputs else None, options=options)
    record = build_brief(extract_all(reading.articles, workers), reading.problems)
    return record, {a.id: a for a in reading.articles}, reading.partial


def _from_store(db: str, event_id: str | None):
    from crosscheck.briefs import brief_from_store
    from crosscheck.store import Store

    if not Path(db).exists():
        raise click.ClickException(f"{db}: no such store (create it with: crosscheck ingest FILES --db {db})")
    store = Store(db)
    try:
        record = brief_from_store(store, event_id)
        articles = {a.id: a for a in store.articles([d.id for d in record.documents])}
    except KeyError as error:
        raise click.ClickException(f"{db}: {error.args[0]}") from None
    finally:
        store.close()
    return record, articles


def _render(record, articles, fmt: str) -> str:
    if fmt == "json":
        from crosscheck.report.json import render_json

        return render_json(record)
    if fmt == "html":
        from crosscheck.report.html import render_html

        return render_html(record, articles)
    from crosscheck.report.markdown import render_markdown

    return render_markdown(record)


COMMANDS = [brief_command]
