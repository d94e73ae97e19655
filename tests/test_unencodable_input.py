"""Text UTF-8 cannot hold (lone surrogates) is repaired per record, never a lost batch (issue 34, item 1).

Each unencodable code point becomes one U+FFFD, so offsets stay valid, and the record gets one
line naming the input and the record. Every entry point does it: files, stdin, the Python API,
the CLI, ``Corpus.add`` and ``POST /api/documents``.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import crosscheck
from crosscheck.pipeline import read_articles
from crosscheck.cli import main
from crosscheck.ingest import IngestOptions, IngestProblem, iter_inputs
from crosscheck.ingest.repair import repair_article, repair_text
from crosscheck.model import Article
from crosscheck.corpus import Corpus
from crosscheck.web.app import create_app
from evidence_support import assert_quotes_exact
from web_support import LOCAL, NDJSON

FAST = IngestOptions(detect_language=False)
SURROGATE_TEXT = "Police said \ud800 three people were killed in the blast in Varnholt on Monday."
GOOD_TEXT = "A gas explosion destroyed the Pellworth bakery on Quarry Lane in Dunhaven on Monday, police said.\n"


def surrogate_lines() -> str:
    """JSON lines whose escapes decode to lone surrogates (as a hostile or broken exporter writes them)."""
    return "\n".join([
        json.dumps({"id": "s1", "text": SURROGATE_TEXT}),  # json.dumps escapes the surrogate as \ud800
        json.dumps({"id": "s2", "title": "Blast \udc00 in Varnholt", "text": "Two people were injured in Varnholt on Monday."}),
    ]) + "\n"


@pytest.fixture
def inputs(tmp_path: Path) -> list[str]:
    feed = tmp_path / "feed.jsonl"
    feed.write_text(surrogate_lines(), encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text(GOOD_TEXT, encoding="utf-8")
    return [str(feed), str(good)]


def test_repair_replaces_each_unencodable_code_point_by_one_replacement_character() -> None:
    text, count = repair_text("a\ud800b\udfffc\ud83d\ude00")  # the last pair is two lone halves in a str
    assert count == 4 and text == "a\ufffdb\ufffdc\ufffd\ufffd" and len(text) == len("a\ud800b\udfffc\ud83d\ude00")
    text.encode("utf-8")
    article = Article(id="x\ud800", text="ok", source="s", title="t\udc00")
    fixed, count = repair_article(article)
    assert count == 2 and fixed.id == "x\ufffd" and fixed.title == "t\ufffd" and fixed.text == "ok"
    assert repair_article(fixed) == (fixed, 0)


def test_digest_never_raises() -> None:
    assert len(Article(id="x", text="a\ud800", source="s").digest) == 64


def test_ingest_repairs_each_record_and_reads_the_inputs_after_it(inputs: list[str]) -> None:
    items = list(iter_inputs(inputs, options=FAST))
    articles = {a.id: a for a in items if isinstance(a, Article)}
    notes = [str(p) for p in items if isinstance(p, IngestProblem)]
    assert set(articles) == {"s1", "s2", "good"}
    assert articles["s1"].text == SURROGATE_TEXT.replace("\ud800", "\ufffd")
    assert articles["s2"].title == "Blast \ufffd in Varnholt"
    assert len(notes) == 2 and all("feed.jsonl: line " in n and "replaced by U+FFFD" in n for n in notes)
    assert all(not p.fatal and p.partial for p in items if isinstance(p, IngestProblem))


def test_stdin_json_lines_with_a_surrogate_are_repaired() -> None:
    items = list(iter_inputs(["-"], stdin=io.BytesIO(surrogate_lines().encode()), options=FAST))
    assert sum(isinstance(i, Article) for i in items) == 2
    assert sum(isinstance(i, IngestProblem) and "U+FFFD" in i.message for i in items) == 2


def test_python_brief_keeps_every_document_and_quotes_exactly(inputs: list[str]) -> None:
    brief = crosscheck.brief(inputs)
    assert {d.id for d in brief.documents} == {"s1", "s2", "good"}
    assert sum("U+FFFD" in line for line in brief.problems) == 2
    texts = {a.id: a for a in read_articles(inputs)[0]}
    record = brief.to_json()
    json.dumps(record, ensure_ascii=False).encode("utf-8")
    assert_quotes_exact(record, texts)


def test_cli_brief_and_ingest_store_the_whole_batch(inputs: list[str], tmp_path: Path) -> None:
    runner = CliRunner()
    brief = runner.invoke(main, ["brief", *inputs, "--format", "json"])
    assert brief.exception is None or isinstance(brief.exception, SystemExit), brief.exception
    assert {d["id"] for d in json.loads(brief.stdout)["documents"]} == {"s1", "s2", "good"}
    assert brief.stderr.count("U+FFFD") == 2
    db = str(tmp_path / "s.db")
    ingest = runner.invoke(main, ["ingest", *inputs, "--db", db, "--quiet"])
    assert ingest.exception is None or isinstance(ingest.exception, SystemExit), ingest.exception
    assert "added 3" in ingest.stdout and ingest.stderr.count("U+FFFD") == 2
    with Corpus(db) as store:
        assert store.article("s1").text == SURROGATE_TEXT.replace("\ud800", "\ufffd")


@pytest.mark.skipif(os.name != "posix", reason="file names as bytes")
def test_a_file_name_with_undecodable_bytes_is_stored(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    with open(os.path.join(os.fsencode(folder), b"\xff-report.txt"), "wb") as handle:
        handle.write(GOOD_TEXT.encode())
    with Corpus(tmp_path / "n.db") as store:
        summary = store.add(a for a in iter_inputs([str(folder)], options=FAST) if isinstance(a, Article))
        assert summary.added == 1
        (article,) = store.articles()
        assert article.id == "\ufffd-report" and article.text == GOOD_TEXT


def test_corpus_add_repairs_an_article_given_directly(tmp_path: Path) -> None:
    with Corpus(tmp_path / "d.db") as store:
        summary = store.add([Article(id="d\ud800", text=SURROGATE_TEXT, source="api", title="t\udfff"),
                             Article(id="ok", text=GOOD_TEXT, source="api")])
        assert summary.added == 2 and not summary.failed
        assert len(summary.notes) == 1 and "document 'd\ufffd'" in summary.notes[0]
        assert store.article("d\ufffd").text == SURROGATE_TEXT.replace("\ud800", "\ufffd")


def test_documents_api_answers_per_record_and_stores_the_rest(tmp_path: Path) -> None:
    with Corpus(tmp_path / "api.db") as store:
        client = TestClient(create_app(store), base_url=LOCAL)
        body = surrogate_lines() + '{"text": 5}\n' + json.dumps({"id": "g", "text": GOOD_TEXT}) + "\n"
        response = client.post("/api/documents", content=body.encode(), headers=NDJSON)
        assert response.status_code == 200
        result = response.json()
        assert [(r["record"], r["status"], r["id"]) for r in result["records"]] == [
            (1, "added", "s1"), (2, "added", "s2"), (3, "refused", None), (4, "added", "g")]
        assert "U+FFFD" in result["records"][0]["problems"][0] and "line 1" in result["records"][0]["problems"][0]
        assert result["failed"] == result["records"][2]["problems"]
        assert {a.id for a in store.articles()} == {"s1", "s2", "g"}


def test_documents_api_says_when_a_record_replaces_a_stored_text(tmp_path: Path) -> None:
    with Corpus(tmp_path / "r.db") as store:
        client = TestClient(create_app(store), base_url=LOCAL)
        client.post("/api/documents", content=json.dumps({"id": "r1", "text": GOOD_TEXT}).encode(), headers=NDJSON)
        again = client.post("/api/documents", content=json.dumps({"id": "r1", "text": GOOD_TEXT}).encode(), headers=NDJSON).json()
        assert again["records"][0]["status"] == "unchanged" and not again["notes"]
        revised = client.post("/api/documents", content=json.dumps({"id": "r1", "text": GOOD_TEXT + "Two were hurt.\n"}).encode(), headers=NDJSON).json()
        (record,) = revised["records"]
        assert (record["status"], record["version"], record["replaced_version"]) == ("new_version", 2, 1)
        assert any("'r1'" in note and "replaced" in note for note in revised["notes"])
