"""The generic count rule (``figures.generic``): a count stated with the words a registered kind
declares for the report's language (``kinds.KindWords``), for every kind without rules of its own.

For each kind with words: the count, up to four words of its noun, then ``after`` ("3,000 people
*were evacuated*", "653 *rescued*", "24,921 buildings *were destroyed*"); ``before``, then the
count ("*evacuating* 3,000 residents", "*carrying* 750 passengers"); the count, then a noun that
is the kind itself (``nouns``: "3,000 *evacuees*", "750 *passengers*"). A kind of people does not
count things ("300 houses were destroyed" is no people's figure) and a kind of things does not
count people, and a population a count is taken from ("1.6 million of the 3.5 million displaced
people", "threatening 1.6 million displaced people") is no figure of the event. "653 rescued" is a
rescued figure, never a casualty; people aboard are context.
Adding a kind to the registry with its words is all it takes for this rule to read it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from crosscheck.extract.background import is_background
from crosscheck.extract.figures.asof import as_of
from crosscheck.extract.figures.provenance import _attribution, _stage, _tidy
from crosscheck.extract.figures.vocabulary import _PERSON_WORD, _STOP_NOUN, _THINGS
from crosscheck.kinds import Counts, FigureKind, KindWords, registered_kinds
from crosscheck.model import FigureMention
from crosscheck.nlp.document import Sentence
from crosscheck.nlp.numbers import Quantity, Role, quantities

EXTRACTOR = "figures.generic"
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class KindRule:
    """The compiled words of one kind in one language."""

    kind: str
    counts: Counts
    unit: str | None
    after: re.Pattern[str] | None
    before: re.Pattern[str] | None
    nouns: re.Pattern[str] | None


def rules(language: str | None) -> tuple[tuple[KindRule, ...], re.Pattern[str] | None]:
    """The rules of every registered kind with words in ``language`` (English when the report's
    language is unknown), and a pattern of all their words: a sentence without any is not read."""
    code = (language or DEFAULT_LANGUAGE).split("-")[0].lower()
    snapshot = tuple((spec.name, spec.counts, spec.unit, spec.words.get(code)) for spec in registered_kinds())
    return _compiled(snapshot)


@lru_cache(maxsize=32)
def _compiled(snapshot: tuple[tuple[str, Counts, str | None, KindWords | None], ...]
              ) -> tuple[tuple[KindRule, ...], re.Pattern[str] | None]:
    compiled, fragments = [], []
    for name, counts, unit, words in snapshot:
        if words is None:
            continue
        # the count, its noun, an auxiliary and an adverb ("550 buildings were completely"), the words
        after = (rf"(?P<noun>(?:\s+(?!{_STOP_NOUN})[A-Za-z][\w'’.-]*){{0,4}}?)"
                 rf"(?:\s+(?:were|was|are|have\s+been|had\s+been|been))?(?:\s+(?-i:[a-z]+ly))?\s+(?:{words.after})\b"
                 if words.after else None)
        before = rf"\b(?:{words.before})(?:the\s+)?$" if words.before else None
        nouns = rf"\s+(?:{words.nouns})\b" if words.nouns else None  # matched at the count's end
        compiled.append(KindRule(name, counts, unit, *(re.compile(p, re.IGNORECASE) if p else None for p in (after, before, nouns))))
        fragments += [f for f in (words.after, words.before, words.nouns) if f]
    gate = re.compile("|".join(f"(?:{f})" for f in fragments), re.IGNORECASE) if fragments else None
    return tuple(compiled), gate


def generic(sentence: Sentence, kind_rules: tuple[KindRule, ...], gate: re.Pattern[str] | None) -> Iterator[FigureMention]:
    """The figures of registered kinds the sentence states with their words."""
    text = sentence.text
    if gate is None or not gate.search(text):
        return
    for q in quantities(text):
        if q.role is not Role.COUNT or q.vague or (q.value is None and q.low is None):
            continue
        for rule in kind_rules:
            if _states(text, q, rule) and not is_background(sentence, q.start, q.end):
                yield _mention(sentence, q, rule)


# A population the count is taken from or that a danger threatens, not what the event did: "about
# 1.6 million of the 3.5 million displaced people", "threatening 1.6 million displaced people".
_POPULATION_BEFORE = re.compile(r"\b(?:of\s+the|threaten(?:s|ing|ed)?|affecting|hosting|hosts|home\s+to|among)\s+$", re.IGNORECASE)


def _states(text: str, q: Quantity, rule: KindRule) -> bool:
    """Whether the count ``q`` is stated with the kind's words, counting what the kind counts."""
    if _POPULATION_BEFORE.search(text, max(0, q.start - 20), q.start):
        return False
    if rule.nouns is not None and rule.nouns.match(text, q.end):
        return True
    after = rule.after.match(text, q.end) if rule.after is not None else None
    if after is not None:
        return _counts_its_kind(after.group("noun"), rule)
    before = rule.before.search(text, max(0, q.start - 60), q.start) if rule.before is not None else None
    if before is not None:
        noun = re.match(r"\s+((?:[\w'’-]+\s+){0,2}[\w'’-]+)", text[q.end : q.end + 40])
        return _counts_its_kind(noun.group(1) if noun else "", rule)
    return False


def _counts_its_kind(noun: str, rule: KindRule) -> bool:
    if rule.counts is Counts.PEOPLE:
        return not _THINGS.search(noun)
    if rule.counts is Counts.THINGS:
        return not _PERSON_WORD.search(noun)
    return True


def _mention(sentence: Sentence, q: Quantity, rule: KindRule) -> FigureMention:
    is_range = q.value is None
    return FigureMention(
        evidence=sentence.evidence, anchor=sentence.span(q.start, q.end), extractor=EXTRACTOR,
        attributed_to=_attribution(sentence, q.start, q.end), kind=FigureKind(rule.kind),
        value=None if is_range else _tidy(q.value), low=_tidy(q.low) if is_range else None,
        high=_tidy(q.high) if is_range else None, unit=rule.unit, qualifier=q.qualifier,
        stage=_stage(sentence.text, q.start, q.end),
        as_of=as_of(sentence.text, q.start, q.end, sentence.doc.article.published_at),
    )
