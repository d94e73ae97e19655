"""The columns of each exported table, with one type each, shared by the CSV and Parquet writers.

Types: ``str``, ``int`` (a count: whole numbers, empty where unknown; nullable int64 in Parquet),
``float``, ``number`` (a count or a measure in one column: float64 in Parquet, and in CSV a whole
number is written without a decimal point, "103" not "103.0"), ``bool``, ``time`` (an instant,
UTC) and ``json`` (a list written as JSON text, so CSV and Parquet hold the same value). A fixed schema per table lets the
Parquet writer stream batches and gives CSV readers stable headers, even for an empty store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ColumnType = Literal["str", "int", "float", "number", "bool", "time", "json"]


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: ColumnType


def _columns(spec: str) -> tuple[Column, ...]:
    """``"name:type name:type ..."`` -> columns (keeps the table definitions readable)."""
    return tuple(Column(*item.split(":")) for item in spec.split())  # type: ignore[arg-type]


EVENTS = _columns(
    "event_id:str date:str kind:str title:str places:json"
    " killed:int killed_low:int killed_best:int killed_high:int"
    " injured:int injured_low:int injured_best:int injured_high:int"
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
    " low:number high:number unit:str qualifier:str stage:str subject:str reference:str shot:number scope:str scope_detail:str as_of:str"
    " label:str topic:str text:str negated:bool hedged:bool speaker:str role:str partial:bool background:bool name:str surface:str"
    " attributed_to:str extractor:str evidence_start:int evidence_end:int anchor_start:int anchor_end:int"
    " part:str anchor_text:str sentence:str"
)

TABLES: dict[str, tuple[Column, ...]] = {"events": EVENTS, "facts": FACTS, "mentions": MENTIONS}
