"""CSV and Parquet writers over the row streams, and ``export_table`` that joins the two.

CSV: UTF-8 without byte-order mark, RFC 4180 (comma, ``"`` quoting where needed with inner
quotes doubled, CRLF line ends), a header row; empty cell for a missing value, ``true`` /
``false`` for booleans, ISO 8601 for instants, JSON text for lists. A text cell starting with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``: spreadsheets would
otherwise run it as a formula (CSV injection, as OWASP describes it); strip that one quote to get
the exact text back, or read the Parquet file, which holds every value unchanged.

Parquet: written with pyarrow, one row group per batch of rows, with the column types of
``crosscheck.export.columns``.
"""

from __future__ import annotations

import csv
import io
import json
import os
from datetime import datetime
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator

from crosscheck.export.columns import TABLES, Column
from crosscheck.export.rows import Row, event_rows, fact_rows, mention_rows

FORMATS = ("csv", "parquet")
BATCH = 2000
"""Rows per Parquet row group (and per list held in memory before writing)."""

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

ROWS: dict[str, Callable[[Any], Iterator[Row]]] = {"events": event_rows, "facts": fact_rows, "mentions": mention_rows}


class ExportError(ValueError):
    """An export cannot be made as asked (unknown table or format, Parquet without a file)."""


def export_table(store: Any, table: str, fmt: str, out: str | Path | IO[bytes]) -> int:
    """Write ``table`` of ``store`` as ``fmt`` to a path or a binary stream; the number of rows.

    A path is written through a temporary file in the same folder and renamed at the end, so a
    failed export never leaves a truncated file in its place.
    """
    if table not in TABLES:
        raise ExportError(f"E501 unknown table {table!r}; choose one of: {', '.join(TABLES)}")
    if fmt not in FORMATS:
        raise ExportError(f"E502 unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    write = write_csv if fmt == "csv" else write_parquet
    rows = ROWS[table](store)
    if not isinstance(out, (str, Path)):
        return write(rows, TABLES[table], out)
    target = Path(out)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with open(temporary, "wb") as stream:
            count = write(rows, TABLES[table], stream)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return count


# -------------------------------------------------------------------------------------- CSV
def csv_cell(value: Any, column: Column) -> str:
    """One value as CSV text (see the module docstring for the conventions)."""
    if value is None:
        return ""
    if column.type == "json":
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if column.type in ("int", "number") and isinstance(value, (int, float)) and float(value).is_integer():
        return str(int(value))  # a count: "103", never "103.0"
    if isinstance(value, float):
        return repr(value)  # a float column always with a decimal point, so readers infer one numeric type
    if isinstance(value, datetime):
        return value.isoformat()
    text = str(value)
    if column.type == "str" and text.startswith(FORMULA_START):
        return "'" + text
    return text


def write_csv(rows: Iterable[Row], columns: tuple[Column, ...], stream: IO[bytes]) -> int:
    """Write rows as CSV to a binary stream, one row at a time; the number of rows."""
    text = io.TextIOWrapper(stream, encoding="utf-8", newline="", write_through=True)
    try:
        writer = csv.writer(text, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
        writer.writerow([column.name for column in columns])
        count = 0
        for row in rows:
            writer.writerow([csv_cell(row.get(column.name), column) for column in columns])
            count += 1
        text.flush()
    finally:
        text.detach()  # the caller owns the stream
    return count


# ---------------------------------------------------------------------------------- Parquet
def arrow_schema(columns: tuple[Column, ...]) -> Any:
    import pyarrow as pa

    types = {
        "str": pa.string(), "json": pa.string(), "int": pa.int64(), "float": pa.float64(), "number": pa.float64(),
        "bool": pa.bool_(), "time": pa.timestamp("us", tz="UTC"),
    }
    return pa.schema([pa.field(column.name, types[column.type]) for column in columns])


def _arrow_value(value: Any, column: Column) -> Any:
    if value is not None and column.type == "json":
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, float) and column.type == "int":
        return int(value)  # a count held as a float by reconciliation: always whole (``rows``)
    return value


def write_parquet(rows: Iterable[Row], columns: tuple[Column, ...], stream: IO[bytes]) -> int:
    """Write rows as Parquet to a binary stream, ``BATCH`` rows per row group; the number of rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = arrow_schema(columns)
    count = 0
    with pq.ParquetWriter(stream, schema) as writer:
        batch: list[Row] = []
        for row in rows:
            batch.append({column.name: _arrow_value(row.get(column.name), column) for column in columns})
            if len(batch) >= BATCH:
                writer.write_batch(pa.RecordBatch.from_pylist(batch, schema=schema))
                count += len(batch)
                batch = []
        if batch or not count:
            writer.write_batch(pa.RecordBatch.from_pylist(batch, schema=schema))
            count += len(batch)
    return count
