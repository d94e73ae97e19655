"""The one runner of the per-document step in worker processes: ``brief``, ``ingest`` and the local
engine all prepare articles (extraction and grouping features, ``steps.prepare_article``) here.

The workers are forked from a fork server that has loaded the extraction once
(``crosscheck.engines.preload``: spaCy, the gazetteers, ~1,000 compiled patterns, ~4 s of CPU a
spawned worker would spend before its first document), so they start with all of it in memory,
shared copy-on-write; where there is no fork server they are spawned. The pool is created in a
thread, so the caller can read its input meanwhile (``Workers.starting``). A worker hands back
what it read without the article it was sent (the caller holds it): pickling the text back cost
about a quarter of a result's size and time.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

from crosscheck.engines.steps import freeze_loaded_once, prepare_or_error
from crosscheck.events.features import DocFeatures
from crosscheck.model import AnyMention, Article, Extraction, Span

Result = tuple[Extraction, DocFeatures] | str
"""What preparing one article gives: its extraction and features, or the error as one line."""

_Parts = tuple[tuple[Span, ...], tuple[AnyMention, ...], tuple[Span, ...], DocFeatures]
"""What a worker hands back for one article: the extraction's sentences, mentions and background,
and the features (``_rejoined`` puts the article back)."""

PRELOAD = "crosscheck.engines.preload"
CHUNK = 8
"""Articles handed to a worker at a time."""


def _prepare_in_worker(article: Article) -> _Parts | str:
    """``steps.prepare_or_error`` as a worker runs it: the result without the article it was read from."""
    try:
        result = prepare_or_error(article)
    finally:
        freeze_loaded_once()
    if isinstance(result, str):
        return result
    extraction, feats = result
    return extraction.sentences, extraction.mentions, extraction.background, feats


def _rejoined(article: Article, parts: _Parts | str) -> Result:
    """The extraction and features of ``article`` from what ``_prepare_in_worker`` handed back."""
    if isinstance(parts, str):
        return parts
    sentences, mentions, background, feats = parts
    return Extraction(article=article, sentences=sentences, mentions=mentions, background=background), feats


class Pending:
    """The results of one ``Workers.prepare`` call, in the order of its articles."""

    def __init__(self, articles: Sequence[Article], waiting: Any) -> None:
        self._articles = articles
        self._waiting = waiting

    def ready(self) -> bool:
        return self._waiting.ready()

    def get(self) -> list[Result]:
        return [_rejoined(a, r) for a, r in zip(self._articles, self._waiting.get())]


class Workers:
    """``workers`` processes preparing articles; ``close`` (or leaving a ``with``) ends them."""

    def __init__(self, workers: int) -> None:
        self._pool = _StartingPool(lambda: _create_pool(workers))

    def starting(self) -> bool:
        """Whether the pool is still being created (its fork server loading the extraction)."""
        return self._pool.starting()

    def prepare(self, articles: Sequence[Article]) -> Pending:
        """Start preparing ``articles``; the results come from ``Pending.get``."""
        return Pending(articles, self._pool.map_async(_prepare_in_worker, articles, chunksize=CHUNK))

    def close(self) -> None:
        """Stop the workers and their fork server.

        ``terminate`` (what ``with Pool()`` does on exit) and not ``close`` + ``join``: a worker
        that exits by itself tears its interpreter down (spaCy, the models, the lexicons), 0.7-0.9 s
        of CPU per worker on the critical path at the end of every run; the workers hold nothing
        to flush, and ``terminate`` still waits for them to exit.
        """
        self._pool.terminate()
        _stop_fork_server()

    def __enter__(self) -> "Workers":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def prepare_all(articles: Sequence[Article], workers: int = 1) -> list[Result]:
    """Prepare every article, in order: in this process, or in ``workers`` processes."""
    if workers <= 1 or len(articles) < 2:
        return [prepare_or_error(a) for a in articles]
    with Workers(workers) as pool:
        return pool.prepare(articles).get()


def _create_pool(workers: int) -> Any:
    """A pool of ``workers`` processes forked from a server that imported ``PRELOAD`` (spawned
    where there is no fork server)."""
    from multiprocessing import get_all_start_methods, get_context

    if "forkserver" not in get_all_start_methods():
        return get_context("spawn").Pool(workers)
    context = get_context("forkserver")
    context.set_forkserver_preload([PRELOAD])
    _start_fork_server()
    return context.Pool(workers)


class _StartingPool:
    """A process pool created in a thread, so that this process can read its input meanwhile.

    Why: creating a pool of fork-server workers waits until the server has loaded the extraction
    (seconds: it forks nothing before), and the caller would wait with it, one core idle.
    ``starting()`` tells whether the pool is still being created; the pool's methods wait for it.
    """

    def __init__(self, create: Callable[[], Any]) -> None:
        self._pool: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._create, args=(create,), name="crosscheck-pool", daemon=True)
        self._thread.start()

    def _create(self, create: Callable[[], Any]) -> None:
        try:
            self._pool = create()
        except BaseException as error:  # raised where the pool is first used
            self._error = error

    def starting(self) -> bool:
        return self._thread.is_alive()

    def _started(self) -> Any:
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._pool

    def map_async(self, *args: Any, **kwargs: Any) -> Any:
        return self._started().map_async(*args, **kwargs)

    def terminate(self) -> None:
        self._thread.join()
        if self._pool is not None:
            self._pool.terminate()


def _start_fork_server() -> None:
    """Start the fork server with this process's copy of crosscheck first on its path.

    Why: the server is a fresh interpreter that imports ``PRELOAD`` from the default path (Python
    3.11 does not give it this process's ``sys.path``), and the workers forked from it keep what it
    imported: a script that put another checkout on ``sys.path`` would get workers running the
    installed copy instead. ``PYTHONPATH`` is set for the launch only.
    """
    from multiprocessing import forkserver

    here = str(Path(__file__).resolve().parents[2])
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = here if not before else here + os.pathsep + before
    try:
        forkserver.ensure_running()
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def _stop_fork_server() -> None:
    """End the fork server (it holds a loaded extraction: ~250 MB), and wait for it, so no process
    outlives the run and its CPU counts among the children's."""
    from multiprocessing import forkserver

    stop = getattr(getattr(forkserver, "_forkserver", None), "_stop", None)
    if stop is not None:
        stop()
