"""Figures of world news that no rule was written from, read end to end (shared data; skipped
where it is absent): one current value per kind, and no dispute between measurements of
different things."""

from __future__ import annotations

import csv
import json
from collections import Counter

import pytest

import crosscheck
from shared import shared_dir

pytestmark = pytest.mark.data


def test_ecb_topic_37_quakes_have_one_toll_each_and_no_invented_measurement_disputes(tmp_path) -> None:
    root = shared_dir() / "data" / "ecbplus"
    records = tmp_path / "t37.jsonl"
    with open(root / "manifest.csv", newline="", encoding="utf-8") as handle, open(records, "w", encoding="utf-8") as out:
        for row in csv.DictReader(handle):
            if row["topic"] == "37":
                out.write(json.dumps({"id": row["doc_id"], "text": (root / row["file"]).read_text(encoding="utf-8")}) + "\n")
    brief = crosscheck.brief([records], workers=1)
    assert len(brief.events) >= 2  # the 2013 Aceh quake and the earlier Papua quakes
    for event in brief.events:
        current = Counter(f.kind for f in event.figures if f.status == "current")
        assert current["killed"] <= 1 and current["injured"] <= 1, (event.title, current)
        disputed = [f for f in event.figures if f.status == "disputed" and f.kind in ("distance", "time")]
        assert not disputed, (event.title, [(f.kind, f.value, f.reference) for f in disputed])
    aceh = max(brief.events, key=lambda e: len(e.documents))
    assert {f.kind for f in aceh.figures if f.status == "current"} >= {"killed", "injured"}
