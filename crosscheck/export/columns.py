"""The columns of each exported table, with one type each, shared by the CSV and Parquet writers.

Types: ``str``, ``int`` (a count: whole numbers, empty where unknown; nullable int64 in Parquet),
``float``, ``number`` (a count or a measure in one column: float64 in Parquet, and in CSV a whole
number is written without a decimal point, "103" not "103.0"), ``bool``, ``time`` (an instant,
UTC) and ``json`` (a list written as JSON text, so CSV and Parquet hold the same value). A fixed schema per table lets the
Parquet writer stream batches and gives CSV readers stable headers, even for an empty store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Literal, Mapping

from crosscheck.kinds import counted_kinds

ColumnType = Literal["str", "int", "float", "number", "bool", "time", "json"]


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: ColumnType


def _columns(spec: str) -> tuple[Column, ...]:
    """``"name:type name:type ..."`` -> columns (keeps the table definitions readable)."""
    return tuple(Column(*item.split(":")) for item in spec.split())  # type: ignore[arg-type]


def events_columns() -> tuple[Column, ...]:
    """The events table: listing columns, then for each counted kind of the registry
    (``kinds.counted_kinds``: killed, injured, ..., people aboard, buildings destroyed) its current
    value and low / best / high, then the documents' reach. Read from the registry each time, so
    a kind registered later has its columns."""
    counts = " ".join(f"{k}:int {k}_low:int {k}_best:int {k}_high:int" for k in counted_kinds())
    return _columns(
        f"event_id:str date:str kind:str title:str places:json {counts}"
        " document_count:int outlet_count:int independent_sources:int first_report:time last_report:time"
    )

FACTS = _columns(
    "event_id:str fact:int section:str kind:str subject:str text:str statement:str value:str number:number"
    " low:number high:number unit:str qualifier:str stage:str status:str sources:int single_source:bool"
    " label:str topic:str speaker:str role:str note:str reference:str attributed_to:json"
    " variants:json aliases:json relayed_by:json documents:json evidence_count:int evidence:json"
)

MENTIONS = _columns(
    "event_id:str document:str version:int mention:int class:str kind:str value:str number:number"
    " low:number high:number unit:str qualifier:str stage:str subject:str reference:str shot:number scope:str scope_detail:str as_of:str condition:str"
    " label:str topic:str text:str negated:bool hedged:bool speaker:str role:str partial:bool background:bool name:str surface:str"
    " attributed_to:str extractor:str evidence_start:int evidence_end:int anchor_start:int anchor_end:int"
    " part:str anchor_text:str sentence:str"
)

class _Tables(Mapping[str, tuple[Column, ...]]):
    """The tables by name; the events table's columns follow the kind registry."""

    _FIXED = {"facts": FACTS, "mentions": MENTIONS}

    def __getitem__(self, name: str) -> tuple[Column, ...]:
        return events_columns() if name == "events" else self._FIXED[name]

    def __iter__(self) -> Iterator[str]:
        return iter(("events", *self._FIXED))

    def __len__(self) -> int:
        return 1 + len(self._FIXED)


TABLES: Mapping[str, tuple[Column, ...]] = _Tables()
