"""A headline the text does not repeat is read with it, and what it states is cited from the headline."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from crosscheck.cli import main
from crosscheck.extract import extract_article
from crosscheck.extract.headline import article_span, reading_article
from crosscheck.model import TEXT, TITLE, Article, FigureKind, FigureMention, Span
from crosscheck.reconcile import reconcile_event
from crosscheck.reconcile.incidents import split_by_ranges
from crosscheck.report.markdown import render_markdown
from crosscheck.facts import Brief
from crosscheck.corpus import Corpus
from crosscheck.store.codec import decode_mention, encode_mention

TITLE_TEXT = "Three shot, one fatally, on Elm Street in Varnton - WVAR News 4"
BODY = ("Police were called to the 1200 block of Elm Street shortly after 2 a.m. Sunday.\n\n"
        "The victims were taken to Varnton General Hospital. No arrests have been made.\n")


def page() -> Article:
    """A report as an HTML page or a JSON record gives it: the headline apart from a body that
    never states the toll."""
    return Article(id="elm", text=BODY, source="elm.jsonl", title=TITLE_TEXT, published="2024-03-03",
                   furniture=((81, 90),))


def tolls(article: Article) -> dict[FigureKind, FigureMention]:
    return {m.kind: m for m in extract_article(article).mentions
            if isinstance(m, FigureMention) and m.kind in (FigureKind.KILLED, FigureKind.INJURED)}


def test_the_reading_puts_the_headline_above_the_text_and_moves_the_furniture() -> None:
    reading, offset = reading_article(page())
    assert reading.text == TITLE_TEXT + "\n\n" + BODY
    assert offset == len(TITLE_TEXT) + 2
    assert reading.furniture == ((81 + offset, 90 + offset),)
    assert reading.text[reading.furniture[0][0] : reading.furniture[0][1]] == BODY[81:90]


@pytest.mark.parametrize(
    "article",
    [
        Article(id="a", text=f"{TITLE_TEXT}\n\n{BODY}", source="a.txt", title=TITLE_TEXT),  # the text opens with it
        Article(id="b", text=f"Three shot, one fatally, on Elm Street in Varnton\n{BODY}", source="b.html", title=TITLE_TEXT),
        Article(id="c", text=BODY, source="c.txt"),  # no headline
        Article(id="d", text=BODY, source="d.txt", title="  "),
    ],
)
def test_a_text_that_carries_its_headline_or_has_none_is_read_as_it_is(article: Article) -> None:
    assert reading_article(article) == (article, 0)


def test_spans_map_back_to_the_headline_or_the_text() -> None:
    offset = len(TITLE_TEXT) + 2
    assert article_span(Span("elm", 0, 5), offset) == Span("elm", 0, 5, TITLE)
    assert article_span(Span("elm", offset + 3, offset + 9), offset) == Span("elm", 3, 9, TEXT)
    assert article_span(Span("elm", 10, offset + 4), offset) is None  # runs from the headline into the text


def test_the_headline_toll_is_read_and_cited_from_the_headline() -> None:
    article = page()
    found = tolls(article)
    assert (found[FigureKind.KILLED].value, found[FigureKind.INJURED].value) == (1, 2)
    for mention in found.values():
        assert mention.evidence.part == TITLE and mention.anchor.part == TITLE
        assert mention.evidence.text(article) == TITLE_TEXT
    extraction = extract_article(article)
    assert extraction.article is article and extraction.article.text == BODY  # never altered
    assert all(s.part == TEXT and s.end <= len(BODY) for s in extraction.sentences)
    text_mentions = [m for m in extraction.mentions if m.evidence.part == TEXT]
    assert text_mentions and all(m.evidence.text(article) in BODY for m in text_mentions)


def test_a_headline_the_text_repeats_is_read_once_from_the_text() -> None:
    article = Article(id="txt", text=f"{TITLE_TEXT}\n\n{BODY}", source="elm.txt", title=TITLE_TEXT)
    found = tolls(article)
    assert found[FigureKind.KILLED].evidence.part == TEXT
    assert found[FigureKind.KILLED].evidence.text(article) == TITLE_TEXT


def test_the_brief_cites_the_headline_and_says_so() -> None:
    article = page()
    brief = reconcile_event("ev", [extract_article(article)])
    killed = next(f for f in brief.figures if f.kind == "killed")
    assert killed.value == 1 and killed.status == "current"
    [evidence] = killed.evidence
    assert (evidence.part, evidence.quote) == (TITLE, TITLE_TEXT)
    assert TITLE_TEXT[evidence.start : evidence.end] == evidence.quote
    markdown = render_markdown(Brief(documents=(), events=(brief,)))
    assert f"elm headline [0:{len(TITLE_TEXT)}]" in markdown
    record = Brief(documents=(), events=(brief,)).to_json()
    cited = record["events"][0]["figures"]
    assert any(e["part"] == TITLE for f in cited for e in f["evidence"])


def test_a_headline_is_its_own_reports_never_another_incidents() -> None:
    """The other-incident ranges are of the text: a headline mention at the same offsets stays."""
    headline = FigureMention(evidence=Span("elm", 0, 40, TITLE), anchor=Span("elm", 0, 5, TITLE), extractor="t",
                             kind=FigureKind.KILLED, value=1)
    body = FigureMention(evidence=Span("elm", 0, 40), anchor=Span("elm", 0, 5), extractor="t",
                         kind=FigureKind.KILLED, value=3)
    kept, aside = split_by_ranges([headline, body], {"elm": [(0, 50)]})
    assert (kept, aside) == ([headline], [body])


def test_a_headline_span_is_stored_and_read_back_and_a_text_span_as_before() -> None:
    mention = tolls(page())[FigureKind.KILLED]
    name, data = encode_mention(mention)
    assert data["evidence"][3:] == [TITLE]
    assert decode_mention(name, json.loads(json.dumps(data))) == mention
    body = FigureMention(evidence=Span("elm", 2, 9), anchor=Span("elm", 3, 4), extractor="t", kind=FigureKind.KILLED, value=1)
    assert encode_mention(body)[1]["evidence"] == ["elm", 2, 9]


def test_ingest_keeps_the_text_and_show_marks_the_headline(tmp_path) -> None:
    source = tmp_path / "reports.jsonl"
    source.write_text(json.dumps({"id": "elm", "title": TITLE_TEXT, "text": BODY, "published": "2024-03-03"}) + "\n",
                      encoding="utf-8")
    db = str(tmp_path / "c.db")
    runner = CliRunner()
    assert runner.invoke(main, ["ingest", str(source), "--db", db]).exit_code == 0
    store = Corpus(db)
    try:
        assert store.article("elm").text == BODY
        assert any(m.evidence.part == TITLE for m in store.mentions("elm"))
    finally:
        store.close()
    shown = runner.invoke(main, ["show", "elm", "--db", db])
    assert shown.exit_code == 0
    assert f"headline [0:{len(TITLE_TEXT)}] FigureMention" in shown.output
