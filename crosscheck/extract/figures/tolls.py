"""A count named by the toll it gives (``figures.toll``) and lives lost (``figures.lives``).

World news states its tolls as a noun phrase, then what became of it, then the count, with any
words between: "the death toll from the landslides that struck Wayanad on Tuesday has risen to
174", "Death toll of the mosque blast revised down to 84", "pegged the official death toll ... at
222", "the confirmed number of martyrs stood at 84", "the number of injured increased to 3,408",
"death toll tops 30,000". The rule reads the toll nouns of ``_TOLL_NOUNS`` (each with the kind it
counts) and takes a count that a link of ``_LINK`` joins to the nearest noun before it in the same
clause, with no other count between. A count after "from" is the value the toll changed from
("rose to five from two", "spiked from 95"): an earlier figure. Lives lost are read by
``_LIVES_BEFORE`` / ``_LIVES_AFTER``: "claimed at least 158 lives", "the loss of at least 308 lives".
"""

from __future__ import annotations

import re
from typing import Iterator

from crosscheck.extract.figures.counts import _of_things, _trigger_kind
from crosscheck.extract.figures.vocabulary import _Found, _triggers
from crosscheck.model import Stage
from crosscheck.nlp.numbers import Quantity
from crosscheck.nlp.regex import gate_patterns
from crosscheck.nlp.words import has_any

# The nouns that name a toll, the kind each counts ("toll" alone is of the dead: "the toll rose to
# 57"), and phrases whose kind is that of the casualty word before them ("12,391 had died in Turkey
# ..., bringing the confirmed total to 15,383"; "rose to five from a previous figure of two").
_TOLL_NOUNS: tuple[tuple[str, str], ...] = (
    ("killed", r"death\s+tolls?|death\s+counts?|body\s+count|fatality\s+(?:counts?|tolls?|figures?)|"
               r"number\s+of\s+(?:the\s+)?(?:dead|deaths|fatalities|martyrs|victims|deceased|people\s+(?:killed|dead)|"
               r"those\s+killed|people\s+who\s+(?:have\s+|had\s+)?died)|tolls?"),
    ("injured", r"number\s+of\s+(?:the\s+)?(?:injured|wounded|injuries|people\s+(?:injured|wounded|hurt))|"
                r"injury\s+tolls?|(?:injured|wounded)\s+(?:tolls?|counts?|figures?|tally)"),
    ("missing", r"number\s+of\s+(?:the\s+)?(?:missing|people\s+missing|missing\s+(?:people|persons))|"
                r"missing\s+(?:figures?|tolls?|counts?|tally)"),
    ("context", r"(?:bring(?:ing|s)?|rais(?:ing|es|ed)|tak(?:ing|es)|push(?:ing|es|ed))\s+the\s+"
                r"(?:(?:confirmed|overall|combined|official|total)\s+)*(?:total|tally|number|count)(?=\s+to\b)|"
                r"(?P<earlier>(?:previous|earlier|initial|first)\s+(?:figure|count|estimate|tally|balance))(?=\s+of\b)"),
)
_TOLL_NOUN = re.compile(
    r"\b(?:" + "|".join(f"(?P<{kind}>{pattern})" for kind, pattern in _TOLL_NOUNS) + r")\b"
    r"(?![-\s](?:free|road|roads|booth|plaza|bridge|gate|lane|lanes|way|tag)\b)",  # "a toll-free line", "toll road"
    re.IGNORECASE,
)
_TOLL_WORDS = frozenset({"toll", "tolls", "count", "counts", "number", "total", "tally", "figure", "figures", "estimate",
                         "balance"})
# What joins a toll to its count: a verb of change or state, or the preposition after one ("has risen
# to", "stood at", "tops", "climbed above", "was", "of"), right before the count.
_LINK = re.compile(
    r"(?:\b(?:to|at|above|over|past|beyond|around|from|then|"
    # "of" right after the noun: "a death toll of 42,310", "a previous figure of two"
    r"(?:(?<=\btoll\s)|(?<=\btolls\s)|(?<=\bfigure\s)|(?<=\bcount\s)|(?<=\btally\s)|(?<=\bestimate\s)|(?<=\bbalance\s))of|"
    r"reach(?:ed|es|ing)?|hit(?:s|ting)?|top(?:s|ped|ping)?|surpass(?:ed|es|ing)?|pass(?:ed|es|ing)?|"
    r"exceed(?:ed|s|ing)?|cross(?:ed|es|ing)?|near(?:ed|s|ing)?|approach(?:ed|es|ing)?|"
    r"is|was|be|stands|stood|now|rose|rises)\s*|[:–—]\s*)$",
    re.IGNORECASE,
)
# "has gone up to 210", "was now up to 122": "up to" is the verb's, not a qualifier of the count.
_GONE_UP = re.compile(r"\b(?:gone|went|go|goes|going|is|was|now|been|moved|shot|jumped|climbed|risen|rose)\s+$", re.IGNORECASE)
# "revised from eight to six": the count before "to" is the value changed from, no count of its own.
_FROM_TO = re.compile(r"\s*(?:to|-|–)\s*", re.IGNORECASE)
_CLAUSE_END = re.compile(r"[;!?]|\.(?!\d)")  # a decimal point ("2.30 pm") ends no clause
_MAX_GAP = 150  # characters between a toll noun and its count: past that, the count is another clause's

# Lives lost: "claimed at least 158 lives", "took 12 lives", "the loss of at least 308 lives".
_LIVES_BEFORE = re.compile(r"\b(?:claim(?:ed|ing|s)?|took|tak(?:es|ing)|cost(?:s|ing)?|loss\s+of|lost)\s+(?:the\s+)?$", re.IGNORECASE)
_LIVES_AFTER = re.compile(r"\s+(?:(?:human|innocent|more|precious|other|civilian)\s+)?lives\b", re.IGNORECASE)


def tolls(text: str, counts: list[Quantity]) -> Iterator[_Found]:
    """The counts of ``text`` that a toll noun names (see the module doc), then lives lost."""
    if has_any(text, _TOLL_WORDS):
        nouns = list(_TOLL_NOUN.finditer(text))
        for q in counts:
            found = _toll_count(text, q, nouns, counts)
            if found is not None:
                yield found
    if "lives" in text:
        for q in counts:
            if q.value is not None and _LIVES_AFTER.match(text, q.end) and _LIVES_BEFORE.search(text, max(0, q.start - 20), q.start):
                yield _Found("killed", q.value, q.start, q.end, "figures.lives", q.qualifier)


def _toll_count(text: str, q: Quantity, nouns: list[re.Match[str]], counts: list[Quantity]) -> _Found | None:
    """The toll ``q`` gives, when a link joins it to the nearest toll noun before it."""
    if q.value is None:
        return None
    noun = next((n for n in reversed(nouns) if n.end() <= q.start), None)
    if noun is None or q.start - noun.end() > _MAX_GAP:
        return None
    qualifier, start = q.qualifier, q.start
    if qualifier == "up to" and _GONE_UP.search(text, max(0, q.start - 12), q.start):
        qualifier, start = None, q.num_start  # the count starts at its number
    link = _LINK.search(text, noun.end(), start)  # the whole text: "of" looks back at "toll"
    if link is None or link.start() < noun.end() or _CLAUSE_END.search(text, noun.end(), q.start) or any(
        noun.end() <= c.start and c.end <= q.start and not _FROM_TO.fullmatch(text, c.end, q.start) for c in counts
    ):
        return None
    kind = next(k for k, _ in _TOLL_NOUNS if noun.group(k))
    if kind == "context":
        kind = _kind_before(text, noun.start(), nouns)
    if kind is None or _of_things(text, q.end):
        return None
    earlier = noun.group("earlier") or link.group(0).strip().lower() in ("from", "then")
    return _Found(kind, q.value, start, q.end, "figures.toll", qualifier, stage=Stage.INITIAL if earlier else None)


def _kind_before(text: str, at: int, nouns: list[re.Match[str]]) -> str | None:
    """The kind of the last toll noun or casualty word before ``at`` ("had died ..., bringing the
    total to": killed), or ``None`` when there is none."""
    words = [(t.start(), _trigger_kind(t)) for t in _triggers(text) if t.end() <= at]
    words += [(n.start(), next(k for k, _ in _TOLL_NOUNS if n.group(k))) for n in nouns if n.end() <= at]
    kinds = [kind for _, kind in sorted(words) if kind in ("killed", "injured", "missing")]
    return kinds[-1] if kinds else None


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
