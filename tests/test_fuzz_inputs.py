"""Property tests: arbitrary Unicode through every door users have (issue 34).

Reports, titles and JSON records are generated with lone surrogates, right-to-left overrides,
NULs, huge tokens and long lines, mixed with sentences that carry figures so extraction has
something to cite, and sent through ``crosscheck.brief``, ``crosscheck ingest`` (the store) and
``POST /api/documents``. Each must: raise nothing; lose nothing (every record is stored, or
refused with a problem line naming it); and quote every piece of evidence exactly as its
document's text (or headline) from ``start`` to ``end``. Each example carries a batch of records,
so a few hundred examples are thousands of generated inputs, in well under a minute.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from tempfile import TemporaryDirectory

from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import crosscheck
from crosscheck.cli import main
from crosscheck.briefs import brief_from_store
from crosscheck.corpus import Corpus
from crosscheck.web.app import create_app
from evidence_support import assert_quotes_exact
from web_support import LOCAL, NDJSON

FIGURES = [
    "At least 12 people were killed and 30 injured in the blast in Varnholt on Monday, police said.",
    "Officials said the toll rose to 15 dead.",
    "Three people were shot on Elm Street in Dunhaven on Friday.",
    "The fire broke out at about 2045 GMT at 2016 Ontario St.",
    '"We are heartbroken," Mayor Ana Ruiz said.',
]
ODD = ["\ud800", "\udfff", "\u202e", "\u202d", "\x00", "\ufeff", "\u0301", "\U0001f600", "\n\n", "\r\n", "\t", "\u2028"]
pieces = st.one_of(
    st.sampled_from(FIGURES),
    st.sampled_from(ODD),
    st.text(st.characters(codec=None), max_size=20),  # any code point, lone surrogates included
    st.integers(200, 3000).map(lambda n: "x" * n),  # a huge token
    st.integers(1, 40).map(lambda n: "word " * n),  # a long line
)
texts = st.lists(pieces, min_size=1, max_size=8).map(" ".join)
field_values = st.one_of(st.none(), st.text(st.characters(codec=None), max_size=30), st.integers(), st.booleans(),
                         st.lists(st.integers(), max_size=2), st.floats(allow_nan=False))


@st.composite
def records(draw: st.DrawFn) -> list[dict]:
    """A batch of JSON records: a text (sometimes empty or not a string), a title, odd metadata."""
    batch = []
    for number in range(draw(st.integers(1, 16))):
        record: dict = {"id": draw(st.one_of(st.just(f"r{number}"), st.just(None), st.sampled_from([[1], 1.5, True])))}
        record["text"] = draw(st.one_of(texts, texts, texts, st.just("  "), st.integers()))
        for name in ("title", "outlet", "url", "language"):
            if draw(st.booleans()):
                record[name] = draw(st.one_of(texts, field_values))
        batch.append({k: v for k, v in record.items() if v is not None})
    return batch


def jsonl(batch: list[dict]) -> str:
    return "".join(json.dumps(record) + "\n" for record in batch)  # lone surrogates written as \ud800 escapes


def readable(record: dict) -> bool:
    text = record.get("text")
    return isinstance(text, str) and bool(text.strip())


def repaired(text: str) -> str:
    return re.sub("[\ud800-\udfff]", "\ufffd", text)


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(records(), texts)
def test_brief_reads_or_names_every_record_and_quotes_exactly(batch: list[dict], report: str) -> None:
    with TemporaryDirectory() as folder:
        feed = Path(folder) / "feed.jsonl"
        feed.write_text(jsonl(batch), encoding="utf-8")
        plain = Path(folder) / "report.txt"
        plain.write_bytes(report.encode("utf-8", "surrogatepass"))  # a surrogate here is invalid UTF-8: refused
        brief = crosscheck.brief([feed, plain])
        reading = crosscheck.pipeline.read_inputs([feed, plain])
    articles = {a.id: a for a in reading.articles}
    assert {d.id for d in brief.documents} == set(articles)
    for line, record in enumerate(batch, 1):
        if not readable(record):
            assert any(f"feed.jsonl: line {line}:" in p for p in brief.problems), (line, brief.problems)
    assert sum(a.source.endswith("feed.jsonl") for a in articles.values()) == sum(map(readable, batch))
    assert ("report" in articles) != any("report.txt: " in p and "removed" not in p for p in brief.problems)
    assert_quotes_exact(brief.to_json(), articles)
    json.dumps(brief.to_json(), ensure_ascii=False).encode("utf-8")


@FUZZ
@given(records())
def test_ingest_stores_or_names_every_record(batch: list[dict]) -> None:
    with TemporaryDirectory() as folder:
        feed = Path(folder) / "feed.jsonl"
        feed.write_text(jsonl(batch), encoding="utf-8")
        db = str(Path(folder) / "f.db")
        result = CliRunner().invoke(main, ["ingest", str(feed), "--db", db, "--quiet"])
        assert result.exit_code in (0, 1, 3) and (result.exception is None or isinstance(result.exception, SystemExit)), result.output
        with Corpus(db) as store:
            stored = {a.id: a for a in store.articles()}
            for line, record in enumerate(batch, 1):
                if not readable(record):
                    assert f"feed.jsonl: line {line}:" in result.stderr
                elif isinstance(record.get("id"), str) and record["id"].strip():
                    assert stored[repaired(record["id"])].text == repaired(record["text"])
            assert sorted(a.text for a in stored.values()) == sorted(repaired(r["text"]) for r in batch if readable(r))
            assert_quotes_exact(brief_from_store(store).to_json(), stored)


@FUZZ
@given(records())
def test_documents_api_answers_every_record(batch: list[dict]) -> None:
    with Corpus(":memory:") as store:
        client = TestClient(create_app(store), base_url=LOCAL)
        response = client.post("/api/documents", content=jsonl(batch).encode("utf-8"), headers=NDJSON)
        assert response.status_code in (200, 422)
        result = response.json()
        assert [r["record"] for r in result["records"]] == list(range(1, len(batch) + 1))
        for record, outcome in zip(batch, result["records"]):
            if readable(record):
                assert outcome["status"] == "added" and store.article(outcome["id"]).text == repaired(record["text"])
            else:
                assert outcome["status"] == "refused" and outcome["problems"]
        stored = {a.id: a for a in store.articles()}
        for event in store.events(limit=1000):
            assert_quotes_exact(client.get(f"/api/events/{event.id}").json(), stored)
