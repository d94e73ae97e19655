"""The Markdown brief: footnotes that resolve, untrusted text shown as written, sections right.

The brief records are built by hand from short texts written for these tests, so each test
controls exactly what the renderer sees.
"""

from __future__ import annotations

import re
from pathlib import Path
from dataclasses import replace

import pytest

from crosscheck.facts import (
    Brief,
    CitedSource,
    Claim,
    Dispute,
    DisputeSide,
    DocumentInfo,
    Estimate,
    EventBrief,
    Evidence,
    Figure,
    Quote,
    SingleSourceItem,
    Timeline,
    TimelineStep,
)
from crosscheck.reconcile import single_source_items
from crosscheck.report.markdown import render_markdown

TEXTS = {
    "a": "Officials first said 20 people died. The toll rose to 35 by night. Police blamed a gas leak.",
    "b": "At least 35 people were killed, the mayor said. Investigators suspect arson.",
}
HOSTILE = 'He said "<script>alert(1)</script>" and posted [link](javascript:alert(1)) | col | # head'


def ev(doc: str, sentence: str, attributed_to: str | None = None) -> Evidence:
    start = TEXTS[doc].find(sentence)
    assert start >= 0
    return Evidence(doc, start, start + len(sentence), sentence, attributed_to)


EARLY = ev("a", "Officials first said 20 people died.")
ROSE = ev("a", "The toll rose to 35 by night.")
MAYOR = ev("b", "At least 35 people were killed, the mayor said.", "the mayor")
GAS = ev("a", "Police blamed a gas leak.")
ARSON = ev("b", "Investigators suspect arson.")


def event(**changes: object) -> EventBrief:
    base = EventBrief(
        id="ev-1",
        title="Fire in a test town",
        documents=("a", "b"),
        date="2024-03-05",
        figures=(
            Figure("killed", 35, "current", (ROSE, MAYOR), sources=2),
            Figure("killed", 20, "superseded", (EARLY,), stage="initial", single_source=True),
        ),
        estimates=(Estimate("killed", None, 35.0, 35.0, 40.0, "people", ("a", "b")),),
        claims=(
            Claim("cause", "Police blamed a gas leak.", "disputed", (GAS,), "gas leak", "cause"),
            Claim("cause", "Investigators suspect arson.", "disputed", (ARSON,), "arson", "cause"),
        ),
        disputes=(Dispute("what caused the fire", (DisputeSide("gas leak", (GAS,)), DisputeSide("arson", (ARSON,)))),),
        quotes=(Quote("the mayor", "mayor", "At least 35 people were killed", (MAYOR,)),),
        sources_cited=(CitedSource("Police", "official", (GAS,), relayed_by=("Outlet A",)),),
        single_source=(SingleSourceItem("claim:cause", "Investigators suspect arson.", (ARSON,)),),
    )
    return replace(base, **changes)


def brief(*events: EventBrief, documents: tuple[DocumentInfo, ...] | None = None) -> Brief:
    docs = documents or tuple(DocumentInfo(d, f"{d}.txt", f"Outlet {d.upper()}", None, "2024-03-05", None) for d in TEXTS)
    return Brief(documents=docs, events=events or (event(),), problems=())


def sections(markdown: str) -> dict[str, str]:
    """Body of each ``###`` section (the last one runs to the next heading of any level)."""
    parts = re.split(r"^(#{2,3} .*)$", markdown, flags=re.MULTILINE)
    return {parts[i][4:].strip(): parts[i + 1] for i in range(1, len(parts) - 1, 2) if parts[i].startswith("### ")}


def references(markdown: str) -> set[str]:
    return set(re.findall(r"(?<!\\)\[\^(\d+)\](?!:)", markdown))


def definitions(markdown: str) -> list[str]:
    return re.findall(r"^\[\^(\d+)\]:", markdown, flags=re.MULTILINE)


def test_every_footnote_used_is_defined_once_and_every_definition_is_used() -> None:
    markdown = render_markdown(brief())
    defined = definitions(markdown)
    assert len(defined) == len(set(defined)), "a footnote defined twice"
    assert references(markdown) == set(defined)
    assert sorted(map(int, defined)) == list(range(1, len(defined) + 1))
    assert len(defined) == 5  # one per distinct evidence sentence


def test_footnotes_quote_the_evidence_and_name_its_range() -> None:
    markdown = render_markdown(brief())
    for item in (EARLY, ROSE, MAYOR, GAS, ARSON):
        line = next(l for l in markdown.splitlines() if re.match(r"\[\^\d+\]:", l) and f"[{item.start}:{item.end}]" in l)
        assert line.split(": ", 1)[1].startswith(f"{item.document} [{item.start}:{item.end}]")
        assert item.quote in line


def test_superseded_figures_are_under_what_changed_not_headline_figures() -> None:
    parts = sections(render_markdown(brief()))
    headline, changed = parts["Headline figures"], parts["What changed"]
    assert "35" in headline and "20" not in headline
    assert "earlier 20" in changed and "now 35" in changed


def test_no_what_changed_section_without_superseded_figures() -> None:
    only_current = event(figures=(Figure("killed", 35, "current", (ROSE, MAYOR), sources=2),))
    assert "What changed" not in sections(render_markdown(brief(only_current)))


def test_disputed_figure_is_flagged() -> None:
    disputed = event(figures=(Figure("injured", 12, "disputed", (ROSE,)), Figure("injured", 40, "disputed", (MAYOR,))))
    headline = sections(render_markdown(brief(disputed)))["Headline figures"]
    assert headline.count("**disputed**") == 2


def test_one_document_is_one_document() -> None:
    lone = event(documents=("a",))
    assert "1 document: a" in render_markdown(brief(lone))
    assert "2 documents: a, b" in render_markdown(brief())


def test_an_estimate_names_its_unit_unless_the_kind_implies_it() -> None:
    delay = Estimate("interval", "second blast", 10.0, 15.0, 15.0, "minutes", ("a", "b"))
    headline = sections(render_markdown(brief(event(estimates=(delay, *event().estimates)))))["Headline figures"]
    assert "- Interval (second blast): reports range from 10 to 15 minutes, best 15 (a, b)" in headline
    assert "- Killed: reports range from 35 to 40, best 35 (a, b)" in headline  # "people" goes unsaid


@pytest.mark.parametrize(
    ("unit", "value", "shown"),
    [("hh:mm", "14:50", "time: 14:50"), ("people", 35, "killed: 35"), ("m", 700, "distance: 700 m")],
)
def test_single_source_figures_show_the_units_the_headline_shows(unit: str, value: object, shown: str) -> None:
    kind = shown.split(":")[0]
    lone = Figure(kind, value, "current", (ROSE,), unit=unit, single_source=True)
    items = single_source_items((lone,), ())
    assert [item.text for item in items] == [shown]


def _hostile_brief() -> Brief:
    hostile_evidence = Evidence("a", 0, len(HOSTILE), HOSTILE)
    return brief(
        event(
            title=HOSTILE,
            claims=(Claim("cause", HOSTILE, "agreed", (hostile_evidence,), HOSTILE, "cause", 2),),
            disputes=(Dispute(HOSTILE, (DisputeSide(HOSTILE, (GAS,)), DisputeSide("arson", (ARSON,)))),),
            quotes=(Quote(HOSTILE, HOSTILE, HOSTILE, (MAYOR,), variants=(HOSTILE,)),),
            sources_cited=(CitedSource(HOSTILE, "official", (GAS,), aliases=(HOSTILE,), relayed_by=(HOSTILE,)),),
            single_source=(SingleSourceItem("claim:cause", HOSTILE, (ARSON,)),),
        ),
        documents=(DocumentInfo("a", "a.txt", HOSTILE, HOSTILE, "2024-03-05", HOSTILE),
                   DocumentInfo("b", "b.txt", None, None, None, None)),
    )


def unescaped(markdown: str, token: str) -> list[str]:
    """Lines where ``token`` occurs without a backslash before its first character."""
    pattern = re.compile(r"(?<!\\)" + re.escape(token))
    return [line for line in markdown.splitlines() if pattern.search(line)]


def test_untrusted_text_cannot_inject_html_or_links() -> None:
    markdown = render_markdown(_hostile_brief())
    assert HOSTILE.count("<script>") == 1 and markdown.count(r"\<script\>alert(1)\</script\>") >= 8  # shown as written...
    assert unescaped(markdown, "<script") == []  # ...but never as a tag
    assert unescaped(markdown, "</script") == []
    assert not re.search(r"(?<!\\)\]\(javascript:", markdown)  # and never as a link
    assert unescaped(markdown, "# head") == []


def test_pipes_in_untrusted_text_do_not_add_table_cells() -> None:
    markdown = render_markdown(_hostile_brief())
    rows = [l for l in markdown.splitlines() if l.startswith("| ") and not l.startswith("| id ")]
    assert len(rows) == 2
    for row in rows:
        cells = re.split(r"(?<!\\)\|", row)[1:-1]
        assert len(cells) == 4, row


def test_published_metadata_is_escaped_in_the_documents_table() -> None:
    doc = DocumentInfo("a", "a.txt", "Outlet A", None, "2024-03-05 | <script>x</script>", None)
    markdown = render_markdown(brief(documents=(doc,)))
    row = next(l for l in markdown.splitlines() if l.startswith("| a "))
    assert len(re.split(r"(?<!\\)\|", row)[1:-1]) == 4
    assert unescaped(markdown, "<script") == []


def test_document_ids_are_escaped_everywhere() -> None:
    doc_id = "<img src=x onerror=alert(1)>"
    shown = Evidence(doc_id, 0, 4, "Fire")
    hostile = event(documents=(doc_id,), figures=(Figure("killed", 3, "current", (shown,)),), estimates=(),
                    claims=(), disputes=(), quotes=(), sources_cited=(), single_source=())
    docs = (DocumentInfo(doc_id, "x.txt", None, None, None, None),)
    assert unescaped(render_markdown(brief(hostile, documents=docs)), "<img") == []


def test_quotes_in_footnotes_are_collapsed_to_one_line() -> None:
    broken = Evidence("a", 0, 20, "line one\n\n[^9]: fake\nline two")
    markdown = render_markdown(brief(event(quotes=(Quote("x", None, "y", (broken,)),))))
    assert "[^9]: fake" not in markdown
    assert definitions(markdown).count("9") <= 1
    assert references(markdown) == set(definitions(markdown))


@pytest.fixture(scope="module")
def seeds_markdown() -> tuple[Brief, str]:
    import crosscheck

    record = crosscheck.brief([Path(__file__).resolve().parents[1] / "examples" / "kerman"])
    return record, render_markdown(record)


def test_seed_brief_footnotes_resolve_and_cite_every_current_figure(seeds_markdown: tuple[Brief, str]) -> None:
    record, markdown = seeds_markdown
    defined = definitions(markdown)
    assert defined and len(defined) == len(set(defined))
    assert references(markdown) == set(defined)
    headline = sections(markdown)["Headline figures"]
    # one bold line per current value; what agrees with it or counts a part of it is listed under it
    current = [f for e in record.events for f in e.figures if f.status == "current"]
    assert len([l for l in headline.splitlines() if l.startswith("- **")]) == len(current)
    for line in headline.splitlines():
        if line.startswith("- **") or line.startswith("  - "):
            assert references(line), line


def test_a_disputed_figure_says_why_beside_it_escaped() -> None:
    note = "2 later reports (b, <x>) count as many victims or more, all wounded, none dead"
    disputed = Figure("killed", 20, "disputed", (EARLY,), single_source=True, note=note)
    headline = sections(render_markdown(brief(event(figures=(disputed,)))))["Headline figures"]
    line = next(line for line in headline.splitlines() if "20" in line)
    assert "**disputed**: 2 later reports (b, " in line and "all wounded, none dead" in line
    assert "<x>" not in line  # a document id is untrusted input: escaped like any text
    plain = sections(render_markdown(brief(event(figures=(replace(disputed, note=None),)))))["Headline figures"]
    assert "**disputed** —" in plain


def test_one_line_per_kind_with_parts_and_other_sides_under_it() -> None:
    figures = (
        Figure("killed", 35, "current", (ROSE, MAYOR), sources=2, note="disputed: 35 (the mayor); 20", low=20.0, high=35.0,
               as_of="2024-03-05"),
        Figure("killed", 20, "disputed", (EARLY,)),
        Figure("killed", 2, "part", (GAS,), scope="group", scope_detail="children"),
    )
    headline = sections(render_markdown(brief(event(figures=figures, estimates=()))))["Headline figures"]
    lines = headline.strip().splitlines()
    assert lines[0].startswith("- **Killed: 35** **disputed**: 35 (the mayor); 20 — 2 documents, as of 2024-03-05")
    assert lines[1].startswith("  - disputed by: 20 (a)")
    assert lines[2].startswith("  - part (children): 2 (a)")
    assert len(lines) == 3


def test_what_changed_reads_each_timeline_earliest_first_with_dates_and_who() -> None:
    steps = (
        TimelineStep("2024-03-04", 20, "superseded", ("a",), said_by=("Officials",)),
        TimelineStep("2024-03-05", 35, "current", ("a", "b"), said_by=("the mayor",)),
    )
    dated = event(timelines=(Timeline("killed", None, "by report time", steps),))
    changed = sections(render_markdown(brief(dated)))["What changed"]
    assert "- Killed: earlier 20 (2024-03-04; Officials)" in changed
    assert "→ now 35 (2024-03-05; the mayor)" in changed
    undated = event(timelines=(Timeline("killed", None, "unknown", tuple(replace(s, as_of=None) for s in reversed(steps))),))
    changed = sections(render_markdown(brief(undated)))["What changed"]
    assert "- Killed (order of reports unknown): earlier 20 (Officials)" in changed


@pytest.mark.parametrize(
    ("value", "stated", "shown"),
    [(320000.0, "miles", "200 miles"), (39000.0, "miles", "24 miles"), (1000.0, "km", "1 km"), (700.0, "m", "700 m"),
     (91.0, "feet", "300 feet")],
)
def test_a_length_is_shown_in_the_unit_the_reports_stated(value: float, stated: str, shown: str) -> None:
    distance = Figure("distance", value, "current", (ROSE,), unit="m", reference="bridge", stated_unit=stated)
    headline = sections(render_markdown(brief(event(figures=(distance,), estimates=()))))["Headline figures"]
    assert f"Distance from the bridge: {shown}**" in headline


def test_quotes_said_of_other_events_are_apart_from_who_said_what() -> None:
    recalled = Quote("Jo Roe", "former mayor", "The town was built on sand", (GAS,), background=True)
    markdown = render_markdown(brief(event(quotes=(Quote("the mayor", "mayor", "At least 35 people were killed", (MAYOR,)), recalled))))
    parts = sections(markdown)
    assert "At least 35 people were killed" in parts["Who said what"]
    assert "The town was built on sand" not in parts["Who said what"]
    assert "The town was built on sand" in parts["Said of other events"]


def test_a_single_source_figure_is_said_once_flagged_in_the_headline() -> None:
    interval = Figure("interval", 15, "current", (ROSE,), unit="minutes", single_source=True)
    items = (SingleSourceItem("figure:interval", "interval: 15 minutes", (ROSE,)), SingleSourceItem("claim:cause", "arson", (ARSON,)))
    parts = sections(render_markdown(brief(event(figures=(interval,), single_source=items, estimates=()))))
    assert "*(single source)*" in parts["Headline figures"]
    assert "15 minutes" not in parts["Only one source"] and "arson" in parts["Only one source"]
