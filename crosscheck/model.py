"""The data model every stage shares: articles, spans into their text, mentions read there.

Everything here is a small frozen dataclass. An ``Article``'s ``text`` is never changed after
ingest; every offset anywhere in crosscheck is a half-open character range into that text, so a
piece of evidence can always be shown exactly as the document has it.
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass, field
from operator import attrgetter
from types import MemberDescriptorType
from datetime import date, datetime
from enum import Enum

from crosscheck.kinds import FigureKind, Role, kinds_with_role


@dataclass(frozen=True, slots=True)
class Article:
    """One report as read: its exact text and what is known about where it came from.

    ``furniture`` lists ranges of ``text`` that are page furniture (scraping markers, a trailing
    URL, share buttons...). They stay in ``text`` so offsets remain those of the input; analysis
    skips them.
    """

    id: str
    text: str
    source: str
    outlet: str | None = None
    url: str | None = None
    published: str | None = None
    title: str | None = None
    language: str | None = None
    furniture: tuple[tuple[int, int], ...] = ()

    @property
    def digest(self) -> str:
        """Content hash of the text: two reads of the same text share it, a changed text does not.

        Never raises: an unpaired surrogate (which ingest repairs before storing) is hashed as its
        code point (``surrogatepass``); any other text hashes exactly as its UTF-8 bytes.
        """
        return hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()

    @property
    def published_at(self) -> datetime | None:
        """``published`` parsed; a bare date means midnight of that day."""
        return parse_published(self.published)


def parse_published(value: str | None) -> datetime | None:
    """Parse an ISO 8601 date or datetime as stored in ``Article.published``."""
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        try:
            return datetime.combine(date.fromisoformat(value[:10]), datetime.min.time())
        except ValueError:
            return None


TEXT = "text"
"""``Span.part`` of a span of the article's text."""
TITLE = "title"
"""``Span.part`` of a span of the article's headline (``Article.title``)."""


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A half-open character range ``[start, end)`` of one article's text, or of its headline.

    ``part`` is ``TEXT`` for the article's text and ``TITLE`` for its headline (``Article.title``)
    when the text does not carry the headline itself, as the body of an HTML page, a feed entry or
    a JSON record with a ``title`` does not: what a headline states ("Three shot, one killed on
    Elm Street") is the report's own statement, cited from the headline (``extract.headline``).
    """

    doc: str
    start: int
    end: int
    part: str = TEXT

    def text(self, article: Article) -> str:
        return part_text(article, self.part)[self.start : self.end]

    @property
    def reading_key(self) -> tuple[str, bool, int, int]:
        """Sort key in reading order: by document, its headline before its text, then by offset."""
        return self.doc, self.part != TITLE, self.start, self.end


def part_text(article: Article, part: str) -> str:
    """The string a span of ``part`` indexes: the article's headline or its text."""
    return (article.title or "") if part == TITLE else article.text


CASUALTY_KINDS = frozenset(kinds_with_role(Role.TOLL))
"""The built-in toll kinds (killed, injured, missing, arrested); see ``crosscheck.kinds``."""


class Stage(str, Enum):
    """What the sentence says of a figure's standing in time or in truth.

    ``INITIAL``: an earlier figure ("initially", "earlier", "first reports"); ``REVISED``: a
    figure that replaces an earlier one ("has risen to", "was updated to"); ``CORRECTED``: one
    that corrects an earlier, higher or wrong figure ("revised down to", "corrected to", "after
    names repeated in the list were removed"); ``LATEST``: the figure as it now stands ("now
    stands at", "so far");
    ``DENIED``: a figure the sentence denies or calls false ("denied reports that 700 bodies");
    ``PROJECTED``: what a figure could become, not what it is ("could rise to 50,000");
    ``UNCONFIRMED``: a figure the sentence itself calls unconfirmed or unofficial.
    """

    INITIAL = "initial"
    REVISED = "revised"
    CORRECTED = "corrected"
    LATEST = "latest"
    DENIED = "denied"
    PROJECTED = "projected"
    UNCONFIRMED = "unconfirmed"


class Scope(str, Enum):
    """What part of the event a figure statement counts.

    ``WHOLE``: the event as a whole ("at least 103 people were killed"). A part: ``PLACE`` (one
    place among the event's: "in Syria", "in the northern province"), ``GROUP`` (one group of
    people: children, foreigners, police, crew), ``CONDITION`` (the people in one condition:
    critical, hospitalised, treated and released) or ``INCREMENT`` (those added since the last
    count: "two more died", "another three"). Only whole-event statements compete for an
    event's current figure; parts are shown under it.
    """

    WHOLE = "whole"
    PLACE = "place"
    GROUP = "group"
    CONDITION = "condition"
    INCREMENT = "increment"


class ClaimKind(str, Enum):
    CAUSE = "cause"
    METHOD = "method"
    CHARACTERIZATION = "characterization"
    RESPONSIBILITY = "responsibility"
    DAMAGE = "damage"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Mention:
    """Something one sentence of one article states, with the span that supports it.

    ``evidence`` is the supporting sentence (or the sentences of a quote); ``anchor`` is the tight
    span of the value itself (the number, the quoted words) inside it. ``attributed_to`` names who
    the article says the statement comes from ("IRNA", "Mohammad Saberi"), never the article's
    own outlet.
    """

    evidence: Span
    anchor: Span
    extractor: str
    attributed_to: str | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class FigureMention(Mention):
    """A number the text states: a casualty toll, a count, an interval, a distance, a time.

    ``value`` is the single value stated, or ``None`` when only a range ``low``..``high`` is.
    ``unit`` is the unit of ``value`` after normalisation ("people", "minutes", "m", "hh:mm").
    ``subject`` says what is measured when a kind has several ("first explosion").
    ``shot`` is set on the injured read from people shot ("four people were shot" in a report of
    one death: 3 injured): how many were shot in all, so that reconciliation can weigh the same
    victims against another report's dead.
    ``scope`` says what part of the event the figure counts (``Scope``); ``scope_detail`` names
    that part as the text does ("Syria", "children", "critical condition", "more") and is ``None``
    for the whole event. ``as_of`` is the day the sentence dates the figure to ("said on
    Saturday", "as of Tuesday") as an ISO date, when it names one. ``condition`` is a condition
    the sentence tells of a whole-event count ("57 people were being treated") that its own report
    gives no larger count beside: where the event's other reports do, the count is that condition's
    part (``reconcile.figures``).
    """

    kind: FigureKind = field(kw_only=True)
    value: float | str | None = field(kw_only=True)
    low: float | None = field(default=None, kw_only=True)
    high: float | None = field(default=None, kw_only=True)
    unit: str | None = field(default=None, kw_only=True)
    qualifier: str | None = field(default=None, kw_only=True)
    stage: Stage | None = field(default=None, kw_only=True)
    subject: str | None = field(default=None, kw_only=True)
    reference: str | None = field(default=None, kw_only=True)
    shot: float | None = field(default=None, kw_only=True)
    scope: Scope = field(default=Scope.WHOLE, kw_only=True)
    scope_detail: str | None = field(default=None, kw_only=True)
    as_of: str | None = field(default=None, kw_only=True)
    condition: str | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class ClaimMention(Mention):
    """A statement about the event: its cause, method, character, responsibility, damage...

    ``label`` is the normalised claim ("explosive devices", "gas canisters", "terrorist attack",
    "no claim of responsibility") that reconciliation compares across documents; ``topic`` groups
    labels that answer the same question ("what exploded"), so two labels of one topic from
    different sources are a dispute. ``text`` is the statement as the sentence words it.
    """

    kind: ClaimKind = field(kw_only=True)
    label: str = field(kw_only=True)
    topic: str = field(kw_only=True)
    text: str = field(kw_only=True)
    negated: bool = field(default=False, kw_only=True)
    hedged: bool = field(default=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class QuoteMention(Mention):
    """Words the article puts in someone's mouth, with who said them and in what role.

    ``background`` marks words said of another event than the one reported (a remark of years
    before, a reaction to another attack): still a quote, not one about this event.
    """

    speaker: str | None = field(kw_only=True)
    role: str | None = field(default=None, kw_only=True)
    text: str = field(kw_only=True)
    partial: bool = field(default=False, kw_only=True)
    background: bool = field(default=False, kw_only=True)


class SourceKind(str, Enum):
    AGENCY = "agency"
    BROADCASTER = "broadcaster"
    OUTLET = "outlet"
    OFFICIAL = "official"
    SOCIAL_MEDIA = "social media"
    MEDIA = "media"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class SourceMention(Mention):
    """An agency, outlet, broadcaster or official the article cites ("according to IRNA")."""

    name: str = field(kw_only=True)
    source_kind: SourceKind = field(kw_only=True)
    surface: str = field(kw_only=True)


class PlaceKind(str, Enum):
    CITY = "city"
    PROVINCE = "province"
    COUNTRY = "country"
    SITE = "site"


@dataclass(frozen=True, slots=True)
class PlaceMention(Mention):
    name: str = field(kw_only=True)
    place_kind: PlaceKind = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class DateMention(Mention):
    """A calendar date the text gives for the event, resolved (weekday against publication)."""

    value: date = field(kw_only=True)
    surface: str = field(kw_only=True)


AnyMention = FigureMention | ClaimMention | QuoteMention | SourceMention | PlaceMention | DateMention


@dataclass(frozen=True, slots=True)
class Extraction:
    """All that was read out of one article, and the sentences it was read from."""

    article: Article
    sentences: tuple[Span, ...]
    mentions: tuple[AnyMention, ...]
    background: tuple[Span, ...] = ()


@dataclass(frozen=True, slots=True)
class Event:
    """Articles that report on one real-world happening."""

    id: str
    article_ids: tuple[str, ...]
    title: str
    date: str | None = None
    places: tuple[str, ...] = ()


def _pickled_by_field_names(cls: type) -> None:
    """Give a frozen slots dataclass a pickle state read and written with field names found once.

    dataclasses' own ``__setstate__`` for frozen slots classes calls ``dataclasses.fields`` for
    every object it rebuilds. An extraction coming back from an extraction worker holds about 85
    such objects (sentence spans, mentions and their spans), and those calls were most of the
    0.8 ms per document the ingest process spent unpickling. The state is the same field values
    in field order (a tuple); pickles only travel between processes of one run.
    """
    names = tuple(f.name for f in dataclasses.fields(cls))
    read = attrgetter(*names)
    # Each field's slot descriptor (inherited ones from the base class), set directly: what
    # ``object.__setattr__`` ends up calling, without looking the name up on the class for every
    # field of every object (unpickling an extraction in the ingest process ~2x faster).
    slots = [getattr(cls, name) for name in names]
    assert all(isinstance(slot, MemberDescriptorType) for slot in slots), cls  # slots=True dataclasses only
    setters = tuple(slot.__set__ for slot in slots)

    def __getstate__(self: object) -> tuple:
        return read(self)

    def __setstate__(self: object, state: tuple) -> None:
        for set_field, value in zip(setters, state):
            set_field(self, value)

    cls.__getstate__ = __getstate__  # type: ignore[attr-defined]
    cls.__setstate__ = __setstate__  # type: ignore[attr-defined]


for _cls in (Article, Span, Mention, FigureMention, ClaimMention, QuoteMention, SourceMention, PlaceMention,
             DateMention, Extraction, Event):
    _pickled_by_field_names(_cls)
del _cls
