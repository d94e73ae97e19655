"""People coordinated as the subject or object of a casualty word, counted (``figures.list``):
"a man, his wife and their two daughters were found dead" is four."""

from __future__ import annotations

import re
from typing import Iterator

from crosscheck.extract.figures.counts import (
    _FULL_STOP_END, _UNREAL, _active, _object_kind, _object_verbs, _trigger_kind, _wounding, headline_participle,
)
from crosscheck.extract.figures.vocabulary import (
    _AGED, _Found, _INTRANSITIVE, _PEOPLE, _PERSON, _PERSON_WORD, _REFLEXIVE, _TRIGGER_ONLY, _triggers, died_after,
)
from crosscheck.nlp.numbers import Quantity, quantities
from crosscheck.nlp.regex import gate_patterns


# A person by name, with an age before it: "Jon Roe", "the 6-year-old Bo Roe".
_NAMED = (
    rf"(?:(?:the\s+)?{_AGED}\s+)?(?-i:(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Police|Officers|The|He|She)\b)"
    r"[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){0,2})"
)
# A person's "of" complement: "the owner of the shop", "the captain of the ferry", "two managers of the company".
_OF_COMPLEMENT = r"(?:\s+of\s+(?:the|a|an|his|her|their|its)\s+[\w'’-]+(?:\s+[\w'’-]+)?)?"
_CONJUNCT = re.compile(
    rf"(?:(?:a|an|one|his|her|their|the|its)\s+)?(?:[\w'’.-]+\s+){{0,3}}?(?:{_PERSON}){_OF_COMPLEMENT}|(?:an?|one)\s+{_AGED}|"
    rf"(?:(?:his|her|their|the)\s+)?(?:\w+(?:-\w+)?)\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PEOPLE}|(?:{_PERSON})s){_OF_COMPLEMENT}|"
    rf"(?:him|her)self|{_NAMED}",
    re.IGNORECASE,
)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", re.IGNORECASE)


_AND = re.compile(r"\s(?:and|&)\s", re.IGNORECASE)
# A part opened by a casualty verb's participle is the next clause, not a person: "mortally wounding
# Roe and injuring another firefighter" lists one, then tells another hurt.
_VERB_PART = re.compile(r"(?:injuring|wounding|killing|leaving|shooting|hitting|striking|sending)\b", re.IGNORECASE)
_INCLUDING = re.compile(r"including\b", re.IGNORECASE)
# A list right after such a participle, or a casualty verb's active past, starts with the verb's
# object: in "killing one miner, and five others are missing" the one miner is the dead and the
# missing are five; in "the blast killed a guard, and two workers were hurt" the hurt are two.
_VERB_PART_BEFORE = re.compile(rf"\b(?:{_VERB_PART.pattern}|(?:killed|injured|wounded)\b)\s+$", re.IGNORECASE)
# A part that counts some of the others: "five people, three of them children" lists five.
_SUBSET = re.compile(r"\b(?:of\s+(?:them|whom|those|these)|among\s+them)\b", re.IGNORECASE)
_DETERMINER_ONLY = re.compile(r"(?:(?:his|her|their|the)\s+)?", re.IGNORECASE)
_COUPLE = re.compile(r"\bcouple\b", re.IGNORECASE)
_PLURAL_END = re.compile(rf"\b(?:{_PEOPLE})$", re.IGNORECASE)
_OBJECT_LIST_END = re.compile(
    r"\s*([^.;:]{0,140}?)(?=\s+(?:before|after|in|at|on|during|inside|outside|with|when|while|early|late|last|then|"
    r"found|who|that|which|were|was|as|for|amid|following|over)\b|[.;:]|$|"
    # who said it, after a comma: "detained the owner and two managers, a police spokesman said"
    r",\s+(?:[^,.;]{0,60}?\s)?(?:said|says|told|added|reported)\b|,\s+according\s+to\b)"
)


# ", and" inside an object list, and a finite verb right after the list: the people after ", and"
# are the subject of a clause of their own ("killed a guard, and two workers were injured").
_NEW_CLAUSE_SUBJECT = re.compile(r",\s+and\s", re.IGNORECASE)
_FINITE_NEXT = re.compile(r"\s+(?:were|was)\b", re.IGNORECASE)


_BOTH = re.compile(r"^(?:both|all)\s+", re.IGNORECASE)
# A number followed by an article counts nothing of the part: "Photo 3 of 12 A man and his son"
# (a photo counter before the list).
_ARTICLE_NEXT = re.compile(r"\s+(?:a|an|the)\b", re.IGNORECASE)
# A part that opens a clause or a prepositional phrase is no person of the list: "Elm Road, where
# a man and a girl were found shot" lists two people, not "Elm Road" and "where a man"; "the
# deaths of a man and his two daughters" lists them after "of".
_NO_PERSON_START = re.compile(
    r"(?:where|when|while|after|before|as|who|whom|that|which|because|if|then|of|in|at|on|for|with|from|by|to)\b",
    re.IGNORECASE,
)


# "Five people, two men and three women, were hurt": a group, then between commas the same
# people again (an appositive), before the verb; the people again may be a list of their own
# ("three victims, a 25-year-old man, a 26-year-old man and a 33-year-old man,").
_APPOSITIVE = re.compile(r"(?P<group>[^,]+),\s+(?P<again>.+),\s*$")


def _list_value(phrase: str, commas_join: bool = False) -> float | None:
    """People counted in "a man, his wife and their two daughters" (4), or ``None`` when a part
    is not a person ("a man and his car"). A leading "both" or "all" counts nobody ("both Roe and
    his mother" is 2). A group restated between commas counts once ("five people, two men and
    three women," is 5; "Roe and Doe, the driver and a passenger," is 2). With ``commas_join`` (a
    headline: "Man, woman shot", "Teen, 3 adults shot") commas alone join people (see
    ``_parts_value``)."""
    if not _has_joint(phrase) or _NAME_DESCRIBED.match(phrase):
        return None
    restated = _APPOSITIVE.fullmatch(phrase) if phrase.rstrip().endswith(",") and not commas_join else None
    if restated is not None:
        group, again = _group_value(restated.group("group")), _group_value(restated.group("again"))
        if group is not None and group == again and group >= 2:
            return group
    return _parts_value(phrase, commas_join)


def _group_value(phrase: str) -> float | None:
    """People counted in a list, or in one counted part ("six people")."""
    value, part = _parts_value(phrase), phrase.strip()
    if value is not None or not _CONJUNCT.fullmatch(part):
        return value
    count = _part_count(part)
    return count.value if count else None


def _part_count(part: str) -> Quantity | None:
    """The number that counts a list part's people ("two daughters", "the 3 boys"): right after at
    most a determiner, and not a counter followed by an article ("Photo 3 of 12 A man")."""
    return next(
        (q for q in quantities(part) if q.is_count and _DETERMINER_ONLY.fullmatch(part[: q.start])
         and not _ARTICLE_NEXT.match(part, q.end)),
        None,
    )


_DIGIT = re.compile(r"\d")
# A name's age between commas: "Jon Roe, 54, Ann Roe, 42, and Bo Roe, 6," lists three people.
_NAME_AGE = re.compile(r"(?<=[a-z'’])\s*,\s*\d{1,3}(?=\s*,|\s+(?:and|&)\s|\s*$)")


def _parts_value(phrase: str, commas_join: bool = False) -> float | None:
    """People counted in the parts of ``phrase`` cut at commas and "and" (see ``_list_value``).

    Parts joined by commas alone are counted only when each has its number ("2 adults, six
    children"): in running text "Roe, a teacher, was shot" is one person told twice. A headline
    joins people with commas ("Man, woman shot", ``commas_join``); there a part that is only a
    name may be told again by the next ("Jon Roe, Varnton teacher, killed"), so such a list is no
    list."""
    if "," in phrase and _DIGIT.search(phrase):
        phrase = _NAME_AGE.sub("", phrase)
    phrase = _BOTH.sub("", phrase.strip())
    parts = [p for p in _LIST_SPLIT.split(phrase) if p]
    if len(parts) < 2:
        return None
    commas_join = commas_join and not _AND.search(phrase)
    if commas_join and any(_is_name(part) for part in parts):
        return None
    numbers_only: bool | None = None  # "2 adults, six children": read when a part has no number
    total = 0.0
    for part, named in zip(parts, _named_before(phrase, parts)):
        if (not _CONJUNCT.fullmatch(part) or _INCLUDING.match(part) or _NO_PERSON_START.match(part)
                or _SUBSET.search(part) or _TRIGGER_ONLY.search(part) or _VERB_PART.match(part)):
            return None
        if named:
            continue  # "his friend, Lee Roe": the name of the person just counted
        count = _part_count(part)
        if count is None and numbers_only is None:
            numbers_only = not _AND.search(phrase) and not commas_join
        if numbers_only and count is None:
            return None
        if count is not None:
            total += count.value or 0
        elif _COUPLE.search(part):
            total += 2
        elif _PLURAL_END.search(part):
            return None  # "police and neighbors": a plural without a number counts nobody
        else:
            total += 1
    return total


# A person named by kin or role, the phrase an appositive name can follow: "his friend", "their
# 2-year-old son", "the driver".
_DESCRIBED = re.compile(rf"(?:his|her|their|the|a|an)\s+(?:[\w'’-]+\s+){{0,3}}?(?:{_PERSON})", re.IGNORECASE)
_NAME_ONLY = re.compile(_NAMED, re.IGNORECASE)


def _named_before(phrase: str, parts: list[str]) -> list[bool]:
    """For each part, whether it only names the person of the part before it: a name after a comma
    that follows a person told by kin or role ("his fiancee, Ann Roe, and their son, Bo Roe" are
    two people). Parts joined by "and" are always people of their own."""
    named, at = [False], 0
    if "," not in phrase:
        return [False] * len(parts)
    for before, part in zip(parts, parts[1:]):
        at = phrase.index(before, at) + len(before)
        joint = phrase[at : phrase.index(part, at)]
        named.append(joint.strip() == "," and bool(_DESCRIBED.fullmatch(before)) and bool(_NAME_ONLY.fullmatch(part)))
    return named


def _is_name(part: str) -> bool:
    """Whether a list part is a name alone ("Jon Roe"), with no person's noun ("Man", "3 adults")."""
    return bool(_NAME_ONLY.fullmatch(part)) and not _PERSON_WORD.search(part)


def _has_joint(phrase: str) -> bool:
    """Whether ``_LIST_SPLIT`` can cut ``phrase`` in two: it needs a comma, an ampersand or "and"
    (in any case). Without one a phrase is no list, and neither is any phrase inside it."""
    return "," in phrase or "&" in phrase or "and" in phrase.lower()


# "..., where Roe was pronounced dead", "where one of them died", "where the boy died": one of the
# people listed, named or pointed at.
_ONE_DIED_AFTER = re.compile(
    r"[^.;]*?\bwhere\s+(?P<who>(?-i:[A-Z][a-z'’-]+)|one(?:\s+of\s+them)?|the\s+[a-z]+)\s+(?:(?:was|later|then|eventually)\s+)*"
    r"(?:pronounced\s+dead|declared\s+dead|died|succumbed)\b",
    re.IGNORECASE,
)


# A list opened by "a" right after a name's comma describes that person: "Jon Roe, a father and
# coach, was shot" is one person with two roles (with the name in the list or before it, and the
# description closed by a comma: "On Elm Street, a man and a woman were shot" is two people).
_DESCRIBING_APPOSITIVE = re.compile(r"(?-i:[A-Z][a-z'’-]+),\s+(?:(?:a|an)\s+(?:[\w'’-]+\s+){0,5}?)?$", re.IGNORECASE)
_NAME_DESCRIBED = re.compile(r"(?-i:[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){0,2}),\s+(?:a|an)\s", re.IGNORECASE)


# A list right after a preposition of place names places: "people in Syria and Turkey were injured".
_PLACE_BEFORE = re.compile(r"\b(?:in|at|from|across|near|outside|inside|throughout)\s+$", re.IGNORECASE)


# A list whose first part is named after "including" in its own clause: that part belongs to the
# count before "including", the rest of the "list" to the next clause.
_INCLUDED_BEFORE = re.compile(r"\bincluding\b[^,;]*$", re.IGNORECASE)


# The arrest words a list of people is the subject of: "A and B were arrested", "the owner and three
# other suspects remain in custody" (not "charged": "A and B were charged with murder" may charge
# people arrested before, counted there).
_LISTED_ARREST = re.compile(r"arrested|detained|(?:taken\s+into|in)\s+(?:police\s+)?custody", re.IGNORECASE)


def _lists(text: str) -> Iterator[_Found]:
    """Coordinated people: "A man, his wife and their two daughters were found dead" (4 killed),
    "killed his wife, son and daughter before killing himself" (4)."""
    for trigger in _triggers(text):
        kind = _trigger_kind(trigger)
        if kind == "arrested" and not _LISTED_ARREST.match(trigger.group(0)):
            continue
        window_start = max(0, trigger.start() - 140)
        window = text[window_start : trigger.start()]
        if " and " not in window and "&" not in window and "," not in window:
            continue  # cheap test first: a list needs a joint
        head, aux, passive = _strip_aux(window)
        if not passive and _active(text, trigger.end()):
            continue  # "a clerk and a customer each shot the robber": the shooters
        head_start = max(head.rfind(mark) for mark in ".;:(") + 1
        phrase, offset = _shortest_list(head[head_start:])
        if phrase and phrase.rstrip().endswith(",") and _DESCRIBING_APPOSITIVE.search(head, head_start, head_start + offset):
            continue  # "Jon Roe, a senior and football player, was shot": one person's roles, between commas
        commas_join = phrase is None and not aux and not _FULL_STOP_END.search(text)
        if commas_join:
            # a headline's comma list: "Man, woman shot in Varnton", if the participle is headlinese
            phrase, offset = _shortest_list(head[head_start:], commas_join=True)
            if phrase and not headline_participle(text, window_start + head_start + offset, trigger.end()):
                phrase = None
        if phrase and _VERB_PART_BEFORE.search(head, head_start, head_start + offset):
            # "killed a guard, and two workers and a driver were injured": the first part is the verb's
            # object; the list, if any, starts after ", and"
            cut = _NEW_CLAUSE_SUBJECT.search(phrase)
            if cut is None:
                continue
            phrase, offset = phrase[cut.end() :], offset + cut.end()
        if phrase and _INCLUDED_BEFORE.search(head, head_start, head_start + offset):
            continue  # "two were killed, including the suspect, and six others were hurt": two clauses
        value = _list_value(phrase, commas_join) if phrase else None
        start = window_start + head_start + offset
        if value and value >= 2 and (aux or _INTRANSITIVE.match(text, trigger.start()) or kind == "killed"
                                     or headline_participle(text, start, trigger.end())):
            end = window_start + len(head.rstrip())
            one_died = _ONE_DIED_AFTER.match(text, trigger.end()) if kind in ("shot", "injured") else None
            if one_died:
                # "A and B were taken to the hospital, where A was pronounced dead": one of them died,
                # and the list tells how many were hurt in all (the report's dead are among them)
                yield _Found("killed", 1, one_died.start("who"), one_died.end("who"), "figures.list")
                yield _Found("shot", value, start, end, "figures.list")
                continue
            if kind in ("shot", "injured") and died_after(text, trigger.end()):
                kind = "killed"  # "A and B were taken to the hospital, where they were pronounced dead"
            yield _Found(kind, value, start, end, "figures.list")
    for verb in _object_verbs(text):
        kind = _object_kind(verb.group("verb"), None)
        ahead = text[verb.end() : verb.end() + 140]
        if not kind or (" and " not in ahead and "," not in ahead) or not _wounding(text, verb):
            continue
        if _UNREAL.search(text, max(0, verb.start() - 30), verb.start()):
            continue  # "accused of trying to kill two officers and a guard": what was not done
        tail = _OBJECT_LIST_END.match(ahead)
        if not tail or _NEW_CLAUSE_SUBJECT.search(tail.group(1)) and _FINITE_NEXT.match(ahead, tail.end(1)):
            continue  # "killed a guard, and two workers were injured": the list's end is the next clause's subject
        value = _list_value(tail.group(1))
        if value and value >= 2:
            if kind == "killed" and _REFLEXIVE.search(text, verb.end() + tail.end()) and "self" not in tail.group(1):
                value += 1  # "... before killing himself"
            start = verb.end() + tail.start(1)
            yield _Found(kind, value, start, verb.end() + tail.end(1), "figures.list")


_LIST_AUX = frozenset(
    "were are have has had been all both later also found reportedly each fatally critically seriously listed remain "
    "remains remained".split()
)


_PASSIVE_LIST_AUX = frozenset("were are have has had been found remain remains remained listed".split())


def _strip_aux(window: str) -> tuple[str, bool, bool]:
    """``window`` without the auxiliaries that end it ("... were later found "), whether any did,
    and whether one of them makes the verb after them passive or a state ("were", "remain"; not
    "each", "later", "fatally")."""
    words = window.rstrip().split(" ")
    stripped = passive = False
    while words and words[-1].lower() in _LIST_AUX:
        passive = passive or words[-1].lower() in _PASSIVE_LIST_AUX
        words.pop()
        stripped = True
    return " ".join(words), stripped, passive


def _shortest_list(phrase: str, commas_join: bool = False) -> tuple[str | None, int]:
    """The longest list of people that ends ``phrase`` (the whole subject), and where it starts."""
    words = list(re.finditer(r"\S+", phrase))[-14:]  # a subject list is rarely longer
    for word in words:
        candidate = phrase[word.start() :]
        if not _has_joint(candidate):
            break  # nor has any shorter candidate: no list ends the phrase
        if _PLACE_BEFORE.search(phrase, max(0, word.start() - 12), word.start()):
            continue  # "people in Syria and Turkey were injured": what follows "in" is places, not people
        if _list_value(candidate, commas_join):
            return candidate, word.start()
    return None, 0


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
