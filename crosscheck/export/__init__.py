"""Analyst tables out of the store: events, facts and mentions as CSV or Parquet.

::

    from crosscheck.export import export_table
    with Store("crosscheck.db") as store:
        rows = export_table(store, "events", "parquet", "events.parquet")   # -> rows written
        export_table(store, "facts", "csv", sys.stdout.buffer)               # a binary stream

Every table is produced row by row from the store (events page by page, mentions document by
document) and written in batches, so memory does not grow with the store. The events and facts
tables state exactly what each event's brief states: the brief comes from the store's cached
record when it is still valid for the event's documents, else it is reconciled again (as
``crosscheck brief --db`` does) and cached. Column meanings: ``docs/exports.md``.
"""

from __future__ import annotations

from crosscheck.export.columns import TABLES, Column
from crosscheck.export.writers import FORMATS, ExportError, export_table

__all__ = ["FORMATS", "TABLES", "Column", "ExportError", "export_table"]
