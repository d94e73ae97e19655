"""What part of the event a casualty figure counts (``model.Scope``), read from its sentence and
settled against the whole report.

The phrases a part is told by, each a table with its examples:

* place (``_place_of``): "In Turkey, at least three died" (the sentence opens with it); "died in
  Syria", "2,992 in Syria", "96 from the capital Naypyidaw" (right after the figure); "the death toll
  in northwestern Syria", "Syria's death toll" (a toll's own place); "Turkey's disaster authority said
  six were killed" (a country's authority counts its country). A place that names several places
  ("in Turkey and Syria") covers the event and is no part.
* group (``_GROUPS``): the people counted are children, women, police, foreigners, tourists, crew, a
  nationality ("25 Indians")...; attackers (``_ATTACKERS``: "one terrorist was killed", "one of the
  attackers", "the gunman killed himself") are their own group, never the victims' toll.
* condition (``_CONDITIONS``): critical or serious condition, intensive care, under treatment,
  discharged, hospitalised or taken to hospital, seriously or lightly hurt, died at the scene or in
  hospital, bodies recovered or identified.
* partitive (``_PARTITIVE``): "seven of whom", "13 of those injured", "177 of them": a part of the
  people counted just before, when they are of the figure's own kind ("two were shot, one of them
  died" is the toll of the dead, not a part).

When is it a part? News states whole tolls with a place or a group ("34 killed in Peshawar", "24
Hindu tourists were killed", "At least 103 Iranians have been killed") and a lone condition is the
whole count of US local news ("a man is in critical condition"). So, besides what is a part as read
(a partitive, "in X alone", attackers, and the parts ``figures.parts`` reads with their scope), a
place is a part when the report counts the kind in another place or the sentence gives a larger
total, a group when the sentence counts another group or a larger total (a nationality also when
the report states a larger toll of its own: "45 Indians" beside "50 in all"), and either when the
report states a figure of the kind at least twice as large with no place or group (twice, when that
figure is a bare number that may be a misread age: "Jerry Roe, 31 all died"); a condition when
the report states a larger figure of the kind not of that condition. Figures that are projected,
denied or unconfirmed give no such evidence. A condition the report does not bear out is kept on
the whole-event figure (``FigureMention.condition``, ``unborne_condition``): the event's other
reports may give the larger count of that day (``reconcile.figures.conditions_borne_out``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from crosscheck.extract.figures.vocabulary import _Found, _PERSON_WORD
from crosscheck.model import Scope, Stage
from crosscheck.nlp.numbers import Quantity, Role, quantities
from crosscheck.nlp.regex import gate_patterns
from crosscheck.nlp.words import WEEKDAYS_AND_MONTHS

_GROUPS: tuple[tuple[str, str], ...] = (
    ("children", r"children|kids|minors|infants|babies|toddlers|schoolchildren|pupils"),
    ("students", r"students"),  # of a school or a university: not "children"
    ("women", r"women|girls"),
    ("men", r"men|boys"),
    ("police", r"police(?:men|women)?(?:\s+(?:officers|personnel|constables))?|officers|constables|cops|troopers|deputies"),
    ("security forces", r"soldiers|troops|security\s+(?:personnel|forces|guards|officials)|army\s+personnel|guards"),
    ("rescuers", r"firefighters|rescuers|rescue\s+workers|medics|paramedics|aid\s+workers"),
    ("crew", r"crew(?:\s+members)?|crewmembers|sailors"),
    ("passengers", r"passengers"),
    ("tourists", r"tourists|visitors|pilgrims|worshippers|devotees"),
    ("foreigners", r"foreigners|foreign\s+(?:nationals|citizens|tourists|workers)"),
    ("family members", r"family\s+members|members\s+of\s+(?:a|one|the\s+same)\s+family|relatives"),
)
_GROUP = re.compile(
    r"\b(?:" + "|".join(f"(?P<g{i}>{pattern})" for i, (_, pattern) in enumerate(_GROUPS)) + r")\b", re.IGNORECASE
)
# A nationality: "25 Indians", "three Chinese nationals", "two French people", "103 Iranians".
_DEMONYM = re.compile(
    r"\b(?P<people>(?-i:[A-Z][a-z]+(?:ans?|ians?|ese|ish|is|ch|ns|ers|i)))(?:\s+(?:nationals|citizens|people|tourists|pilgrims|workers))?\b"
)
_ATTACKERS = re.compile(
    r"\b(?:terrorists?|attackers?|assailants?|militants?|(?:suicide\s+)?bombers?|gunm[ae]n|insurgents?|perpetrators?|"
    r"shooters?|hijackers?|suspects?|offenders?|raiders?|killers?)\b",
    re.IGNORECASE,
)
_CONDITIONS: tuple[tuple[str, str], ...] = (
    ("critical condition", r"critical(?:ly)?|critical\s+conditions?"),
    ("serious condition", r"(?:serious|grave|stable)(?:\s+but\s+stable)?\s+conditions?"),
    ("intensive care", r"intensive\s+care|(?-i:ICU)"),
    ("under treatment", r"(?:under|receiving|undergoing|undergo|given)\s+treatment|being\s+treated|"
                        r"(?:still|remain(?:s|ed)?)\s+(?:in\s+)?(?:hospitals?|hospitali[sz]ed)"),
    ("discharged", r"discharged|released\s+from\s+(?:the\s+)?hospital"),
    ("died at the scene", r"(?:at|on)\s+the\s+(?:spot|scene)"),
    ("died in hospital", r"died\s+(?:later\s+)?(?:in|at)\s+(?:a\s+|the\s+)?hospital|in\s+hospital\s+facilities"),
    ("identified", r"identified"),
    ("seriously hurt", r"seriously|severely|gravely|badly|(?:severe|serious)\s+injuries"),
    ("lightly hurt", r"lightly|slightly|minor\s+injuries|medium\s+severity"),
    ("hospitalised", r"hospitali[sz]ed|admitted|airlifted|referred\s+to|(?:taken|rushed|transported|moved|brought|shifted|"
                     r"transferred)\s+to\s+(?:[\w'’-]+\s+){0,4}?hospitals?"),
)
_CONDITION = re.compile(
    r"\b(?:" + "|".join(f"(?P<c{i}>{pattern})" for i, (_, pattern) in enumerate(_CONDITIONS)) + r")\b", re.IGNORECASE
)
# A hospital's intake told before the count: "they had received over 90 injured people", "teams
# transferred 146 people to the hospital, including 94 injured".
_INTAKE_BEFORE = re.compile(
    r"\b(?:received|admitted|transferred|shifted|moved|brought)\b[^.;]{0,80}?$|\bcondition\s+of\s+$", re.IGNORECASE
)
_PARTITIVE = re.compile(r"\s+of\s+(?:(?P<pronoun>whom|them|those|these)\b|the\s+(?P<noun>[\w-]+(?:\s+[\w-]+)?))", re.IGNORECASE)
# A count that is the whole a part is taken from: "Some of the 141 injured are in critical condition".
_REFERENT = re.compile(r"\b(?:some|many|most|all|none|several|few|each|both|any|one|two|three|\d+)\s+of\s+(?:the|those|these)\s+$",
                       re.IGNORECASE)
KIND_NOUNS = {"injured": "injured", "wounded": "injured", "hurt": "injured", "dead": "killed", "deceased": "killed",
              "killed": "killed", "fatalities": "killed", "deaths": "killed", "martyrs": "killed", "bodies": "killed",
              "missing": "missing"}
"""The kind a noun of the dead, the hurt or the missing names ("the injured", "the deceased included ...")."""
# The predicate of a figure ends at the next count or at the end of its clause.
_CLAUSE_END = re.compile(
    r"[;.!?](?!\d)|,\s+(?:while|but|whereas|including)\b|"
    r"\s(?:while|whereas|but|as|when|after|before|amid|following|because|since|even|until)\s",
    re.IGNORECASE,
)

# Places. A phrase after "in" / "from" up to a stop, which names a place: a capitalised name (no day
# or month), land held by a side ("rebel-held areas"), or a hospital; never a happening ("in the
# blast", "in the Mastung suicide attack").
PLACE_END = (
    r"(?P<alone>\s+(?:alone|only))?(?=\s*(?:[,;()\"“”]|\.(?!\d)|$)|\s+(?:while|with|as|after|since|but|when|where|on|"
    r"due|following|because|amid|according|were|was|are|is|have|has|had|remain|remained|in|from|at|during|over|"
    r"and\s+(?:\d[\d,.]*|another|one|two|three|four|five|six|seven|eight|nine|ten))\b)"
)
_PLACE_AFTER = re.compile(rf"\b(?:in|from)\s+(?P<place>[^,;()\"“”]{{1,80}}?){PLACE_END}", re.IGNORECASE)
_HAPPENING = re.compile(
    r"\b(?:attacks?|blasts?|bombings?|explosions?|quakes?|earthquakes?|tremors?|shootings?|stabbings?|fires?|floods?|"
    r"flooding|landslides?|incident|tragedy|disaster|rampage|violence|panic|stampede|collapse|storms?|crash|rubble|"
    r"debris|wake|aftermath|areas?\s+affected|connection|custody|condition|hospital\s+facilities)\b",
    re.IGNORECASE,
)
_HELD = re.compile(r"\b[a-z]+-(?:held|controlled)\b|\bthe\s+(?:[\w-]+\s+){0,3}?hospitals?\b", re.IGNORECASE)
_NAME = re.compile(r"\b(?-i:[A-Z][\w'’-]*)")
_SEVERAL = re.compile(r"\b(?-i:[A-Z][\w'’-]*)[^,]*?(?:,\s*|\s+and\s+)(?:the\s+)?(?-i:[A-Z][\w'’-]*)")
# "in Turkey, Syria quake": the comma goes on with another place, the two cover the event.
_LIST_GOES_ON = re.compile(r",\s+(?-i:[A-Z])[\w'’-]+(?:\s+(?:and\s+)?(?-i:[A-Z])[\w'’-]+)*\s+(?i:quakes?|earthquakes?|floods?|storms?|fires?|attacks?)\b|"
                           r",\s+(?-i:[A-Z])[\w'’-]+(?:,\s+(?-i:[A-Z])[\w'’-]+)*,?\s+and\s+(?-i:[A-Z])")
_OPENING_PLACE = re.compile(r"^\W*In\s+(?P<place>[^,;.]{2,60}?),", re.IGNORECASE)
_AUTHORITY_PLACE = re.compile(
    r"^\W*(?:the\s+)?(?P<place>(?-i:[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?))['’]s\s+(?:[\w-]+\s+){0,4}?"
    r"(?:authority|agency|ministry|government|officials?|department|service)\b",
    re.IGNORECASE,
)
# A toll's own place: "the death toll in northwestern Syria had risen to", "Syria's death toll",
# "Syria death toll nears 3,600" (the place ends at the toll's verb or at "from").
_TOLL_IN = re.compile(r"(?:\btolls?|\bnumber\s+of\s+[\w-]+)\s+in\s+(?P<place>[^,;]{2,80})$", re.IGNORECASE)
_TOLL_VERB = re.compile(
    r"\s+(?:from|after|following|since|has|had|have|was|is|were|stood|stands|rose|reached|climbed|increased|crossed|"
    r"neared|nears|approach\w*|topped|tops|hit|went|jumped|surpassed|exceeded|passed|now|currently|on|as)\b.*$",
    re.IGNORECASE | re.DOTALL,
)
_TOLL_OWNER = re.compile(
    r"\b(?!(?-i:The|A|An|This|That|Its|Their|His|Her|Our)\b)(?P<owner>(?-i:[A-Z][\w-]+))(?:['’]s)?\s+"
    r"(?:(?:official|combined|confirmed|overall)\s+)*death\s+toll\b[^,;.]{0,60}$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Reading:
    """A part a sentence tells of one figure: its scope, the part named, whether the phrase makes
    it a part by itself (``explicit``) or only with the report's evidence, and a place's key."""

    scope: Scope
    detail: str | None
    explicit: bool = False
    place: str | None = None
    nested: bool = False  # a part of the figure before it ("including two foreigners"), no sibling of it
    nationality: bool = False  # the people counted by their nationality ("45 Indians")


def readings(text: str, item: _Found, found: list[_Found], counts: list[Quantity]) -> list[Reading]:
    """The parts the sentence ``text`` tells of ``item``, the explicit one first (or none)."""
    if item.scope:
        place = _key(item.detail) if item.scope == "place" else None
        return [Reading(Scope(item.scope), item.detail, True, place, item.rule == "figures.included")]
    if _REFERENT.search(text, max(0, item.start - 30), item.start):
        return []  # "some of the 141 injured": the whole a part is taken from
    window = text[item.end : _predicate_end(text, item, counts)]
    attacker = _attackers(text, item, counts) or _with_attacker(text, item)
    if attacker:
        return [attacker]
    if _INCLUDED.search(text, max(0, item.start - 30), item.start):
        # "At least 16 tourists, including two foreigners, were killed": a part of the 16
        part = _group(text, item) or _condition(text, item, window) or _place_of(text, item, window) or _where(window)
        return [Reading(part.scope if part else Scope.GROUP, part.detail if part else None, True, nested=True)]
    partitive = _partitive(text, item, found, counts, window) or _of_the_whole_before(text, item, counts, window)
    if partitive:
        return [partitive]
    found_parts = []
    place = _place_of(text, item, window)
    if place:
        found_parts.append(place)
    group = _group(text, item)
    if group:
        found_parts.append(group)
    condition = _condition(text, item, window)
    if condition:
        found_parts.append(condition)
    where = _where(window)
    if where:
        found_parts.append(where)
    bodies_first = item.rule == "figures.bodies"  # "62 bodies at the institute in Valencia": bodies, then where
    return sorted(found_parts, key=lambda r: (not r.explicit, bodies_first and r.scope is not Scope.CONDITION))


_IN_PHRASE = re.compile(r"\b(?:in|from|at|of|among)\s+$", re.IGNORECASE)  # "in several Syrian cities"


def _predicate_end(text: str, item: _Found, counts: list[Quantity]) -> int:
    """Where the figure's predicate ends: at the next count (a vague one too: "numerous others") or
    at the end of its clause."""
    after = [q.start for q in quantities(text) if q.start >= item.end and q.role is Role.COUNT
             and not (q.vague and _IN_PHRASE.search(text, max(0, q.start - 6), q.start))]
    end = _CLAUSE_END.search(text, item.end)
    return min([*after, end.start() if end else len(text)])


def _attackers(text: str, item: _Found, counts: list[Quantity]) -> Reading | None:
    """Attackers counted ("one terrorist was killed", "one of the attackers", "the gunman ...
    killed himself", "two militants ... one of them was slain"): their own group."""
    if item.kind not in ("killed", "injured", "shot"):
        return None
    if item.rule == "figures.list":
        return None  # "Agent Roe and the male suspect were killed": the victims and the attacker, counted together
    head = text[item.start : item.end] if item.rule == "figures.single" else ""
    after = text[item.end : item.end + 40]
    noun = re.match(r"\s+(?:other\s+)?(?:[\w-]+\s+){0,1}?([\w-]+)", after)
    partitive = _PARTITIVE.match(after)
    referent = None
    if partitive and partitive.group("pronoun"):
        before = [q for q in counts if q.end <= item.start]
        referent = re.match(r"\s+(?:[\w-]+\s+){0,1}?([\w-]+)", text[before[-1].end :]) if before else None
    candidates = [head, noun.group(1) if noun else "", partitive.group("noun") or "" if partitive else "",
                  referent.group(1) if referent else ""]
    if head.lower() in ("himself", "herself"):
        candidates.append(text[max(0, item.start - 80) : item.start])
    if any(c and _ATTACKERS.search(c) for c in candidates):
        return Reading(Scope.GROUP, ATTACKERS)  # kept apart from the victims the report counts (``_borne_out``)
    return None


ATTACKERS = "attackers"
_INCLUDED = re.compile(r"\bincluding\s+(?:that\s+of\s+|those\s+of\s+)?$", re.IGNORECASE)
# A count that takes its killer in: "seven people dead, including the attacker", "the deaths of 16
# including himself": the victims and the attacker together, no toll of the victims.
_WITH_ATTACKER = re.compile(
    r"[^.;]{0,40}?\bincluding\s+(?:the\s+)?(?:attacker|gunman|assailant|shooter|bomber|perpetrator|suspect|"
    r"killer|himself|herself)\b",
    re.IGNORECASE,
)


def _with_attacker(text: str, item: _Found) -> Reading | None:
    if item.kind != "killed" or not _WITH_ATTACKER.match(text, item.end):
        return None
    return Reading(Scope.GROUP, "victims and attacker", True)


def _partitive(text: str, item: _Found, found: list[_Found], counts: list[Quantity], window: str) -> Reading | None:
    """"seven of whom were in critical condition", "13 of those injured": a part of people of the
    figure's own kind counted before it."""
    match = _PARTITIVE.match(text, item.end)
    if match is None:
        return None
    if match.group("pronoun"):
        before = [q for q in counts if q.end <= item.start]
        if not before:
            return None
        referent = next((f for f in found if f.start <= before[-1].start < f.end), None)
        if referent is not None and _base(referent.kind) != _base(item.kind):
            return None  # "two were shot, one of them died": the toll of the dead
    else:
        words = match.group("noun").lower().split()
        kinds = {KIND_NOUNS[w] for w in words if w in KIND_NOUNS}
        if not kinds or _base(item.kind) not in kinds:
            if not _CONDITION.search(window):
                return None  # "one of the victims died": the dead among the people shot
    condition = _condition(text, item, window)
    group = _group(text, item)
    chosen = condition or group
    return Reading(chosen.scope if chosen else Scope.GROUP, chosen.detail if chosen else None, True, nested=True)


# "Of the 104 people taken to hospital, 23 were in a serious condition": the whole a clause opens
# with, then the part counted right after its comma.
_OF_THE = re.compile(r"\b[Oo]f\s+(?:the|those|these|all)\s+$")
_TO_THE_COMMA = re.compile(r"[^,;.]{0,60},\s*$")


def _of_the_whole_before(text: str, item: _Found, counts: list[Quantity], window: str) -> Reading | None:
    """A count right after "Of the N ...,": a part of those N, no sibling of them (``nested``)."""
    whole = next((q for q in reversed(counts) if q.end <= item.start), None)
    if whole is None or not _OF_THE.search(text, max(0, whole.start - 12), whole.start):
        return None
    if not _TO_THE_COMMA.fullmatch(text, whole.end, item.start):
        return None
    chosen = _condition(text, item, window) or _group(text, item)
    return Reading(chosen.scope if chosen else Scope.GROUP, chosen.detail if chosen else None, True, nested=True)


def _base(kind: str) -> str:
    return "injured" if kind == "shot" else kind


def _condition(text: str, item: _Found, window: str) -> Reading | None:
    """A condition the figure's predicate (or a hospital's intake before it) tells; bodies counted
    (``figures.bodies``) are the dead found so far."""
    if item.rule == "figures.bodies":
        return Reading(Scope.CONDITION, "bodies")
    match = _CONDITION.search(window)
    if match:
        name = next(name for i, (name, _) in enumerate(_CONDITIONS) if match.group(f"c{i}"))
        return Reading(Scope.CONDITION, name)
    if _INTAKE_BEFORE.search(text, max(0, item.start - 100), item.start):
        return Reading(Scope.CONDITION, "hospitalised")
    return None


# Where the counted people were when a craft came down or a building fell: "18 people on the
# ground also died" beside the toll of those aboard, "all 241 on board were killed".
_WHERE: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("on the ground", re.compile(r"^[^,;]{0,30}?\bon\s+the\s+ground\b", re.IGNORECASE)),
    ("on board", re.compile(r"^[^,;]{0,30}?\b(?:on\s+board|aboard|onboard)\b", re.IGNORECASE)),
)


def _where(window: str) -> Reading | None:
    """The part ``_WHERE`` names in the figure's predicate, if any."""
    return next((Reading(Scope.GROUP, name) for name, pattern in _WHERE if pattern.search(window)), None)


def _group(text: str, item: _Found) -> Reading | None:
    """The group the counted people are: the noun after the count, or the people of a list."""
    own_noun = item.rule in ("figures.list", "figures.single")  # "Five women and one man", "a policeman"
    phrase = text[item.start : item.end] if own_noun else text[item.end : item.end + 40]
    if not own_noun:
        noun = re.match(r"\s+(?:(?:other|more|additional)\s+)?((?:[\w'’&-]+\s+){0,2}?[\w'’-]+)", phrase)
        phrase = noun.group(1) if noun else ""
    match = _GROUP.search(phrase)
    if match:
        name = next(name for i, (name, _) in enumerate(_GROUPS) if match.group(f"g{i}"))
        return Reading(Scope.GROUP, name)
    demonym = _DEMONYM.search(phrase)
    if demonym and demonym.group("people").lower() not in WEEKDAYS_AND_MONTHS and not _PERSON_WORD.fullmatch(demonym.group("people")):
        # a headline's capitals make no nationality of "8 Others Hurt" or "3 Workers Injured"
        return Reading(Scope.GROUP, demonym.group("people"), nationality=True)
    return None


def _place_of(text: str, item: _Found, window: str) -> Reading | None:
    """The place attached to the figure (see the module doc), or ``None``."""
    match = _PLACE_AFTER.search(window)
    if match and match.start() < 60 and not _LIST_GOES_ON.match(window, match.end()):
        reading = _place_reading(match.group("place"), bool(match.group("alone")))
        if reading is not None:
            return reading
    if item.rule == "figures.toll":
        toll = _TOLL_IN.search(text, max(0, item.start - 120), item.start)
        owner = None if toll else _TOLL_OWNER.search(text, max(0, item.start - 120), item.start)
        phrase = _TOLL_VERB.sub("", toll.group("place")) if toll else owner.group("owner") if owner else None
        reading = _place_reading(phrase, False) if phrase else None
        if reading is not None:
            return reading
    for opening in (_OPENING_PLACE, _AUTHORITY_PLACE):
        match = opening.match(text)
        if match and match.end() <= item.start:
            reading = _place_reading(match.group("place"), False)
            if reading is not None:
                return reading
    return None


def _place_reading(phrase: str, alone: bool) -> Reading | None:
    """A place reading for a phrase that names one place, ``None`` for any other phrase."""
    phrase = re.sub(r"\s+(?:and|or|while|with)$", "", phrase.strip(), flags=re.IGNORECASE)
    if not phrase or _HAPPENING.search(phrase) or _SEVERAL.search(phrase):
        return None
    names = [n for n in _NAME.findall(phrase) if n.lower() not in WEEKDAYS_AND_MONTHS and n not in ("The", "A")]
    if not names and not _HELD.search(phrase):
        return None
    return Reading(Scope.PLACE, phrase, alone, _key(phrase))


def _key(phrase: str | None) -> str | None:
    return re.sub(r"^(?:the\s+)|\s+(?:alone|only)$", "", (phrase or "").lower()).strip() or None


_NO_EVIDENCE = (Stage.PROJECTED, Stage.DENIED, Stage.UNCONFIRMED)


@dataclass(frozen=True, slots=True)
class Statement:
    """One figure of the report with what its sentence tells of its part, for ``settle``."""

    kind: str
    value: float
    sentence: int
    stage: Stage | None
    readings: tuple[Reading, ...]
    solid: bool = True  # no bare number that may be a misread age (``UNSOLID_BEFORE``)


# Where a bare number stands that may be a misread age, not a toll: after a name's comma ("Jerry
# Roe, 31 all died"), as the second of two numbers ("believed to be 30 and 60"), after "to be".
UNSOLID_BEFORE = re.compile(r"(?:(?-i:[A-Z])[\w'’-]+\s*,|\d\s+(?:and|or|to)|\bto\s+be)\s*$", re.IGNORECASE)


def settle(statements: list[Statement]) -> list[tuple[Scope, str | None]]:
    """The scope of each statement of one report: the first reading the report bears out (see the
    module doc), else the whole event. The statements a reading is weighed against are listed
    once per kind, and only for statements with a reading to weigh, so a long report of plain
    counts settles in linear time."""
    by_kind: dict[str, list[Statement]] = {}
    for s in statements:
        if s.stage not in _NO_EVIDENCE:
            by_kind.setdefault(_base(s.kind), []).append(s)
    return [_settled(s, by_kind.get(_base(s.kind), [])) for s in statements]


def unborne_condition(statement: Statement) -> str | None:
    """The condition a statement's sentence tells ("being treated", "in hospital") when its report
    did not bear it out as a part: the event's other reports may (``FigureMention.condition``)."""
    return next((r.detail for r in statement.readings if r.scope is Scope.CONDITION), None)


def _settled(statement: Statement, same_kind: list[Statement]) -> tuple[Scope, str | None]:
    if not statement.readings:
        return Scope.WHOLE, None
    others = [o for o in same_kind if o is not statement]
    for reading in statement.readings:
        if reading.explicit or _borne_out(statement, reading, others):
            return reading.scope, reading.detail
    return Scope.WHOLE, None


def _borne_out(statement: Statement, reading: Reading, others: list[Statement]) -> bool:
    value = statement.value
    if reading.detail == ATTACKERS:
        # kept apart from the victims the report counts; a report whose only death is the attacker's
        # ("the suspect was pronounced dead at the scene") states that as its toll
        return any(all(r.detail != ATTACKERS for r in o.readings) for o in others)
    plain = [o for o in others if not o.readings]
    if reading.scope is Scope.CONDITION:
        # beside a larger count not of that condition, or split by condition in one sentence ("15 were
        # seriously injured, 37 have injuries of medium severity and 16 are lightly injured")
        return any((o.value > value or o.sentence == statement.sentence) and all(r.detail != reading.detail for r in o.readings)
                   and (o.value > value or any(r.scope is Scope.CONDITION and not r.nested for r in o.readings))
                   for o in others)
    larger = [o for o in plain if o.value >= 2 * value]
    if len(larger) >= 2 or any(o.solid for o in larger):
        return True  # a whole the report states as a toll, or twice (a lone bare number may be misread)
    same_sentence = [o for o in others if o.sentence == statement.sentence]
    if any(o.value > value for o in same_sentence if not any(r.scope is reading.scope for r in o.readings)):
        return True  # "12,391 had died in Turkey ..., bringing the confirmed total to 15,383"
    if reading.scope is Scope.PLACE:
        places = {r.place for o in others for r in o.readings
                  if r.scope is Scope.PLACE and o.value != value and r.place != reading.place}
        return bool(places) and not _total_of_a_list(statement, others)
    if reading.scope is Scope.GROUP:
        # the sentence counts another group; or, for a nationality, the report states a larger toll
        # as its own ("the bodies of 45 Indians" beside "the fire killed 50 people in all": of the
        # dead, those of one country; "at least 103 Iranians" with no larger toll is the toll)
        return any(r.scope is Scope.GROUP and r.detail != reading.detail and not r.nested
                   for o in same_sentence for r in o.readings) or (
            reading.nationality and any(o.solid and o.value > value for o in plain))
    return False


def _total_of_a_list(statement: Statement, others: list[Statement]) -> bool:
    """Whether the figure counts as many as a list of two or more places in another sentence: the
    total of what the list shares out ("732 injured in Myanmar" beside "The injured included 432
    from Naypyidaw and 300 from Sagaing"). Places counted in separate sentences list nothing."""
    by_sentence: dict[int, float] = {}
    count: dict[int, int] = {}
    for o in others:
        if o.sentence != statement.sentence and any(r.scope is Scope.PLACE for r in o.readings):
            by_sentence[o.sentence] = by_sentence.get(o.sentence, 0.0) + o.value
            count[o.sentence] = count.get(o.sentence, 0) + 1
    return any(count[i] >= 2 and statement.value >= total for i, total in by_sentence.items())


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
