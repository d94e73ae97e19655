"""The Parquet facts folder both engines write: ``events/`` and ``documents/`` shards.

``events``: one row per event (id, title, date, places, documents, the current value of each
counted kind of the registry: killed, injured... people aboard, buildings destroyed; and the
event's full brief as the ``crosscheck/brief@1`` JSON of that event). ``documents``: one row per
document with its event. Shards are ``part-*.parquet`` files; any Parquet reader (pyarrow,
DuckDB, pandas, Spark) reads a folder as one table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Iterator

from crosscheck.engines.errors import EngineError
from crosscheck.kinds import counted_kinds

SHARD_ROWS = 10_000
"""Rows per shard the local engine writes (Ray writes one shard per block)."""


def events_schema() -> Any:
    import pyarrow as pa

    counts = [(str(kind), pa.int64()) for kind in counted_kinds()]
    return pa.schema([
        ("event_id", pa.string()), ("title", pa.string()), ("date", pa.string()), ("places", pa.list_(pa.string())),
        ("documents", pa.list_(pa.string())), ("n_documents", pa.int64()), *counts, ("brief", pa.string()),
    ])


def documents_schema() -> Any:
    import pyarrow as pa

    return pa.schema([
        ("doc_id", pa.string()), ("event_id", pa.string()), ("seq", pa.int64()), ("source", pa.string()),
        ("outlet", pa.string()), ("url", pa.string()), ("published", pa.string()), ("title", pa.string()),
        ("language", pa.string()), ("digest", pa.string()), ("mentions", pa.int64()),
    ])


SCHEMAS = {"events": events_schema, "documents": documents_schema}


def require_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise EngineError("E301 writing Parquet needs pyarrow: pip install pyarrow (or 'crosscheck[ray]')") from None


def prepare_out(out: str | Path) -> Path:
    """The output folder, created; refused if it already holds files (shards of two runs would mix)."""
    path = Path(out)
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise EngineError(f"E302 output folder {path} exists and is not empty; give a new or empty folder")
    path.mkdir(parents=True, exist_ok=True)
    return path


def table(rows: list[dict[str, Any]], name: str) -> Any:
    """Rows as an Arrow table with the fixed schema of ``name`` (empty tables keep their columns)."""
    import pyarrow as pa

    return pa.Table.from_pylist(rows, schema=SCHEMAS[name]())


def write_shards(rows: Iterable[dict[str, Any]], out: Path, name: str) -> int:
    """Write ``rows`` as ``out/name/part-NNNNN.parquet`` shards; the number of rows written."""
    import pyarrow.parquet as pq

    folder = out / name
    folder.mkdir(parents=True, exist_ok=True)
    total, shard, batch = 0, 0, []
    for row in rows:
        batch.append(row)
        if len(batch) == SHARD_ROWS:
            pq.write_table(table(batch, name), folder / f"part-{shard:05d}.parquet")
            total, shard, batch = total + len(batch), shard + 1, []
    if batch or shard == 0:
        pq.write_table(table(batch, name), folder / f"part-{shard:05d}.parquet")
        total += len(batch)
    return total


def read_rows(out: str | Path, name: str) -> Iterator[dict[str, Any]]:
    """The rows of one table of a facts folder, shard by shard."""
    import pyarrow.parquet as pq

    folder = Path(out) / name
    for shard in sorted(folder.glob("*.parquet")):
        yield from pq.read_table(shard, schema=SCHEMAS[name]()).to_pylist()
