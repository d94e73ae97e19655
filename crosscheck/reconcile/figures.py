"""Reconciling the figures of one event: one current value per kind, its timeline, its parts.

Mentions are grouped into *slots* (what is measured: killed, injured, the distance of the first
explosion...) and each slot's mentions by what they count:

- whole-event statements make the slot's timeline (``reconcile.timeline``): the latest value is
  ``current``, earlier ones ``superseded``, agreeing ones of the same moment ``consistent``, and
  the sides of a dispute ``disputed`` (the current one then carries the range of all sides);
- statements of a part of the event (a place, a group, a condition, an increment: ``model.Scope``)
  are ``part`` figures shown under the total, never competing with it;
- figures a source denies are ``denied``, what a figure could become is ``projected``, and an
  unconfirmed figure that the current one does not bear out is ``disputed``;
- figures a paragraph of one of the reports gives for another incident (a round-up's other
  shootings; ``reconcile.incidents``) are ``other-incident`` and take no part in the above.

Reports of local crime tell one shooting at two moments, and the victims are read across them
before the timeline (``reconcile.victims``): a wounded toll whose victims have since died is
superseded, and a death later reports contradict is disputed.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from datetime import date
from typing import Iterable, Mapping, Sequence

from crosscheck.facts import OTHER_INCIDENT, Estimate, Figure, Timeline, TimelineStep
from crosscheck.kinds import KindSpec, Role, counted_kinds, kind_order, kinds_with_role
from crosscheck.model import TITLE, Article, FigureKind, FigureMention, Scope, Stage
from crosscheck.reconcile.evidence import documents_of, evidence_list, independent_sources
from crosscheck.reconcile.incidents import Ranges, set_aside
from crosscheck.reconcile.statements import document_statements
from crosscheck.reconcile.timeline import CONSISTENT, CURRENT, DISPUTED, SUPERSEDED, Moment, Outcome, moment_of, resolve, undated_bounds
from crosscheck.reconcile.values import (
    ClockTimes,
    SlotKey,
    Value,
    compatible,
    group_values,
    measurement_groups,
    slot_key,
)
from crosscheck.reconcile.victims import all_outdated, deaths_contradicted, died_of_injuries

PART = "part"
DENIED = "denied"
PROJECTED = "projected"
_ASIDE_STAGES = {Stage.DENIED: DENIED, Stage.PROJECTED: PROJECTED}


@dataclass(frozen=True, slots=True)
class FigureReport:
    """An event's figures (slot order, then status), low/best/high estimates and timelines."""

    figures: list[Figure]
    estimates: list[Estimate]
    timelines: list[Timeline]


def reconcile_figures(
    mentions: Iterable[FigureMention], articles: Mapping[str, Article], other_incidents: Ranges | None = None
) -> tuple[list[Figure], list[Estimate]]:
    """Figures of one event and low/best/high where reports differ (``reconcile_figure_report``)."""
    report = reconcile_figure_report(mentions, articles, other_incidents)
    return report.figures, report.estimates


def reconcile_figure_report(
    mentions: Iterable[FigureMention], articles: Mapping[str, Article], other_incidents: Ranges | None = None,
    not_before: Mapping[str, date] | None = None,
) -> FigureReport:
    """Figures, estimates and timelines of one event.

    ``articles`` are the event's reports; ``other_incidents`` the paragraphs that tell other
    incidents when the caller has found them already; ``not_before`` the latest day each undated
    report names (it cannot be older), which with the figures it recalls places undated reports
    in the timelines (``timeline.undated_bounds``).
    """
    mentions, aside = set_aside(mentions, articles, other_incidents)
    slots: dict[SlotKey, list[FigureMention]] = defaultdict(list)
    for mention in mentions:
        if mention.value is not None or mention.low is not None:
            slots[slot_key(mention)].append(mention)
    _merge_unspecified_subjects(slots)
    placed = undated_bounds(not_before or {}, mentions, articles)
    for key, slot_mentions in slots.items():
        slots[key] = conditions_borne_out(slot_mentions, articles, placed)
    whole = {key: [m for m in ms if _is_whole(m)] for key, ms in slots.items()}
    times = sentence_times(mentions)
    contradicted = deaths_contradicted(whole, articles)
    died = died_of_injuries(whole, articles, contradicted.keys())
    report = FigureReport([], [], [])
    for key, slot_mentions in sorted(slots.items(), key=lambda kv: _slot_order(kv[0])):
        _reconcile_slot(key, slot_mentions, articles, placed, died, contradicted, report, times)
    report.figures.extend(_other_incidents(aside, articles))
    return report


def sentence_times(mentions: Iterable[FigureMention]) -> ClockTimes:
    """The clock times stated in the sentences of a value: a length told with a time of day is
    measured at that moment (``values.different_measurements``)."""
    by_sentence: dict[tuple[str, int, int, str], set[str]] = defaultdict(set)
    for mention in mentions:
        if mention.kind is FigureKind.TIME_OF_DAY and isinstance(mention.value, str):
            span = mention.evidence
            by_sentence[(span.doc, span.start, span.end, span.part)].add(mention.value)

    def times(value: Value) -> frozenset[str]:
        found: set[str] = set()
        for m in value.mentions:
            found |= by_sentence.get((m.evidence.doc, m.evidence.start, m.evidence.end, m.evidence.part), set())
        return frozenset(found)

    return times


def conditions_borne_out(
    mentions: list[FigureMention], articles: Mapping[str, Article], not_before: Mapping[str, Moment],
) -> list[FigureMention]:
    """One slot's mentions, each whole-event count told with a condition (``FigureMention.condition``:
    "57 people were being treated") made that condition's part when another report of the event
    states a whole count of the kind with no condition at least twice as large, on the same day or
    before ("221 people were injured" that day; both days known).

    Why: a report that counts only the people still in hospital gives no larger count to tell
    that its count is a part (``extract.figures.scope``); the event's other reports do. Twice as
    large, as a report's own bare count must be to make a place or a group a part: a local report's
    "two are in critical condition" is its whole count of the hurt, and another report's 3 is as
    often a misreading or a later count as a larger total. A larger count stated only later, or on
    a day not known, says nothing of it: a first report's "over 40 others sustained severe
    injuries", or "210 bodies have been recovered", was the whole count of its day.
    """
    if all(m.condition is None for m in mentions):
        return mentions  # most slots: nothing to bear out, and no moment to work out
    plain = [
        (float(m.value), moment_of(m, articles, not_before)) for m in mentions
        if _is_whole(m) and m.condition is None and isinstance(m.value, (int, float))
    ]
    if not plain:
        return mentions

    def borne_out(m: FigureMention) -> bool:
        if m.condition is None or not _is_whole(m) or not isinstance(m.value, (int, float)):
            return False
        when = moment_of(m, articles, not_before)
        return when.day is not None and any(
            value >= 2 * m.value and moment.day is not None and not moment.after(when) for value, moment in plain
        )

    return [replace(m, scope=Scope.CONDITION, scope_detail=m.condition) if borne_out(m) else m for m in mentions]


def _is_whole(mention: FigureMention) -> bool:
    return mention.scope is Scope.WHOLE and mention.stage not in _ASIDE_STAGES and mention.stage is not Stage.UNCONFIRMED


def _reconcile_slot(
    key: SlotKey, mentions: list[FigureMention], articles: Mapping[str, Article], not_before: Mapping[str, Moment],
    died: set[str], contradicted: Mapping[str, str], report: FigureReport, times: ClockTimes | None = None,
) -> None:
    """Add one slot's figures, estimate and timeline to ``report``."""
    kind, subject = key
    spec = FigureKind(kind).spec
    whole = [m for m in mentions if _is_whole(m)]
    unconfirmed = [m for m in mentions if m.scope is Scope.WHOLE and m.stage is Stage.UNCONFIRMED]
    if not whole:
        whole, unconfirmed = unconfirmed, []
    figures: list[Figure] = []
    current: Value | None = None
    place_counts = frozenset(
        ((m.scope_detail or "").lower(), float(m.value)) for m in mentions if m.scope is Scope.PLACE and isinstance(m.value, (int, float))
    )
    for values in measurement_groups(group_values(document_statements(kind, whole, articles)), times):
        settled = {i: SUPERSEDED for i, v in enumerate(values) if kind == FigureKind.INJURED.value and all_outdated(v, died)}
        outcome = resolve(values, spec, articles, not_before, settled, place_counts)
        notes = dict(outcome.notes)
        if (kind, subject) == (FigureKind.KILLED.value, None):
            _dispute_contradicted(values, outcome, contradicted, notes)
        group = [
            _figure(v, outcome.status[i], subject, articles, notes.get(i), _iso(outcome.moments[i])) for i, v in enumerate(values)
        ]
        if outcome.current is not None and outcome.range:
            low, high = outcome.range
            group[outcome.current] = replace(group[outcome.current], low=low, high=high)
            current = values[outcome.current]
        elif outcome.current is not None:
            current = values[outcome.current]
        figures += group
        estimate = _estimate(kind, subject, values, outcome)
        if estimate:
            report.estimates.append(estimate)
        report.timelines.append(_timeline(kind, subject, values, outcome))
    figures += _unconfirmed(unconfirmed, current, subject, articles)
    figures += _aside(mentions, subject, articles)
    figures.sort(key=_figure_order)
    report.figures.extend(figures)


def _dispute_contradicted(values: list[Value], outcome: Outcome, contradicted: Mapping[str, str], notes: dict[int, str]) -> None:
    """A current killed value that one document alone states and later reports contradict
    (``victims.deaths_contradicted``) is disputed; which side is stale, the text does not say."""
    for i, value in enumerate(values):
        docs = documents_of(value.mentions)
        if outcome.status[i] == CURRENT and len(docs) == 1 and docs[0] in contradicted:
            outcome.status[i] = DISPUTED
            notes[i] = contradicted[docs[0]]


def _unconfirmed(mentions: list[FigureMention], current: Value | None, subject: str | None, articles: Mapping[str, Article]) -> list[Figure]:
    """Unconfirmed figures beside a confirmed one: consistent when they agree with it, else disputed."""
    figures = []
    for value in group_values(mentions):
        agrees = current is not None and compatible(value, current)
        status = CONSISTENT if agrees else DISPUTED
        figures.append(_figure(value, status, subject, articles, "unconfirmed"))
    return figures


def _aside(mentions: list[FigureMention], subject: str | None, articles: Mapping[str, Article]) -> list[Figure]:
    """Parts, denied and projected figures of a slot, one per what they count and value; a part a
    headline states that its own text states again is one statement (``_told_in_the_text``)."""
    grouped: dict[tuple, list[FigureMention]] = defaultdict(list)
    told = _told_in_the_text(mentions)
    for mention in mentions:
        if mention.scope is not Scope.WHOLE and mention.evidence.part == TITLE and (mention.evidence.doc, mention.value) in told:
            continue
        if mention.scope is not Scope.WHOLE:
            status, detail = PART, (mention.scope.value, (mention.scope_detail or "").lower())
        elif mention.stage in _ASIDE_STAGES:
            status, detail = _ASIDE_STAGES[mention.stage], ("", "")  # type: ignore[index]
        else:
            continue
        grouped[(status, *detail, mention.value, mention.low, mention.high)].append(mention)
    figures = []
    for (status, *_), group in grouped.items():
        value = Value(group[0].value, group[0].low, group[0].high, tuple(group))
        figures.append(_figure(value, status, subject, articles))
    return figures


def _told_in_the_text(mentions: list[FigureMention]) -> set[tuple[str, float | str | None]]:
    """The (document, value) of every part a report's text states.

    Why: a headline and its lead tell one person's death twice ("one more victim dies"; "one more
    victim died in hospital on Thursday, bringing the toll to 50"), read as two parts (an increment
    and a condition) of one value: the brief listed one death as two rows. The text's reading says
    more and stands.
    """
    return {(m.evidence.doc, m.value) for m in mentions if m.scope is not Scope.WHOLE and m.evidence.part != TITLE}


_STATUS_ORDER = {CURRENT: 0, CONSISTENT: 1, DISPUTED: 2, PART: 3, SUPERSEDED: 4, DENIED: 5, PROJECTED: 6, OTHER_INCIDENT: 7}


def _figure_order(figure: Figure) -> tuple:
    """Current first, then what agrees with it, the other sides of a dispute, its parts, the
    earlier values (latest first), and what is no figure of the event."""
    return (_STATUS_ORDER.get(figure.status, 9), figure.scope != "whole", _negated_day(figure.as_of), -figure.sources, -len(figure.evidence))


def _negated_day(day: str | None) -> tuple[int, str]:
    """Sort key putting later days first and undated last."""
    if not day:
        return (1, "")
    return (0, "".join(chr(0x10FFFF - ord(c)) for c in day))


def _qualifier(mentions: Iterable[FigureMention]) -> str | None:
    counts = Counter(m.qualifier for m in mentions if m.qualifier)
    return counts.most_common(1)[0][0] if counts else None


def _figure(
    value: Value, status: str, subject: str | None, articles: Mapping[str, Article], note: str | None = None,
    as_of: str | None = None,
) -> Figure:
    mentions = value.mentions
    first = mentions[0]
    stages = Counter(m.stage.value for m in mentions if m.stage)
    scopes = Counter((m.scope.value, m.scope_detail) for m in mentions)
    scope, scope_detail = scopes.most_common(1)[0][0]
    sources = independent_sources(mentions, articles)
    numeric = value.value
    if isinstance(numeric, float) and numeric.is_integer():
        numeric = int(numeric)
    return Figure(
        kind=first.kind.value,
        value=numeric,
        status=status,
        evidence=evidence_list(mentions, articles),
        low=value.low,
        high=value.high,
        unit=first.unit,
        qualifier=_qualifier(mentions),
        subject=subject,
        reference=Counter(m.reference for m in mentions if m.reference).most_common(1)[0][0]
        if any(m.reference for m in mentions) else None,
        stage=stages.most_common(1)[0][0] if stages else None,
        sources=sources,
        single_source=sources == 1,
        note=note,
        scope=scope,
        scope_detail=scope_detail,
        as_of=as_of or _latest_day(value, articles),
        stated_unit=_stated_unit(mentions, articles) if first.unit == "m" else None,
    )


# The unit words of a length as reports write it ("700 meters", "1km", "24 miles", "300 feet").
_LENGTH_WORDS = (
    ("km", re.compile(r"(?:\d|\b)(?:km|kilomet(?:er|re)s?)\b", re.IGNORECASE)),
    ("miles", re.compile(r"\b(?:miles?|mi)\b", re.IGNORECASE)),
    ("feet", re.compile(r"(?:\d|\b)(?:feet|foot|ft)\b", re.IGNORECASE)),
    ("yards", re.compile(r"\byards?\b", re.IGNORECASE)),
    ("m", re.compile(r"(?:\d|\b)(?:m|meters?|metres?)\b", re.IGNORECASE)),
)


def _stated_unit(mentions: Sequence[FigureMention], articles: Mapping[str, Article]) -> str | None:
    """The unit most mentions of a length state it in, read from the words of each value."""
    units = Counter(
        next((unit for unit, words in _LENGTH_WORDS if words.search(m.anchor.text(articles[m.anchor.doc]))), None)
        for m in mentions
    )
    units.pop(None, None)
    return units.most_common(1)[0][0] if units else None


def _iso(moment: Moment) -> str | None:
    """The day of an exact moment (a lower bound is no day the value was stated for)."""
    return moment.day.isoformat() if moment.exact and moment.day else None


def _latest_day(value: Value, articles: Mapping[str, Article]) -> str | None:
    """The latest day any mention of a value was stated for (ISO date), if any is dated."""
    known = [m.day for m in (moment_of(m, articles, {}) for m in value.mentions) if m.exact and m.day]
    return max(known).isoformat() if known else None


def _timeline(kind: str, subject: str | None, values: list[Value], outcome: Outcome) -> Timeline:
    """The slot's whole-event values in the order they were stated, undated ones last; among
    those the current value comes last, as the resolution placed it after the values it replaced.
    Values of one moment (undated ones among them) of a count that accumulates go from the lowest
    up, as such a count rises: "25,000, then at least 2,300" read as a fall."""
    steps = []
    for i, value in enumerate(values):
        moment = outcome.moments[i]
        steps.append((moment, TimelineStep(
            as_of=_iso(moment),
            value=int(value.value) if isinstance(value.value, float) and value.value.is_integer() else value.value,
            status=outcome.status[i],
            documents=documents_of(value.mentions),
            low=value.low,
            high=value.high,
            qualifier=_qualifier(value.mentions),
            said_by=tuple(sorted({m.attributed_to for m in value.mentions if m.attributed_to})),
        )))
    rising = FigureKind(kind).spec.accumulates
    steps.sort(key=lambda pair: (
        not pair[0].exact, not pair[0].exact and pair[1].status == "current",
        pair[0].day or date.min, _clock(pair[0]), _order_in_moment(pair[0], rising), _size(pair[1]) if rising else 0.0,
    ))
    return Timeline(kind, subject, outcome.order, tuple(step for _, step in steps))


def _order_in_moment(moment: Moment, rising: bool) -> int:
    """A statement's place among those of its moment: an earlier figure recalled first, a
    correction last; between them, a rising count's values go by size (a revision "rose to 29"
    and another source's 32 of the same day read 29, 32), any other kind's by rank."""
    if rising and 0 <= moment.rank <= 1:
        return 0
    return moment.rank


_END_OF_DAY = 86_400.0


def _clock(moment: Moment) -> float:
    """Where a statement falls in its day: its clock time; a day a later report names, at its end."""
    if moment.clock is not None:
        return moment.clock
    return _END_OF_DAY if moment.told_later else 0.0


def _size(step: TimelineStep) -> float:
    value = step.value if isinstance(step.value, (int, float)) else step.high if step.high is not None else step.low
    return float(value) if value is not None else 0.0


def _other_incidents(aside: list[FigureMention], articles: Mapping[str, Article]) -> list[Figure]:
    """Figures of other incidents told in the event's reports, one per kind and value.

    They are kept visible (an analyst reading a round-up sees what else it counted) but never
    current: they count other people.
    """
    grouped: dict[tuple, list[FigureMention]] = defaultdict(list)
    for mention in aside:
        if mention.value is None and mention.low is None:
            continue
        grouped[(mention.kind.value, mention.value, mention.low, mention.high)].append(mention)
    figures = []
    for _, group in sorted(grouped.items(), key=lambda kv: (_slot_order((kv[0][0], None)), str(kv[0][1:]))):
        value = Value(group[0].value, group[0].low, group[0].high, tuple(group))
        figure = _figure(value, OTHER_INCIDENT, None, articles)
        figures.append(replace(figure, note="stated in a paragraph about another incident or another story in the same report"))
    return figures


def _merge_unspecified_subjects(slots: dict[tuple[str, str | None], list[FigureMention]]) -> None:
    """A figure that does not say what it measures joins the only subject its kind has.

    "The explosions were separated by ten to 15 minutes" and "the second explosion occurred
    about 15 minutes after the first" measure one interval; with two subjects (first and second
    explosion) an unspecified one stays apart, since it could be either.
    """
    by_kind: dict[str, list[str | None]] = defaultdict(list)
    for kind, subject in slots:
        by_kind[kind].append(subject)
    for kind, subjects in by_kind.items():
        named = [s for s in subjects if s is not None]
        if None in subjects and len(named) == 1:
            slots[(kind, named[0])].extend(slots.pop((kind, None)))




def _slot_order(key: SlotKey) -> tuple[int, str]:
    kind, subject = key
    return (kind_order(kind), subject or "")


def _estimate(kind: str, subject: str | None, values: list[Value], outcome: Outcome) -> Estimate | None:
    """Low / best / high of a measurement: the range the current value carries (the sides of a
    dispute, or counts no date puts in order), else the span of the values that agree with it,
    when they are not all one number. The best is the current value."""
    if outcome.current is None:
        return None
    spanned = outcome.range_values or tuple(i for i, _ in enumerate(values) if outcome.status[i] in (CURRENT, CONSISTENT))
    numbers: list[float] = []
    for i in spanned:
        value = values[i]
        if value.low is not None and value.high is not None:
            numbers += [value.low, value.high]
        elif isinstance(value.value, (int, float)):
            numbers.append(float(value.value))
    if len(set(numbers)) < 2:
        return None
    lead = values[outcome.current]
    best = float(lead.value) if isinstance(lead.value, (int, float)) else (min(numbers) + max(numbers)) / 2
    docs = sorted({d for i in spanned for d in documents_of(values[i].mentions)})
    return Estimate(kind, subject, min(numbers), best, max(numbers), lead.mentions[0].unit, tuple(docs))


def _current_values(figures: Iterable[Figure], kinds: Iterable[str]) -> dict[str, float]:
    """The first current numeric value of each of ``kinds`` among reconciled figures."""
    wanted = set(kinds)
    values: dict[str, float] = {}
    for figure in figures:
        if (
            figure.status == "current"
            and figure.kind in wanted
            and figure.kind not in values
            and isinstance(figure.value, (int, float))
        ):
            values[figure.kind] = float(figure.value)
    return values


def current_counts(figures: Iterable[Figure]) -> dict[str, float]:
    """The current value of every counted kind (``kinds.counted_kinds``: tolls, people displaced,
    rescued or aboard, buildings destroyed...), kind -> value: the columns exports give per event."""
    return _current_values(figures, counted_kinds())


def headline_of(figures: Iterable[Figure]) -> dict[str, float]:
    """The current casualty tolls among reconciled figures (kind -> value), best supported first.

    The event list shows these; taking them from the reconciled figures keeps the list and the
    brief in agreement.
    """
    return _current_values(figures, kinds_with_role(Role.TOLL))
