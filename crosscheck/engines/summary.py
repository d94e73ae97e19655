"""What an engine run reports, and what every engine offers."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, Sequence


@dataclass(slots=True)
class RunSummary:
    """What one engine run did: counts, the output folder and one line per problem."""

    out: Path
    documents: int = 0
    events: int = 0
    failed: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    worker_peak_mb: dict[int, float] = field(default_factory=dict)
    worker_cpu_s: dict[int, float] = field(default_factory=dict)
    """Ray engine: peak RSS and CPU seconds (warm-up included) of each extraction worker process."""


class Engine(Protocol):
    def run(self, inputs: Sequence[str | Path], out: str | Path) -> RunSummary: ...
