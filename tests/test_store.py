"""The store: idempotent ingest, versions, atomic batches under kill -9, readers during writes."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from datetime import date
from pathlib import Path

import pytest

from crosscheck.model import (
    Article, DateMention, FigureKind, FigureMention, PlaceKind, PlaceMention, Span, Stage,
)
from crosscheck.corpus import Corpus
from crosscheck.store import StoreError
from crosscheck.store.codec import decode_mention, encode_mention
from crosscheck.store.sqlite import SCHEMA_VERSION

REPO = Path(__file__).resolve().parents[1]
KERMAN = sorted((REPO / "examples" / "kerman").glob("*.txt"))

STREETS = ["Alder", "Birchwood", "Cobalt", "Dunmore", "Elkhorn", "Fairlane", "Glenrock", "Hollister"]


def generated(n: int) -> list[Article]:
    """Distinct short reports (written here), each about its own made-up incident and people."""
    docs = []
    for i in range(n):
        tag = "".join("bcdfghklmnprstvz"[int(c, 16)] for c in f"{i * 2654435761 % 16**6:06x}")
        text = (
            f"A man was shot on {tag.title()}ard Street in {tag.title()}ville on Sunday, police said.\n"
            f"Sergeant {tag[::-1].title()}er said {tag.title()}son, {i % 60 + 18}, was taken to {tag[:3].title()}mere Hospital."
        )
        docs.append(Article(id=f"doc{i:05d}", text=text, source=f"gen{i}.txt", published=f"2025-{i % 12 + 1:02d}-{i % 27 + 1:02d}"))
    return docs


def seeds() -> list[Article]:
    return [Article(id=p.stem, text=p.read_text(encoding="utf-8"), source=str(p)) for p in KERMAN]


def test_same_documents_twice_are_stored_once(tmp_path: Path) -> None:
    with Corpus(tmp_path / "s.db") as store:
        first = store.add(seeds())
        second = store.add(seeds())
        assert (first.added, first.unchanged) == (3, 0)
        assert (second.added, second.unchanged, second.new_versions) == (0, 3, 0)
        assert [store.version(a.id) for a in seeds()] == [1, 1, 1]
        assert sum(len(e.documents) for e in store.events(limit=100)) == 3


def test_changed_text_is_a_new_version_and_old_one_is_kept(tmp_path: Path) -> None:
    original = seeds()[0]
    changed = Article(id=original.id, text=original.text + "\nUpdate: the toll was revised.", source=original.source)
    with Corpus(tmp_path / "s.db") as store:
        store.add([original])
        summary = store.add([changed])
        assert summary.new_versions == 1 and summary.added == 0
        assert store.version(original.id) == 2
        assert store.article(original.id).text == changed.text
        assert store.article(original.id, version=1).text == original.text
        assert all(m.evidence.end <= len(changed.text) for m in store.mentions(original.id))


def test_duplicate_id_with_different_text_in_one_call_is_refused(tmp_path: Path) -> None:
    a = Article(id="x", text="A fire broke out in the Larkspur warehouse on Monday.", source="feed.jsonl:1")
    b = Article(id="x", text="Something else entirely.", source="feed.jsonl:2")
    with Corpus(tmp_path / "s.db") as store:
        summary = store.add([a, b, "feed.jsonl:3: broken JSON line"])
        assert summary.added == 1 and len(summary.failed) == 2
        assert "duplicate id x" in summary.failed[0] and "feed.jsonl:2" in summary.failed[0]
        assert store.article("x").text == a.text


def test_mentions_round_trip_through_json() -> None:
    span = Span("d", 0, 10)
    mentions = [
        FigureMention(span, Span("d", 2, 4), "figures", kind=FigureKind.KILLED, value=12.0, qualifier="at least",
                      stage=Stage.REVISED, attributed_to="IRNA"),
        FigureMention(span, span, "figures", kind=FigureKind.TIME_OF_DAY, value="14:50", unit="hh:mm"),
        PlaceMention(span, span, "places", name="Kerman", place_kind=PlaceKind.PROVINCE),
        DateMention(span, span, "dates", value=date(2024, 1, 3), surface="Wednesday"),
    ]
    for mention in mentions:
        assert decode_mention(*encode_mention(mention)) == mention


def test_extractions_rebuild_what_was_read(tmp_path: Path) -> None:
    from crosscheck.extract import extract_article

    with Corpus(tmp_path / "s.db") as store:
        store.add(seeds())
        (event,) = store.events()
        rebuilt = {x.article.id: x for x in store.extractions(event.id)}
    for article in seeds():
        fresh = extract_article(article)
        assert rebuilt[article.id].mentions == fresh.mentions
        assert rebuilt[article.id].sentences == fresh.sentences
        assert rebuilt[article.id].article == article


def test_event_filters_and_counts(tmp_path: Path) -> None:
    with Corpus(tmp_path / "s.db") as store:
        store.add(generated(12))
        total = store.count_events()
        assert total == len(store.events(limit=1000)) >= 2
        dated = store.events(since="2025-06-01", limit=1000)
        assert dated and all(e.date >= "2025-06-01" for e in dated)
        assert store.count_events(since="2025-06-01") == len(dated) < total
        newest_first = [e.date for e in store.events(limit=1000)]
        assert newest_first == sorted(newest_first, reverse=True)
        assert store.events(limit=3, offset=3) == store.events(limit=1000)[3:6]
        assert {e.kind for e in store.events(kind="shooting", limit=1000)} == {"shooting"}


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    Corpus(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="E202"):
        Corpus(path)


def _sql_lookup(conn: sqlite3.Connection, terms: list[str], window: tuple[int, int] | None, limit: int) -> list[str]:
    """The candidate lookup as SQL over the terms table (what the store ran before it kept the table in memory)."""
    marks = ",".join("?" * len(terms))
    if window is None:
        rows, args = f"SELECT doc_id FROM terms WHERE term IN ({marks})", [*terms]
    else:
        rows = (f"SELECT doc_id FROM terms WHERE term IN ({marks}) AND day BETWEEN ? AND ? UNION ALL"
                f" SELECT doc_id FROM terms WHERE term IN ({marks}) AND day IS NULL")
        args = [*terms, *window, *terms]
    sql = f"SELECT doc_id, COUNT(*) AS n FROM ({rows}) GROUP BY doc_id ORDER BY n DESC, doc_id LIMIT ?"
    return [row[0] for row in conn.execute(sql, [*args, limit])]


def test_in_memory_term_index_answers_as_the_sql_lookup() -> None:
    """Same documents in the same order (count, then id in SQLite's byte order) for random postings:
    dated and undated, ties, repeated query terms, non-ASCII ids, windows, a removed and re-filed document."""
    import random

    from crosscheck.store.termindex import TermIndex

    rng = random.Random(7)
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE terms (term TEXT NOT NULL, day INTEGER, doc_id TEXT NOT NULL)")
    vocabulary = [f"t{k}" for k in range(40)]
    ids = [f"d{k:03d}" for k in range(150)] + ["Zeta", "zeta", "\u00e9v\u00e9nement", "\u00e9v", "\U0001f600x"]
    index = TermIndex()
    for doc_id in ids:
        day = None if rng.random() < 0.15 else rng.randrange(1000, 1400)
        terms = rng.sample(vocabulary, rng.randrange(1, 8))
        conn.executemany("INSERT INTO terms VALUES (?, ?, ?)", [(t, day, doc_id) for t in terms])
        index.add(doc_id, day, terms)
    for doc_id in ("d010", "d020", "Zeta"):  # a new version: its rows are replaced
        conn.execute("DELETE FROM terms WHERE doc_id = ?", (doc_id,))
        index.remove(doc_id)
    conn.executemany("INSERT INTO terms VALUES (?, ?, ?)", [(t, 1200, "d010") for t in vocabulary[:5]])
    index.add("d010", 1200, vocabulary[:5])
    loaded = TermIndex.load(conn.execute("SELECT term, day, doc_id FROM terms ORDER BY term, day"))
    checked = 0
    for _ in range(300):
        terms = [rng.choice(vocabulary) for _ in range(rng.randrange(1, 12))]
        low = rng.randrange(900, 1400)
        window = None if rng.random() < 0.2 else (low, low + rng.randrange(0, 300))
        limit = rng.choice([1, 5, 20, 60, 500])
        expected = _sql_lookup(conn, terms, window, limit)
        assert index.top(terms, window, limit) == expected
        assert loaded.top(terms, window, limit) == expected
        checked += bool(expected)
    assert checked > 250
    assert index.top(["no-such-term"], (1000, 1100), 60) == []


def test_candidate_lookup_sees_what_another_connection_committed(tmp_path: Path) -> None:
    """The store's in-memory term index is reloaded when another connection wrote to the file: a
    report stored by another process is a candidate for its twin added here."""
    path = tmp_path / "two.db"
    twin = generated(13)[12]
    with Corpus(path) as here, Corpus(path) as other:
        here.add(generated(12))  # the term index is now in memory
        other.add([twin])
        here.add([Article(id="twin-copy", text=twin.text, source="copy.txt", published=twin.published)])
        assert here.event_of("twin-copy") == here.event_of(twin.id)


def test_rolled_back_batch_leaves_no_candidates_behind(tmp_path: Path) -> None:
    """A batch that fails after filing its terms is rolled back, and its documents must not be
    candidates afterwards. With one candidate per lookup, copies left in the term index (ids that
    sort first) would crowd out the stored original, and the new copy would not join its event."""
    from crosscheck.events.grouping import GroupingParams

    original = generated(1)[0]

    def copy(doc_id: str) -> Article:
        return Article(id=doc_id, text=original.text, source=f"{doc_id}.txt", published=original.published)

    with Corpus(tmp_path / "r.db", params=GroupingParams(candidate_limit=1)) as store:
        store.add([original])

        def failing(*args: object, **kwargs: object) -> None:
            raise RuntimeError("disk on fire")

        store._refresh_event = failing  # type: ignore[method-assign]
        with pytest.raises(RuntimeError):
            store.add([copy("a-copy-1"), copy("a-copy-2")])
        del store._refresh_event
        assert store.version("a-copy-1") is None
        store.add([copy("late-copy")])
        assert store.event_of("late-copy") == store.event_of(original.id)


def test_version_2_store_gets_the_covering_term_index(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    with Corpus(path) as store:
        store.add(generated(10))
        before = store.grouping()
    with sqlite3.connect(path) as conn:  # the term index as a version 2 store has it, and no links yet (v4)
        conn.execute("DROP INDEX terms_term_day_doc")
        conn.execute("CREATE INDEX terms_term_day ON terms(term, day)")
        conn.execute("DROP TABLE links")
        conn.execute("DROP INDEX heads_component")
        conn.execute("ALTER TABLE heads DROP COLUMN component")
        conn.execute("DROP TABLE name_weeks")  # and no name weeks (v5)
        conn.execute("DROP TABLE name_weeks_filled")
        conn.execute("PRAGMA user_version = 2")
    with Corpus(path) as store:
        assert store.grouping() == before
        indexes = {row[0] for row in store._db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert "terms_term_day_doc" in indexes and "terms_term_day" not in indexes
        assert store._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
        assert store._db.execute("SELECT done FROM name_weeks_filled").fetchone()[0] == 1


INGEST_SCRIPT = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {tests!r})
    from test_store import generated
    from crosscheck.corpus import Corpus
    store = Corpus(sys.argv[1])
    store.add(generated(int(sys.argv[2])), batch_size=int(sys.argv[3]))
    store.close()
    """
)


def _run_ingest(db: Path, n: int, batch: int) -> subprocess.Popen:
    script = INGEST_SCRIPT.format(tests=str(Path(__file__).parent))
    return subprocess.Popen([sys.executable, "-c", script, str(db), str(n), str(batch)], cwd=REPO)


def _count(db: Path, sql: str) -> int:
    try:
        with sqlite3.connect(db, timeout=30) as conn:
            return conn.execute(sql).fetchone()[0]
    except sqlite3.OperationalError:  # schema not created yet
        return 0


@pytest.mark.slow
def test_kill_9_mid_ingest_loses_nothing_committed_and_rerun_completes(tmp_path: Path) -> None:
    db, n, batch = tmp_path / "k.db", 800, 10
    process = _run_ingest(db, n, batch)
    deadline = time.time() + 300  # the child loads spaCy first: minutes on a loaded CI machine
    while _count(db, "SELECT COUNT(*) FROM heads") < 2 * batch and time.time() < deadline:
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    stored = _count(db, "SELECT COUNT(*) FROM heads")
    assert 0 < stored < n, "the kill must land mid-ingest"
    assert stored % batch == 0, "only whole batches are committed"
    assert _count(db, "SELECT COUNT(*) FROM documents") == stored
    with Corpus(db) as store:
        summary = store.add(generated(n), batch_size=batch)
        assert summary.unchanged == stored and summary.added == n - stored
        assert len(store.grouping()) == n
        assert _count(db, "SELECT COUNT(*) FROM documents") == n


@pytest.mark.slow
def test_reader_works_while_an_ingest_writes(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    with Corpus(db) as store:
        store.add(generated(40))
    process = _run_ingest(db, 1500, 50)
    try:
        seen = []
        with Corpus(db) as reader:
            deadline = time.time() + 60
            while process.poll() is None and time.time() < deadline and len(seen) < 20:
                started = time.perf_counter()
                seen.append((reader.count_events(), len(reader.events(limit=20))))
                assert time.perf_counter() - started < 2.0, "a reader must not wait for the writer"
                time.sleep(0.05)
        assert len(seen) >= 5 and all(count >= 2 and listed > 0 for count, listed in seen)
        assert process.poll() is None or seen[-1][0] >= seen[0][0]
    finally:
        process.kill()
        process.wait()


def test_brief_from_store_says_which_version_it_read(tmp_path: Path) -> None:
    from crosscheck.briefs import brief_from_store

    original = seeds()[0]
    changed = Article(id=original.id, text=original.text + "\nUpdate: officials revised the toll.", source=original.source)
    with Corpus(tmp_path / "s.db") as store:
        store.add(seeds())
        store.add([changed])
        (event,) = store.events()
        brief = brief_from_store(store, event.id)
        with pytest.raises(KeyError):
            brief_from_store(store, "ev-missing")
    versions = {d.id: (d.version, d.digest) for d in brief.documents}
    assert versions[original.id] == (2, changed.digest)
    assert {v for d, (v, _) in versions.items() if d != original.id} == {1}
    assert [e.id for e in brief.events] == [event.id]


def test_parallel_extraction_stores_the_same_events(tmp_path) -> None:
    """Extracting in two processes changes nothing that is stored."""
    from pathlib import Path

    from crosscheck.model import Article
    from crosscheck.corpus import Corpus

    example = Path(__file__).resolve().parents[1] / "examples" / "kerman"
    articles = [Article(p.stem, p.read_text(encoding="utf-8"), str(p)) for p in sorted(example.glob("*.txt"))]
    articles.append(Article("other", "Two people were shot and wounded on Elm Street in Dayton, Ohio, on Sunday, police said.", "other"))
    results = []
    for workers in (1, 2):
        with Corpus(tmp_path / f"w{workers}.db") as store:
            store.add(articles, workers=workers)
            results.append((store.grouping(), [store.mentions(a.id) for a in articles]))
    assert results[0] == results[1]
    assert len(set(results[0][0].values())) == 2


def test_parallel_extraction_leaves_no_worker_behind(tmp_path: Path) -> None:
    """The workers are ended (``terminate``, not a slow interpreter teardown each) and waited for."""
    import multiprocessing

    with Corpus(tmp_path / "s.db") as store:
        store.add(generated(3), workers=2)
    assert multiprocessing.active_children() == []


def _loaded_in_worker(_: object) -> tuple[str, int, bool]:
    """What a worker holds before its first document: its crosscheck, frozen objects, dateparser."""
    import gc

    from crosscheck.engines import workers

    return workers.__file__, gc.get_freeze_count(), "dateparser" in sys.modules


def test_extraction_workers_start_loaded_from_one_server_and_it_ends_with_the_pool() -> None:
    """The workers are forked from a server that prepared ``WARM_UP`` (models, patterns and
    dateparser loaded and frozen before any document), and the server is stopped and waited for
    with the pool."""
    from multiprocessing import forkserver

    from crosscheck.engines import workers

    pool = workers.Workers(2)
    try:
        loaded = pool._pool.map_async(_loaded_in_worker, [0, 1], chunksize=1).get()
    finally:
        pool.close()
    assert [file for file, _, _ in loaded] == [workers.__file__] * 2
    assert all(frozen > 10_000 and parsed for _, frozen, parsed in loaded)
    assert forkserver._forkserver._forkserver_pid is None


def test_extraction_workers_run_the_checkout_only_sys_path_names(tmp_path: Path) -> None:
    """A script that puts this checkout on ``sys.path`` (no ``PYTHONPATH``, run from elsewhere) gets
    workers running this checkout, not whatever copy the interpreter would import by default."""
    script = tmp_path / "run.py"
    script.write_text(textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(REPO)!r})
        def where(_):
            from crosscheck.engines import workers
            return workers.__file__
        if __name__ == "__main__":
            from crosscheck.engines import workers
            pool = workers.Workers(2)
            try:
                print(pool._pool.map_async(where, [0, 1], chunksize=1).get() == [workers.__file__] * 2, workers.__file__)
            finally:
                pool.close()
    """))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert out.stdout.split() == ["True", str(REPO / "crosscheck" / "engines" / "workers.py")], out.stderr


def test_the_warm_up_report_is_extracted() -> None:
    """``WARM_UP`` goes through the extraction (a failure would leave the workers cold, silently)."""
    from crosscheck.engines.steps import WARM_UP, prepare_or_error

    result = prepare_or_error(WARM_UP)
    assert not isinstance(result, str) and len(result[0].mentions) > 5


def test_a_worker_freezes_what_it_loaded_after_its_first_document() -> None:
    """``gc.freeze`` once per worker process, after its first document (models and patterns loaded)."""
    import gc
    from multiprocessing import get_context

    from crosscheck.engines.workers import _prepare_in_worker

    with get_context("spawn").Pool(1) as pool:
        assert pool.apply(gc.get_freeze_count) == 0
        first = pool.apply(_prepare_in_worker, (generated(1)[0],))
        frozen = pool.apply(gc.get_freeze_count)
        assert not isinstance(first, str) and frozen > 10_000
        pool.apply(_prepare_in_worker, (generated(2)[1],))
        assert pool.apply(gc.get_freeze_count) <= frozen  # not frozen again (freed objects leave the count)


def test_a_new_event_whose_name_is_taken_gets_the_next_free_one(tmp_path: Path) -> None:
    from crosscheck.events.ids import event_id_of as _event_id

    with Corpus(tmp_path / "s.db") as store:
        grouper = store.grouper
        assert grouper._fresh_event_id(["d1", "d2"], set()) == _event_id("d1")
        assert grouper._fresh_event_id(["d1", "d2"], {_event_id("d1")}) == _event_id("d2")
        taken = {_event_id("d1"), _event_id("d2"), _event_id("d1#1")}
        assert grouper._fresh_event_id(["d1", "d2"], taken) == _event_id("d1#2")
        with pytest.raises(RuntimeError):
            grouper._fresh_event_id(["d1"], {_event_id("d1")} | {_event_id(f"d1#{k}") for k in range(1, 1000)})
