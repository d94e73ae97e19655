"""Regroup a stored GVA pool in memory with other grouping constants: B3 and end-to-end tolls at once.

Run:  .venv/bin/python bench/regroup.py --db gva.db --build            # ingest the pool once (~1 min)
      .venv/bin/python bench/regroup.py --db gva.db                    # the defaults
      .venv/bin/python bench/regroup.py --db gva.db day_penalty=0.1 threshold=0.28

A grouping change trades the grouping's B3 (required 0.92 on GVA) against the tolls of its events
(``eval_tolls.py --predicted``: a merge brings another incident's dead into an event). Measuring
both through the store takes two ingests; this reads what one ingest stored (each document's
grouping features and mentions, as ``--build`` ingests the pool: JSON lines, full extraction, two
workers), regroups all documents at once as the local engine does (``engines.steps.group``, one
partition) with the constants given as ``NAME=VALUE`` (fields of ``GroupingParams``; ``None``
for an optional one), and judges every incident by the event holding most of its documents, as
``eval_tolls.py --predicted`` does. A change to the features themselves needs a new ``--build``.

All at once is not the store's incremental grouping: on the same store the figures differ a little
(B3 0.928 here against 0.924 from the store in file order, measured on one store), so a change measured here is
confirmed with ``bench_grouping.py`` and ``eval_tolls.py --predicted`` before it lands.
"""

from __future__ import annotations

import argparse
import pickle
import sqlite3
import sys
import time
from contextlib import closing
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from b3 import b_cubed  # noqa: E402
from bench_grouping import half_scores, halves_of, load  # noqa: E402
from eval_tolls import PEERS, REQUIRED, incident_records, judged, largest_event  # noqa: E402

from crosscheck.engines.steps import group  # noqa: E402
from crosscheck.events.features import DocFeatures  # noqa: E402
from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams  # noqa: E402
from crosscheck.events.presets import PRESETS  # noqa: E402
from crosscheck.events.partition import Node  # noqa: E402
from crosscheck.model import Extraction  # noqa: E402
from crosscheck.corpus import Corpus  # noqa: E402
from crosscheck.store import Store  # noqa: E402


def build(db: Path) -> None:
    """Ingest the GVA pool into a fresh store at ``db``, as ``eval_tolls.py --predicted`` does."""
    import tempfile

    from crosscheck.ingest import iter_inputs
    from data import gva_records, write_jsonl

    db.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="crosscheck-regroup-") as tmp:
        source = write_jsonl(gva_records(), "gva.jsonl", Path(tmp))
        with Corpus(db) as store:
            summary = store.add(iter_inputs([source]), workers=2)
    print(f"stored {summary.added} documents in {db} ({len(summary.failed)} refused)")


def stored(db: Path) -> tuple[list[Node], dict[str, Extraction]]:
    """Every document's features in ingest order and its extraction, from ``db``.

    The extractions are cached beside the store (``<db>.regroup.pickle``, rebuilt when the store is
    newer): rebuilding them from the mentions takes longer than a regrouping.
    """
    cache = db.with_name(db.name + ".regroup.pickle")
    if cache.exists() and cache.stat().st_mtime >= db.stat().st_mtime:
        return pickle.loads(cache.read_bytes())
    with closing(sqlite3.connect(db)) as connection:
        rows = connection.execute("SELECT doc_id, features FROM heads ORDER BY rowid").fetchall()
    nodes = [Node(seq, doc_id, DocFeatures.from_json(raw)) for seq, (doc_id, raw) in enumerate(rows)]
    extractions: dict[str, Extraction] = {}
    with Store(db) as store:
        for event_id in sorted(set(store.grouping().values())):
            extractions.update((e.article.id, e) for e in store.extractions(event_id))
    cache.write_bytes(pickle.dumps((nodes, extractions)))
    return nodes, extractions


def params_from(pairs: list[str], base: GroupingParams = DEFAULT_PARAMS) -> GroupingParams:
    """``base`` (a preset's constants) with ``NAME=VALUE`` overrides, each value of its field's type."""
    types = {f.name: type(getattr(DEFAULT_PARAMS, f.name)) for f in fields(GroupingParams)}
    overrides: dict[str, object] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in types:
            raise SystemExit(f"regroup: {name!r} is no field of GroupingParams")
        if value == "None":
            overrides[name] = None
        elif types[name] is bool:
            overrides[name] = value.lower() in ("1", "true", "yes")
        else:
            overrides[name] = (float if types[name] is type(None) else types[name])(value)
    return replace(base, **overrides)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, required=True, help="a store of the GVA pool (see --build)")
    parser.add_argument("--build", action="store_true", help="ingest the GVA pool into --db first")
    parser.add_argument("--preset", default="default", choices=sorted(PRESETS), help="the constants to start from")
    parser.add_argument("overrides", nargs="*", metavar="NAME=VALUE", help="GroupingParams fields")
    args = parser.parse_args()
    params = params_from(args.overrides, PRESETS[args.preset].params)
    if args.build:
        build(args.db)
    nodes, extractions = stored(args.db)
    started = time.perf_counter()
    events = group(nodes, 1, params)
    seconds = time.perf_counter() - started
    grouping = {doc_id: str(k) for k, event in enumerate(events) for doc_id in event}
    members = {str(k): event for k, event in enumerate(events)}

    print(f"command: python bench/regroup.py {' '.join(sys.argv[1:])}")
    print(f"data: GVA pool as stored in {args.db}, {len(nodes)} documents regrouped at once in {seconds:.1f} s; "
          f"preset {args.preset}; overrides: {', '.join(args.overrides) or 'none'}")
    records, gold = load("GVA")
    precision, recall, f1 = b_cubed(grouping, gold)
    halves = half_scores(grouping, gold, halves_of("GVA", records, gold))
    print(f"B3 P {precision:.4f} R {recall:.4f} F1 {f1:.4f}; halves {halves[0][2]:.4f} / {halves[1][2]:.4f}"
          f"  [required 0.92; peer TF-IDF + 3-day window 0.876]")

    incidents, by_incident = incident_records()
    hits: dict[str, list[bool]] = {key: [] for key in REQUIRED}
    for incident_id, incident_docs in sorted(by_incident.items()):
        event_id = largest_event([r["id"] for r in incident_docs], grouping)
        event = [extractions[d] for d in members[event_id] if d in extractions] if event_id is not None else []
        for _, key, _, _, ok in judged(incidents[incident_id], event):
            hits[key].append(ok)
    for key, results in hits.items():
        share = sum(results) / len(results)
        print(f"{key:<10} {sum(results):>5}/{len(results):<5} {share:.4f}  required {REQUIRED[key]:.2f}  peers {PEERS[key]}")


if __name__ == "__main__":
    main()
