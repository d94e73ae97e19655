"""Engines: the local engine's steps group exactly as the store does, in any number of time
partitions; the facts folder it writes holds the store's events and briefs; bad inputs are one
line each. (The Ray engine against the local one: ``tests/test_ray_engine.py``.)"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from crosscheck.cli import main
from crosscheck.engines import EngineError, get_engine
from crosscheck.engines import steps
from crosscheck.engines.output import read_rows
from crosscheck.events.features import features
from crosscheck.events.grouping import DEFAULT_PARAMS
from crosscheck.events.partition import Node, plan_partitions
from crosscheck.facts import Brief
from crosscheck.model import Article
from crosscheck.briefs import brief_from_store
from crosscheck.corpus import Corpus
from engine_corpus import incident_reports, write_corpus
from shared import shared_dir
from grouping_support import bare

REPO = Path(__file__).resolve().parents[1]
KERMAN = REPO / "examples" / "kerman"



def store_groups(articles: list[Article], params=DEFAULT_PARAMS, batch_size: int = 200) -> set[frozenset[str]]:
    with Corpus(":memory:", extract=bare, params=params) as store:
        store.add(articles, batch_size=batch_size)
        by_event: dict[str, set[str]] = {}
        for doc_id, event in store.grouping().items():
            by_event.setdefault(event, set()).add(doc_id)
    return {frozenset(g) for g in by_event.values()}


def engine_groups(articles: list[Article], parts: int, params=DEFAULT_PARAMS) -> set[frozenset[str]]:
    nodes = [Node(seq, a.id, features(bare(a))) for seq, a in enumerate(articles)]
    return {frozenset(g) for g in steps.group(nodes, parts, params)}


def gva_sample(n: int) -> list[Article]:
    import csv

    root = shared_dir() / "data" / "semeval2018t5-gva"
    if not (root / "manifest.csv").is_file():
        pytest.skip(f"GVA data not found under {root}")
    articles = []
    with open(root / "manifest.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            title, _, body = (root / row["file"]).read_text(encoding="utf-8").partition("\n\n")
            articles.append(Article(id=row["doc_id"], text=body, source=row["file"], title=title.strip(), published=row["dct"]))
    articles.sort(key=lambda a: (a.published, a.id))  # a contiguous stretch of time: many links per window
    return articles[len(articles) // 3 : len(articles) // 3 + n]


def written_articles() -> list[Article]:
    return [Article(id=r["id"], text=r["text"], source="written", title=r["title"], published=r["published"]) for r in incident_reports(8)]


def test_written_incidents_group_as_written_in_every_partitioning() -> None:
    articles = written_articles()
    expected = {frozenset(f"inc{i}-r{k}" for k in range(3)) for i in range(8)}
    assert store_groups(articles) == expected
    for parts in (1, 2, 3, 8):
        assert engine_groups(articles, parts) == expected


@pytest.mark.data
@pytest.mark.parametrize(("limit", "weeks"), [(DEFAULT_PARAMS.candidate_limit, 20), (3, 20), (DEFAULT_PARAMS.candidate_limit, 2)])
def test_partitioned_links_equal_the_store_on_real_reports(limit: int, weeks: int) -> None:
    """A dense stretch of GVA; with a candidate limit of 3 the ranking (shared terms, then id,
    among earlier documents only) decides most links, so this checks that rule exactly. The
    stretch covers a few weeks: with names recurring from their second week, many do, and the
    store (counting as it goes) and the engines (``recurring_since``) must find the same."""
    params = replace(DEFAULT_PARAMS, candidate_limit=limit, max_gap_days=20, recurring_weeks=weeks)
    articles = gva_sample(400)
    expected = store_groups(articles, params, batch_size=37)
    assert sum(len(g) > 1 for g in expected) > 20  # the sample has real multi-document events
    for parts in (1, 4, 9):
        assert engine_groups(articles, parts, params) == expected


def test_order_matters_to_the_store_and_engines_follow_the_input_order() -> None:
    articles = written_articles()
    params = replace(DEFAULT_PARAMS, candidate_limit=1)
    reversed_articles = articles[::-1]
    assert engine_groups(reversed_articles, 2, params) == store_groups(reversed_articles, params)
    assert engine_groups(articles, 3, params) == store_groups(articles, params)


def test_partition_plan_sees_every_document_within_the_gap() -> None:
    days = [0, 5, 90, 100, 350, 351, 700, 1400, None]
    plan = plan_partitions(days, 4, replace(DEFAULT_PARAMS, max_gap_days=60))
    assert len(plan.starts) == 4
    for a in days:
        for b in days:
            close = a is None or b is None or abs(a - b) <= 60
            if close:
                assert plan.owner(a) in plan.seen_by(b), (a, b)
    assert plan.seen_by(1400) == [3, plan.undated]
    assert plan.owner(None) == plan.undated and plan.seen_by(None) == [0, 1, 2, 3, 4]


def test_local_engine_writes_the_store_events_and_briefs(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path, KERMAN, n_incidents=3)
    summary = get_engine("local", parts=2).run([corpus], tmp_path / "facts")
    assert (summary.documents, summary.events, summary.failed) == (12, 4, 3)
    assert any("d-binary.bin" in line for line in summary.problems)
    assert any("duplicate id inc0-r0 with a different text" in line for line in summary.problems)
    assert any("b-feed.jsonl" in line and "JSON" in line for line in summary.problems)

    events = {frozenset(r["documents"]): r for r in read_rows(tmp_path / "facts", "events")}
    documents = list(read_rows(tmp_path / "facts", "documents"))
    assert len(documents) == 12 and {d["event_id"] for d in documents} == {r["event_id"] for r in events.values()}

    from crosscheck.ingest import IngestProblem, iter_inputs

    with Corpus(tmp_path / "s.db") as store:
        store.add(item for item in iter_inputs([corpus]) if not (isinstance(item, IngestProblem) and not item.fatal))
        stored = brief_from_store(store)
    assert {frozenset(e.documents) for e in stored.events} == set(events)
    for event in stored.events:
        row = events[frozenset(event.documents)]
        mine = steps.brief_of_record(row)
        theirs = Brief(documents=(), events=(event,)).to_json()["events"][0]
        assert {**mine, "id": None} == json.loads(json.dumps({**theirs, "id": None}, ensure_ascii=False))
        assert row["title"] == event.title and row["n_documents"] == len(event.documents)
    kerman = events[frozenset(p.stem for p in KERMAN.glob("*.txt"))]
    assert (kerman["killed"], kerman["injured"]) == (103, 141)


def test_output_folder_with_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "facts").mkdir()
    (tmp_path / "facts" / "old.parquet").write_bytes(b"x")
    with pytest.raises(EngineError, match="E302"):
        get_engine("local").run([KERMAN], tmp_path / "facts")


def test_cli_ingest_out_with_the_local_engine(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["ingest", str(KERMAN), "--engine", "local", "--out", str(tmp_path / "f"), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "documents 3, events 1, failed 0" in result.output
    assert [r["n_documents"] for r in read_rows(tmp_path / "f", "events")] == [3]


def test_cli_ray_engine_without_ray_says_how_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    result = CliRunner().invoke(main, ["ingest", str(KERMAN), "--engine", "ray", "--out", str(tmp_path / "f")])
    assert result.exit_code == 1  # an error, not a wrong command line (exit-code convention, README)
    assert result.output.strip().splitlines() == ["error: E301 the Ray engine needs Ray: pip install 'crosscheck[ray]' (or use --engine local)"]


def test_cli_ray_engine_needs_an_output_folder() -> None:
    result = CliRunner().invoke(main, ["ingest", str(KERMAN), "--engine", "ray"])
    assert result.exit_code == 2 and "--out" in result.output

