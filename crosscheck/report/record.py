"""Read a ``crosscheck/brief@1`` record back into ``crosscheck.facts`` objects.

The store caches each event's brief as JSON (``Store.cache_brief``); the web view and the exports
read that cache back (``crosscheck.briefs``) instead of reconciling the event again.
"""

from __future__ import annotations

from typing import Any, Mapping

from crosscheck.facts import (
    SCHEMA,
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
    Place,
    Quote,
    SingleSourceItem,
    Timeline,
    TimelineStep,
)


class RecordError(ValueError):
    """A record is not a ``crosscheck/brief@1`` brief this code can read."""


def _evidence(items: Any) -> tuple[Evidence, ...]:
    return tuple(Evidence(**item) for item in items or ())


def _event(record: Mapping[str, Any]) -> EventBrief:
    places = record.get("place_details") or [{"name": name, "kind": "place"} for name in record.get("places", ())]
    return EventBrief(
        id=record["id"],
        title=record["title"],
        documents=tuple(record.get("documents", ())),
        date=record.get("date"),
        places=tuple(Place(p["name"], p["kind"], tuple(p.get("documents", ()))) for p in places),
        figures=tuple(Figure(**{**f, "evidence": _evidence(f.get("evidence"))}) for f in record.get("figures", ())),
        estimates=tuple(Estimate(**{**e, "documents": tuple(e.get("documents", ()))}) for e in record.get("estimates", ())),
        timelines=tuple(_timeline(t) for t in record.get("timelines", ())),
        claims=tuple(Claim(**{**c, "evidence": _evidence(c.get("evidence"))}) for c in record.get("claims", ())),
        disputes=tuple(
            Dispute(d["question"], tuple(DisputeSide(s["claim"], _evidence(s.get("evidence"))) for s in d.get("sides", ())))
            for d in record.get("disputes", ())
        ),
        quotes=tuple(
            Quote(**{**q, "evidence": _evidence(q.get("evidence")), "variants": tuple(q.get("variants", ()))})
            for q in record.get("quotes", ())
        ),
        sources_cited=tuple(
            CitedSource(**{**s, "evidence": _evidence(s.get("evidence")), "aliases": tuple(s.get("aliases", ())),
                           "relayed_by": tuple(s.get("relayed_by", ()))})
            for s in record.get("sources_cited", ())
        ),
        single_source=tuple(
            SingleSourceItem(**{**s, "evidence": _evidence(s.get("evidence"))}) for s in record.get("single_source", ())
        ),
    )


def _timeline(record: Mapping[str, Any]) -> Timeline:
    steps = tuple(
        TimelineStep(**{**s, "documents": tuple(s.get("documents", ())), "said_by": tuple(s.get("said_by", ()))})
        for s in record.get("steps", ())
    )
    return Timeline(record["kind"], record.get("subject"), record["order"], steps)


def brief_from_record(record: Mapping[str, Any]) -> Brief:
    """The ``Brief`` a ``Brief.to_json()`` record describes (the inverse of ``to_json``)."""
    if record.get("schema") != SCHEMA:
        raise RecordError(f"E301 not a {SCHEMA} record (schema {record.get('schema')!r})")
    try:
        return Brief(
            documents=tuple(DocumentInfo(**d) for d in record.get("documents", ())),
            events=tuple(_event(e) for e in record.get("events", ())),
            problems=tuple(record.get("problems", ())),
        )
    except (KeyError, TypeError) as error:
        raise RecordError(f"E302 malformed {SCHEMA} record: {error}") from error
