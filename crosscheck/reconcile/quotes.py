"""Merging quotations: one quote told in several variants across documents is one entry.

Outlets trim, translate and paraphrase the same words differently ("Our rapid response teams
are evacuating the injured… But there are crowds blocking roads" vs "... But there are waves of
crowds blocking roads."). Two quotes are the same when their speakers match (or one is unknown)
and one's words are, fuzzily, contained in the other's. Longest first, each quote joins the first
group it matches; it is compared only with the groups that share enough of its words (``_Groups``),
which are the groups a comparison with every one would find, not with every group of the event.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Mapping

from rapidfuzz import fuzz, process

from crosscheck.facts import Quote
from crosscheck.model import Article, QuoteMention
from crosscheck.nlp.textview import FUNCTION_WORDS
from crosscheck.reconcile.evidence import evidence_list

SAME_WORDS = 85.0
SAME_SPEAKER = 85.0


def _same_speaker(a: str | None, b: str | None) -> bool:
    if not a or not b:
        return True
    return fuzz.token_set_ratio(a, b) >= SAME_SPEAKER


def _same_words(a: str, b: str) -> bool:
    shorter, longer = sorted((a, b), key=len)
    # the cut-off lets rapidfuzz give up on an alignment as soon as it cannot reach it (0 then)
    return fuzz.partial_ratio(_lower(shorter), _lower(longer), score_cutoff=SAME_WORDS) >= SAME_WORDS


@lru_cache(maxsize=4096)
def _lower(text: str) -> str:
    """``text`` in lower case, made once per quote rather than once per comparison."""
    return text.lower()


def _belongs(quote: QuoteMention, group: list[QuoteMention]) -> bool:
    """Compare with the group's first few members only: they are its longest variants."""
    return any(
        _same_speaker(quote.speaker, q.speaker) and _same_words(quote.text, q.text) and _shares_a_word(quote.text, q.text)
        for q in group[:COMPARED]
    )


def _speaker_block(speaker: str | None) -> str | None:
    """Last word of a speaker's name: quotes are only compared within one block (and with unknowns)."""
    words = speaker.split() if speaker else []
    return words[-1].lower() if words else None


COMPARED = 3
# Candidate groups by the words they share, each word weighed by how rare it is among the event's
# groups (``_Groups._weights``). Variants of one quote keep most of their words: of the quotes
# merged into a longer variant when every quote of the GVA, ECB+ or world-news pool is merged as
# one event, each of 20 characters or more keeps at least 40 % of its keys' weight in that variant
# when it has four keys or more (a count changed, a word said another way: "we heard four or five
# shots" in "we heard about ten shots from the car park"), and at least one key when it has two or
# three. So a quote is compared only with the groups that share ``SHARED`` of its weight, half the
# least share seen, or one of its keys when it has fewer than ``FEW_KEYS``; these are found from
# its rarest keys alone. A shorter quote, or one with fewer than two keys, could match by letters
# alone ("Yes." within "... their eyes."): it joins only a group sharing one of its keys
# (``_shares_a_word``), and one with no key at all is compared with every group of its block.
KEY_LETTERS = 5
SHARED = 0.2
FEW_KEYS = 4
KEYED = 2
SHORT = 20
_KEY_WORD = re.compile(r"\w{2,}")


@lru_cache(maxsize=4096)
def _keys(text: str) -> frozenset[str]:
    """The content words of ``text`` (no function words, no single letters), lower case, cut to
    their first ``KEY_LETTERS`` letters: "terrorised" and "terrorized" are one key, "leaders" and
    "leader" too."""
    return frozenset(w[:KEY_LETTERS] for w in _KEY_WORD.findall(_lower(text)) if w not in FUNCTION_WORDS)


def _is_short(text: str) -> bool:
    """A quote whose letters alone can match inside another's (``SHORT``, ``KEYED``)."""
    return len(text) < SHORT or len(_keys(text)) < KEYED


def _shares_a_word(quote: str, member: str) -> bool:
    """Whether a short ``quote`` (``_is_short``) has a word of the ``member`` it would join: one of
    its keys, or, with no content word, all its words. Longer quotes: always.

    | short quote | member | shares a word |
    | --- | --- | --- |
    | "Yes." | "They saw it with their own eyes." | no: the letters of "eyes" only |
    | "He has a gun" | "He has an ability to calm people down" | no: "he has a" is function words |
    | "Run, run!" | "Run, run, they are shooting!" | yes |
    | "We heard shots" | "we heard about ten shots from the car park" | yes |

    Why: ``_same_words`` matches letters (``fuzz.partial_ratio``), which is what lets a trimmed
    or respelled variant join its quote; a quote of a few letters matches inside any longer one
    that holds them, in a word of its own or across two, and took that quote's speaker.
    """
    if not _is_short(quote):
        return True
    keys = _keys(quote)
    if keys:
        return not keys.isdisjoint(_keys(member))
    return set(_KEY_WORD.findall(_lower(quote))) <= set(_KEY_WORD.findall(_lower(member)))


# Groups compared one by one before the rest are compared by rapidfuzz in batches: most quotes that
# join a group find it among the first few, and a quote that meets many (a short one meets every
# group of its block) saves the interpreter's work on each comparison.
ONE_BY_ONE = 32


@dataclass
class _Said:
    """The compared members of some groups in the order they were compared: their words in lower
    case, their group and speaker (for one call of rapidfuzz over all of them)."""

    texts: list[str] = field(default_factory=list)
    groups: list[int] = field(default_factory=list)
    speakers: list[str | None] = field(default_factory=list)


class _Groups:
    """The quote groups of one event, in the order they were opened, indexed by the keys of the
    members a new quote is compared with (a group's first ``COMPARED``), so that a quote meets only
    the groups that can take it: the first group that takes it is the one a comparison with every
    group would find, and merging no longer compares each quote with every group.

    Two indexes: of every group (for a quote with no speaker, which may join any), and of each
    speaker block's groups (for a quote with a speaker: its block's, then those opened by quotes
    with no speaker)."""

    def __init__(self) -> None:
        self.groups: list[list[QuoteMention]] = []
        self._blocks: dict[str | None, list[int]] = {}
        self._block_of: list[str | None] = []
        self._keys_of: list[set[str]] = []
        self._every: dict[str, list[int]] = {}
        self._of_block: dict[str | None, dict[str, list[int]]] = {}
        self._said = _Said()
        self._said_of_block: dict[str | None, _Said] = {}

    def place(self, mention: QuoteMention) -> None:
        """Add ``mention`` to the first group it belongs to (``_belongs``), else open a group."""
        block = _speaker_block(mention.speaker)
        keys = _keys(mention.text)
        if not keys:
            g = self._first_of_block(mention, block)
        else:
            g = self._first_of(mention, block, self._candidates(block, keys, any_key=_is_short(mention.text)))
        if g is None:
            g = len(self.groups)
            self.groups.append([])
            self._block_of.append(block)
            self._keys_of.append(set())
            self._blocks.setdefault(block, []).append(g)
        self.groups[g].append(mention)
        if len(self.groups[g]) <= COMPARED:
            self._index(g, mention, keys)

    def _order(self, g: int, block: str | None) -> tuple[bool, int]:
        """Where group ``g`` comes in a comparison with every group, for a quote of ``block``: a
        quote with no speaker meets every group in the order they were opened; one with a speaker
        its block's groups, then the groups opened by quotes with no speaker."""
        return (block is not None and self._block_of[g] is None, g)

    def _candidates(self, block: str | None, keys: frozenset[str], any_key: bool = False) -> list[int]:
        """The groups that share enough of the weight of a quote's ``keys`` (``_weights``), of those
        it may join (``_order``), in order: its heaviest keys are looked up until the ones left
        weigh too little to make the share alone. ``any_key``: every group sharing one of them (a
        short quote's, ``_shares_a_word``)."""
        indexes = [self._every] if block is None else [self._of_block.get(block, {}), self._of_block.get(None, {})]
        weights = self._weights(keys)
        left = sum(weights.values())
        needed = SHARED * left if len(keys) >= FEW_KEYS and not any_key else 0.0
        shared: dict[int, float] = {}
        looked_up: set[str] = set()
        for key in sorted(keys, key=lambda k: (-weights[k], k)):
            if left <= needed:
                break
            left -= weights[key]
            looked_up.add(key)
            for index in indexes:
                for g in index.get(key, ()):
                    shared[g] = shared.get(g, 0.0) + weights[key]
        rest = keys - looked_up
        found = [
            g
            for g, weight in shared.items()
            if weight >= needed or (weight + left >= needed and weight + sum(weights[k] for k in self._keys_of[g] & rest) >= needed)
        ]
        return sorted(found, key=lambda g: self._order(g, block))

    def _weights(self, keys: frozenset[str]) -> dict[str, float]:
        """Each key's weight: the log of how many times fewer groups hold it than there are
        groups, so that the words of many of the event's quotes ("shooting", "police") weigh
        little and names of people and streets much."""
        total = len(self.groups) + 2
        return {key: math.log(total / (len(self._every.get(key, ())) + 1)) for key in keys}

    def _first_of(self, mention: QuoteMention, block: str | None, candidates: list[int]) -> int | None:
        """The first of ``candidates`` whose group ``mention`` belongs to (``_belongs``), if any:
        past the first few, in batches each twice the one before."""
        for g in candidates[:ONE_BY_ONE]:
            if _belongs(mention, self.groups[g]):
                return g
        start, size = ONE_BY_ONE, ONE_BY_ONE
        while start < len(candidates):
            batch = _Said()
            for g in candidates[start : start + size]:
                for q in self.groups[g][:COMPARED]:
                    batch.texts.append(_lower(q.text))
                    batch.groups.append(g)
                    batch.speakers.append(q.speaker)
            found = _matches(mention, batch)
            if found:
                return min(found, key=lambda g: self._order(g, block))
            start, size = start + size, 2 * size
        return None

    def _first_of_block(self, mention: QuoteMention, block: str | None) -> int | None:
        """The first group ``mention`` belongs to of all it may join (``_order``): the first few
        one by one, the others' members in one batch."""
        order = range(len(self.groups)) if block is None else self._blocks.get(block, []) + self._blocks.get(None, [])
        for g in order[:ONE_BY_ONE]:
            if _belongs(mention, self.groups[g]):
                return g
        said = [self._said] if block is None else [self._said_of_block.get(b, _Said()) for b in (block, None)]
        found = [g for batch in said for g in _matches(mention, batch)]
        return min(found, key=lambda g: self._order(g, block)) if found else None

    def _index(self, g: int, mention: QuoteMention, keys: frozenset[str]) -> None:
        """Index ``mention``, one of group ``g``'s compared members, by its keys and its words."""
        block = self._block_of[g]
        postings = self._of_block.setdefault(block, {})
        for key in keys - self._keys_of[g]:
            self._every.setdefault(key, []).append(g)
            postings.setdefault(key, []).append(g)
        self._keys_of[g].update(keys)
        for said in (self._said, self._said_of_block.setdefault(block, _Said())):
            said.texts.append(_lower(mention.text))
            said.groups.append(g)
            said.speakers.append(mention.speaker)


def _matches(mention: QuoteMention, said: _Said) -> list[int]:
    """The groups of the members in ``said`` that ``mention`` matches (``_belongs``) in one call of
    rapidfuzz: partial_ratio is symmetric, so the mention's words against each member's do."""
    if not said.texts:
        return []
    found = process.extract(_lower(mention.text), said.texts, scorer=fuzz.partial_ratio, score_cutoff=SAME_WORDS, limit=None)
    return [
        said.groups[i] for _, _, i in found
        if _same_speaker(mention.speaker, said.speakers[i]) and _shares_a_word(mention.text, said.texts[i])
    ]


def reconcile_quotes(mentions: Iterable[QuoteMention], articles: Mapping[str, Article]) -> list[Quote]:
    """Merge variants of one quote, longest first: each joins the first group it belongs to.

    Candidates are blocked by speaker and found by shared words (``_Groups``), so cost stays near
    linear in the quotes of the event. Speakers are compared as given: ``reconcile_event`` names
    them alike first (``named_alike``: "Van Rompuy" is the "Herman Van Rompuy" another report names).
    """
    groups = _Groups()
    for mention in sorted(mentions, key=lambda q: -len(q.text)):
        groups.place(mention)
    quotes = [_quote(group, articles) for group in rewordings_merged(groups.groups)]
    quotes.sort(key=lambda q: (-len({e.document for e in q.evidence}), q.speaker is None))
    return quotes


REWORDED_KEYS = 3
_NEGATION = re.compile(r"\b(?:not|no|never|nothing|nobody|none|cannot)\b|n['’]t\b", re.IGNORECASE)


def rewordings_merged(groups: list[list[QuoteMention]]) -> list[list[QuoteMention]]:
    """``groups`` with each named speaker's reworded quote joined to the longer one it rewords:
    all the content words of the shorter (``_keys``, at least ``REWORDED_KEYS``) are in the
    longer, and both or neither deny.

    | shorter | longer | one quote |
    | --- | --- | --- |
    | "This is the darkest day for our city" | "This is the darkest day in the history of our city" | yes |
    | "The fire is under control" | "The fire is not under control yet" | no: one denies |
    | "We are safe" | "We are safe at home now" | no: two content words |

    Why: outlets trim a speaker's words differently and reword a phrase ("for our city", "in the
    history of our city"), which the letters of ``_same_words`` do not see past. One speaker's
    content words in another of his quotes are the same statement; across speakers, or with no
    speaker, they are too weak a sign. Groups are compared within one speaker's, longest first.
    """
    speakers = [_most_common(q.speaker for q in group) for group in groups]
    by_speaker: dict[str | None, list[int]] = {}
    for k, speaker in enumerate(speakers):
        if speaker:
            by_speaker.setdefault(_speaker_block(speaker), []).append(k)
    into: dict[int, int] = {}
    for members in by_speaker.values():
        longest_first = sorted(members, key=lambda k: -len(groups[k][0].text))
        for i, k in enumerate(longest_first):
            target = next(
                (h for h in longest_first[:i]
                 if h not in into and _same_speaker(speakers[k], speakers[h]) and _rewords(groups[k][0].text, groups[h][0].text)),
                None,
            )
            if target is not None:
                into[k] = target
    if not into:
        return groups
    merged = [list(group) for group in groups]
    for k, target in into.items():
        merged[target].extend(merged[k])
    return [group for k, group in enumerate(merged) if k not in into]


def _rewords(shorter: str, longer: str) -> bool:
    """Whether the quote ``shorter`` rewords ``longer`` (``rewordings_merged``)."""
    keys = _keys(shorter)
    return (
        len(keys) >= REWORDED_KEYS and keys <= _keys(longer)
        and bool(_NEGATION.search(shorter)) == bool(_NEGATION.search(longer))
    )


def _most_common(values: Iterable[str | None]) -> str | None:
    counts = Counter(v for v in values if v)
    if not counts:
        return None
    best = max(counts.values())
    return max((v for v, c in counts.items() if c == best), key=len)


def _quote(group: list[QuoteMention], articles: Mapping[str, Article]) -> Quote:
    full = [q for q in group if not q.partial] or group
    text = Counter(q.text for q in full).most_common(1)[0][0]
    variants = tuple(dict.fromkeys(q.text for q in group if q.text != text))
    return Quote(
        speaker=_most_common(q.speaker for q in group),
        role=_most_common(q.role for q in group),
        text=text,
        evidence=evidence_list(group, articles),
        variants=variants,
        background=all(q.background for q in group),
    )
