"""The store's in-memory map of ``heads.component`` (a speed shortcut) gives what the table gives:
it agrees with the table after merges, renumbering, relinks, a rolled-back batch and another
connection's commit, and answers the candidates' lookup as the SQL did. Examples are invented
(``engine_corpus``'s written reports)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from crosscheck.events.grouping import DEFAULT_PARAMS
from crosscheck.model import Article
from crosscheck.corpus import Corpus
from engine_corpus import bridged_reports, incident_reports
from grouping_support import bare

SINGLE = replace(DEFAULT_PARAMS, threshold=0.2, linkage="single")
TWO_LEVEL = replace(DEFAULT_PARAMS, threshold=0.2, event_threshold=0.3, linkage="weighted")


def _articles(records: list[dict]) -> dict[str, Article]:
    return {r["id"]: Article(id=r["id"], text=r["text"], source="written", title=r["title"], published=r["published"])
            for r in records}


def _table(store: Corpus) -> dict[str, str]:
    return dict(store._db.execute("SELECT doc_id, component FROM heads WHERE component IS NOT NULL"))


def _held_and_agrees(store: Corpus) -> bool:
    """The map is held (so the writes before had to keep it in step) and equals the table."""
    return store._components is not None and store._components == _table(store)


def test_the_map_follows_merges_of_components() -> None:
    docs = _articles(bridged_reports())
    with Corpus(":memory:", extract=bare, params=SINGLE) as store:
        store.add([docs["a1"], docs["b1"]])  # two components
        store.add([docs["a2"], docs["b2"]])
        assert _held_and_agrees(store)
        assert len(set(_table(store).values())) == 2
        store.add([docs["m"]])  # the bridge merges them: one component's rows change
        assert _held_and_agrees(store)
        assert len(set(_table(store).values())) == 1


def test_the_map_follows_a_component_falling_apart_and_renumbered() -> None:
    docs = _articles(bridged_reports())
    with Corpus(":memory:", extract=bare, params=SINGLE) as store:
        store.add([docs["m"], docs["a1"], docs["a2"], docs["b1"], docs["b2"]])
        assert _held_and_agrees(store) and len(set(_table(store).values())) == 1
        unrelated = replace(docs["m"], text="The Vostrand regatta was cancelled because of a storm on the lake.")
        store.add([unrelated])  # m's links go: its component splits into parts named anew
        assert _held_and_agrees(store)
        assert len(set(_table(store).values())) == 3
        store.add([replace(docs["m"], text=docs["m"].text + " The council will meet again.")])
        assert _held_and_agrees(store) and len(set(_table(store).values())) == 1


def test_a_rolled_back_batch_leaves_no_component_in_the_map(monkeypatch: pytest.MonkeyPatch) -> None:
    docs = _articles(bridged_reports())
    with Corpus(":memory:", extract=bare, params=SINGLE) as store:
        store.add([docs["a1"], docs["b1"]])
        before = _table(store)

        def failing(*args: object, **kwargs: object) -> None:
            raise RuntimeError("the disk is full")

        with monkeypatch.context() as patch:
            patch.setattr(Corpus, "_refresh_event", failing)  # after the batch's links and merges
            with pytest.raises(RuntimeError):
                store.add([docs["m"], docs["a2"], docs["b2"]])
        assert _table(store) == before
        assert store._components is None or store._components == before
        assert store._component_map() == before
        store.add([docs["m"], docs["a2"], docs["b2"]])
        assert _held_and_agrees(store) and len(set(_table(store).values())) == 1


def test_the_map_follows_a_relink(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.db"
    docs = list(_articles(incident_reports(4)).values()) + list(_articles(bridged_reports()).values())
    with Corpus(path, extract=bare, params=TWO_LEVEL) as store:
        store.add(docs, batch_size=3)
        expected = _table(store)
    with sqlite3.connect(path) as conn:  # a file written before the links table
        conn.execute("UPDATE heads SET component = NULL")
        conn.execute("DELETE FROM links")
    with Corpus(path, extract=bare, params=TWO_LEVEL) as store:
        assert _held_and_agrees(store)
        assert _table(store) == expected


def test_another_connections_commit_is_not_missed(tmp_path: Path) -> None:
    docs = _articles(bridged_reports())
    path = tmp_path / "shared.db"
    with Corpus(path, extract=bare, params=SINGLE) as one, Corpus(path, extract=bare, params=SINGLE) as other:
        one.add([docs["a1"], docs["b1"]])
        assert one._components is not None
        other.add([docs["a2"], docs["m"]])  # merges the two components behind one's back
        one.add([docs["b2"]])
        assert _held_and_agrees(one)
        assert len(set(_table(one).values())) == 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_lookup_answers_as_the_sql_did(seed: int) -> None:
    docs = list(_articles(incident_reports(5)).values()) + list(_articles(bridged_reports()).values())
    random.Random(seed).shuffle(docs)
    with Corpus(":memory:", extract=bare, params=TWO_LEVEL) as store:
        store.add(docs, batch_size=4)
        ids = [row[0] for row in store._db.execute("SELECT doc_id FROM heads")] + ["not-stored", "Zz-9", "ä-1"]
        rng = random.Random(seed)
        for _ in range(50):
            asked = rng.sample(ids, rng.randint(1, len(ids)))
            sql = store._db.execute(
                f"SELECT doc_id, component FROM heads WHERE doc_id IN ({','.join('?' * len(asked))})"
                " AND component IS NOT NULL", asked,
            ).fetchall()
            assert store.components_of(asked) == sql
