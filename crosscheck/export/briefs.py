"""Each stored event with its brief, one at a time, as ``crosscheck brief --db`` states it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from crosscheck.facts import Brief
from crosscheck.briefs import UnknownEvent, event_brief

if TYPE_CHECKING:
    from crosscheck.store import EventSummary, Store

PAGE = 200
"""Events listed per store query: a page of summaries is all that is held besides one brief."""


def event_briefs(store: "Store") -> Iterator[tuple["EventSummary", Brief]]:
    """``(summary, brief)`` of every event, newest first, read page by page.

    The brief is the store's cached record when still valid, else reconciled from the event's
    mentions and cached (``crosscheck.briefs.event_brief``: one code path for the web view,
    the exports and the cache). An event merged away while the export runs is skipped.
    """
    offset = 0
    while page := store.events(limit=PAGE, offset=offset):
        offset += len(page)
        for summary in page:
            try:
                yield summary, event_brief(store, summary.id)
            except UnknownEvent:
                continue
