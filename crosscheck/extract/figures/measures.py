"""Measures of the event that are not casualties: explosions, intervals between them, distances,
depths, clock times."""

from __future__ import annotations

import re
from itertools import takewhile
from typing import Iterator

from crosscheck.extract.background import is_background
from crosscheck.extract.figures.provenance import _attribution, _stage, _tidy
from crosscheck.model import FigureKind, FigureMention
from crosscheck.nlp.document import Sentence
from crosscheck.nlp.numbers import Quantity, Role, quantities
from crosscheck.nlp.regex import gate_patterns


_EXPLOSION_NOUN = r"explosions?|blasts?|bombings?|detonations?|explosive\s+devices?|bombs?"
_EXPLOSIONS = re.compile(
    r"^(?:\s+(?:separate|powerful|large|big|huge|massive|deadly|simultaneous|successive|consecutive|"
    rf"near-simultaneous|suicide|car|bomb|strong))*\s+(?:{_EXPLOSION_NOUN})\b",
    re.IGNORECASE,
)
_ORDINAL = r"first|second|third|fourth|fifth|last|final|initial"
_SUBJECT = re.compile(rf"\b(?P<ord>{_ORDINAL})\s+(?P<noun>{_EXPLOSION_NOUN}|shots?|shooting|attack|gunshots?|vehicles?)\b", re.IGNORECASE)
_ELLIPTIC = re.compile(rf"\b(?:the\s+)(?P<ord>{_ORDINAL})\b(?!\s+(?:time|day|week|year|minute))", re.IGNORECASE)
_HEAD_NOUN = re.compile(rf"\b(?P<noun>{_EXPLOSION_NOUN}|shots|shootings|attacks)\b", re.IGNORECASE)
_INTERVAL_CUE = re.compile(r"^\s*(?:later|after|apart|afterwards|earlier|before|between)\b", re.IGNORECASE)
_INTERVAL_BEFORE = re.compile(r"\b(?:separated\s+by|intervals?\s+of|gaps?\s+of|periods?\s+of|within)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
_TO_MINUTES = {"seconds": 1 / 60, "minutes": 1.0, "hours": 60.0}
_TO_METERS = {"meters": 1.0, "kilometers": 1000.0, "miles": 1609.344, "feet": 0.3048, "yards": 0.9144}
_A_UNIT = re.compile(
    r"\b(?P<q>(?:about|around|approximately|roughly|nearly|almost|some|more\s+than|less\s+than)\s+)?"
    r"(?P<half>half\s+)?an?\s+(?P<unit>kilometers?|kilometres?|km|miles?|meter|metre|minute|hour)\b"
    r"(?P<and_half>\s+and\s+a\s+half\b)?",
    re.IGNORECASE,
)
_AND_A_HALF = re.compile(r"^\s+and\s+a\s+half\b", re.IGNORECASE)
# "away from the tomb", "west of Varnton": what a distance is measured from
_REFERENCE = re.compile(
    r"^(?i:(?:\s+(?:away|off|distant|(?:north|south)(?:east|west)?(?:ern)?|east(?:ern)?|west(?:ern)?))?\s+(?:from|of)\s+)"
    r"(?P<ref>[^,.;:()]{1,80})"
    # "struck 80 km off Varnton": a coast or a town named right after "off"
    r"|^\s+(?i:off\s+(?:the\s+(?:coast|shore)\s+of\s+)?)(?P<offshore>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})"
)
# A depth, not a distance: "at a depth of 10 km", "10 km deep", "six miles beneath the surface"
_DEPTH_BEFORE = re.compile(r"\bdepths?\s+of\s+(?:(?:just|only|about|around|some|roughly|approximately)\s+)?$", re.IGNORECASE)
_DEPTH_AFTER = re.compile(
    r"^\s*(?:deep\b|(?:below|beneath|under)\s+(?:the\s+)?(?:surface|ground|earth|sea\s*floor|seabed|sea\s+bed)\b|underground\b)",
    re.IGNORECASE,
)
# A size, not how far: "a 25,000-mile-long stretch", "a 300-foot-high dam", "2 miles wide"
_SIZE_AFTER = re.compile(r"^\s*-?\s*(?:long|wide|high|tall|thick|across|in\s+(?:length|diameter|width|size))\b", re.IGNORECASE)
# A speed, not a distance: "193 km/h", "120 miles per hour", "50 km an hour"
_RATE_AFTER = re.compile(r"^\s*(?:/\s*h(?:r|our)?\b|per\s+hour\b|an\s+hour\b)", re.IGNORECASE)
# What an attributive length measures is the noun after it: "a 30-mile pursuit", "a 5-mile radius"
_ATTRIBUTIVE_AFTER = re.compile(
    r"^\s*(?!(?:away|from|off|of|in|on|at|to|outside|beyond|inland|offshore|out|up|down|"
    r"(?:north|south)(?:east|west)?(?:ern)?|east(?:ern)?|west(?:ern)?)\b)[a-z]"
)
# A person's height: "5 foot, 8 inch", "6 feet 2 inches"
_HEIGHT = re.compile(r"^\s*[,-]?\s*\d+\s*-?\s*(?:inch|inches|in\b)", re.IGNORECASE)
# Nouns of a named place: "the provincial capital Varnton", "the town of Varnton" measure from the name
_PLACE_NOUNS = frozenset("capital city town village district province county island region state port coast".split())
_CONVERSION = re.compile(r"^\s*\((?P<body>[^)]{0,40})\)")
_CLOCK = re.compile(r"\b(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?)?(?=\W|$)", re.IGNORECASE)
# Between a clock time and the same instant in another zone: "07:37 UTC (3:37 a.m. EDT)", "9 p.m. local time / 1800 GMT"
_ZONE_CONVERSION = re.compile(r"\s*(?:(?:local\s+time|[A-Z]{2,5})\s*)?[(/]\s*$")
_EVENT_VERB = re.compile(r"\b(?:explo\w+|blasts?|detonat\w+|went\s+off|shots?\s+(?:were|was)\s+fired|opened\s+fire|shooting|attack\w*|occurred|happened|struck|hit)\b", re.IGNORECASE)
_NOT_REFERENCE = frozenset("the a an his her its their him them it this that martyr general late".split())
# The landmark's phrase is over: a place or clause follows, or another coordinated distance
# ("55 km south of Varnton and 72 km east of Elm City")
_REFERENCE_STOPS = frozenset("in at on where which near and or but".split())
_RUN_ENDS = frozenset(
    "of to for with by from after before when as that between into onto over under across along through"
    " outside inside behind beyond toward towards about around than"
    " who whom whose he she they we it was were is are had has have".split()  # a clause about the landmark
)
# The noun a name modifies ("the Oregon border"): a lowercase word that is no verb's past or -ing
# form ("north of Varnton spotted a car", "of Elm City began with")
_HEAD_AFTER_NAME = re.compile(r"\s+([a-z]+)\b(?<!ed)(?<!ing)")
_NOT_HEAD_NOUNS = frozenset("is was are were has had have left began hit struck said says off along amid just then".split())
# Capitalised words that name no place: "south of the town of Varnton Thursday"
_NOT_PLACE_NAMES = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


def _normal_subject(ordinal: str, noun: str) -> str:
    noun = noun.lower()
    if re.match(rf"(?:{_EXPLOSION_NOUN})$", noun):
        noun = "explosion"
    return f"{ordinal.lower()} {noun.rstrip('s') if noun.endswith(('shots', 'attacks')) else noun}"


def _subject_before(sentence: Sentence, at: int) -> str | None:
    """What a measure is about: the nearest "first explosion" before ``at``, or an elliptic "the
    second" completed with the head noun of the sentence or the ones before it."""
    text = sentence.text[:at]
    found = list(_SUBJECT.finditer(text))
    elliptic = list(_ELLIPTIC.finditer(text))
    if found and (not elliptic or found[-1].start() >= elliptic[-1].start()):
        return _normal_subject(found[-1].group("ord"), found[-1].group("noun"))
    if elliptic:
        noun = _head_noun(sentence)
        if noun:
            return _normal_subject(elliptic[-1].group("ord"), noun)
    return None


def _head_noun(sentence: Sentence) -> str | None:
    """The thing the current passage is about (explosions, shots), from this or the 3 sentences before."""
    current: Sentence | None = sentence
    for _ in range(4):
        if current is None:
            return None
        nouns = list(_HEAD_NOUN.finditer(current.text))
        if nouns:
            return nouns[-1].group("noun")
        current = current.previous
    return None


def _reference(text: str) -> str | None:
    """The landmark a distance is measured from: "from Soleimani's tomb" -> "tomb", "south of
    Varnton City" -> "Varnton City" (a place named alone), "from the provincial capital Varnton"
    and "of the town of Varnton" -> "Varnton" (a place noun names its place), "off Varnton"."""
    match = _REFERENCE.match(text)
    if not match:
        return None
    if match.group("offshore"):
        return match.group("offshore")
    ref = match.group("ref")
    words = re.findall(r"[\w'’-]+", ref)
    first = next((w for w in words if w.lower() not in _NOT_REFERENCE), None)
    if first is not None and first[0].isupper() and not _POSSESSIVE_END.search(first):
        named = _named_landmark(ref)
        if named is not None:
            return named
    return _common_landmark(words) or _leading_name(ref)


_POSSESSIVE_END = re.compile(r"['’]s$")
_LEADING_NAME = re.compile(r"(?:[Tt]he\s+)?((?:[A-Z][\w'’-]*)(?:\s+[A-Z][\w'’-]*){0,3})")


def _leading_name(ref: str) -> str | None:
    named = _LEADING_NAME.match(ref)
    return named.group(1) if named else None


def _named_landmark(ref: str) -> str | None:
    """A name first is the landmark ("north of Varnton spotted a car": Varnton), with the noun it
    modifies ("the Oregon border"); a possessive name hands on to its noun ("New Zealand's highest
    peak": ``None``, the common words decide)."""
    named = _LEADING_NAME.match(ref)
    if not named or _POSSESSIVE_END.search(named.group(1)):
        return None
    noun = _HEAD_AFTER_NAME.match(ref, named.end())
    if noun and noun.group(1) not in _RUN_ENDS | _REFERENCE_STOPS | _NOT_HEAD_NOUNS:
        return f"{named.group(1)} {noun.group(1)}"
    return named.group(1)


def _common_landmark(words: list[str]) -> str | None:
    """The head of the first run of common words ("provincial capital" -> "capital", "grave"), or
    the name a place noun gives ("the town of Varnton" -> "Varnton")."""
    run: list[str] = []
    after = 0
    for i, word in enumerate(words):
        lowered = word.lower()
        if lowered in _REFERENCE_STOPS or word[0].isdigit():
            break
        if run and len(lowered) > 4 and lowered.endswith("ed"):
            break  # "a fundraiser attended by ...": the participle opens a phrase about the head
        if len(lowered) > 4 and lowered.endswith("ly"):
            continue  # "the generally recognized border": an adverb is no landmark
        if word[0].islower() and lowered not in _NOT_REFERENCE and lowered not in _RUN_ENDS:
            run.append(lowered)
            after = i + 1
        elif run:
            break
    if not run:
        return None
    if run[-1] in _PLACE_NOUNS:
        rest = words[after:]
        while rest and rest[0].lower() in ("of", "the"):
            rest = rest[1:]
        name = list(takewhile(lambda w: w[0].isupper() and w.lower() not in _NOT_PLACE_NAMES, rest))[:4]
        if name:
            return " ".join(name)
    return run[-1]


# Substrings one of which every sentence with a measure holds; ``in`` on the lowered text is far
# cheaper than a regular expression, and most sentences hold none.
_MEASURE_HINTS = ("explo", "blast", "bomb", "deton", "met", "km", "mile", "feet", "ft", "yard", "min",
                  "hour", "second", "a.m", "p.m", "am", "pm", ":")
# The same test as ``any(hint in lowered ...)``, in one scan (0.24 -> 0.10 ms/doc for the casualty hints).
_MEASURE_HINT = re.compile("|".join(re.escape(hint) for hint in _MEASURE_HINTS))


def _measures(sentence: Sentence) -> Iterator[FigureMention]:
    """Explosion counts, intervals, distances, depths and clock times of one sentence."""
    if not _MEASURE_HINT.search(sentence.text.lower()):
        return
    yield from _quantity_measures(sentence)
    yield from _clock_times(sentence)


def _quantity_measures(sentence: Sentence) -> Iterator[FigureMention]:
    """The measures stated as numbers: explosion counts, intervals, distances, depths."""
    text = sentence.text
    qs = quantities(text)
    skip_until = -1
    last_reference: str | None = None
    for q in sorted(qs + _a_unit_quantities(text, qs), key=lambda q: q.start):
        if q.start < skip_until or is_background(sentence, q.start, q.end):
            continue  # a measure of another happening ("In April last year a quake struck 431 km off Varnton")
        if q.role is Role.COUNT and not q.vague and q.value is not None and _EXPLOSIONS.match(text[q.end :]):
            if q.value > 1 or re.match(r"(?i)one\b|1\b", text[q.num_start :]):
                yield _mention(sentence, q, FigureKind.EXPLOSIONS, "figures.explosions", 1.0, unit=None)
            continue
        if q.role is not Role.MEASURE or q.unit is None:
            continue
        after = text[q.end :]
        unit_match = re.match(r"\s*-?\s*\w+", after)
        tail = after[unit_match.end() :] if unit_match else after
        tail = _AND_A_HALF.sub("", tail, count=1)  # "a mile and a half away": the half is in the value
        if q.unit in _TO_MINUTES and (_INTERVAL_CUE.match(tail) or _INTERVAL_BEFORE.search(text[: q.start])):
            if _subject_before(sentence, q.start) is None and not _HEAD_NOUN.search(text):
                continue  # "arrested an hour after the bodies were found": no interval between blasts or shots
            factor = _TO_MINUTES[q.unit]
            yield _mention(sentence, q, FigureKind.INTERVAL, "figures.interval", factor, unit="minutes",
                           end=q.end + (unit_match.end() if unit_match else 0))
        elif q.unit in _TO_METERS:
            conversion = _CONVERSION.match(tail)
            if conversion and re.search(r"\b(?:miles?|mi|feet|ft|yards|km|kilomet\w+|meters?|metres?|m)\b", conversion.group("body")):
                skip_until = q.end + (unit_match.end() if unit_match else 0) + conversion.end()
                tail = tail[conversion.end() :]
            if _is_no_distance(tail, unit_match.group() if unit_match else "") or _is_radius(text[: q.start], tail):
                continue
            if _DEPTH_BEFORE.search(text[: q.start]) or _DEPTH_AFTER.match(tail):
                yield _mention(sentence, q, FigureKind.DEPTH, "figures.depth", _TO_METERS[q.unit], unit="m",
                               end=q.end + (unit_match.end() if unit_match else 0))
                continue
            reference = _reference(tail)
            if reference is None and re.match(r"^\s+(?:away\s+)?from\s+(?:him|her|it|there)\b", tail):
                reference = last_reference
            reference = reference or last_reference or _previous_reference(sentence)
            last_reference = reference
            yield _mention(sentence, q, FigureKind.DISTANCE, "figures.distance", _TO_METERS[q.unit], unit="m",
                           end=q.end + (unit_match.end() if unit_match else 0), reference=reference)


# A zone drawn around a place: "residents within 2 km of the plant", "a 5 km radius", "a 20-kilometre
# exclusion zone". It bounds a warning or an evacuation, not where anything happened.
_WITHIN_BEFORE = re.compile(r"\b(?:within|inside)\s+(?:a\s+|an\s+|the\s+)?(?:radius\s+of\s+)?(?:(?:about|around|some|roughly)\s+)?$", re.IGNORECASE)
_ZONE_AFTER = re.compile(r"^\s*(?:radius|(?:exclusion|safety|security|evacuation|danger)\s+zone|zone|perimeter|cordon)\b", re.IGNORECASE)


def _is_radius(before: str, tail: str) -> bool:
    """Whether a length is the size of a zone around a place (``_WITHIN_BEFORE``, ``_ZONE_AFTER``);
    "within" right after the event's verb bounds where it happened ("shots were fired within 100
    meters of the school")."""
    if _ZONE_AFTER.match(tail):
        return True
    within = _WITHIN_BEFORE.search(before[-40:])
    return bool(within) and not _EVENT_VERB.search(before[-40:][: within.start()][-25:])


def _is_no_distance(tail: str, unit: str) -> bool:
    """Whether a length is a size, a speed, a height or an attributive length ("a 30-mile
    pursuit"): what it measures is not how far anything was from the event."""
    attributive = "-" in unit
    return bool(_SIZE_AFTER.match(tail) or _RATE_AFTER.match(tail) or _HEIGHT.match(tail) or (attributive and _ATTRIBUTIVE_AFTER.match(tail)))


def _clock_times(sentence: Sentence) -> Iterator[FigureMention]:
    """Clock times of the event ("exploded at 14:50"), a conversion to another zone read once."""
    text = sentence.text
    previous_clock_end: int | None = None
    for clock in _CLOCK.finditer(text):
        converted = previous_clock_end is not None and _ZONE_CONVERSION.match(text[previous_clock_end : clock.start()])
        previous_clock_end = clock.end()
        if converted or not (clock.group("m") or clock.group("ap")) or not _EVENT_VERB.search(text[: clock.start()]):
            continue
        if is_background(sentence, clock.start(), clock.end()):
            continue
        hour, minute = int(clock.group("h")), int(clock.group("m") or 0)
        ap = (clock.group("ap") or "").lower().replace(".", "")
        if ap == "pm" and hour < 12:
            hour += 12
        elif ap == "am" and hour == 12:
            hour = 0
        if re.match(r"^\s*(?:minutes|hours|seconds|mins)\b", text[clock.end() :], re.IGNORECASE):
            continue
        yield FigureMention(
            evidence=sentence.evidence, anchor=sentence.span(clock.start(), clock.end()), extractor="figures.time",
            attributed_to=_attribution(sentence, clock.start(), clock.end()), kind=FigureKind.TIME_OF_DAY,
            value=f"{hour:02d}:{minute:02d}", unit="hh:mm", subject=_subject_before(sentence, clock.start()),
            stage=_stage(sentence.text, clock.start()),
        )


def _previous_reference(sentence: Sentence) -> str | None:
    """The landmark of the distance stated just before ("700 meters from the tomb. The second was a
    kilometer away" measures both from the tomb)."""
    previous = sentence.previous
    if previous is None:
        return None
    for q in reversed(quantities(previous.text)):
        if q.role is Role.MEASURE and q.unit in _TO_METERS:
            tail = re.sub(r"^\s*-?\s*\w+", "", previous.text[q.end :], count=1)
            conversion = _CONVERSION.match(tail)
            return _reference(tail[conversion.end() :] if conversion else tail)
    return None


def _a_unit_quantities(text: str, qs: list[Quantity]) -> list[Quantity]:
    """"a kilometer", "about an hour": the article stands for one; "half a mile" for a half, "a
    mile and a half" for one and a half."""
    taken = {q.num_start for q in qs}
    found = []
    for match in _A_UNIT.finditer(text):
        start = match.start() + (len(match.group("q")) if match.group("q") else 0)
        if start in taken:
            continue
        unit = match.group("unit").lower()
        unit = {"km": "kilometers", "meter": "meters", "metre": "meters", "minute": "minutes", "hour": "hours"}.get(unit, unit)
        unit = unit if unit.endswith("s") else unit + "s"
        unit = unit.replace("kilometres", "kilometers")
        qualifier = None
        if match.group("q"):
            from crosscheck.nlp.numbers import QUALIFIERS

            qualifier = QUALIFIERS.get(" ".join(match.group("q").lower().split()))
        value = 0.5 if match.group("half") else 1.5 if match.group("and_half") else 1.0
        found.append(Quantity(match.start(), match.start("unit") - 1, start, value, qualifier=qualifier, role=Role.MEASURE, unit=unit))
    return sorted(found, key=lambda q: q.start)


# Factors that change the unit system: a converted value keeps the precision of the stated one
_METRIC = {1.0, 1000.0}


def _converted(value: float, factor: float) -> float:
    """``value`` times ``factor``, to as many significant digits as ``value`` was stated with (at
    least two): "300 feet" is 91 m, "24 miles" 39,000 m, not 91.44 and 38,624.256, a precision
    the report never claimed."""
    if factor in _METRIC or value == 0:
        return _tidy(value * factor)
    digits = max(2, len(f"{value:f}".replace(".", "").strip("0")))
    return _tidy(float(f"{value * factor:.{digits}g}"))


def _mention(sentence: Sentence, q: Quantity, kind: FigureKind, rule: str, factor: float, unit: str | None,
             end: int | None = None, reference: str | None = None) -> FigureMention:
    scale = (lambda v: None if v is None else _converted(v, factor))
    return FigureMention(
        evidence=sentence.evidence, anchor=sentence.span(q.start, end or q.end), extractor=rule,
        attributed_to=_attribution(sentence, q.start, end or q.end), kind=kind, value=scale(q.value),
        low=scale(q.low), high=scale(q.high), unit=unit, qualifier=q.qualifier, stage=_stage(sentence.text, q.start),
        subject=_subject_before(sentence, q.start) if kind is not FigureKind.EXPLOSIONS else None,
        reference=reference,
    )


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
