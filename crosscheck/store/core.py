"""``Store``: the library API over the SQLite schema (see the package docstring for the contract)."""

from __future__ import annotations

import gc
import hashlib
import json
import os
import sqlite3
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from itertools import chain
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from crosscheck.events.features import DocFeatures, features
from crosscheck.events.grouping import (
    DEFAULT_PARAMS,
    Candidate,
    GroupingParams,
    component_events,
    index_terms,
    index_weights,
    links_to,
)
from crosscheck.events.recurring import name_weeks
from crosscheck.model import AnyMention, Article, Extraction, Span
from crosscheck.store.codec import decode_mention, encode_mention
from crosscheck.store.fetchlog import FetchLog
from crosscheck.store.readahead import ReadAhead
from crosscheck.store.sqlite import connect
from crosscheck.store.termindex import TermIndex

Extract = Callable[[Article], Extraction]
Progress = Callable[[int], None]



@dataclass(frozen=True, slots=True)
class EventSummary:
    """One event as listed: enough for a table row or a search hit, without the full brief."""

    id: str
    title: str
    date: str | None
    places: tuple[str, ...]
    kind: str | None
    documents: tuple[str, ...]
    outlets: tuple[str, ...]
    headline: dict[str, float]


@dataclass(slots=True)
class AddSummary:
    """What one ``Store.add`` call did; ``failed`` has one human-readable line per bad item."""

    added: int = 0
    unchanged: int = 0
    new_versions: int = 0
    failed: list[str] = field(default_factory=list)
    events_created: int = 0
    events_updated: int = 0


@dataclass(frozen=True, slots=True)
class _Prepared:
    article: Article
    extraction: Extraction
    features: DocFeatures


def _default_extract(article: Article) -> Extraction:
    from crosscheck.extract import extract_article

    return extract_article(article)


def _prepare_or_error(article: Article) -> tuple[Extraction, DocFeatures] | str:
    """Worker-process work on one article: its extraction and grouping features (both pure
    functions of the article, so the main process is left with grouping and writes only), or the
    error as one line."""
    try:
        extraction = _default_extract(article)
        return extraction, features(extraction)
    except Exception as error:  # one bad document must not stop the batch
        return f"{type(error).__name__}: {error}"
    finally:
        _freeze_loaded_once()


_ExtractedParts = tuple[tuple[Span, ...], tuple[AnyMention, ...], tuple[Span, ...], DocFeatures]
"""What an extraction worker hands back for one article: the extraction's sentences, mentions and
background, and the features; the article itself stays with the ingest process (``_rejoined``)."""


def _extract_in_worker(article: Article) -> _ExtractedParts | str:
    """``_prepare_or_error`` as a pool runs it: the result without the article it was read from.

    Why: the ingest process already holds the article it sent; pickling it back with the extraction
    (its whole text, its furniture) cost the worker and the ingest process together ~0.13 ms per
    GVA document of ~0.45 for the whole result (5.4 KB a document, 3.2 KB without the article).
    """
    result = _prepare_or_error(article)
    if isinstance(result, str):
        return result
    extraction, feats = result
    return extraction.sentences, extraction.mentions, extraction.background, feats


def _rejoined(article: Article, parts: _ExtractedParts) -> tuple[Extraction, DocFeatures]:
    """The extraction and features of ``article`` from what ``_extract_in_worker`` handed back."""
    sentences, mentions, background, feats = parts
    return Extraction(article=article, sentences=sentences, mentions=mentions, background=background), feats


_frozen = False


def _freeze_loaded_once() -> None:
    """After a worker's first document, move what it has loaded out of the garbage collector's sight.

    Why: by then the extraction modules, their ~600 compiled patterns, spaCy's pipelines and the
    lexicons are loaded (about 100,000 tracked objects) and live as long as the process, yet every
    full collection walked them again: ``gc.freeze`` halves what the full collections cost (about
    0.15 ms per document). Garbage is collected first, so nothing unreachable is frozen; what is
    frozen stays freed by reference counting, and only its own cycles could outlive their use, a
    bound set once. Runs once per process.
    """
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()


_WARM_UP = Article(
    id="warm-up", source="warm-up", published="2016-01-04", title="Two shot on Elm Street in Varnton",
    text=(
        "VARNTON, Ohio (AP) - Two men were shot, one fatally, on Elm Street in Varnton, Ohio, on Monday, Jan. 4, 2016,"
        " police said.\n\n\"It was awful,\" said Jon Roe, 34, a neighbour. Roe said he heard five shots at about"
        " 9 p.m. Sgt. Ann Poe told WVAR-TV that the second man was taken to Varnton General Hospital.\n\n"
        "Reed told reporters the gunman, 19, was arrested two days later. Three people were killed in a"
        " similar shooting in 2014."
    ),
)
"""An invented report that takes the extraction through its lazily loaded parts (spaCy's
tokenizer, the gazetteers, word frequencies)."""


def warm_worker() -> None:
    """Load everything extracting a document loads, by extracting ``_WARM_UP`` (and freeze it).

    Why: run once in the fork server the extraction workers are forked from, so the ~4 s of CPU
    each worker spent loading before its first document is spent once per ingest.
    """
    from crosscheck.extract.dates import resolve
    from crosscheck.nlp.document import parser

    parser()  # spaCy's statistical pipeline, which few documents need
    resolve("Sepember 3, 2014", None)  # a spelling left to dateparser: loads it and its English data
    _prepare_or_error(_WARM_UP)


_PRELOAD = "crosscheck.store.preload"


def _extraction_pool(workers: int) -> Any:
    """``workers`` extraction processes forked from one server that has loaded the extraction.

    Spawned workers each loaded spaCy, the gazetteers and ~1,000 patterns (~4 s of CPU apiece)
    before their first document; forked from a fork server that imported ``_PRELOAD``, they
    start with all of it in memory (shared, copy-on-write). Spawned where there is no fork server.
    The pool is created in a thread (``_StartingPool``): its creation waits for the server's load.
    """
    from multiprocessing import get_all_start_methods, get_context

    if "forkserver" not in get_all_start_methods():
        return _StartingPool(lambda: get_context("spawn").Pool(workers))
    context = get_context("forkserver")
    context.set_forkserver_preload([_PRELOAD])
    _start_fork_server()
    return _StartingPool(lambda: context.Pool(workers))


class _StartingPool:
    """A process pool created in a thread, so that this process can read its input meanwhile.

    Why: creating a pool of fork-server workers waits until the server has loaded the extraction
    (seconds: it forks nothing before), and ``Store.add`` would wait with it, one core idle.
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

    Why: the server is a fresh interpreter that imports ``_PRELOAD`` from the default path (Python
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


def _end_pool(pool: Any) -> None:
    """Stop the extraction workers once every result is in (or the batch loop failed).

    ``terminate`` (what ``with Pool()`` does on exit) and not ``close`` + ``join``: a spawned worker
    that exits by itself tears its interpreter down (spaCy, the models, the lexicons), 0.7-0.9 s
    of CPU per worker on the critical path at the end of every ingest; the workers hold nothing
    to flush, and ``terminate`` still waits for them to exit.
    """
    pool.terminate()
    _stop_fork_server()


def _stop_fork_server() -> None:
    """End the fork server of ``_extraction_pool`` (it holds a loaded extraction: ~250 MB), and
    wait for it, so no process outlives ``Store.add`` and its CPU counts among the children's."""
    from multiprocessing import forkserver

    stop = getattr(getattr(forkserver, "_forkserver", None), "_stop", None)
    if stop is not None:
        stop()


class _WrittenOutOfSight:
    """Keeps what the ingest process holds between batches out of the garbage collector's full
    collections for the length of one ``Store.add``.

    Why: the process's long-lived objects grow with every batch (the term index's postings, the
    parsed features of up to ``FEATURE_CACHE`` documents: ~190,000 tracked objects after the 6,186
    GVA documents), and each full collection walked all of them again: about 20 collections, a
    quarter of a millisecond per document. After each batch is written, ``gc.freeze`` moves what
    is alive then out of the collector's sight; ``end`` gives it all back (``gc.unfreeze``), so a
    cycle that became garbage meanwhile is collected after the call, not never. Objects are still
    freed by reference counting the moment they are no longer used, frozen or not. Left alone when
    the collector is off or something else froze objects (the caller's freeze stays its own).
    """

    def __init__(self) -> None:
        self._active = gc.isenabled() and gc.get_freeze_count() == 0

    def batch_written(self) -> None:
        if self._active:
            gc.freeze()

    def end(self) -> None:
        if self._active:
            gc.unfreeze()
            self._active = False


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _event_id(doc_id: str) -> str:
    """Events are named after the document that started them (stable across reruns)."""
    return "ev-" + hashlib.sha1(doc_id.encode("utf-8")).hexdigest()[:12]


class Store:
    """Documents, mentions, events and cached briefs in one SQLite file (see package docstring)."""

    def __init__(
        self,
        path: str | Path = "crosscheck.db",
        *,
        extract: Extract | None = None,
        params: GroupingParams = DEFAULT_PARAMS,
    ) -> None:
        self.path = path
        self.params = params
        self._extract = extract or _default_extract
        self._db = connect(path)
        self._lock = threading.RLock()
        self._features: OrderedDict[str, DocFeatures] = OrderedDict()
        self._terms: TermIndex | None = None  # the terms table in memory, loaded when first needed
        self._terms_seen = -1  # PRAGMA data_version at the last check (_check_term_index)
        self._components: dict[str, str] | None = None  # heads.component in memory (_component_map)
        self._recurring: set[str] | None = None  # the recurring names, in memory (_recurring_names)
        if self._db.execute("SELECT 1 FROM heads WHERE component IS NULL LIMIT 1").fetchone():
            self._relink()
        if not self._db.execute("SELECT done FROM name_weeks_filled").fetchone()[0]:
            self._fill_name_weeks()

    FEATURE_CACHE = 20_000
    """Parsed features kept in memory (LRU): candidates are mostly recent documents, and the bound
    keeps memory flat however large the store grows."""

    def _cached_features(self, doc_id: str, raw: str) -> DocFeatures:
        feats = self._features.get(doc_id)
        if feats is None:
            feats = self._features[doc_id] = DocFeatures.from_json(raw)
            if len(self._features) > self.FEATURE_CACHE:
                self._features.popitem(last=False)
        else:
            self._features.move_to_end(doc_id)
        return feats

    READ_AHEAD_BATCHES = 10
    """Batches of input read ahead at most while the workers are busy (``readahead``): enough for
    the seconds their fork server loads at the start (about 1 ms of reading an item)."""

    # ----------------------------------------------------------------- writing
    def add(
        self, items: Iterable[Any], *, batch_size: int = 200, progress: Progress | None = None, workers: int = 1
    ) -> AddSummary:
        """Extract, group and store ``items`` (Articles; anything else is reported as failed).

        ``progress`` is called with the number of items handled after each committed batch.
        ``workers`` > 1 extracts each batch in that many processes (with the default extractor);
        grouping and writing stay in this process, so the result does not depend on it.
        """
        summary = AddSummary()
        seen: dict[str, str] = {}
        created: set[str] = set()
        touched: set[str] = set()
        batch_size = max(1, batch_size)
        reader = ReadAhead(items, self.READ_AHEAD_BATCHES * batch_size)
        pool = _extraction_pool(workers) if workers > 1 and self._extract is _default_extract else None
        pending: tuple[list[Any], list[Article], Any] | None = None
        collector = _WrittenOutOfSight()
        try:
            # With a pool, batch n+1 is extracted while batch n is grouped and written; while
            # batch n is not extracted yet, the input is read ahead (``readahead``).
            while batch := reader.take(batch_size):
                todo = [a for a in (self._check(item, seen, summary) for item in batch) if a is not None]
                if pool is not None and pending is None:
                    reader.fill(pool.starting)  # the workers are being started
                extracting = pool.map_async(_extract_in_worker, todo, chunksize=8) if pool else None
                if pending is not None:
                    if (waiting := pending[2]) is not None:
                        reader.fill(lambda: not waiting.ready())
                    self._finish(*pending, summary, created, touched, progress)
                    collector.batch_written()
                pending = (batch, todo, extracting)
            if pending is not None:
                self._finish(*pending, summary, created, touched, progress)
        finally:
            collector.end()
            if pool is not None:
                _end_pool(pool)
        summary.events_created = len(created)
        summary.events_updated = len(touched - created)
        return summary

    def _check(self, item: Any, seen: dict[str, str], summary: AddSummary) -> Article | None:
        """Check one item against what is stored; the article to extract, or ``None``."""
        if not isinstance(item, Article):
            summary.failed.append(str(item))
            return None
        digest = item.digest
        if seen.get(item.id, digest) != digest:
            summary.failed.append(f"{item.source}: duplicate id {item.id} with a different text in this input; kept the first")
            return None
        if item.id in seen:
            summary.unchanged += 1
            return None
        seen[item.id] = digest
        with self._lock:
            row = self._db.execute("SELECT digest FROM heads WHERE doc_id = ?", (item.id,)).fetchone()
        if row is not None and row[0] == digest:
            summary.unchanged += 1
            return None
        return item

    def _finish(
        self, batch: list[Any], todo: list[Article], extracting: Any, summary: AddSummary,
        created: set[str], touched: set[str], progress: Progress | None,
    ) -> None:
        """Group and write one batch (one transaction) once its extractions are ready."""
        if extracting is not None:
            results = [r if isinstance(r, str) else _rejoined(a, r) for a, r in zip(todo, extracting.get())]
        else:
            results = [self._prepare_or_error(a) for a in todo]
        prepared = []
        for article, result in zip(todo, results):
            if isinstance(result, str):  # a failure is one line, not a stop
                summary.failed.append(f"{article.source}: {article.id}: extraction failed: {result}")
            else:
                prepared.append(_Prepared(article, *result))
        if prepared:
            with self._lock:
                self._write_batch(prepared, summary, created, touched)
        if progress is not None:
            progress(len(batch))

    def _prepare_or_error(self, article: Article) -> tuple[Extraction, DocFeatures] | str:
        try:
            extraction = self._extract(article)
            return extraction, features(extraction)
        except Exception as error:  # one bad document must not stop the batch
            return f"{type(error).__name__}: {error}"

    def _write_batch(self, batch: list[_Prepared], summary: AddSummary, created: set[str], touched: set[str]) -> None:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            self._check_term_index()
            counts = [0, 0, 0]
            batch_touched: set[str] = set()
            components: set[str] = set()
            new_docs: set[str] = set()
            revised: set[str] = set()
            for item in batch:
                outcome = self._write_one(item, batch_touched, components)
                counts[outcome] += 1
                if outcome:
                    (new_docs if outcome == 1 else revised).add(item.article.id)
            self._split_all(components, new_docs, revised, batch_touched, created)
            fresh = {item.article.id: item.extraction for item in batch}
            for event_id in batch_touched:
                self._refresh_event(event_id, fresh)
            db.execute("COMMIT")
        except BaseException:
            self._terms = None  # it may hold rows the rollback removed
            self._components = None  # and components the rollback undid
            self._features.clear()  # and features of versions rolled back
            self._recurring = None  # and names the batch made recurring
            db.execute("ROLLBACK")
            raise
        summary.added += counts[1]
        summary.new_versions += counts[2]
        summary.unchanged += counts[0]
        touched |= batch_touched

    def _write_one(self, item: _Prepared, touched: set[str], components: set[str]) -> int:
        """Store one document version; 0 unchanged, 1 new document, 2 new version.

        A new document is linked into a component (``components`` collects those to split into
        events once the batch is written; until then it carries a provisional event id). A new
        version is grouped again from its new text (``_regroup_version``): a revised story may
        have become another story, and its old links no longer say anything about it.
        """
        db, article = self._db, item.article
        head = db.execute("SELECT version, digest, event_id FROM heads WHERE doc_id = ?", (article.id,)).fetchone()
        if head is not None and head[1] == article.digest:
            return 0
        version = 1 if head is None else head[0] + 1
        self._insert_version(item, version)
        feats = item.features
        if head is None:
            component = self._link(article.id, feats, components)
            db.execute(
                "INSERT INTO heads (doc_id, version, digest, event_id, day, features, component) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (article.id, version, article.digest, _event_id(article.id), feats.day, feats.to_json(), component),
            )
            self._noted_components([article.id], component)
        else:
            event_id = head[2]
            db.execute(
                "UPDATE heads SET version = ?, digest = ?, day = ?, features = ? WHERE doc_id = ?",
                (version, article.digest, feats.day, feats.to_json(), article.id),
            )
            db.execute("DELETE FROM terms WHERE doc_id = ?", (article.id,))
            if self._terms is not None:
                self._terms.remove(article.id)
            self._features.pop(article.id, None)
            touched.add(event_id)
            self._regroup_version(article.id, feats, components)
        self._insert_terms(article.id, feats)
        return 1 if head is None else 2

    def _insert_version(self, item: _Prepared, version: int) -> None:
        article, extraction = item.article, item.extraction
        self._db.execute(
            "INSERT INTO documents (doc_id, version, digest, source, outlet, url, published, title, language,"
            " furniture, text, sentences, background, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                article.id, version, article.digest, article.source, article.outlet, article.url,
                article.published, article.title, article.language, json.dumps(article.furniture), article.text,
                json.dumps([(s.start, s.end) for s in extraction.sentences]),
                json.dumps([(s.start, s.end) for s in extraction.background]), _now(),
            ),
        )
        rows = []
        for mention in extraction.mentions:
            name, data = encode_mention(mention)
            kind = data.get("kind")
            rows.append((article.id, version, name, kind, mention.evidence.start, json.dumps(data)))
        self._db.executemany(
            "INSERT INTO mentions (doc_id, version, class, kind, start, data) VALUES (?, ?, ?, ?, ?, ?)", rows
        )

    def _link(self, doc_id: str, feats: DocFeatures, components: set[str]) -> str:
        """Store the document's links to its candidates and merge the components they reach.

        Returns the document's component id (a new one, named after the document, when it links
        to nothing). The merged component keeps the id of the largest one, so fewer rows change.
        Its names are counted first: a name it makes recurring is recurring for its own links, as
        in the engines (``recurring.RecurringAt``).
        """
        db = self._db
        self._count_names(feats)
        found = links_to(feats, self._candidates(feats), self.params, self._recurring_names())
        db.executemany(
            "INSERT OR REPLACE INTO links (a, b, sim) VALUES (?, ?, ?)",
            [(min(doc_id, c.doc_id), max(doc_id, c.doc_id), score) for c, score in found],
        )
        reached = sorted({c.component for c, _ in found})
        if not reached:
            components.add(doc_id)
            return doc_id
        keep = reached[0]
        if len(reached) > 1:
            marks = ",".join("?" * len(reached))
            sizes = dict(db.execute(
                f"SELECT component, COUNT(*) FROM heads WHERE component IN ({marks}) GROUP BY component", reached
            ))
            keep = max(reached, key=lambda c: (sizes.get(c, 0), c == reached[0]))
            others = [c for c in reached if c != keep]
            moved = db.execute(
                f"UPDATE heads SET component = ? WHERE component IN ({','.join('?' * len(others))}) RETURNING doc_id",
                [keep, *others],
            ).fetchall()
            self._noted_components([doc_id for doc_id, in moved], keep)
            components.difference_update(others)
        components.add(keep)
        return keep

    def _regroup_version(self, doc_id: str, feats: DocFeatures, components: set[str]) -> None:
        """Link a document's new version afresh, as if it had just arrived.

        Its old links go (they measured the old text); the rest of its old component may then fall
        apart into several connected parts, each becoming a component of its own, and the document
        is linked to its candidates like a new one. Every component involved is split into events
        with the batch (``components``), so the result is the grouping the new text would have
        had, up to the candidates blocking finds. Its terms must already be out of the index, so
        it is not its own candidate.
        """
        db = self._db
        old = db.execute("SELECT component FROM heads WHERE doc_id = ?", (doc_id,)).fetchone()[0]
        db.execute("UPDATE heads SET component = NULL WHERE doc_id = ?", (doc_id,))
        self._noted_components([doc_id], None)
        if old is not None:
            mine = db.execute(
                "SELECT a, b FROM links WHERE a = ? UNION SELECT l.a, l.b FROM heads h JOIN links l ON l.a = h.doc_id"
                " WHERE h.component = ? AND l.b = ?", (doc_id, old, doc_id),
            ).fetchall()
            db.executemany("DELETE FROM links WHERE a = ? AND b = ?", mine)
            components.discard(old)
            components.update(self._renumber_parts(old))
        component = self._link(doc_id, feats, components)
        db.execute("UPDATE heads SET component = ? WHERE doc_id = ?", (component, doc_id))
        self._noted_components([doc_id], component)

    def _renumber_parts(self, component: str) -> list[str]:
        """Give each connected part of a component (after links were removed) its own id.

        A component id is always the id of one of its documents (so a new document's own id can
        never clash with it): the part holding the document the old id names keeps it, every other
        part is named after its oldest document. Returns the parts' ids.
        """
        db = self._db
        members = [row[0] for row in db.execute("SELECT doc_id FROM heads WHERE component = ? ORDER BY rowid", (component,))]
        parent = {doc_id: doc_id for doc_id in members}

        def root(doc_id: str) -> str:
            while parent[doc_id] != doc_id:
                parent[doc_id] = parent[parent[doc_id]]
                doc_id = parent[doc_id]
            return doc_id

        for a, b in db.execute(
            "SELECT l.a, l.b FROM heads h JOIN links l ON l.a = h.doc_id WHERE h.component = ?", (component,)
        ):
            if b in parent:
                parent[root(a)] = root(b)
        parts: dict[str, list[str]] = {}
        for doc_id in members:  # oldest first, so each part's first member is its oldest
            parts.setdefault(root(doc_id), []).append(doc_id)
        ids = []
        for part in parts.values():
            name = component if component in part else part[0]
            if name != component:
                db.executemany("UPDATE heads SET component = ? WHERE doc_id = ?", [(name, d) for d in part])
                self._noted_components(part, name)
            ids.append(name)
        return ids

    def _split_all(
        self, components: set[str], new_docs: set[str], revised: set[str], touched: set[str], created: set[str]
    ) -> None:
        """Recompute the events of the components a batch touched (level 2), keeping ids stable.

        The events are ``component_events`` of each component's documents and links (one event per
        component for ``linkage="single"``), so they depend on the component alone, not on arrival
        order; they may split or merge when a batch touches the component. Ids: events are taken
        oldest first (by their oldest document in ingest order), and each keeps the previous event
        id of its oldest document that no older event has claimed. Documents whose text changed in
        this batch (``revised``) claim last, after every other document of every component: a
        revised story that moved to another event must not carry its old event's id there. An
        event with no id to keep (only new documents, or the younger part of a split) is named
        after its oldest document. Old ids nobody claimed are dropped; events whose documents did
        not change are not refreshed.
        """
        db = self._db
        clusters: list[list[str]] = []
        before: dict[str, str | None] = {}
        age: dict[str, int] = {}
        for component in sorted(components):
            rows = db.execute(
                "SELECT rowid, doc_id, event_id, day FROM heads WHERE component = ? ORDER BY rowid", (component,)
            ).fetchall()
            for rowid, doc_id, event_id, _ in rows:
                age[doc_id] = rowid
                before[doc_id] = None if doc_id in new_docs else event_id
            clusters += self._component_clusters(component, [(doc_id, day) for _, doc_id, _, day in rows])
        clusters = sorted((sorted(c, key=age.__getitem__) for c in clusters), key=lambda c: age[c[0]])
        old_members: dict[str, set[str]] = {}
        for doc_id, event_id in before.items():
            if event_id is not None:
                old_members.setdefault(event_id, set()).add(doc_id)
        ids: list[str | None] = [None] * len(clusters)
        claimed: set[str] = set()
        for speaks in (lambda d: d not in revised, lambda d: d in revised):
            for index, cluster in enumerate(clusters):
                if ids[index] is None:
                    found = next((before[d] for d in cluster
                                  if speaks(d) and before[d] is not None and before[d] not in claimed), None)
                    if found is not None:
                        ids[index] = found
                        claimed.add(found)
        for cluster, event_id in zip(clusters, ids):
            if event_id is None:
                event_id = self._fresh_event_id(cluster, claimed)
                db.execute("INSERT INTO events (id, title, n_docs, updated_at) VALUES (?, '', 0, ?)", (event_id, _now()))
                created.add(event_id)
                claimed.add(event_id)
            db.executemany("UPDATE heads SET event_id = ? WHERE doc_id = ? AND event_id != ?",
                           [(event_id, d, event_id) for d in cluster])
            if old_members.get(event_id, set()) != set(cluster):
                touched.add(event_id)
        for event_id in set(old_members) - claimed:
            db.execute("DELETE FROM events WHERE id = ?", (event_id,))
            db.execute("DELETE FROM facts WHERE event_id = ?", (event_id,))
            touched.discard(event_id)
            created.discard(event_id)

    def _component_clusters(self, component: str, members: list[tuple[str, int | None]]) -> list[list[str]]:
        """The events (lists of doc ids) of one component's ``(doc_id, day)`` members."""
        if self.params.linkage == "single" or len(members) == 1:
            return [[doc_id for doc_id, _ in members]]
        sims = {(a, b): sim for a, b, sim in self._db.execute(
            "SELECT l.a, l.b, l.sim FROM heads h JOIN links l ON l.a = h.doc_id WHERE h.component = ?", (component,)
        )}
        return component_events(members, sims, self.params)

    def _fresh_event_id(self, cluster: list[str], claimed: set[str]) -> str:
        """An unused event id for a new event: named after its oldest document when free.

        The fallback names are made one at a time: nearly always the first name is free, and
        building all 999 of them for every new event cost ~0.2 ms per document of ingest.
        """
        for doc_id in chain(cluster, (f"{cluster[0]}#{k}" for k in range(1, 1000))):
            event_id = _event_id(doc_id)
            if event_id not in claimed and not self._db.execute("SELECT 1 FROM events WHERE id = ?", (event_id,)).fetchone():
                return event_id
        raise RuntimeError(f"no free event id for {cluster[0]}")

    def _relink(self) -> None:
        """Rebuild links, components and events of a store written before two-level grouping.

        Every document is linked again in its ingest order (the term index is refilled as it goes,
        so each one sees only older documents as candidates, as when it was added), then every
        component is split. One transaction; done once, when such a file is first opened.
        """
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            rows = db.execute("SELECT doc_id, features, event_id FROM heads ORDER BY rowid").fetchall()
            db.execute("DELETE FROM terms")
            self._terms = None
            db.execute("DELETE FROM links")
            db.execute("UPDATE heads SET component = NULL")
            self._components = {}
            db.execute("DELETE FROM name_weeks")  # counted again in ingest order, as each is linked
            db.execute("UPDATE name_weeks_filled SET done = 1")
            self._recurring = set()
            components: set[str] = set()
            for doc_id, raw, _ in rows:
                feats = DocFeatures.from_json(raw)
                component = self._link(doc_id, feats, components)
                db.execute("UPDATE heads SET component = ? WHERE doc_id = ?", (component, doc_id))
                self._noted_components([doc_id], component)
                self._insert_terms(doc_id, feats)
            touched: set[str] = set()
            self._split_all(components, set(), set(), touched, set())
            for event_id in touched:
                self._refresh_event(event_id)
            db.execute("COMMIT")
        except BaseException:
            self._terms = None
            self._components = None
            self._recurring = None
            db.execute("ROLLBACK")
            raise

    def _fill_name_weeks(self) -> None:
        """Count the names of the documents a store written before v5 holds, in ingest order (once)."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            if not db.execute("SELECT done FROM name_weeks_filled").fetchone()[0]:  # or another process did it
                self._recurring = set()
                for (raw,) in db.execute("SELECT features FROM heads ORDER BY rowid").fetchall():
                    self._count_names(DocFeatures.from_json(raw))
                db.execute("UPDATE name_weeks_filled SET done = 1")
            db.execute("COMMIT")
        except BaseException:
            self._recurring = None
            db.execute("ROLLBACK")
            raise

    def _recurring_names(self) -> set[str]:
        """The names recurring now (``crosscheck.events.recurring``), in memory, loaded when not held."""
        if self._recurring is None:
            weeks = self.params.recurring_weeks
            self._recurring = set() if weeks is None else {name for name, in self._db.execute(
                "SELECT name FROM name_weeks GROUP BY name HAVING COUNT(*) >= ?", (weeks,)
            )}
        return self._recurring

    def _count_names(self, feats: DocFeatures) -> None:
        """File the weeks of a document's names; a name reaching ``recurring_weeks`` joins the
        recurring ones. Recurring names are not counted further (their rows stop growing)."""
        db, recurring, weeks = self._db, self._recurring_names(), self.params.recurring_weeks
        for name, week in name_weeks(feats):
            if name in recurring:
                continue
            if db.execute(
                "INSERT INTO name_weeks (name, week) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING 1", (name, week)
            ).fetchone() is None or weeks is None:
                continue
            if db.execute("SELECT COUNT(*) FROM name_weeks WHERE name = ?", (name,)).fetchone()[0] >= weeks:
                recurring.add(name)

    def _insert_terms(self, doc_id: str, feats: DocFeatures) -> None:
        """File a document in the candidate index: the ``terms`` table and its copy in memory."""
        terms = index_terms(feats, self.params)
        self._db.executemany("INSERT INTO terms (term, day, doc_id) VALUES (?, ?, ?)", [(t, feats.day, doc_id) for t in terms])
        if self._terms is not None:
            self._terms.add(doc_id, feats.day, terms)

    def _check_term_index(self) -> None:
        """Drop what this process holds of the store in memory (the term index, parsed features) if
        another connection committed since the last check (``PRAGMA data_version`` changes only for
        other connections' commits); called inside the write transaction, which keeps others out."""
        seen = self._db.execute("PRAGMA data_version").fetchone()[0]
        if seen != self._terms_seen:
            self._terms = None
            self._components = None  # another connection may have linked documents
            self._features.clear()  # another connection may have stored new versions
            self._recurring = None  # another connection may have made names recurring
            self._terms_seen = seen

    def _term_index(self) -> TermIndex:
        """The ``terms`` table in memory (``termindex``), loaded from the table when not held."""
        if self._terms is None:
            self._terms = TermIndex.load(self._db.execute("SELECT term, day, doc_id FROM terms ORDER BY term, day"))
        return self._terms

    def _candidates(self, feats: DocFeatures) -> list[Candidate]:
        """Stored documents sharing the most index terms with ``feats`` (each counted by
        ``index_weights``) inside its time window (undated documents count in every window; an
        undated ``feats`` sees every document)."""
        terms = index_terms(feats, self.params)
        if not terms:
            return []
        gap = self.params.max_gap_days
        window = None if feats.day is None else (feats.day - gap, feats.day + gap)
        ids = self._term_index().top(terms, window, self.params.candidate_limit, index_weights(terms, self.params))
        if not ids:
            return []
        rows = self._components_of(ids)
        # Most candidates are recent documents whose parsed features are cached: read the stored
        # JSON of the others only (reading all of it cost ~0.4 ms per new document).
        missing = [doc_id for doc_id, _ in rows if doc_id not in self._features]
        raw: dict[str, str] = {}
        if missing:
            raw = dict(self._db.execute(
                f"SELECT doc_id, features FROM heads WHERE doc_id IN ({','.join('?' * len(missing))})", missing
            ))
        return [Candidate(doc_id, feats, component) for (doc_id, component), feats in zip(rows, self._features_of(rows, raw))]

    def _component_map(self) -> dict[str, str]:
        """``heads.component`` of every linked document, in memory, loaded from the table when not held.

        Why: each new document asks the components of its ~60 candidates, and SQLite found
        ``component`` (the last column of ``heads``) only after walking each row's features JSON,
        ~0.25 ms per new document at 6,000 GVA documents. Every statement of this class that writes
        ``component`` updates the map with it (``_noted_components``); it is dropped, to be loaded
        again, wherever that cannot be told: a rollback, another connection's commit.
        """
        if self._components is None:
            self._components = dict(self._db.execute("SELECT doc_id, component FROM heads WHERE component IS NOT NULL"))
        return self._components

    def _noted_components(self, doc_ids: Iterable[str], component: str | None) -> None:
        """Follow, in the map (when held), a statement that set ``doc_ids``' component (``None``: NULL)."""
        held = self._components
        if held is None:
            return
        for doc_id in doc_ids:
            if component is None:
                held.pop(doc_id, None)
            else:
                held[doc_id] = component

    def _components_of(self, ids: Sequence[str]) -> list[tuple[str, str]]:
        """``(doc_id, component)`` of the linked documents among ``ids``, by doc id, as
        ``SELECT doc_id, component FROM heads WHERE doc_id IN (...) AND component IS NOT NULL`` gives
        them (the primary key's order: SQLite's BINARY, UTF-8 bytes, which ``str`` order matches)."""
        held = self._component_map()
        return [(doc_id, held[doc_id]) for doc_id in sorted(set(ids)) if doc_id in held]

    def _features_of(self, rows: list[tuple[str, str]], raw: dict[str, str]) -> list[DocFeatures]:
        """``_cached_features`` of each row's document, with the cache hits (nearly all of them)
        answered inline: one method call per candidate was ~0.1 ms per ingested document."""
        cache = self._features
        out = []
        for doc_id, _ in rows:
            feats = cache.get(doc_id)
            if feats is None:
                feats = self._cached_features(doc_id, raw.get(doc_id, ""))
            else:
                cache.move_to_end(doc_id)
            out.append(feats)
        return out

    def _refresh_event(self, event_id: str, fresh: dict[str, Extraction] | None = None) -> None:
        """Recompute an event's listing fields from its documents and bump its revision."""
        db = self._db
        docs = db.execute(
            "SELECT h.doc_id, h.features, d.outlet FROM heads h JOIN documents d"
            " ON d.doc_id = h.doc_id AND d.version = h.version WHERE h.event_id = ?"
            " ORDER BY d.published IS NULL, d.published, h.doc_id",
            (event_id,),
        ).fetchall()
        if not docs:
            db.execute("DELETE FROM events WHERE id = ?", (event_id,))
            return
        feats = [self._cached_features(row[0], row[1]) for row in docs]
        places = Counter(place for f in feats for place in dict.fromkeys(f.places))
        kinds = Counter(f.kind for f in feats if f.kind)
        days = [f.day for f in feats if f.day is not None]
        event_date = date.fromordinal(min(days)).isoformat() if days else _stated_date(feats)
        outlets = sorted({row[2] for row in docs if row[2]})
        place_names = [name for name, _ in places.most_common(5)]
        title, headline = self._listing([row[0] for row in docs], fresh or {})
        db.execute(
            "UPDATE events SET title = ?, date = ?, kind = ?, places = ?, outlets = ?, headline = ?, n_docs = ?,"
            " search = ?, revision = revision + 1, updated_at = ? WHERE id = ?",
            (
                title, event_date, kinds.most_common(1)[0][0] if kinds else None, json.dumps(place_names),
                json.dumps(outlets), json.dumps(headline), len(docs),
                " ".join([title, *place_names, *outlets]).lower(), _now(), event_id,
            ),
        )
        db.execute("DELETE FROM facts WHERE event_id = ?", (event_id,))

    def _listing(self, doc_ids: list[str], fresh: dict[str, Extraction]) -> tuple[str, dict[str, float]]:
        """The event's title and current casualty tolls, as its brief states them.

        ``fresh`` holds the extractions of the batch being written: those documents are not read
        back from the store.
        """
        from crosscheck.reconcile import figures_and_places
        from crosscheck.reconcile.figures import headline_of
        from crosscheck.reconcile.title import event_title

        articles: dict[str, Article] = {}
        mentions: list[AnyMention] = []
        for doc_id in doc_ids:
            if doc_id in fresh:
                articles[doc_id] = fresh[doc_id].article
                mentions.extend(fresh[doc_id].mentions)
            elif (article := self.article(doc_id)) is not None:
                articles[doc_id] = article
                mentions.extend(self.mentions(doc_id))
        figures, _, places, _ = figures_and_places(mentions, articles)
        return event_title(figures, places, list(articles.values())), headline_of(figures)

    @property
    def fetch_log(self) -> FetchLog:
        """What ``crosscheck watch`` fetched into this store (conditional-GET validators, pages done)."""
        return FetchLog(self._db, self._lock)

    # ----------------------------------------------------------------- reading
    def version(self, doc_id: str) -> int | None:
        """The current version number of a document, or ``None`` if it is not stored."""
        with self._lock:
            row = self._db.execute("SELECT version FROM heads WHERE doc_id = ?", (doc_id,)).fetchone()
        return row[0] if row else None

    def article(self, doc_id: str, version: int | None = None) -> Article | None:
        """A stored document (the current version unless ``version`` is given)."""
        version = version if version is not None else self.version(doc_id)
        if version is None:
            return None
        with self._lock:
            row = self._db.execute(_ARTICLE_SQL + " WHERE doc_id = ? AND version = ?", (doc_id, version)).fetchone()
        return _article(row) if row else None

    def articles(self, ids: Sequence[str] | None = None) -> Iterator[Article]:
        """Current versions of the given documents (all documents, by id, when ``ids`` is None)."""
        if ids is None:
            with self._lock:
                ids = [row[0] for row in self._db.execute("SELECT doc_id FROM heads ORDER BY doc_id")]
        for doc_id in ids:
            article = self.article(doc_id)
            if article is not None:
                yield article

    def mentions(self, doc_id: str) -> list[AnyMention]:
        """Mentions of the current version of a document, in text order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT m.class, m.data FROM mentions m JOIN heads h ON h.doc_id = m.doc_id AND h.version = m.version"
                " WHERE m.doc_id = ? ORDER BY m.id",
                (doc_id,),
            ).fetchall()
        return [decode_mention(name, json.loads(data)) for name, data in rows]

    def event_of(self, doc_id: str) -> str | None:
        """The event a document belongs to."""
        with self._lock:
            row = self._db.execute("SELECT event_id FROM heads WHERE doc_id = ?", (doc_id,)).fetchone()
        return row[0] if row else None

    def grouping(self) -> dict[str, str]:
        """Every current document with its event id (for evaluation and exports)."""
        with self._lock:
            return dict(self._db.execute("SELECT doc_id, event_id FROM heads"))

    def events(
        self,
        *,
        query: str | None = None,
        since: str | None = None,
        until: str | None = None,
        place: str | None = None,
        kind: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[EventSummary]:
        """Events matching all given filters, newest first (undated last)."""
        where, args = _filters(query, since, until, place, kind)
        sql = f"SELECT id FROM events{where} ORDER BY date IS NULL, date DESC, id LIMIT ? OFFSET ?"
        with self._lock:
            ids = [row[0] for row in self._db.execute(sql, [*args, limit, offset])]
        return [summary for summary in map(self.event, ids) if summary is not None]

    def count_events(
        self,
        *,
        query: str | None = None,
        since: str | None = None,
        until: str | None = None,
        place: str | None = None,
        kind: str | None = None,
    ) -> int:
        """How many events ``events`` would list with the same filters and no limit."""
        where, args = _filters(query, since, until, place, kind)
        with self._lock:
            return self._db.execute(f"SELECT COUNT(*) FROM events{where}", args).fetchone()[0]

    def event(self, event_id: str) -> EventSummary | None:
        """One event's summary, or ``None`` if no such event."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, title, date, places, kind, outlets, headline FROM events WHERE id = ?", (event_id,)
            ).fetchone()
            if row is None:
                return None
            docs = tuple(
                r[0]
                for r in self._db.execute(
                    "SELECT h.doc_id FROM heads h JOIN documents d ON d.doc_id = h.doc_id AND d.version = h.version"
                    " WHERE h.event_id = ? ORDER BY d.published IS NULL, d.published, h.doc_id",
                    (event_id,),
                )
            )
        return EventSummary(
            id=row[0], title=row[1], date=row[2], places=tuple(json.loads(row[3])), kind=row[4],
            documents=docs, outlets=tuple(json.loads(row[5])), headline=json.loads(row[6]),
        )

    def extractions(self, event_id: str) -> list[Extraction]:
        """What was read from each current document of an event, rebuilt from the store."""
        summary = self.event(event_id)
        if summary is None:
            return []
        result = []
        for doc_id in summary.documents:
            article = self.article(doc_id)
            if article is None:
                continue
            with self._lock:
                sentences, background = self._db.execute(
                    "SELECT sentences, background FROM documents WHERE doc_id = ? AND version = ?",
                    (doc_id, self.version(doc_id)),
                ).fetchone()
            result.append(
                Extraction(
                    article=article,
                    sentences=tuple(Span(doc_id, a, b) for a, b in json.loads(sentences)),
                    mentions=tuple(self.mentions(doc_id)),
                    background=tuple(Span(doc_id, a, b) for a, b in json.loads(background)),
                )
            )
        return result

    def cached_brief(self, event_id: str) -> str | None:
        """The cached brief JSON of an event, if it is still valid for the event's documents."""
        with self._lock:
            row = self._db.execute(
                "SELECT f.brief FROM facts f JOIN events e ON e.id = f.event_id AND e.revision = f.revision"
                " WHERE f.event_id = ?",
                (event_id,),
            ).fetchone()
        return row[0] if row else None

    def cache_brief(self, event_id: str, brief_json: str) -> None:
        """Cache an event's derived brief for its current revision (dropped when it changes)."""
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO facts (event_id, revision, brief)"
                " SELECT id, revision, ? FROM events WHERE id = ?",
                (brief_json, event_id),
            )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_ARTICLE_SQL = "SELECT doc_id, text, source, outlet, url, published, title, language, furniture FROM documents"


def _article(row: sqlite3.Row | tuple) -> Article:
    return Article(
        id=row[0], text=row[1], source=row[2], outlet=row[3], url=row[4], published=row[5], title=row[6],
        language=row[7], furniture=tuple(tuple(pair) for pair in json.loads(row[8])),
    )


def _stated_date(feats: list[DocFeatures]) -> str | None:
    """Without publication dates: the event date most documents state, else the year they state."""
    dates = Counter(f.stated_date for f in feats if f.stated_date)
    if dates:
        return max(dates, key=lambda d: (dates[d], d))
    years = Counter(f.years[0] for f in feats if f.years)
    return str(years.most_common(1)[0][0]) if years else None


def _filters(
    query: str | None, since: str | None, until: str | None, place: str | None, kind: str | None
) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    args: list[Any] = []
    for word in (query or "").lower().split():
        clauses.append("search LIKE ?")
        args.append(f"%{word}%")
    if since:
        clauses.append("date >= ?")
        args.append(since)
    if until:
        clauses.append("date <= ?")
        args.append(until + "\uffff")
    if place:
        clauses.append("LOWER(places) LIKE ?")
        args.append(f"%{place.lower()}%")
    if kind:
        clauses.append("kind = ?")
        args.append(kind)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), args


def brief_from_store(store: Store, event_id: str | None = None) -> Any:
    """The ``Brief`` of one event, or of every event when ``event_id`` is None.

    Documents are listed with the version the brief read. Raises ``KeyError`` for an unknown event.
    """
    from crosscheck.facts import Brief
    from crosscheck.pipeline import brief_from_extractions, document_info

    ids = [event_id] if event_id else [e.id for e in store.events(limit=store.count_events())]
    events, documents = [], []
    for eid in ids:
        summary = store.event(eid)
        if summary is None:
            raise KeyError(f"E203 no event {eid!r} in the store")
        extractions = store.extractions(eid)
        events.append(brief_from_extractions(extractions, eid, summary.title))
        for extraction in extractions:
            article = extraction.article
            documents.append(document_info(article, store.version(article.id) or 1))
    return Brief(documents=tuple(documents), events=tuple(events))
