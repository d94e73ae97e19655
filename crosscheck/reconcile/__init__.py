"""Reconciliation: the mentions of one event's articles become its brief.

``reconcile_event`` is a pure function: articles and their extractions in, an ``EventBrief`` out.
Everything it states keeps the evidence of the mentions it was derived from.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date
from typing import Iterable, Mapping, Sequence

from crosscheck.facts import Claim, Estimate, EventBrief, Figure, Place, SingleSourceItem, Timeline, shown_unit
from crosscheck.model import (
    AnyMention,
    Article,
    ClaimMention,
    DateMention,
    Extraction,
    FigureMention,
    PlaceMention,
    QuoteMention,
    SourceMention,
)
from crosscheck.reconcile.claims import reconcile_claims
from crosscheck.reconcile.figures import FigureReport, reconcile_figure_report
from crosscheck.reconcile.incidents import Ranges, other_incident_ranges, split_by_ranges
from crosscheck.reconcile.quotes import reconcile_quotes
from crosscheck.reconcile.sources import named_alike, reconcile_sources
from crosscheck.reconcile.title import event_title

_PLACE_ORDER = {"site": 0, "city": 1, "province": 2, "country": 3}


def _of_type(mentions: Iterable[AnyMention], cls: type) -> list:
    return [m for m in mentions if isinstance(m, cls)]


def reconcile_places(mentions: Iterable[PlaceMention]) -> tuple[Place, ...]:
    docs: dict[tuple[str, str], set[str]] = defaultdict(set)
    for mention in mentions:
        docs[(mention.name, mention.place_kind.value)].add(mention.evidence.doc)
    places = [Place(name, kind, tuple(sorted(d))) for (name, kind), d in docs.items()]
    places.sort(key=lambda p: (_PLACE_ORDER.get(p.kind, 9), -len(p.documents), p.name))
    return tuple(places)


def event_date(mentions: Sequence[DateMention], articles: Sequence[Article]) -> str | None:
    """The date most documents give for the event; else the earliest publication date."""
    if mentions:
        counts = Counter(m.value.isoformat() for m in mentions)
        return max(counts, key=lambda d: (len({m.evidence.doc for m in mentions if m.value.isoformat() == d}), counts[d]))
    published = sorted(a.published[:10] for a in articles if a.published)
    return published[0] if published else None


def stated_event_date(mentions: Iterable[AnyMention], articles: Sequence[Article], other_incidents: Ranges) -> str | None:
    """The event's one date, as its brief and the store's event listing both show it: the date most
    documents state for it (dates in paragraphs about other incidents left out), else the earliest
    publication date (``event_date``)."""
    dates = split_by_ranges(_of_type(mentions, DateMention), other_incidents)[0]
    return event_date(dates, articles)


SINGLE_SOURCE_WORDS = {
    "figure": "figure",
    "claim:cause": "cause",
    "claim:method": "how it was done",
    "claim:characterization": "what it was called",
    "claim:responsibility": "who is responsible",
    "claim:damage": "damage",
    "claim:other": "claim",
}
"""Plain words for the kinds of single-source items (every figure kind is a "figure"); a kind
missing here is shown by its own name."""


def single_source_items(figures: Iterable[Figure], claims: Iterable[Claim]) -> tuple[SingleSourceItem, ...]:
    """What only one independent source states: current figures and claims, for the analyst's list.

    ``what`` keeps the stable code (``figure:interval``); ``label`` is what a reader sees (``figure``).
    Each statement is listed once: a claim that states a current figure's amount from the figure's
    own sentences ("first explosion at 14:50" beside the figure "first explosion time: 14:50", both
    read from "The first bomb exploded at 14:50 local time") is that figure, not a second item,
    whether the figure is listed here or, stated by several reports, among the headline figures.
    """
    figures = list(figures)
    lone = [f for f in figures if f.single_source and f.status == "current"]
    listed = [f for f in figures if f.status == "current"]  # the headline figures: a claim restating one is that figure
    items = [SingleSourceItem(f"figure:{f.kind}", _figure_phrase(f), f.evidence, SINGLE_SOURCE_WORDS["figure"]) for f in lone]
    items += [
        SingleSourceItem(
            f"claim:{c.kind}", f"{c.text}: {c.statement}" if c.statement else c.text, c.evidence,
            SINGLE_SOURCE_WORDS.get(f"claim:{c.kind}", str(c.kind).replace("_", " ")),
        )
        for c in claims
        if c.status == "single-source" and not any(_restates(c, f) for f in listed)
    ]
    return tuple(items)


# Claims that state a figure's kind in words: "suspect in custody" read from "the station master
# was arrested" is the arrested figure read from that sentence.
_CLAIM_OF_KIND = {"suspect in custody": "arrested"}


def _restates(claim: Claim, figure: Figure) -> bool:
    """Whether ``claim`` says ``figure``'s amount (or, for a claim that names its kind,
    ``_CLAIM_OF_KIND``, the figure itself), read from the figure's own sentences."""
    value = figure.value
    amount = value if isinstance(value, str) else (f"{value:g}" if value is not None else None)
    spans = {(e.document, e.start, e.end) for e in figure.evidence}
    said = (bool(amount) and amount in claim.text) or _CLAIM_OF_KIND.get(claim.text) == figure.kind
    return said and all((e.document, e.start, e.end) in spans for e in claim.evidence)


def _figure_phrase(figure: Figure) -> str:
    what = " ".join(x for x in (figure.subject, figure.kind) if x)
    if figure.value is None:
        amount = f"{figure.low:g}-{figure.high:g}"
    else:
        amount = str(figure.value)
    return " ".join(x for x in (what + ":", figure.qualifier, amount, shown_unit(figure.unit)) if x)


def figures_and_places(
    mentions: Sequence[AnyMention], articles: Mapping[str, Article]
) -> tuple[list[Figure], list[Estimate], tuple[Place, ...], Ranges]:
    """An event's figures, estimates and places, and the paragraphs of its reports that tell other
    incidents (a round-up's other shootings: their figures are listed apart, their places are not
    where the event happened). The brief and the store's event listing both read them from here,
    so the listing's title is the brief's.
    """
    named = named_alike(m for m in mentions if isinstance(m, FigureMention | PlaceMention | DateMention))
    report, places, other_incidents = _figures_and_places(named, articles)
    return report.figures, report.estimates, places, other_incidents


def _figures_and_places(
    mentions: Sequence[AnyMention], articles: Mapping[str, Article]
) -> tuple[FigureReport, tuple[Place, ...], Ranges]:
    """``figures_and_places`` of mentions already named alike (``named_alike``), with timelines."""
    figure_mentions = [m for m in mentions if isinstance(m, FigureMention)]
    other_incidents = other_incident_ranges(figure_mentions, articles)
    dates = split_by_ranges(_of_type(mentions, DateMention), other_incidents)[0]
    report = reconcile_figure_report(figure_mentions, articles, other_incidents, undated_not_before(dates, articles))
    place_mentions = [m for m in mentions if isinstance(m, PlaceMention)]
    places = reconcile_places(split_by_ranges(place_mentions, other_incidents)[0])
    return report, places, other_incidents


def undated_not_before(dates: Iterable[DateMention], articles: Mapping[str, Article]) -> dict[str, date]:
    """For each report with no publication date, the latest day it names: it cannot be older."""
    latest: dict[str, date] = {}
    for mention in dates:
        doc = mention.evidence.doc
        if not articles[doc].published and (doc not in latest or mention.value > latest[doc]):
            latest[doc] = mention.value
    return latest


def reconcile_event(event_id: str, extractions: Sequence[Extraction], title: str | None = None) -> EventBrief:
    articles: Mapping[str, Article] = {e.article.id: e.article for e in extractions}
    mentions = named_alike(m for e in extractions for m in e.mentions)
    report, places, other_incidents = _figures_and_places(mentions, articles)
    figures, estimates = report.figures, report.estimates
    claims, disputes = reconcile_claims(_of_type(mentions, ClaimMention), articles)
    day = stated_event_date(mentions, list(articles.values()), other_incidents)
    return EventBrief(
        id=event_id,
        title=title or event_title(figures, places, [e.article for e in extractions], day),
        documents=tuple(sorted(articles)),
        date=day,
        places=places,
        figures=tuple(figures),
        estimates=tuple(estimates),
        timelines=tuple(report.timelines),
        claims=tuple(claims),
        disputes=tuple(disputes),
        quotes=tuple(reconcile_quotes(_of_type(mentions, QuoteMention), articles)),
        sources_cited=tuple(reconcile_sources(_of_type(mentions, SourceMention), articles)),
        single_source=single_source_items(figures, claims),
    )
