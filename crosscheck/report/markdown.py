"""The Markdown brief: what an analyst reads in a minute, every statement footnoted.

Footnotes name the document and the character range of the supporting sentence and quote it,
so each line can be checked against the source without the tool.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from crosscheck.facts import (
    OTHER_INCIDENT,
    Brief,
    CitedSource,
    Claim,
    Dispute,
    Evidence,
    EventBrief,
    Figure,
    Quote,
    Timeline,
    TimelineStep,
    in_stated_unit,
    shown_unit,
)
from crosscheck.model import TITLE
from crosscheck.report.view import number


class _Footnotes:
    """Numbers evidence sentences once each, in order of first use."""

    def __init__(self) -> None:
        self._numbers: dict[tuple[str, int, int, str], int] = {}
        self._evidence: list[Evidence] = []

    def cite(self, evidence: Iterable[Evidence]) -> str:
        marks = []
        for item in evidence:
            key = (item.document, item.start, item.end, item.part)
            if key not in self._numbers:
                self._evidence.append(item)
                self._numbers[key] = len(self._evidence)
            marks.append(f"[^{self._numbers[key]}]")
        return "".join(dict.fromkeys(marks))

    def render(self) -> list[str]:
        lines = []
        for number, item in enumerate(self._evidence, 1):
            via = f" (attributed to {item.attributed_to})" if item.attributed_to else ""
            quote = " ".join(item.quote.split())
            where = f"{'headline ' if item.part == TITLE else ''}[{item.start}:{item.end}]"
            lines.append(f"[^{number}]: {_escape(item.document)} {where}{via}: “{_escape(quote)}”")
        return lines


def _escape(text: str) -> str:
    """Neutralise Markdown/HTML in untrusted text so a renderer shows it as written."""
    for char in "\\`*_[]<>|#":
        text = text.replace(char, "\\" + char)
    return text


def _docs(evidence: Iterable[Evidence]) -> str:
    docs = sorted({e.document for e in evidence})
    return ", ".join(_escape(d) for d in docs)


def _amount(figure: Figure) -> str:
    """'at least 103', 'about 1 km', '10 to 15 minutes': a figure as the reports put it."""
    value, unit = in_stated_unit(figure.value, figure.unit, figure.stated_unit)
    if figure.value is None and figure.low is not None and figure.high is not None:
        low, unit = in_stated_unit(figure.low, figure.unit, figure.stated_unit)
        high, _ = in_stated_unit(figure.high, figure.unit, figure.stated_unit)
        amount = f"{number(low)} to {number(high)}"
    else:
        amount = number(value)
    return " ".join(x for x in (figure.qualifier, amount, shown_unit(unit)) if x)


def _unit_after(unit: str | None) -> str:
    """`` minutes`` after a number, or nothing (``shown_unit``)."""
    shown = shown_unit(unit)
    return f" {shown}" if shown else ""


def _figure_name(figure: Figure) -> str:
    name = figure.kind if not figure.subject else f"{figure.kind} ({figure.subject})"
    if figure.reference:
        article = "" if figure.reference[:1].isupper() else "the "  # "from Varnton", "from the tomb"
        name += f" from {article}{figure.reference}"
    return name[0].upper() + name[1:]


def _sources_phrase(figure: Figure | Claim) -> str:
    n = len({e.document for e in figure.evidence})
    docs = f"{n} document{'s' if n != 1 else ''}"
    if figure.sources != n:
        docs += f", {figure.sources} independent source{'s' if figure.sources != 1 else ''}"
    return docs


def _attributions(evidence: Iterable[Evidence]) -> str:
    names = sorted({e.attributed_to for e in evidence if e.attributed_to})
    return f"; attributed to {', '.join(_escape(n) for n in names)}" if names else ""


# Figures shown under the current value of their kind, in this order, with what each status says.
_UNDER_CURRENT = (
    ("consistent", "also stated as"),
    ("disputed", "disputed by"),
    ("part", "part"),
    ("denied", "denied"),
    ("projected", "projected, not a count"),
)


def _same_quantity(a: Figure, b: Figure) -> bool:
    return a.kind == b.kind and a.subject == b.subject


def _figures(event: EventBrief, notes: _Footnotes) -> list[str]:
    """One line per kind: its current value, who gives it and as of when; under it what agrees,
    what disputes it, its parts, and what was denied or projected. A kind with no current value
    (only parts, say) shows those alone."""
    lines = []
    shown: set[int] = set()
    for figure in event.figures:
        if figure.status != "current":
            continue
        shown.add(id(figure))
        lines.append(_headline_line(figure, notes))
        lines += _under(figure, event.figures, notes, shown)
    for figure in event.figures:
        if id(figure) in shown or figure.status in ("superseded", OTHER_INCIDENT):
            continue
        shown.add(id(figure))
        if figure.status == "disputed":  # a side with no current value beside it: flagged like one
            lines.append(_headline_line(figure, notes))
            continue
        lines.append(f"- {_figure_name(figure)} ({_status_words(figure)}): {_amount(figure)} ({_docs(figure.evidence)})"
                     f"{_attributions(figure.evidence)} {notes.cite(figure.evidence)}")
    for estimate in event.estimates:
        what = estimate.kind + (f" ({estimate.subject})" if estimate.subject else "")
        what = what[0].upper() + what[1:]
        lines.append(
            f"- {what}: reports range from {estimate.low:g} to {estimate.high:g}{_unit_after(estimate.unit)},"
            f" best {estimate.best:g}"
            f" ({', '.join(_escape(d) for d in estimate.documents)})"
        )
    return lines


def _headline_line(figure: Figure, notes: _Footnotes) -> str:
    """'**Killed: at least 103** — 3 documents, as of 2024-01-03 (...); attributed to ...': the
    current value of a kind; a current value that stands for a dispute, or a disputed value with
    no current one beside it, is flagged **disputed** with why."""
    as_of = f", as of {figure.as_of}" if figure.as_of else ""
    why = figure.note or ""
    if why.startswith("disputed: "):
        why = why[len("disputed: "):]
    flagged = figure.status == "disputed" or (figure.note or "").startswith("disputed: ")
    flag = (f" **disputed**: {_escape(why)}" if why else " **disputed**") if flagged else ""
    note = f" ({_escape(figure.note)})" if figure.note and not flagged else ""
    single = " *(single source)*" if figure.single_source else ""
    return (
        f"- **{_figure_name(figure)}: {_amount(figure)}**{flag}{note} — {_sources_phrase(figure)}{as_of}"
        f" ({_docs(figure.evidence)}){_attributions(figure.evidence)}{single} {notes.cite(figure.evidence)}"
    )


def _under(current: Figure, figures: Iterable[Figure], notes: _Footnotes, shown: set[int]) -> list[str]:
    lines = []
    for status, words in _UNDER_CURRENT:
        for figure in figures:
            if figure.status != status or not _same_quantity(figure, current) or id(figure) in shown:
                continue
            shown.add(id(figure))
            what = f" ({_escape(figure.scope_detail or figure.scope)})" if status == "part" else ""
            note = f"; {_escape(figure.note)}" if figure.note and status != "disputed" else ""
            lines.append(f"  - {words}{what}: {_amount(figure)} ({_docs(figure.evidence)}){_attributions(figure.evidence)}"
                         f"{note} {notes.cite(figure.evidence)}")
    return lines


def _status_words(figure: Figure) -> str:
    if figure.status == "part":
        return f"part: {figure.scope_detail or figure.scope}"
    return figure.status


def _changes(event: EventBrief, notes: _Footnotes) -> list[str]:
    """Each kind's timeline, earliest first (values only; dates and who gave them), and claims
    that later reports replaced."""
    lines = []
    for timeline in event.timelines:
        steps = [step for step in timeline.steps if step.status in ("superseded", "current")]
        if not any(step.status == "superseded" for step in steps):
            continue
        if timeline.order != "by report time":  # no dates to order them: earlier values first
            steps.sort(key=lambda step: step.status == "current")
        name = _figure_name(Figure(timeline.kind, None, "current", (), subject=timeline.subject))
        order = "" if timeline.order == "by report time" else f" (order of reports {timeline.order})"
        lines.append(f"- {name}{order}: " + " → ".join(_step(step, timeline, event.figures, notes) for step in steps))
    timed = {(t.kind, t.subject) for t in event.timelines}
    for figure in event.figures:  # a brief with no timelines (read from an older record)
        if figure.status != "superseded" or (figure.kind, figure.subject) in timed:
            continue
        current = next((f for f in event.figures if _same_quantity(f, figure) and f.status == "current"), None)
        now = f", now {_amount(current)}" if current else ""
        lines.append(
            f"- {_figure_name(figure)}: earlier {_amount(figure)}{now} ({_docs(figure.evidence)})"
            f"{_attributions(figure.evidence)} {notes.cite(figure.evidence)}"
        )
    for claim in event.claims:
        if claim.status != "superseded":
            continue
        later = [c.text for c in event.claims if c.topic == claim.topic and c.status != "superseded"]
        now = f", now {', '.join(_escape(t) for t in later)}" if later else ""
        lines.append(
            f"- {_escape(claim.topic or claim.kind)}: earlier {_escape(claim.text)}{now} ({_docs(claim.evidence)})"
            f"{_attributions(claim.evidence)} {notes.cite(claim.evidence)}"
        )
    return lines


def _step(step: TimelineStep, timeline: Timeline, figures: Iterable[Figure], notes: _Footnotes) -> str:
    """'earlier 20 (2024-01-03; Mohammad Saberi) [^4]', or 'now at least 103 (...)' for the current value."""
    figure = next(
        (f for f in figures if f.kind == timeline.kind and f.subject == timeline.subject and f.value == step.value
         and f.low == step.low and f.high == step.high and f.status == step.status),
        Figure(timeline.kind, step.value, step.status, (), low=step.low, high=step.high, qualifier=step.qualifier),
    )
    said = "; ".join(x for x in (step.as_of, ", ".join(_escape(w) for w in step.said_by)) if x)
    when = f" ({said})" if said else ""
    word = "now" if step.status == "current" else "earlier"
    return f"{word} {_amount(figure)}{when} {notes.cite(figure.evidence)}".rstrip()


def _other_incidents(event: EventBrief, notes: _Footnotes) -> list[str]:
    """Figures that paragraphs of the event's reports give for other incidents (a round-up's)."""
    return [
        f"- {_figure_name(figure)}: {_amount(figure)} ({_docs(figure.evidence)}) {notes.cite(figure.evidence)}"
        for figure in event.figures
        if figure.status == OTHER_INCIDENT
    ]


def _disputes(disputes: Iterable[Dispute], notes: _Footnotes) -> list[str]:
    lines = []
    for dispute in disputes:
        lines.append(f"- **{_escape(dispute.question[0].upper() + dispute.question[1:])}?**")
        for side in dispute.sides:
            lines.append(
                f"  - {_escape(side.claim)} ({_docs(side.evidence)}){_attributions(side.evidence)} {notes.cite(side.evidence)}"
            )
    return lines


def _claims(claims: Iterable[Claim], status: str, notes: _Footnotes) -> list[str]:
    return [
        f"- {_escape(c.text)} — “{_escape(c.statement or c.text)}” ({_docs(c.evidence)}){_attributions(c.evidence)} {notes.cite(c.evidence)}"
        for c in claims
        if c.status == status
    ]


def _quotes(quotes: Iterable[Quote], notes: _Footnotes) -> list[str]:
    lines = []
    for quote in quotes:
        who = _escape(quote.speaker) if quote.speaker else "Unattributed"
        role = f", {_escape(quote.role)}" if quote.role else ""
        lines.append(f"- **{who}**{role}: “{_escape(quote.text)}” ({_docs(quote.evidence)}) {notes.cite(quote.evidence)}")
        for variant in quote.variants:
            lines.append(f"  - variant: “{_escape(variant)}”")
    return lines


def _single_source(event: EventBrief, notes: _Footnotes) -> list[str]:
    """Claims only one independent source states. Figures are left out: the headline figures
    already flag theirs "(single source)", and an entry is said once."""
    return [
        f"- {_escape(item.text)} ({_docs(item.evidence)}){_attributions(item.evidence)} {notes.cite(item.evidence)}"
        for item in event.single_source
        if not item.what.startswith("figure")
    ]


def _sources(sources: Iterable[CitedSource], notes: _Footnotes) -> list[str]:
    lines = []
    for source in sources:
        aka = f" (as {', '.join(_escape(a) for a in source.aliases)})" if source.aliases else ""
        relays = ", ".join(_escape(r) for r in source.relayed_by)
        lines.append(f"- **{_escape(source.name)}**{aka}, {source.kind} — cited by {relays} {notes.cite(source.evidence)}")
    return lines


def _section(title: str, lines: list[str]) -> list[str]:
    return [f"### {title}", "", *lines, ""] if lines else []


def _not_read(event: EventBrief, unread: Mapping[str, str]) -> list[str]:
    """One line per document of the event that no rules read (``DocumentInfo.note``)."""
    return [f"- {_escape(doc)}: {_escape(unread[doc])}" for doc in event.documents if doc in unread]


def render_event(event: EventBrief, notes: _Footnotes, unread: Mapping[str, str] | None = None) -> list[str]:
    """One event's section; ``unread`` maps the ids of documents no rules read to their note."""
    # Where, coarse to fine for the reader: city, province, country, then up to three sites.
    order = {"city": 0, "province": 1, "country": 2}
    shown = sorted(event.places, key=lambda p: order.get(p.kind, 3))
    shown = [p for p in shown if p.kind in order] + [p for p in shown if p.kind not in order][:3]
    places = ", ".join(_escape(p.name) + f" ({p.kind})" for p in shown)
    n = len(event.documents)
    listed = f"{n} document{'s' if n != 1 else ''}: {', '.join(_escape(d) for d in event.documents)}"
    meta = " · ".join(x for x in (event.date, places, listed) if x)
    return [
        f"## {_escape(event.title)}",
        "",
        meta,
        "",
        *_section("Not read", _not_read(event, unread or {})),
        *_section("Headline figures", _figures(event, notes)),
        *_section("What changed", _changes(event, notes)),
        *_section("Other incidents in the same reports", _other_incidents(event, notes)),
        *_section("Disputed", _disputes(event.disputes, notes)),
        *_section("Agreed", _claims(event.claims, "agreed", notes)),
        *_section("Who said what", _quotes((q for q in event.quotes if not q.background), notes)),
        *_section("Said of other events", _quotes((q for q in event.quotes if q.background), notes)),
        *_section("Only one source", _single_source(event, notes)),
        *_section("Sources cited", _sources(event.sources_cited, notes)),
    ]


def render_markdown(brief: Brief) -> str:
    """The whole brief as Markdown: events, then documents, then the evidence footnotes."""
    notes = _Footnotes()
    lines = ["# crosscheck brief", ""]
    unread = {doc.id: doc.note for doc in brief.documents if doc.note}
    for event in brief.events:
        lines += render_event(event, notes, unread)
    lines += ["## Documents", "", "| id | outlet | published | url |", "|---|---|---|---|"]
    for doc in brief.documents:
        lines.append(
            f"| {_escape(doc.id)} | {_escape(doc.outlet or '—')} | {_escape(doc.published or '—')} | {_escape(doc.url or '—')} |"
        )
    lines.append("")
    if brief.problems:
        lines += ["## Inputs not read", "", *[f"- {_escape(p)}" for p in brief.problems], ""]
    lines += ["## Evidence", "", *notes.render(), ""]
    return "\n".join(lines)
