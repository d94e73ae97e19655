"""The SQLite schema of the store, its migrations, and how a connection is opened.

The schema version lives in ``PRAGMA user_version``; ``MIGRATIONS[i]`` brings a database from
version ``i`` to ``i + 1``, so an old file is upgraded in place when it is opened. WAL journaling
lets readers (``crosscheck events``, the web view) work while an ingest writes, and every batch
is one ``BEGIN IMMEDIATE`` transaction: a killed process loses at most the uncommitted batch.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SCHEMA_V1 = """
CREATE TABLE documents (
    doc_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    digest TEXT NOT NULL,
    source TEXT NOT NULL,
    outlet TEXT, url TEXT, published TEXT, title TEXT, language TEXT,
    furniture TEXT NOT NULL DEFAULT '[]',
    text TEXT NOT NULL,
    sentences TEXT NOT NULL DEFAULT '[]',
    background TEXT NOT NULL DEFAULT '[]',
    added_at TEXT NOT NULL,
    PRIMARY KEY (doc_id, version)
);
-- the current version of each document, its event and its grouping features
CREATE TABLE heads (
    doc_id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    digest TEXT NOT NULL,
    event_id TEXT NOT NULL,
    day INTEGER,
    features TEXT NOT NULL
);
CREATE INDEX heads_event ON heads(event_id);
CREATE TABLE mentions (
    id INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    class TEXT NOT NULL,
    kind TEXT,
    start INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX mentions_doc ON mentions(doc_id, version);
CREATE INDEX mentions_kind ON mentions(kind);
-- candidate index for grouping: a document's most distinctive terms, with its day
CREATE TABLE terms (term TEXT NOT NULL, day INTEGER, doc_id TEXT NOT NULL);
CREATE INDEX terms_term_day ON terms(term, day);
CREATE INDEX terms_doc ON terms(doc_id);
CREATE TABLE events (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    date TEXT,
    kind TEXT,
    places TEXT NOT NULL DEFAULT '[]',
    outlets TEXT NOT NULL DEFAULT '[]',
    headline TEXT NOT NULL DEFAULT '{}',
    n_docs INTEGER NOT NULL,
    search TEXT NOT NULL DEFAULT '',
    revision INTEGER NOT NULL DEFAULT 1,
    updated_at TEXT NOT NULL
);
CREATE INDEX events_date ON events(date);
-- derived briefs, cached per event revision, always rebuildable from mentions
CREATE TABLE facts (event_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, brief TEXT NOT NULL);
"""

# v2: what ``crosscheck watch`` fetched, one row per URL: the validators for a conditional GET of a
# feed, and whether a page is done (it is never fetched again) or may be tried in a later round.
SCHEMA_V2 = """
CREATE TABLE fetch_log (
    url TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    outcome TEXT NOT NULL,
    status INTEGER,
    etag TEXT,
    last_modified TEXT,
    doc_id TEXT,
    problem TEXT,
    fetches INTEGER NOT NULL DEFAULT 1,
    first_fetched TEXT NOT NULL,
    last_fetched TEXT NOT NULL
);
"""

# v3: the candidate index covers the grouping lookup (term, day window -> doc ids): SQLite answers
# it from the index alone instead of reading the table row of every posting (about 1,600 postings
# per new document at 3,000 GVA documents, growing with the documents of the time window). The
# (term, day) index is a prefix of it, so it goes.
SCHEMA_V3 = """
CREATE INDEX IF NOT EXISTS terms_term_day_doc ON terms(term, day, doc_id);
DROP INDEX IF EXISTS terms_term_day;
"""

# v4: two-level grouping. ``links`` keeps every pair of documents whose similarity reached the link
# threshold (a < b), ``heads.component`` the connected component of those links a document is in;
# events are computed inside a component from its links. Stores from before v4 have no links: the Store
# rebuilds them once when it opens such a file (``component`` is NULL until then).
SCHEMA_V4 = """
CREATE TABLE links (a TEXT NOT NULL, b TEXT NOT NULL, sim REAL NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID;
ALTER TABLE heads ADD COLUMN component TEXT;
CREATE INDEX heads_component ON heads(component);
"""

# v5: the weeks each name was printed in (``crosscheck.events.recurring``): a name found in
# ``recurring_weeks`` different weeks of dated reports is a city's institution, no incident's name,
# and counts as no common name from then on. A name's weeks are counted up to that number.
# ``name_weeks_filled`` is 0 until the Store has counted the documents stored before v5 (once, when
# it first opens such a file; a new file has none to count).
SCHEMA_V5 = """
CREATE TABLE name_weeks (name TEXT NOT NULL, week INTEGER NOT NULL, PRIMARY KEY (name, week)) WITHOUT ROWID;
CREATE TABLE name_weeks_filled (done INTEGER NOT NULL);
INSERT INTO name_weeks_filled VALUES (0);
"""

MIGRATIONS: list[str] = [SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5]
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """The database cannot be used (not a crosscheck store, or a newer schema than this code)."""


def connect(path: str | Path) -> sqlite3.Connection:
    """Open (creating or upgrading) a store database; ``":memory:"`` works for tests."""
    try:
        conn = sqlite3.connect(str(path), timeout=60.0, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout = 60000")
        if str(path) != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        # 64 MB page cache instead of 2 MB: the term index of a large store is read at random by
        # every new document; a bounded cache keeps its hot part in memory without growing with the file.
        conn.execute("PRAGMA cache_size = -65536")
        migrate(conn)
    except sqlite3.DatabaseError as error:
        raise StoreError(f"E201 {path} is not a usable crosscheck database: {error}") from error
    return conn


def migrate(conn: sqlite3.Connection) -> None:
    """Apply the migrations this database has not seen yet, each in its own transaction."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"E202 database schema version {version} is newer than this crosscheck ({SCHEMA_VERSION}); upgrade crosscheck"
        )
    for index in range(version, SCHEMA_VERSION):
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("PRAGMA user_version").fetchone()[0] != index:  # another process migrated
                conn.execute("ROLLBACK")
                continue
            for statement in MIGRATIONS[index].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {index + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
