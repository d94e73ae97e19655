"""Figures that a sentence tells as a part of a toll (``figures.part``) and bodies counted
(``figures.bodies``).

Read before the other casualty rules (their findings win an overlap, ``before``):

* increments: "seven more succumbed to their injuries", "10 new fatalities", "after two wounded
  patients died" (in a sentence that gives the toll they raise), "another injured person
  succumbed": deaths added since the last count, never a toll;
* bodies: "three bodies have been recovered", "recovered around 89 bodies", "31 unclaimed dead
  bodies": the dead, in the condition ``scope`` reads there ("bodies"); body parts count nobody;
* among: "three Chinese nationals are said to be among the dead, along with two French people",
  "Among the dead are two foreign nationals and two locals", and a partitive put first, "Of the
  dead, 27 were women and four were children": a group of the dead or the hurt.

Read after them, from the kind of the figure they go on from (``after``):

* place lists: "217 people lost their lives, 213 in the Valencia region alone, three in Castilla-La
  Mancha and one in Andalusia"; "the deaths included 96 from the capital Naypyidaw, 18 from Sagaing";
* group lists: "210 bodies, including that of 83 women and 29 children"; "claimed the lives of 25
  Indians and one Nepalese"; "The deceased included 37 children, and 88 women".
"""

from __future__ import annotations

import re
from typing import Iterator

from crosscheck.extract.figures.scope import KIND_NOUNS, PLACE_END, _DEMONYM, _GROUP, _GROUPS, _place_reading
from crosscheck.extract.figures.vocabulary import _DYING, _Found
from crosscheck.model import Scope
from crosscheck.nlp.numbers import Quantity, Role, quantities
from crosscheck.nlp.regex import gate_patterns
from crosscheck.nlp.words import has_any

_LATER = r"(?:(?:have|had|has|later|also|since|subsequently)\s+)*"
# After a count: "seven more succumbed", "two more people died", "10 new fatalities".
_MORE_DIED = re.compile(
    rf"\s+(?:more|additional|further)\s+(?:(?:people|persons|victims|patients|individuals|injured|wounded)\s+){{0,2}}{_LATER}{_DYING}\b|"
    r"\s+(?:new|additional|more|further)\s+(?:deaths|fatalities)\b",
    re.IGNORECASE,
)
# After a count, in a sentence that gives the toll: "has risen to 54 after two wounded patients died".
_HURT_DIED = re.compile(
    rf"\s+(?:(?:critically\s+)?(?:injured|wounded)\s+)(?:(?:people|persons|patients|individuals|victims)\s+)?{_LATER}{_DYING}\b",
    re.IGNORECASE,
)
_TOLL_WORDS = frozenset({"toll", "tolls", "number", "total", "tally"})
# Whole words without which _MORE_DIED, _BODIES_AFTER and the "among" patterns cannot match.
_MORE_WORDS = frozenset({"more", "additional", "further", "new"})
_BODIES_WORDS = frozenset({"bodies"})
_AMONG_WORDS = frozenset({"among"})
_OF_WORDS = frozenset({"of"})
# "another injured person succumbed to his wounds", "another individual injured in the blast succumbed".
_ANOTHER_DIED = re.compile(
    r"\b(?P<np>another|one\s+more)\s+(?:(?:critically\s+)?(?:injured|wounded)\s+)?(?:person|patient|individual|victim)?"
    rf"(?:\s+(?:who\s+was\s+)?(?:injured|wounded)(?:\s+in\s+the\s+[\w-]+)?)?\s+{_LATER}{_DYING}\b",
    re.IGNORECASE,
)
_BODIES_AFTER = re.compile(
    r"\s+(?:(?P<more>more|further|additional)\s+|(?:unclaimed|dead|unidentified|charred)\s+)*bodies\b(?!\s+parts)", re.IGNORECASE
)
_AMONG_AFTER = re.compile(
    r"\s+(?P<noun>(?:[\w'’-]+\s+){0,2}?[\w'’-]+)\s+(?:(?:are|were|is|was)\s+)?(?:also\s+)?"
    r"(?:(?:said|reported|believed|thought)\s+to\s+be\s+)?(?:included\s+)?among\s+the\s+(?:[\w-]+\s+){0,2}?"
    r"(?P<kind>dead|deceased|killed|injured|wounded|martyrs|fatalities)\b",
    re.IGNORECASE,
)
_AMONG_BEFORE = re.compile(
    r"\bamong\s+the\s+(?:[\w-]+\s+){0,2}?(?P<kind>dead|deceased|killed|injured|wounded|martyrs|fatalities)"
    r"(?:\s+[^,.;]{0,60}?)?\s+(?:are|were|was|is)\s+$",
    re.IGNORECASE,
)
# A partitive put first, its groups then counted: "Of the dead, 27 were women and four were
# children", "Of the 60 injured, 11 are children".
_OF_THE_FRONTED = re.compile(
    r"\bof\s+the\s+(?:[\w,-]+\s+){0,2}?(?P<kind>dead|deceased|killed|injured|wounded|martyrs|fatalities)\s*,\s*"
    r"(?:[^.;]{0,80}?(?:,|\band\b)\s*)?$",
    re.IGNORECASE,
)
# the group, a noun phrase ("were women", "were police officers"), not a condition ("are in critical condition")
_WERE_GROUP = re.compile(
    r"\s+(?:were|are|was|is)\s+(?!(?:in|on|at|still|being|now|also|killed|injured|wounded|dead|hurt)\b)"
    r"(?P<noun>(?:[\w'’-]+\s+){0,2}?[\w'’-]+)",
    re.IGNORECASE,
)
# What joins the items of a list of parts: a comma, "and", "while", "with", "along with".
_JOINT = re.compile(r"(?:[,;]|\band\b|\bwhile\b|\bwith\b|\balong\s+with\b)\s*(?:another\s+)?$", re.IGNORECASE)
# What opens one: "including (that of)", "the deaths included", "The deceased included".
_OPENER = re.compile(
    r"(?:\bincluding\s+(?:that\s+of\s+|those\s+of\s+)?|"
    r"\b(?P<noun>deaths|dead|deceased|injured|wounded|victims|martyrs|fatalities)\s+(?:also\s+)?includ(?:ed|es|e)\s+)$",
    re.IGNORECASE,
)
_PLACE_ITEM = re.compile(
    r"(?:\s+(?:deaths?|dead|people|persons|fatalities|victims|bodies|injured|wounded))?"
    r"(?:\s+of\s+(?:them|whom|the\s+(?P<noun>dead|deceased|injured|wounded|victims)))?\s+(?:(?:were|are|was)\s+)?"
    rf"(?:in|from)\s+(?P<place>[^,;()]{{2,60}}?){PLACE_END}",
    re.IGNORECASE,
)


def before(text: str, counts: list[Quantity]) -> Iterator[_Found]:
    """Increments, bodies and groups among the dead or hurt (see the module doc)."""
    more, tolled = has_any(text, _MORE_WORDS), has_any(text, _TOLL_WORDS)
    bodies, among = has_any(text, _BODIES_WORDS), has_any(text, _AMONG_WORDS)
    fronted = has_any(text, _OF_WORDS) and "," in text
    for q in counts if more or tolled or bodies or among or fronted else ():
        if q.value is None:
            continue
        if (more and _MORE_DIED.match(text, q.end)) or (tolled and _HURT_DIED.match(text, q.end)):
            yield _Found("killed", q.value, q.start, q.end, "figures.part", q.qualifier, scope="increment", detail="more")
        elif bodies and (found := _BODIES_AFTER.match(text, q.end)):
            if found.group("more"):  # "12 more bodies were recovered": deaths added to the last count
                yield _Found("killed", q.value, q.start, q.end, "figures.part", q.qualifier, scope="increment", detail="more")
            else:
                yield _Found("killed", q.value, q.start, q.end, "figures.bodies", q.qualifier)
        elif among:
            yield from _among(text, q)
        elif fronted:
            yield from _of_the_fronted(text, q)
    if "nother" in text or "more" in text:
        for match in _ANOTHER_DIED.finditer(text):
            # one person's death, read as ``figures.single`` reads it, told apart as an increment
            yield _Found("killed", 1, match.start("np"), match.end("np"), "figures.single", scope="increment", detail="another")


def _among(text: str, q: Quantity) -> Iterator[_Found]:
    after = _AMONG_AFTER.match(text, q.end)
    before_ = _AMONG_BEFORE.search(text, max(0, q.start - 90), q.start) if after is None else None
    match = after or before_
    if match is None:
        return
    noun = after.group("noun") if after else _noun_after(text, q.end)
    yield _Found(KIND_NOUNS[match.group("kind").lower()], q.value, q.start, q.end, "figures.part", q.qualifier,
                 scope="group", detail=_group_name(noun) or noun or None)


def _of_the_fronted(text: str, q: Quantity) -> Iterator[_Found]:
    group = _WERE_GROUP.match(text, q.end)
    match = _OF_THE_FRONTED.search(text, max(0, q.start - 120), q.start) if group else None
    if match is None or group is None:
        return
    noun = group.group("noun")
    yield _Found(KIND_NOUNS[match.group("kind").lower()], q.value, q.start, q.end, "figures.part", q.qualifier,
                 scope="group", detail=_group_name(noun) or noun)


def after(text: str, counts: list[Quantity], found: list[_Found]) -> list[_Found]:
    """Places and groups listed after a figure or an opener, with that figure's kind."""
    listed: list[_Found] = []
    every = [q for q in quantities(text) if q.role is Role.COUNT]
    for q in counts:
        if q.value is None or _NOT_AN_ITEM.fullmatch(text[q.num_start : q.end]) or any(
            f.start <= q.start < f.end for f in [*found, *listed]
        ):
            continue
        item = _item(text, q, sorted([*found, *listed], key=lambda f: f.end), every)
        if item is not None:
            listed.append(item)
    return listed


_NOT_AN_ITEM = re.compile(r"both|all|each", re.IGNORECASE)  # "Davis, 9, and Couplin, 52, both from Darlington"


def _item(text: str, q: Quantity, known: list[_Found], every: list[Quantity]) -> _Found | None:
    """One item of a list of places or groups: its kind is that of the figure or opener before it,
    with no other count between them ("found one man shot and several people, including three men
    who live there, still inside": the three are of the several)."""
    opener = _OPENER.search(text, max(0, q.start - 40), q.start)
    joint = None if opener else _JOINT.search(text, max(0, q.start - 14), q.start)
    place = _PLACE_ITEM.match(text, q.end)
    of_kind = KIND_NOUNS.get((place.group("noun") or "").lower()) if place else None  # "320 of the wounded are in ..."
    if opener is None and joint is None and of_kind is None:
        return None
    kind = of_kind or (KIND_NOUNS.get((opener.group("noun") or "").lower()) if opener else None)
    if kind is None:
        earlier = [f for f in known if f.end <= q.start and f.kind in ("killed", "injured", "missing", "shot")]
        if not earlier or any(earlier[-1].end <= c.start and c.end <= q.start and not _listed(c, known) for c in every):
            return None
        kind = "injured" if earlier[-1].kind == "shot" else earlier[-1].kind
    if place is not None:
        reading = _place_reading(place.group("place"), bool(place.group("alone")))
        # a hospital is a place of a list ("52 deaths in Nawab Hospital, six in the civil hospital"),
        # not of one figure after another ("four people dead and one in the hospital")
        listing = opener is not None or of_kind or _NAMED.search(place.group("place")) or _PLACE_BEFORE.search(text, 0, q.start)
        if reading is not None and listing:
            return _Found(kind, q.value, q.start, q.end, "figures.part", q.qualifier, scope="place", detail=reading.detail)
    noun = _noun_after(text, q.end)
    group = _group_name(noun)
    if group and (opener is not None or any(f.scope == "group" or _group_name(_noun_after(text, f.end)) for f in known
                                           if f.end <= q.start)):
        # "including 83 women" is a part of the figure before; "25 Indians and one Nepalese" its sibling
        rule = "figures.included" if opener is not None or (known and known[-1].rule == "figures.included") else "figures.part"
        return _Found(kind, q.value, q.start, q.end, rule, q.qualifier, scope="group", detail=group)
    return None


_NAMED = re.compile(r"\b(?-i:[A-Z])")
_PLACE_BEFORE = re.compile(r"\b(?:in|from)\s+(?:the\s+)?(?-i:[A-Z])[\w'’-]+[^,;]*,\s*(?:and\s+)?(?:another\s+)?$", re.IGNORECASE)


def _listed(count: Quantity, known: list[_Found]) -> bool:
    return any(f.start <= count.start < f.end for f in known)


def _noun_after(text: str, at: int) -> str:
    """Up to three words after a count: where its noun is ("three foreign nationals")."""
    noun = re.match(r"\s+((?:[\w'’&-]+\s+){0,2}[\w'’-]+)", text[at : at + 40])
    return noun.group(1) if noun else ""


def _group_name(noun: str) -> str | None:
    """The group a noun phrase names ("policemen" -> "police", "Chinese nationals" -> "Chinese")."""
    match = _GROUP.search(noun)
    if match:
        return next(name for i, (name, _) in enumerate(_GROUPS) if match.group(f"g{i}"))
    demonym = _DEMONYM.search(noun)
    return demonym.group("people") if demonym else None


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
