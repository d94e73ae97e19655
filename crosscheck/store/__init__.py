"""The corpus store: documents (all versions), mentions, events and cached briefs in SQLite.

Stable API (used by the CLI and the web view)::

    store = Store("crosscheck.db", extract=None, params=DEFAULT_PARAMS)
        # ":memory:" for tests; WAL: readers work during ingest; extract: Article -> Extraction
        # (default crosscheck.extract.extract_article); params: crosscheck.events.grouping.GroupingParams
    summary = store.add(articles, batch_size=200, progress=callback)   # -> AddSummary
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
    brief_from_store(store, event_id=None) -> Brief                      # one event, or all; KeyError if unknown
    event_brief(store, event_id) -> Brief                                # cached record if valid, else rebuilt and cached; UnknownEvent

``add`` extracts each new article (outside any transaction), then groups and writes a whole batch
in one transaction: a process killed mid-ingest loses only its uncommitted batch, and rerunning the
same input skips what was stored (same id and text) and completes the rest. A changed text under
an id already stored becomes version n+1 of that document and is grouped again from its new text:
its old links go (its old component may fall apart into parts), and it is linked like a new
document, so a revised story that became another story moves to that story's event.

Grouping is two-level (``crosscheck.events.grouping``): a new document's links (similarity >=
``threshold``) and near pairs (>= ``near_threshold``, below it: ``pair_floor``) to its candidates
are stored in ``links`` and merge link components (``heads.component``); after each batch every component the batch touched is split into events
again from its links (``component_events``), so events may split or merge as reports arrive, and
the result does not depend on arrival order. An event keeps the id of its oldest document's
previous event when no older event took it (a document revised in the batch claims last);
``events``, ``event`` and briefs
read the new state. A file written before links existed is relinked once when opened. Before a
new document is linked, the weeks of its names are counted (``name_weeks``): names found in
``recurring_weeks`` weeks are no evidence of one incident (``crosscheck.events.recurring``); a
file written before that table existed has its documents counted once when opened. Within
one ``add`` call, a second record with an id already seen in the call but a different text is
refused with one line in ``failed`` (two deliveries cannot both be the current text).

``EventSummary.kind`` is a coarse type from trigger words, the most common among the event's
documents: one of ``crosscheck.events.features.KINDS`` (shooting, bombing, earthquake, fire,
crash, storm, arrest/trial, death, business, appointment, product launch) or ``None``.
``headline`` holds the current casualty tolls of the event (killed, injured, missing, arrested),
reconciled exactly as its brief states them (``crosscheck.reconcile.figures.headline_of``); the
event's title is the brief's title too.
"""

from __future__ import annotations

from crosscheck.store.briefs import UnknownEvent, event_brief
from crosscheck.store.core import AddSummary, EventSummary, Store, brief_from_store
from crosscheck.store.fetchlog import FetchLog, FetchRecord, Outcome
from crosscheck.store.sqlite import StoreError

__all__ = ["AddSummary", "EventSummary", "FetchLog", "FetchRecord", "Outcome", "Store", "StoreError", "UnknownEvent", "brief_from_store", "event_brief"]
