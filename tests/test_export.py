"""``crosscheck export``: tables read back with the csv module, pyarrow and DuckDB.

Stores are built from the seeds (examples/kerman) and from short reports written here; values
are checked against the store's own brief and against the texts, never against stored outputs.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import typing
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from crosscheck.cli import main
from crosscheck.export import TABLES, export_table
from crosscheck.export import writers
from crosscheck.export.columns import Column
from crosscheck.export.rows import KIND_FIELDS, SPAN_FIELDS
from crosscheck.model import AnyMention, Article
from crosscheck.reconcile.figures import headline_of
from crosscheck.briefs import brief_from_store
from crosscheck.corpus import Corpus

REPO = Path(__file__).resolve().parents[1]
KERMAN = REPO / "examples" / "kerman"
SEED_IDS = sorted(p.stem for p in KERMAN.glob("*.txt"))


def sql(query: str, *params: object) -> list[tuple]:
    """Rows of a DuckDB query (a fresh in-memory database each time)."""
    return duckdb.connect().execute(query, list(params)).fetchall()


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def kerman_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("kerman") / "k.db")
    result = run("ingest", str(KERMAN), "--db", path, "--quiet")
    assert result.exit_code == 0, result.output
    return path


# Reports written for these tests: ids that a spreadsheet would run as formulas, text with
# commas, double quotes and line breaks, publication times in two zones, two outlets.
OWN = [
    Article(
        id='=HYPERLINK("http://example.invalid")', outlet="Harbor Gazette", source="own1",
        published="2031-05-04T09:30:00+02:00",
        text='At least 12 people were killed and 30 injured when a gas explosion tore through the Brackwater '
             'ferry terminal in Lorvale on Saturday, police said.\nThe fire chief, Dana Okafor, said: "We found '
             'people under the roof, and we are still searching."\nInvestigators said a leaking gas main caused the blast.',
    ),
    Article(
        id="@report-2", outlet="Harbor Gazette", source="own2", published="2031-05-04T15:00:00",
        text='The death toll from the Brackwater ferry terminal explosion in Lorvale rose to 15 on Saturday, police '
             'said, and 34 people were injured.\n"We found people under the roof, and we are still searching," fire '
             'chief Dana Okafor said.\nA leaking gas main caused the blast, investigators said.',
    ),
    Article(
        id="-report-3", outlet="Lorvale Daily", source="own3", published="2031-05-05",
        text="Fifteen people died in Saturday's explosion at the Brackwater ferry terminal in Lorvale, officials "
             "said.\nAbout 34 people were hurt, according to the hospital.\nSome witnesses said a bomb, not gas, "
             "caused the blast at the terminal.",
    ),
]


@pytest.fixture(scope="module")
def own_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("own") / "own.db")
    with Corpus(path) as store:
        summary = store.add(OWN)
        assert summary.added == 3 and not summary.failed
    return path


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def export_csv(db: str, table: str) -> str:
    result = run("export", "--db", db, "--table", table)
    assert result.exit_code == 0, result.output
    return result.stdout_bytes.decode("utf-8")  # as written (``stdout`` turns CRLF into LF)


def export_parquet(db: str, table: str, tmp_path: Path):
    out = tmp_path / f"{table}.parquet"
    result = run("export", "--db", db, "--table", table, "--format", "parquet", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


# ------------------------------------------------------------------------------ the seeds
def test_kerman_events_row_states_the_brief_tolls(kerman_db: str) -> None:
    (row,) = csv_rows(export_csv(kerman_db, "events"))
    with Corpus(kerman_db) as store:
        (event,) = brief_from_store(store).events
        summary = store.event(event.id)
    headline = headline_of(event.figures)
    assert headline["killed"] == 103 and headline["injured"] == 141
    assert row["event_id"] == event.id and row["title"] == event.title and row["date"] == event.date
    assert float(row["killed"]) == 103 and float(row["injured"]) == 141
    # no estimate for the tolls (every current report says 103 / 141): low = best = high
    assert {row[f"killed_{k}"] for k in ("low", "best", "high")} == {row["killed"]}
    assert row["kind"] == summary.kind
    assert json.loads(row["places"])[0] == event.places[0].name and "Kerman" in json.loads(row["places"])
    # three documents, one with a known outlet (rt.com); the other two count as their own sources
    assert (row["document_count"], row["outlet_count"], row["independent_sources"]) == ("3", "1", "3")
    assert row["first_report"] == row["last_report"] == ""  # the seeds carry no publication time


def test_kerman_current_killed_fact_has_its_documents_and_sentences(kerman_db: str, tmp_path: Path) -> None:
    rows = csv_rows(export_csv(kerman_db, "facts"))
    killed = [r for r in rows if r["section"] == "figure" and r["kind"] == "killed"]
    current = [r for r in killed if r["status"] == "current"]
    assert len(current) == 1
    assert float(current[0]["number"]) == 103 and current[0]["qualifier"] == "at least"
    assert json.loads(current[0]["documents"]) == SEED_IDS
    evidence = json.loads(current[0]["evidence"])
    assert int(current[0]["evidence_count"]) == len(evidence) >= 3
    for item in evidence:
        text = (KERMAN / f"{item['document']}.txt").read_text(encoding="utf-8")
        assert text[item["start"] : item["end"]] == item["quote"] and "103" in item["quote"]
    assert "superseded" in {r["status"] for r in killed}  # the early count of 20 is kept
    assert [int(r["fact"]) for r in rows] == list(range(1, len(rows) + 1))
    with Corpus(kerman_db) as store:
        (event,) = brief_from_store(store).events
    expected = (len(event.figures) + len(event.estimates) + len(event.claims) + sum(len(d.sides) for d in event.disputes)
                + len(event.quotes) + len(event.sources_cited) + len(event.single_source) + len(event.places))
    assert len(rows) == expected
    sections = {r["section"] for r in rows}
    assert {"figure", "claim", "dispute", "quote", "cited_source", "single_source", "place"} <= sections
    dispute = {r["text"] for r in rows if r["section"] == "dispute"}
    assert {"explosive devices", "gas canisters"} <= dispute


def test_kerman_facts_parquet_and_duckdb_agree_with_csv(kerman_db: str, tmp_path: Path) -> None:
    path = export_parquet(kerman_db, "facts", tmp_path)
    table = pq.read_table(path)
    assert table.schema.names == [c.name for c in TABLES["facts"]]
    assert str(table.schema.field("number").type) == "double" and str(table.schema.field("fact").type) == "int64"
    assert table.num_rows == len(csv_rows(export_csv(kerman_db, "facts")))
    ((number, docs),) = sql(
        "SELECT number, documents FROM read_parquet(?) WHERE section = 'figure' AND kind = 'killed' AND status = 'current'",
        str(path),
    )
    assert number == 103.0 and json.loads(docs) == SEED_IDS
    csv_path = tmp_path / "facts.csv"
    assert run("export", "--db", kerman_db, "--table", "facts", "--out", str(csv_path)).exit_code == 0
    ((quote,),) = sql(
        "SELECT json_extract_string(evidence, '$[0].quote') FROM read_csv(?)"
        " WHERE section = 'figure' AND kind = 'killed' AND status = 'current'",
        str(csv_path),
    )
    assert quote.startswith("At least 103 people were killed")


def test_kerman_mentions_are_every_stored_mention_with_exact_spans(kerman_db: str, tmp_path: Path) -> None:
    rows = pq.read_table(export_parquet(kerman_db, "mentions", tmp_path)).to_pylist()
    with Corpus(kerman_db) as store:
        stored = {doc: store.mentions(doc) for doc in SEED_IDS}
        event_id = store.event_of(SEED_IDS[0])
    assert len(rows) == sum(len(m) for m in stored.values())
    texts = {doc: (KERMAN / f"{doc}.txt").read_text(encoding="utf-8") for doc in SEED_IDS}
    for row in rows:
        mention = stored[row["document"]][row["mention"] - 1]
        assert (row["evidence_start"], row["anchor_end"]) == (mention.evidence.start, mention.anchor.end)
        text = texts[row["document"]]
        assert row["anchor_text"] == text[row["anchor_start"] : row["anchor_end"]]
        assert row["sentence"] == text[row["evidence_start"] : row["evidence_end"]]
        assert row["version"] == 1 and row["event_id"] == event_id
    figures = [r for r in rows if r["class"] == "figure" and r["kind"] == "killed"]
    assert 103.0 in {r["number"] for r in figures} and all(r["value"] for r in figures)
    assert {"figure", "claim", "quote", "source", "place", "date"} <= {r["class"] for r in rows}
    ((csv_count,),) = sql("SELECT count(*) FROM read_csv(?)", str(_csv_file(kerman_db, tmp_path)))
    assert csv_count == len(rows)


def _csv_file(db: str, tmp_path: Path) -> Path:
    out = tmp_path / "mentions.csv"
    assert run("export", "--db", db, "--table", "mentions", "--out", str(out)).exit_code == 0
    return out


def test_every_mention_field_has_a_column() -> None:
    """A field added to a mention class must get a column, not vanish from the export."""
    names = {c.name for c in TABLES["mentions"]}
    for cls in typing.get_args(AnyMention):
        for field in dataclasses.fields(cls):
            if field.name in KIND_FIELDS:
                assert "kind" in names
            elif field.name in SPAN_FIELDS:
                assert {f"{field.name}_start", f"{field.name}_end"} <= names
            else:
                assert field.name in names, f"{cls.__name__}.{field.name} has no column"


# ------------------------------------------------------------------ texts written here
def test_own_reports_times_outlets_and_formula_guard(own_db: str) -> None:
    (row,) = csv_rows(export_csv(own_db, "events"))
    assert row["first_report"] == "2031-05-04T07:30:00+00:00"  # 09:30 at +02:00
    assert row["last_report"] == "2031-05-05T00:00:00+00:00"  # a bare date is midnight, UTC
    assert (row["document_count"], row["outlet_count"], row["independent_sources"]) == ("3", "2", "2")
    mentions = csv_rows(export_csv(own_db, "mentions"))
    documents = {r["document"] for r in mentions}
    # text cells starting with = @ - get a leading quote in CSV; the ids are exact in Parquet
    assert documents == {"'" + a.id for a in OWN}
    quote = next(r for r in mentions if r["class"] == "quote" and r["document"] == "'" + OWN[0].id)
    assert quote["text"] == "We found people under the roof, and we are still searching."
    assert quote["speaker"] == "Dana Okafor"
    assert '"We found people under the roof, and we are still searching."' in quote["sentence"]


def test_own_reports_exact_values_in_parquet(own_db: str, tmp_path: Path) -> None:
    rows = pq.read_table(export_parquet(own_db, "mentions", tmp_path)).to_pylist()
    assert {r["document"] for r in rows} == {a.id for a in OWN}
    facts = sql("SELECT documents FROM read_parquet(?) WHERE section = 'quote'", str(export_parquet(own_db, "facts", tmp_path)))
    assert facts and all(set(json.loads(d)) <= {a.id for a in OWN} for (d,) in facts)


def test_estimate_fills_low_best_high(tmp_path: Path) -> None:
    reports = [
        Article(id="t1", outlet="Northfield Courier", source="t1",
                text="Police said 8 people were killed when a tanker truck overturned and burned on the Harlan bypass"
                     " near Northfield on Tuesday.\nSeveral drivers were treated for burns."),
        Article(id="t2", outlet="Valley Post", source="t2",
                text="Hospital officials said 11 people were killed after a tanker truck overturned and burned on the"
                     " Harlan bypass near Northfield on Tuesday.\nThe road stayed closed overnight."),
    ]
    out = io.BytesIO()
    with Corpus(tmp_path / "t.db") as store:
        store.add(reports)
        (event,) = brief_from_store(store).events
        export_table(store, "events", "csv", out)
    (estimate,) = [e for e in event.estimates if e.kind == "killed"]
    (row,) = csv_rows(out.getvalue().decode("utf-8"))
    assert (float(row["killed_low"]), float(row["killed_high"])) == (estimate.low, estimate.high) == (8.0, 11.0)
    assert float(row["killed_best"]) == estimate.best
    assert float(row["killed"]) == headline_of(event.figures)["killed"] == 11.0


def test_event_without_tolls_leaves_toll_cells_empty(tmp_path: Path) -> None:
    report = Article(id="w1", source="w1", text="A fire broke out in the Larkspur warehouse in Northfield on Monday.")
    out = io.BytesIO()
    with Corpus(tmp_path / "w.db") as store:
        store.add([report])
        export_table(store, "events", "csv", out)
    (row,) = csv_rows(out.getvalue().decode("utf-8"))
    assert all(row[f"{kind}{part}"] == "" for kind in ("killed", "injured") for part in ("", "_low", "_best", "_high"))
    assert row["document_count"] == "1" and row["independent_sources"] == "1"


def test_second_export_reads_cached_briefs_and_says_the_same(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    with Corpus(db) as store:
        store.add(OWN)
        (event,) = store.events()
        assert store.cached_brief(event.id) is None
        first, second = io.BytesIO(), io.BytesIO()
        export_table(store, "facts", "csv", first)
        assert store.cached_brief(event.id) is not None  # the export cached the brief it reconciled
        export_table(store, "facts", "csv", second)
    assert first.getvalue() == second.getvalue() and first.getvalue().count(b"\r\n") > 10


# -------------------------------------------------------------------------- CSV encoding
def test_csv_cells_rfc4180_and_formula_guard() -> None:
    columns = (Column("text", "str"), Column("number", "float"), Column("flag", "bool"), Column("items", "json"))
    values = [
        'He said, "stop"\r\nthen left', "=SUM(A1:A9)", "+1", "-x", "@cmd", "\tTab", "plain", "Ünïcödé – “x”", None,
    ]
    rows = [{"text": v, "number": -5.0, "flag": i % 2 == 0, "items": ["=a", 'b"c']} for i, v in enumerate(values)]
    stream = io.BytesIO()
    assert writers.write_csv(iter(rows), columns, stream) == len(rows)
    raw = stream.getvalue()
    assert raw.startswith(b"text,number,flag,items\r\n") and not raw.startswith(b"\xef\xbb\xbf")
    back = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
    assert back[0] == ["text", "number", "flag", "items"]
    read = [r[0] for r in back[1:]]
    assert read == ['He said, "stop"\r\nthen left', "'=SUM(A1:A9)", "'+1", "'-x", "'@cmd", "'\tTab", "plain",
                    "Ünïcödé – “x”", ""]
    assert {r[1] for r in back[1:]} == {"-5.0"}  # numbers are numbers, never guarded
    assert [r[2] for r in back[1:3]] == ["true", "false"]
    assert json.loads(back[1][3]) == ["=a", 'b"c']


@settings(deadline=None)  # a round trip, not a timing: a loaded machine must not fail it
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",))), min_size=1, max_size=5))
def test_csv_round_trips_any_text(texts: list[str]) -> None:
    """Whatever the text (quotes, commas, CR/LF, NUL, any script), csv reads back what was meant."""
    columns = tuple(Column(f"c{i}", "str") for i in range(len(texts)))
    stream = io.BytesIO()
    writers.write_csv([{c.name: t for c, t in zip(columns, texts)}], columns, stream)
    (header, row) = list(csv.reader(io.StringIO(stream.getvalue().decode("utf-8"), newline="")))
    assert header == [c.name for c in columns]
    assert row == ["'" + t if t.startswith(writers.FORMULA_START) else t for t in texts]


def test_csv_is_written_while_rows_are_produced() -> None:
    """Rows go out one by one: the first is in the stream before the last is made."""
    stream = io.BytesIO()
    seen: list[bytes] = []

    def rows():
        for i in range(3):
            seen.append(stream.getvalue())
            yield {"n": i}

    writers.write_csv(rows(), (Column("n", "int"),), stream)
    assert seen[0] == b"n\r\n" and seen[2] == b"n\r\n0\r\n1\r\n"


def test_parquet_is_written_in_batches(kerman_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writers, "BATCH", 10)
    path = tmp_path / "m.parquet"
    with Corpus(kerman_db) as store:
        count = export_table(store, "mentions", "parquet", path)
    meta = pq.ParquetFile(path).metadata
    assert meta.num_rows == count > 20
    assert meta.num_row_groups == -(-count // 10)


# --------------------------------------------------------------------- empty and errors
@pytest.mark.parametrize("table", sorted(TABLES))
def test_empty_store_gives_header_only(table: str, tmp_path: Path) -> None:
    db = str(tmp_path / "empty.db")
    Corpus(db).close()
    text = export_csv(db, table)
    assert text == ",".join(c.name for c in TABLES[table]) + "\r\n"
    path = export_parquet(db, table, tmp_path)
    assert pq.read_table(path).num_rows == 0
    assert sql("SELECT count(*) FROM read_parquet(?)", str(path)) == [(0,)]


@pytest.mark.parametrize(
    "args, words",
    [
        (["--table", "people"], "unknown --table 'people'"),
        ([], "--table events|facts|mentions"),
        (["--table", "events", "--format", "xlsx"], "unknown --format 'xlsx'"),
        (["--table", "events", "--format", "parquet"], "--out"),
    ],
)
def test_bad_table_or_format_is_one_line(kerman_db: str, args: list[str], words: str) -> None:
    result = run("export", "--db", kerman_db, *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]


def test_missing_store_and_unwritable_out_are_one_line(kerman_db: str, tmp_path: Path) -> None:
    missing = run("export", "--db", str(tmp_path / "none.db"), "--table", "events")
    # a missing store or an unwritable file is an error (1); 2 is a wrong command line (exit-code convention, README)
    assert missing.exit_code == 1 and len(missing.stderr.splitlines()) == 1 and "no store" in missing.stderr
    assert not (tmp_path / "none.db").exists()
    out = tmp_path / "no-such-dir" / "events.csv"
    failed = run("export", "--db", kerman_db, "--table", "events", "--out", str(out))
    assert failed.exit_code == 1 and len(failed.stderr.splitlines()) == 1 and str(out) in failed.stderr


def test_out_file_is_replaced_only_when_complete(kerman_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "facts.csv"
    out.write_text("previous export\n", encoding="utf-8")

    def broken(store):
        yield {"event_id": "ev-1"}
        raise RuntimeError("store went away")

    monkeypatch.setitem(writers.ROWS, "facts", broken)
    with Corpus(kerman_db) as store, pytest.raises(RuntimeError):
        export_table(store, "facts", "csv", out)
    assert out.read_text(encoding="utf-8") == "previous export\n"
    assert [p.name for p in tmp_path.iterdir()] == ["facts.csv"]


def test_counts_are_whole_numbers_in_csv_and_nullable_integers_in_parquet(kerman_db: str, tmp_path: Path) -> None:
    # issue 34, item 11: counts of people were written "103.0"
    text = export_csv(kerman_db, "events")
    (row,) = csv_rows(text)
    assert (row["killed"], row["killed_best"], row["injured"]) == ("103", "103", "141") and ".0," not in text
    facts = csv_rows(export_csv(kerman_db, "facts"))
    assert "103" in {r["number"] for r in facts} and not any(r["number"].endswith(".0") for r in facts)
    import pyarrow.parquet as pq

    table = pq.read_table(export_parquet(kerman_db, "events", tmp_path))
    for name in ("killed", "killed_low", "killed_best", "killed_high", "injured"):
        assert str(table.schema.field(name).type) == "int64" and table.schema.field(name).nullable
    assert table.column("killed").to_pylist() == [103]


def test_an_unknown_toll_is_an_empty_integer_cell(tmp_path: Path) -> None:
    db = str(tmp_path / "none.db")
    with Corpus(db) as store:
        store.add([Article(id="q", source="q", text="Flooding closed the Tarrant bridge in Millbrook on Monday, officials said.\n")])
    assert csv_rows(export_csv(db, "events"))[0]["killed"] == ""
    import pyarrow.parquet as pq

    table = pq.read_table(export_parquet(db, "events", tmp_path))
    assert str(table.schema.field("killed").type) == "int64" and table.column("killed").to_pylist() == [None]
