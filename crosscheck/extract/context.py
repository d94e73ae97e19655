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
from crosscheck.nlp.document import AnalyzedDoc
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
    """Sentences about other events: the background module's, and the commemorated person's death.

    Computed once per document (``_BACKGROUND``): the claims, places and dates extractors all ask.
    """
    found = _BACKGROUND.get(doc)
    if found is None:
        found = _BACKGROUND[doc] = frozenset(_background_indices(doc))
    return found


def _background_indices(doc: AnalyzedDoc) -> set[int]:
    return commemorated_death_sentences(doc) | background_sentences(doc)


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
