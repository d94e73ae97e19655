"""What users hand the CLI and ``crosscheck.brief``: stdin streams, one path, and the exit codes
that say how much was read (issue 34, items 5, 8 and 9)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import crosscheck
from crosscheck.cli import exits, main
from crosscheck.corpus import Corpus

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
REPORT_A = "A gas explosion destroyed the Pellworth bakery on Quarry Lane in Dunhaven on Monday, police said.\n"
REPORT_B = "Flooding closed the Tarrant bridge in Millbrook after the Oster river rose overnight, officials said.\n"


def invoke(*args: str, stdin: bytes | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


# ---------------------------------------------------------------- item 8: one path is one input
@pytest.mark.parametrize("given", ["kerman", Path("kerman")])
def test_brief_takes_one_path_as_one_input(given: str | Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT / "examples")
    record = crosscheck.brief(given)
    assert not record.problems
    assert sorted(d.id for d in record.documents) == sorted(p.stem for p in (ROOT / "examples/kerman").glob("*.txt"))


# ---------------------------------------------------------------- item 9: exit codes
@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, str]:
    good = tmp_path / "good.txt"
    good.write_text(REPORT_A, encoding="utf-8")
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + REPORT_B.encode())
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    return {"good": str(good), "bom": str(bom), "bad": str(bad), "missing": str(tmp_path / "missing.txt")}


@pytest.mark.parametrize(
    "names, code",
    [
        (["good"], exits.OK),
        (["good", "bom"], exits.OK),  # a byte-order mark removed is a note, not a loss
        (["good", "bad"], exits.PARTIAL),
        (["good", "missing"], exits.PARTIAL),
        (["bad", "missing"], exits.ERROR),
    ],
)
def test_brief_and_ingest_exit_codes_say_how_much_was_read(inputs, tmp_path: Path, names: list[str], code: int) -> None:
    paths = [inputs[n] for n in names]
    brief = invoke("brief", *paths)
    assert brief.exit_code == code, brief.output
    ingest = invoke("ingest", *paths, "--db", str(tmp_path / "x.db"), "--quiet")
    assert ingest.exit_code == code, ingest.output


def test_an_unencodable_record_stored_repaired_is_a_partial_read(tmp_path: Path) -> None:
    feed = tmp_path / "s.jsonl"
    feed.write_text(json.dumps({"text": "Police said \ud800 two people were hurt in Dunhaven."}) + "\n", encoding="utf-8")
    assert invoke("brief", str(feed)).exit_code == exits.PARTIAL
    assert invoke("ingest", str(feed), "--db", str(tmp_path / "s.db"), "--quiet").exit_code == exits.PARTIAL


def test_every_reading_command_states_the_one_convention_as_the_readme_does() -> None:
    assert exits.HELP.split(": ", 1)[1] in README.replace("\n", " ")
    for name in ("brief", "ingest", "events", "show", "export"):
        help_text = " ".join(invoke(name, "--help").output.split())
        assert exits.HELP in help_text, name


def test_missing_store_is_an_error_and_a_wrong_option_a_usage_error(tmp_path: Path) -> None:
    assert invoke("events", "--db", str(tmp_path / "none.db")).exit_code == exits.ERROR
    assert invoke("export", "--db", str(tmp_path / "none.db"), "--table", "nope").exit_code == exits.USAGE


def test_progress_counts_in_the_right_number(inputs, tmp_path: Path) -> None:
    result = invoke("ingest", inputs["good"], "--db", str(tmp_path / "p.db"))
    assert "ingested 1 item" in result.stderr and "1 items" not in result.stderr


# ---------------------------------------------------------------- item 5: standard input
def test_two_reports_piped_in_two_runs_are_two_documents(tmp_path: Path) -> None:
    db = str(tmp_path / "pipe.db")
    first = invoke("ingest", "-", "--db", db, "--quiet", stdin=REPORT_A.encode())
    second = invoke("ingest", "-", "--db", db, "--quiet", stdin=REPORT_B.encode())
    again = invoke("ingest", "-", "--db", db, "--quiet", stdin=REPORT_A.encode())
    assert "added 1" in first.stdout and "added 1" in second.stdout and "new versions 0" in second.stdout
    assert "unchanged 1" in again.stdout
    with Corpus(db) as store:
        assert {a.text for a in store.articles()} == {REPORT_A, REPORT_B}
        assert store.article(f"stdin-{hashlib.sha1(REPORT_A.encode()).hexdigest()[:12]}") is not None


def test_a_json_lines_stream_with_a_broken_line_is_read_as_records() -> None:
    lines = [json.dumps({"id": "a", "text": REPORT_A}), "{broken", json.dumps({"id": "b", "text": REPORT_B})]
    result = invoke("brief", "-", "--format", "json", stdin="\n".join(lines).encode())
    assert result.exit_code == exits.PARTIAL
    assert sorted(d["id"] for d in json.loads(result.stdout)["documents"]) == ["a", "b"]
    (problem,) = result.stderr.strip().splitlines()
    assert problem.startswith("<stdin>: line 2: invalid JSON")


def test_stdin_format_and_id_are_given_by_the_user(tmp_path: Path) -> None:
    record = json.dumps({"id": "a", "text": REPORT_A}) + "\n"
    as_text = invoke("brief", "-", "--stdin-format", "text", "--stdin-id", "wire-7", "--format", "json", stdin=record.encode())
    (document,) = json.loads(as_text.stdout)["documents"]
    assert document["id"] == "wire-7"
    page = f"<html><head><title>Bakery blast</title></head><body><article><p>{REPORT_A}</p></article></body></html>"
    as_html = invoke("brief", "-", "--stdin-format", "html", "--format", "json", stdin=page.encode())
    (document,) = json.loads(as_html.stdout)["documents"]
    assert document["title"] == "Bakery blast"


def test_stdin_given_twice_is_read_once() -> None:
    result = invoke("brief", "-", "-", "--format", "json", stdin=REPORT_A.encode())
    assert result.exit_code == exits.OK
    assert len(json.loads(result.stdout)["documents"]) == 1 and "given twice" in result.stderr


# ---------------------------------------------------------------- item 11: complete JSON listings
def test_events_json_is_complete_unless_a_limit_is_given(tmp_path: Path) -> None:
    feed = tmp_path / "many.jsonl"
    towns = [f"Town{chr(65 + i // 26)}{chr(97 + i % 26)}" for i in range(55)]
    feed.write_text("".join(
        json.dumps({"id": f"r{i}", "text": f"A flood closed the only bridge of {town} on Monday, officials said.",
                    "published": f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}"}) + "\n"
        for i, town in enumerate(towns)), encoding="utf-8")
    db = str(tmp_path / "many.db")
    assert invoke("ingest", str(feed), "--db", db, "--quiet").exit_code == exits.OK
    with Corpus(db) as store:
        total = store.count_events()
    assert total > 50
    assert len(json.loads(invoke("events", "--db", db, "--format", "json").stdout)["events"]) == total
    assert len(json.loads(invoke("events", "--db", db, "--format", "json", "--limit", "3").stdout)["events"]) == 3
    table = invoke("events", "--db", db).stdout.strip().splitlines()
    assert len(table) == 1 + 50
