"""The casualty figures of one sentence: every rule's findings, background and taken-back figures
set aside, overlaps resolved, and hurt people told clause by clause summed (``figures.clauses``)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterator

from crosscheck.extract.background import is_background
from crosscheck.extract.figures.counts import _counts, _dead_persons, _objects, _ordinal_ranks, shot_victims
from crosscheck.extract.figures import parts as _parts
from crosscheck.extract.figures.lists import _lists
from crosscheck.extract.figures.singles import _singles
from crosscheck.extract.figures.tolls import tolls
from crosscheck.extract.figures.vocabulary import _AGED, _BODY_PART, _Found, _PEOPLE, _PERSON
from crosscheck.nlp.document import Sentence
from crosscheck.nlp.numbers import Role, quantities
from crosscheck.nlp.words import has_any
from crosscheck.nlp.regex import gate_patterns


_CASUALTY_WORD = re.compile(
    r"\b(?:kill|dead|die|death|fatal|slain|murder|injur|wound|hurt|hospital|missing|unaccounted|arrest|"
    r"detain|custody|apprehend|charged|booked|shot|toll|lives|condition)", re.IGNORECASE
)


_CASUALTY_HINTS = ("kill", "dead", "deceased", "bodies", "die", "death", "fatal", "slain", "murder", "injur", "wound", "hurt",
                   "hospital", "missing", "unaccounted", "arrest", "detain", "custody", "apprehend",
                   "charged", "booked", "shot", "toll", "lives", "condition", "succumb", "medical", "trauma",
                   "gunshot", "shooting victims", "facing", "own life", "struck", "hit", "graz", "passed away", "passes away",
                   "martyr", "perish", "drown", "suffocat", "asphyxiat", "electrocut", "breathed", "fatalit", "number of victims", "treatment", "the icu", "in icu",
                   "intensive care", "discharged")
_CASUALTY_HINT = re.compile("|".join(re.escape(hint) for hint in _CASUALTY_HINTS))  # a substring test, as _MEASURE_HINT


_PRONOUN = re.compile(r"he|she|they", re.IGNORECASE)
# "possibly two subjects have been shot", "striking a man and possibly injuring a girl": a hedge
# right before the people counted (or before the verb that hurt them) says it may not have happened.
_HEDGED = re.compile(r"\b(?:possibly|perhaps|maybe)\s+(?:[a-z]+(?:ing|ed)\s+)?$", re.IGNORECASE)
# "Neither the driver nor the other passenger was injured": the people are named to say they were not.
_NEITHER = re.compile(r"\bneither\s+[^.;:]{0,60}?\b(?:nor|or)\s+$", re.IGNORECASE)


def casualties(sentence: Sentence) -> list[_Found]:
    """The casualty figures of one sentence (kinds killed/injured/missing/arrested/shot), deduplicated."""
    text = sentence.text
    lowered = text.lower()
    if not _CASUALTY_HINT.search(lowered):
        return []
    counts = [q for q in quantities(text) if q.role is Role.COUNT and not q.vague]
    found: dict[tuple[int, str], _Found] = {}
    for item in [*_parts.before(text, counts), *_lists(text), *tolls(text, counts), *_ordinal_ranks(text),
                 *_counts(text, counts), *_objects(text, counts), *shot_victims(text, counts), *_singles(text),
                 *_dead_persons(text)]:
        if is_background(sentence, item.start, item.end) or _HEDGED.search(text, max(0, item.start - 32), item.start):
            continue
        if "either" in lowered and _NEITHER.search(text, max(0, item.start - 80), item.start):
            continue
        if any(_overlaps(item, other) and other.kind == item.kind for other in found.values()):
            continue
        found[(item.start, item.kind)] = item
    increments = [f for f in found.values() if f.scope == "increment"]
    if increments:  # "after two wounded patients died": the dead, not people hurt
        found = {key: f for key, f in found.items()
                 if not (f.kind in ("injured", "shot") and any(_overlaps(f, g) for g in increments))}
    if has_any(text, _UNSTATED_WORDS):
        found = {key: f for key, f in found.items() if not _unstated(text, f)}
    if "fatal" in lowered or "cause of" in lowered:
        found = {key: _fatal_wound(text, f) for key, f in found.items()}
    killed = [f for f in found.values() if f.kind == "killed"]
    # "a toddler who was critically injured ... has died": the person hurt is the one who died (also
    # when that death is told by its rank: "a second man who was shot has died")
    found = {key: f for key, f in found.items()
             if not (f.kind in ("injured", "shot") and f.value == 1
                     and any(_overlaps(f, k) and (k.value == 1 or k.rule == "figures.ordinal") for k in killed))}
    if killed:
        # "Smith was pronounced dead after he was rushed to the hospital": the "he" is the dead man
        found = {key: f for key, f in found.items()
                 if not (f.kind in ("injured", "shot") and f.rule == "figures.single" and _PRONOUN.fullmatch(text[f.start : f.end]))}
    parts = [_with_killer(text, f) for f in found.values()]
    if any(f.kind in ("injured", "shot") for f in parts):
        parts += [f for f in _gapped(text) if not is_background(sentence, f.start, f.end)]
    parts = _clauses_summed(text, parts)
    parts += [f for f in _parts.after(text, counts, parts) if not is_background(sentence, f.start, f.end)]
    return sorted(parts, key=lambda f: f.start)


# "... before killing himself", "and then shot and killed herself", "before taking his own life";
# unless the count took the killer in: "including the gunman, who killed himself".
_KILLER_AFTER = re.compile(
    r"(?:(?!\b(?:including|among|as\s+well\s+as)\b)[^;])*?\b(?:(?:killed|killing|fatally\s+shot|fatally\s+shooting)\s+(?:himself|herself)|"
    r"(?:took|taking)\s+(?:his|her)\s+own\s+life)\b",
    re.IGNORECASE,
)
_COUNTED_KILLED = frozenset({"figures.count", "figures.object", "figures.toll"})


def _with_killer(text: str, found: _Found) -> _Found:
    """A killed count one more when its killer then killed himself in the same clause chain:
    "killed five members of his family and then shot and killed himself" is six dead, "left seven
    people dead before the gunman killed himself" eight, as the list rule counts "killed his wife
    and son before killing himself" three. Why: tolls count a shooter who died (the Gun Violence
    Archive does), and reports of one event count him or not; read alike, a report naming the
    shooter's death among the victims no longer looks like a later toll where a wounded victim died.
    A shot that names no death ("then shot himself") adds nothing; a range is left as stated."""
    if found.kind != "killed" or found.rule not in _COUNTED_KILLED or found.low is not None:
        return found
    if not _KILLER_AFTER.match(text, found.end):
        return found
    return replace(found, value=found.value + 1)


# "suffered gunshot wounds, which appear to be the cause of death", "a wound that later proved fatal":
# the wound is told, then that it killed.
_FATAL_WOUND = re.compile(
    r"\b(?:wounds?|injury|injuries)\s*,?\s*(?:which|that)\s+(?:later\s+|eventually\s+)?"
    r"(?:proved|proven|appears?|appeared|were|was|are|is)\s+(?:to\s+(?:be|have\s+been)\s+)?"
    r"(?:fatal|the\s+cause\s+of\s+(?:(?:his|her|their)\s+)?deaths?)\b",
    re.IGNORECASE,
)


def _fatal_wound(text: str, item: _Found) -> _Found:
    """People told hurt whose wound the same clause calls fatal are dead: "Roe suffered a gunshot
    wound which proved to be fatal" is one killed, not one injured."""
    if item.kind not in ("injured", "shot"):
        return item
    match = _FATAL_WOUND.search(text, item.start, item.end + 120)
    if match is None or re.search(r"[.;]", text[item.end : match.start()]):
        return item
    return replace(item, kind="killed", rule="figures.fatal_wound")


# "a woman was shot in the thigh, a man in the ankle and another in the foot": the later clauses
# drop their verb and keep only the person and where the bullet hit.
_GAPPED = re.compile(
    rf"(?:,|;|\band\b)\s+(?:the\s+)?(?P<np>another(?:\s+(?:{_PERSON}))?|(?:an?\s+)?(?:second|third|fourth|fifth|other)(?:\s+(?:{_PERSON}|one))?|"
    rf"an?\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})|(?:an?\s+)?{_AGED}(?:\s+(?:{_PERSON}))?)"
    rf"(?:,\s*\d{{1,3}}\s*,)?\s+(?:was\s+)?(?:in|to)\s+(?:the|his|her)\s+(?:(?:left|right|upper|lower)\s+)?(?:{_BODY_PART})\b",
    re.IGNORECASE,
)
_GAP_SOURCE = re.compile(r"\b(?:shot|struck|hit|wounded|grazed)\s+(?:once\s+|twice\s+)?(?:in|to)\s+(?:the|his|her)\s+", re.IGNORECASE)


def _gapped(text: str) -> Iterator[_Found]:
    """One more person hurt for each clause that only names a person and a part of the body, after
    a clause that says where someone was shot ("..., another in the leg")."""
    source = _GAP_SOURCE.search(text)
    if not source:
        return
    for match in _GAPPED.finditer(text, source.end()):
        yield _Found("shot", 1, match.start("np"), match.end("np"), "figures.single")


_NOT_NEW = re.compile(
    r"(?:he|she|they|it|the|this|that|these|those|both|all|each|none|no|him|her|them|himself|herself|themselves)\b",
    re.IGNORECASE,
)
# What follows a number that counts people of its own: "two women", "three others", "2 other men".
_COUNTED_PEOPLE = re.compile(rf"\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PEOPLE}|{_PERSON})\b", re.IGNORECASE)
_CLAUSE_JOINT = re.compile(r"\b(?:and|while|but|whereas|also)\b|;", re.IGNORECASE)
_GAPPED_AFTER = re.compile(r"(?:,\s*\d{1,3}\s*,)?\s+(?:was\s+)?(?:in|to)\s+(?:the|his|her)\s+", re.IGNORECASE)
_SUBSET_JOINT = re.compile(
    r"\b(?:including|among|of\s+whom|of\s+them|one\s+of|both|all|each|either|neither|besides|in\s+addition\s+to|"
    r"plus|as\s+well\s+as|along\s+with|with|of\s+those)\b",
    re.IGNORECASE,
)


_REPORTED_BETWEEN = re.compile(r"\b(?:(?:said|says|reported|reports|announced|told)\s+that|according\s+to)\b", re.IGNORECASE)
_IN_TOTAL = re.compile(r"(?:\s+[\w'’-]+){0,2}?\s+(?:in\s+total|in\s+all|altogether)\b", re.IGNORECASE)


def _clauses_summed(text: str, found: list[_Found]) -> list[_Found]:
    """Hurt people stated clause by clause in one sentence, summed: "a man was shot in the chest and
    two women were shot in the leg" (3), "a girl was grazed by a bullet, and a man was shot in the
    leg" (2), "a boy was wounded in a shooting that also injured a woman" (2).

    Each part must introduce people of its own (a/an/one/another, a count or a name, never "he",
    "the boy" or "both", which point back), no part may overlap another, and the words between
    two parts must join clauses ("and", "while", "also", ";", or a comma before a clause that
    only names a person and a wound) without making one part a subset of
    another ("including", "among", "one of"). The sum is anchored on the span from the first part
    to the last, the way a list of people is.
    """
    killed = [f for f in found if f.kind == "killed"]
    hurt = sorted((f for f in found if f.kind in ("injured", "shot") and not f.scope and not any(_overlaps(f, k) for k in killed)),
                  key=lambda f: f.start)
    if len(hurt) < 2 or any(f.low is not None for f in hurt):
        return found
    if any(f.rule in ("figures.count", "figures.object") and f.value != 1 and not _COUNTED_PEOPLE.match(text, f.end)
           for f in hurt):
        return found  # "three were shot, and two are in critical condition": the two may be among the three
    if any(_IN_TOTAL.match(text, f.end) for f in hurt):
        return found  # "three victims in total were shot; one man is in critical condition": one of the three
    if any(_REPORTED_BETWEEN.search(text, before.end, after.start) for before, after in zip(hurt, hurt[1:])):
        return found  # "X announced that 470 were injured, while Y reported that 6 were": two statements
    for before, after in zip(hurt, hurt[1:]):
        between = text[before.end : after.start]
        gapped = re.search(r"[,;]\s*(?:the\s+)?$", between) and _GAPPED_AFTER.match(text, after.end)
        joined = _CLAUSE_JOINT.search(between) or gapped
        if after.start < before.end or not joined or _SUBSET_JOINT.search(between):
            return found
        dead_between = sum(k.value for k in killed if before.end <= k.start < after.start)
        if before.kind == "shot" and dead_between and dead_between + after.value <= before.value:
            return found  # "shot five people; four are dead and one is hurt": the fates of the five
    if any(_NOT_NEW.match(text, f.start) or re.match(r"\s+of\b", text[f.end :]) for f in hurt):
        return found
    kind = "shot" if all(f.kind == "shot" for f in hurt) else "injured"
    total = _Found(kind, sum(f.value for f in hurt), hurt[0].start, hurt[-1].end, "figures.clauses")
    return [f for f in found if f not in hurt] + [total]


# "Eight have been hurt or killed", "a child who is injured or dies": a category of people, not a toll.
_FATE = r"(?:killed|dead|died|dies|die|injured|wounded|hurt|shot)"
_DISJUNCTION = re.compile(rf"\b{_FATE}\s+or\s+{_FATE}\b", re.IGNORECASE)
# "five people were killed and injured", "victims wounded and killed": one count of both fates together
# (not when the second verb has an object of its own: "left eight injured and killed 37-year-old Jo Roe")
_JOINT = re.compile(
    r"\b(?:killed\s+and\s+(?:injured|wounded|hurt)|(?:injured|wounded|hurt)\s+and\s+killed)\b"
    r"(?!\s+(?:\d|an?\b|one\b|two\b|three\b|four\b|five\b|six\b|seven\b|eight\b|nine\b|ten\b|his\b|her\b|their\b|(?-i:[A-Z])))",
    re.IGNORECASE,
)
# "Early reports said one person had died, but that proved to be incorrect": a figure taken back.
_RETRACTED = re.compile(
    r"\b(?:(?:proved|proven|turned\s+out)\s+(?:to\s+be\s+)?|(?:was|were|is|are)\s+)(?:incorrect|false|wrong|untrue|inaccurate)\b|"
    r"\berroneous(?:ly)?\b",
    re.IGNORECASE,
)

# _DISJUNCTION needs the whole word "or", _RETRACTED one of these whole words.
_UNSTATED_WORDS = frozenset({"or", "and", "incorrect", "false", "wrong", "untrue", "inaccurate", "erroneous", "erroneously"})


def _unstated(text: str, item: _Found) -> bool:
    """Whether a figure names a category ("hurt or killed"), counts two fates together ("five were
    killed and injured"), or is taken back later in its sentence ("... had died, but that proved
    incorrect"): either way no toll is stated."""
    for pattern in (_DISJUNCTION, _JOINT, _RETRACTED):
        for match in pattern.finditer(text, item.start):
            between = text[item.end : match.start()]
            if len(between) <= 80 and not re.search(r"[.;]", between):
                return True
    return False


def _overlaps(a: _Found, b: _Found) -> bool:
    return a.start < b.end and b.start < a.end


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
