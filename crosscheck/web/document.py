"""One stored document as its page shows it: the text cut into pieces, each mention's words marked.

Mentions are read from the store (``Store.mentions``: what extraction read, in text order); each
is marked at its anchor, the tight span of what was read (the number, the quoted words, the name).
Anchors may overlap (a figure inside a quote), so the text is cut at every anchor boundary and each
piece lists the mentions that cover it: no nesting, every character once. Nothing here makes HTML:
the template escapes every piece.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Sequence

from crosscheck.model import (
    TITLE,
    AnyMention,
    Article,
    ClaimMention,
    DateMention,
    FigureMention,
    PlaceMention,
    QuoteMention,
    SourceMention,
    part_text,
)
from crosscheck.reconcile import SINGLE_SOURCE_WORDS
from crosscheck.report.view import figure_label, figure_value


@dataclass(frozen=True, slots=True)
class MentionLine:
    """One mention in plain words: its number on the page, what kind of thing, what was read."""

    number: int
    what: str
    read: str


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of the document (or its headline) and the mentions read in it."""

    text: str
    headline: bool
    mentions: tuple[MentionLine, ...]


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of text and the mentions (by number) whose anchors cover it; ``starts`` begin here."""

    text: str
    mentions: tuple[int, ...] = ()
    starts: tuple[int, ...] = ()


def mention_words(mention: AnyMention) -> tuple[str, str]:
    """(what kind of thing, what was read) in plain words: ``("figure", "killed: at least 103")``."""
    if isinstance(mention, FigureMention):
        return "figure", f"{figure_label(mention)}: {figure_value(mention)}"
    if isinstance(mention, ClaimMention):
        what = SINGLE_SOURCE_WORDS.get(f"claim:{mention.kind.value}", mention.kind.value)
        return what, ("not " if mention.negated else "") + mention.label
    if isinstance(mention, QuoteMention):
        return "quote", f"{mention.speaker or 'unnamed speaker'}: “{mention.text}”"
    if isinstance(mention, SourceMention):
        return "cited source", f"{mention.name} ({mention.source_kind.value})"
    if isinstance(mention, PlaceMention):
        return "place", f"{mention.name} ({mention.place_kind.value})"
    if isinstance(mention, DateMention):
        return "date", mention.value.isoformat()
    return type(mention).__name__.lower(), ""


def mention_lines(mentions: Sequence[AnyMention]) -> list[MentionLine]:
    """Each mention numbered from 1 in the store's order (text order), in plain words."""
    return [MentionLine(number, *mention_words(mention)) for number, mention in enumerate(mentions, 1)]


def sentences(article: Article, mentions: Sequence[AnyMention]) -> list[Sentence]:
    """The sentences mentions were read in, each once, in order of first mention, with its mentions."""
    lines = mention_lines(mentions)
    grouped: dict[tuple[str, int, int], list[MentionLine]] = {}
    for mention, line in zip(mentions, lines):
        span = mention.evidence
        grouped.setdefault((span.part, span.start, span.end), []).append(line)
    return [
        Sentence(part_text(article, part)[start:end], part == TITLE, tuple(found))
        for (part, start, end), found in grouped.items()
    ]


def pieces(text: str, spans: Iterable[tuple[int, int, int]]) -> list[Piece]:
    """``text`` cut at every boundary of ``spans`` (start, end, mention number), in one sweep; spans
    outside the text or empty are left out, so a stale offset can never cut a wrong piece."""
    starting: dict[int, list[int]] = defaultdict(list)
    ending: dict[int, list[int]] = defaultdict(list)
    for start, end, number in spans:
        if 0 <= start < end <= len(text):
            starting[start].append(number)
            ending[end].append(number)
    cuts = sorted({0, len(text), *starting, *ending})
    active: dict[int, None] = {}
    result = []
    for left, right in zip(cuts, cuts[1:]):
        for number in ending.get(left, ()):
            active.pop(number, None)
        for number in starting.get(left, ()):
            active[number] = None
        result.append(Piece(text[left:right], tuple(sorted(active)), tuple(starting.get(left, ()))))
    return result


def marked_parts(article: Article, mentions: Sequence[AnyMention]) -> dict[str, list[Piece]]:
    """The document's headline and text, each cut into pieces at its mentions' anchors."""
    spans: dict[str, list[tuple[int, int, int]]] = {TITLE: [], "text": []}
    for number, mention in enumerate(mentions, 1):
        anchor = mention.anchor
        spans[TITLE if anchor.part == TITLE else "text"].append((anchor.start, anchor.end, number))
    return {part: pieces(part_text(article, part), found) for part, found in spans.items()}
