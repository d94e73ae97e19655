"""Event grouping quality: B3 on ECB+ (no topic given, no dates) and on the GVA pool, beside peers.

Run:  .venv/bin/python bench/bench_grouping.py [--extract none|full] [--fit] [--orders 3]

* ``--fit`` grid-searches the decision constants on one half of each corpus (ECB+ odd topics,
  GVA incidents with an odd hash) and reports them on the other half, then both ways round.
  The fit uses the same candidate blocking and similarity as the store, with the threshold graph's
  connected components computed in memory (exactly what incremental single-link assignment gives).
  The in-memory paths (``--fit``, ``--two-level``) score pairs without recurring names
  (``crosscheck.events.recurring``, which needs the ingest order): for a rule on names, measure
  with ``bench/regroup.py`` or the Store runs below.
* Then the real ``Corpus`` ingests each corpus with the default parameters, in file order and in
  ``--orders`` shuffled orders with different batch sizes; it reports B3 against gold and the B3
  between runs (1.0 = identical grouping).
* Articles are assembled by ingest's ``build_article`` (page furniture marked, headline found), as
  ``crosscheck ingest`` does with the same records as JSON lines; language detection is skipped.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import random
import sys
import time
from functools import lru_cache
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from b3 import b_cubed  # noqa: E402
from data import ecb_records, gva_records  # noqa: E402

from crosscheck.engines.steps import document_features  # noqa: E402
from crosscheck.events.features import DocFeatures  # noqa: E402
from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams, index_terms, index_weights, similarity  # noqa: E402
from crosscheck.events.presets import preset  # noqa: E402
from crosscheck.ingest.article import build_article  # noqa: E402
from crosscheck.ingest.options import IngestOptions  # noqa: E402
from crosscheck.model import Article, Extraction  # noqa: E402
from crosscheck.corpus import Corpus  # noqa: E402

PEERS = {
    "ECB+": "all singletons 0.161; TF-IDF + agglomerative tuned on ECB+ 0.875; MiniLM + agglomerative tuned 0.852",
    "GVA": "all singletons 0.732; TF-IDF tuned 0.831; TF-IDF + 3-day window 0.876",
}
REQUIRED = {"ECB+": 0.95, "GVA": 0.92}


_INGEST = IngestOptions(detect_language=False)


def article(record: dict) -> Article:
    """The Article ``crosscheck ingest`` makes of ``record`` as a JSON-lines line (furniture marked)."""
    return build_article(id=record["id"], text=record["text"], source="bench", options=_INGEST,
                         url=record.get("url"), published=record.get("published"), title=record.get("title"))


def no_extract(a):
    return Extraction(article=a, sentences=(), mentions=())


def full_extract(a):
    from crosscheck.extract import extract_article

    return extract_article(a)


def load(name: str) -> tuple[list[dict], dict[str, str]]:
    records = list(ecb_records() if name == "ECB+" else gva_records())
    records = [r for r in records if len(r["incidents"]) == 1]  # GVA: 39 two-incident documents left out
    return records, {r["id"]: r["incidents"][0] for r in records}


def components(n: int, edges: list[tuple[int, int]]) -> list[int]:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return [find(i) for i in range(n)]


def candidate_pairs(feats: list[DocFeatures], params: GroupingParams) -> list[tuple[int, int]]:
    """Pairs the store's blocking would compare: each doc vs the earlier docs sharing most index terms
    (weighted by ``index_weights``)."""
    postings: dict[str, list[int]] = defaultdict(list)
    pairs = []
    for i, f in enumerate(feats):
        shared: dict[int, int] = defaultdict(int)
        terms = list(dict.fromkeys(index_terms(f, params)))
        for term, weight in zip(terms, index_weights(terms, params)):
            for j in postings[term]:
                g = feats[j]
                if f.day is None or g.day is None or abs(f.day - g.day) <= params.max_gap_days:
                    shared[j] += weight
            postings[term].append(i)
        best = sorted(shared, key=lambda j: (-shared[j], j))[: params.candidate_limit]
        pairs.extend((j, i) for j in best)
    return pairs


def grid(small: bool = False) -> list[GroupingParams]:
    if small:  # threshold and the place terms, the rest at their defaults
        return [
            replace(DEFAULT_PARAMS, threshold=t, place_bonus=pb, place_penalty=pp)
            for t, pb, pp in itertools.product([0.3, 0.34, 0.37, 0.41], [0.0, 0.05, 0.1], [0.0, 0.05, 0.1, 0.2])
        ]
    out = []
    for thr, dp, yp, win, ms in itertools.product(
        [x / 100 for x in range(16, 62, 3)], [0.0, 0.05, 0.1, 0.2], [0.0, 0.15, 0.3], [1, 3, 7], [1, 3, 5]
    ):
        out.append(replace(DEFAULT_PARAMS, threshold=thr, day_penalty=dp, year_penalty=yp, window_days=win, min_shared=ms))
    return out


def _similarities(feats, pairs, params) -> list[float]:
    """Similarity of every candidate pair; the same for every threshold, so computed once per rest."""
    key = (id(feats), id(pairs), replace(params, threshold=0.0))
    if key not in _SIMS:
        _SIMS.clear()  # one entry is enough: the grid is walked threshold-last
        _SIMS[key] = [similarity(feats[a], feats[b], params) for a, b in pairs]
    return _SIMS[key]


_SIMS: dict = {}


def score_params(feats, ids, gold, pairs, params) -> float:
    sims = _similarities(feats, pairs, params)
    edges = [pair for pair, sim in zip(pairs, sims) if sim >= params.threshold]
    comp = components(len(feats), edges)
    return b_cubed({ids[i]: str(c) for i, c in enumerate(comp)}, gold)[2]


def fit(name: str, feats, ids, gold, half_of, small: bool) -> None:
    halves = {0: [i for i in range(len(ids)) if half_of(ids[i]) == 0], 1: [i for i in range(len(ids)) if half_of(ids[i]) == 1]}
    for fit_half, test_half in ((0, 1), (1, 0)):
        sub = {h: ([feats[i] for i in halves[h]], [ids[i] for i in halves[h]]) for h in (0, 1)}
        pairs = {h: candidate_pairs(sub[h][0], DEFAULT_PARAMS) for h in (0, 1)}
        candidates = sorted(grid(small), key=lambda p: (repr(replace(p, threshold=0.0)), p.threshold))
        best = max(candidates, key=lambda p: score_params(*sub[fit_half], gold, pairs[fit_half], p))
        f_fit = score_params(*sub[fit_half], gold, pairs[fit_half], best)
        f_test = score_params(*sub[test_half], gold, pairs[test_half], best)
        print(f"  fit {name} half {fit_half} -> threshold={best.threshold} day_penalty={best.day_penalty} "
              f"year_penalty={best.year_penalty} window={best.window_days} min_shared={best.min_shared} "
              f"place_bonus={best.place_bonus} place_penalty={best.place_penalty}: F1 fit half {f_fit:.3f}, held-out half {f_test:.3f}")
    pairs_all = candidate_pairs(feats, DEFAULT_PARAMS)
    print(f"  defaults on all of {name}: F1 {score_params(feats, ids, gold, pairs_all, DEFAULT_PARAMS):.3f}")


def linkage_check(name: str, feats, ids, gold, half_of) -> None:
    """What an event-level decision would give: hierarchical clustering of each half (in memory).

    The similarity is the store's, over the same blocked candidate pairs (other pairs count as -1);
    single linkage is what the store does; average and weighted (WPGMA) linkage judge a merge by
    all pairs of the two groups, which is what "join an event through enough of its documents"
    amounts to. Threshold fitted on one half, reported on the other.
    """
    import numpy as np
    from scipy.cluster.hierarchy import fcluster, linkage
    from scipy.spatial.distance import squareform

    thresholds = [0.1, 0.15, 0.2, 0.25, 0.3, 0.34, 0.37, 0.41]
    scores: dict[tuple[int, str, float], float] = {}
    for half in (0, 1):
        idx = [i for i in range(len(ids)) if half_of(ids[i]) == half]
        sub = [feats[i] for i in idx]
        sim = np.full((len(idx), len(idx)), -1.0)
        for a, b in candidate_pairs(sub, DEFAULT_PARAMS):
            sim[a, b] = sim[b, a] = similarity(sub[a], sub[b])
        distance = 2.0 - sim
        np.fill_diagonal(distance, 0.0)
        condensed = squareform(distance, checks=False)
        del sim, distance
        sub_gold = {ids[i]: gold[ids[i]] for i in idx}
        for method in ("single", "average", "weighted"):
            tree = linkage(condensed, method=method)
            for t in thresholds:
                labels = fcluster(tree, 2.0 - t, criterion="distance")
                scores[(half, method, t)] = b_cubed({ids[i]: str(labels[k]) for k, i in enumerate(idx)}, sub_gold)[2]
    for method in ("single", "average", "weighted"):
        for fit_half in (0, 1):
            best = max(thresholds, key=lambda t: scores[(fit_half, method, t)])
            print(f"  linkage {method}: fit half {fit_half} -> threshold {best}: F1 fit half "
                  f"{scores[(fit_half, method, best)]:.3f}, held-out half {scores[(1 - fit_half, method, best)]:.3f}")


TWO_LEVEL_T1 = [0.15, 0.2, 0.25, 0.3, 0.34, 0.37]
TWO_LEVEL_T2 = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.34, 0.37, 0.41]


def two_level(ids, feats, pairs, sims, t1: float, t2: float, method: str, pairs_from: str) -> tuple[dict[str, str], int]:
    """Level 1: components of the links >= ``t1``; level 2: ``cluster_component`` cut at ``t2``.

    ``pairs_from`` "candidates": every blocked candidate pair's similarity feeds level 2; "links":
    only the level-1 links (what a store keeping just its link edges would have). Returns the
    grouping and the size of the largest level-1 component.
    """
    from crosscheck.events.grouping import attach_lone_reports, attach_small_events, cluster_component, without_window_bonus

    edges = [pair for pair, sim in zip(pairs, sims) if sim >= t1]
    comp = components(len(feats), edges)
    members: dict[int, list[str]] = defaultdict(list)
    for i, c in enumerate(comp):
        members[c].append(ids[i])
    pair_sims: dict[int, dict[tuple[str, str], float]] = defaultdict(dict)
    for (a, b), sim in zip(pairs, sims):
        if comp[a] == comp[b] and sim > 0 and (pairs_from == "candidates" or sim >= t1):
            key = (ids[a], ids[b]) if ids[a] < ids[b] else (ids[b], ids[a])
            pair_sims[comp[a]][key] = sim
    grouping = {}
    attach = None if SIM_PARAMS.attach_threshold is None else max(t1, SIM_PARAMS.attach_threshold)
    lone = None if attach is None else attach - SIM_PARAMS.window_bonus  # as the store: links without the window bonus
    days = {doc: f.day for doc, f in zip(ids, feats)}
    for c, docs in members.items():
        links = {pair: sim for pair, sim in pair_sims.get(c, {}).items() if sim >= t1}
        split = cluster_component(docs, pair_sims.get(c, {}), t2, method)
        split = attach_small_events(split, links, attach, SIM_PARAMS.attach_max_size, SIM_PARAMS.attach_ratio)
        for event in attach_lone_reports(split, without_window_bonus(links, days, SIM_PARAMS), lone):
            for doc in event:
                grouping[doc] = event[0]
    return grouping, max(len(d) for d in members.values())


SIM_PARAMS = DEFAULT_PARAMS
"""Similarity constants for ``--two-level`` (``--window-bonus`` changes the same-window bonus)."""


def two_level_check(name: str, feats, ids, gold, half_of, pairs_from: str, dump: str | None = None) -> None:
    """Fit (t1, t2, method) of the two-level decision on one half, report on the other and on all.

    ``dump``: write every score (half or "all", method, t1, t2 -> B3 F1; "single" = single link at
    t1) to this JSON file, for ``--joint-fit`` (one setting for both corpora).
    """
    halves = {h: [i for i in range(len(ids)) if half_of(ids[i]) == h] for h in (0, 1)}
    data = {}
    for h, idx in halves.items():
        sub_f, sub_ids = [feats[i] for i in idx], [ids[i] for i in idx]
        pairs = candidate_pairs(sub_f, DEFAULT_PARAMS)
        data[h] = (sub_ids, sub_f, pairs, [similarity(sub_f[a], sub_f[b], SIM_PARAMS) for a, b in pairs])
    pairs_all = candidate_pairs(feats, DEFAULT_PARAMS)
    data["all"] = (ids, feats, pairs_all, [similarity(feats[a], feats[b], SIM_PARAMS) for a, b in pairs_all])
    scores: dict = {}
    biggest: dict = {}
    grid_ = [(m, t1, t2) for m in ("average", "weighted") for t1 in TWO_LEVEL_T1 for t2 in TWO_LEVEL_T2]
    if dump:
        import json

        rows = []
        for h in (0, 1, "all"):
            sub_ids = data[h][0]
            sub_gold = {d: gold[d] for d in sub_ids}
            for t in TWO_LEVEL_T1 + [0.41]:
                f = score_params(data[h][1], sub_ids, sub_gold, data[h][2], replace(SIM_PARAMS, threshold=t))
                rows.append([h, "single", t, t, f])
            for m, t1, t2 in grid_:
                grouping, big = two_level(*data[h], t1, t2, m, pairs_from)
                p, r, f = b_cubed(grouping, sub_gold)
                rows.append([h, m, t1, t2, f, p, r, big])
        Path(dump).write_text(json.dumps({"corpus": name, "window_bonus": SIM_PARAMS.window_bonus, "rows": rows}))
        print(f"  scores written to {dump}")
        return
    for h in (0, 1):
        sub_ids = data[h][0]
        sub_gold = {d: gold[d] for d in sub_ids}
        cpu = time.process_time()
        for m, t1, t2 in grid_:
            grouping, big = two_level(*data[h], t1, t2, m, pairs_from)
            scores[(h, m, t1, t2)] = b_cubed(grouping, sub_gold)[2]
            biggest[(h, t1)] = big
        print(f"  [{pairs_from}] half {h}: {len(grid_)} settings in {time.process_time() - cpu:.0f} s CPU; largest level-1 component "
              + ", ".join(f"t1 {t1}: {biggest[(h, t1)]}" for t1 in TWO_LEVEL_T1))
        single = max(score_params(data[h][1], sub_ids, sub_gold, data[h][2], replace(DEFAULT_PARAMS, threshold=t))
                     for t in TWO_LEVEL_T1 + [0.41])
        print(f"  [{pairs_from}] half {h}: best single link over t1 grid (in-sample) {single:.3f}")
    for m in ("average", "weighted"):
        for fit_half in (0, 1):
            best = max(((t1, t2) for _, t1, t2 in grid_ if _ == m), key=lambda k: scores[(fit_half, m, *k)])
            t1, t2 = best
            cpu = time.process_time()
            grouping, big = two_level(*data["all"], t1, t2, m, pairs_from)
            cpu = time.process_time() - cpu
            p, r, f = b_cubed(grouping, gold)
            print(f"  [{pairs_from}] {m}: fit half {fit_half} -> t1 {t1} t2 {t2}: F1 fit half {scores[(fit_half, m, t1, t2)]:.3f}, "
                  f"held-out half {scores[(1 - fit_half, m, t1, t2)]:.3f}; all of {name}: P {p:.3f} R {r:.3f} F1 {f:.3f}, "
                  f"largest component {big}, level 1+2 {1000 * cpu / len(ids):.2f} ms/doc CPU")


def joint_fit(ecb_json: str, *gva_jsons: str) -> None:
    """One setting for both corpora: the best sum of F1 over half h of ECB+ and half h of GVA,
    reported on the other half of each, and on all of each (in-sample there). Several GVA files
    (``--window-bonus`` runs) add the bonus to the setting (ECB+ has no dates: it does not care)."""
    import json

    ecb = {(str(r[0]), r[1], r[2], r[3]): r[4:] for r in json.loads(Path(ecb_json).read_text())["rows"]}
    gva = {}
    for path in gva_jsons:
        blob = json.loads(Path(path).read_text())
        for r in blob["rows"]:
            gva[(str(r[0]), blob.get("window_bonus", 0.12), r[1], r[2], r[3])] = r[4:]
    settings = sorted({k[1:] for k in gva if k[2:] in {e[1:] for e in ecb}})
    for method_set in (("single",), ("average", "weighted")):
        for fit_half in ("0", "1"):
            test_half = "1" if fit_half == "0" else "0"
            usable = [s for s in settings if s[1] in method_set]
            best = max(usable, key=lambda s: (ecb[(fit_half, *s[1:])][0] + gva[(fit_half, *s)][0], s[2], s[0]))
            wb, m, t1, t2 = best
            e_all, g_all = ecb[("all", *best[1:])], gva[("all", *best)]
            print(f"  {m} t1 {t1} t2 {t2} window bonus {wb} (fit on half {fit_half} of both): ECB+ fit {ecb[(fit_half, *best[1:])][0]:.3f} "
                  f"held-out {ecb[(test_half, *best[1:])][0]:.3f}, all {e_all[0]:.3f}; GVA fit {gva[(fit_half, *best)][0]:.3f} held-out "
                  f"{gva[(test_half, *best)][0]:.3f}, all {g_all[0]:.3f}"
                  + (f" (largest component ECB+ {e_all[3]}, GVA {g_all[3]})" if len(g_all) > 3 else ""))


HALVES = {"ECB+": "odd / even topics", "GVA": "incidents by SHA-1 parity"}


def halves_of(name: str, records: list[dict], gold: dict[str, str]):
    """The half (0 or 1) of each document id, as ``--fit`` splits the corpus: ECB+ by topic parity,
    GVA by the parity of the incident id's SHA-1 (every report of an incident in one half)."""
    if name == "ECB+":
        topic = {r["id"]: r["topic"] for r in records}
        return lambda d: topic[d] % 2
    return lambda d: int(hashlib.sha1(gold[d].encode()).hexdigest(), 16) % 2


def half_scores(grouping: dict[str, str], gold: dict[str, str], half_of) -> dict[int, tuple[float, float, float]]:
    """B3 of one grouping of the whole corpus, averaged over each half's documents.

    Each document's precision and recall are those of the whole run (its predicted event may hold
    reports of the other half, which count against it), averaged over the half's documents; so the
    two halves' figures, weighted by their sizes, give the corpus's P and R. Not the same as
    clustering each half alone (``--fit``, fewer distractors), but it shows a change that helps one
    half and costs the other.
    """
    by_pred: dict[str, set[str]] = defaultdict(set)
    by_gold: dict[str, set[str]] = defaultdict(set)
    docs = [d for d in gold if d in grouping]
    for d in docs:
        by_pred[grouping[d]].add(d)
        by_gold[gold[d]].add(d)
    out = {}
    for h in (0, 1):
        mine = [d for d in docs if half_of(d) == h]
        p = sum(len(by_pred[grouping[d]] & by_gold[gold[d]]) / len(by_pred[grouping[d]]) for d in mine) / max(1, len(mine))
        r = sum(len(by_pred[grouping[d]] & by_gold[gold[d]]) / len(by_gold[gold[d]]) for d in mine) / max(1, len(mine))
        out[h] = (p, r, 2 * p * r / (p + r) if p + r else 0.0)
    return out


SINGLE_LINK = preset("single-link")
"""The rule before two-level grouping (single link at 0.37), for ``--baseline``."""


def run_store(records, extract, order_seed: int | None, batch_size: int, params: GroupingParams = DEFAULT_PARAMS
              ) -> tuple[dict[str, str], float, float, int]:
    """Grouping, wall seconds, process CPU seconds of ``Corpus.add`` and the largest link component."""
    records = list(records)
    if order_seed is not None:
        random.Random(order_seed).shuffle(records)
    store = Corpus(":memory:", extract=extract, params=params)
    start, cpu = time.perf_counter(), time.process_time()
    store.add((article(r) for r in records), batch_size=batch_size)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    grouping = store.grouping()
    largest = store._db.execute("SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM heads GROUP BY component)").fetchone()[0]
    store.close()
    return grouping, elapsed, cpu, largest


def figures(limit: int | None) -> None:
    """GVA: the event's headline killed / injured vs GVA's count, per incident (full extraction)."""
    from collections import Counter

    from data import gva_incidents

    records, gold = load("GVA")
    records = records[:limit]
    incidents = gva_incidents()
    store = Corpus(":memory:", extract=full_extract)
    start = time.perf_counter()
    store.add(article(r) for r in records)
    elapsed = time.perf_counter() - start
    grouping = store.grouping()
    # each incident is judged by the event holding most of its documents
    votes: dict[str, Counter] = defaultdict(Counter)
    for doc, incident in gold.items():
        if doc in grouping:
            votes[incident][grouping[doc]] += 1
    tallies = {k: [0, 0, 0, 0] for k in ("killed", "injured")}  # hit>0, n>0, hit=0, n=0
    for incident, events in votes.items():
        record = incidents.get(incident)
        if record is None:
            continue
        headline = store.event(events.most_common(1)[0][0]).headline
        for kind, truth in (("killed", record.killed), ("injured", record.injured)):
            if truth is None:
                continue
            got = headline.get(kind, 0)
            slot = 0 if truth > 0 else 2
            tallies[kind][slot] += got == truth
            tallies[kind][slot + 1] += 1
    print(f"\n== GVA headline figures ({len(records)} documents, {elapsed:.0f} s, {len(records) / elapsed:.1f} docs/s with full extraction)")
    for kind, (hit, n, hit0, n0) in tallies.items():
        print(f"  {kind}: equal to GVA where GVA > 0: {hit / max(1, n):.3f} ({hit}/{n}); where GVA = 0: {hit0 / max(1, n0):.3f} ({hit0}/{n0})"
              f"   [required >= {0.75 if kind == 'killed' else 0.70} / >= 0.95; peers: regex max 0.146 / 0.241, spaCy dependency rules 0.232 / 0.274; 0.94-0.97 where 0]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--extract", choices=["none", "full"], default="none")
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--small-grid", action="store_true", help="48 sets (threshold x place terms) instead of 1,728")
    parser.add_argument("--linkage", action="store_true", help="with --fit: single/average/weighted linkage per half (scipy)")
    parser.add_argument("--two-level", choices=["candidates", "links"], default=None,
                        help="with --fit: components at a lower threshold, then average/weighted linkage inside each")
    parser.add_argument("--dump", default=None, help="with --two-level: write all scores to this JSON file, skip the report")
    parser.add_argument("--joint-fit", nargs="+", metavar="JSON", default=None,
                        help="ECB+ dump then GVA dump(s): one setting for both corpora, fit on half h of both, report on the other halves")
    parser.add_argument("--window-bonus", type=float, default=None, help="with --two-level: the same-window bonus of the similarity")
    parser.add_argument("--no-attach", action="store_true", help="lone reports stay alone (the earlier rule), in --two-level and in the Store runs")
    parser.add_argument("--attach-small", type=int, default=None, metavar="N",
                        help="events of 2..N reports join the one event (twice as large) they link into (GroupingParams.attach_max_size, 3 by default; 0: off)")
    parser.add_argument("--with-baseline", action="store_true", help="also one Store run with single link at 0.37, same extractions")
    parser.add_argument("--baseline", action="store_true", help="the Store with single link at 0.37 (the earlier one-level rule)")
    parser.add_argument("--orders", type=int, default=2)
    parser.add_argument("--corpus", choices=["ECB+", "GVA", "both"], default="both")
    parser.add_argument("--figures", action="store_true", help="only the GVA headline-figure check (full extraction)")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    global SIM_PARAMS
    if args.window_bonus is not None:
        SIM_PARAMS = replace(SIM_PARAMS, window_bonus=args.window_bonus)
    store_params = DEFAULT_PARAMS
    if args.no_attach:
        SIM_PARAMS = replace(SIM_PARAMS, attach_threshold=None)
        store_params = replace(DEFAULT_PARAMS, attach_threshold=None)
    if args.attach_small is not None:
        SIM_PARAMS = replace(SIM_PARAMS, attach_max_size=args.attach_small)
        store_params = replace(store_params, attach_max_size=args.attach_small)
    if args.joint_fit:
        joint_fit(*args.joint_fit)
        return
    if args.figures:
        print(f"command: .venv/bin/python bench/bench_grouping.py {' '.join(sys.argv[1:])}")
        figures(args.limit)
        return
    extract = full_extract if args.extract == "full" else no_extract
    if args.extract == "full":  # extract each document once for the fit and all store runs
        extract = lru_cache(maxsize=None)(extract)
    print(f"command: .venv/bin/python bench/bench_grouping.py {' '.join(sys.argv[1:])}")
    print(f"params: {SINGLE_LINK if args.baseline else store_params}")
    for name in (["ECB+", "GVA"] if args.corpus == "both" else [args.corpus]):
        records, gold = load(name)
        print(f"\n== {name}: {len(records)} documents, {len(set(gold.values()))} gold events "
              f"(data: ../shared/data/{'ecbplus' if name == 'ECB+' else 'semeval2018t5-gva'})")
        singletons = b_cubed({d: d for d in gold}, gold)
        half_of = halves_of(name, records, gold)
        print(f"  all singletons (measured here): P {singletons[0]:.3f} R {singletons[1]:.3f} F1 {singletons[2]:.3f}")
        if args.fit:
            extractions = [extract(article(r)) for r in records]
            cpu = time.process_time()
            feats = [document_features(e) for e in extractions]
            cpu = time.process_time() - cpu
            pairs = candidate_pairs(feats, DEFAULT_PARAMS)
            sim_cpu = time.process_time()
            for a, b in pairs:
                similarity(feats[a], feats[b])
            sim_cpu = time.process_time() - sim_cpu
            print(f"  cost (CPU time): features {1000 * cpu / len(feats):.2f} ms/doc; similarity over the blocked "
                  f"candidates {len(pairs) / len(feats):.0f} pairs/doc, {1000 * sim_cpu / len(feats):.2f} ms/doc")
            ids = [r["id"] for r in records]
            if not args.two_level:
                fit(name, feats, ids, gold, half_of, args.small_grid)
            if args.linkage:
                linkage_check(name, feats, ids, gold, half_of)
            if args.two_level:
                two_level_check(name, feats, ids, gold, half_of, args.two_level, args.dump)
        runs = []
        speed_note = " (extractions reused after the first run)" if args.extract == "full" else ""
        for k, (seed, batch) in enumerate([(None, 200)] + [(s, b) for s, b in zip(range(1, args.orders + 1), [1, 37, 500, 64])]):
            grouping, elapsed, cpu, largest = run_store(records, extract, seed, batch, SINGLE_LINK if args.baseline else store_params)
            p, r, f = b_cubed(grouping, gold)
            runs.append(grouping)
            label = "file order" if seed is None else f"shuffle seed {seed}"
            print(f"  Store ({label}, batch {batch}): P {p:.3f} R {r:.3f} F1 {f:.3f}  "
                  f"events {len(set(grouping.values()))}  {len(records) / elapsed:.0f} docs/s, {1000 * cpu / len(records):.2f} ms/doc CPU, "
                  f"largest component {largest}{speed_note}  "
                  f"[required >= {REQUIRED[name]}; peers: {PEERS[name]}]")
            print("    by half (" + HALVES[name] + "): " + "; ".join(
                f"half {h} P {hp:.4f} R {hr:.4f} F1 {hf:.4f}" for h, (hp, hr, hf) in half_scores(grouping, gold, half_of).items()))
        for k in range(1, len(runs)):
            print(f"  agreement run 0 vs run {k} (B3 F1 between groupings): {b_cubed(runs[k], runs[0])[2]:.4f}")
        if args.with_baseline:  # same extractions, the rule before two-level grouping
            grouping, elapsed, cpu, largest = run_store(records, extract, None, 200, SINGLE_LINK)
            p, r, f = b_cubed(grouping, gold)
            print(f"  Store, single link 0.37 (file order, batch 200): P {p:.3f} R {r:.3f} F1 {f:.3f}  events {len(set(grouping.values()))}  "
                  f"{1000 * cpu / len(records):.2f} ms/doc CPU, largest component {largest}")


if __name__ == "__main__":
    main()
