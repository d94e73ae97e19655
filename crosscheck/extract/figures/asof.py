"""The day a sentence dates a figure to (``FigureMention.as_of``), resolved against publication.

A date dates the figure's statement when it is joined to a verb of saying or of a toll's change
("said on Saturday", "The junta said Monday", "Peshawar police on Saturday revised down", "rose
Thursday to 3,145"), follows "as of" / "by" ("as of Thursday", "by Sunday"), or follows the count
itself ("rose to approximately 30,000 Sunday", "reached 101 here on Tuesday", "95 dead late
Wednesday night"). A date of the happening is not ("the quake that struck on Monday", "Monday's
quake", "the March 28 earthquake", "were killed on Friday"): the statement is then as of the
report. Weekdays and "yesterday" resolve against the publication date (``extract.dates``); in an
undated report only a date that gives its month resolves.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import lru_cache

from crosscheck.extract.dates import ABSOLUTE, WEEKDAY, resolve, weekday_before
from crosscheck.extract.other_happenings import HAPPENINGS
from crosscheck.nlp.numbers import whole_number
from crosscheck.nlp.regex import gate_patterns
from crosscheck.nlp.words import WEEKDAYS_AND_MONTHS, has_any

# Days counted back from the report: "yesterday", "a day earlier", "two days ago", "the previous day".
_RELATIVE = re.compile(
    r"\b(?:yesterday|today|tonight|last\s+night|this\s+(?:morning|afternoon|evening)|earlier\s+today|"
    r"(?P<back>a|one|two|three|four|five|six|[1-6])\s+days?\s+(?:earlier|before|ago)|"
    r"the\s+(?:day\s+before|previous\s+day))\b",
    re.IGNORECASE,
)
_RELATIVE_DAYS = {"yesterday": 1, "last night": 1, "the day before": 1, "the previous day": 1}
_RELATIVE_WORDS = frozenset({"yesterday", "today", "tonight", "night", "morning", "afternoon", "evening", "day", "days"})
_SAYING = (
    r"(?:said|says|say|told|tells|announced|announces|reported|reports|confirmed|confirms|stated|added|disclosed|"
    r"released|revealed|put|pegged|estimated|raised|revised(?:\s+(?:down|up))?|updated|lowered|corrected|rose|rises|"
    r"risen|reached|climbed|increased|stood|stands|crossed|topped|surpassed|jumped|soared|approaching|neared|"
    r"statement|report|figures?|data|balance|update)"
)
# Before the date: a verb of saying or change ("said on Saturday", "rose Thursday"), "as of", "by".
_STATED_BEFORE = re.compile(
    rf"\b(?:{_SAYING}(?:\s+[\w-]+){{0,2}}?\s+(?:(?:on|late|early|by|as\s+of)\s+)*|(?:as\s+of|by|until|up\s+to)\s+(?:late\s+|early\s+)?)$",
    re.IGNORECASE,
)
# After the date: the verb of saying or change it opens ("Peshawar police on Saturday revised down").
# (Not across a comma: "... wounded on Elm Street on Friday night, police said" dates the shooting.)
_STATED_AFTER = re.compile(rf"^(?:\s+(?:morning|afternoon|evening|night))?\s+{_SAYING}\b", re.IGNORECASE)
# A date of the happening: after its verb or before its noun.
_HAPPENED_BEFORE = re.compile(
    r"\b(?:hit|hits|struck|strikes|occurred|happened|took\s+place|rocked|shook|ripped|swept|began|started|erupted|"
    r"broke\s+out|triggered|killed|died|injured|wounded|shot|since)\s+(?:[\w'’.-]+\s+){0,5}?(?:on\s+)?(?:late\s+|early\s+)?$",
    re.IGNORECASE,
)
_HAPPENING_AFTER = re.compile(rf"^(?:['’]s)?\s+(?:[\w.-]+\s+){{0,2}}?{HAPPENINGS}\b", re.IGNORECASE)
_COUNT_BEFORE = re.compile(r"^(?:\s+[\w-]+){0,2}?\s+(?:here\s+)?(?:on\s+)?(?:late\s+|early\s+)?$", re.IGNORECASE)


def as_of(text: str, start: int, end: int, published: datetime | None) -> str | None:
    """The ISO day the sentence ``text`` dates the figure at ``[start, end)`` to, or ``None``."""
    if not has_any(text, WEEKDAYS_AND_MONTHS | _RELATIVE_WORDS):
        return None
    dates = [d for d in _dates(text) if _dates_a_statement(text, d, end)]
    if not dates:
        return None
    nearest = min(dates, key=lambda d: min(abs(d.start() - end), abs(start - d.end())))
    day = _resolve(nearest, published)
    if day is None or (published is not None and day > published.date() + timedelta(days=1)):
        return None
    return day.isoformat()


@lru_cache(maxsize=256)
def _dates(text: str) -> tuple[re.Match[str], ...]:
    """The dates of a sentence (cached: its figures each ask)."""
    found = [*ABSOLUTE.finditer(text), *_RELATIVE.finditer(text)]
    found += [w for w in WEEKDAY.finditer(text) if not any(a.start() <= w.start() < a.end() for a in found)]
    return tuple(found)


def _dates_a_statement(text: str, match: re.Match[str], figure_end: int) -> bool:
    """Whether the date dates a statement of the figure, not the happening (see the module doc)."""
    before = text[max(0, match.start() - 60) : match.start()]
    after = text[match.end() : match.end() + 60]
    if _HAPPENED_BEFORE.search(before) or _HAPPENING_AFTER.match(after):
        return False
    next_to_count = 0 <= match.start() - figure_end <= 24 and _COUNT_BEFORE.match(text[figure_end : match.start()])
    return bool(_STATED_BEFORE.search(before) or _STATED_AFTER.match(after) or next_to_count)


def _resolve(match: re.Match[str], published: datetime | None) -> date | None:
    surface = match.group(0)
    base = published.replace(tzinfo=None) if published is not None else None
    if match.re is WEEKDAY:
        return weekday_before(match.group("day"), base.date()) if base else None
    if match.re is _RELATIVE:
        if base is None:
            return None
        back = match.group("back")
        if back:
            return base.date() - timedelta(days=1 if back.lower() == "a" else whole_number(back) or 0)
        return base.date() - timedelta(days=_RELATIVE_DAYS.get(re.sub(r"\s+", " ", surface.lower()), 0))
    return resolve(surface, base)


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
