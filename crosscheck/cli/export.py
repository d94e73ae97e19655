"""``crosscheck export``: the events, facts or mentions of a store as CSV or Parquet."""

from __future__ import annotations

import sys

import click

from crosscheck.cli import exits
from crosscheck.cli.corpus import _DB_HELP, DEFAULT_DB, _open
from crosscheck.cli.shared import plural


@click.command("export")
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(dir_okay=False), help=_DB_HELP)
@click.option("--table", default=None, metavar="events|facts|mentions",
              help="events: one row per event; facts: one per brief entry; mentions: one per stored mention.")
@click.option("--format", "fmt", default="csv", show_default=True, metavar="csv|parquet", help="Output format.")
@click.option("--out", default=None, type=click.Path(dir_okay=False),
              help="Write here (replaced only once complete). Default for CSV: stdout.")
def export_command(db: str, table: str | None, fmt: str, out: str | None) -> None:
    """Export a table of the store for analysis (pandas, DuckDB, spreadsheets).

    Columns are described in docs/exports.md. CSV text cells starting with = + - @ get a
    leading ' so spreadsheets do not run them as formulas; Parquet keeps every value as is.

    Exit code: 0 all read; 3 partly read (one line on stderr per problem); 1 nothing read or an error.

    \b
    Examples:
      crosscheck export --db crosscheck.db --table events > events.csv
      crosscheck export --db crosscheck.db --table facts --format parquet --out facts.parquet
    """
    from crosscheck.export import FORMATS, TABLES, ExportError, export_table

    if table is None:
        _usage(f"give the table to export: --table {'|'.join(TABLES)}")
    if table not in TABLES:
        _usage(f"unknown --table {table!r}; choose one of: {', '.join(TABLES)}")
    if fmt not in FORMATS:
        _usage(f"unknown --format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    if out is None and fmt == "parquet":
        _usage("Parquet is binary: give a file with --out PATH")
    store = _open(db, create=False)
    try:
        count = export_table(store, table, fmt, out if out is not None else sys.stdout.buffer)
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        sys.stderr.close()
        sys.exit(exits.OK)
    except (ExportError, OSError) as error:
        click.echo(f"error: {out or 'stdout'}: {error}", err=True)
        sys.exit(exits.ERROR)
    finally:
        store.close()
    if out is not None:
        click.echo(f"wrote {plural(count, 'row')} of {table} to {out}", err=True)


COMMANDS = [export_command]


def _usage(message: str) -> None:
    """A wrong command line: one line, exit code 2."""
    click.echo(f"error: {message}", err=True)
    sys.exit(exits.USAGE)
