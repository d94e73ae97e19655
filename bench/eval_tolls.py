"""Event-level casualty figures against the Gun Violence Archive's counts.

For each GVA incident, its documents (the gold grouping, or the grouping crosscheck makes with
``--predicted``) are extracted and reconciled exactly as the brief does; the event's *current*
killed / injured figure is compared with GVA's count. No current figure counts as 0; a disputed
figure counts as wrong unless one of its current values equals the count. Besides the whole set,
the shares are given for incidents with even GVA ids (where rules were developed) and odd ids
(held out), so a rule that only fits the cases it was read from shows as a gap between the two.

    python bench/eval_tolls.py                  # all incidents with a GVA record
    python bench/eval_tolls.py --sample 500     # a reproducible sample of incidents
    python bench/eval_tolls.py --show 20        # also print 20 disagreements to inspect

Documents that report on two incidents are left out, as in the grouping benchmark.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.data import article, gva_incidents, gva_records  # noqa: E402
from crosscheck.extract import extract_article  # noqa: E402
from crosscheck.model import Extraction, FigureMention  # noqa: E402
from crosscheck.reconcile.figures import reconcile_figures  # noqa: E402

PEERS = {
    "killed>0": "regex max 0.146; spaCy dependency rules 0.232",
    "injured>0": "regex max 0.241; spaCy dependency rules 0.274",
    "killed=0": "0.94-0.97",
    "injured=0": "0.94-0.97",
}
REQUIRED = {"killed>0": 0.75, "injured>0": 0.70, "killed=0": 0.95, "injured=0": 0.95}


def _extract(record: dict) -> Extraction:
    return extract_article(article(record))


def current_values(extractions: list[Extraction], kind: str) -> set[float]:
    """The event's current values of ``kind`` as the brief reconciles them (empty: none stated).

    All figure mentions are reconciled together, as in the brief: the tolls of one kind depend on
    the others (a wounded victim who died moves from injured to killed).
    """
    mentions = [m for e in extractions for m in e.mentions if isinstance(m, FigureMention)]
    articles = {e.article.id: e.article for e in extractions}
    figures, _ = reconcile_figures(mentions, articles)
    return {
        float(f.value) for f in figures
        if f.kind == kind and f.status == "current" and isinstance(f.value, (int, float))
    }


def _share(results: list[bool]) -> float:
    return sum(results) / len(results) if results else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, default=None, help="number of incidents (default: all)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--show", type=int, default=0, help="print this many disagreements")
    args = parser.parse_args()

    incidents = gva_incidents()
    by_incident: dict[str, list[dict]] = defaultdict(list)
    for record in gva_records():
        if len(record["incidents"]) == 1 and incidents.get(record["incidents"][0]):
            by_incident[record["incidents"][0]].append(record)
    chosen = sorted(by_incident)
    if args.sample:
        chosen = sorted(random.Random(args.seed).sample(chosen, min(args.sample, len(chosen))))
    records = [r for i in chosen for r in by_incident[i]]
    started = time.perf_counter()
    with Pool(args.processes) as pool:
        extractions = {e.article.id: e for e in pool.imap_unordered(_extract, records, chunksize=16)}
    seconds = time.perf_counter() - started

    hits: dict[str, list[bool]] = defaultdict(list)
    misses = []
    for incident_id in chosen:
        event = [extractions[r["id"]] for r in by_incident[incident_id]]
        gold = incidents[incident_id]
        for kind, count in (("killed", gold.killed), ("injured", gold.injured)):
            if count is None:
                continue
            values = current_values(event, kind) or {0.0}
            ok = float(count) in values and len(values) == 1
            key = f"{kind}{'>0' if count > 0 else '=0'}"
            hits[key].append(ok)
            hits[f"{key} {'even' if int(incident_id) % 2 == 0 else 'odd'}"].append(ok)
            if not ok:
                misses.append((incident_id, kind, count, sorted(values), [r["id"] for r in by_incident[incident_id]]))

    print(f"command: python {' '.join(sys.argv)}")
    print(f"data: GVA pool, {len(chosen)} incidents, {len(records)} documents (gold grouping); "
          f"extraction {len(records) / seconds:.1f} docs/s with {args.processes} processes")
    print(f"{'measure':<12} {'incidents':>9} {'crosscheck':>10} {'even ids':>9} {'odd ids':>9} {'required':>9}  peers")
    for key in ("killed>0", "injured>0", "killed=0", "injured=0"):
        shares = [_share(hits.get(k, [])) for k in (key, f"{key} even", f"{key} odd")]
        print(f"{key:<12} {len(hits.get(key, [])):>9} {shares[0]:>10.3f} {shares[1]:>9.3f} {shares[2]:>9.3f} "
              f"{REQUIRED[key]:>9.2f}  {PEERS[key]}")
    for incident_id, kind, count, values, docs in misses[: args.show]:
        print(f"  incident {incident_id} {kind}: GVA {count}, crosscheck {values} ({', '.join(docs)})")


if __name__ == "__main__":
    main()
