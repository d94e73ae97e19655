"""The Ray engine against the local engine on the same documents, and a large Ray run.

Run:  .venv/bin/python bench/bench_ray.py [--docs 10000] [--runs local2,ray1,ray2] [--check-copy K]

Input: the GVA pool (bench/data.py) replicated with new ids and publication dates shifted by
2,000 days per copy (GVA spans 1,570 days and documents link at most 400 days apart, so no
document of one copy can link to another copy), the first ``--docs`` documents, written as JSON
lines in shards of 2,000 records. Each run is a fresh process writing a Parquet facts folder:

* ``localN``: ``crosscheck ingest --engine local --out`` with N extraction processes;
* ``rayN``: ``crosscheck ingest --engine ray --out`` on a local Ray instance (num_cpus = cores)
  with N extraction actors.

Printed per run: wall seconds, documents/s, CPU ms per document (local: the process and its
spawn pool; Ray: the driver and every process under it read from /proc before Ray stops: raylet,
GCS, workers and actors, alive or reaped), for Ray also the extraction actors' own CPU, the
driver's peak RSS and each extraction actor's peak RSS, the events found. Then the
Ray overhead per document against the local run with as many workers. ``--check-copy K`` runs the
local engine on copy K alone and checks that its events equal the events of those documents in
the first (largest) Ray run: copies cannot link, so the copy is a closed sample.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from data import gva_records, replicate, write_jsonl  # noqa: E402

EXTRA_SHIFT = 500
"""Days added per copy on top of ``replicate``'s 1,500 so that copies never fall within 400 days."""


def spread(records: list[dict], docs: int) -> list[dict]:
    """The first ``docs`` records of GVA replicated, copy k shifted by 2,000 k days in all."""
    copies = -(-docs // len(records))
    out = []
    for index, record in enumerate(itertools.islice(replicate(records, copies), docs)):
        k = index // len(records)
        day = date.fromisoformat(record["published"]) + timedelta(days=EXTRA_SHIFT * k)
        out.append({**record, "published": day.isoformat()})
    return out


def write_shards(records: list[dict], folder: Path) -> Path:
    folder.mkdir(parents=True)
    for start in range(0, len(records), 2000):  # ingest refuses files over 20 MB
        write_jsonl(iter(records[start : start + 2000]), f"part-{start // 2000:05d}.jsonl", folder)
    return folder


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root``'s live descendants and of the children they reaped (from /proc)."""
    parent, ticks = {}, {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                raw = Path(f"/proc/{name}/stat").read_text()
            except OSError:
                continue
            fields = raw[raw.rindex(")") + 2 :].split()
            parent[int(name)], ticks[int(name)] = int(fields[1]), sum(map(int, fields[11:15]))
    total = 0
    for pid, used in ticks.items():
        up = parent.get(pid)
        while up and up != root:
            up = parent.get(up)
        total += used if up == root else 0
    return total / os.sysconf("SC_CLK_TCK")


def one_run(name: str, inputs: Path, out: Path) -> dict:
    """One engine run in this process; the figures as a dict.

    A Ray run starts Ray here so that the CPU of its processes (raylet, workers, actors, reaped or
    alive) can be read from /proc before it stops."""
    from crosscheck.engines import get_engine

    engine, workers = name.rstrip("0123456789"), int(name[len(name.rstrip("0123456789")) :] or 1)
    if engine == "ray":
        import ray

        ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False,
                 _system_config={"enable_metrics_collection": False})
    start = time.perf_counter()
    summary = get_engine(engine, workers=workers).run([inputs], out)
    wall = time.perf_counter() - start
    ray_cpu = tree_cpu(os.getpid()) if engine == "ray" else 0.0
    if engine == "ray":
        ray.shutdown()
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = me.ru_utime + me.ru_stime + (ray_cpu if engine == "ray" else kids.ru_utime + kids.ru_stime)
    return {
        "run": name, "docs": summary.documents, "events": summary.events, "failed": summary.failed,
        "wall_s": round(wall, 1), "docs_per_s": round(summary.documents / wall, 1),
        "cpu_ms_per_doc": round(1000 * cpu / max(1, summary.documents), 1),
        "driver_peak_mb": round(me.ru_maxrss / 1024), "worker_peak_mb": sorted(round(v) for v in summary.worker_peak_mb.values()),
        "actor_cpu_ms_per_doc": round(1000 * sum(summary.worker_cpu_s.values()) / max(1, summary.documents), 1),
        "steps_s": {k: round(v, 1) for k, v in summary.seconds.items()},
    }


def events_of(out: Path) -> dict[frozenset[str], dict]:
    from crosscheck.engines.output import read_rows

    return {frozenset(row["documents"]): row for row in read_rows(out, "events")}


def check_copy(records: list[dict], copy: int, ray_out: Path, tmp: Path) -> str:
    """Local engine on one copy alone against the same documents' events in the Ray run."""
    n = len(list(gva_records()))
    sample = spread(records, n * (copy + 1))[n * copy :]
    inputs = write_shards(sample, tmp / f"copy-{copy}")
    result = subprocess.run([sys.executable, __file__, "--one", "local2", str(inputs), str(tmp / "copy-out")],
                            capture_output=True, text=True, check=True)
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    ids = {r["id"] for r in sample}
    local = events_of(tmp / "copy-out")
    remote = {docs: row for docs, row in events_of(ray_out).items() if docs & ids}
    same = sum(1 for docs, row in local.items() if remote.get(docs) == row)
    return (f"sample: copy {copy} ({len(sample)} docs) alone through local2 in {figures['wall_s']} s: {len(local)} events; "
            f"in the Ray run {len(remote)} events hold its documents; identical rows (documents, title, figures, "
            f"brief): {same} of {len(local)}")


def edge_rules() -> str:
    """The store's ranked-candidate rule against an order-free one (every earlier document sharing
    an index term within the gap) on the GVA pool, features only: how many documents group otherwise."""
    from dataclasses import replace

    from crosscheck.engines import steps
    from crosscheck.events.features import features
    from crosscheck.events.grouping import DEFAULT_PARAMS
    from crosscheck.events.partition import Node
    from crosscheck.model import Extraction
    from data import article

    nodes = [Node(seq, r["id"], features(Extraction(article=article(r), sentences=(), mentions=())))
             for seq, r in enumerate(gva_records())]
    ranked = steps.group(nodes, 1, DEFAULT_PARAMS)
    free = steps.group(nodes, 1, replace(DEFAULT_PARAMS, candidate_limit=len(nodes)))
    event = {doc: frozenset(g) for g in ranked for doc in g}
    other = {doc: frozenset(g) for g in free for doc in g}
    moved = sum(event[n.doc_id] != other[n.doc_id] for n in nodes)
    return (f"GVA {len(nodes)} docs: ranked candidates (limit {DEFAULT_PARAMS.candidate_limit}) {len(ranked)} events; "
            f"order-free (no limit) {len(free)} events; documents whose event differs: {moved}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, default=10_000)
    parser.add_argument("--runs", default="local2,ray1,ray2", help="comma-separated: localN, rayN (N workers)")
    parser.add_argument("--check-copy", type=int, default=None, help="compare copy K alone (local) with the first Ray run")
    parser.add_argument("--edge-rules", action="store_true", help="only compare the ranked and order-free link rules")
    parser.add_argument("--one", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.edge_rules:
        print(f"command: .venv/bin/python bench/bench_ray.py --edge-rules\n{edge_rules()}")
        return
    if args.one:
        print(json.dumps(one_run(args.one[0], Path(args.one[1]), Path(args.one[2]))))
        return
    print(f"command: .venv/bin/python bench/bench_ray.py {' '.join(sys.argv[1:])}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    records = list(gva_records())
    tmp = Path(tempfile.mkdtemp(prefix="crosscheck-bench-ray-"))
    try:
        compare_runs(args, records, tmp)
    finally:
        shutil.rmtree(tmp)


def compare_runs(args: argparse.Namespace, records: list[dict], tmp: Path) -> None:
    """Run each engine of ``args.runs`` on the same inputs in its own process; print and compare."""
    inputs = write_shards(spread(records, args.docs), tmp / "inputs")
    results = {}
    for name in args.runs.split(","):
        out = tmp / f"out-{name}"
        proc = subprocess.run([sys.executable, __file__, "--one", name, str(inputs), str(out)], capture_output=True, text=True)
        if proc.returncode != 0:
            print(f"{name}: failed\n{proc.stderr[-3000:]}")
            continue
        result = results[name] = json.loads(proc.stdout.strip().splitlines()[-1])
        print(f"{name:<7} {result['docs']} docs: {result['wall_s']:>7} s  {result['docs_per_s']:>6} docs/s  "
              f"CPU {result['cpu_ms_per_doc']:>6} ms/doc (extraction actors {result['actor_cpu_ms_per_doc']})  driver peak {result['driver_peak_mb']} MB  "
              f"worker peaks {result['worker_peak_mb']} MB  events {result['events']}  failed {result['failed']}  "
              f"steps {result['steps_s']}  (load {os.getloadavg()[0]:.1f})")
    for name, result in results.items():
        twin = "local" + name[3:] if name.startswith("ray") else None
        if twin in results:
            base = results[twin]
            print(f"{name} vs {twin}: overhead {1000 * (result['wall_s'] - base['wall_s']) / result['docs']:+.1f} ms/doc wall, "
                  f"{result['cpu_ms_per_doc'] - base['cpu_ms_per_doc']:+.1f} ms/doc CPU; "
                  f"events {'equal' if events_of(tmp / f'out-{name}') == events_of(tmp / f'out-{twin}') else 'DIFFER'}")
    first_ray = next((n for n in results if n.startswith("ray")), None)
    if args.check_copy is not None and first_ray:
        print(check_copy(records, args.check_copy, tmp / f"out-{first_ray}", tmp))


if __name__ == "__main__":
    main()
