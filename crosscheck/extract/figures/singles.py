"""One person as the subject of a casualty word (``figures.single``): "a man was shot and killed",
"Smith, 25, died", "the fatal shooting of a teen"."""

from __future__ import annotations

import re
from typing import Iterator

from crosscheck.extract.figures.counts import _PASSIVE_AUX, _PERFECT, _active, _trigger_kind
from crosscheck.extract.figures.vocabulary import (
    _CUSTODY, _CUSTODY_WORDS, _DEATH_WORD, _FATAL_OF, _FATAL_OF_WORDS, _Found, _INTRANSITIVE, _REFLEXIVE,
    _REFLEXIVE_WORDS, _SINGLE, _SINGLE_SUBJECT, _triggers, died_after,
)
from crosscheck.nlp.words import has_any
from crosscheck.nlp.regex import gate_patterns


def _singles(text: str) -> Iterator[_Found]:
    """One person as subject: "a man was shot and killed", "Smith, 25, died", "fatal shooting of a teen".

    Scans casualty words first and reads the subject in the 90 characters before each: much cheaper
    than matching the subject pattern at every position of the sentence.
    """
    for trigger in _triggers(text):
        match = _SINGLE.search(text, max(0, trigger.start() - 90), trigger.start())
        if not match or _imagined(text, match.start("np"), match.end("np")):
            continue
        kind = _trigger_kind(trigger)
        aux = match.group("aux")
        intransitive = bool(_INTRANSITIVE.match(text, trigger.start()))
        if match.group("then") and not (intransitive and kind == "killed"):
            continue  # "Roe was arguing with a man and shot him": only a death ends such a clause
        be = bool(_PASSIVE_AUX.search(aux))  # "another teen accidentally shot Roe": no "was", active
        # headlines drop "was": "Bystander accidentally shot during fight"
        passive = be or intransitive or bool(match.group("head")) or (bool(aux.strip()) and not _active(text, trigger.end()))
        if not passive and kind != "killed" and not (
            _elliptic(text, match.start("np")) or _reduced_relative(text, match.group("np"), trigger.end())
        ):
            continue
        if not intransitive and (not be or _PERFECT.match(aux)) and (
            _active(text, trigger.end()) or _TITLED_OBJECT.match(text, trigger.end())
        ):
            continue  # the subject did it: "he fatally shot rapper Jon Roe"
        if re.match(r"(?:deaths?|fatalities|die)\b|dead\b", text[trigger.start() :], re.IGNORECASE) and not (
            trigger.group(0).lower() == "dead" and (aux.strip() or _headline_subject(match))
        ):
            continue  # "a man dead" is a count's tail; "a man is dead", headline "Man dead after ..." a statement
        if kind in ("shot", "injured") and died_after(text, trigger.end()):
            kind = "killed"
        yield _Found(kind, 1, match.start("np"), match.end("np"), "figures.single")
    for match in _REFLEXIVE.finditer(text) if has_any(text, _REFLEXIVE_WORDS) else ():
        if match.group("took"):
            yield _Found("killed", 1, match.start("life"), match.end("life"), "figures.single")
            continue
        fatal = match.group("verb").lower().startswith(("kill", "fatally")) or _DEATH_WORD.search(text)
        kind = "killed" if fatal else "shot"
        yield _Found(kind, 1, match.start("self"), match.end("self"), "figures.single")
    for match in _CUSTODY.finditer(text) if has_any(text, _CUSTODY_WORDS) else ():
        yield _Found("arrested", 1, match.start("who"), match.end("who"), "figures.single")
    for match in _FATAL_OF.finditer(text) if has_any(text, _FATAL_OF_WORDS) else ():
        yield _Found("killed", 1, match.start("np"), match.end("np"), "figures.single")
    yield from _hurt_one_died(text)


def _headline_subject(match: re.Match[str]) -> bool:
    """Whether the subject opens the sentence in headline form ("Man dead after shooting", "Varnton
    teen dead"): a headline drops the "is" that makes "a man is dead" a statement."""
    return bool(match.group("head")) and match.start("np") == 0


# "No words to describe a child being hurt", "terrible to see a child be killed": someone who
# would be seen or told, not a person the report says was hurt. A definite person is one seen
# ("looked up to see the boy shot").
_IMAGINED = re.compile(
    r"\bto\s+(?:see|describe|imagine|picture|watch|think\s+of|hear\s+of)\s+(?:a|an|any|some)\s", re.IGNORECASE
)


def _imagined(text: str, np_start: int, np_end: int) -> bool:
    """Whether the subject found is an indefinite person after "to see" / "to describe": a
    thought, not a casualty. The verb may fall inside what a headline-case subject took in."""
    return bool(_IMAGINED.search(text, max(0, np_start - 25), np_end))


# An object told by a lower-case title before the name: "fatally shot rapper Jon Roe", "killed
# local teacher Ann Poe" (a preposition or time word before a name is no object: "shot near Elm").
_TITLE_WORD = r"(?!(?:in|on|at|near|outside|inside|during|after|before|by|for|from|with|into|along|across|while|when|as|"
_TITLE_WORD += r"early|late|last|this|and|or|but|then|twice|once|dead|to|of|off|up|down|over|under|behind|through|"
_TITLE_WORD += r"was|were|is|are|be|been|has|had|have|said|says|told)\b)[a-z]+"
_TITLED_OBJECT = re.compile(rf"\s+{_TITLE_WORD}(?:\s+{_TITLE_WORD})?\s+(?-i:[A-Z][a-z'’-]+)")


# A clause whose verb is shared by the next one: "a woman was killed and a man wounded".
_ELLIPSIS_SOURCE = re.compile(
    r"\b(?:was|were|is|are|been)\s+(?:\w+ly\s+)?(?:shot|killed|wounded|injured|hurt|dead|struck|slain)\b[^.;:]*?(?:,\s*and|\band|,)\s*$",
    re.IGNORECASE,
)
_DETERMINED = re.compile(r"(?:a|an|one|another|the|this|that)\b", re.IGNORECASE)
_PASSIVE_TAIL = re.compile(
    r"\s+(?!in\s+(?:the\s+)?(?:air|direction|self-defen[cs]e|the\s+direction)\b)(?:in|during|on|near|outside|inside|while|after|"
    r"early|late|last|overnight|by)\b",
    re.IGNORECASE,
)


def _elliptic(text: str, np_start: int) -> bool:
    """Whether a subject with no auxiliary borrows the verb of the clause before it: "a woman was
    killed and a man wounded", "three people are dead and a fourth wounded"."""
    return bool(_ELLIPSIS_SOURCE.search(text, 0, np_start))


def _reduced_relative(text: str, np: str, trigger_end: int) -> bool:
    """Whether "a toddler wounded in ..." uses the participle as a passive ("a man shot in the leg on
    Friday is recovering"): a determined noun phrase, then a preposition, never an object."""
    return bool(_DETERMINED.match(np)) and bool(_PASSIVE_TAIL.match(text, trigger_end))


_DIED_LATER = re.compile(
    r"(?:\b(?:has|have|had|later|since|eventually|subsequently|now)\s+)*\b(?:died|dies|succumbed|passed\s+away|"
    # a headline drops the auxiliary: "Teen shot Sunday pronounced dead"
    r"(?:(?:was|were|has\s+been|had\s+been)\s+)?(?:later\s+)?(?:pronounced|declared)\s+(?:dead|deceased))\b",
    re.IGNORECASE,
)
# _DIED_LATER ends in one of these whole words ("passed away" in "away", "pronounced dead" in "dead").
_DIED_LATER_WORDS = frozenset({"died", "dies", "succumbed", "away", "dead", "deceased"})
_HURT_VERB = re.compile(r"\b(?:shot|wounded|injured|hurt|stabbed|hospitali[sz]ed)\b", re.IGNORECASE)
_HURT_SUBJECT = re.compile(
    rf"(?P<np>{_SINGLE_SUBJECT})(?:,\s*(?:\d{{1,3}}|[a-z]+(?:-[a-z]+)?)\s*,)?(?:\s*,?\s*(?:who|that)\s+(?:was|had\s+been|has\s+been))?"
    r"\s+(?:critically\s+|seriously\s+|fatally\s+)?$",
    re.IGNORECASE,
)


# The period of an abbreviation inside a clause: "since a Feb. 27 shooting", "on Elm St. on Friday".
_ABBREVIATION = r"(?<=\b[A-Z][a-z])\.|(?<=\b[A-Z][a-z]{2})\.|(?<=\bSept)\."
# "A student who was hit by a stray bullet at the fair has died": a relative clause tells who, then the
# perfect tells the death (the perfect keeps out "a man who was there said she died").
_RELATIVE_SUBJECT = re.compile(
    rf"(?P<np>{_SINGLE_SUBJECT})(?:,\s*\d{{1,3}}\s*,)?\s+(?:who|that)\s+(?:was|is|had\s+been|has\s+been)\s+(?:[^.;:,]|{_ABBREVIATION}){{3,120}}?\s+$",
    re.IGNORECASE,
)
_PERFECT_DEATH = re.compile(r"(?:has|have|had)\s+(?:since\s+|now\s+|later\s+)?(?:died|succumbed|passed\s+away)\b", re.IGNORECASE)
_RELATIVE_WORDS = frozenset({"who", "that"})
_REPORTED = re.compile(r"\b(?:said|says|told|tells)\b", re.IGNORECASE)


def _hurt_one_died(text: str) -> Iterator[_Found]:
    """One person described by how they were hurt, then their death: "a man shot on Elm Street on
    Friday has died", "the woman who was wounded in the attack died Sunday", "the boy who was shot
    was pronounced dead at the scene", "a student who was hit at the fair has died" (1 killed)."""
    for died in _DIED_LATER.finditer(text) if has_any(text, _DIED_LATER_WORDS) else ():
        window_start = max(0, died.start() - 140)
        hurt = _HURT_VERB.search(text, window_start, died.start())
        if not hurt or re.search(r"[.;:]", text[hurt.end() : died.start()]):
            subject = _relative_subject(text, died)
            if subject:
                yield _Found("killed", 1, subject.start("np"), subject.end("np"), "figures.single")
            continue
        subject = _HURT_SUBJECT.search(text, max(0, hurt.start() - 90), hurt.start())
        if subject:
            yield _Found("killed", 1, subject.start("np"), subject.end("np"), "figures.single")


def _relative_subject(text: str, died: re.Match[str]) -> re.Match[str] | None:
    """The subject told by a relative clause before a death in the perfect ("has died")."""
    if not _PERFECT_DEATH.match(text, died.start()) or not has_any(text, _RELATIVE_WORDS):
        return None
    subject = _RELATIVE_SUBJECT.search(text, max(0, died.start() - 200), died.start())
    # "a man who was at the bar said she has died": the death is what he said, not his
    if subject is None or _REPORTED.search(text, subject.end("np"), died.start()):
        return None
    return subject


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
