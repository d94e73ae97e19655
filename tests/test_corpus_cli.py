"""``crosscheck ingest / events / show`` end to end through click, with bad inputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from crosscheck.cli import main

REPO = Path(__file__).resolve().parents[1]
KERMAN = REPO / "examples" / "kerman"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture()
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "c.db")
    result = run("ingest", str(KERMAN), "--db", path, "--quiet")
    assert result.exit_code == 0, result.output
    assert "added 3" in result.output and "failed 0" in result.output
    return path


def test_ingest_twice_adds_nothing(db: str) -> None:
    result = run("ingest", str(KERMAN), "--db", db, "--quiet")
    assert result.exit_code == 0
    assert "added 0, unchanged 3" in result.output


def test_events_table_and_json(db: str) -> None:
    table = run("events", "--db", db)
    assert table.exit_code == 0
    lines = table.output.strip().splitlines()
    assert lines[0].split()[:3] == ["id", "date", "kind"] and len(lines) == 2
    record = json.loads(run("events", "--db", db, "--format", "json").output)
    (event,) = record["events"]
    assert {"id", "title", "date", "places", "documents"} <= set(event)
    assert sorted(event["documents"]) == sorted(p.stem for p in KERMAN.glob("*.txt"))
    assert lines[1].split()[0] == event["id"]


def test_events_says_when_the_limit_cuts_the_list(tmp_path: Path) -> None:
    feed = tmp_path / "feed.jsonl"
    records = [
        {"id": "bakery", "text": "A gas explosion destroyed the Pellworth bakery on Quarry Lane in Dunhaven on Monday.",
         "published": "2025-02-03"},
        {"id": "bridge", "text": "Flooding closed the Tarrant bridge in Millbrook after the Oster river rose overnight.",
         "published": "2025-06-04"},
    ]
    feed.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    path = str(tmp_path / "two.db")
    assert run("ingest", str(feed), "--db", path, "--quiet").exit_code == 0
    cut = run("events", "--db", path, "--format", "json", "--limit", "1")
    assert len(json.loads(cut.stdout)["events"]) == 1
    assert "1 of 2 events shown" in cut.stderr
    whole = run("events", "--db", path, "--format", "json", "--limit", "0")
    assert len(json.loads(whole.stdout)["events"]) == 2 and whole.stderr == ""


def test_show_document_with_mentions(db: str) -> None:
    doc_id = sorted(p.stem for p in KERMAN.glob("*.txt"))[0]
    result = run("show", doc_id, "--db", db, "--format", "json")
    assert result.exit_code == 0
    record = json.loads(result.output)
    text = (KERMAN / f"{doc_id}.txt").read_text(encoding="utf-8")
    assert record["id"] == doc_id and record["version"] == 1 and record["text"] == text
    for mention in record["mentions"]:
        doc, start, end = mention["fields"]["evidence"]
        assert doc == doc_id and 0 <= start < end <= len(text)
    missing = run("show", "no-such-doc", "--db", db)
    assert missing.exit_code == 1 and "no document" in missing.output


def test_readers_refuse_a_missing_store(tmp_path: Path) -> None:
    for command in (["events"], ["show", "x"]):
        result = run(*command, "--db", str(tmp_path / "absent.db"))
        # a missing store is an error (1): 2 is kept for a wrong command line (exit-code convention, README)
        assert result.exit_code == 1 and "crosscheck ingest" in result.output
        assert not (tmp_path / "absent.db").exists()


def test_bad_inputs_one_line_each_rest_ingested(tmp_path: Path) -> None:
    good = "A gas explosion destroyed the Pellworth bakery on Quarry Lane in Dunhaven on Monday."
    other = "Flooding closed the Tarrant bridge in Millbrook after the Oster river rose overnight."
    lines = [
        json.dumps({"id": "good-1", "text": good, "published": "2025-02-03"}),
        "{this is not json",
        json.dumps({"id": "no-text", "title": "Only a title"}),
        json.dumps({"id": "good-2", "text": other, "published": "2025-02-04"}),
        json.dumps({"id": "good-1", "text": good + " A second, different text.", "published": "2025-02-03"}),
    ]
    feed = tmp_path / "feed.jsonl"
    feed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    folder = tmp_path / "reports"
    folder.mkdir()
    (folder / "photo.jpg").write_bytes(bytes(range(256)) * 8)
    (folder / "ok.txt").write_text("Firefighters saved the Grimsby mill on Saturday, officials said.\n", encoding="utf-8")
    db = str(tmp_path / "b.db")
    result = CliRunner().invoke(main, ["ingest", str(feed), str(folder), "--db", db, "--quiet"])
    assert result.exit_code == 3  # partly read: 3 stored, 4 problems (the exit-code convention, README)
    problems = result.stderr.strip().splitlines()
    assert len(problems) == 4, problems
    assert any("feed.jsonl" in p and "line 2" in p for p in problems)  # broken line, by line number
    assert any("feed.jsonl" in p and "line 3" in p for p in problems)  # record without text
    assert any("duplicate id good-1" in p for p in problems)
    assert any("photo.jpg" in p for p in problems)
    assert "added 3" in result.stdout
    again = CliRunner().invoke(main, ["ingest", str(folder / "ok.txt"), "--db", db, "--quiet"])
    assert again.exit_code == 0 and "unchanged 1" in again.stdout
    shown = json.loads(run("show", "good-1", "--db", db, "--format", "json").output)
    assert shown["text"] == good


def test_brief_of_an_unknown_event_is_one_line(tmp_path) -> None:
    from click.testing import CliRunner

    from crosscheck.cli import main

    db = tmp_path / "c.db"
    text = tmp_path / "a.txt"
    text.write_text("Two people were injured in a shooting on Main Street, police said.\n", encoding="utf-8")
    assert CliRunner().invoke(main, ["ingest", str(text), "--db", str(db)]).exit_code == 0
    result = CliRunner().invoke(main, ["brief", "--db", str(db), "--event", "ev-nonexistent"])
    assert result.exit_code != 0
    assert "ev-nonexistent" in result.output and "Traceback" not in result.output
    missing = CliRunner().invoke(main, ["brief", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code != 0 and "no such store" in missing.output


def test_event_table_columns_stay_aligned_whatever_the_cell_widths() -> None:
    from crosscheck.cli.corpus import _aligned

    columns = (("id", "<"), ("docs", ">"), ("headline", "<"), ("title", "<"))
    rows = [("ev-1", "1", "killed 6 injured 1 arrested 1", "A long title"), ("ev-22", "12", "-", "Short")]
    header, *lines = _aligned(columns, rows)
    assert header.index("title") == lines[0].index("A long title") == lines[1].index("Short")
    assert lines[0].index("killed") == lines[1].index("-", len("ev-22  12")) == header.index("headline")
    assert lines[1].startswith("ev-22  ") and lines[1][len("ev-22  "):].startswith("  12")
