"""The corpus: a store that reads, groups and lists the documents added to it.

``Corpus`` is a ``crosscheck.store.Store`` (every reading method is the store's) that adds
documents: each new article is prepared (extraction and grouping features,
``crosscheck.engines.steps.prepare_article``; in worker processes with ``workers`` > 1,
``crosscheck.engines.workers``), then grouped and written batch by batch, one transaction each
(``crosscheck.events.incremental``), and the events a batch touched are listed again with their
brief's title and tolls (``crosscheck.reconcile``).

    corpus = Corpus("crosscheck.db", extract=None, params=DEFAULT_PARAMS)
        # ":memory:" for tests; extract: Article -> Extraction (default crosscheck.extract.extract_article)
    summary = corpus.add(articles, batch_size=200, progress=callback, workers=1)   # -> AddSummary

``add`` extracts each new article outside any transaction, then groups and writes a whole batch in
one transaction: a process killed mid-ingest loses only its uncommitted batch, and rerunning the
same input skips what was stored (same id and text) and completes the rest. A changed text under
an id already stored becomes version n+1 of that document and is grouped again from its new text:
its old links go (its old component may fall apart into parts), and it is linked like a new
document, so a revised story that became another story moves to that story's event. Within one
``add`` call, a second record with an id already seen in the call but a different text is refused
with one line in ``failed`` (two deliveries cannot both be the current text).

Opening a file written before links existed relinks it once; one written before name weeks
existed has its documents' names counted once (``crosscheck.events.recurring``).
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from crosscheck.engines.steps import prepare_or_error
from crosscheck.engines.workers import Pending, Result, Workers
from crosscheck.events.features import DocFeatures
from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams
from crosscheck.events.incremental import BatchChanges, IncrementalGrouping
from crosscheck.ingest.repair import repaired
from crosscheck.model import AnyMention, Article, Extraction
from crosscheck.reconcile import figures_and_places, stated_event_date
from crosscheck.reconcile.figures import headline_of
from crosscheck.reconcile.title import event_title
from crosscheck.store import Store
from crosscheck.store.core import Listing
from crosscheck.store.readahead import ReadAhead

Extract = Callable[[Article], Extraction]
Progress = Callable[[int], None]


@dataclass(slots=True)
class AddSummary:
    """What one ``Corpus.add`` call did; ``failed`` has one human-readable line per bad item,
    ``notes`` one per item stored with a change (text UTF-8 cannot hold, repaired)."""

    added: int = 0
    unchanged: int = 0
    new_versions: int = 0
    failed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    events_created: int = 0
    events_updated: int = 0


@dataclass(frozen=True, slots=True)
class _Prepared:
    extraction: Extraction
    features: DocFeatures


class Corpus(Store):
    """A store that adds documents (see the module docstring)."""

    READ_AHEAD_BATCHES = 10
    """Batches of input read ahead at most while the workers are busy (``readahead``): enough for
    the seconds their fork server loads at the start (about 1 ms of reading an item)."""

    def __init__(
        self, path: str | Path = "crosscheck.db", *, extract: Extract | None = None, params: GroupingParams = DEFAULT_PARAMS
    ) -> None:
        super().__init__(path)
        self.params = params
        self._extract = extract
        self.grouper = IncrementalGrouping(self, params)
        if self.unlinked():
            with self.transaction():
                for event_id in self.grouper.relink().touched:
                    self._refresh_event(event_id)
        if not self.name_weeks_counted():
            with self.transaction():
                self.grouper.count_stored_names()

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
        pool = Workers(workers) if workers > 1 and self._extract is None else None
        pending: tuple[list[Any], list[Article], Pending | None] | None = None
        collector = _WrittenOutOfSight()
        try:
            # With workers, batch n+1 is extracted while batch n is grouped and written; while
            # batch n is not extracted yet, the input is read ahead (``readahead``).
            while batch := reader.take(batch_size):
                todo = [a for a in (self._check(item, seen, summary) for item in batch) if a is not None]
                if pool is not None and pending is None:
                    reader.fill(pool.starting)  # the workers are being started
                extracting = pool.prepare(todo) if pool else None
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
                pool.close()
        summary.events_created = len(created)
        summary.events_updated = len(touched - created)
        return summary

    def _check(self, item: Any, seen: dict[str, str], summary: AddSummary) -> Article | None:
        """Check one item against what is stored; the article to extract, or ``None``."""
        if not isinstance(item, Article):
            summary.failed.append(str(item))
            return None
        item, note = repaired(item)  # text SQLite cannot store as UTF-8: repaired, never a lost batch
        if note is not None:
            summary.notes.append(str(note))
        digest = item.digest
        if seen.get(item.id, digest) != digest:
            summary.failed.append(f"{item.source}: duplicate id {item.id} with a different text in this input; kept the first")
            return None
        if item.id in seen:
            summary.unchanged += 1
            return None
        seen[item.id] = digest
        if self.digest(item.id) == digest:
            summary.unchanged += 1
            return None
        return item

    def _finish(
        self, batch: list[Any], todo: list[Article], extracting: Pending | None, summary: AddSummary,
        created: set[str], touched: set[str], progress: Progress | None,
    ) -> None:
        """Group and write one batch (one transaction) once its extractions are ready."""
        results: list[Result]
        if extracting is not None:
            results = extracting.get()
        else:
            results = [prepare_or_error(a, self._extract) for a in todo]
        prepared = []
        for article, result in zip(todo, results):
            if isinstance(result, str):  # a failure is one line, not a stop
                summary.failed.append(f"{article.source}: {article.id}: extraction failed: {result}")
            else:
                prepared.append(_Prepared(*result))
        if prepared:
            self._write_batch(prepared, summary, created, touched)
        if progress is not None:
            progress(len(batch))

    def _write_batch(self, batch: list[_Prepared], summary: AddSummary, created: set[str], touched: set[str]) -> None:
        with self.transaction():
            counts = [0, 0, 0]
            changes = BatchChanges()
            for item in batch:
                counts[self._write_one(item, changes)] += 1
            self.grouper.split(changes, created)
            fresh = {item.extraction.article.id: item.extraction for item in batch}
            for event_id in changes.touched:
                self._refresh_event(event_id, fresh)
        summary.added += counts[1]
        summary.new_versions += counts[2]
        summary.unchanged += counts[0]
        touched |= changes.touched

    def _write_one(self, item: _Prepared, changes: BatchChanges) -> int:
        """Store and group one document version; 0 unchanged, 1 new document, 2 new version."""
        article = item.extraction.article
        head = self.head(article.id)
        if head is not None and head.digest == article.digest:
            return 0
        version = 1 if head is None else head.version + 1
        self.insert_version(item.extraction, version)
        self.grouper.file(article.id, article.digest, version, head, item.features, changes)
        return 1 if head is None else 2

    def _refresh_event(self, event_id: str, fresh: dict[str, Extraction] | None = None) -> None:
        """Recompute an event's listing fields from its documents and bump its revision."""
        sketch = self.grouper.sketch(event_id)
        if sketch is None:
            self.delete_event(event_id)
            return
        title, headline, event_date = self._listing(sketch.doc_ids, fresh or {})
        self.update_listing(event_id, Listing(
            title=title, date=event_date, kind=sketch.kind, places=sketch.places, outlets=sketch.outlets,
            headline=headline, documents=len(sketch.doc_ids),
        ))

    def _listing(self, doc_ids: Iterable[str], fresh: dict[str, Extraction]) -> tuple[str, dict[str, float], str | None]:
        """The event's title, current casualty tolls and date, as its brief states them.

        ``fresh`` holds the extractions of the batch being written: those documents are not read
        back from the store.
        """
        articles: dict[str, Article] = {}
        mentions: list[AnyMention] = []
        for doc_id in doc_ids:
            if doc_id in fresh:
                articles[doc_id] = fresh[doc_id].article
                mentions.extend(fresh[doc_id].mentions)
            elif (article := self.article(doc_id)) is not None:
                articles[doc_id] = article
                mentions.extend(self.mentions(doc_id))
        figures, _, places, other_incidents = figures_and_places(mentions, articles)
        listed = list(articles.values())
        day = stated_event_date(mentions, listed, other_incidents)
        return event_title(figures, places, listed, day), headline_of(figures), day


class _WrittenOutOfSight:
    """Keeps what the ingest process holds between batches out of the garbage collector's full
    collections for the length of one ``Corpus.add``.

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


__all__ = ["AddSummary", "Corpus"]
