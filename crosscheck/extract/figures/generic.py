"""The generic count rule (``figures.generic``): a count stated with the words a registered kind
declares for the rules' language (``kinds.KindWords``; English here, the ``en`` pack's), for every
kind without rules of its own.

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
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterator

from crosscheck.extract.background import is_background
from crosscheck.extract.figures.asof import as_of
from crosscheck.extract.figures.provenance import _attribution, _stage, _tidy
from crosscheck.extract.figures.vocabulary import _AMOUNT_OF, _COUNT_RIGHT, _PARTITIVE, _PERSON_WORD, _STOP_NOUN, _THINGS
from crosscheck.kinds import Counts, FigureKind, KindWords, kind_spec, registered_kinds
from crosscheck.kinds import Role as KindRole
from crosscheck.lang.en import LANGUAGE as ENGLISH
from crosscheck.model import FigureMention
from crosscheck.nlp.document import Sentence
from crosscheck.nlp.numbers import NUMBER_WORDS, Quantity, Role, quantities
from crosscheck.nlp.regex import literal_strings
from crosscheck.nlp.words import has_any

EXTRACTOR = "figures.generic"


@dataclass(frozen=True, slots=True)
class KindRule:
    """What one kind counts and the unit its values are in."""

    kind: str
    counts: Counts
    unit: str | None


@dataclass(frozen=True, slots=True)
class KindRules:
    """Every kind's words in one language, as three patterns whose group ``k<i>`` names the kind
    ``kinds[i]``: one match at a count tries every kind at once."""

    kinds: tuple[KindRule, ...]
    nouns: re.Pattern[str] | None
    after: re.Pattern[str] | None
    before: re.Pattern[str] | None
    gate: frozenset[str] | None = None  # one of these words is in every sentence a rule can match


def rules(language: str = ENGLISH) -> KindRules:
    """The rules of every registered kind with words in ``language`` (the language a pack's rules
    read: English for this package). Read again for each report, so a kind registered or removed
    since is seen."""
    snapshot = tuple((spec.name, spec.counts, spec.unit, spec.words.get(language)) for spec in registered_kinds())
    return _compiled(snapshot, language)


@lru_cache(maxsize=32)
def _compiled(snapshot: tuple[tuple[str, Counts, str | None, KindWords | None], ...], language: str) -> KindRules:
    kinds = [(KindRule(name, counts, unit), words) for name, counts, unit, words in snapshot if words is not None]

    def pattern(field: str, template: str) -> re.Pattern[str] | None:
        parts = [f"(?P<k{i}>{getattr(words, field)})" for i, (_, words) in enumerate(kinds) if getattr(words, field)]
        return re.compile(template.format("|".join(parts)), re.IGNORECASE) if parts else None

    fragments = [f for _, words in kinds for f in (words.nouns, words.after, words.before) if f]
    return KindRules(
        gate=_gate_words(fragments, language),
        kinds=tuple(rule for rule, _ in kinds),
        nouns=pattern("nouns", r"\s+(?:{})\b"),  # matched at the count's end: "3,000 evacuees"
        # the count, its noun, an auxiliary and an adverb ("550 buildings were completely"), the words
        after=pattern("after", rf"(?P<noun>(?:\s+(?!{_STOP_NOUN})[A-Za-z][\w'’.-]*){{{{0,4}}}}?)"
                               r"(?:\s+(?:were|was|are|have\s+been|had\s+been|been))?(?:\s+(?-i:[a-z]+ly))?\s+(?:{})\b"),
        before=pattern("before", r"\b(?:{})(?:the\s+)?$"),
    )


def generic(sentence: Sentence, kind_rules: KindRules) -> Iterator[FigureMention]:
    """The figures of registered kinds the sentence states with their words, tried only at a
    count (anchored there, or over the few words before it): most sentences have none."""
    text = sentence.text
    if not kind_rules.kinds or not (_DIGIT.search(text) or has_any(text, NUMBER_WORDS)):
        return
    if kind_rules.gate is not None and not has_any(text, kind_rules.gate):
        return
    counts = quantities(text)
    summed: set[int] = set()
    for k, q in enumerate(counts):
        if k in summed or q.role is not Role.COUNT or q.vague or (q.value is None and q.low is None):
            continue
        rule = _stated_kind(text, q, kind_rules)
        if rule is None or is_background(sentence, q.start, q.end):
            continue
        crew = _and_crew(text, q, counts[k + 1 :]) if rule.kind == "aboard" else None
        if crew is not None:
            summed.add(k + 1)
            q = replace(q, end=crew.end, value=q.value + crew.value)  # type: ignore[operator]
        yield _mention(sentence, q, rule)


# "carrying 212 passengers and 12 crew (members)": everyone aboard is the two together.
_CREW_AFTER = re.compile(r"\s+passengers\s*(?:,|and)\s+$", re.IGNORECASE)
_CREW = re.compile(r"\s+(?:crew(?:\s+members)?|crewmembers|members\s+of\s+(?:the\s+)?crew)\b", re.IGNORECASE)


def _and_crew(text: str, q: Quantity, later: list[Quantity]) -> Quantity | None:
    """The crew count coordinated with a passenger count, if the text gives one right after it."""
    if not later or q.value is None or later[0].value is None or later[0].role is not Role.COUNT:
        return None
    crew = later[0]
    noun = _CREW.match(text, crew.end)
    if noun is None or not _CREW_AFTER.fullmatch(text, q.end, crew.start):
        return None
    return replace(crew, end=noun.end())


_DIGIT = re.compile(r"\d")
# A population the count is taken from or that a danger threatens, not what the event did: "about
# 1.6 million of the 3.5 million displaced people", "threatening 1.6 million displaced people".
_POPULATION_BEFORE = re.compile(r"\b(?:of\s+the|threaten(?:s|ing|ed)?|affecting|hosting|hosts|home\s+to|among)\s+$", re.IGNORECASE)
_NOUN_AFTER = re.compile(r"\s+((?:[\w'’-]+\s+){0,2}[\w'’-]+)")


def _stated_kind(text: str, q: Quantity, kind_rules: KindRules) -> KindRule | None:
    """The kind whose words state the count ``q``, if it counts what the kind counts. A population
    a count is taken from is no figure of the event, except where the kind is the setting itself:
    "all but one of the 224 people on board" tells how many were aboard."""
    rule = _kind_read(text, q, kind_rules)
    if rule is not None and _POPULATION_BEFORE.search(text, max(0, q.start - 20), q.start):
        return rule if kind_spec(rule.kind).role is KindRole.CONTEXT else None
    return rule


def _kind_read(text: str, q: Quantity, kind_rules: KindRules) -> KindRule | None:
    """``_stated_kind`` before the population test."""
    match = kind_rules.nouns.match(text, q.end) if kind_rules.nouns else None
    if match:
        rule = _kind_of(match, kind_rules)
        return None if kind_spec(rule.kind).role is KindRole.CONTEXT and _a_casualty_count(text, q) else rule
    match = kind_rules.after.match(text, q.end) if kind_rules.after else None
    if match:
        rule = _kind_of(match, kind_rules)
        return rule if _counts_its_kind(match.group("noun"), rule) else None
    match = kind_rules.before.search(text, max(0, q.start - 60), q.start) if kind_rules.before else None
    if match:
        rule = _kind_of(match, kind_rules)
        noun = _NOUN_AFTER.match(text[q.end : q.end + 40])
        return rule if _counts_its_kind(noun.group(1) if noun else "", rule) else None
    return None


# "All 241 passengers were killed": everyone aboard, so the count is both.
_ALL_BEFORE = re.compile(r"\ball\s+(?:(?:of\s+)?the\s+)?$", re.IGNORECASE)


def _a_casualty_count(text: str, q: Quantity) -> bool:
    """Whether the count is the subject of a casualty verb ("12 passengers on the bus were killed"):
    then its noun names who died or was hurt, not how many were aboard, unless all were ("all 241
    passengers were killed")."""
    if _ALL_BEFORE.search(text, max(0, q.start - 12), q.start):
        return False
    partitive = _PARTITIVE.search(text, max(0, q.start - 30), q.start)
    if partitive and _AMOUNT_OF.search(partitive.group()):
        return False  # "all but one of the 224 on board were killed": the 224 were aboard
    return bool(_COUNT_RIGHT.match(text[q.end :]))


def _gate_words(fragments: list[str], language: str, limit: int = 5000) -> frozenset[str] | None:
    """The rarest word (wordfreq) of every string the fragments can match: a sentence holding none
    of them matches no rule, and is spared the count reading. ``None`` (no gate) when a fragment can
    match strings without end ("[a-z]+") or too many to list."""
    from wordfreq import zipf_frequency

    words: set[str] = set()
    for fragment in fragments:
        strings = literal_strings(fragment, re.IGNORECASE, limit)
        if strings is None:
            return None
        for string in strings:
            parts = re.findall(r"[a-z]+", string.lower())
            if not parts:
                return None
            words.add(min(parts, key=lambda word: (zipf_frequency(word, language), -len(word))))
    return frozenset(words)


def _kind_of(match: re.Match[str], kind_rules: KindRules) -> KindRule:
    """The kind whose group matched; a pattern has groups only for the kinds with words of its
    field (a kind of things has no ``nouns``)."""
    groups = match.groupdict()
    return next(rule for i, rule in enumerate(kind_rules.kinds) if groups.get(f"k{i}") is not None)


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
