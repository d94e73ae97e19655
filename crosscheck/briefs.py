"""The briefs of stored events: reconciled from the store's mentions, or read from its cache.

One code path for everything that states a stored event: the CLI, the web view, the exports and
the cache (``event_brief``: the cached record while it is valid, else rebuilt and cached).
"""

from __future__ import annotations

import json

from crosscheck.facts import Brief
from crosscheck.pipeline import brief_from_extractions, document_info
from crosscheck.report.record import RecordError, brief_from_record
from crosscheck.store import Store


class UnknownEvent(LookupError):
    """No event with this id in the store."""


def brief_from_store(store: Store, event_id: str | None = None) -> Brief:
    """The ``Brief`` of one event, or of every event when ``event_id`` is None.

    Documents are listed with the version the brief read. Raises ``KeyError`` for an unknown event.
    """
    ids = [event_id] if event_id else [e.id for e in store.events(limit=store.count_events())]
    events, documents = [], []
    for eid in ids:
        summary = store.event(eid)
        if summary is None:
            raise KeyError(f"E203 no event {eid!r} in the store")
        extractions = store.extractions(eid)
        events.append(brief_from_extractions(extractions, eid, summary.title))
        documents += [document_info(e.article, store.version(e.article.id) or 1) for e in extractions]
    return Brief(documents=tuple(documents), events=tuple(events))


def event_brief(store: Store, event_id: str) -> Brief:
    """The brief of one event: the store's cached record if still valid, else rebuilt and cached."""
    cached = store.cached_brief(event_id)
    if cached is not None:
        try:
            return brief_from_record(json.loads(cached))
        except (RecordError, ValueError):
            pass  # an unreadable cache is rebuilt below
    if store.event(event_id) is None:
        raise UnknownEvent(event_id)
    brief = brief_from_store(store, event_id)
    store.cache_brief(event_id, json.dumps(brief.to_json(), ensure_ascii=False))
    return brief
