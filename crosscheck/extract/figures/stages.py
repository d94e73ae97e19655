"""The stage a sentence gives a figure (``model.Stage``): what it says of the figure's standing in
time or in truth.

Cues that qualify the count they stand before, in its clause (``_LOCAL``), come first:

* projected: "could rise to or surpass 50,000", "the death toll could be more than 20", "may reach",
  "is expected to surpass", "feared to exceed";
* denied: "false reports that over 700 bodies were found", "dismissed reports of 40 dead", "denied
  that 12 were killed" (not a count the denier then gives as its own: "denied the claim and said
  the toll stood at 34");
* unconfirmed: "unofficial reports suggest that 413 people have perished", "unconfirmed reports of
  30 dead", "28 tourists are feared killed", and a figure its source disclaims after it: "the 1,900
  missing reported correspond mainly to calls from relatives and do not necessarily reflect...",
  "the figure does not represent confirmed deaths".

Then the cue word nearest before the figure (else the first after it, ``_CUES``):

* initial: "initially", "earlier reports", "had said", "previously", "previous balance", "hours
  earlier", "early estimates", "at first";
* revised: "has risen to", "went up", "soared", "increased to", "revised to", "later said";
* corrected: a figure stated as a correction of a higher or wrong one: "revised down to",
  "corrected", "lowered", "downgraded", "brought down", "reduced to", "after some were counted
  twice" (a lower corrected figure replaces the earlier one even when reports carry no date);
* latest: "now stands at", "stood at", "so far", "currently", "as of", "latest", "to date".
"""

from __future__ import annotations

import re

from crosscheck.model import Stage
from crosscheck.nlp.numbers import Role, quantities
from crosscheck.nlp.regex import gate_patterns
from crosscheck.nlp.words import has_any

# What a denial covers ends where its speaker states a count of its own: in "denied the claim and
# said the toll stood at 34" the 34 is the denier's own figure, not what it denied.
_NOT_A_NEW_STATEMENT = r"(?:(?!\b(?:and|but)\s+(?:also\s+)?(?:said|says|put|insisted|maintained|stated|added)\b|,\s*(?:saying|insisting|adding)\b)[^.;])"
_LOCAL: tuple[tuple[re.Pattern[str], Stage], ...] = (
    # the projection ends right before the count: "could rise to or surpass 50,000", "could be more than 20"
    (re.compile(
        r"\b(?:could|may|might|would|will|(?:is|are|was|were)\s+(?:likely|expected|feared|projected|set)\s+to|"
        r"(?:likely|expected|feared|projected|set)\s+to)\s+(?:[\w-]+\s+){0,2}?"
        r"(?:rise|reach|hit|top|exceed|surpass|climb|pass|be|go\s+up|increase|cross|double)"
        r"(?:\s+(?:to|above|over|past|beyond|or\s+[\w-]+))*\s*$",
        re.IGNORECASE), Stage.PROJECTED),
    # a denial of a report: "false reports that over 700 bodies were found", "dismissed reports of 40 dead"
    (re.compile(
        r"\b(?:(?:denied|denies|deny|denying|dismissed|dismisses|rejected|refuted|debunked)\s+(?:[\w-]+\s+){0,3}?|"
        r"(?:false|fake|untrue|unfounded|baseless)\s+(?:[\w-]+\s+){0,2}?)(?:reports?|claims?|rumou?rs?|accounts?|figures?)\b"
        rf"{_NOT_A_NEW_STATEMENT}{{0,60}}$|\brumou?r(?:s|ed)?\b{_NOT_A_NEW_STATEMENT}{{0,60}}$",
        re.IGNORECASE), Stage.DENIED),
    (re.compile(
        r"\b(?:unconfirmed|unofficial(?:ly)?|unverified|not\s+(?:yet\s+)?(?:been\s+)?(?:officially\s+)?confirmed)\b[^.;]{0,80}$",
        re.IGNORECASE), Stage.UNCONFIRMED),
)
_LOCAL_WORDS = frozenset(
    "could may might would will likely expected feared projected set denied denies deny denying dismissed dismisses "
    "rejected refuted debunked false falsely fake untrue rumour rumours rumoured rumor rumors rumored hoax "
    "unconfirmed unofficial unofficially unverified confirmed".split()
)
# "28 tourists are feared killed": the count itself is what is feared.
_FEARED_AFTER = re.compile(
    r"(?:\s+[\w'’-]+){0,3}?\s+(?:are|were|is|was|have\s+been)\s+(?:feared|believed|thought|presumed)\s+"
    r"(?:to\s+(?:be|have\s+been)\s+)?(?:killed|dead|died)\b",
    re.IGNORECASE,
)

# A figure its source disclaims in the same clause, after it: "the 1,900 missing reported correspond
# mainly to calls ... and do not necessarily reflect", "the 300 figure does not represent deaths".
_DISCLAIMED_AFTER = re.compile(
    r"[^.;]{0,140}?\b(?:do|does|did)\s+not\s+(?:necessarily\s+)?(?:reflect|represent|mean|indicate|correspond\s+to|"
    r"amount\s+to)\b",
    re.IGNORECASE,
)

_INITIAL = re.compile(
    r"\b(?:initial(?:ly)?|earlier\s+reports?|(?:said|reported|stated)\s+earlier|had\s+earlier|earlier\s+(?:said|reported)|"
    r"first\s+reported|at\s+first|originally|preliminary|early\s+(?:reports?|estimates?)|had\s+(?:indicated|said|reported|stated)|"
    r"previously\s+(?:said|reported|stated|announced|put|given|reporting|told|released)|"
    r"previous\s+(?:figure|count|toll|tally|estimate|balance|report|update)|"
    r"(?:announced|reported|given|released|stated|said)\s+(?:just\s+)?hours\s+earlier|earlier\s*,)", re.IGNORECASE)
_REVISED = re.compile(
    r"\b(?:has\s+since|have\s+since|since\s+risen|revised(?!\s+(?:down|downwards?|lower)\b)|rose|risen|rises|climbed|"
    r"jumped\s+to|soared|spiked|increased\s+(?:to|its|their|the)|"
    r"surged|went\s+up|gone\s+up|updated|raised|"
    r"later\s+(?:said|confirmed|reported|told|revised))\b", re.IGNORECASE)
_CORRECTED = re.compile(
    r"\b(?:revised\s+(?:down|downwards?|lower)|corrected|lowered|downgraded|brought\s+down|reduced\s+to|"
    r"(?:counted|registered|listed|reported)\s+twice|double(?:\s+|-)count(?:ed|ing)?)\b", re.IGNORECASE)
_LATEST = re.compile(
    r"\b(?:now|latest|new\s+reports?|so\s+far|currently|as\s+of|stands\s+at|stood\s+at|standing\s+at|to\s+date|till\s+date)\b",
    re.IGNORECASE)
_CUES = ((_INITIAL, Stage.INITIAL), (_REVISED, Stage.REVISED), (_CORRECTED, Stage.CORRECTED), (_LATEST, Stage.LATEST))
# Whole words one of which every match of _INITIAL / _REVISED / _CORRECTED holds (_LATEST's "as of" would need
# "of", in nearly every sentence): a sentence whose word set has none is not scanned for them.
_CUE_WORDS = {
    Stage.INITIAL: frozenset({"initial", "initially", "earlier", "first", "originally", "preliminary", "early", "had",
                              "previous", "previously"}),
    Stage.REVISED: frozenset({"since", "revised", "rose", "risen", "rises", "climbed", "increased", "jumped", "soared",
                              "spiked", "surged", "went", "gone", "updated", "raised", "later"}),
    Stage.CORRECTED: frozenset({"revised", "corrected", "lowered", "downgraded", "brought", "reduced", "twice",
                                "double"}),
}


def stage_of(text: str, start: int = 0, end: int | None = None) -> Stage | None:
    """The stage of the figure at ``text[start:end]`` (see the module doc)."""
    end = start if end is None else end
    if has_any(text, _LOCAL_WORDS):
        clause_start = max(text.rfind(";", 0, start), text.rfind(". ", 0, start)) + 1
        for pattern, stage in _LOCAL:
            if pattern.search(text, max(clause_start, start - 120), start):
                return stage
    if "fear" in text or "believ" in text or "presum" in text or "thought" in text:
        if _FEARED_AFTER.match(text, end):
            return Stage.UNCONFIRMED
    if " not " in text and _DISCLAIMED_AFTER.match(text, end):
        return Stage.UNCONFIRMED
    return _nearest_cue(text, start)


def _nearest_cue(text: str, at: int) -> Stage | None:
    """The nearest cue before ``at`` ("initially told ... that 20", "but police later said 6"),
    else the first after it ("103 were killed, according to new reports"). A verb of change takes
    one count: with another count between it and the figure ("rises to 5, more than 200
    injured") the change is the other count's; a cue of the telling ("initially said 12 died and
    30 were hurt") holds for every count after it."""
    cues = sorted(
        (m.start(), m.end(), stage)
        for pattern, stage in _CUES
        if stage not in _CUE_WORDS or has_any(text, _CUE_WORDS[stage])
        for m in pattern.finditer(text)
    )
    before = [(start, end, stage) for start, end, stage in cues if start < at]
    if before:
        start, end, stage = before[-1]
        changes = stage in (Stage.REVISED, Stage.CORRECTED) and not _TELLING.match(text, start)
        return None if changes and _another_count(text, end, at) else stage
    return cues[0][2] if cues else None


def _another_count(text: str, start: int, end: int) -> bool:
    """Whether a count other than a "from" value ("revised from 30 to 26") stands in ``text[start:end]``."""
    return any(
        start <= q.num_start and q.end <= end and not _FROM_BEFORE.search(text, max(start, q.start - 6), q.start)
        for q in quantities(text) if q.role is Role.COUNT
    )


# Revision cues of the telling, not verbs of change: they hold for every count after them
# ("has since reported that 103 people have died, while 141 were injured").
_TELLING = re.compile(r"(?:has|have)\s+since|later\b|updated", re.IGNORECASE)
_FROM_BEFORE = re.compile(r"\bfrom\s+$", re.IGNORECASE)


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
