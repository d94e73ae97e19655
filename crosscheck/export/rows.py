"""The rows of each table, built from the store one event or one document at a time.

A row is a dict from column name (``crosscheck.export.columns``) to a plain value: ``None``,
``str``, ``int``, ``float``, ``bool``, an aware ``datetime`` or a list (a ``json`` column).
Columns a row does not name are empty.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from crosscheck.export.briefs import event_briefs
from crosscheck.facts import DocumentInfo, EventBrief, Evidence
from crosscheck.model import parse_published
from crosscheck.reconcile.figures import headline_of

if TYPE_CHECKING:
    from crosscheck.store import EventSummary, Store

Row = dict[str, Any]

TOLLS = ("killed", "injured")


def _number(value: Any) -> float | None:
    """A numeric value as a float; text values ("14:50") and missing ones give ``None``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return None


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _utc(published: str | None) -> datetime | None:
    """A publication time as an aware UTC instant; a time without offset is taken as UTC."""
    moment = parse_published(published)
    if moment is None:
        return None
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)


# ---------------------------------------------------------------------------------- events
def event_rows(store: "Store") -> Iterator[Row]:
    """One row per event: its brief's title, date, places and tolls, and its documents' reach."""
    for summary, brief in event_briefs(store):
        for event in brief.events:
            yield _event_row(summary, event, brief.documents)


def _event_row(summary: "EventSummary", event: EventBrief, documents: Iterable[DocumentInfo]) -> Row:
    docs = list(documents)
    row: Row = {
        "event_id": event.id,
        "date": event.date,
        "kind": summary.kind,
        "title": event.title,
        "places": list(dict.fromkeys(place.name for place in event.places)),
    }
    row.update(_tolls(event))
    outlets = {doc.outlet.casefold() for doc in docs if doc.outlet}
    times = sorted(moment for doc in docs if (moment := _utc(doc.published)) is not None)
    row.update(
        document_count=len(docs),
        outlet_count=len(outlets),
        independent_sources=len(outlets) + sum(1 for doc in docs if not doc.outlet),
        first_report=times[0] if times else None,
        last_report=times[-1] if times else None,
    )
    return row


def _tolls(event: EventBrief) -> Row:
    """Current killed / injured as the brief's headline states them, with low / best / high.

    The range is the brief's estimate for the same quantity when reports differ; when every
    current report gives one number, low, best and high are that number.
    """
    headline = headline_of(event.figures)
    row: Row = {}
    for kind in TOLLS:
        current = headline.get(kind)
        if current is None:  # no report gives this toll: the four cells stay empty
            continue
        subject = next(
            (f.subject for f in event.figures if f.kind == kind and f.status == "current" and _number(f.value) == current),
            None,
        )
        estimate = next((e for e in event.estimates if e.kind == kind and e.subject == subject), None)
        low, best, high = (estimate.low, estimate.best, estimate.high) if estimate else (current, current, current)
        row.update({kind: _whole(current), f"{kind}_low": _whole(low), f"{kind}_best": _whole(best), f"{kind}_high": _whole(high)})
    return row


def _whole(count: float) -> int:
    """A toll as the whole number of people it counts (reconciliation keeps numbers as floats;
    a count of people read from a report is whole, and a fraction would be rounded)."""
    return int(round(count))


# ----------------------------------------------------------------------------------- facts
def fact_rows(store: "Store") -> Iterator[Row]:
    """One row per entry of each event's brief, numbered within the event in brief order."""
    for _, brief in event_briefs(store):
        for event in brief.events:
            for index, fields in enumerate(brief_facts(event), 1):
                yield {"event_id": event.id, "fact": index, **fields}


def _evidence(records: Iterable[Evidence]) -> Row:
    items = list(records)
    return {
        "documents": list(dict.fromkeys(e.document for e in items)),
        "attributed_to": list(dict.fromkeys(e.attributed_to for e in items if e.attributed_to)),
        "evidence_count": len(items),
        "evidence": [
            {"document": e.document, "part": e.part, "start": e.start, "end": e.end, "quote": e.quote,
             "attributed_to": e.attributed_to}
            for e in items
        ],
    }


def brief_facts(event: EventBrief) -> Iterator[Row]:
    """The entries of one event's brief as rows (without ``event_id`` and ``fact``)."""
    for f in event.figures:
        yield {
            "section": "figure", "kind": f.kind, "subject": f.subject, "value": _text(f.value),
            "number": _number(f.value), "low": f.low, "high": f.high, "unit": f.unit, "qualifier": f.qualifier,
            "stage": f.stage, "status": f.status, "sources": f.sources, "single_source": f.single_source,
            "note": f.note, "reference": f.reference, **_evidence(f.evidence),
        }
    for e in event.estimates:
        yield {
            "section": "estimate", "kind": e.kind, "subject": e.subject, "number": e.best, "low": e.low,
            "high": e.high, "unit": e.unit, "documents": list(e.documents),
        }
    for c in event.claims:
        yield {
            "section": "claim", "kind": c.kind, "text": c.text, "statement": c.statement, "status": c.status,
            "label": c.label, "topic": c.topic, "sources": c.sources, "single_source": c.sources == 1,
            **_evidence(c.evidence),
        }
    for d in event.disputes:
        for side in d.sides:
            yield {"section": "dispute", "topic": d.question, "text": side.claim, "status": "disputed", **_evidence(side.evidence)}
    for q in event.quotes:
        yield {
            "section": "quote", "text": q.text, "speaker": q.speaker, "role": q.role, "variants": list(q.variants),
            "status": "background" if q.background else None, **_evidence(q.evidence),
        }
    for s in event.sources_cited:
        yield {
            "section": "cited_source", "kind": s.kind, "text": s.name, "aliases": list(s.aliases),
            "relayed_by": list(s.relayed_by), **_evidence(s.evidence),
        }
    for item in event.single_source:
        yield {"section": "single_source", "kind": item.what, "text": item.text, "status": "single-source", "single_source": True, **_evidence(item.evidence)}
    for p in event.places:
        yield {"section": "place", "kind": p.kind, "text": p.name, "documents": list(p.documents)}


# -------------------------------------------------------------------------------- mentions
KIND_FIELDS = ("kind", "source_kind", "place_kind")
"""Mention fields that say what kind of thing was read; they all fill the ``kind`` column."""

SPAN_FIELDS = ("evidence", "anchor")
"""Spans become ``<name>_start`` / ``<name>_end``; the anchor's text and the evidence sentence are added."""


def mention_rows(store: "Store") -> Iterator[Row]:
    """One row per mention of each stored document's current version, document by document."""
    from crosscheck.store.codec import encode_mention

    for doc_id, event_id in sorted(store.grouping().items()):
        article = store.article(doc_id)
        if article is None:
            continue
        version = store.version(doc_id)
        for index, mention in enumerate(store.mentions(doc_id), 1):
            name, data = encode_mention(mention)
            row: Row = {
                "event_id": event_id, "document": doc_id, "version": version, "mention": index,
                "class": name.removesuffix("Mention").lower(),
            }
            for key, value in data.items():
                if key in KIND_FIELDS:
                    row["kind"] = value
                elif key in SPAN_FIELDS:
                    row[f"{key}_start"], row[f"{key}_end"] = value[1], value[2]
                elif key == "value":
                    row["value"], row["number"] = _text(value), _number(value)
                else:
                    row[key] = value
            row["part"] = mention.evidence.part
            row["anchor_text"] = mention.anchor.text(article)
            row["sentence"] = mention.evidence.text(article)
            yield row
