"""Values of one slot: the same number (or range) stated by several mentions, and whether two
values can both be true.

A *slot* is what is measured (killed, injured, the distance of the first explosion); inside a
slot, a *value* is one stated number or range with every mention that states it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Iterable

from crosscheck.model import FigureKind, FigureMention, Stage

_SUBJECT_HEADS = {"blast": "explosion", "bomb": "explosion", "bombing": "explosion", "detonation": "explosion"}
LOWER_BOUND = frozenset({"at least", "more than", "over", "at minimum"})
UPPER_BOUND = frozenset({"up to", "nearly", "almost", "less than", "fewer than", "under"})
APPROXIMATE = frozenset({"about", "around", "approximately", "roughly", "some", "nearly", "almost", "an estimated"})
# Lengths are converted and rounded from report to report ("six miles" is 9.7 km, another report's
# "10 km"): within this fraction of each other they are one measurement, not a contradiction.
_LENGTHS = frozenset({FigureKind.DISTANCE, FigureKind.DEPTH})
_ROUNDING = 0.05

SlotKey = tuple[str, str | None]


def normalise_subject(subject: str | None) -> str | None:
    """'The second blast' and 'second explosion' measure the same thing."""
    if not subject:
        return None
    words = [w for w in subject.lower().split() if w not in {"the", "a", "an"}]
    return " ".join(_SUBJECT_HEADS.get(w, w) for w in words) or None


def slot_key(mention: FigureMention) -> SlotKey:
    return mention.kind.value, normalise_subject(mention.subject)


@dataclass(frozen=True, slots=True)
class Value:
    """One stated value of a slot and the mentions that state it."""

    value: float | str | None
    low: float | None
    high: float | None
    mentions: tuple[FigureMention, ...]

    @property
    def interval(self) -> tuple[float, float] | None:
        """The range of true values this statement allows, widened by its qualifiers."""
        if self.low is not None and self.high is not None:
            low, high = self.low, self.high
        elif isinstance(self.value, (int, float)):
            low = high = float(self.value)
        else:
            return None
        if self.mentions[0].kind in _LENGTHS:
            low, high = low * (1 - _ROUNDING), high * (1 + _ROUNDING)
        if self.low is not None and self.high is not None:
            return low, high
        qualifiers = {m.qualifier for m in self.mentions if m.qualifier}
        if qualifiers and qualifiers <= LOWER_BOUND:
            high = float("inf")
        elif qualifiers and qualifiers <= UPPER_BOUND:
            low = 0.0
        if qualifiers & APPROXIMATE:
            low, high = min(low, low * 0.85), max(high, high * 1.15)
        return low, high

    @property
    def magnitude(self) -> float | None:
        """The number a toll of this value stands for: the value, or the top of a range."""
        if isinstance(self.value, (int, float)):
            return float(self.value)
        return self.high if self.high is not None else self.low

    @property
    def initial_only(self) -> bool:
        return all(m.stage is Stage.INITIAL for m in self.mentions)


def group_values(mentions: Iterable[FigureMention]) -> list[Value]:
    """Mentions grouped by the value (or range) they state, in first-seen order."""
    grouped: dict[tuple, list[FigureMention]] = defaultdict(list)
    for mention in mentions:
        grouped[(mention.value, mention.low, mention.high)].append(mention)
    return [Value(v, lo, hi, tuple(ms)) for (v, lo, hi), ms in grouped.items()]


def compatible(a: Value, b: Value) -> bool:
    """Whether both values can be true at once: equal, or overlapping once qualifiers widen them
    ("at least 100" and 103; "about 15 minutes" and "ten to 15 minutes")."""
    ia, ib = a.interval, b.interval
    if ia is None or ib is None:
        return a.value == b.value
    return ia[0] <= ib[1] and ib[0] <= ia[1]


def other_landmark(a: Value, b: Value) -> bool:
    """Whether two distances are measured from different landmarks ("24 miles west of Elm City",
    "200 miles south of Roe City"), or either says neither from what nor of what: different
    measurements, not a contradiction."""
    ours = {m.reference for m in a.mentions if m.reference}
    theirs = {m.reference for m in b.mentions if m.reference}
    if a.mentions[0].kind is FigureKind.DISTANCE and not (_measured_thing(a) and _measured_thing(b)):
        return True  # "was felt 10 km away": of nothing stated, from nothing stated; nothing to compare
    return bool(ours and theirs) and ours.isdisjoint(theirs)


def different_measurements(a: Value, b: Value, clock_times: ClockTimes | None = None) -> bool:
    """Whether two values of one slot measure different things and so neither agree nor
    disagree: distances from different landmarks (``other_landmark``); clock times that do not
    say of what ("at 14:50" and "at 16:10" may be the blast and the fire put out); lengths whose
    sentences date them to different times of day ("struck at 4:43 a.m., 135 km from the city",
    "struck at 7:48 a.m., 75 km west of the city": two quakes, or a quake and its aftershock)."""
    kind = a.mentions[0].kind
    if kind is FigureKind.TIME_OF_DAY:
        return not (any(m.subject for m in a.mentions) and any(m.subject for m in b.mentions))
    if kind is FigureKind.DISTANCE and other_landmark(a, b):
        return True
    if kind in _LENGTHS and clock_times is not None:
        ours, theirs = clock_times(a), clock_times(b)
        return bool(ours and theirs) and ours.isdisjoint(theirs)
    return False


ClockTimes = Callable[[Value], frozenset[str]]
"""The clock times the sentences of a value state (``figures.sentence_times``)."""


def measurement_groups(values: list[Value], clock_times: ClockTimes | None = None) -> list[list[Value]]:
    """Values split into groups that measure one thing each (``different_measurements``): a value
    joins a group it agrees with (the same length, rounded differently), else the first group
    whose every value it measures alike."""
    groups: list[list[Value]] = []
    for value in values:
        alike = [g for g in groups if not any(different_measurements(value, other, clock_times) for other in g)]
        home = next((g for g in alike if all(compatible(value, other) for other in g)), alike[0] if alike else None)
        if home is None:
            groups.append([value])
        else:
            home.append(value)
    return groups


def _measured_thing(value: Value) -> bool:
    """Whether a distance says what it measures: a landmark ("from the tomb") or a subject ("the
    second explosion ... 1 km away", measured where the report measures the first)."""
    return any(m.reference or m.subject for m in value.mentions)
