"""The fetch log: one row per URL that ``crosscheck watch`` fetched, in the store's own database.

It is what makes polling cheap and idempotent: a feed's ``ETag``/``Last-Modified`` are sent back on
the next poll (a 304 costs no parsing), and a page with a final outcome is never fetched again,
whichever feed lists it and however often. A transient failure (timeout, 5xx, a dropped
connection) is not final: the page is tried again in a later round, ``MAX_FETCHES`` times in all.
``doc_id`` names the document stored from the URL (for a page that failed, the document made from
its feed entry's own text, which a later successful fetch replaces as a new version). Rows are written in their own small transactions; they never touch documents or events.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum

MAX_FETCHES = 3


class Outcome(str, Enum):
    """What the last fetch of a URL came to."""

    READ = "read"                  # fetched and read (a feed parsed, a page's article stored)
    NOT_MODIFIED = "not modified"  # a feed answered 304 to the conditional GET
    DISALLOWED = "disallowed"      # robots.txt forbids it: never requested
    UNUSABLE = "unusable"          # a definite answer with nothing to read: 4xx, not HTML, no article
    FAILED = "failed"              # no answer worth keeping this time (timeout, 5xx...): try again later

    @property
    def final(self) -> bool:
        return self is not Outcome.FAILED


@dataclass(frozen=True, slots=True)
class FetchRecord:
    """The log's row for one URL."""

    url: str
    kind: str
    outcome: Outcome
    status: int | None
    etag: str | None
    last_modified: str | None
    doc_id: str | None
    problem: str | None
    fetches: int
    first_fetched: str
    last_fetched: str

    @property
    def done(self) -> bool:
        """A page never to be fetched again: a final outcome, or ``MAX_FETCHES`` failed fetches."""
        return self.outcome.final or self.fetches >= MAX_FETCHES


class FetchLog:
    """Read and write the ``fetch_log`` table over a store's connection (shared lock)."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self._db = db
        self._lock = lock

    def get(self, url: str) -> FetchRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT url, kind, outcome, status, etag, last_modified, doc_id, problem, fetches, first_fetched,"
                " last_fetched FROM fetch_log WHERE url = ?",
                (url,),
            ).fetchone()
        if row is None:
            return None
        return FetchRecord(row[0], row[1], Outcome(row[2]), *row[3:])

    def record(
        self,
        url: str,
        *,
        kind: str,
        outcome: Outcome,
        status: int | None = None,
        etag: str | None = None,
        last_modified: str | None = None,
        doc_id: str | None = None,
        problem: str | None = None,
    ) -> None:
        """Log one fetch of ``url``.

        Validators are replaced only by those of a response that was read: a 304 or a failure
        keeps the ones logged before, so the next poll can still be conditional.
        """
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        keep = outcome is not Outcome.READ
        with self._lock:
            self._db.execute(
                "INSERT INTO fetch_log (url, kind, outcome, status, etag, last_modified, doc_id, problem, fetches,"
                " first_fetched, last_fetched) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
                " ON CONFLICT(url) DO UPDATE SET kind = excluded.kind, outcome = excluded.outcome,"
                " status = excluded.status, problem = excluded.problem, fetches = fetches + 1,"
                " last_fetched = excluded.last_fetched,"
                " doc_id = COALESCE(excluded.doc_id, doc_id)"
                + ("" if keep else ", etag = excluded.etag, last_modified = excluded.last_modified"),
                (url, kind, outcome.value, status, etag, last_modified, doc_id, problem, now, now),
            )

    def count(self, kind: str | None = None) -> int:
        with self._lock:
            if kind is None:
                return self._db.execute("SELECT COUNT(*) FROM fetch_log").fetchone()[0]
            return self._db.execute("SELECT COUNT(*) FROM fetch_log WHERE kind = ?", (kind,)).fetchone()[0]
