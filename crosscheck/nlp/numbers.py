"""Number expressions in English news text: their values, qualifiers and what role they play.

A news sentence is full of numbers that are not counts: ages ("a 17-year-old", "Thompkins, 57,"),
years ("in 2020", "1980-1988"), clock times ("2 p.m.", "14:50"), dates ("Jan. 5"), money, street
addresses ("300 block", "Highway 40"), percentages, ordinals and measures ("700 meters", "15
minutes"). :func:`quantities` finds every number expression with its character span, parses it to
a value (number words through ``text2num``, which is made for that; only the idioms it lacks, such as
"a dozen", are read here) and labels its :class:`Role`, so extractors only ever count with
``Role.COUNT`` quantities and never have to re-discover why "62" in "aged 62" is not a toll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Iterator

from crosscheck.lang.en import LANGUAGE as ENGLISH
from crosscheck.nlp.regex import gate_patterns


class Role(str, Enum):
    """What a number does in its sentence; only ``COUNT`` can be a number of people or things."""

    COUNT = "count"
    AGE = "age"
    YEAR = "year"
    TIME = "time"
    DATE = "date"
    MONEY = "money"
    PERCENT = "percent"
    ADDRESS = "address"
    LABEL = "label"
    ORDINAL = "ordinal"
    MEASURE = "measure"


@dataclass(frozen=True, slots=True)
class Quantity:
    """One number expression found in a text.

    ``start``/``end`` cover the whole phrase including its qualifier ("at least 103"); ``num_start``
    is where the number itself begins. ``value`` is ``None`` for a range (then ``low``/``high``)
    and for vague amounts ("dozens", "several"), which state no value. ``unit`` is set for measures
    ("meters", "minutes") as written, lower-cased.
    """

    start: int
    end: int
    num_start: int
    value: float | None
    low: float | None = None
    high: float | None = None
    qualifier: str | None = None
    role: Role = Role.COUNT
    vague: bool = False
    unit: str | None = None

    @property
    def is_count(self) -> bool:
        return self.role is Role.COUNT and not self.vague


_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety "
    "hundred thousand million billion"
).split()
_WORD = "(?:" + "|".join(sorted(_WORDS, key=len, reverse=True)) + ")"
NUMBER_WORDS = frozenset(_WORDS) | {"dozen", "score", "couple", "pair", "both"}
"""The words a count written out can hold (``nlp.words.has_any``: a text with none and no digit states no count)."""
_WORD_NUMBER = rf"{_WORD}(?:(?:\s+and\s+|[\s-]+){_WORD})*"
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SCALE = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}

# Idioms text2num does not read. Values are exact; vague ones carry no value.
_IDIOMS: dict[str, float | None] = {
    "half a dozen": 6, "a half dozen": 6, "a half-dozen": 6, "a dozen": 12, "dozen": 12, "a score of": 20,
    "a couple of": 2, "a couple": 2, "a pair of": 2, "both": 2, "a hundred": 100, "a thousand": 1000,
    "dozens of": None, "dozens": None, "several": None, "a few": None, "a handful of": None,
    "scores of": None, "hundreds of": None, "hundreds": None, "thousands of": None, "numerous": None,
    "multiple": None,
}
_IDIOM = "|".join(re.escape(k) for k in sorted(_IDIOMS, key=len, reverse=True))
# The letters an idiom or a number word can begin with. The regex engine tries every alternative
# of _ATOM at every word boundary (about 60 under IGNORECASE, none skipped); a one-character
# lookahead of these letters in front of each alternative turns away the words that begin no
# number, which changes no match (the same letters, compared the same way) and halves the scan
# (27.9 -> 14.3 us a sentence). The gate in front of the whole pattern is gate_patterns' (below).
_IDIOM_FIRST = "".join(sorted({idiom[0] for idiom in _IDIOMS}))
_WORD_FIRST = "".join(sorted({word[0] for word in _WORDS}))

_ATOM = re.compile(
    rf"\b(?<![\w#/.:])(?<![A-Za-z]-)(?<!\d,)"
    rf"(?:(?P<digits>{_DIGITS})(?:\s+(?P<scale>million|billion|thousand|hundred)\b)?"
    rf"|(?=[{_IDIOM_FIRST}])(?P<idiom>\b(?:{_IDIOM})\b)|(?=[{_WORD_FIRST}])(?P<words>\b{_WORD_NUMBER}\b))"
    r"(?=(?:km|m|mi|ft|kg|mm|lbs?|st|nd|rd|th|s)\b|[^\w]|$)",
    re.IGNORECASE,
)

# Canonical qualifier for each way of writing it; reconciliation compares the canonical form.
QUALIFIERS: dict[str, str] = {
    "at least": "at least", "no fewer than": "at least", "no less than": "at least", "a minimum of": "at least",
    "about": "about", "around": "about", "approximately": "about", "roughly": "about", "some": "about",
    "an estimated": "about", "estimated": "about", "approx.": "about", "circa": "about", "nearly": "nearly",
    "almost": "nearly", "close to": "nearly", "just under": "nearly", "more than": "more than",
    "over": "more than", "upwards of": "more than", "just over": "more than", "in excess of": "more than",
    "up to": "up to", "as many as": "up to", "at most": "up to", "fewer than": "less than",
    "less than": "less than", "under": "less than",
}
_QUALIFIER = re.compile(
    r"(?:\b(?P<q>" + "|".join(re.escape(k) for k in sorted(QUALIFIERS, key=len, reverse=True)) + r"))\s+$",
    re.IGNORECASE,
)
_RANGE_GAP = re.compile(r"^\s*(?:-|–|—|to|or)\s*$", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s+$", re.IGNORECASE)

_UNITS = {
    "meter": "meters", "meters": "meters", "metre": "meters", "metres": "meters", "m": "meters",
    "kilometer": "kilometers", "kilometers": "kilometers", "kilometre": "kilometers",
    "kilometres": "kilometers", "km": "kilometers", "kms": "kilometers", "mile": "miles",
    "miles": "miles", "mi": "miles", "foot": "feet", "feet": "feet", "ft": "feet", "yard": "yards",
    "yards": "yards", "second": "seconds", "seconds": "seconds", "secs": "seconds", "minute": "minutes",
    "minutes": "minutes", "mins": "minutes", "min": "minutes", "hour": "hours", "hours": "hours",
    "hrs": "hours", "day": "days", "days": "days", "week": "weeks", "weeks": "weeks", "month": "months",
    "months": "months", "year": "years", "years": "years", "decade": "decades", "decades": "decades",
    "pounds": "pounds", "lbs": "pounds", "kg": "kilograms", "kilograms": "kilograms", "inch": "inches",
    "inches": "inches", "mm": "mm", "caliber": "caliber", "calibre": "caliber", "times": "times",
    "rounds": "rounds", "shots": "shots", "degrees": "degrees", "mph": "mph", "acres": "acres",
    "gallons": "gallons", "grams": "grams", "ounces": "ounces", "tons": "tons", "points": "points",
}
_UNIT_AFTER = re.compile(
    r"^(?:\s*|-)(?P<unit>" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")\b(?!-old)", re.IGNORECASE
)
_MONTHS = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_AGE_AFTER = re.compile(
    r"^(?:-|\s)*(?:years?|yrs?|months?|weeks?|days?)(?:-|\s)+old\b|^-year\b|^\s?y\.?\s?o\b", re.IGNORECASE  # "17 y.o."
)
_AGE_BEFORE = re.compile(
    r"\b(?:aged?(?:\s+between)?|ages(?:\s+of)?(?:\s+between)?|between\s+the\s+ages\s+of|(?:who|which)\s+(?:was|is)|"
    r"(?:ranging|range)\s+in\s+age\s+from)\s+$",  # "ranging in age from 19 to 27"
    re.IGNORECASE
)
_AGE_LIST_BEFORE = re.compile(r"\b(?:aged?|ages)\s+\d{1,3}(?:\s*,\s*\d{1,3})*\s*(?:,|,?\s*and|&)\s*$", re.IGNORECASE)
# The upper end of an age range: "between the ages of 21 and 58", "aged between 20 and 37".
_AGE_RANGE_BEFORE = re.compile(
    r"\b(?:between\s+the\s+ages\s+of|aged?\s+between|ages\s+between|ranging\s+in\s+age\s+from)\s+\d{1,3}\s*(?:and|to|-)\s*$",
    re.IGNORECASE,
)
# The ages of people just counted: "two men, 19 and 20, were shot", "three teens, 15, 16 and 17".
_PEOPLE_AGES_BEFORE = re.compile(
    r"\b(?:men|women|boys|girls|teens|teenagers|people|adults|children|kids|brothers|sisters|victims|males|"
    r"females|juveniles|friends|cousins)\s*,\s*(?:\d{1,3}\s*(?:,|and|&)\s*)*$",
    re.IGNORECASE,
)
_PEOPLE_AGES_AFTER = re.compile(r"^\s*(?:,|and\b|&|\)|\.)", re.IGNORECASE)
_AGE_COMMA = re.compile(r"(?:[A-Za-z.)]\s*,\s*|\(\s*)$")
_AGE_COMMA_AFTER = re.compile(r"^\s*(?:,|\)|and\s+\d+\s*,|of\s+[A-Z])")
_TIME_AFTER = re.compile(r"^(?::\d\d)?\s*(?:a\.?m\b\.?|p\.?m\b\.?|o['’]clock\b|hours?\s+local|gmt\b|utc\b|local\s+time)", re.IGNORECASE)
_CLOCK = re.compile(r"^:\d\d\b")
_DATE_BEFORE = re.compile(rf"\b{_MONTHS}\s+$", re.IGNORECASE)
_DATE_AFTER = re.compile(rf"^\s*(?:st|nd|rd|th)?\s*(?:of\s+)?{_MONTHS}(?![a-z])", re.IGNORECASE)
_ORDINAL_AFTER = re.compile(r"^(?:st|nd|rd|th)\b", re.IGNORECASE)
_MONEY_BEFORE = re.compile(r"(?:[$£€¥]|\b(?:usd|us\$|eur|rs\.?))\s*$", re.IGNORECASE)
_MONEY_AFTER = re.compile(r"^\s*(?:million\s+|billion\s+|thousand\s+)?(?:dollars?|bucks|cents?|euros?|pounds sterling|rupees|yuan)\b", re.IGNORECASE)
_PERCENT_AFTER = re.compile(r"^\s*(?:%|per\s*cent\b|percent\b|percentage\s+points?\b)", re.IGNORECASE)
_STREET = (
    r"(?:block|street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|way|court|ct|place|pl|parkway|pkwy"
    r"|highway|hwy|terrace|circle|trail|square|pike|turnpike|alley|row)\b"
)
_ADDRESS_AFTER = re.compile(
    rf"^(?:\s+(?:[NSEW]\.?|north|south|east|west|northeast|northwest|southeast|southwest))?"
    rf"(?:\s+(?:[A-Z][\w'.-]*|\d+(?:st|nd|rd|th)))*\s+(?i:{_STREET})|^\s+block\b",
)
_LABEL_BEFORE = re.compile(
    r"\b(?:highway|hwy|route|rte|interstate|i|us|sr|state\s+road|county\s+road|road|rd|apartment|apt|suite|"
    r"unit|room|no|number|#|building|gate|floor|channel|station|precinct|district|ward|flight|pier|"
    r"terminal|exit|lot|page|chapter|article|section|grade|class|level|phase|category|game|week|round|"
    r"volume|issue|episode|season|code|box|bus|line|platform|track|mile\s+marker|zip|ranked|top|"
    r"district|engine|ladder|squad|company|battalion|truck|car|cell|bed|pod|block|hall|camp|"
    r"version|model|type|stage|line|court|local|squadron|regiment|division|brigade|precinct|"
    r"channel|ch|band|area)\.?\s*[-#]?\s*$",
    re.IGNORECASE,
)
_LETTER_BEFORE = re.compile(r"[A-Za-z]-?$")
_LETTER_AFTER = re.compile(r"^-?[A-Za-z](?!\w)|^\d")
_PHONE = re.compile(r"^[-.)]\s*\d{3,4}\b")
_DECADE = re.compile(r"^'?s\b")
_GALLERY = re.compile(r"\b(?:image|photo|picture|slide|item|page|part)\s+(?:\d+\s+of\s+)?$", re.IGNORECASE)
_NAME_COMMA = re.compile(r"(?-i:\b[A-Z][a-z'’-]+)\s*,\s*$")
_EMERGENCY_AFTER = re.compile(r"^\s*(?:calls?|callers?|dispatch\w*|operators?|cent(?:er|re)s?|system|lines?|tapes?|recordings?)\b", re.IGNORECASE)
_ARTICLE_BEFORE = re.compile(r"\b(?:a|the)\s+$", re.IGNORECASE)  # "a 911" is never a count
_DIALLED_BEFORE = re.compile(r"\b(?:call(?:s|ed|ing)?|dial(?:s|ed|led|ing|ling)?|phon(?:es|ed|ing)|text(?:s|ed|ing)?)\s+$", re.IGNORECASE)
_ORDINAL_SUFFIX = re.compile(r"^(?:st|nd|rd|th)\b", re.IGNORECASE)
# "a score of" counts twenty of what follows ("a score of the worshippers"); before a number it names
# a game's result ("a score of 3-1").
_SCORE_OF_DIGITS = re.compile(r"a\s+score\s+of\s+\d", re.IGNORECASE)


ORDINAL_WORDS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth "
    "sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
_ORDINAL_VALUES = {word: n for n, word in enumerate(ORDINAL_WORDS, start=1)}
_ORDINAL_DIGITS = re.compile(r"(\d{1,3})(?:st|nd|rd|th)", re.IGNORECASE)


def ordinal_value(word: str) -> int | None:
    """The rank an ordinal states, written out or in digits: "fourth" and "4th" are 4; else ``None``."""
    word = word.lower()
    if word in _ORDINAL_VALUES:
        return _ORDINAL_VALUES[word]
    match = _ORDINAL_DIGITS.fullmatch(word)
    return int(match.group(1)) if match else None


# An age written out, as news writes it before "-year-old": "six", "nineteen", "twenty-two".
AGE_WORDS = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?"
    r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    r"|eighteen|nineteen)"
)


def whole_number(token: str) -> int | None:
    """The value of a whole number in digits or words ("7", "seven", "twenty-two"); else ``None``."""
    if token.isdigit():
        return int(token)
    value = parse_words(token)
    return int(value) if value is not None and value.is_integer() else None


@lru_cache(maxsize=4096)
def parse_words(words: str) -> float | None:
    """Value of a number written in words ("twenty-five", "one hundred three"), via text2num."""
    from text_to_num import text2num

    try:
        return float(text2num(words.lower().replace(" and ", " "), ENGLISH))
    except ValueError:
        return None


def _atom_value(match: re.Match[str]) -> tuple[float | None, bool]:
    """(value, vague) of one number atom."""
    if match.group("digits"):
        value = float(match.group("digits").replace(",", ""))
        scale = match.group("scale")
        return value * _SCALE[scale.lower()] if scale else value, False
    if match.group("idiom"):
        value = _IDIOMS[match.group("idiom").lower()]
        return value, value is None
    return parse_words(match.group("words")), False


def _role(text: str, start: int, end: int, digits: bool, value: float | None) -> tuple[Role, str | None]:
    """What the number at ``text[start:end]`` does, read from the few characters around it."""
    before, after = text[max(0, start - 40) : start], text[end : end + 60]
    if digits and _ORDINAL_SUFFIX.match(after):
        return Role.ORDINAL, None
    if digits and _DECADE.match(after):
        return Role.YEAR, None
    if _AGE_AFTER.match(after) or _AGE_BEFORE.search(before):
        return Role.AGE, None
    if digits and _AGE_RANGE_BEFORE.search(before):
        return Role.AGE, None  # "five men between the ages of 21 and 58 were shot"
    if digits and _AGE_LIST_BEFORE.search(before) and not re.match(r"\s*(?!(?:and|or)\b)[a-z]", after):
        return Role.AGE, None  # the later ages of "two teens, ages 14 and 16, were shot" (not "aged 20, and 4 others")
    if digits and value is not None and value < 120 and _PEOPLE_AGES_BEFORE.search(before) and _PEOPLE_AGES_AFTER.match(after):
        return Role.AGE, None  # "two men, 19 and 20, were shot"
    if digits and _GALLERY.search(before):
        return Role.LABEL, None  # "Image 22 of 111"
    if digits and re.search(r"\b(?:both|each|all)\s+$", before, re.IGNORECASE) and re.match(r"\s*[,)]", after):
        return Role.AGE, None  # "two women, both 21, were"
    if digits and (_LETTER_BEFORE.search(before) or _LETTER_AFTER.match(after)):
        if _ORDINAL_AFTER.match(after):
            return Role.ORDINAL, None
        if not _UNIT_AFTER.match(after):
            return Role.LABEL, None
    if digits and (_CLOCK.match(after) or _TIME_AFTER.match(after)):
        return Role.TIME, None
    if _TIME_AFTER.match(after):
        return Role.TIME, None
    if _MONEY_BEFORE.search(before) or _MONEY_AFTER.match(after):
        return Role.MONEY, None
    if _PERCENT_AFTER.match(after):
        return Role.PERCENT, None
    if digits and (_DATE_BEFORE.search(before) or _DATE_AFTER.match(after)):
        return Role.DATE, None
    if digits and _ADDRESS_AFTER.match(after):
        return Role.ADDRESS, None  # "the 1900 block of Elm Street", "at 2012 Roe Avenue": a place, not a year
    if digits and value is not None and 1800 <= value <= 2100 and "," not in text[start:end]:
        return Role.YEAR, None
    if digits and _DECADE.match(after):
        return Role.YEAR, None
    if digits and (_ADDRESS_AFTER.match(after) or _LABEL_BEFORE.search(before) or _PHONE.match(after)):
        return Role.ADDRESS, None
    if digits and value is not None and value < 120 and _AGE_COMMA.search(before) and _AGE_COMMA_AFTER.match(after):
        return Role.AGE, None
    if not digits and _NAME_COMMA.search(before) and re.match(r"\s*,", after):
        return Role.AGE, None  # "Miranda Roe, three, was shot": an age written in words
    if digits and value == 911 and (
        _EMERGENCY_AFTER.match(after) or _ARTICLE_BEFORE.search(before) or _DIALLED_BEFORE.search(before)
    ):
        return Role.LABEL, None  # "a 911 call", "911 dispatchers", "call 911 for ...": the emergency number
    unit = _UNIT_AFTER.match(after)
    if unit:
        return Role.MEASURE, _UNITS[unit.group("unit").lower()]
    return Role.COUNT, None


def quantities(text: str) -> list[Quantity]:
    """Every number expression of ``text``, in order, with ranges and qualifiers attached.

    Cached per text: several extractors ask about the same sentence.
    """
    return list(_quantities(text))


@lru_cache(maxsize=8192)
def _quantities(text: str) -> tuple[Quantity, ...]:
    atoms = [
        m for m in _ATOM.finditer(text)
        if not _is_pronoun_one(text, m) and (m.group("digits") or not text[m.end() : m.end() + 1].isalpha())
        and not _SCORE_OF_DIGITS.match(text, m.start())  # "a score of 3-1" is a result, not twenty
    ]
    out: list[Quantity] = []
    i = 0
    while i < len(atoms):
        atom = atoms[i]
        value, vague = _atom_value(atom)
        start, end, low, high = atom.start(), atom.end(), None, None
        if i + 1 < len(atoms) and not vague:
            nxt = atoms[i + 1]
            gap = text[end : nxt.start()]
            between = _BETWEEN.search(text[:start])
            is_range = _RANGE_GAP.match(gap) or (between and re.fullmatch(r"\s+and\s+", gap))
            nvalue, nvague = _atom_value(nxt)
            if is_range and not nvague and value is not None and nvalue is not None and value < nvalue:
                if not (gap.strip() in "-–" and nvalue >= 1000):  # "1980-1988", "555-1234" are not ranges
                    low, high, end, value = value, nvalue, nxt.end(), None
                    if between:
                        start = between.start()
                    i += 1
        digits = bool(atom.group("digits"))
        role, unit = _role(text, atom.start(), end, digits, value if value is not None else high)
        qualifier, qstart = _qualifier(text, start)
        out.append(Quantity(qstart, end, atom.start(), value, low, high, qualifier, role, vague, unit))
        i += 1
    return tuple(out)


def _qualifier(text: str, start: int) -> tuple[str | None, int]:
    """The canonical qualifier written just before ``start`` ("at least"), and where it begins."""
    match = _QUALIFIER.search(text[max(0, start - 25) : start])
    if not match:
        return None, start
    return QUALIFIERS[match.group("q").lower()], start - (len(text[max(0, start - 25) : start]) - match.start())


def _is_pronoun_one(text: str, match: re.Match[str]) -> bool:
    """"one" that is not a number: "no one", "someone", "the one who", "one another", "one day"."""
    if (match.group("words") or "").lower() != "one":
        return False
    before, after = text[max(0, match.start() - 12) : match.start()].lower(), text[match.end() : match.end() + 12].lower()
    return bool(
        re.search(r"\b(?:no|any|every|some|the|this|that|which|loved|little|young)\s+$", before)
        or re.match(r"\s+(?:another|day|night|time|thing|way)\b", after)
    )


def iter_counts(text: str) -> Iterator[Quantity]:
    """Only the quantities that count something (role COUNT), vague ones included."""
    return (q for q in quantities(text) if q.role is Role.COUNT)


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
