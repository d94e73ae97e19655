"""The corpus store: documents (all versions), mentions, events and cached briefs in SQLite.

Storage only: it knows the tables and how to read and write them, not how documents are read,
grouped or briefed (``crosscheck.corpus.Corpus`` adds documents to a store; ``crosscheck.briefs``
states its events). Stable reading API (used by the CLI, the web view and the exports)::

    store = Store("crosscheck.db")                                       # ":memory:" for tests; WAL: readers work during ingest
    store.article(doc_id, version=None) -> Article | None                # current version by default
    store.articles(ids=None) -> Iterator[Article]                        # current versions
    store.version(doc_id) -> int | None
    store.mentions(doc_id) -> list[AnyMention]                           # of the current version
    store.events(query=, since=, until=, place=, kind=, limit=50, offset=0) -> list[EventSummary]
    store.count_events(**same_filters) -> int
    store.event(event_id) -> EventSummary | None
    store.event_of(doc_id) -> str | None
    store.extractions(event_id) -> list[Extraction]
    store.grouping() -> dict[str, str]                                    # doc id -> event id
    store.cached_brief(event_id) / store.cache_brief(event_id, json)     # facts cache, per event revision
    store.fetch_log -> FetchLog                                          # what `crosscheck watch` fetched (get/record)
    store.close()

Writing goes through ``Store.transaction()`` and the statements of ``crosscheck.store.core``
(documents and their versions, heads, links and components, the candidate index, events and their
listings, name weeks); every batch is one transaction, so a killed process loses at most the
batch it had not committed.

``EventSummary.kind`` is a coarse type from trigger words, the most common among the event's
documents (``crosscheck.events.features.KINDS``) or ``None``; ``headline`` holds the current
casualty tolls of the event (killed, injured, missing, arrested), reconciled exactly as its brief
states them; the event's title is the brief's title too.
"""

from __future__ import annotations

from crosscheck.store.core import EventSummary, Store
from crosscheck.store.fetchlog import FetchLog, FetchRecord, Outcome
from crosscheck.store.sqlite import StoreError

__all__ = ["EventSummary", "FetchLog", "FetchRecord", "Outcome", "Store", "StoreError"]
