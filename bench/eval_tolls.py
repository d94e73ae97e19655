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
    python bench/eval_tolls.py --figures-only --parity even --details misses.txt
                                                # faster; misses of even ids with their mentions
    python bench/eval_tolls.py --predicted      # end to end: crosscheck's own events, from a store

``--predicted`` is what an analyst gets: the whole pool (two-incident documents included) is
ingested as ``crosscheck ingest`` does it (JSON lines, full extraction, two workers, a fresh SQLite
store), and each incident is judged by the event holding most of its documents, reconciled from
what the store kept, with whatever else crosscheck grouped into that event. A split incident is
judged by its largest part; a merge brings the other incident's figures in.

``--figures-only`` runs only the figures extractor: reconciliation reads nothing else, so the
shares are the same. ``--details`` writes, for each disagreement, every casualty mention of the
incident's documents with its rule, stage and sentence, to read why a figure was current.

Documents that report on two incidents are left out, as in the grouping benchmark.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.data import Incident, article, gva_incidents, gva_records, write_jsonl  # noqa: E402
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


def _extract_figures(record: dict) -> Extraction:
    """Only the figures extractor: what reconciliation of tolls reads, at a fraction of the cost."""
    return extract_article(article(record), modules=("figures",))


def _details(incident_id: str, kind: str, count: int, values: list[float], event: list[Extraction]) -> str:
    """A disagreement with every casualty mention of its documents (rule, stage, sentence)."""
    mentions = [m for e in event for m in e.mentions if isinstance(m, FigureMention)]
    figures, _ = reconcile_figures(mentions, {e.article.id: e.article for e in event})
    lines = [f"## incident {incident_id} {kind}: GVA {count}, crosscheck {values}"]
    for f in figures:
        if f.kind in ("killed", "injured"):
            lines.append(f"   {f.kind}={f.value} {f.status} ({len(f.evidence)} mentions)")
    for e in event:
        lines.append(f"  doc {e.article.id} ({e.article.published}) {e.article.title!r}")
        for m in e.mentions:
            if isinstance(m, FigureMention) and m.kind.value in ("killed", "injured"):
                sentence = m.evidence.text(e.article).replace("\n", " ")
                anchor = m.anchor.text(e.article)
                stage = m.stage.value if m.stage else "-"
                lines.append(f"    {m.kind.value}={m.value} {m.extractor} stage={stage} [{anchor}] :: {sentence[:400]}")
    return "\n".join(lines)


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


def _gold_events(chosen: list[str], by_incident: dict[str, list[dict]], args: argparse.Namespace
                 ) -> dict[str, list[Extraction]]:
    """Each chosen incident's documents, extracted in a pool: the gold grouping."""
    records = [r for i in chosen for r in by_incident[i]]
    with Pool(args.processes) as pool:
        function = _extract_figures if args.figures_only else _extract
        extractions = {e.article.id: e for e in pool.imap_unordered(function, records, chunksize=16)}
    return {i: [extractions[r["id"]] for r in by_incident[i]] for i in chosen}


def _predicted_events(
    by_incident: dict[str, list[dict]], workers: int
) -> tuple[dict[str, list[Extraction]], int, set[str]]:
    """Each incident's event as crosscheck groups the whole pool, how many documents were stored,
    and the incidents split into two or more largest parts of one size (``tied``).

    The incident's event is the one holding most of its documents (ties: the smallest event id, so
    the choice does not depend on dict order).
    """
    from crosscheck.ingest import iter_inputs
    from crosscheck.corpus import Corpus

    with tempfile.TemporaryDirectory(prefix="crosscheck-eval-tolls-") as tmp:
        source = write_jsonl(gva_records(), "gva.jsonl", Path(tmp))
        store = Corpus(Path(tmp) / "eval.db")
        try:
            summary = store.add(iter_inputs([source]), workers=workers)
            grouping = store.grouping()
            events = {}
            ties = {i for i, records in by_incident.items() if tied([r["id"] for r in records], grouping)}
            for incident_id, records in by_incident.items():
                event_id = largest_event([r["id"] for r in records], grouping)
                # no document stored (empty bodies): nothing stated
                events[incident_id] = store.extractions(event_id) if event_id is not None else []
        finally:
            store.close()
    return events, summary.added, ties


def _largest_parts(doc_ids: list[str], grouping: dict[str, str]) -> list[str]:
    """The events holding the most of ``doc_ids`` (several when they hold as many)."""
    votes = Counter(grouping[d] for d in doc_ids if d in grouping)
    best = max(votes.values(), default=0)
    return [e for e, n in votes.items() if n == best]


def tied(doc_ids: list[str], grouping: dict[str, str]) -> bool:
    """Whether the documents' largest event is one of two or more of the same size: which one
    ``largest_event`` judges then rests on the events' ids, not on the grouping."""
    return len(_largest_parts(doc_ids, grouping)) > 1


def largest_event(doc_ids: list[str], grouping: dict[str, str]) -> str | None:
    """The event holding most of ``doc_ids`` (ties: the smallest event id, so the choice does not
    depend on dict order); ``None`` when none of them is grouped."""
    return min(_largest_parts(doc_ids, grouping), default=None)


def incident_records() -> tuple[dict, dict[str, list[dict]]]:
    """GVA's incidents and, per incident with a record, its single-incident documents."""
    incidents = gva_incidents()
    by_incident: dict[str, list[dict]] = defaultdict(list)
    for record in gva_records():
        if len(record["incidents"]) == 1 and incidents.get(record["incidents"][0]):
            by_incident[record["incidents"][0]].append(record)
    return incidents, by_incident


def judged(gold: Incident, event: list[Extraction]) -> list[tuple[str, str, int, list[float], bool]]:
    """``(kind, measure, GVA count, current values, right)`` of one incident's event, for each count
    GVA gives: right when the event's only current value equals the count (none stated counts as 0)."""
    out = []
    for kind, count in (("killed", gold.killed), ("injured", gold.injured)):
        if count is None:
            continue
        values = current_values(event, kind) or {0.0}
        ok = float(count) in values and len(values) == 1
        out.append((kind, f"{kind}{'>0' if count > 0 else '=0'}", count, sorted(values), ok))
    return out


def _share(results: list[bool]) -> float:
    return sum(results) / len(results) if results else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, default=None, help="number of incidents (default: all)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--show", type=int, default=0, help="print this many disagreements")
    parser.add_argument("--figures-only", action="store_true", help="run only the figures extractor (same shares)")
    parser.add_argument("--parity", choices=("even", "odd"), default=None, help="only incidents with even / odd ids")
    parser.add_argument("--details", type=Path, default=None, help="write disagreements with their mentions here")
    parser.add_argument("--predicted", action="store_true",
                        help="judge each incident by the event crosscheck groups it into (full ingest into a store)")
    args = parser.parse_args()
    if args.predicted and (args.figures_only or args.sample):
        parser.error("--predicted ingests the whole pool with full extraction: no --figures-only or --sample")

    incidents, by_incident = incident_records()
    chosen = sorted(by_incident)
    if args.parity:
        chosen = [i for i in chosen if int(i) % 2 == (0 if args.parity == "even" else 1)]
    if args.sample:
        chosen = sorted(random.Random(args.seed).sample(chosen, min(args.sample, len(chosen))))
    records = [r for i in chosen for r in by_incident[i]]
    started = time.perf_counter()
    ties: set[str] = set()
    if args.predicted:
        events, documents, ties = _predicted_events(by_incident, args.processes)
        grouping, step = "crosscheck's grouping", "ingest into a store"
    else:
        events, documents = _gold_events(chosen, by_incident, args), len(records)
        grouping, step = "gold grouping", "extraction"
    seconds = time.perf_counter() - started

    hits: dict[str, list[bool]] = defaultdict(list)
    misses = []
    details = []
    for incident_id in chosen:
        event = events[incident_id]
        for kind, key, count, values, ok in judged(incidents[incident_id], event):
            hits[key].append(ok)
            hits[f"{key} {'even' if int(incident_id) % 2 == 0 else 'odd'}"].append(ok)
            if not ok:
                misses.append((incident_id, kind, count, values, [r["id"] for r in by_incident[incident_id]]))
                if args.details:
                    details.append(_details(incident_id, kind, count, values, event))

    print(f"command: python {' '.join(sys.argv)}")
    print(f"data: GVA pool, {len(chosen)} incidents, {documents} documents ({grouping}); "
          f"{step} {documents / seconds:.1f} docs/s with {args.processes} processes")
    # The share is printed to four places and compared unrounded: 0.9496 is not 0.95.
    print(f"{'measure':<12} {'right':>11} {'crosscheck':>10} {'even ids':>9} {'odd ids':>9} {'required':>9} {'met':>4}  peers")
    for key in ("killed>0", "injured>0", "killed=0", "injured=0"):
        shares = [_share(hits.get(k, [])) for k in (key, f"{key} even", f"{key} odd")]
        right = f"{sum(hits.get(key, []))}/{len(hits.get(key, []))}"
        met = "yes" if shares[0] >= REQUIRED[key] else "no"
        print(f"{key:<12} {right:>11} {shares[0]:>10.4f} {shares[1]:>9.3f} {shares[2]:>9.3f} "
              f"{REQUIRED[key]:>9.2f} {met:>4}  {PEERS[key]}")
    if ties:
        wrong = Counter(f"{kind}{'>0' if count > 0 else '=0'}" for incident_id, kind, count, _, _ in misses
                        if incident_id in ties)
        print(f"{len(ties)} incidents split into equal largest parts, judged by the smallest event id; "
              f"wrong among them: {', '.join(f'{k} {n}' for k, n in sorted(wrong.items())) or 'none'}")
    if args.details:
        args.details.write_text("\n".join(details) + "\n", encoding="utf-8")
    for incident_id, kind, count, values, docs in misses[: args.show]:
        print(f"  incident {incident_id} {kind}: GVA {count}, crosscheck {values} ({', '.join(docs)})")


if __name__ == "__main__":
    main()
