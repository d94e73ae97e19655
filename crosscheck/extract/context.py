"""The sentences of a report about other events, as every extractor skips them.

Two readers agree here: the background rules (``crosscheck.extract.background``: earlier years,
time offsets to another happening, round-ups) and the death an anniversary commemorates ("on the
anniversary of the death of X ... X was killed in a drone strike": that killing is an earlier
event). The claims, places and dates extractors all skip what ``background_indices`` returns, so
a sentence is background for all of them or for none.
"""

from __future__ import annotations

import re
import weakref

from crosscheck.extract.background import background_sentences
from crosscheck.nlp.document import AnalyzedDoc, Sentence
from crosscheck.nlp.regex import gate_patterns

_ANNIVERSARY_OF = re.compile(
    r"\banniversary\s+of\s+(?:the\s+|his\s+|her\s+)?(?:death|killing|assassination|martyrdom|murder)\s+of\s+(?P<who>[^,.;:()]{1,60})"
)
_COMMEMORATION_OF = re.compile(
    r"\b(?:commemoration|memorial|ceremony|commemorations|ceremonies)\s+(?:ceremony\s+|service\s+)?(?:for|of|honou?ring|to\s+mark)\s+(?P<who>[^,.;:()]{1,60})"
)
_PERSON_DEATH = r"(?:(?:was|had\s+been|is|,|;)\s+(?:\w+\s+){0,2}?)(?:killed|assassinated|slain|murdered)\b"


def _surname(phrase: str) -> str | None:
    """Last capitalised word of the name a phrase starts with ("Iranian general Qassem Soleimani in ...")."""
    head = re.split(r"\s(?:in|at|on|near|who|which|and|by|when|as|was|were)\s", phrase, maxsplit=1)[0]
    names = re.findall(r"[A-Z][\w'’-]+", head)
    return names[-1] if names else None


def commemorated_death_sentences(doc: AnalyzedDoc) -> set[int]:
    """Sentences telling how the person commemorated by the event died, an earlier event.

    When the event is the anniversary of someone's death, "X was killed in a drone strike" (or "He
    was killed..." right after a sentence naming X) tells that earlier death: its method and place are
    not this event's. Names come from the anniversary clause and, once an anniversary is mentioned,
    from "commemoration/ceremony for X".
    """
    texts = [s.text for s in doc.sentences]
    if not any("anniversary" in t for t in texts):
        return set()
    names = {n for t in texts for m in _ANNIVERSARY_OF.finditer(t) if (n := _surname(m.group("who")))}
    names |= {n for t in texts for m in _COMMEMORATION_OF.finditer(t) if (n := _surname(m.group("who")))}
    found: set[int] = set()
    for name in names:
        own = re.compile(rf"\b{re.escape(name)}\b[^.]{{0,150}}?{_PERSON_DEATH}")
        pronoun = re.compile(rf"^\s*(?:He|She)\s+{_PERSON_DEATH}")
        for index, text in enumerate(texts):
            if own.search(text) or (index and name in texts[index - 1] and pronoun.search(text)):
                found.add(index)
    return found


_BACKGROUND: "weakref.WeakKeyDictionary[AnalyzedDoc, frozenset[int]]" = weakref.WeakKeyDictionary()


def background_indices(doc: AnalyzedDoc) -> frozenset[int]:
    """Sentences about other events: the background module's, the commemorated person's death, and
    another happening told as such (``other_happening_sentences``).

    Computed once per document (``_BACKGROUND``): the claims, places and dates extractors all ask.
    """
    found = _BACKGROUND.get(doc)
    if found is None:
        found = _BACKGROUND[doc] = frozenset(_background_indices(doc))
    return found


def _background_indices(doc: AnalyzedDoc) -> set[int]:
    return commemorated_death_sentences(doc) | other_happening_sentences(doc) | background_sentences(doc)


# A sentence that opens on another happening of the kind, told as indefinite: "A second bomb attack
# took place in Hangu", "Another suicide attack hit a police post in Bannu", "A separate shooting
# left two dead". (The event's own parts are definite or blasts: "The second explosion occurred
# 1 km away", "A second blast went off 15 minutes later" are not matched.)
_ANOTHER_HAPPENING = re.compile(
    r"^\W*(?:(?:Meanwhile|Earlier|Later|Separately),?\s+)?(?:a\s+(?:second|third|separate|similar|different|further)|another)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:attack|bombing|shooting|stabbing|assault|massacre|raid)s?\b",
    re.IGNORECASE,
)


def other_happening_sentences(doc: AnalyzedDoc) -> set[int]:
    """Sentences that open on another happening of the kind (``_ANOTHER_HAPPENING``)."""
    return {s.index for s in doc.sentences if _ANOTHER_HAPPENING.match(s.text)}


_CONDEMNS = re.compile(r"\b(?:condemn(?:ed|s|ing)?|denounc(?:ed|es|ing))\b", re.IGNORECASE)


def reacts_after_background(sentence: Sentence, background: frozenset[int], end: int | None = None) -> bool:
    """Whether ``sentence`` (up to ``end``) condemns "the attack" right after a sentence about
    another event ("It comes a day after X was killed in a drone strike in Beirut. Iran condemned
    the attack, saying ..."): the reaction, and what it says, are to that other event. The claims
    extractor drops such a condemnation; the quotes extractor marks what it says."""
    return sentence.index - 1 in background and _CONDEMNS.search(sentence.text, 0, end if end is not None else len(sentence.text)) is not None


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
