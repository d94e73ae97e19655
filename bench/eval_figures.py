"""Measure the figures extractor on the Gun Violence Archive pool of SemEval-2018 Task 5.

    .venv/bin/python bench/eval_figures.py [--sample N] [--seed S] [--show 30] [--misses 30]

(1) Incident-level agreement with GVA's killed / injured counts. Aggregation, kept simple on
purpose (reconciliation does the real work later): per document, the figure of a kind is the
largest value among its mentions that are not marked ``initial``; per incident, the value stated
by most of its documents (ties -> the highest); an incident none of whose documents states a
figure gets 0. Printed beside the peers' baselines.
(2) A random sample of extracted casualty mentions with their sentences, and of sentences with
casualty words that yielded nothing, for hand checking.
(3) Speed: documents per second for splitting + extraction, and milliseconds per document for the
extractor alone.

Needs the shared data folder (env CROSSCHECK_SHARED, default ../shared next to the repo); exits
with a message when it is absent.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crosscheck.extract.figures import extract  # noqa: E402
from crosscheck.extract.figures.sentence import _CASUALTY_WORD  # noqa: E402
from crosscheck.model import Article, FigureKind, FigureMention, Stage  # noqa: E402
from crosscheck.nlp.document import AnalyzedDoc  # noqa: E402

PEERS = {"regex (peers' best)": (0.146, 0.241), "spaCy dependency rules (peers)": (0.232, 0.274)}
TARGET = {"killed": 0.75, "injured": 0.70, "zero": 0.95}


def shared_dir() -> Path | None:
    root = Path(os.environ.get("CROSSCHECK_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    return root if (root / "data" / "semeval2018t5-gva" / "manifest.csv").exists() else None


def load(pool: Path) -> tuple[list[dict], dict[str, dict]]:
    with open(pool / "manifest.csv", newline="", encoding="utf-8") as handle:
        docs = list(csv.DictReader(handle))
    with open(pool / "incidents.csv", newline="", encoding="utf-8") as handle:
        incidents = {row["incident_id"]: row for row in csv.DictReader(handle) if row["num_killed"] != ""}
    return docs, incidents


def doc_figures(mentions: list[FigureMention], how: str = "max") -> dict[str, float]:
    """Per kind, one figure for the document, from the mentions not marked initial.

    ``max``: the largest (a part, "one of them died", never beats the whole). ``first``: the first
    stated (the lede gives the toll), unless a later one is marked revised or latest.
    """
    out: dict[str, float] = {}
    for m in mentions:
        if m.kind not in (FigureKind.KILLED, FigureKind.INJURED) or m.stage is Stage.INITIAL:
            continue
        value = m.value if isinstance(m.value, float) else m.high
        if value is None:
            continue
        kind = m.kind.value
        if how == "max":
            out[kind] = max(out.get(kind, 0.0), value)
        elif kind not in out or m.stage in (Stage.REVISED, Stage.LATEST):
            out[kind] = value
    return out


def incident_value(values: list[float]) -> float:
    """The value stated by most documents, ties -> highest; none stated -> 0."""
    if not values:
        return 0.0
    counts = Counter(values)
    best = max(counts.values())
    return max(v for v, c in counts.items() if c == best)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=0, help="use N random incidents (0 = all)")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--show", type=int, default=30, help="extracted casualty mentions to print")
    parser.add_argument("--misses", type=int, default=30, help="casualty sentences without figures to print")
    parser.add_argument("--aggregate", choices=("max", "first"), default="first", help="per-document figure (see doc_figures)")
    parser.add_argument("--disagreements", type=int, default=0, help="incidents disagreeing with GVA to print")
    parser.add_argument("--kind", choices=("killed", "injured"), default="killed", help="kind for --disagreements")
    args = parser.parse_args()
    shared = shared_dir()
    if shared is None:
        print("SKIP: shared data not found (set CROSSCHECK_SHARED to the folder holding data/semeval2018t5-gva)")
        return 0
    pool = shared / "data" / "semeval2018t5-gva"
    docs, incidents = load(pool)
    rng = random.Random(args.seed)
    chosen = set(incidents)
    if args.sample:
        chosen = set(rng.sample(sorted(incidents), min(args.sample, len(incidents))))
    docs = [d for d in docs if set(d["incident_ids"].split(";")) & chosen]

    per_incident: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    found_mentions, silent = [], []
    spent_split = spent_extract = 0.0
    details: dict[str, tuple] = {}
    for row in docs:
        text = (pool / row["file"]).read_text(encoding="utf-8")
        article = Article(id=row["doc_id"], text=text, source=row["file"], published=row["dct"] or None)
        t0 = time.process_time()
        doc = AnalyzedDoc(article)
        t1 = time.process_time()
        mentions = list(extract(doc))
        spent_split += t1 - t0
        spent_extract += time.process_time() - t1
        casualty = [m for m in mentions if m.kind.is_casualty]
        hit = {m.evidence.start for m in casualty}
        for m in casualty:
            found_mentions.append((row["doc_id"], m, text))
        for s in doc.sentences:
            if _CASUALTY_WORD.search(s.text) and s.evidence.start not in hit:
                silent.append((row["doc_id"], s.text))
        figures = doc_figures(mentions, args.aggregate)
        details[row["doc_id"]] = (figures, [m for m in casualty if m.kind.value == args.kind], text)
        for incident in row["incident_ids"].split(";"):
            if incident in chosen:
                for kind in ("killed", "injured"):
                    if kind in figures:
                        per_incident[incident][kind].append(figures[kind])

    print(f"command: {' '.join(sys.argv)}")
    print(f"data: {pool} | {len(chosen)} incidents with GVA counts, {len(docs)} documents")
    report_agreement(chosen, incidents, per_incident)
    n = len(docs)
    print(f"\nspeed (CPU time, one process): {n / (spent_split + spent_extract):.0f} docs/s split+extract, "
          f"extract {1000 * spent_extract / max(n, 1):.2f} ms/doc with attribution_of, "
          f"{own_cost(pool, docs[:500]):.2f} ms/doc without it; no spaCy parse is asked for by figures "
          f"(mean {sum(len((pool / d['file']).read_text(encoding='utf-8')) for d in docs[:200]) / max(min(n, 200), 1):.0f} chars/doc)")
    print_sample(rng, found_mentions, silent, args.show, args.misses)
    if args.disagreements:
        print_disagreements(rng, docs, chosen, incidents, per_incident, details, args.kind, args.disagreements)
    return 0


def print_disagreements(rng, docs, chosen, incidents, per_incident, details, kind: str, n: int) -> None:
    """Incidents whose aggregated figure differs from GVA's, with each document's mentions."""
    column = "num_killed" if kind == "killed" else "num_injured"
    wrong = sorted(i for i in chosen if incident_value(per_incident[i][kind]) != int(incidents[i][column]))
    by_incident = defaultdict(list)
    for row in docs:
        for incident in row["incident_ids"].split(";"):
            by_incident[incident].append(row["doc_id"])
    print(f"\n--- {min(n, len(wrong))} random incidents of {len(wrong)} where {kind} differs from GVA ---")
    for incident in rng.sample(wrong, min(n, len(wrong))):
        print(f"incident {incident}: GVA {kind}={incidents[incident][column]} ours={incident_value(per_incident[incident][kind])}")
        for doc_id in by_incident[incident]:
            figures, mentions, text = details[doc_id]
            print(f"  doc {doc_id[:8]} {kind}={figures.get(kind)}")
            for m in mentions:
                sentence = " ".join(text[m.evidence.start : m.evidence.end].split())
                print(f"     {m.value} {m.extractor} st={m.stage and m.stage.value} | {sentence[:220]}")


def own_cost(pool: Path, rows: list[dict]) -> float:
    """CPU ms/doc of the figures rules alone (attribution switched off), on fresh documents."""
    from crosscheck.extract import figures
    from crosscheck.extract.figures import provenance

    docs = [AnalyzedDoc(Article(id=r["doc_id"] + "-own", text=(pool / r["file"]).read_text(encoding="utf-8") + " ",
                                source=r["file"], published=r["dct"] or None)) for r in rows]
    saved = provenance.attribution_of
    provenance.attribution_of = lambda *args, **kwargs: None
    try:
        t0 = time.process_time()
        for doc in docs:
            list(figures.extract(doc))
        return 1000 * (time.process_time() - t0) / max(len(docs), 1)
    finally:
        provenance.attribution_of = saved


def report_agreement(chosen: set[str], incidents: dict[str, dict], per_incident: dict) -> None:
    """Agreement rates, split by GVA count > 0 and == 0, beside the baselines."""
    rows = {}
    for kind, column in (("killed", "num_killed"), ("injured", "num_injured")):
        pos = [i for i in chosen if int(incidents[i][column]) > 0]
        zero = [i for i in chosen if int(incidents[i][column]) == 0]
        ok_pos = sum(incident_value(per_incident[i][kind]) == int(incidents[i][column]) for i in pos)
        ok_zero = sum(incident_value(per_incident[i][kind]) == 0 for i in zero)
        rows[kind] = (ok_pos / max(len(pos), 1), len(pos), ok_zero / max(len(zero), 1), len(zero))
    print(f"\n{'system':34} {'killed>0':>9} {'injured>0':>10} {'killed=0':>9} {'injured=0':>10}")
    for name, (k, i) in PEERS.items():
        print(f"{name:34} {k:9.3f} {i:10.3f} {'':>9} {'':>10}")
    k, i = rows["killed"], rows["injured"]
    print(f"{'crosscheck figures':34} {k[0]:9.3f} {i[0]:10.3f} {k[2]:9.3f} {i[2]:10.3f}")
    print(f"{'target':34} {TARGET['killed']:9.2f} {TARGET['injured']:10.2f} {TARGET['zero']:9.2f} {TARGET['zero']:10.2f}")
    print(f"(incidents: killed>0 {k[1]}, killed=0 {k[3]}, injured>0 {i[1]}, injured=0 {i[3]})")


def print_sample(rng: random.Random, found: list, silent: list, show: int, misses: int) -> None:
    print(f"\n--- {min(show, len(found))} random casualty mentions of {len(found)} ---")
    for doc_id, m, text in rng.sample(found, min(show, len(found))):
        sentence = " ".join(text[m.evidence.start : m.evidence.end].split())
        print(f"[{doc_id[:8]}] {m.kind.value}={m.value} q={m.qualifier} st={m.stage and m.stage.value} "
              f"{m.extractor} anchor={text[m.anchor.start:m.anchor.end]!r}\n    {sentence[:300]}")
    print(f"\n--- {min(misses, len(silent))} random casualty-word sentences without a figure, of {len(silent)} ---")
    for doc_id, sentence in rng.sample(silent, min(misses, len(silent))):
        print(f"[{doc_id[:8]}] {' '.join(sentence.split())[:300]}")


if __name__ == "__main__":
    raise SystemExit(main())
