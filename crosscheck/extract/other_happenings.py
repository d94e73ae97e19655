"""Other happenings a report tells beside its own event, as world news does (``extract.background``
asks here for these regions).

* Another happening of the same day or span, told as such: "Also Friday, a blast ripped through a
  mosque in Hangu, killing five", "Earlier, in Mastung district, a suicide blast claimed the lives
  of 35", "Hours after the blast in Balochistan, a second attack took place in Hangu and claimed the
  lives of five", "An attack also killed two soldiers in the north" (``_ANOTHER_OPENING``,
  ``_SECOND_HAPPENING``, ``_ALSO_AN_ATTACK``); the sentence after such a sentence in
  its paragraph goes on with that happening ("A second bomb attack took place in Hangu. Five people
  were killed, and 12 were injured ...").
* The event counted among the day's happenings, with the other one's toll: "This was the second blast
  reported in Pakistan today as at least 40 people were killed ... in Mastung" (``_COUNTED_WITH``:
  from "as" / "after" on).
* A repeat of an earlier happening recalls it by its date: in a report of a new or second quake
  (``_REPEAT``), "the magnitude 7.8 earthquake which struck Feb. 6 has killed nearly 45,000", "the
  massive February 6 quake ..., with at least 41,156 people killed" (``_DATED_HAPPENING``: a happening
  dated more than two days before publication, or any dated one in an undated report, not itself
  called new).
* A time before the event: "Even before the disaster, more than 3 million people were displaced", "six
  days prior to the university shooting, he shot and killed a man" (``_BEFORE_THE_EVENT``).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Callable

from crosscheck.extract.months import MONTH, MONTH_NUMBER, MONTH_WORDS
from crosscheck.nlp.document import Sentence
from crosscheck.nlp.regex import gate_patterns
from crosscheck.nlp.words import has_any

HAPPENINGS = (
    r"(?:attacks?|blasts?|bombings?|explosions?|shootings?|stabbings?|earthquakes?|quakes?|tremors?|temblors?|"
    r"fires?|crash(?:es)?|floods?|landslides?|storms?|rampage|disaster|tragedy)"
)
"""The nouns of happenings a report tells (``figures.asof`` reads a date before one as the happening's)."""
_DAY = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|that\s+day|the\s+same\s+day)"
_ANOTHER_OPENING = re.compile(
    rf"^\W*(?:also|earlier|separately|elsewhere|meanwhile)(?:\s+(?:on\s+)?{_DAY})?\s*,\s+(?:in\s+[^,]{{2,60}},\s+)?"
    rf"(?:a|an|another)\s+(?:[\w-]+\s+){{0,3}}?{HAPPENINGS}\b",
    re.IGNORECASE,
)
# Explosions are left out: one event often has a second explosion ("a second blast went off 15
# minutes later"); a second attack, bombing or shooting is another happening.
_SECOND_HAPPENING = re.compile(
    r"\b(?:a|another)\s+(?:second|third|separate|different)\s+(?:[\w-]+\s+){0,2}?(?:attack|bombing|shooting|stabbing)\s+"
    r"(?:took\s+place|occurred|struck|hit|targeted|happened|was\s+carried\s+out)\b",
    re.IGNORECASE,
)
# An attack told with "also" after it, opening its sentence with "a" or "an": "A terror attack also
# reached the outskirts of the capital", "An attack also killed two soldiers in the north". Not an
# explosion: "An explosion also damaged nearby shops" is the event's own blast.
_ALSO_AN_ATTACK = re.compile(
    r"^\W*(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:attacks?|bombings?|shootings?|stabbings?|assaults?)\s+(?:[\w-]+\s+){0,2}?also\b",
    re.IGNORECASE,
)
_COUNTED_WITH = re.compile(
    r"^\W*(?:it|this|that)\s+(?:is|was|marks|marked)\s+the\s+(?:second|third|fourth|\d+(?:st|nd|rd|th))\s+(?:[\w-]+\s+){0,2}?"
    rf"{HAPPENINGS}[^.;]*?\b(?:today|tonight|in\s+a\s+single\s+day|on\s+the\s+same\s+day|this\s+week|hours)\b"
    r"[^.;]*?\s(?P<other>as|after|when|while|following)\s",
    re.IGNORECASE,
)
_REPEAT = re.compile(
    r"\b(?:new|another|second|latest|fresh)\s+(?:[\w.-]+\s+){0,3}?(?:earthquakes?|quakes?|tremors?|temblors?|blasts?|"
    r"bombings?|attacks?|explosions?|storms?|floods?)\b",
    re.IGNORECASE,
)
_DATE = rf"(?:{MONTH}\s+\d{{1,2}}|\d{{1,2}}\s+{MONTH})(?!\d)"
_DATED_HAPPENING = re.compile(  # case-sensitive months ("may" is no month), happenings in any case
    rf"(?P<called>\b(?i:new|another|second|latest|fresh)\s+)?(?:[\w.-]+\s+){{0,3}}?(?i:{HAPPENINGS})\b"
    rf"[^.;]{{0,50}}?\b(?P<date>{_DATE})|(?P<date2>{_DATE}),?\s+(?:[\w.-]+\s+){{0,3}}?(?i:{HAPPENINGS})\b",
)
# "Even before the disaster, 3 million were displaced", "six days prior to the university shooting, he
# shot and killed a man", "Hours before the university shooting, police discovered a man shot dead":
# what the clause tells happened before the event (after it, "Two days after the catastrophe, ...", it
# is the event's aftermath).
_BEFORE_THE_EVENT = re.compile(
    r"\b(?:even|long|well)\s+before\s+the\s+(?:disaster|quake|earthquake|attack|floods?|storm|fire|war|tragedy)\b|"
    r"\b(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|several|few|\d+)\s+(?:days?|weeks?|months?|years?|hours?)|"
    r"hours|days|weeks)\s+(?:before|prior\s+to)\s+the\s+[^,;.]{1,40},",
    re.IGNORECASE,
)
_WORDS = frozenset({"also", "earlier", "separately", "elsewhere", "meanwhile", "second", "third", "separate", "different",
                    "before", "prior"})


def regions(sentence: Sentence, clauses: Callable[[], list[tuple[int, int]]]) -> list[tuple[int, int]]:
    """Ranges of ``sentence.text`` about another happening (see the module doc); ``clauses`` gives
    the sentence's clauses, cut only when a range needs them."""
    text = sentence.text
    found: list[tuple[int, int]] = []
    if has_any(text, _WORDS):
        if _ANOTHER_OPENING.match(text) or _ALSO_AN_ATTACK.match(text):
            return [(0, len(text))]
        second = _SECOND_HAPPENING.search(text)
        if second:
            found.append((second.start(), len(text)))
        counted = _COUNTED_WITH.match(text)
        if counted:
            found.append((counted.start("other"), len(text)))
        found.extend((m.start(), _clause_end(clauses(), m.start(), len(text))) for m in _BEFORE_THE_EVENT.finditer(text))
    if has_any(text, MONTH_WORDS) and _repeats(sentence):
        for match in _DATED_HAPPENING.finditer(text):
            if not match.group("called") and _earlier(sentence, match.group("date") or match.group("date2")):
                found.append((match.start(), _clause_end(clauses(), match.start(), len(text))))
    return found


def goes_on(sentence: Sentence) -> bool:
    """Whether the sentence before, in the same paragraph, tells another happening of the same day
    or span (``_ANOTHER_OPENING``, ``_SECOND_HAPPENING``): this one goes on with it."""
    if sentence.index == 0:
        return False
    before = sentence.doc.sentences[sentence.index - 1]
    if "\n" in sentence.doc.view.text[before.end : sentence.start] or not has_any(before.text, _WORDS):
        return False
    return bool(_ANOTHER_OPENING.match(before.text) or _ALSO_AN_ATTACK.match(before.text) or _SECOND_HAPPENING.search(before.text))


def _repeats(sentence: Sentence) -> bool:
    """Whether the report tells a new or second happening of a kind (cached on the document)."""
    doc = sentence.doc
    cached = getattr(doc, "_repeats_happening", None)
    if cached is None:
        cached = bool(_REPEAT.search(doc.view.text))
        setattr(doc, "_repeats_happening", cached)
    return cached


_MONTH_DAY = re.compile(r"(?P<month>[A-Za-z]+)\.?\s+(?P<day>\d{1,2})|(?P<day2>\d{1,2})\s+(?P<month2>[A-Za-z]+)")


def _earlier(sentence: Sentence, surface: str) -> bool:
    """Whether a date is more than two days before publication (any date, in an undated report):
    the day and month in the publication year, or the year before when that is after publication."""
    published = sentence.doc.article.published_at
    if published is None:
        return True
    match = _MONTH_DAY.fullmatch(surface)
    if match is None:
        return False
    month = MONTH_NUMBER[(match.group("month") or match.group("month2"))[:3].lower()]
    number = int(match.group("day") or match.group("day2"))
    for year in (published.year, published.year - 1):  # past preferred: the latest such day on or before publication
        try:
            day = date(year, month, number)
        except ValueError:
            continue
        if day <= published.date():
            return day < published.date() - timedelta(days=2)
    return False


def _clause_end(clauses: list[tuple[int, int]], at: int, default: int) -> int:
    return next((b for a, b in clauses if a <= at < b), default)


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
