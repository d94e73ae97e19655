"""Merging quotations: one quote told in several variants across documents is one entry.

Outlets trim, translate and paraphrase the same words differently ("Our rapid response teams
are evacuating the injured… But there are crowds blocking roads" vs "... But there are waves of
crowds blocking roads."). Two quotes are the same when their speakers match (or one is unknown)
and one's words are, fuzzily, contained in the other's.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, Mapping

from rapidfuzz import fuzz

from crosscheck.facts import Quote
from crosscheck.model import Article, QuoteMention
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
    return any(_same_speaker(quote.speaker, q.speaker) and _same_words(quote.text, q.text) for q in group[:COMPARED])


def _speaker_block(speaker: str | None) -> str | None:
    """Last word of a speaker's name: quotes are only compared within one block (and with unknowns)."""
    words = speaker.split() if speaker else []
    return words[-1].lower() if words else None


COMPARED = 3


def reconcile_quotes(mentions: Iterable[QuoteMention], articles: Mapping[str, Article]) -> list[Quote]:
    """Merge variants of one quote. Candidates are blocked by speaker, so cost stays near linear.

    Speakers are compared as given: ``reconcile_event`` names them alike first (``named_alike``:
    "Van Rompuy" is the "Herman Van Rompuy" another report names).
    """
    groups: list[list[QuoteMention]] = []
    blocks: dict[str | None, list[list[QuoteMention]]] = {}
    for mention in sorted(mentions, key=lambda q: -len(q.text)):
        block = _speaker_block(mention.speaker)
        candidates = groups if block is None else blocks.get(block, []) + blocks.get(None, [])
        for group in candidates:
            if _belongs(mention, group):
                group.append(mention)
                break
        else:
            groups.append([mention])
            blocks.setdefault(block, []).append(groups[-1])
    quotes = [_quote(group, articles) for group in groups]
    quotes.sort(key=lambda q: (-len({e.document for e in q.evidence}), q.speaker is None))
    return quotes


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
