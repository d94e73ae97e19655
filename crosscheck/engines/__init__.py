"""Engines: where the pipeline steps run. Same steps (``crosscheck.engines.steps``), same output.

    from crosscheck.engines import get_engine
    summary = get_engine("local", workers=2).run(["crawl/"], "facts/")
    summary = get_engine("ray", address="auto").run(["crawl/"], "facts/")

Both write the Parquet facts folder described in ``crosscheck.engines.output``. ``ray`` is
imported only by ``crosscheck.engines.ray``; without it, ``get_engine("ray")`` raises an
``EngineError`` that says how to install it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, Sequence

from crosscheck.engines.errors import EngineError

ENGINES = ("local", "ray")


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


def get_engine(name: str, **options: Any) -> Engine:
    """The engine called ``name`` ("local" or "ray") with its options (workers, address, ...)."""
    if name == "local":
        from crosscheck.engines.local import LocalEngine

        return LocalEngine(**options)
    if name == "ray":
        from crosscheck.engines.ray import RayEngine

        return RayEngine(**options)
    raise EngineError(f"E300 unknown engine {name!r}; choose one of {', '.join(ENGINES)}")


__all__ = ["ENGINES", "Engine", "EngineError", "RunSummary", "get_engine"]
