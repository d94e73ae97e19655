"""Casualty rules around a number: a count before its casualty word (``figures.count``), a casualty
verb before its count (``figures.object``) and a toll told by the latest death (``figures.ordinal``)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator

from crosscheck.extract.months import MONTH as _MONTH
from crosscheck.extract.months import WEEKDAYS as _WEEKDAYS
from crosscheck.extract.figures.vocabulary import (
    _AMOUNT_OF, _COUNT_RIGHT, _DYING, _Found, _OBJECT_SINGLE, _OBJECT_TAIL, _OBJECT_TAIL_ADJ, _OBJECT_VERB, _PARTITIVE, _PERSON,
    _PERSON_WORD, _STOP_NOUN, _THINGS, _TRIGGERS, died_after,
)
from crosscheck.nlp.numbers import ORDINAL_WORDS, Quantity, ordinal_value
from crosscheck.nlp.words import has_any
from crosscheck.nlp.regex import gate_patterns


def _trigger_kind(match: re.Match[str]) -> str:
    return next(name for name, _ in _TRIGGERS if match.group(name))


_FATALLY = re.compile(r"\bfatally\b", re.IGNORECASE)
_SINGULAR_AUX = re.compile(r"\s+(?:was|is|has)\b", re.IGNORECASE)
_NUMBERED_OF = re.compile(
    r"\bof\s+(?:the|those|these)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.IGNORECASE
)
_PARENT_OF = re.compile(r"\b(?:father|mother|dad|mom|parent|grandfather|grandmother|grandparent)\s+of\s+$", re.IGNORECASE)
# A finite verb of death is no participle: in "two of the three victims died" it is the two's.
_DIED_VERB = re.compile(rf"{_DYING}\b", re.IGNORECASE)


# The casualty word's object is its own subject: "... fatally shooting himself", "killed herself".
_SELF_AFTER = re.compile(r"(?:\s+(?:shooting|shot|stabbing|stabbed|wounding|wounded))?\s+(?:himself|herself|themselves)\b", re.IGNORECASE)


# Headlinese drops the noun and the auxiliary: "Three shot, one fatally, on Elm Street", "5 shot at
# Varnton bus stop", "2 men, 3 women shot in Varnton". A participle without an auxiliary is such a
# passive in a headline (a line that ends without a full stop) when its subject opens the line or a
# clause and the participle is followed by a place, a time or the next clause. Elsewhere a bare count
# before "shot" is the noun ("firing one shot", "One shot hit the window."), and a subject before a
# bare participle is the shooter ("Two gunmen shot at the officers.").
_CLAUSE_OPENING = re.compile(r"(?:^|[:;,–—]|\s-)\s*$")
_FULL_STOP_END = re.compile(r"[.!?][\"'”’)\s]*$")  # also 'said. "' (a quote the split left dangling)
_AFTER_HEADLINE_PARTICIPLE = re.compile(
    r"\s*(?:[,;:–—]|$)|\s+(?:in|at|on|near|outside|inside|during|after|following|overnight|early|late|while|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tonight)\b",
    re.IGNORECASE,
)


def headline_participle(text: str, subject_start: int, verb_end: int) -> bool:
    """Whether a casualty participle without an auxiliary is headlinese passive (see above): its
    subject starts at ``subject_start``, the participle ends at ``verb_end``."""
    return (
        bool(_CLAUSE_OPENING.search(text, max(0, subject_start - 3), subject_start))
        and bool(_AFTER_HEADLINE_PARTICIPLE.match(text, verb_end))
        and not _FULL_STOP_END.search(text)
    )


# People counted as victims of gunfire, with no casualty verb: "medics took four gunshot victims
# to a hospital", "two shooting victims arrived at Elm Hospital". They were shot; the report's
# dead among them are told apart as for any count of people shot.
_SHOT_VICTIMS = re.compile(r"\s+(?:(?:other|more|additional)\s+)?(?:gunshot|shooting|gunfire)\s+victims\b", re.IGNORECASE)


def shot_victims(text: str, counts: list[Quantity]) -> Iterator[_Found]:
    """A count of gunshot or shooting victims: that many people shot (``_SHOT_VICTIMS``)."""
    if "ictims" not in text:  # "victims", "Victims"
        return
    for q in counts:
        if q.value is not None and _SHOT_VICTIMS.match(text, q.end):
            yield _Found("shot", q.value, q.start, q.end, "figures.count", q.qualifier)


def _counts(text: str, counts: list[Quantity]) -> Iterator[_Found]:
    """A count followed by its casualty word: "103 people were killed", "2 dead", "one fatally"."""
    for q in counts:
        match = _COUNT_RIGHT.match(text[q.end :])
        if not match or q.value is None and q.low is None:
            continue
        kind = _trigger_kind(match)
        if _THINGS.search(match.group("noun")) and not match.group("of"):
            continue
        if kind == "shot" and not (match.group("noun").strip() or match.group("aux").strip() or match.group("of")) and not (
            headline_participle(text, q.start, q.end + match.end())
        ):
            continue  # "firing one shot": the noun, not the verb
        if _SELF_AFTER.match(text, q.end + match.end()):
            continue  # "injuring nine others before fatally shooting himself": the verb is the killer's own death
        aux = match.group("aux")
        of = match.group("of") or ""
        if (q.value or q.high or 0) > 1 and _SINGULAR_AUX.match(aux):
            continue  # "Roe, a father of four, was shot": the verb's subject is one person
        if _PARENT_OF.search(text, max(0, q.start - 30), q.start):
            continue  # "Father of 3 fatally shot": the count is of the children, not the shot
        died = bool(_DIED_VERB.match(text, q.end + match.start(kind)))
        if not aux.strip() and _NUMBERED_OF.search(of) and not died:
            continue  # "one of the two victims killed ...": the participle belongs to the two
        partitive = _PARTITIVE.search(text, max(0, q.start - 30), q.start)
        if partitive and (
            died or re.search(r"\b(?:has|was|is)\b", aux, re.IGNORECASE) or (aux.strip() and _AMOUNT_OF.search(partitive.group()))
        ):
            # "one of the two deputies has died", "two of the three victims were killed", "all but one
            # of the 224 on board were killed": the "one", the "two", not the people they are of
            # ("all of the five victims were killed": the five; "one of the two victims killed",
            # "some of the 141 injured": the participle tells the two, the 141)
            continue
        active_voice = not _PASSIVE_AUX.search(aux) or bool(_PERFECT.match(aux))  # "two men (also) shot a woman"
        if active_voice and kind != "killed" and _active(text, q.end + match.end()):
            continue
        if active_voice and kind == "killed" and re.match(r"^\s*killed", text[q.end + match.start(kind):]) and _active(text, q.end + match.end()):
            continue
        if kind in ("shot", "injured") and (_all_died_after(text, q.end + match.end()) or _FATALLY.search(aux)):
            kind = "killed"  # "the two were taken to the hospital, where they were pronounced dead"; "who were fatally shot"
        included = _INCLUDED_DEAD.match(text, q.end + match.end()) if kind in ("shot", "injured") else None
        if included:
            # "three others were injured, including a sailor who died": all three were hurt, one died
            kind = "shot"
            yield _Found("killed", 1, included.start("np"), included.end("np"), "figures.count")
        value = q.value if q.value is not None else q.high
        yield _Found(kind, value, q.start, q.end, "figures.count", q.qualifier, q.low)  # type: ignore[arg-type]


# "five people were shot, including one who died": the death is a part's, not all of them.
_PART_OF_THEM = re.compile(r"\b(?:including|among\s+them|of\s+whom|(?:one|two|three|some|all)\s+of\s+them)\b", re.IGNORECASE)

# "..., including a sailor who died": the one of them who died, named after "including".
_INCLUDED_DEAD = re.compile(
    r"[^.;]{0,40}?,?\s+including\s+(?P<np>(?:a|an)\s+[^,;.]{1,40}?)\s+who\s+(?:(?:later|has|had|since|then)\s+)*"
    r"(?:died|succumbed|was\s+pronounced\s+(?:dead|deceased))\b",
    re.IGNORECASE,
)


# "five were wounded and Ann Roe, 26, was killed", "all five were shot, Roe and Poe died": a person
# named after a joint is the subject of the death, not the people counted.
_NAMED_SUBJECT = re.compile(r"(?:\band|,)\s+(?-i:[A-Z][a-z'’-]+)\b(?![^,;]{0,30}?\b(?-i:Hospital|Medical|Center|Centre)\b)")


def _all_died_after(text: str, at: int) -> bool:
    """Whether the people counted before ``at`` died later in the sentence ("the two were taken to
    the hospital, where they were pronounced dead"), not only some of them."""
    died = died_after(text, at)
    return died is not None and not _PART_OF_THEM.search(text, at, died.end()) and not _NAMED_SUBJECT.search(
        text, at, died.end()
    )


# Words that never modify a bare object noun: what follows them is no object ("shot by man").
_NOT_MODIFIER = (
    r"(?:by|in|at|on|near|outside|inside|during|after|before|while|when|with|for|from|as|to|into|and|or|but|"
    r"dead|again|twice|once|over|under|behind|between|among|following|through|across|along|around|multiple|several)\b"
)
# A person named with no determiner, up to two words before the noun: "burglar", "murder suspect",
# "15-year-old boy" ("shot victim" is a noun phrase: the victim who was shot; "man's" owns the object).
_BARE_PERSON = rf"(?:(?!{_NOT_MODIFIER})[\w'’-]+\s+){{0,2}}?(?!victims?\b)(?:{_PERSON})\b(?!['’]s)"
_ACTIVE_OBJECT = re.compile(
    r"^\s+(?:(?i:a|an|the|his|her|their|its|two|three|four|five|six|seven|eight|nine|ten|\d+|at\s+least|"
    r"him|them|himself|herself|themselves)\b|"
    # a headline drops the article of its object: "Homeowner shot burglar", "Couple shot murder suspect"
    rf"(?-i:{_BARE_PERSON})|"
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    r"August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|"
    # title-case headlines: "Two Injured In Shooting", "Two Critically Injured After Shooting"
    r"After|In|At|On|Near|Outside|Inside|During|Following|Over|From|By|For|As|While|When|Early|Late|Last|This)\b)[A-Z][a-z]+)"
)
# Auxiliaries that make a following participle passive or a state ("were shot", "remain hospitalized").
_PASSIVE_AUX = re.compile(r"\b(?:were|was|are|is|been|be|being|got|remain(?:s|ed)?|listed|left|found|feared|believed|thought|presumed)\b", re.IGNORECASE)
_PERFECT = re.compile(r"^\s*(?:had|has|have)\b(?!\s+been)", re.IGNORECASE)


def _active(text: str, at: int) -> bool:
    """Whether a verb ending at ``at`` has an object ("two gunmen killed three people")."""
    return bool(_ACTIVE_OBJECT.match(text[at:]))


# What may stand between a casualty verb and its count: nothing, or whose they are ("killed his
# ex-wife's two sons", "wounding the couple's three children").
# Between a casualty verb and its count: a possessive ("killed his two sons", "the family's three
# children"); a bare "his", "her", "their" only before the dead (``_DETERMINERS``).
_DETERMINERS = frozenset({"his", "her", "their"})
_POSSESSOR = re.compile(r"\s*(?:(?:his|her|their)\s+|(?:his|her|their|the|a|an)\s+(?:[\w-]+\s+){0,2}?[\w-]+['’]s?\s+)?")


def _objects(text: str, counts: list[Quantity]) -> Iterator[_Found]:
    """A casualty verb then its count: "killing 5", "leaving 2 dead", "arrested two suspects"."""
    verbs = [v for v in _object_verbs(text) if not _UNREAL.search(text, max(0, v.start() - 30), v.start())]
    for q in counts:
        # the verb may end on the count's own qualifier: "injuring at least nine" (the count starts at "at")
        verb = next((v for v in verbs if (v.end() <= q.start and _POSSESSOR.fullmatch(text, v.end(), q.start))
                     or v.end() == q.num_start), None)
        if not verb or q.value is None or not _wounding(text, verb):
            continue
        # the adjective, when there is one, after up to three words: "sent four teens to the hospital"
        tail = _OBJECT_TAIL_ADJ.match(text[q.end :]) or _OBJECT_TAIL.match(text[q.end :])
        kind = _object_kind(verb.group("verb"), tail.group("adj") if tail else None)
        if kind != "killed" and text[verb.end() : q.start].strip().lower() in _DETERMINERS:
            continue  # "shot her three kids before turning the gun on herself": shot, not said to live or die
        if text.startswith("-", q.end):
            continue  # "killed his 12- and 10-year-old sons": an age
        if kind and not (tail and _THINGS.search(tail.group("noun"))) and not _of_things(text, q.end):
            if kind == "killed" and _MORE_AFTER.match(text, q.end):
                # "killed two more people", "the bodies of 12 more victims": deaths added to the last count
                yield _Found(kind, q.value, q.start, q.end, "figures.object", q.qualifier, scope="increment", detail="more")
                continue
            yield _Found(kind, q.value, q.start, q.end, "figures.object", q.qualifier)
            if tail and tail.group("adj"):
                yield from _next_fate(text, q.end + tail.end(), verb)
    for verb in verbs:
        single = _OBJECT_SINGLE.match(text[verb.end() :]) or _named_one(verb, text[verb.end() :])
        bare = single is None
        if bare:
            single = _BARE_ONE.match(text[verb.end() :])
        if not single or not _wounding(text, verb):
            continue
        adjective = _FATE_ADJECTIVE.match(text, verb.end() + single.end())
        kind = _object_kind(verb.group("verb"), adjective.group(1) if adjective else None)
        if bare and kind != "killed":
            continue  # "shot another teen, killing him": who was shot may have died; only a death is sure
        if kind:
            start = verb.end() + single.start("np")
            # a bare object is one person's fate, as a subject's is: a count the report states prevails
            rule = "figures.single" if bare else "figures.object"
            yield _Found(kind, 1, start, start + len(single.group("np")), rule)
            if adjective:
                yield from _next_fate(text, adjective.end(), verb)


# "killed two more", "the bodies of 12 additional victims": a death count that adds to one told before.
# Only deaths: "killing three and wounding two more" tells two others hurt, not an added count.
_MORE_AFTER = re.compile(r"\s+(?:more|additional|further)\b", re.IGNORECASE)
# The fate an object of "left" is in: "left a man dead", "leaving a woman with a gunshot wound".
_FATE_ADJECTIVE = re.compile(
    r"\s+(dead|injured|wounded|hurt|shot|with\s+(?:an?\s+|multiple\s+)?gunshot\s+wounds?|"
    r"with\s+(?:minor|serious|severe|critical|non-life[- ]threatening)\s+(?:injuries|wounds))\b",
    re.IGNORECASE,
)
_AND_NEXT = re.compile(r"\s*,?\s+and\s+", re.IGNORECASE)


def _next_fate(text: str, at: int, verb: re.Match[str]) -> Iterator[_Found]:
    """The second object of one "left", after the first's fate: "left an officer wounded and an
    18-year-old man dead", "left a man dead and a woman wounded" (a count there, "and three others
    wounded", is read by ``_counts``)."""
    if not verb.group("verb").lower().startswith(("left", "leav")):
        return
    joint = _AND_NEXT.match(text, at)
    single = _OBJECT_SINGLE.match(text[joint.end() :]) if joint else None
    if single is None:
        return
    adjective = _FATE_ADJECTIVE.match(text, joint.end() + single.end())
    if adjective:
        start = joint.end() + single.start("np")
        yield _Found(_object_kind(verb.group("verb"), adjective.group(1)), 1, start, start + len(single.group("np")), "figures.object")


# A person with no determiner, or whose "another" the verb took in: "Dad killed daughter", "fatally
# shot roommate", "shot and killed another teen".
_BARE_ONE = re.compile(rf"^\s*(?P<np>{_BARE_PERSON})", re.IGNORECASE)
# A person by name alone: "shot and killed Jon Roe on Sunday", "fatally shot Roe, police said". The
# name ends the phrase (a stop, or a preposition, time or clause word next), so a capitalised
# modifier ("killed Varnton police officers", "shot Roe's dog") names nobody; nor do a day, a
# month or a holiday ("killed Sunday", "shot New Year's Eve").
_CALENDAR = (
    rf"(?:{_MONTH}|{'|'.join(_WEEKDAYS)}|Christmas|New\s+Year|Easter|Thanksgiving|Halloween|Memorial|Labor|"
    r"Independence|Father|Mother|Valentine)\b"
)
_NAMED_ONE = re.compile(
    rf"^\s*(?P<np>(?-i:(?!{_CALENDAR})[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?(?:\s+(?!{_CALENDAR})[A-Z][a-z'’-]+){{0,2}}"
    r"(?:\s+(?:Jr|Sr|II|III)\.?)?))"
    r"(?=\s*(?:[,.;:)]|$)|\s+(?:in|on|at|near|outside|inside|during|after|before|while|when|as|early|late|last|"
    r"and|who|with|because|following|shortly|around|about|(?-i:[A-Z][a-z]+day))\b)"
)


_OF_WHAT = re.compile(r"\s+of\s+((?:[\w'’-]+\s+){0,2}[\w'’-]+)")
# The noun a count counts: up to two words after it, before a preposition or clause word.
_COUNTED = re.compile(
    rf"((?:\s+(?!{_STOP_NOUN}|(?:before|while|then|but|so|for|to|near|inside|outside|across|including|because|since|"
    r"until|into|onto|through|over|under|behind|than|the|a|an)\b)[\w'’-]+){1,2})",
    re.IGNORECASE,
)


def _of_things(text: str, at: int) -> bool:
    """Whether the count ending at ``at`` counts things, not people: "fired a dozen rounds into
    the house", "striking two parked vans", "wounding one of the horses"."""
    partitive = _OF_WHAT.match(text, at)
    if partitive is not None:
        return bool(_THINGS.search(partitive.group(1)))
    counted = _COUNTED.match(text, at)
    return counted is not None and bool(_THINGS.search(counted.group(1)))


# The verbs whose object a bare name can be: a "shooting" or a "hit" before a capitalised word is
# mostly a noun or a car ("the club shooting Posted: ...", "struck Elm Street"); "left" and "found"
# need their adjective ("left Roe dead"), which ends no name.
_NAME_TAKING_VERB = re.compile(
    r"(?:.*\s)?(?:kill(?:ed|ing|s)?|wound(?:ed|ing|s)|injur(?:ed|ing|es)|arrest(?:ed|ing)?|detain(?:ed|ing)|shot|"
    r"lives?\s+of|deaths?\s+of)$",
    re.IGNORECASE,
)
# Nor is a title-case headline's next word ("Bystanders Injured In Shooting", "4 Shot Near Park").
_NO_NAME = re.compile(
    r"(?:Him|Her|Them|Himself|Herself|Themselves|Itself|Posted|Updated|Published|In|On|At|Near|Outside|Inside|"
    r"During|After|Before|While|When|As|And|Or|But|By|For|From|With|Of|To|The|A|An|Over|Into|Across|Along|"
    r"Following|Early|Late|Last|Overnight|This|That|Police|Officers|Authorities|Deputies|Cops)\b"
)


def _named_one(verb: re.Match[str], after_verb: str) -> re.Match[str] | None:
    """A name alone as the verb's object (``_NAMED_ONE``). A headline's capitalised "Woman" or
    "Teen" is a person's noun, which ``_BARE_ONE`` reads; "Himself" is the reflexive's."""
    if not _NAME_TAKING_VERB.fullmatch(verb.group("verb").strip()):
        return None
    match = _NAMED_ONE.match(after_verb)
    if match is None or _PERSON_WORD.search(match.group("np")) or _NO_NAME.match(match.group("np")):
        return None
    return match


# A verb that tells what did not happen or what someone meant to do: "accused of trying to kill two
# officers", "bullets that nearly killed him", "threatened to shoot them"; harms put as a choice too
# ("to harm or kill another person": a statute's wording) and what might have been ("could have
# killed man"). "To shoot and kill" is often what was done ("led him to shoot and kill one
# person"), so "and" does not make it unreal.
_UNREAL = re.compile(r"\b(?:to|nearly|almost|narrowly|would|could|will|might|not|never)\s+(?:have\s+)?(?:\w+\s+or\s+)?$", re.IGNORECASE)
_OBJECT_VERB_ANY = re.compile(_OBJECT_VERB.pattern.replace(r"(?:at\s+least\s+))?$", r"(?:at\s+least\s+))?"), re.IGNORECASE)
# Every alternative of _OBJECT_VERB starts with one of these whole words ("claimed the lives of"
# with a form of "claim", "took the lives of" with "took", "the bodies of" needs "bodies").
_OBJECT_VERB_WORDS = frozenset(
    "killing killed kills kill leaving left leaves wounding wounded wounds injuring injured injures arrested arresting "
    "arrest detained detaining shot shooting shoots hitting striking grazed grazing grazes struck strikes hit hits "
    "claim claimed claiming took bodies death deaths fatally mortally found sent sending sends drowning "
    "stabbed stabbing hacked hacking beat beaten beating clubbed clubbing bludgeoned bludgeoning burned burning burnt".split()
)


@lru_cache(maxsize=256)
def _object_verbs(text: str) -> tuple[re.Match[str], ...]:
    """The verbs that take a casualty object in ``text`` (``_OBJECT_VERB_ANY``): _objects and _lists
    both read them, so the scan runs once per sentence, and only when one of their words is there.
    A form that is also a noun, after a determiner, is the noun (``_NOUN_AFTER_DETERMINER``)."""
    if not has_any(text, _OBJECT_VERB_WORDS):
        return ()
    return tuple(v for v in _OBJECT_VERB_ANY.finditer(text) if not _a_noun(text, v))


# Forms of the object verbs that are nouns too, and the determiners before which they are nouns:
# "until his arrest an employee of the agency", "after the shooting a curfew was declared", "their
# kill two weeks ago", "its hits one after another": no casualty verb, so no object follows.
_NOUN_FORMS = frozenset("arrest kill kills wounds hit hits strikes shooting shoots".split())
_NOUN_AFTER_DETERMINER = re.compile(r"\b(?:his|her|their|its|our|my|your|the|a|an|this|that|every|each)\s+$", re.IGNORECASE)


def _a_noun(text: str, verb: re.Match[str]) -> bool:
    """Whether the matched verb is one of ``_NOUN_FORMS`` right after a determiner."""
    word = verb.group("verb")
    return word.lower() in _NOUN_FORMS and bool(_NOUN_AFTER_DETERMINER.search(text, max(0, verb.start() - 12), verb.start()))


def _object_kind(verb: str, adjective: str | None) -> str | None:
    """Kind named by "leaving 2 dead" (the adjective) or "killing 5" (the verb)."""
    if adjective:
        adjective = adjective.lower()
        return "killed" if adjective == "dead" else "shot" if adjective == "shot" else "injured"
    if verb.lower().startswith("sen"):
        return None  # "sent" names no fate: only "sent two to the hospital" does
    verb = verb.lower()
    if verb == "found":
        return None  # "found" names no fate: only "found two men dead" does
    if "kill" in verb or "lives" in verb or "bodies" in verb or "death" in verb or verb.endswith(" dead") or verb.startswith(("fatally", "mortally", "drown")):
        return "killed"
    if verb.startswith(("wound", "injur", "shot and wound", "shot and injur")):
        return "injured"
    if verb.startswith(("arrest", "detain")):
        return "arrested"
    if verb.startswith(("shot", "shoot", "hit", "strik", "struck", "graz")):
        return "shot"
    return None


_STRUCK = re.compile(r"(?:struck|strikes|hit|hits)$", re.IGNORECASE)
_PROJECTILE_BEFORE = re.compile(
    r"\b(?:bullets?|gunfire|rounds?|shots?|gunshots?|pellets?|shrapnel|fire|one)\s+(?:\w+\s+){0,2}$", re.IGNORECASE
)


def _wounding(text: str, verb: re.Match[str]) -> bool:
    """Whether a verb names a wound: "struck" and "hit" do only with a projectile as their subject
    ("gunfire struck Roe and three others", "a bullet hit a boy"; not "a car hit a man")."""
    return not _STRUCK.match(verb.group("verb")) or bool(_PROJECTILE_BEFORE.search(text, max(0, verb.start() - 60), verb.start()))


_RANKS = rf"(?:{'|'.join(ORDINAL_WORDS[1:10])}|(?:[2-9]|10)(?:nd|rd|th))"  # second to tenth
_RANK_WORDS = frozenset({*ORDINAL_WORDS[1:10], "nd", "rd", "th"})  # "2nd" is "nd" to word_set
# "A third person has died after ...", "the fifth officer had died", "a second victim, who was shot in
# the leg, has died": the news is the latest death, and its rank is the toll. A plain past ("the
# fourth victim, a woman, died") is one death among others listed and is left to the other rules.
_ORDINAL_DEATH = re.compile(
    rf"(?:(?P<det>\b(?:a|an|the))\s+|^\W*|^[^.!?]{{0,30}}?[:\u2013\u2014-]\s+)(?P<rank>{_RANKS})\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})s?\b"
    r"(?:\s*,[^,.;]{1,80},|\s+(?:who|that)\s+[^,.;]{1,60}?|\s+(?:in|from|of)\s+[^,.;]{1,60}?){0,2}?\s+"
    r"(?:(?:has|had|have)\s+(?:since\s+|now\s+|also\s+|later\s+)?(?:died|succumbed|passed\s+away)|dies|succumbs|passes\s+away)\b",
    re.IGNORECASE,
)


# "Deputies located a deceased white male", "a dead man was found in the car": a person the adjective
# before the noun says is dead ("the dead man's brother" names a relative of the dead: not read).
_DEAD_PERSON = re.compile(
    rf"\b(?:a|an)\s+(?:dead|deceased)\s+(?:[\w-]+\s+){{0,2}}?(?:{_PERSON})\b(?!['’])",
    re.IGNORECASE,
)


_DEAD_WORDS = frozenset({"dead", "deceased"})


def _dead_persons(text: str) -> Iterator[_Found]:
    """One death for each person the text calls dead before the noun (``_DEAD_PERSON``), read as
    one person's fate (``figures.single``): a count the report states prevails."""
    if not has_any(text, _DEAD_WORDS):
        return
    for match in _DEAD_PERSON.finditer(text):
        yield _Found("killed", 1, match.start(), match.end(), "figures.single")


# "Third child dies from a shooting in Chicago in just two days", "the second to die this week": the
# rank counts a city's happenings of a span, not the victims of one.
_SPAN_RANK = re.compile(
    r"\b(?:in|within|over)\s+(?:just\s+|only\s+|less\s+than\s+|under\s+|the\s+(?:past|last)\s+)?"
    r"(?:a|one|two|three|four|five|six|seven|\d+)\s+(?:hours?|days?|weeks?|months?|years?)\b"
    r"|\bthis\s+(?:week|weekend|month|year)\b|\bso\s+far\b",
    re.IGNORECASE,
)


# "A fourth suspect, a municipal inspector, was arrested on Monday", "a second man has been detained":
# an arrest added to those before it, its rank the number arrested. Only after "a"/"an": "the second
# suspect was arrested" names one of the suspects known, not a count of arrests.
_ORDINAL_ARREST = re.compile(
    rf"\b(?P<det>a|an)\s+(?P<rank>{_RANKS})\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})\b(?:\s*,[^,.;]{{1,80}},)?\s+"
    r"(?:was|has\s+been|had\s+been|is)\s+(?:also\s+|now\s+|later\s+|since\s+)?"
    r"(?:arrested|detained|taken\s+into\s+(?:police\s+)?custody|apprehended)\b",
    re.IGNORECASE,
)
# The ranked happenings whose rank is their count, with a word each needs.
_RANKED = (
    ("killed", _ORDINAL_DEATH, ("died", "dies", "succumb", "passe")),
    ("arrested", _ORDINAL_ARREST, ("arrested", "detained", "custody", "apprehended")),
)


def _ordinal_ranks(text: str) -> Iterator[_Found]:
    """The toll a newly reported death (or arrest) gives by its rank: "a fourth victim has died" is
    four dead, "a fourth suspect was arrested" four arrested; a headline says a death without the
    article ("Third victim dies after ..."). A rank the rest of the sentence measures against a
    span ("... in just two days": ``_SPAN_RANK``) is no toll."""
    if not has_any(text, _RANK_WORDS):
        return
    for kind, pattern, needed in _RANKED:
        if not any(word in text for word in needed):
            continue
        for match in pattern.finditer(text):
            rank = ordinal_value(match.group("rank"))
            if rank and not _SPAN_RANK.search(text, match.end()):
                start = match.start("det") if match.group("det") else match.start("rank")
                yield _Found(kind, float(rank), start, match.end("rank"), "figures.ordinal")


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
