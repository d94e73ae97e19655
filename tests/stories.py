"""Reports written for the end-to-end story tests (``test_*_story.py``), briefed as the CLI reads
JSON lines: each test module holds its reports as records, this writes and briefs them."""

from __future__ import annotations

import json
from pathlib import Path

import crosscheck
from crosscheck.facts import Brief, EventBrief


def brief_of(reports: list[dict[str, str]], folder: Path) -> Brief:
    """The brief of ``reports`` written as one JSON-lines file in ``folder``."""
    path = folder / "reports.jsonl"
    path.write_text("".join(json.dumps(report) + "\n" for report in reports), encoding="utf-8")
    return crosscheck.brief([path])


def the_event(brief: Brief) -> EventBrief:
    """The one event of a brief (a story's reports are one event)."""
    (event,) = brief.events
    return event


def whole_statuses(event: EventBrief, kind: str) -> dict[float, str]:
    """The status of each whole-event value of one figure kind (parts left out)."""
    return {f.value: f.status for f in event.figures if f.kind == kind and f.scope == "whole"}
