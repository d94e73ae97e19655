"""Process CPU per document of the ingest process's own work (reading, store writes, grouping),
with the workers' results taken from a cache instead of computed.

Why: in a ``--workers 2`` ingest the main process reads the input, checks each item against the
store, unpickles the workers' results, groups and writes; its CPU is hidden among the workers' in
``bench_ingest.py``'s total. Here the workers' results (``steps.prepare_or_error`` of each article) are
computed once and pickled to ``--cache``; each run then times ``Corpus.add`` over the same input
with those results, through the same pickle round trip a pool does (``--no-pickle`` to skip it),
so two trees can be compared on the main process alone, in CPU time.

Run:  PYTHONPATH=. .venv/bin/python bench/time_store.py INPUTS [--cache store-cache.pkl] [--profile OUT.prof]
"""

from __future__ import annotations

import argparse
import pickle
import shutil
import sys
import tempfile
import time
from itertools import islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _results(inputs: Path, cache: Path) -> dict[str, bytes]:
    """Each article's worker result, pickled by this tree's classes, as a pool would hand it over.

    The cache (computed in this process on first use) keeps the extraction pickled and the features
    as their stored JSON, so a tree that pickles ``DocFeatures`` otherwise can use the same cache.
    """
    from crosscheck.events.features import DocFeatures

    if not cache.exists():
        from crosscheck.ingest import iter_inputs
        from crosscheck.model import Article
        from crosscheck.engines.steps import prepare_or_error

        stored = {}
        for article in iter_inputs([inputs]):
            if isinstance(article, Article):
                result = prepare_or_error(article)
                stored[article.id] = result if isinstance(result, str) else (result[0], result[1].to_json())
        cache.write_bytes(pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL))
    stored = pickle.loads(cache.read_bytes())
    # as a worker hands it back (``workers._prepare_in_worker``): the extraction without its article
    return {
        doc_id: pickle.dumps(
            r if isinstance(r, str) else (r[0].sentences, r[0].mentions, r[0].background, DocFeatures.from_json(r[1])),
            protocol=pickle.HIGHEST_PROTOCOL,
        )
        for doc_id, r in stored.items()
    }


class _Ready:
    """What ``pool.map_async`` returns, already done: the batch's results, unpickled on ``get``."""

    def __init__(self, blobs: list[bytes], unpickle: bool) -> None:
        self._blobs = blobs
        self._unpickle = unpickle

    def ready(self) -> bool:
        return True  # so Corpus.add does not read ahead: this run has no workers to wait for

    def get(self) -> list[Any]:
        return [pickle.loads(b) for b in self._blobs] if self._unpickle else self._blobs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", type=Path)
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "crosscheck-store-cache.pkl")
    parser.add_argument("--profile", type=Path, help="write a cProfile of Corpus.add here")
    parser.add_argument("--no-pickle", action="store_true", help="hand results over without the pickle round trip")
    parser.add_argument("--limit", type=int, help="only the first N items of the input")
    args = parser.parse_args()

    from crosscheck.ingest import iter_inputs
    from crosscheck import corpus
    from crosscheck.engines.workers import Pending

    results = _results(args.inputs, args.cache)
    if args.no_pickle:
        results = {k: pickle.loads(v) for k, v in results.items()}

    class _Workers:
        def __init__(self, workers: int) -> None:
            pass

        def starting(self) -> bool:
            return False

        def prepare(self, todo: list[Any]) -> Pending:
            return Pending(todo, _Ready([results[a.id] for a in todo], not args.no_pickle))

        def close(self) -> None:
            pass

    corpus.Workers = _Workers
    db = Path(tempfile.mkdtemp(prefix="crosscheck-time-store-")) / "bench.db"
    store = corpus.Corpus(db)
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    start, cpu = time.perf_counter(), time.process_time()
    summary = store.add(islice(iter_inputs([args.inputs]), args.limit), workers=2)
    cpu, elapsed = time.process_time() - cpu, time.perf_counter() - start
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(str(args.profile))
    events = store.count_events()
    store.close()
    shutil.rmtree(db.parent)
    added = max(1, summary.added)
    print(f"{summary.added} docs, {events} events, failed {len(summary.failed)}: "
          f"cpu {1000 * cpu / added:.2f} ms/doc, wall {1000 * elapsed / added:.2f} ms/doc")


if __name__ == "__main__":
    main()
