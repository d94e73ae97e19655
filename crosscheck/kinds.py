"""Figure kinds: the one registry of what a number in a report can count or measure.

Extraction, reconciliation, briefs, exports, Parquet shards and the web view all read this table,
so adding a kind is one ``register_kind`` call (or one entry in ``_BUILT_IN``): its name, what it
counts, whether it accumulates, its unit and the words that state it. ``FigureKind`` is the
name of a registered kind; ``FigureKind.KILLED`` and the other built-in names are attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import ClassVar, Mapping


class Counts(str, Enum):
    """What a kind's numbers are: people, things, or a measure with a unit."""

    PEOPLE = "people"
    THINGS = "things"
    MEASURE = "measure"


class Role(str, Enum):
    """What a kind tells of the event, which decides where a brief shows it.

    ``TOLL`` kinds are the casualty figures a headline gives (killed, injured, missing,
    arrested); ``IMPACT`` kinds count other effects (people displaced, rescued, abducted or
    trapped, buildings destroyed); ``CONTEXT`` kinds describe the setting and are never a toll (people aboard);
    ``MEASURE`` kinds are the event's own quantities (explosions, intervals, distances, times).
    """

    TOLL = "toll"
    IMPACT = "impact"
    CONTEXT = "context"
    MEASURE = "measure"


@dataclass(frozen=True, slots=True)
class KindWords:
    """How one language states a kind, for the generic count rule (``extract.figures.generic``).

    Each field is a regular expression fragment (case-insensitive): ``after`` follows the
    count and its noun ("3,000 people *were evacuated*"), ``before`` precedes the count
    ("*evacuating* 3,000 residents"), ``nouns`` is a noun that is the kind itself ("3,000
    *evacuees*"). An empty fragment is not used. The built-in casualty kinds (killed, injured,
    missing, arrested) have rules of their own and need none of these.
    """

    after: str = ""
    before: str = ""
    nouns: str = ""


@dataclass(frozen=True, slots=True)
class KindSpec:
    """One figure kind.

    ``accumulates``: whether the true number only grows while reports come in (the dead are
    found, never undone), so that when reports cannot be put in order the highest is the
    latest; for the others (missing, people aboard, a distance) a higher number is no later.
    A statement that corrects a figure down still replaces it for every kind.
    ``unit`` is the unit values are normalised to ("people", "buildings", "m", "minutes").
    ``label`` is how a brief names the kind ("Killed"); ``words`` maps a language code to the
    words of the generic count rule for kinds without rules of their own.
    """

    name: str
    label: str
    counts: Counts
    role: Role
    accumulates: bool
    unit: str | None
    words: Mapping[str, KindWords] = field(default_factory=dict)

    @property
    def is_casualty(self) -> bool:
        return self.role is Role.TOLL


class FigureKind(str):
    """The name of a registered figure kind ("killed"); interned, so ``is`` compares kinds.

    Behaves as the ``str`` it is; ``value`` gives the plain name (as an ``Enum`` member's
    would) and ``spec`` the registry entry. ``FigureKind("no such kind")`` raises ``ValueError``.
    """

    __slots__ = ()
    _interned: ClassVar[dict[str, FigureKind]] = {}
    KILLED: ClassVar[FigureKind]
    INJURED: ClassVar[FigureKind]
    MISSING: ClassVar[FigureKind]
    ARRESTED: ClassVar[FigureKind]
    DISPLACED: ClassVar[FigureKind]
    RESCUED: ClassVar[FigureKind]
    ABDUCTED: ClassVar[FigureKind]
    TRAPPED: ClassVar[FigureKind]
    ABOARD: ClassVar[FigureKind]
    DESTROYED: ClassVar[FigureKind]
    DAMAGED: ClassVar[FigureKind]
    EXPLOSIONS: ClassVar[FigureKind]
    INTERVAL: ClassVar[FigureKind]
    DISTANCE: ClassVar[FigureKind]
    DEPTH: ClassVar[FigureKind]
    TIME_OF_DAY: ClassVar[FigureKind]

    def __new__(cls, name: str) -> FigureKind:
        try:
            return cls._interned[str(name)]
        except KeyError:
            raise ValueError(f"{name!r} is not a registered figure kind") from None

    @classmethod
    def _intern(cls, name: str) -> FigureKind:
        kind = cls._interned.get(name)
        if kind is None:
            kind = cls._interned[name] = str.__new__(cls, name)
        return kind

    @property
    def value(self) -> str:
        return str.__str__(self)

    @property
    def spec(self) -> KindSpec:
        return _REGISTRY[self.value]

    @property
    def is_casualty(self) -> bool:
        return self.spec.is_casualty

    def __repr__(self) -> str:
        return f"FigureKind({self.value!r})"

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return FigureKind, (self.value,)

    def __deepcopy__(self, memo: dict) -> FigureKind:
        return self

    def __copy__(self) -> FigureKind:
        return self


_REGISTRY: dict[str, KindSpec] = {}


def register_kind(spec: KindSpec) -> FigureKind:
    """Add a kind to the registry (or replace the entry of that name) and return its name.

    Kinds keep the order they were registered in: briefs, exports and the web view list
    figures in that order.
    """
    _REGISTRY[spec.name] = spec
    return FigureKind._intern(spec.name)


def unregister_kind(name: str) -> None:
    """Remove a kind added by ``register_kind`` (for tests and plug-ins); built-ins stay."""
    if name in _BUILT_IN_NAMES:
        raise ValueError(f"{name!r} is a built-in figure kind")
    _REGISTRY.pop(name, None)
    FigureKind._interned.pop(name, None)


def kind_spec(kind: str) -> KindSpec:
    """The registry entry of a kind (``ValueError`` for an unknown name)."""
    try:
        return _REGISTRY[str(kind)]
    except KeyError:
        raise ValueError(f"{kind!r} is not a registered figure kind") from None


def registered_kinds() -> tuple[KindSpec, ...]:
    """Every kind, in registry order."""
    return tuple(_REGISTRY.values())


def kind_order(kind: str) -> int:
    """Position of a kind in the registry: the order figures are listed in."""
    names = list(_REGISTRY)
    return names.index(kind) if kind in _REGISTRY else len(names)


def kinds_with_role(*roles: Role) -> tuple[FigureKind, ...]:
    return tuple(FigureKind(spec.name) for spec in _REGISTRY.values() if spec.role in roles)


def counted_kinds() -> tuple[FigureKind, ...]:
    """The kinds whose values count people or things (tolls, impacts, people aboard), in registry
    order: the per-event columns of exports and Parquet shards, one set per kind."""
    return tuple(FigureKind(spec.name) for spec in _REGISTRY.values() if spec.counts is not Counts.MEASURE
                 and spec.role is not Role.MEASURE)


_BUILT_IN: tuple[KindSpec, ...] = (
    KindSpec("killed", "Killed", Counts.PEOPLE, Role.TOLL, True, "people"),
    KindSpec("injured", "Injured", Counts.PEOPLE, Role.TOLL, True, "people"),
    KindSpec("missing", "Missing", Counts.PEOPLE, Role.TOLL, False, "people"),
    KindSpec("arrested", "Arrested", Counts.PEOPLE, Role.TOLL, True, "people"),
    KindSpec(
        "displaced", "Displaced or evacuated", Counts.PEOPLE, Role.IMPACT, False, "people",
        {"en": KindWords(
            after=r"(?:(?:were|was|have\s+been|had\s+been|are|been)\s+)?(?:displaced|evacuated|made\s+homeless|left\s+homeless|forced\s+(?:to\s+flee|from\s+their\s+homes))"
                  r"|(?:to\s+)?fle(?:e|d)\s+(?:from\s+)?their\s+homes",  # "forced more than 120,000 to flee their homes"
            before=r"(?:evacuat(?:ed|ing|es)|displac(?:ed|ing|es)|forc(?:ed|ing)\s+(?:the\s+)?evacuation\s+of)\s+",
            nouns=r"(?:evacuees|displaced\s+(?:people|persons|residents))",
        )},
    ),
    KindSpec(
        "rescued", "Rescued or survivors", Counts.PEOPLE, Role.IMPACT, False, "people",
        {"en": KindWords(
            after=r"(?:(?:were|was|have\s+been|had\s+been|are|been)\s+)?(?:rescued|pulled\s+(?:out\s+)?alive|saved|brought\s+out\s+alive)"
                  r"|(?:have\s+|had\s+)?survived"
                  r"|alive\s+(?:from|out\s+of)",  # "pulled 15 miners alive from the mine"
            before=r"(?:rescu(?:ed|ing|es)|pull(?:ed|ing)\s+out\s+alive|saved|saving)\s+",
            nouns=r"survivors",  # not "one survivor could be heard calling out": a person, no count
        )},
    ),
    KindSpec(
        "abducted", "Abducted", Counts.PEOPLE, Role.IMPACT, False, "people",
        {"en": KindWords(
            # taken by force, held for ransom or as hostages: "gunmen abducted 287 pupils"
            after=r"(?:(?:were|was|have\s+been|had\s+been|are|been)\s+)?(?:abducted|kidnapped|taken\s+(?:hostage|captive))",
            before=r"(?:abduct(?:ed|ing|s)|kidnapp?(?:ed|ing|s))\s+",
            nouns=r"(?:hostages|captives|abductees)",
        )},
    ),
    KindSpec(
        "trapped", "Trapped", Counts.PEOPLE, Role.IMPACT, False, "people",
        {"en": KindWords(
            # under rubble, underground, in a mine or a flooded tunnel: "seven miners remain trapped"
            after=r"(?:(?:were|was|are|is|remain(?:s|ed)?|have\s+been|had\s+been|been|still)\s+)*trapped",
            before=r"trapp(?:ed|ing)\s+",
        )},
    ),
    KindSpec(
        "aboard", "People aboard", Counts.PEOPLE, Role.CONTEXT, False, "people",
        {"en": KindWords(
            after=r"(?:(?:were|was|had\s+been)\s+)?(?:aboard|on\s+board|onboard)",
            before=r"(?:carrying|carried)\s+",
            nouns=r"(?:passengers\s+and\s+crew|passengers|people\s+aboard|people\s+on\s+board)",
        )},
    ),
    KindSpec(
        "destroyed", "Buildings destroyed", Counts.THINGS, Role.IMPACT, True, "buildings",
        {"en": KindWords(
            # not "destroyed or damaged" (both counted together: neither alone)
            after=r"(?:(?:were|was|have\s+been|had\s+been|are|been)\s+)?(?:destroyed|razed|flattened|collapsed|reduced\s+to\s+rubble|gutted)"
                  r"(?!\s+or\s+(?:\w+\s+)?damaged)",
            before=r"(?<!\bor\s)(?:destroy(?:ed|ing|s)|flatten(?:ed|ing|s)|raz(?:ed|ing))\s+(?!or\s)",
        )},
    ),
    KindSpec(
        "damaged", "Buildings damaged", Counts.THINGS, Role.IMPACT, True, "buildings",
        {"en": KindWords(
            after=r"(?:(?:were|was|have\s+been|had\s+been|are|been)\s+)?(?:(?:partially|partly|badly|severely)\s+)?damaged"
                  r"(?!\s+or\s+destroyed)",
            before=r"(?<!\bor\s)damag(?:ed|ing|es)\s+(?!or\s)",
        )},
    ),
    KindSpec("explosions", "Explosions", Counts.THINGS, Role.MEASURE, False, None),
    KindSpec("interval", "Interval", Counts.MEASURE, Role.MEASURE, False, "minutes"),
    KindSpec("distance", "Distance", Counts.MEASURE, Role.MEASURE, False, "m"),
    KindSpec("depth", "Depth", Counts.MEASURE, Role.MEASURE, False, "m"),
    KindSpec("time", "Time", Counts.MEASURE, Role.MEASURE, False, "hh:mm"),
)
_BUILT_IN_NAMES = frozenset(spec.name for spec in _BUILT_IN)
for _spec in _BUILT_IN:
    register_kind(_spec)
del _spec

FigureKind.KILLED = FigureKind("killed")
FigureKind.INJURED = FigureKind("injured")
FigureKind.MISSING = FigureKind("missing")
FigureKind.ARRESTED = FigureKind("arrested")
FigureKind.DISPLACED = FigureKind("displaced")
FigureKind.RESCUED = FigureKind("rescued")
FigureKind.ABDUCTED = FigureKind("abducted")
FigureKind.TRAPPED = FigureKind("trapped")
FigureKind.ABOARD = FigureKind("aboard")
FigureKind.DESTROYED = FigureKind("destroyed")
FigureKind.DAMAGED = FigureKind("damaged")
FigureKind.EXPLOSIONS = FigureKind("explosions")
FigureKind.INTERVAL = FigureKind("interval")
FigureKind.DISTANCE = FigureKind("distance")
FigureKind.DEPTH = FigureKind("depth")
FigureKind.TIME_OF_DAY = FigureKind("time")

REGISTRY: Mapping[str, KindSpec] = MappingProxyType(_REGISTRY)
"""The registry, read-only: name -> ``KindSpec``, in registry order."""
