"""The reconciled record of an event: what reporting, report and web view all show.

These are derived from mentions and can always be rebuilt from them. ``to_json`` gives the
``crosscheck/brief@1`` contract; field names there are part of the public interface.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from crosscheck.model import TEXT

SCHEMA = "crosscheck/brief@1"


@dataclass(frozen=True, slots=True)
class Evidence:
    """A sentence of a document supporting an entry; ``quote`` is ``text[start:end]`` exactly, of
    the document's text or, with ``part`` "title", of its headline (``model.Span.part``)."""

    document: str
    start: int
    end: int
    quote: str
    attributed_to: str | None = None
    part: str = TEXT


# Status of a figure that a paragraph of one of the event's reports gives for another incident (a
# round-up's other shootings): shown with its evidence, never the event's figure.
OTHER_INCIDENT = "other-incident"

FIGURE_STATUSES: dict[str, str] = {
    "current": "the latest whole-event value (in a dispute, the best-supported side, with the range of all sides)",
    "consistent": "a value of the same moment that agrees with the current one, stated otherwise",
    "superseded": "an earlier whole-event value, replaced by a later one",
    "disputed": "a side of a dispute: incompatible with the current value at the same moment, or unconfirmed",
    "part": "a part of the event (a place, a group, a condition, an increment), shown under its total",
    "denied": "a figure a source denies",
    "projected": "what a figure could become, not what it is",
    OTHER_INCIDENT: "a figure of another incident told in one of the event's reports",
}
"""Every status a ``Figure`` can have, and what it means (briefs and the web view explain them)."""

# Units a reader does not need beside the value: "people" is implied by the kind ("103 killed"),
# "hh:mm" by the value ("14:50").
_IMPLIED_UNITS = frozenset({"people", "hh:mm"})


# Lengths are kept in metres; a brief shows them in the unit the reports used.
LENGTH_UNITS: dict[str, float] = {"m": 1.0, "km": 1000.0, "miles": 1609.344, "feet": 0.3048, "yards": 0.9144}


def in_stated_unit(value: float | str | None, unit: str | None, stated: str | None) -> tuple[float | str | None, str | None]:
    """A value in the unit the reports stated it in (``Figure.stated_unit``): 39,000 m stated as
    miles is 24 miles, to as many significant digits as the stored value has (at least two)."""
    if not isinstance(value, (int, float)) or unit != "m" or stated not in LENGTH_UNITS or stated == "m":
        return value, unit
    digits = max(2, len(f"{float(value):f}".replace(".", "").strip("0")))
    converted = float(f"{float(value) / LENGTH_UNITS[stated]:.{digits}g}")
    return (int(converted) if converted.is_integer() else converted), stated


def shown_unit(unit: str | None) -> str | None:
    """``unit`` as the brief, the web view and the single-source list print it beside a value:
    ``None`` where the kind or the value already says it. One rule, so the three never disagree."""
    return unit if unit and unit not in _IMPLIED_UNITS else None


@dataclass(frozen=True, slots=True)
class Figure:
    """One value of one quantity (killed, injured, distance of the first explosion...).

    ``status`` is one of ``FIGURE_STATUSES``: per kind there is exactly one ``current`` figure
    (or none), and in a dispute it carries the range of all sides in ``low`` / ``high``.
    ``sources`` counts independent sources: documents that relay the same upstream agency count once.
    ``scope`` is ``whole`` for the event as a whole, else what part of it the figure counts
    (``model.Scope``: place, group, condition, increment), named by ``scope_detail``.
    ``as_of`` is the latest day the value was stated for (ISO date), when it is known.
    ``stated_unit`` is the unit most reports stated a length in ("km", "miles"): ``unit`` stays
    the unit ``value`` is kept in ("m"), and briefs show the value in the stated one.
    """

    kind: str
    value: float | str | None
    status: str
    evidence: tuple[Evidence, ...]
    low: float | None = None
    high: float | None = None
    unit: str | None = None
    qualifier: str | None = None
    subject: str | None = None
    reference: str | None = None
    stage: str | None = None
    sources: int = 1
    single_source: bool = False
    note: str | None = None
    scope: str = "whole"
    scope_detail: str | None = None
    as_of: str | None = None
    stated_unit: str | None = None


@dataclass(frozen=True, slots=True)
class TimelineStep:
    """One whole-event value of a kind as it was stated at one moment, and by whom."""

    as_of: str | None
    value: float | str | None
    status: str
    documents: tuple[str, ...]
    low: float | None = None
    high: float | None = None
    qualifier: str | None = None
    said_by: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Timeline:
    """The whole-event values of one kind in the order they were stated (undated ones last).

    ``order`` says how far that order is known: ``by report time``, ``partly known`` (some
    reports are undated) or ``unknown`` (none is dated).
    """

    kind: str
    subject: str | None
    order: str
    steps: tuple[TimelineStep, ...]


@dataclass(frozen=True, slots=True)
class Estimate:
    """Low / best / high of one quantity across the current reports, with the documents behind it."""

    kind: str
    subject: str | None
    low: float
    best: float
    high: float
    unit: str | None
    documents: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """A statement about the event; ``status`` is agreed, disputed, single-source or superseded.

    ``text`` is the normalised claim that documents agree on ("terrorist attack"); ``statement``
    is how the sentences word it (the wording most documents share, else the plainest).
    """

    kind: str
    text: str
    status: str
    evidence: tuple[Evidence, ...]
    label: str | None = None
    topic: str | None = None
    sources: int = 1
    statement: str | None = None


@dataclass(frozen=True, slots=True)
class DisputeSide:
    claim: str
    evidence: tuple[Evidence, ...]


@dataclass(frozen=True, slots=True)
class Dispute:
    question: str
    sides: tuple[DisputeSide, ...]


@dataclass(frozen=True, slots=True)
class Quote:
    """One quotation, its variants across documents merged; ``text`` is the fullest variant.
    ``background``: said of another event (every report quotes it in a sentence about one)."""

    speaker: str | None
    role: str | None
    text: str
    evidence: tuple[Evidence, ...]
    variants: tuple[str, ...] = ()
    background: bool = False


@dataclass(frozen=True, slots=True)
class CitedSource:
    """An agency, outlet, broadcaster or official that documents cite, and who relays it."""

    name: str
    kind: str
    evidence: tuple[Evidence, ...]
    aliases: tuple[str, ...] = ()
    relayed_by: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Place:
    name: str
    kind: str
    documents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SingleSourceItem:
    """Anything stated by one independent source only, figure or claim, for the analyst's list.

    ``what`` is the stable code (``figure:interval``, ``claim:other``); ``label`` says it in plain words.
    """

    what: str
    text: str
    evidence: tuple[Evidence, ...]
    label: str = ""


@dataclass(frozen=True, slots=True)
class EventBrief:
    id: str
    title: str
    documents: tuple[str, ...]
    date: str | None = None
    places: tuple[Place, ...] = ()
    figures: tuple[Figure, ...] = ()
    estimates: tuple[Estimate, ...] = ()
    timelines: tuple[Timeline, ...] = ()
    claims: tuple[Claim, ...] = ()
    disputes: tuple[Dispute, ...] = ()
    quotes: tuple[Quote, ...] = ()
    sources_cited: tuple[CitedSource, ...] = ()
    single_source: tuple[SingleSourceItem, ...] = ()


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """One document of a brief. ``note`` says what the brief could not read in it: for a report in
    a language without rules, "fr: no rules for this language; figures, claims and quotes not read"
    (``crosscheck.lang.no_rules_note``); ``None`` for a document read in full."""

    id: str
    source: str
    outlet: str | None
    url: str | None
    published: str | None
    title: str | None
    language: str | None = None
    digest: str | None = None
    version: int = 1
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Brief:
    documents: tuple[DocumentInfo, ...]
    events: tuple[EventBrief, ...]
    problems: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The ``crosscheck/brief@1`` record (places are plain names; details under ``place_details``)."""
        events = []
        for event in self.events:
            record = asdict(event)
            record["place_details"] = record["places"]
            record["places"] = [place.name for place in event.places]
            events.append(record)
        return {
            "schema": SCHEMA,
            "documents": [asdict(document) for document in self.documents],
            "events": events,
            "problems": list(self.problems),
        }
