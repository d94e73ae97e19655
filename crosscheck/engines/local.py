"""The local engine: every step in this process, extraction in worker processes (``workers``).

It is the reference the Ray engine is tested against, and what ``crosscheck ingest --out`` runs
without ``--engine ray``. All documents are held in memory, so it is meant for what one machine
handles in one go; the store (``crosscheck ingest --db``) is the incremental local path.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from crosscheck.engines.summary import RunSummary
from crosscheck.engines import steps
from crosscheck.engines.output import prepare_out, require_pyarrow, write_shards
from crosscheck.engines.workers import prepare_all
from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams


@dataclass(frozen=True, slots=True)
class LocalEngine:
    """``workers``: extraction processes; ``parts``: time partitions for grouping (default from the
    corpus size, ``steps.partition_count``; any value gives the same events)."""

    workers: int = 1
    parts: int | None = None
    params: GroupingParams = DEFAULT_PARAMS
    options: Any = None

    def run(self, inputs: Sequence[str | Path], out: str | Path) -> RunSummary:
        require_pyarrow()
        folder = prepare_out(out)
        summary = RunSummary(folder)
        clock = time.perf_counter()
        files, problems = steps.list_inputs(inputs)
        reads: list[steps.Read] = []
        for file in files:
            for item in steps.read_file(file, self.options):
                (reads if isinstance(item, steps.Read) else problems).append(item)
        keep, refused = steps.first_of_each_id((r.seq, r.article.id, r.article.digest, r.article.source) for r in reads)
        reads = [r for r in reads if r.seq in keep]
        summary.seconds["read"] = time.perf_counter() - clock

        clock = time.perf_counter()
        prepared: list[steps.Prepared] = []
        for result in self._prepare_all(reads):
            (prepared if isinstance(result, steps.Prepared) else refused).append(result)
        summary.seconds["extract"] = time.perf_counter() - clock

        clock = time.perf_counter()
        events = steps.group([steps.node(p) for p in prepared], self.parts or steps.partition_count(len(prepared)), self.params)
        summary.seconds["group"] = time.perf_counter() - clock

        clock = time.perf_counter()
        by_id = {p.extraction.article.id: p for p in prepared}
        briefs = [steps.reconcile_group(by_id[doc_id].extraction for doc_id in group) for group in events]
        event_of = {doc_id: brief.id for brief in briefs for doc_id in brief.documents}
        summary.events = write_shards((steps.event_record(b) for b in briefs), folder, "events")
        summary.documents = write_shards(
            (steps.document_record(p, event_of[p.extraction.article.id]) for p in prepared), folder, "documents"
        )
        summary.seconds["reconcile"] = time.perf_counter() - clock

        everything = sorted(problems + refused, key=lambda p: p.seq)
        summary.problems = [p.line for p in everything]
        summary.failed = sum(p.fatal for p in everything)
        return summary

    def _prepare_all(self, reads: list[steps.Read]) -> list[steps.Prepared | steps.Problem]:
        results = prepare_all([r.article for r in reads], self.workers)
        return [steps.prepared_or_problem(read, result) for read, result in zip(reads, results)]
