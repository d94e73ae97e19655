"""``crosscheck export``: the events, facts or mentions of a store as CSV or Parquet."""

from __future__ import annotations

import sys

import click

from crosscheck.cli.corpus import _DB_HELP, DEFAULT_DB, _open


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

    \b
    Examples:
      crosscheck export --db crosscheck.db --table events > events.csv
      crosscheck export --db crosscheck.db --table facts --format parquet --out facts.parquet
    """
    from crosscheck.export import FORMATS, TABLES, ExportError, export_table

    if table is None:
        _fail(f"give the table to export: --table {'|'.join(TABLES)}")
    if table not in TABLES:
        _fail(f"unknown --table {table!r}; choose one of: {', '.join(TABLES)}")
    if fmt not in FORMATS:
        _fail(f"unknown --format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    if out is None and fmt == "parquet":
        _fail("Parquet is binary: give a file with --out PATH")
    store = _open(db, create=False)
    try:
        count = export_table(store, table, fmt, out if out is not None else sys.stdout.buffer)
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        sys.stderr.close()
        sys.exit(0)
    except (ExportError, OSError) as error:
        _fail(f"{out or 'stdout'}: {error}")
    finally:
        store.close()
    if out is not None:
        click.echo(f"wrote {count} {table} rows to {out}", err=True)


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


COMMANDS = [export_command]
