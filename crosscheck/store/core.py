"""``Store``: the library API over the SQLite schema (see the package docstring for the contract).

Reading is for everyone (the CLI, the web view, the exports). Writing is done by the corpus
pipeline (``crosscheck.corpus``) inside ``transaction()``, through small statements on the tables
(documents, heads, links, terms, events, name weeks) that know nothing of how documents are read or
grouped: the features of a document are stored as the JSON text grouping gives, and the grouping
decides which rows to write (``crosscheck.events.incremental``).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from crosscheck.model import AnyMention, Article, Extraction, Span
from crosscheck.store.codec import decode_mention, encode_mention
from crosscheck.store.fetchlog import FetchLog
from crosscheck.store.sqlite import connect
from crosscheck.store.termindex import TermIndex


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


@dataclass(frozen=True, slots=True)
class Head:
    """The stored current version of a document: its number, text digest and event."""

    version: int
    digest: str
    event_id: str


@dataclass(frozen=True, slots=True)
class Member:
    """A document of a link component, as grouping splits it: ``order`` is its place in ingest order."""

    order: int
    doc_id: str
    event_id: str
    day: int | None


@dataclass(frozen=True, slots=True)
class Listing:
    """An event's listing fields, as ``events`` and the search read them."""

    title: str
    date: str | None
    kind: str | None
    places: Sequence[str]
    outlets: Sequence[str]
    headline: dict[str, float]
    documents: int


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Store:
    """Documents, mentions, events and cached briefs in one SQLite file (see package docstring)."""

    def __init__(self, path: str | Path = "crosscheck.db") -> None:
        self.path = path
        self._db = connect(path)
        self._lock = threading.RLock()
        self._terms: TermIndex | None = None  # the terms table in memory, loaded when first needed
        self._seen = -1  # PRAGMA data_version at the last check (_check_other_commits)
        self._components: dict[str, str] | None = None  # heads.component in memory (_component_map)
        self.generation = 0
        """Counts the times what this object held in memory was dropped (a rollback, another
        connection's commit): a writer that keeps its own copies of stored rows drops them too when
        it changes (``crosscheck.events.incremental``)."""

    # ----------------------------------------------------------------- transactions
    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) under this object's lock.

        Any error rolls it back, and what this object holds in memory of the tables is dropped (it
        may hold rows the rollback removed), to be loaded again when next needed.
        """
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_other_commits()
                yield
                db.execute("COMMIT")
            except BaseException:
                self._forget()
                db.execute("ROLLBACK")
                raise

    def _check_other_commits(self) -> None:
        """Drop what this object holds of the tables in memory if another connection committed since
        the last check (``PRAGMA data_version`` changes only for other connections' commits); called
        inside the write transaction, which keeps others out."""
        seen = self._db.execute("PRAGMA data_version").fetchone()[0]
        if seen != self._seen:
            self._forget()
            self._seen = seen

    def _forget(self) -> None:
        self._terms = None
        self._components = None
        self.generation += 1

    # ----------------------------------------------------------------- writing documents
    def digest(self, doc_id: str) -> str | None:
        """The text digest of a document's current version, or ``None`` if it is not stored."""
        with self._lock:
            row = self._db.execute("SELECT digest FROM heads WHERE doc_id = ?", (doc_id,)).fetchone()
        return row[0] if row else None

    def head(self, doc_id: str) -> Head | None:
        """The current version of a document (inside a transaction), or ``None``."""
        row = self._db.execute("SELECT version, digest, event_id FROM heads WHERE doc_id = ?", (doc_id,)).fetchone()
        return Head(*row) if row else None

    def insert_version(self, extraction: Extraction, version: int) -> None:
        """Store version ``version`` of the extraction's article: its text, sentences and mentions."""
        article = extraction.article
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

    def insert_head(
        self, doc_id: str, version: int, digest: str, event_id: str, day: int | None, features: str, component: str
    ) -> None:
        """Make a new document's first version current, in ``component`` and (provisionally) ``event_id``;
        ``features`` is the grouping's JSON text, ``day`` its publication day."""
        self._db.execute(
            "INSERT INTO heads (doc_id, version, digest, event_id, day, features, component) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (doc_id, version, digest, event_id, day, features, component),
        )
        self._noted_components([doc_id], component)

    def update_head(self, doc_id: str, version: int, digest: str, day: int | None, features: str) -> None:
        """Make a stored document's new version current (its event and component stay until regrouped)."""
        self._db.execute(
            "UPDATE heads SET version = ?, digest = ?, day = ?, features = ? WHERE doc_id = ?",
            (version, digest, day, features, doc_id),
        )

    def heads_in_order(self) -> list[tuple[str, str]]:
        """``(doc_id, features)`` of every current document, in ingest order."""
        return self._db.execute("SELECT doc_id, features FROM heads ORDER BY rowid").fetchall()

    def features_json(self, doc_ids: Sequence[str]) -> dict[str, str]:
        """The stored features (JSON text) of the given current documents."""
        return dict(self._db.execute(
            f"SELECT doc_id, features FROM heads WHERE doc_id IN ({','.join('?' * len(doc_ids))})", list(doc_ids)
        ))

    # ----------------------------------------------------------------- the candidate index
    def insert_terms(self, doc_id: str, day: int | None, terms: Sequence[str]) -> None:
        """File a document in the candidate index: the ``terms`` table and its copy in memory."""
        self._db.executemany("INSERT INTO terms (term, day, doc_id) VALUES (?, ?, ?)", [(t, day, doc_id) for t in terms])
        if self._terms is not None:
            self._terms.add(doc_id, day, terms)

    def delete_terms(self, doc_id: str) -> None:
        """Take a document out of the candidate index."""
        self._db.execute("DELETE FROM terms WHERE doc_id = ?", (doc_id,))
        if self._terms is not None:
            self._terms.remove(doc_id)

    def term_index(self) -> TermIndex:
        """The ``terms`` table in memory (``termindex``), loaded from the table when not held."""
        if self._terms is None:
            self._terms = TermIndex.load(self._db.execute("SELECT term, day, doc_id FROM terms ORDER BY term, day"))
        return self._terms

    # ----------------------------------------------------------------- links and components
    def insert_links(self, links: Iterable[tuple[str, str, float]]) -> None:
        """Store pairs ``(a, b, similarity)`` with ``a < b`` (a pair stored again takes the new score)."""
        self._db.executemany("INSERT OR REPLACE INTO links (a, b, sim) VALUES (?, ?, ?)", list(links))

    def delete_links_of(self, doc_id: str, component: str) -> None:
        """Delete every link of ``doc_id`` (a member of ``component``)."""
        db = self._db
        mine = db.execute(
            "SELECT a, b FROM links WHERE a = ? UNION SELECT l.a, l.b FROM heads h JOIN links l ON l.a = h.doc_id"
            " WHERE h.component = ? AND l.b = ?", (doc_id, component, doc_id),
        ).fetchall()
        db.executemany("DELETE FROM links WHERE a = ? AND b = ?", mine)

    def component_links(self, component: str) -> list[tuple[str, str, float]]:
        """``(a, b, similarity)`` of the links from the component's documents (``a`` in it)."""
        return self._db.execute(
            "SELECT l.a, l.b, l.sim FROM heads h JOIN links l ON l.a = h.doc_id WHERE h.component = ?", (component,)
        ).fetchall()

    def component_of(self, doc_id: str) -> str | None:
        row = self._db.execute("SELECT component FROM heads WHERE doc_id = ?", (doc_id,)).fetchone()
        return row[0] if row else None

    def component_members(self, component: str) -> list[Member]:
        """The component's documents in ingest order."""
        return [Member(*row) for row in self._db.execute(
            "SELECT rowid, doc_id, event_id, day FROM heads WHERE component = ? ORDER BY rowid", (component,)
        )]

    def component_sizes(self, components: Sequence[str]) -> dict[str, int]:
        marks = ",".join("?" * len(components))
        return dict(self._db.execute(
            f"SELECT component, COUNT(*) FROM heads WHERE component IN ({marks}) GROUP BY component", list(components)
        ))

    def merge_components(self, keep: str, others: Sequence[str]) -> None:
        """Move every document of the ``others`` components into ``keep``."""
        moved = self._db.execute(
            f"UPDATE heads SET component = ? WHERE component IN ({','.join('?' * len(others))}) RETURNING doc_id",
            [keep, *others],
        ).fetchall()
        self._noted_components([doc_id for doc_id, in moved], keep)

    def set_component(self, doc_ids: Sequence[str], component: str | None) -> None:
        """Put documents into ``component`` (``None``: into none, until linked again)."""
        self._db.executemany("UPDATE heads SET component = ? WHERE doc_id = ?", [(component, d) for d in doc_ids])
        self._noted_components(doc_ids, component)

    def unlinked(self) -> bool:
        """Whether some document is in no component (a file written before links existed)."""
        return self._db.execute("SELECT 1 FROM heads WHERE component IS NULL LIMIT 1").fetchone() is not None

    def clear_grouping(self) -> None:
        """Empty the candidate index, the links, the components and the name weeks (to group again)."""
        db = self._db
        db.execute("DELETE FROM terms")
        self._terms = None
        db.execute("DELETE FROM links")
        db.execute("UPDATE heads SET component = NULL")
        self._components = {}
        db.execute("DELETE FROM name_weeks")  # counted again in ingest order, as each is linked
        db.execute("UPDATE name_weeks_filled SET done = 1")

    def components_of(self, ids: Sequence[str]) -> list[tuple[str, str]]:
        """``(doc_id, component)`` of the linked documents among ``ids``, by doc id, as
        ``SELECT doc_id, component FROM heads WHERE doc_id IN (...) AND component IS NOT NULL`` gives
        them (the primary key's order: SQLite's BINARY, UTF-8 bytes, which ``str`` order matches)."""
        held = self._component_map()
        return [(doc_id, held[doc_id]) for doc_id in sorted(set(ids)) if doc_id in held]

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

    # ----------------------------------------------------------------- events
    def has_event(self, event_id: str) -> bool:
        return self._db.execute("SELECT 1 FROM events WHERE id = ?", (event_id,)).fetchone() is not None

    def insert_event(self, event_id: str) -> None:
        """A new event, listed once ``update_listing`` gives its fields."""
        self._db.execute("INSERT INTO events (id, title, n_docs, updated_at) VALUES (?, '', 0, ?)", (event_id, _now()))

    def assign_event(self, doc_ids: Sequence[str], event_id: str) -> None:
        """Put documents into ``event_id``."""
        self._db.executemany("UPDATE heads SET event_id = ? WHERE doc_id = ? AND event_id != ?",
                             [(event_id, d, event_id) for d in doc_ids])

    def delete_event(self, event_id: str) -> None:
        """Delete an event and its cached brief."""
        self._db.execute("DELETE FROM events WHERE id = ?", (event_id,))
        self._db.execute("DELETE FROM facts WHERE event_id = ?", (event_id,))

    def event_heads(self, event_id: str) -> list[tuple[str, str, str | None]]:
        """``(doc_id, features, outlet)`` of an event's current documents, by publication time
        (undated last), then id."""
        return self._db.execute(
            "SELECT h.doc_id, h.features, d.outlet FROM heads h JOIN documents d"
            " ON d.doc_id = h.doc_id AND d.version = h.version WHERE h.event_id = ?"
            " ORDER BY d.published IS NULL, d.published, h.doc_id",
            (event_id,),
        ).fetchall()

    def update_listing(self, event_id: str, listing: Listing) -> None:
        """Write an event's listing fields and bump its revision (its cached brief is dropped)."""
        db = self._db
        places = list(listing.places)
        db.execute(
            "UPDATE events SET title = ?, date = ?, kind = ?, places = ?, outlets = ?, headline = ?, n_docs = ?,"
            " search = ?, revision = revision + 1, updated_at = ? WHERE id = ?",
            (
                listing.title, listing.date, listing.kind, json.dumps(places),
                json.dumps(list(listing.outlets)), json.dumps(listing.headline), listing.documents,
                " ".join([listing.title, *places, *listing.outlets]).lower(), _now(), event_id,
            ),
        )
        db.execute("DELETE FROM facts WHERE event_id = ?", (event_id,))

    # ----------------------------------------------------------------- name weeks
    def name_weeks_counted(self) -> bool:
        """Whether the names of the documents stored before name weeks existed were counted."""
        return bool(self._db.execute("SELECT done FROM name_weeks_filled").fetchone()[0])

    def mark_name_weeks_counted(self) -> None:
        self._db.execute("UPDATE name_weeks_filled SET done = 1")

    def add_name_week(self, name: str, week: int) -> bool:
        """File a week a name was printed in; whether it was not filed yet."""
        return self._db.execute(
            "INSERT INTO name_weeks (name, week) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING 1", (name, week)
        ).fetchone() is not None

    def name_week_count(self, name: str) -> int:
        return self._db.execute("SELECT COUNT(*) FROM name_weeks WHERE name = ?", (name,)).fetchone()[0]

    def names_in_weeks(self, at_least: int) -> set[str]:
        """The names filed in ``at_least`` different weeks."""
        return {name for name, in self._db.execute(
            "SELECT name FROM name_weeks GROUP BY name HAVING COUNT(*) >= ?", (at_least,)
        )}

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
