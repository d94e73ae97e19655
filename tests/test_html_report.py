"""The self-contained HTML brief: sections, evidence payload, and safety with hostile documents."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest
from hypothesis import given, strategies as st

from crosscheck.facts import Brief, DocumentInfo, EventBrief, Figure
from crosscheck.model import Article
from crosscheck.report.html import render_html
from crosscheck.report.view import figure_value, safe_link, utf16_index
from web_support import Page, evidence, hostile_articles, hostile_brief, js_slice, seed_articles, seed_brief


@pytest.fixture(scope="module")
def seeds() -> tuple[Brief, dict[str, Article], Page]:
    articles = seed_articles()
    brief = seed_brief(articles)
    return brief, articles, Page(render_html(brief, articles))


def test_every_entry_opens_spans_that_quote_the_document_exactly(seeds):
    brief, articles, page = seeds
    data = page.data()
    event = brief.events[0]
    expected = len(event.figures) + sum(len(d.sides) for d in event.disputes) + len(event.claims) + len(
        event.quotes) + len(event.single_source) + len(event.sources_cited)
    assert len(data["entries"]) == expected
    for entry in data["entries"].values():
        assert entry["evidence"]
        for span in entry["evidence"]:
            text = data["documents"][span["document"]]["text"]
            assert js_slice(text, span["start"], span["end"]) == span["quote"]


def test_every_entry_is_a_fragment_link_on_the_page(seeds):
    _, _, page = seeds
    links = {attrs.get("data-entry"): attrs.get("href") for tag, attrs in page.tags if tag == "a" and "data-entry" in attrs}
    for entry_id in page.data()["entries"]:
        assert links.get(entry_id) == f"#entry={entry_id}"


def test_sections_show_status_sources_changes_disputes_and_flags(seeds):
    brief, _, page = seeds
    text = " ".join("".join(page.text).split())
    for heading in ("Headline figures", "What changed", "Disputed", "Quotes", "Single-source items", "Sources cited", "Documents"):
        assert heading in text
    assert "at least 103" in text and "3 independent sources" in text
    assert "earlier at least 20" in text and "now at least 103" in text
    assert "about 10–15 minutes" in text
    assert "explosive devices" in text and "gas canisters" in text and "(citing Nournews)" in text
    assert "Reza Fallah, head of the Red Crescent in Kerman province" in text
    assert "single source" in text
    assert page.has_text("https://www.rt.com/news/590074-iran-soleimani-memorial-blasts/")


def test_page_is_self_contained_and_only_its_own_script_may_run(seeds):
    _, _, page = seeds
    for tag, attrs in page.tags:
        assert tag not in ("link", "iframe", "img", "object", "embed")
        assert "src" not in attrs or tag == "script" and not attrs["src"]
    (code,) = [body for attrs, body in page.scripts if attrs.get("type") != "application/json"]
    (csp,) = [attrs["content"] for tag, attrs in page.tags if attrs.get("http-equiv") == "Content-Security-Policy"]
    digest = base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp
    assert "default-src 'none'" in csp


def test_hostile_documents_are_text_never_markup():
    articles = hostile_articles()
    html = render_html(hostile_brief(articles), articles)
    page = Page(html)
    assert [attrs.get("type") for attrs, _ in page.scripts] == ["application/json", None]
    for tag, attrs in page.tags:
        assert tag not in ("img", "b", "i"), f"document markup became a <{tag}> element"
        assert not any(name.startswith("on") for name in attrs)
        assert not (attrs.get("href") or "").lower().startswith("javascript:")
    assert page.has_text("<script>alert(6)</script>Fire")
    assert page.has_text("<img src=x onerror=alert(5)>Fire kills 7 at <i>Elm</i> mill")
    assert page.has_text("javascript:alert(4)")
    data = page.data()
    assert data["documents"]["bad"]["text"] == articles["bad"].text
    assert data["documents"]["bad"]["link"] is None
    assert data["documents"]["good"]["link"] == "https://example.org/fire"
    assert "</script><script>" not in html.split('id="crosscheck-data">', 1)[1].split("</script>", 1)[0]


def test_offsets_count_utf16_units_after_astral_characters():
    text = "🔥🔥 Fire: 7 people died in the fire. More later."
    article = Article(id="x", text=text, source="x.txt")
    figure = Figure("killed", 7.0, "current", (evidence(article, "7 people died in the fire."),))
    brief = Brief((DocumentInfo("x", "x.txt", None, None, None, None),),
                  (EventBrief("e", "Fire", ("x",), figures=(figure,)),))
    span = Page(render_html(brief, {"x": article})).data()["entries"]["e0.f0"]["evidence"][0]
    assert span["start"] == utf16_index(text, text.index("7 people")) == text.index("7 people") + 2
    assert js_slice(text, span["start"], span["end"]) == "7 people died in the fire."


def test_missing_article_text_still_renders_its_quote():
    article = Article(id="x", text="Nine people were hurt.", source="x.txt")
    figure = Figure("injured", 9.0, "current", (evidence(article, "Nine people were hurt."),))
    brief = Brief((DocumentInfo("x", "x.txt", None, None, None, None),),
                  (EventBrief("e", "Crash", ("x",), figures=(figure,)),))
    data = Page(render_html(brief, {})).data()
    assert data["documents"]["x"]["text"] is None
    assert data["entries"]["e0.f0"]["evidence"][0]["quote"] == "Nine people were hurt."


@pytest.mark.parametrize("url, expected", [
    ("https://example.org/a?b=1", "https://example.org/a?b=1"),
    ("http://example.org", "http://example.org"),
    ("javascript:alert(1)", None),
    ("JaVaScRiPt:alert(1)", None),
    (" javascript:alert(1)", None),
    ("java\tscript:alert(1)", None),
    ("data:text/html,<script>alert(1)</script>", None),
    ("//example.org/x", None),
    ("https:///nohost", None),
    ("", None),
    (None, None),
])
def test_only_http_urls_become_links(url, expected):
    assert safe_link(url) == expected


def test_figure_values_read_as_written():
    ev = ()
    assert figure_value(Figure("killed", 103.0, "current", ev, qualifier="at least")) == "at least 103"
    assert figure_value(Figure("interval", None, "current", ev, low=10.0, high=15.0, unit="minutes")) == "10–15 minutes"
    assert figure_value(Figure("distance", 700.0, "current", ev, unit="m")) == "700 m"
    assert figure_value(Figure("time", "14:50", "current", ev, unit="hh:mm")) == "14:50"
    assert re.fullmatch(r"1,000", figure_value(Figure("killed", 1000, "current", ev)))


@given(st.text(min_size=1, max_size=60), st.data())
def test_utf16_offsets_slice_the_same_characters_as_python(text, data):
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    assert js_slice(text, utf16_index(text, start), utf16_index(text, end)) == text[start:end]


def test_a_timeline_chart_says_when_no_report_dates_its_order():
    from pathlib import Path

    import crosscheck
    from crosscheck.pipeline import read_articles

    example = Path(__file__).resolve().parents[1] / "examples" / "kerman"
    brief = crosscheck.brief([example])
    articles = {a.id: a for a in read_articles([example])[0]}
    html = render_html(brief, articles)
    killed = next(t for t in brief.events[0].timelines if t.kind == "killed")
    assert killed.order == "unknown"  # the seed reports carry no publication date
    assert "order unknown: no report is dated" in html
    assert "report order (by publication time)" not in html


def test_a_quote_said_of_another_event_is_flagged(seeds):
    from dataclasses import replace

    brief, articles, _ = seeds
    event = brief.events[0]
    recalled = replace(event.quotes[0], background=True)
    page = Page(render_html(replace(brief, events=(replace(event, quotes=(recalled,)),)), articles))
    assert "said of another event" in " ".join("".join(page.text).split())
    assert "said of another event" not in " ".join("".join(seeds[2].text).split())
