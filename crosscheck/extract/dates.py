"""When the event happened: calendar dates the text gives, resolved against publication.

dateparser reads almost anything as a date ("4th", an age "62" -> 2062, "two decades"), so it is
never run over free text here: regexes find the few surface forms news uses for dates (month-day-
year, weekday, "yesterday", "last night") and dateparser only resolves those, with the article's
publication date as base. Bare weekdays are resolved by arithmetic, as news means them: the most
recent such day on or before publication ("on Wednesday" in a Wednesday paper is that day;
dateparser would go back a week). Anniversaries ("the fourth anniversary of the death of X") are
resolved from the date the text gives for X's death, and kept only if a weekday the sentence names
agrees. Dates in background sentences (an earlier attack) are not dates of this event.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Iterator

from crosscheck.extract.background import is_background
from crosscheck.extract.context import background_indices
from crosscheck.extract.months import MONTH as _MONTH
from crosscheck.extract.months import MONTH_NUMBER as _MONTH_NUMBER
from crosscheck.extract.months import MONTH_WORDS as _MONTH_WORDS
from crosscheck.extract.months import WEEKDAYS as _WEEKDAYS
from crosscheck.extract.years import NOT_A_YEAR_AFTER
from crosscheck.lang.en import LANGUAGE as ENGLISH
from crosscheck.model import Article, DateMention
from crosscheck.nlp.document import AnalyzedDoc, Sentence
from crosscheck.nlp.numbers import ordinal_value
from crosscheck.nlp.regex import gate_patterns
from crosscheck.nlp.words import has_any

EXTRACTOR = "dates"

# A year after the day is one unless a zone or "hours" follows: "April 9 2045 GMT" is 20:45 (years.py).
_STATED_YEAR = rf"(?:,?\s+(?:19|20)\d{{2}}(?!{NOT_A_YEAR_AFTER['clock time with a zone']}|{NOT_A_YEAR_AFTER['clock time in hours']}))"
ABSOLUTE = re.compile(
    rf"\b(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?{_STATED_YEAR}?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}{_STATED_YEAR}?)(?![\w:])"
)
WEEKDAY = re.compile(r"\b(?P<day>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?!['’]s\s+(?:edition|paper|issue))")
RELATIVE = re.compile(r"\b(?:yesterday|last\s+night|earlier\s+today|this\s+(?:morning|afternoon|evening)|tonight|overnight)\b", re.IGNORECASE)
# A date in a future or habitual frame is not when the event happened ("will appear in court Monday").
# Whole words without which ABSOLUTE, WEEKDAY and RELATIVE cannot match (every month spelling the
# pattern allows, the weekdays, the relative words' last words): the sentence's word set
# (crosscheck.nlp.words) spares most sentences these scans. tests/test_dates.py checks them.
_WEEKDAY_WORDS = frozenset(day.lower() for day in _WEEKDAYS)
_RELATIVE_WORDS = frozenset("yesterday night today morning afternoon evening tonight overnight".split())
_NOT_EVENT = re.compile(
    r"\b(?:will|would|scheduled|set\s+for|due|next|until|through|every|each|since|funeral|vigil|hearing|arraign\w*|court|trial|sentencing|memorial\s+service)\b[^.;]{0,40}$",
    re.IGNORECASE,
)
_ANNIVERSARY = re.compile(
    r"\b(?P<ordinal>\w+)\s+anniversary\s+of\s+(?:the\s+)?(?:death|killing|assassination|martyrdom|murder|attack|bombing|shooting)"
    r"(?:\s+of\s+(?P<who>[^,.;:()]{1,60}))?"
)
_NAME_END = re.compile(r"\s(?:in|at|on|near|who|which|and|by|when|as)\s")

_YEAR = re.compile(r"(?:19|20)\d{2}")
_MONTH_DAY = re.compile(rf"(?P<month>{_MONTH})\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?")
_DAY_MONTH = re.compile(rf"(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>{_MONTH})")
# dateparser's reading of the relative words RELATIVE finds, as days before publication
# (None: dateparser reads no date in it).
_RELATIVE_DAYS: dict[str, int | None] = {
    "yesterday": 1, "last night": 1, "this morning": 0, "this afternoon": 0, "this evening": 0, "tonight": 0,
    "overnight": None, "earlier today": None,
}
_UNKNOWN = object()


def resolve(surface: str, base: datetime | None) -> date | None:
    """dateparser's reading of one date expression, relative to ``base`` (past preferred).

    A surface that states its year reads the same whatever the base (day and month are
    required), so it is parsed once for every document instead of once per publication time.
    """
    if _YEAR.search(surface):
        known = _stated_reading(surface)
        return _parse(surface, None) if known is _UNKNOWN else known  # type: ignore[return-value]
    if base is None:
        return None  # a date without a year needs the publication date
    known = _calendar_reading(surface, base)
    return _parse(surface, base) if known is _UNKNOWN else known  # type: ignore[return-value]


def _calendar_reading(surface: str, base: datetime) -> "date | None | object":
    """What dateparser reads in a relative word or a yearless "January 3" / "3rd of Jan.", computed
    by calendar arithmetic (dateparser costs about 1.3 ms a call, and a yearless date is parsed
    once per publication time); ``_UNKNOWN`` for any other form. The readings: a relative word is
    publication day minus ``_RELATIVE_DAYS``; a day and month fall in the publication year, or the
    year before when that day is after publication (past preferred). tests/test_dates.py checks them
    against dateparser over a grid of publication times; a day the month does not have goes to it.
    """
    if surface in _RELATIVE_DAYS:
        days = _RELATIVE_DAYS[surface]
        return None if days is None else base.date() - timedelta(days=days)
    match = _MONTH_DAY.fullmatch(surface) or _DAY_MONTH.fullmatch(surface)
    if match is None:
        return _UNKNOWN
    month, day = _MONTH_NUMBER[match.group("month")[:3].lower()], int(match.group("day"))
    try:
        value = date(base.year, month, day)
        return value if value <= base.date() else date(base.year - 1, month, day)
    except ValueError:
        return _UNKNOWN


# The month spellings ABSOLUTE finds and dateparser reads ("Sepember", which the pattern also
# lets through, is left to dateparser), and the two orders with a year, one space apart.
_MONTH_NAME = (
    r"(?:Jan(?:uary|\.)?|Feb(?:ruary|\.)?|Mar(?:ch|\.)?|Apr(?:il|\.)?|May|June?|July?|Aug(?:ust|\.)?"
    r"|Sep(?:t\.?|tember|\.)?|Oct(?:ober|\.)?|Nov(?:ember|\.)?|Dec(?:ember|\.)?)"
)
_MONTH_DAY_YEAR = re.compile(rf"(?P<month>{_MONTH_NAME}) (?P<day>\d{{1,2}})(?:st|nd|rd|th)?,? (?P<year>(?:19|20)\d\d)")
_DAY_MONTH_YEAR = re.compile(rf"(?P<day>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<month>{_MONTH_NAME}),? (?P<year>(?:19|20)\d\d)")


def _stated_reading(surface: str) -> "date | object":
    """The date a "January 3, 2015" / "3rd of Jan. 2015" states, read without dateparser (about
    3 ms a call, and each distinct date of the corpus is a new call); ``_UNKNOWN`` for any other
    form or a day the month does not have, which dateparser decides. A stated year leaves nothing
    to resolve: tests/test_dates.py checks the reading against dateparser over every spelling,
    order and ordinal ending, days 1-31 (dateparser ignores a wrong ending: "1th" is the 1st).
    """
    match = _MONTH_DAY_YEAR.fullmatch(surface) or _DAY_MONTH_YEAR.fullmatch(surface)
    if match is None:
        return _UNKNOWN
    month = _MONTH_NUMBER[match.group("month")[:3].lower()]
    try:
        return date(int(match.group("year")), month, int(match.group("day")))
    except ValueError:
        return _UNKNOWN


@lru_cache(maxsize=4096)
def _parse(surface: str, base: datetime | None) -> date | None:
    import dateparser

    settings: dict[str, object] = {"PREFER_DATES_FROM": "past", "REQUIRE_PARTS": ["day", "month"]}
    if base is not None:
        settings["RELATIVE_BASE"] = base
    parsed = dateparser.parse(surface.replace("of ", ""), languages=[ENGLISH], settings=settings)
    return parsed.date() if parsed else None


def weekday_before(day: str, base: date) -> date:
    """The latest ``day`` (a weekday name) on or before ``base``."""
    back = (base.weekday() - _WEEKDAYS.index(day)) % 7
    return base - timedelta(days=back)


def _mention(sentence: Sentence, start: int, end: int, value: date) -> DateMention:
    return DateMention(
        evidence=sentence.evidence, anchor=sentence.span(start, end), extractor=EXTRACTOR,
        value=value, surface=sentence.text[start:end],
    )


def _is_event_frame(text: str, start: int) -> bool:
    return _NOT_EVENT.search(text[max(0, start - 60) : start]) is None


def absolute_dates(sentence: Sentence, base: datetime | None) -> Iterator[DateMention]:
    """"January 3, 2024", "3 January", "Jan. 3" resolved (year from publication when absent)."""
    text = sentence.text
    for match in ABSOLUTE.finditer(text) if has_any(text, _MONTH_WORDS) else ():
        if not _is_event_frame(text, match.start()):
            continue
        value = resolve(match.group(), base)
        if value is not None and (base is None or value <= base.date() + timedelta(days=1)):
            yield _mention(sentence, match.start(), match.end(), value)


def relative_dates(sentence: Sentence, base: datetime) -> Iterator[DateMention]:
    """Weekdays and "yesterday"/"last night", resolved against the publication date."""
    text = sentence.text
    for match in WEEKDAY.finditer(text) if has_any(text, _WEEKDAY_WORDS) else ():
        if _is_event_frame(text, match.start()) and not ABSOLUTE.match(text, match.end() + 2):
            yield _mention(sentence, match.start(), match.end(), weekday_before(match.group("day"), base.date()))
    for match in RELATIVE.finditer(text) if has_any(text, _RELATIVE_WORDS) else ():
        if not _is_event_frame(text, match.start()):
            continue
        value = resolve(match.group().lower(), base)
        if value is not None:
            yield _mention(sentence, match.start(), match.end(), value)


def anniversary_dates(doc: AnalyzedDoc, sentence: Sentence) -> Iterator[DateMention]:
    """"the fourth anniversary of the death of X" + "X ... killed ... on January 3, 2020" -> 2024-01-03."""
    text = sentence.text
    for match in _ANNIVERSARY.finditer(text) if "anniversary" in text else ():
        years = ordinal_value(match.group("ordinal"))
        who = _NAME_END.split(match.group("who") or "", maxsplit=1)[0]
        names = re.findall(r"[A-Z][\w'’-]+", who)
        if years is None or not names:
            continue
        original = _dated_mention_of(doc, names[-1])
        if original is None:
            continue
        try:
            value = original.replace(year=original.year + years)
        except ValueError:  # 29 February
            continue
        named = WEEKDAY.search(text)
        if named and _WEEKDAYS[value.weekday()] != named.group("day"):
            continue  # the text names another weekday: the commemoration was not on the anniversary
        end = match.start("who") + who.rfind(names[-1]) + len(names[-1])
        yield _mention(sentence, match.start(), end, value)


def _years_before(mention: DateMention) -> date | None:
    """The date an anniversary mention counts from (the earlier event's own date)."""
    years = ordinal_value(mention.surface.split()[0])
    try:
        return mention.value.replace(year=mention.value.year - years) if years else None
    except ValueError:
        return None


def _dated_mention_of(doc: AnalyzedDoc, name: str) -> date | None:
    """A full date (with year) in a sentence naming ``name`` and a death ("killed ... on January 3, 2020")."""
    for other in doc.sentences:
        text = other.text
        if name not in text or not re.search(r"\b(?:killed|died|death|assassinat\w+|murdered|slain)\b", text):
            continue
        for match in ABSOLUTE.finditer(text):
            if re.search(r"(?:19|20)\d{2}$", match.group()):
                value = resolve(match.group(), None)
                if value is not None:
                    return value
    return None


def extract(doc: AnalyzedDoc) -> Iterator[DateMention]:
    """Dates of this event stated in the text, resolved, background sentences skipped."""
    base = doc.article.published_at
    if base is not None and base.tzinfo is not None:
        base = base.replace(tzinfo=None)
    background = background_indices(doc)
    anniversaries = [m for s in doc.sentences if s.index not in background for m in anniversary_dates(doc, s)]
    earlier = {_years_before(m) for m in anniversaries}
    for sentence in doc.sentences:
        if sentence.index in background:
            continue
        found = [m for m in absolute_dates(sentence, base) if m.value not in earlier]
        if base is not None:
            found.extend(relative_dates(sentence, base))
        found.extend(m for m in anniversaries if m.evidence == sentence.evidence)
        for mention in sorted(found, key=lambda m: m.anchor.start):
            start = sentence.text.find(mention.surface)
            if start < 0 or not is_background(sentence, start, start + len(mention.surface)):
                yield mention


# Sentences about the act itself weigh more; those about later procedure (arrest, court, funeral)
# carry their own dates, which follow-up stories repeat more often than the event's.
_ACT = re.compile(r"\b(?:shot|shooting|gunfire|opened\s+fire|fired|happened|occurred|explo(?:ded|sion)|blasts?|attack(?:ed)?|stabbed)\b", re.IGNORECASE)
_LATER_STEP = re.compile(
    r"\b(?:arrest\w*|charged|court|arraign\w*|hearing|sentenc\w*|funeral|vigil|booked|jail|indicted|custody|pleaded|trial|released|identified|autopsy)\b",
    re.IGNORECASE,
)


def mention_weight(sentence_text: str) -> float:
    """How much a date in this sentence says about when the event happened."""
    if _ACT.search(sentence_text):
        return 2.0
    return 0.01 if _LATER_STEP.search(sentence_text) else 1.0


def event_date(mentions: list[DateMention], article: Article | None = None) -> date | None:
    """The best-supported date (ties: the earliest) as a single guess for the event.

    Without the article every mention counts once; with it, mentions are weighted by their
    sentence (:func:`mention_weight`).
    """
    if not mentions:
        return None
    support: dict[date, float] = {}
    for mention in mentions:
        weight = mention_weight(mention.evidence.text(article)) if article is not None else 1.0
        support[mention.value] = support.get(mention.value, 0.0) + weight
    return max(support, key=lambda d: (support[d], -d.toordinal()))


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
