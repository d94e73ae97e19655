"""The missing a sentence says were found: a count of the missing that is missing no longer.

"The bodies of the three missing workers were found" names three missing people, and the count
the brief wants is how many remain missing. A definite count ("the three missing workers", "all
six missing crew", "the remaining two missing") is every one of the missing of that description,
so none of them remains: the sentence states that the missing count is now 0. An indefinite one
("three missing fishermen were rescued") is some of the missing, and says nothing of how many are
left: it is no count of the missing at all.

| sentence | reading |
| --- | --- |
| "the bodies of the three missing workers were found" | all found: missing 0 |
| "all six missing crew members were found dead" | all found: missing 0 |
| "rescuers found the two missing hikers alive" | all found: missing 0 |
| "divers recovered the bodies of the remaining two missing people" | all found: missing 0 |
| "three missing fishermen were rescued" | some found: no missing count |
| "the three missing workers have not been found" | no finding: missing 3 |
| "the search for the three missing workers was called off" | no finding: missing 3 |
"""

from __future__ import annotations

import re
from enum import Enum

from crosscheck.nlp.regex import gate_patterns

# a finding of people: found (dead or alive), recovered, rescued, located, pulled out, accounted for
_FINDING = r"(?:found|recovered|rescued|located|retrieved|pulled\s+(?:out|from)|brought\s+out|accounted\s+for)"
# after the count: "three missing workers were found", "six missing crew members have all been rescued"
_FOUND_AFTER = re.compile(
    rf"\s+missing(?:\s+[\w'’-]+){{0,3}}?\s+(?:were|was|have|has|had)(?:\s+(?:all|both|since|now|finally|later|eventually|been)){{0,3}}"
    rf"\s+{_FINDING}\b",
    re.IGNORECASE,
)
# before the count: "rescuers found the two missing hikers", "recovered the bodies of the remaining two"
_FOUND_BEFORE = re.compile(
    rf"\b{_FINDING}\s+(?:the\s+(?:bodies|remains)\s+of\s+)?(?:all\s+)?(?:the\s+)?(?:remaining\s+|last\s+)?$",
    re.IGNORECASE,
)
_MISSING_NEXT = re.compile(r"\s+missing\b", re.IGNORECASE)
# the count is every one of the missing so described: "the three", "all six", "the remaining two"
_DEFINITE_BEFORE = re.compile(r"\b(?:the|all|both|remaining|last|these|those)\s+$", re.IGNORECASE)


class Found(str, Enum):
    """What a sentence says of the missing it counts: all of them found, or some of them."""

    ALL = "all"
    SOME = "some"


def missing_found(text: str, start: int, end: int) -> Found | None:
    """Whether the missing counted at ``text[start:end]`` are said to be found, and all of them
    (a definite count) or some; ``None`` when the sentence tells no finding of them."""
    before = text[max(0, start - 80) : start]
    found = _FOUND_AFTER.match(text, end) is not None or (
        _MISSING_NEXT.match(text, end) is not None and _FOUND_BEFORE.search(before) is not None
    )
    if not found:
        return None
    return Found.ALL if _DEFINITE_BEFORE.search(before) else Found.SOME


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
