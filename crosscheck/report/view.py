"""What the HTML page and the web view show of a brief: entries that open their evidence.

One implementation for both the static report (``crosscheck brief --format html``) and the
server (``crosscheck serve``): every clickable line of a brief is an ``Entry`` with a stable id
(used in the URL fragment ``#entry=<id>``) and the evidence spans behind it. The evidence viewer
(``static/evidence.js``) reads ``payload()``, a JSON-able record of entries and document texts.

Nothing here escapes or formats HTML: templates do that with autoescape, so every string taken
from a document stays plain data until Jinja2 escapes it.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Protocol
from urllib.parse import urlsplit

from crosscheck.facts import (
    OTHER_INCIDENT,
    Brief,
    CitedSource,
    Claim,
    Dispute,
    DisputeSide,
    DocumentInfo,
    EventBrief,
    Evidence,
    Figure,
    Quote,
    SingleSourceItem,
    in_stated_unit,
    shown_unit,
)
from crosscheck.kinds import kind_spec
from crosscheck.model import Article, part_text

HEADLINE_STATUSES = ("current", "disputed")
_LINK_SCHEMES = frozenset({"http", "https"})


def safe_link(url: str | None) -> str | None:
    """``url`` if it may become a link (absolute http/https with a host), else ``None``.

    Article metadata is untrusted: a ``javascript:`` or ``data:`` URL must never be clickable.
    """
    if not url:
        return None
    candidate = url.strip()
    if any(ord(ch) < 0x21 for ch in candidate):
        return None
    try:
        parts = urlsplit(candidate)
    except ValueError:
        return None
    if parts.scheme.lower() not in _LINK_SCHEMES or not parts.netloc:
        return None
    return candidate


def number(value: float | str | None) -> str:
    """A figure's value as people write it: ``103`` not ``103.0``; strings (times) unchanged."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


class Quantity(Protocol):
    """What ``figure_value`` and ``figure_label`` read: a reconciled ``Figure`` or one ``FigureMention``."""

    @property
    def kind(self) -> str: ...
    @property
    def value(self) -> float | str | None: ...
    @property
    def low(self) -> float | None: ...
    @property
    def high(self) -> float | None: ...
    @property
    def unit(self) -> str | None: ...
    @property
    def qualifier(self) -> str | None: ...
    @property
    def subject(self) -> str | None: ...


def figure_value(figure: Quantity) -> str:
    """``at least 103``, ``10–15 minutes``, ``about 1 km``: qualifier, value or range in the unit
    the reports stated (``Figure.stated_unit``), unit."""
    stated = getattr(figure, "stated_unit", None)
    value, unit = in_stated_unit(figure.value, figure.unit, stated)
    if figure.value is None and figure.low is not None and figure.high is not None:
        low, unit = in_stated_unit(figure.low, figure.unit, stated)
        high, _ = in_stated_unit(figure.high, figure.unit, stated)
        core = f"{number(low)}–{number(high)}"
    else:
        core = number(value)
    return " ".join(part for part in (figure.qualifier, core, shown_unit(unit)) if part)


def kind_words(kind: str) -> str:
    """A figure kind as a reader says it: the registry's label (``displaced or evacuated``), else its name."""
    try:
        return kind_spec(kind).label.lower()
    except ValueError:  # a kind no longer registered (a brief read back from an older store)
        return str(kind).replace("_", " ")


def figure_label(figure: Quantity) -> str:
    """The quantity a figure measures: ``killed``, ``distance (first explosion)``."""
    return quantity_label(figure.kind, figure.subject)


def quantity_label(kind: str, subject: str | None) -> str:
    """A kind and what it measures as a reader says them: ``distance (first explosion)``."""
    words = kind_words(kind)
    return f"{words} ({subject})" if subject else words


@dataclass(frozen=True, slots=True)
class FigureLine:
    """What the pages show of one ``Figure``. Templates and timelines read figures only through
    this (``figure_line``), so a change to what a Figure holds is met in one place."""

    label: str
    value: str
    status: str
    sources: int
    single_source: bool
    note: str | None
    numeric: float | None
    quantity: tuple[str, str | None]
    evidence: tuple[Evidence, ...]


def figure_line(figure: Figure) -> FigureLine:
    """The figure as the pages show it; ``numeric`` is its single value (ranges and times are not plotted)."""
    plain = isinstance(figure.value, (int, float)) and not isinstance(figure.value, bool)
    return FigureLine(
        label=figure_label(figure), value=figure_value(figure), status=figure.status, sources=figure.sources,
        single_source=figure.single_source, note=figure.note, numeric=float(figure.value) if plain else None,
        quantity=(figure.kind, figure.subject), evidence=figure.evidence,
    )


def utf16_index(text: str, index: int) -> int:
    """Python (code point) offset as a JavaScript (UTF-16 unit) offset into the same text."""
    if text.isascii():
        return index
    return index + bisect_left(_astral(text), index)


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


@lru_cache(maxsize=16)
def _astral(text: str) -> tuple[int, ...]:
    """Where ``text`` holds characters beyond the BMP (two UTF-16 units each): found once per text,
    not once per evidence span, which made a page's cost grow with its document's length squared."""
    return tuple(m.start() for m in _ASTRAL.finditer(text))


def document_label(info: DocumentInfo | None, doc_id: str) -> str:
    """How a document is named on the page: its outlet, else its title, else its source file."""
    if info is None:
        return doc_id
    for candidate in (info.outlet, info.title):
        if candidate:
            return candidate
    return info.source.rsplit("/", 1)[-1] if info.source else doc_id


def document_labels(documents: Iterable[DocumentInfo]) -> dict[str, str]:
    """Each document's name on the page (``document_label``), numbered where two would read alike:
    two reports of one outlet are ``Wire B`` and ``Wire B (2)``, never the same name twice."""
    labels: dict[str, str] = {}
    seen: dict[str, int] = {}
    for info in documents:
        label = document_label(info, info.id)
        seen[label] = seen.get(label, 0) + 1
        labels[info.id] = label if seen[label] == 1 else f"{label} ({seen[label]})"
    return labels


def cited_documents(evidence: Iterable[Evidence]) -> list[tuple[str, tuple[str, ...]]]:
    """Each document of ``evidence`` once, in order of first appearance, with whom it attributes the
    statement to: a report quoting two agencies in five sentences is one entry, not five."""
    cited: dict[str, dict[str, None]] = {}
    for item in evidence:
        who = cited.setdefault(item.document, {})
        if item.attributed_to:
            who.setdefault(item.attributed_to)
    return [(document, tuple(who)) for document, who in cited.items()]


def relays(source: CitedSource, labels: Mapping[str, str]) -> tuple[str, ...]:
    """The outlets that relay a cited source, where they say more than the documents that cite it
    (two documents of one outlet, an outlet named apart from its documents); else nothing."""
    citing = {labels.get(doc, doc) for doc, _ in cited_documents(source.evidence)}
    relayed = tuple(labels.get(name, name) for name in source.relayed_by)
    return () if set(relayed) == citing else relayed


@dataclass(frozen=True, slots=True)
class Entry:
    """A clickable line of the brief: its id in the URL fragment and the evidence behind it."""

    id: str
    label: str
    evidence: tuple[Evidence, ...]

    @property
    def documents(self) -> tuple[str, ...]:
        """Documents that support the entry, in order of first appearance."""
        return tuple(dict.fromkeys(item.document for item in self.evidence))


@dataclass(frozen=True, slots=True)
class Change:
    """A superseded figure and what replaced it (same quantity, current value), if anything."""

    old: Entry
    figure: Figure
    current: Figure | None


@dataclass
class EventView:
    """One event brief laid out for a page: each section a list of (record, entry) pairs."""

    event: EventBrief
    prefix: str
    headline: list[tuple[Figure, Entry]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    other_incidents: list[tuple[Figure, Entry]] = field(default_factory=list)
    disputes: list[tuple[Dispute, list[tuple[DisputeSide, Entry]]]] = field(default_factory=list)
    claims: list[tuple[Claim, Entry]] = field(default_factory=list)
    quotes: list[tuple[Quote, Entry]] = field(default_factory=list)
    single: list[tuple[SingleSourceItem, Entry]] = field(default_factory=list)
    sources: list[tuple[CitedSource, Entry]] = field(default_factory=list)
    figure_entries: dict[int, Entry] = field(default_factory=dict)

    def entries(self) -> Iterable[Entry]:
        yield from self.figure_entries.values()
        for _, sides in self.disputes:
            yield from (entry for _, entry in sides)
        for group in (self.claims, self.quotes, self.single, self.sources):
            yield from (entry for _, entry in group)


def event_view(event: EventBrief, prefix: str) -> EventView:
    """Assign every entry of ``event`` an id ``<prefix>.<section><n>`` and sort figures into sections."""
    view = EventView(event=event, prefix=prefix)
    for index, figure in enumerate(event.figures):
        entry = Entry(f"{prefix}.f{index}", f"{figure_label(figure)}: {figure_value(figure)}", figure.evidence)
        view.figure_entries[index] = entry
        if figure.status in HEADLINE_STATUSES:
            view.headline.append((figure, entry))
    for index, figure in enumerate(event.figures):
        if figure.status == "superseded":
            view.changes.append(Change(view.figure_entries[index], figure, _replacement(event, figure)))
        elif figure.status == OTHER_INCIDENT:
            view.other_incidents.append((figure, view.figure_entries[index]))
    for d_index, dispute in enumerate(event.disputes):
        sides = [
            (side, Entry(f"{prefix}.d{d_index}s{s_index}", f"{dispute.question}: {side.claim}", side.evidence))
            for s_index, side in enumerate(dispute.sides)
        ]
        view.disputes.append((dispute, sides))
    view.claims = [(c, Entry(f"{prefix}.c{i}", c.text, c.evidence)) for i, c in enumerate(event.claims)]
    view.quotes = [(q, Entry(f"{prefix}.q{i}", _quote_label(q), q.evidence)) for i, q in enumerate(event.quotes)]
    view.single = [(s, Entry(f"{prefix}.s{i}", s.text, s.evidence)) for i, s in enumerate(event.single_source)]
    view.sources = [
        (s, Entry(f"{prefix}.r{i}", f"cited source: {s.name}", s.evidence)) for i, s in enumerate(event.sources_cited)
    ]
    return view


def _replacement(event: EventBrief, old: Figure) -> Figure | None:
    """The current figure for the same quantity (kind and subject) as a superseded one."""
    quantity = figure_line(old).quantity
    for figure in event.figures:
        line = figure_line(figure)
        if line.status == "current" and line.quantity == quantity:
            return figure
    return None


def _quote_label(quote: Quote) -> str:
    speaker = quote.speaker or "unnamed speaker"
    return f"{speaker}: “{quote.text}”"


MARKED_PER_DOCUMENT = 100
"""Passages of one document an entry marks on a page; the others are counted (``omitted``). A
report cites a fact a few times; a document of a megabyte repeating it can cite it thousands of
times, and every passage embedded with its quote made the page many times the document's size."""


def payload(
    views: Iterable[EventView],
    documents: Iterable[DocumentInfo],
    articles: Mapping[str, Article],
    pages: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """The evidence viewer's data: entries with spans (UTF-16 offsets for JavaScript) and texts,
    at most ``MARKED_PER_DOCUMENT`` spans of an entry per document (``omitted``: how many more).

    Only documents some entry cites are embedded, so a page carries no text it never shows.
    Links are embedded only when ``safe_link`` accepts them; ``pages`` gives the path of a
    document's own page where there is one (the web view; the offline report has none).
    """
    infos = {info.id: info for info in documents}
    labels = document_labels(infos.values())
    entries: dict[str, Any] = {}
    cited: dict[str, None] = {}
    for view in views:
        for entry in view.entries():
            spans = []
            marked: Counter[str] = Counter()
            for item in entry.evidence:
                cited.setdefault(item.document)
                marked[item.document] += 1
                if marked[item.document] > MARKED_PER_DOCUMENT:
                    continue
                text = part_text(articles[item.document], item.part) if item.document in articles else None
                start = utf16_index(text, item.start) if text is not None else item.start
                end = utf16_index(text, item.end) if text is not None else item.end
                spans.append(
                    {"document": item.document, "part": item.part, "start": start, "end": end, "quote": item.quote,
                     "attributed_to": item.attributed_to}
                )
            entries[entry.id] = {"label": entry.label, "evidence": spans}
            omitted = {doc: n - MARKED_PER_DOCUMENT for doc, n in marked.items() if n > MARKED_PER_DOCUMENT}
            if omitted:
                entries[entry.id]["omitted"] = omitted
    docs = {doc_id: _document_record(doc_id, infos.get(doc_id), articles.get(doc_id), labels) for doc_id in cited}
    if pages is not None:
        for doc_id, record in docs.items():
            record["page"] = pages(doc_id)
    return {"entries": entries, "documents": docs}


def _document_record(
    doc_id: str, info: DocumentInfo | None, article: Article | None, labels: Mapping[str, str]
) -> dict[str, Any]:
    outlet = (info.outlet if info else None) or (article.outlet if article else None)
    url = (info.url if info else None) or (article.url if article else None)
    return {
        "label": labels[doc_id] if info else (outlet or doc_id),
        "title": (info.title if info else None) or (article.title if article else None),
        "outlet": outlet,
        "published": (info.published if info else None) or (article.published if article else None),
        "link": safe_link(url),
        "text": article.text if article is not None else None,
    }


def brief_views(brief: Brief) -> list[EventView]:
    """One ``EventView`` per event of the brief, ids prefixed ``e0``, ``e1``..."""
    return [event_view(event, f"e{index}") for index, event in enumerate(brief.events)]
