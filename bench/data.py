"""Benchmark inputs made from ``../shared/data`` into a temporary directory (never into the repo).

* GVA: the SemEval-2018 Task 5 pool as JSON lines (``id``, ``title``, ``text`` = the body after
  the title's blank line, ``published`` = ``dct``, ``url``), with gold incident ids and GVA counts.
* ECB+: one record per document (no title, no publication date: text only), gold = (topic, subtopic).

``replicate`` makes larger GVA-like corpora for the scaling runs: copy *k* gets new ids and
publication dates shifted by ``k * 1500`` days, so copies never fall in one time window.
"""

from __future__ import annotations

import csv
import json
import os
import tempfile
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Iterator

from crosscheck.ingest.urls import outlet_from_url
from crosscheck.model import Article


def shared_dir() -> Path:
    """``$CROSSCHECK_SHARED`` or ``<repo>/../shared``."""
    default = Path(__file__).resolve().parents[1].parent / "shared"
    path = Path(os.environ.get("CROSSCHECK_SHARED", default))
    if not (path / "data").is_dir():
        raise SystemExit(f"shared data not found at {path}/data (set CROSSCHECK_SHARED)")
    return path


@dataclass(frozen=True)
class Incident:
    killed: int | None
    injured: int | None


def gva_records(limit: int | None = None) -> Iterator[dict]:
    """GVA documents as JSON-lines records, with gold ``incidents`` (list of ids)."""
    root = shared_dir() / "data" / "semeval2018t5-gva"
    with open(root / "manifest.csv", newline="", encoding="utf-8") as handle:
        for index, row in enumerate(csv.DictReader(handle)):
            if limit is not None and index >= limit:
                return
            raw = (root / row["file"]).read_text(encoding="utf-8")
            title, _, body = raw.partition("\n\n")
            url = row["archive_url"]
            original = url.split("/", 5)[-1] if url.startswith("http://web.archive.org/web/") else url
            yield {
                "id": row["doc_id"], "title": title.strip(), "text": body, "published": row["dct"],
                "url": original, "incidents": row["incident_ids"].split(";"),
            }


def gva_incidents() -> dict[str, Incident]:
    root = shared_dir() / "data" / "semeval2018t5-gva"
    result = {}
    with open(root / "incidents.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            killed = int(row["num_killed"]) if row["num_killed"].strip() else None
            injured = int(row["num_injured"]) if row["num_injured"].strip() else None
            result[row["incident_id"]] = Incident(killed, injured)
    return result


def ecb_records() -> Iterator[dict]:
    """ECB+ documents with gold ``incidents`` = ``["<topic>/<subtopic>"]`` and ``topic``."""
    root = shared_dir() / "data" / "ecbplus"
    with open(root / "manifest.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            yield {
                "id": row["doc_id"], "text": (root / row["file"]).read_text(encoding="utf-8"),
                "incidents": [f"{row['topic']}/{row['subtopic']}"], "topic": int(row["topic"]),
            }


def replicate(records: list[dict], copies: int) -> Iterator[dict]:
    """``copies`` copies of GVA records with new ids and dates shifted ``k * 1500`` days."""
    for k in range(copies):
        for record in records:
            day = date.fromisoformat(record["published"]) + timedelta(days=1500 * k)
            yield {**record, "id": f"{record['id']}-{k}", "published": day.isoformat(),
                   "incidents": [f"{i}-{k}" for i in record["incidents"]]}


def article(record: dict, source: str = "bench") -> Article:
    """The Article a JSON-lines ingest of ``record`` gives (for benches that skip file reading)."""
    return Article(id=record["id"], text=record["text"], source=source, url=record.get("url"),
                   outlet=outlet_from_url(record.get("url")), published=record.get("published"),
                   title=record.get("title"))


def write_jsonl(records: Iterator[dict], name: str, directory: Path | None = None) -> Path:
    """Write records (without gold fields) as JSON lines into a temp directory; return the path."""
    directory = directory or Path(tempfile.mkdtemp(prefix="crosscheck-bench-"))
    path = directory / name
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            public = {k: v for k, v in record.items() if k not in ("incidents", "topic")}
            handle.write(json.dumps(public) + "\n")
    return path
