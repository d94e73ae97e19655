"""Engines: where the pipeline steps run. Same steps (``crosscheck.engines.steps``), same output.

    from crosscheck.engines import get_engine
    summary = get_engine("local", workers=2).run(["crawl/"], "facts/")
    summary = get_engine("ray", address="auto").run(["crawl/"], "facts/")

Both write the Parquet facts folder described in ``crosscheck.engines.output``. ``ray`` is
imported only by ``crosscheck.engines.ray``; without it, ``get_engine("ray")`` raises an
``EngineError`` that says how to install it.
"""

from __future__ import annotations

from typing import Any

from crosscheck.engines.errors import EngineError
from crosscheck.engines.summary import Engine, RunSummary

ENGINES = ("local", "ray")


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
