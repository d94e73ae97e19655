"""End-to-end ingest throughput and scaling of the store: JSON lines file -> iter_inputs -> Store.

Run:  .venv/bin/python bench/bench_ingest.py [--extract full|none] [--sizes 1000,10000,100000] [--gva-limit N]

1. Throughput: the GVA pool written as JSON lines (bench/data.py, into a temp dir), read by
   ``crosscheck.ingest.iter_inputs``, extracted, grouped and committed to a fresh SQLite file.
2. Scaling: GVA replicated with publication dates shifted by 1,500 days per copy, at each size,
   each size in its own process so peak memory (ru_maxrss) is that run's alone.
``--extract none`` measures the store and grouping alone (mentions not extracted).
``cpu ms/doc`` is user + system CPU of the ingest process and its extraction workers per document
(the figure to compare on a shared machine; wall docs/s depends on what else runs).
Required: >= 100 docs/s end to end; time per document flat within 2x from 1k to 100k; peak <= 2 GB.
Peer: spaCy full pipeline ~19 docs/s.
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from data import gva_records, replicate, write_jsonl  # noqa: E402


def _cpu_seconds() -> float:
    """User + system CPU of this process and its finished children (the extraction workers are
    joined at the end of ``Corpus.add``): the figure to compare while other work shares the machine."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def one_run(path: Path, extract: str, batch_size: int, workers: int = 1) -> dict:
    from crosscheck.ingest import iter_inputs
    from crosscheck.model import Extraction
    from crosscheck.corpus import Corpus

    kwargs = {"extract": lambda a: Extraction(article=a, sentences=(), mentions=())} if extract == "none" else {}
    db = Path(tempfile.mkdtemp(prefix="crosscheck-bench-db-")) / "bench.db"
    store = Corpus(db, **kwargs)
    start, cpu_start = time.perf_counter(), _cpu_seconds()
    summary = store.add(iter_inputs([path]), batch_size=batch_size, workers=workers)
    elapsed, cpu = time.perf_counter() - start, _cpu_seconds() - cpu_start
    events = store.count_events()
    store.close()
    db_mb = round(db.stat().st_size / 2**20)
    shutil.rmtree(db.parent)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker_peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest joined worker
    return {"docs": summary.added, "failed": len(summary.failed), "events": events, "seconds": round(elapsed, 1),
            "docs_per_s": round(summary.added / elapsed, 1), "ms_per_doc": round(1000 * elapsed / max(1, summary.added), 2),
            "cpu_ms_per_doc": round(1000 * cpu / max(1, summary.added), 2),
            "peak_mb": round(peak_mb), "worker_peak_mb": round(worker_peak_mb), "workers": workers, "db_mb": db_mb}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--extract", choices=["full", "none"], default="full")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--gva-limit", type=int, default=None, help="throughput on the first N GVA documents")
    parser.add_argument("--batch-size", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1, help="extraction processes (Corpus.add workers)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_run(Path(args.one), args.extract, args.batch_size, args.workers)))
        return
    print(f"command: .venv/bin/python bench/bench_ingest.py {' '.join(sys.argv[1:])}")
    records = list(gva_records())
    tmp = Path(tempfile.mkdtemp(prefix="crosscheck-bench-"))
    runs = [] if args.gva_limit == 0 else [("GVA" + (f" first {args.gva_limit}" if args.gva_limit else ""), records[: args.gva_limit])]
    for size in [int(s) for s in args.sizes.split(",") if s]:
        copies = -(-size // len(records))
        runs.append((f"GVA replicated, {size} docs", list(itertools.islice(replicate(records, copies), size))))
    try:
        for label, subset in runs:
            measure(label, subset, tmp, args)
    finally:
        shutil.rmtree(tmp)


def _worker_peak(result: dict) -> str:
    """The largest extraction worker's peak, and the ingest's whole footprint at most (the ingest
    process plus that peak per worker): with extraction the workers hold the models, not the ingest."""
    if not result["worker_peak_mb"] or result["workers"] < 2:
        return ""
    total = result["peak_mb"] + result["workers"] * result["worker_peak_mb"]
    return f"worker peak {result['worker_peak_mb']} MB (all processes <= {total} MB)  "


def measure(label: str, subset: list[dict], tmp: Path, args: argparse.Namespace) -> None:
    """Write ``subset`` as JSON-lines shards, ingest it in a fresh process and print the figures."""
    path = tmp / f"run-{len(subset)}"  # shards of 2,000 records: ingest refuses files over 20 MB
    path.mkdir()
    for start in range(0, len(subset), 2000):
        write_jsonl(iter(subset[start : start + 2000]), f"part-{start // 2000:05d}.jsonl", path)
    out = subprocess.run(
        [sys.executable, __file__, "--one", str(path), "--extract", args.extract, "--batch-size", str(args.batch_size),
         "--workers", str(args.workers)],
        capture_output=True, text=True, check=True,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"{label:<32} extract={args.extract} workers={args.workers}: {result['docs_per_s']:>7} docs/s  {result['ms_per_doc']:>6} ms/doc  "
          f"cpu {result['cpu_ms_per_doc']:>6} ms/doc  "
          f"peak {result['peak_mb']} MB  {_worker_peak(result)}db {result['db_mb']} MB  events {result['events']}  failed {result['failed']}"
          f"   [required >= 100 docs/s, peak <= 2048 MB; peer spaCy full pipeline ~19 docs/s]")


if __name__ == "__main__":
    main()
