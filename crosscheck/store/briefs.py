"""Each event's brief, read from the store's cache when still valid, else reconciled and cached.

One code path for everything that states a stored event: the web view, the exports and the cache.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from crosscheck.facts import Brief
from crosscheck.report.record import RecordError, brief_from_record

if TYPE_CHECKING:
    from crosscheck.store.core import Store


class UnknownEvent(LookupError):
    """No event with this id in the store."""


def event_brief(store: "Store", event_id: str) -> Brief:
    """The brief of one event: the store's cached record if still valid, else rebuilt and cached."""
    from crosscheck.store.core import brief_from_store

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
