"""The timeline of one slot: when each whole-event value was stated, and which one is current.

*Moments.* A statement's moment is its report's publication day (and clock time, where the report
gives one), refined by what the sentence says: a day it names ("said on Saturday": the mention's
``as_of``) when that is earlier; an earlier figure ("initially", "had said") just before the
report's own; a revision ("has risen to", "revised down to", "now stands at") just after it. A
report with no date has no moment of its own; it is placed after the latest day it names (a
report cannot come before a day it tells of), after a dated report whose own figure it recalls as
an earlier one ("revised to 14 after previously reporting 15": it follows the reports of 15), after
every dated report of a count that only grows when it tells that count rising past all of theirs
("has risen to 62" beside 59 and 61), or where a dated report states the same value.

*Current.* The latest whole-event value is current, lower or higher than the earlier ones, and the
earlier values are superseded; a value stated again later is current again. Several values at the
latest moment are resolved by what the kind is (``RULES``):

- values that can all be true at once agree: the one that says most is current, the others are
  ``consistent`` with it;
- for a count that accumulates (the dead are found, never undone), different counts of the same
  moment from different reports are a count rising through the day: the highest is current;
- one report giving two incompatible figures from two sources at once (the government says 2,000,
  the UN 670), or different reports of one moment for a kind that does not accumulate (two counts
  of survivors), is a dispute: the side most independent sources state is current and carries the
  range of all sides (low / best / high, as UCDP gives it); each other side is ``disputed``.

When no statement can be put in order (no report is dated), all are taken as of one moment, and
the timeline says the order is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timezone
from typing import Callable, Iterable, Mapping, Sequence

from crosscheck.kinds import KindSpec, kind_spec
from crosscheck.model import Article, FigureMention, Scope, Stage, parse_published
from crosscheck.reconcile.evidence import independent_sources
from crosscheck.reconcile.values import Value, compatible

CURRENT = "current"
SUPERSEDED = "superseded"
CONSISTENT = "consistent"
DISPUTED = "disputed"
PART = "part"

ORDER_KNOWN = "by report time"
ORDER_PARTLY_KNOWN = "partly known"
ORDER_UNKNOWN = "unknown"

RULES: tuple[tuple[str, str, str], ...] = (
    ("later value replaces an earlier one", "87 killed (31 Jan) after at least 34 (30 Jan)", "the earlier is superseded"),
    ("lower later value (a correction)", "revised down to 84 (4 Feb) after 101 (1 Feb)", "84 is current, 101 superseded"),
    ("agreeing values of one moment", "at least 100 and 103 on the same day", "103 current, at least 100 consistent"),
    ("a count rising through a day", "28, then 34 killed in two reports of one day", "34 current, 28 superseded"),
    ("two sources in one report", "the government says 2,000, the UN 670", "a dispute: best, low and high"),
    ("one moment, a kind that does not accumulate", "104 survivors and 78 survivors the same day", "a dispute"),
    ("an earlier figure by the text's own account", "had initially said 20", "superseded"),
    ("no report dated", "24, 3 and 1 killed in undated reports", "order unknown: the highest count is current"),
    ("an undated rise past every dated count", "'has risen to 62', undated, after 59 (16 May) and 61 (18 May)", "62 follows them: current"),
    ("a fall to the count of one of two places", "6 killed (22 Feb) after 8, stated as 6 in Turkey and 2 in Syria", "6 is Turkey's count: a part"),
)
"""The timeline's rules: phenomenon, example, outcome (the docs and tests name them)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """When a statement was made: a day, a clock time on it (seconds) where known, and a rank
    inside its report (-1 an earlier figure it recalls, 0 its own, 1 a revision it announces).
    ``bound`` marks a day that is only a lower bound: an undated report is no older than the
    latest day it names, but may be any later; ``past`` that it also follows the statements of
    that day (it recalls one of them as an earlier figure). ``told_later``: a report of a later
    day names this statement's day ("11 remained missing on Thursday" in Friday's report); a
    timeline lists it after that day's statements with a clock time, as the day's last word."""

    day: date | None
    clock: float | None = None
    rank: int = 0
    bound: bool = False
    past: bool = False
    told_later: bool = False  # its day is named by a report published on a later day

    @property
    def exact(self) -> bool:
        return self.day is not None and not self.bound

    def after(self, other: Moment) -> bool:
        """Whether this moment is known to come after ``other``."""
        if self.day is None or other.day is None or other.bound:
            return False
        if self.bound:
            return self.day > other.day or (self.past and self.day == other.day)
        if self.day != other.day:
            return self.day > other.day
        if self.clock is not None and other.clock is not None and abs(self.clock - other.clock) >= 3600:
            return self.clock > other.clock
        return self.rank > other.rank


_REVISIONS = (Stage.REVISED, Stage.CORRECTED, Stage.LATEST)
_RANK = {Stage.INITIAL: -1, Stage.REVISED: 1, Stage.LATEST: 1, Stage.CORRECTED: 2}


def published_day(article: Article) -> tuple[date | None, float | None]:
    """A report's publication day, and its clock time in seconds when the report gives one; a
    time with an offset is read in UTC, so that reports of several time zones compare."""
    moment = parse_published(article.published)
    if moment is None:
        return None, None
    if article.published is None or len(article.published) <= 10:
        return moment.date(), None
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return moment.date(), float(moment.hour * 3600 + moment.minute * 60 + moment.second)


def recalled_earlier(mention: FigureMention, articles: Mapping[str, Article]) -> bool:
    """Whether a statement tells an earlier figure than its report's own: marked so ("initially",
    "had said") or dated by its sentence to a day before the report's."""
    if mention.stage is Stage.INITIAL:
        return True
    day, _ = published_day(articles[mention.evidence.doc])
    return bool(mention.as_of and day and mention.as_of < day.isoformat())


def moment_of(mention: FigureMention, articles: Mapping[str, Article], not_before: Mapping[str, Moment]) -> Moment:
    """The moment of one statement (see the module docstring); ``not_before`` places undated
    reports (``undated_bounds``)."""
    day, clock = published_day(articles[mention.evidence.doc])
    rank = _RANK.get(mention.stage, 0) if mention.stage else 0
    if mention.as_of and (day is None or mention.as_of < day.isoformat()):
        return Moment(date.fromisoformat(mention.as_of), None, rank, told_later=day is not None)
    if day is None:
        placed = not_before.get(mention.evidence.doc)
        if placed is None:
            return Moment(None, None, rank)
        return Moment(placed.day, None, rank, bound=True, past=placed.past)
    return Moment(day, clock, rank)


def undated_bounds(
    named: Mapping[str, date], mentions: Iterable[FigureMention], articles: Mapping[str, Article]
) -> dict[str, Moment]:
    """Where each report with no publication date stands: after the latest day it names
    (``named``), after every dated report whose own whole-event figure it recalls as an earlier
    one (the same kind and value, marked "initially", "previously reporting"...), and after every
    dated report of a count that only grows when it tells that count rising to more than any of
    them gives ("the death toll has risen to 62" beside dated reports of 59 and 61: ``_rises_past``).
    """
    own: dict[tuple[str, float], date] = {}
    latest: dict[str, tuple[float, date]] = {}  # kind -> the largest dated own figure, the latest day of one
    recalled: dict[str, set[tuple[str, float]]] = {}
    rises: dict[str, list[tuple[str, float]]] = {}
    for m in mentions:
        if not isinstance(m.value, (int, float)) or m.scope is not Scope.WHOLE:
            continue
        day, _ = published_day(articles[m.evidence.doc])
        if day is None and m.stage is Stage.INITIAL:
            recalled.setdefault(m.evidence.doc, set()).add((str(m.kind), float(m.value)))
        elif day is None and m.stage is Stage.REVISED:
            rises.setdefault(m.evidence.doc, []).append((str(m.kind), float(m.value)))
        elif day is not None and m.stage is not Stage.INITIAL and not m.as_of:
            key = (str(m.kind), float(m.value))
            own[key] = min(own.get(key, day), day)
            most, last = latest.get(key[0], (key[1], day))
            latest[key[0]] = (max(most, key[1]), max(last, day))
    bounds = {doc: Moment(day, bound=True) for doc, day in named.items()}
    placed = {doc: [own[key] for key in figures if key in own] for doc, figures in recalled.items()}
    for doc, figures in rises.items():
        placed.setdefault(doc, []).extend(_rises_past(figures, latest))
    for doc, days in placed.items():
        if days and (doc not in bounds or max(days) >= bounds[doc].day):  # type: ignore[operator]
            bounds[doc] = Moment(max(days), bound=True, past=True)
    return bounds


def _rises_past(figures: list[tuple[str, float]], latest: Mapping[str, tuple[float, date]]) -> list[date]:
    """The days of the dated reports an undated report's rise follows: for each count that only
    grows (``KindSpec.accumulates``) that it tells rising to a value (``Stage.REVISED``: "has risen
    to", "climbed to") above every dated report's own figure of that kind (``latest``: the largest,
    and the latest day any was stated), that latest day.

    Why: the dead are not undone; a toll that rose to 62 was stated after the reports of 59 and 61,
    whatever day it was. Without a day the report was placed nowhere, and the dated 61 stayed the
    latest figure over the 62 that followed it. A rise only, not a standing total ("so far", "now
    stands at"): an aftershock's undated report that gives the main quake's dead "so far", tens of
    thousands, rose past nothing of its own event's.
    """
    return [
        latest[kind][1] for kind, value in figures
        if kind in latest and value > latest[kind][0] and kind_spec(kind).accumulates
    ]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The status of each value of a slot (by index), a note where one is due, the latest moment
    each value was stated at, how well the order of the statements is known, the current value,
    and the range (low, high) it carries when the values it stands for disagree."""

    status: dict[int, str]
    notes: dict[int, str]
    moments: dict[int, Moment]
    order: str
    current: int | None
    range: tuple[float, float] | None = None
    range_values: tuple[int, ...] = ()


# Readings of people one by one ("a second man was critically injured", "a woman and two men were
# also shot"): a lower count read this way in a later report names some of the victims in passing.
_INDIVIDUAL_READINGS = frozenset({"figures.single", "figures.list", "figures.clauses", "figures.shot"})
_LOWER_IN_PASSING = "names fewer people than an earlier count, in passing: read as a part"
_LOWER_UNEXPLAINED = "lower than an earlier count and not stated as a revision of it"
_LOWER_ONE_PLACE = "lower than an earlier count and the count other reports give for one place: that place's count"


def resolve(
    values: Sequence[Value], spec: KindSpec, articles: Mapping[str, Article], not_before: Mapping[str, Moment],
    settled: Mapping[int, str] | None = None, place_counts: frozenset[tuple[str, float]] = frozenset(),
) -> Outcome:
    """Statuses of a slot's whole-event values. ``settled`` values already have a status (a
    wounded toll whose victims have since died): they take no part, but keep their moments.
    ``place_counts``: the counts the event's reports state for one of its places, with the place
    (parts: ``("turkey", 6.0)``)."""
    status: dict[int, str] = dict(settled or {})
    notes: dict[int, str] = {}
    moments = {i: _latest_moment(v, articles, not_before) for i, v in enumerate(values)}
    live = [i for i in range(len(values)) if i not in status]
    confirmed = [i for i in live if not values[i].initial_only]
    for i in live:
        if values[i].initial_only and confirmed:
            status[i] = SUPERSEDED
    live = confirmed or live
    dated = [i for i in live if moments[i].exact]
    order = ORDER_KNOWN if len(dated) == len(live) else ORDER_PARTLY_KNOWN if dated else ORDER_UNKNOWN
    contested: list[int] = []
    if dated:
        def restated(i: int, since: Moment) -> int:
            """Independent sources stating value ``i`` at or after ``since``."""
            later = [m for m in values[i].mentions if not since.after(moment_of(m, articles, not_before))]
            return independent_sources(later, articles) if later else 0

        latest, contested = _latest_tolls(values, dated, moments, spec, status, notes, restated, place_counts)
        last_day = max(moments[i].day for i in latest)  # type: ignore[type-var]
        later = [i for i in live if not moments[i].exact and any(moments[i].after(moments[j]) for j in latest)]
        if later:
            latest = later
        for i in live:
            if i in latest or i in status:
                continue
            status[i] = SUPERSEDED
            if not moments[i].exact:
                notes[i] = f"from a report with no date, not known to be later than {last_day.isoformat()}"
        live = latest
    unknown = order == ORDER_UNKNOWN
    if unknown:
        live = _corrected_down(values, live, status, notes)
    current, sides = _at_one_moment(values, live, spec, articles, status, notes, unknown)
    sides += contested
    if current is None or len(sides) < 2:
        return Outcome(status, notes, moments, order, current)
    numbers = [n for i in sides for n in _ends(values[i])]
    if any(status[i] == DISPUTED for i in sides):
        notes[current] = "disputed: " + "; ".join(_side_phrase(values[i]) for i in sides)
    value_range = (min(numbers), max(numbers)) if numbers else None
    return Outcome(status, notes, moments, order, current, value_range, tuple(sides))


def _latest_tolls(
    values: Sequence[Value], dated: list[int], moments: Mapping[int, Moment], spec: KindSpec,
    status: dict[int, str], notes: dict[int, str], restated: Callable[[int, Moment], int],
    place_counts: frozenset[tuple[str, float]] = frozenset(),
) -> tuple[list[int], list[int]]:
    """The values stated at the latest moment, and the later lower ones that contradict them.

    For a count that accumulates, a later value lower than an earlier one replaces it only when
    it is stated as the toll (a revision: "revised down to 84", "now stands at 225"; a toll
    phrase: "the death toll is 222") or when two independent sources state it at or after the
    higher one's moment. Otherwise the earlier count stands: a lower one read from people named
    one by one ("a second man was critically injured" in a report of the arrest), or one person's
    death whatever cue its sentence has ("police now say ... the death of an infant"), is a ``part``;
    a lower count stated plainly is ``disputed``, a side of the current value's range. A lower
    count that is what the reports state for one of the event's places, the earlier count being
    it and another place's count ("six killed in Turkey", "two in Syria", eight in all), is that
    place's count retold without its place, a ``part``, unless stated as a correction.
    """
    remaining = list(dated)
    contested: list[int] = []
    while True:
        latest = [i for i in remaining if not any(moments[j].after(moments[i]) for j in remaining)]
        earlier = [i for i in remaining if i not in latest]
        if not spec.accumulates or not earlier:
            return latest, contested
        peak = max(earlier, key=lambda i: values[i].magnitude or 0.0)
        places = [i for i in latest if _retells_a_place(values[i], values[peak], place_counts)]
        if places:
            for i in places:
                status[i], notes[i] = PART, _LOWER_ONE_PLACE
            remaining = [i for i in remaining if i not in places]
            continue
        passing = [
            i for i in latest
            if (values[i].magnitude or 0.0) < (values[peak].magnitude or 0.0)
            and (not _stated_as_toll(values[i]) or _one_person(values[i])) and restated(i, moments[peak]) < 2
        ]
        for i in passing:
            if all(m.extractor in _INDIVIDUAL_READINGS for m in values[i].mentions) or _one_person(values[i]):
                status[i], notes[i] = PART, _LOWER_IN_PASSING
            else:
                status[i], notes[i] = DISPUTED, _LOWER_UNEXPLAINED
                contested.append(i)
        if len(passing) < len(latest):
            return [i for i in latest if i not in passing], contested
        remaining = [i for i in remaining if i not in passing]


def _retells_a_place(value: Value, peak: Value, place_counts: frozenset[tuple[str, float]]) -> bool:
    """Whether a value lower than the earlier ``peak`` is the count the reports state for one place
    while the rest of ``peak`` is the count they state for another, and no statement of it
    corrects the toll down.

    Why the other place: a small count stated for some place is common (one of a shooting's dead
    "in Dallas", in a paragraph of other attacks); a total made of two places' counts, one of which
    a later report gives alone, is the mark of a count retold without its place."""
    magnitude, total = value.magnitude or 0.0, peak.magnitude or 0.0
    if not magnitude < total or any(m.stage is Stage.CORRECTED for m in value.mentions):
        return False
    rest = total - magnitude
    return any(
        count == magnitude and other != place and other_count == rest
        for place, count in place_counts for other, other_count in place_counts
    )


def _one_person(value: Value) -> bool:
    """Whether a value is one person read as one ("a man died in hospital", "the death of an
    infant"), never from a toll phrase: a revision or "now" cue in its sentence dates the
    sentence, it does not make one death the toll of an event that counted more."""
    return value.magnitude == 1 and all(
        m.extractor in _INDIVIDUAL_READINGS or m.extractor == "figures.object" for m in value.mentions
    )


def _stated_as_toll(value: Value) -> bool:
    """Whether a value is given as the toll itself: a revision or latest count, or a toll phrase."""
    return any(m.stage in _REVISIONS or m.extractor == "figures.toll" for m in value.mentions)


def _corrected_down(values: Sequence[Value], live: list[int], status: dict[int, str], notes: dict[int, str]) -> list[int]:
    """With no date to order them, a value stated as a correction ("revised down to 95") comes
    after every higher value: a count is corrected down only once it was given higher. The
    higher values are superseded; returns the values left."""
    corrected = [i for i in live if any(m.stage is Stage.CORRECTED for m in values[i].mentions)]
    if not corrected:
        return live
    floor = min(values[i].magnitude or 0.0 for i in corrected)
    for i in live:
        if i not in corrected and (values[i].magnitude or 0.0) > floor:
            status[i], notes[i] = SUPERSEDED, "a later statement corrects it down"
    return [i for i in live if i not in status]


def _latest_moment(value: Value, articles: Mapping[str, Article], not_before: Mapping[str, Moment]) -> Moment:
    """The latest moment a value was stated at; statements of undated reports count only where
    no dated one states the value (then the latest day such a report names, as a lower bound).
    A report recalling the value as an earlier figure with no day ("Earlier, the governor
    reported 200 injured") tells only that it came before the report: it places the value only
    where nothing else states it."""
    stated = [m for m in value.mentions if m.stage is not Stage.INITIAL or m.as_of] or list(value.mentions)
    moments = [moment_of(m, articles, not_before) for m in stated]
    exact = [m for m in moments if m.exact] or [m for m in moments if m.day is not None]
    if not exact:
        return Moment(None, None, max(m.rank for m in moments))
    return max(exact, key=lambda m: (m.day, m.clock if m.clock is not None else -1.0, m.rank))


def _at_one_moment(
    values: Sequence[Value], live: list[int], spec: KindSpec, articles: Mapping[str, Article],
    status: dict[int, str], notes: dict[int, str], unknown_order: bool,
) -> tuple[int | None, list[int]]:
    """Resolve the values stated at the latest moment; returns the current one and the values its
    range spans (the sides of a dispute; with no date to order them, the lower counts too)."""
    if not live:
        return None, []
    support = {i: independent_sources(values[i].mentions, articles) for i in live}
    rivals = [(i, j) for i in live for j in live if i < j and not compatible(values[i], values[j])]
    disputed = bool(rivals) and (not spec.accumulates or any(_two_sources_in_one_report(values[i], values[j]) for i, j in rivals))
    if disputed:
        best = max(live, key=lambda i: (support[i], _says_most(values[i], spec), -i))
    else:
        best = max(live, key=lambda i: (_says_most(values[i], spec), support[i], -i))
    status[best] = CURRENT
    sides = [best]
    for i in live:
        if i == best:
            continue
        if compatible(values[i], values[best]):
            status[i] = CONSISTENT
        elif disputed:
            status[i] = DISPUTED
            sides.append(i)
        else:
            status[i] = SUPERSEDED
            if unknown_order:
                notes[i] = "no report is dated: a lower count, taken as earlier"
                sides.append(i)
            else:
                notes[i] = "a lower count of the same moment"
    return best, sides


def _says_most(value: Value, spec: KindSpec) -> tuple[float, int]:
    """How much a value says: for a count that accumulates, the highest number; for any kind a
    point over a range, and a value a revision announces over one it does not."""
    magnitude = value.magnitude or 0.0
    point = 1 if value.low is None else 0
    revised = 1 if any(m.stage in _REVISIONS for m in value.mentions) else 0
    return (magnitude if spec.accumulates else 0.0, revised, point)  # type: ignore[return-value]


def _two_sources_in_one_report(a: Value, b: Value) -> bool:
    """Whether one report gives both values at once, each from a different named source: the
    report itself sets them against each other ("the government says 2,000, the UN 670")."""
    for ma in a.mentions:
        for mb in b.mentions:
            if (
                ma.evidence.doc == mb.evidence.doc
                and ma.attributed_to and mb.attributed_to and ma.attributed_to != mb.attributed_to
                and ma.stage is None and mb.stage is None
            ):
                return True
    return False


def _ends(value: Value) -> Iterable[float]:
    if value.low is not None and value.high is not None:
        return (value.low, value.high)
    return (float(value.value),) if isinstance(value.value, (int, float)) else ()


def _side_phrase(value: Value) -> str:
    """'2,000 (National Disaster Centre)': a side of a dispute with who gives it."""
    amount = f"{value.low:,g}-{value.high:,g}" if value.value is None else (
        f"{value.value:,g}" if isinstance(value.value, (int, float)) else str(value.value)
    )
    who = sorted({m.attributed_to for m in value.mentions if m.attributed_to})
    return f"{amount} ({', '.join(who)})" if who else amount
