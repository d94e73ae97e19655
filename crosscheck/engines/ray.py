"""The Ray engine: the steps of ``crosscheck.engines.steps`` as Ray Data operators.

    files (driver) -> read (flat_map, one task per file) -> extract + features (map_batches on an
    actor pool: each actor loads the NLP pipeline once) -> recurring names (flat_map to
    (name, week, seq), groupby name, map_groups) -> route to time partitions (flat_map)
    -> links (groupby partition, map_groups) -> events (driver: union over partition borders, then
    each component split by ``partition.events``)
    -> reconcile (groupby event, map_groups) -> Parquet shards (write_parquet)

The driver holds only small columns (ids, digests, days, links, the recurring names), never texts or mentions. This
module is the only one that imports ``ray``; it adds no logic of its own, so its output equals the
local engine's (``tests/test_engines.py`` runs both on one corpus).

Input files must be readable at the same path on every node (a shared file system) when the
cluster has more than one machine.
"""

from __future__ import annotations

import os
import pickle
import resource
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from crosscheck.engines.summary import RunSummary
from crosscheck.engines import steps
from crosscheck.engines.errors import EngineError
from crosscheck.engines.output import SCHEMAS, prepare_out, require_pyarrow, table, write_shards
from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams
from crosscheck.events.ids import event_id_for
from crosscheck.events.partition import Node, PartitionPlan, events, links, plan_partitions
from crosscheck.events.recurring import name_weeks, since_of

BLOCK_DOCS = 256
"""Documents per block handed to the extraction actors (small enough to spread, large enough to stream)."""


def _ray() -> Any:
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError:
        raise EngineError(
            "E301 the Ray engine needs Ray: pip install 'crosscheck[ray]' (or use --engine local)"
        ) from None
    return ray


@dataclass(frozen=True, slots=True)
class RayEngine:
    """``address``: a running cluster ("auto", "ray://host:10001"); ``None`` joins the Ray instance
    already started in this process or starts a local one. ``workers``: extraction actors (one CPU
    each). ``parts``: grouping partitions (default from the corpus size; any value gives the same
    events)."""

    address: str | None = None
    workers: int = 2
    parts: int | None = None
    batch_size: int = 32
    params: GroupingParams = DEFAULT_PARAMS
    options: Any = None
    progress: bool = False

    def run(self, inputs: Sequence[str | Path], out: str | Path) -> RunSummary:
        ray = _ray()
        require_pyarrow()
        folder = prepare_out(out)
        started = self._connect(ray)
        try:
            return self._run(ray, inputs, folder)
        finally:
            if started:
                ray.shutdown()

    def _connect(self, ray: Any) -> bool:
        """Connect (or start a local instance); True if this run started it and must stop it."""
        if ray.is_initialized():
            return False
        try:
            if self.address:
                ray.init(address=self.address, log_to_driver=False)
            else:
                ray.init(
                    num_cpus=max(self.workers, os.cpu_count() or 1), include_dashboard=False, log_to_driver=False,
                    _system_config={"enable_metrics_collection": False},  # its exporter thread crashed workers at exit here
                )
        except ConnectionError as error:
            raise EngineError(f"E303 cannot reach a Ray cluster at {self.address!r}: {error}") from None
        return True

    def _run(self, ray: Any, inputs: Sequence[str | Path], folder: Path) -> RunSummary:
        import ray.data

        ray.data.DataContext.get_current().enable_progress_bars = self.progress
        summary = RunSummary(folder)
        files, problems = steps.list_inputs(inputs)
        clock = time.perf_counter()
        if not files:
            summary.problems = [p.line for p in problems]
            summary.failed = len(problems)
            write_shards([], folder, "events")
            write_shards([], folder, "documents")
            return summary
        listing = [{"index": f.index, "path": f.path, "source": f.source} for f in files]
        read = (
            ray.data.from_items(listing, override_num_blocks=min(len(listing), 10 * self.workers))
            .flat_map(_read_rows, fn_kwargs={"options": self.options})
            .materialize()
        )
        meta = read.select_columns(["seq", "doc_id", "digest", "source", "problem", "fatal"]).take_all()
        problems += [steps.Problem(r["seq"], r["problem"], r["fatal"]) for r in meta if r["problem"] is not None]
        keep, refused = steps.first_of_each_id(
            (r["seq"], r["doc_id"], r["digest"], r["source"]) for r in meta if r["problem"] is None
        )
        problems += refused
        # One block per file after reading: cut into blocks of about BLOCK_DOCS so every actor gets
        # work, and materialize first: the actors may take every CPU, leaving none to repartition.
        read = read.repartition(max(2 * self.workers, -(-len(meta) // BLOCK_DOCS))).materialize()
        summary.seconds["read"] = time.perf_counter() - clock

        clock = time.perf_counter()
        prepared = read.map_batches(
            _Extractor,
            fn_constructor_kwargs={"keep": [ray.put(keep)]},
            batch_size=self.batch_size,
            concurrency=self.workers,
            num_cpus=1,
            batch_format="pyarrow",
        ).materialize()
        facts = prepared.select_columns(["seq", "doc_id", "day", "problem", "pid", "peak_mb", "cpu_s"]).take_all()
        problems += [steps.Problem(r["seq"], r["problem"]) for r in facts if r["problem"] is not None]
        good = sorted((r["seq"], r["doc_id"], r["day"]) for r in facts if r["problem"] is None)
        summary.worker_peak_mb = _peaks(facts, "peak_mb")
        summary.worker_cpu_s = _peaks(facts, "cpu_s")
        summary.seconds["extract"] = time.perf_counter() - clock

        clock = time.perf_counter()
        parts = self.parts or steps.partition_count(len(good), self.workers)
        plan = plan_partitions((day for _, _, day in good), parts, self.params)
        since = self._recurring_since(prepared) if good else {}
        edges = (
            prepared.flat_map(_route, fn_kwargs={"plan": plan})
            .groupby("part")
            .map_groups(_link_partition, fn_kwargs={"params": self.params, "since": [ray.put(since)]}, batch_format="pyarrow")
            .take_all()
        )
        groups = events([doc_id for _, doc_id, _ in good], ((e["earlier"], e["later"], e["similarity"]) for e in edges), self.params,
                        {doc_id: day for _, doc_id, day in good})
        event_of = {doc_id: event_id_for(group) for group in groups for doc_id in group}
        summary.seconds["group"] = time.perf_counter() - clock

        clock = time.perf_counter()
        labelled = prepared.map_batches(
            _label, fn_kwargs={"event_of": [ray.put(event_of)]}, batch_format="pyarrow"
        ).materialize()
        labelled.groupby("event_id").map_groups(_reconcile_event, batch_format="pyarrow").write_parquet(
            str(folder / "events")
        )
        labelled.map_batches(_document_rows, batch_format="pyarrow").write_parquet(str(folder / "documents"))
        summary.seconds["reconcile"] = time.perf_counter() - clock

        summary.documents, summary.events = len(good), len(groups)
        ordered = sorted(problems, key=lambda p: p.seq)
        summary.problems = [p.line for p in ordered]
        summary.failed = sum(p.fatal for p in ordered)
        return summary

    def _recurring_since(self, prepared: Any) -> dict[str, int]:
        """``recurring.recurring_since`` of the corpus, name by name on the workers: each name's
        ``(seq, week)`` occurrences grouped, ``since_of`` each. Only the recurring names (a few
        hundred in thousands of reports) come back to the driver."""
        weeks = self.params.recurring_weeks
        if weeks is None:
            return {}
        occurrences = prepared.flat_map(_name_weeks_rows)
        if occurrences.count() == 0:
            return {}
        found = occurrences.groupby("name").map_groups(_since_of_name, fn_kwargs={"weeks": weeks}, batch_format="pyarrow")
        return {row["name"]: row["since"] for row in found.take_all()}


# ---------------------------------------------------------------- operators (run on workers)

def _read_rows(row: dict[str, Any], options: Any = None) -> list[dict[str, Any]]:
    """One input file -> one row per article or problem (articles pickled: they are opaque here)."""
    file = steps.InputFile(int(row["index"]), row["path"], row["source"])
    rows = []
    for item in steps.read_file(file, options):
        if isinstance(item, steps.Read):
            article = item.article
            rows.append({"seq": item.seq, "doc_id": article.id, "digest": article.digest, "source": article.source,
                         "article": pickle.dumps(article), "problem": None, "fatal": False})
        else:
            rows.append({"seq": item.seq, "doc_id": None, "digest": None, "source": None,
                         "article": None, "problem": item.line, "fatal": item.fatal})
    return rows


def _boxed(box: list[Any]) -> Any:
    """The value behind a boxed object reference (boxed so Ray passes the reference as is)."""
    import ray

    return ray.get(box[0])


class _Extractor:
    """Actor: loads the NLP pipeline once, then extracts and computes features batch by batch."""

    def __init__(self, keep: list[Any]) -> None:
        steps.warm_up()
        self.keep: set[int] = _boxed(keep)

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        rows: dict[str, list[Any]] = {k: [] for k in ("seq", "doc_id", "day", "features", "prepared", "problem")}
        for seq, blob in zip(batch.column("seq").to_pylist(), batch.column("article").to_pylist()):
            if blob is None or seq not in self.keep:
                continue
            result = steps.prepare(steps.Read(seq, pickle.loads(blob)))
            rows["seq"].append(seq)
            if isinstance(result, steps.Prepared):
                rows["doc_id"].append(result.extraction.article.id)
                rows["day"].append(result.features.day)
                rows["features"].append(result.features.to_json())
                rows["prepared"].append(pickle.dumps(result))
                rows["problem"].append(None)
            else:
                for key in ("doc_id", "day", "features", "prepared"):
                    rows[key].append(None)
                rows["problem"].append(result.line)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        n = len(rows["seq"])
        columns = {**rows, "pid": [os.getpid()] * n, "peak_mb": [usage.ru_maxrss / 1024] * n,
                   "cpu_s": [usage.ru_utime + usage.ru_stime] * n}
        return pa.table({
            "seq": pa.array(columns["seq"], pa.int64()), "doc_id": pa.array(columns["doc_id"], pa.string()),
            "day": pa.array(columns["day"], pa.int64()), "features": pa.array(columns["features"], pa.string()),
            "prepared": pa.array(columns["prepared"], pa.binary()), "problem": pa.array(columns["problem"], pa.string()),
            "pid": pa.array(columns["pid"], pa.int64()), "peak_mb": pa.array(columns["peak_mb"], pa.float64()),
            "cpu_s": pa.array(columns["cpu_s"], pa.float64()),
        })


def _route(row: dict[str, Any], plan: PartitionPlan) -> list[dict[str, Any]]:
    """A document once per partition that sees it, flagged where it is that partition's own."""
    if row["problem"] is not None:
        return []
    day = row["day"]
    owner = plan.owner(day)
    base = {"seq": row["seq"], "doc_id": row["doc_id"], "features": row["features"]}
    return [{**base, "part": part, "owned": part == owner} for part in plan.seen_by(day)]


def _name_weeks_rows(row: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per name of a prepared document: ``(name, week, seq)`` (``recurring.name_weeks``)."""
    if row["problem"] is not None:
        return []
    return [{"name": name, "week": week, "seq": row["seq"]} for name, week in name_weeks(DocFeatures.from_json(row["features"]))]


def _since_of_name(group: Any, weeks: int) -> Any:
    """One name's ``since_of``: a one-row table if it recurs, an empty one if not."""
    import pyarrow as pa

    name = group.column("name")[0].as_py()
    since = since_of(zip(group.column("seq").to_pylist(), group.column("week").to_pylist()), weeks)
    names, seqs = ([name], [since]) if since is not None else ([], [])
    return pa.table({"name": pa.array(names, pa.string()), "since": pa.array(seqs, pa.int64())})


def _link_partition(group: Any, params: GroupingParams, since: list[Any]) -> Any:
    """The links of one partition's own documents to their earlier candidates."""
    import pyarrow as pa

    seen, owned = [], []
    for seq, doc_id, raw, mine in zip(*(group.column(c).to_pylist() for c in ("seq", "doc_id", "features", "owned"))):
        node = Node(seq, doc_id, DocFeatures.from_json(raw))
        seen.append(node)
        if mine:
            owned.append(node)
    found = list(links(owned, seen, params, _cached(since)))
    return pa.table({"earlier": pa.array([a for a, _, _ in found], pa.string()), "later": pa.array([b for _, b, _ in found], pa.string()),
                     "similarity": pa.array([s for _, _, s in found], pa.float64())})


def _label(batch: Any, event_of: list[Any]) -> Any:
    """Each prepared document with its event id (failed extractions dropped)."""
    import pyarrow as pa

    mapping = _cached(event_of)
    batch = batch.filter(pa.compute.is_valid(batch.column("prepared")))
    return pa.table({
        "event_id": pa.array([mapping[d] for d in batch.column("doc_id").to_pylist()], pa.string()),
        "prepared": batch.column("prepared"),
    })


_CACHE: dict[str, Any] = {}


def _cached(box: list[Any]) -> Any:
    """A broadcast value fetched once per worker process (batches reuse it)."""
    key = box[0].hex()
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = _boxed(box)
    return _CACHE[key]


def _reconcile_event(group: Any) -> Any:
    """One event's documents -> its ``events`` row."""
    extractions = [pickle.loads(blob).extraction for blob in group.column("prepared").to_pylist()]
    return table([steps.event_record(steps.reconcile_group(extractions))], "events")


def _document_rows(batch: Any) -> Any:
    rows = [
        steps.document_record(pickle.loads(blob), event_id)
        for event_id, blob in zip(batch.column("event_id").to_pylist(), batch.column("prepared").to_pylist())
    ]
    return table(rows, "documents")


def _peaks(rows: list[dict[str, Any]], column: str) -> dict[int, float]:
    """The largest value of ``column`` (peak RSS in MB, CPU seconds so far) per extraction worker process."""
    peaks: dict[int, float] = {}
    for row in rows:
        peaks[row["pid"]] = max(peaks.get(row["pid"], 0.0), row[column])
    return peaks


__all__ = ["RayEngine", "SCHEMAS"]
