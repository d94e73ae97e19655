"""The repaired text that analysis reads, with a map back to the article's own offsets.

Scraped news carries damage that trips every extractor: words glued together ("cemeterywhich"),
doubled words ("from from"), non-breaking spaces, scraping markers (a wiki page's "[ edit ]" links
and "[6]" citation marks among them). Analysis works on a repaired
copy; every span found there is mapped back to the article's text, which is never changed, the way
spaCy's ``Doc.char_span`` keeps annotations tied to the original string.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass
from functools import lru_cache

from crosscheck.lang.en import LANGUAGE as ENGLISH
from crosscheck.model import Article, Span

# Closed-class English words: the part of a glued pair that is safest to split off, and the words
# whose doubling ("from from") is a scraping or typing slip rather than English ("had had").
FUNCTION_WORDS = frozenset(
    """a an the this that these those which who whom whose what where when while and but or nor so yet
    if because although though as than then of in on at by for from to with into onto over under about
    after before between through during without within against among is are was were be been being
    has have had do does did will would shall should can could may might must not no it its he his him
    she her they their them we our us you your i my me""".split()
)
_SAFE_TO_UNDOUBLE = frozenset(
    "a an the of in on at by for from to with into and or but as about after before".split()
)
_LOWER_WORD = re.compile(r"\b[a-z]{6,}\b")
# Possessive runs: a shorter run of letters would be followed by a letter, a shorter run of spaces
# by a space, never by what comes next, so backtracking into them never matches; the same matches,
# found without trying every shorter run (0.135 -> 0.097 ms per GVA document).
_DOUBLED = re.compile(r"\b([A-Za-z]++)(\s++)\1\b", re.IGNORECASE)
_NBSP = re.compile(r"[\u00a0\u2007\u202f\u200b]")
# Marks of a copied wiki page: a section heading's edit link, citation numbers ("in the incident.[1][2]")
_WIKI_MARK = re.compile(r"(?P<edit>\[\s?edit\s?\])|(?:\[\d{1,3}\])+")


@lru_cache(maxsize=1)
def _zipf():
    """wordfreq's Zipf frequency for English, loaded once."""
    from wordfreq import zipf_frequency

    return lambda word: zipf_frequency(word, ENGLISH)


@lru_cache(maxsize=65_536)
def split_glued(word: str) -> int | None:
    """Where to split a lowercase token that is two words run together, or ``None``.

    Cached: it is asked about every lowercase word of six letters or more, and news repeats them.

    A token is split only when it is not a word itself and both parts are common words, at least
    one of them a function word ("cemeterywhich", "cylindersbut", "regimewas"). Names and rare
    words (zero frequency but no clean split) are left alone.
    """
    zipf = _zipf()
    if zipf(word) > 0:
        return None
    best: tuple[float, int] | None = None
    for cut in range(2, len(word) - 1):
        left, right = word[:cut], word[cut:]
        if left not in FUNCTION_WORDS and right not in FUNCTION_WORDS:
            continue
        score = min(zipf(left), zipf(right))
        if score >= 3.0 and (best is None or score > best[0]):
            best = (score, cut)
    return best[1] if best else None


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace ``article.text[start:end]`` by ``replacement`` in the analysis text."""

    start: int
    end: int
    replacement: str


def _blanked(text: str) -> str:
    """``text`` with every character but a newline replaced by a space (page furniture blanked, its
    lines kept): a join over its lines, where a generator over every character of the furniture
    (often hundreds of characters an article) cost several times as much."""
    return "\n".join([" " * len(line) for line in text.split("\n")])


def repairs(text: str, furniture: tuple[tuple[int, int], ...] = ()) -> list[Edit]:
    """The edits that turn an article's text into its analysis text, in text order."""
    edits: list[Edit] = []
    for start, end in furniture:
        edits.append(Edit(start, end, _blanked(text[start:end])))
    for match in _NBSP.finditer(text):
        edits.append(Edit(match.start(), match.end(), " "))
    if "[" in text:
        for match in _WIKI_MARK.finditer(text):
            # a section's "[ edit ]" link ends its heading; a citation mark "[6]" is read as a space
            edits.append(Edit(match.start(), match.end(), "\n" if match.group("edit") else " "))
    for match in _LOWER_WORD.finditer(text):
        cut = split_glued(match.group())
        if cut is not None:
            at = match.start() + cut
            edits.append(Edit(at, at, " "))
    for match in _DOUBLED.finditer(text):
        if match.group(1).lower() in _SAFE_TO_UNDOUBLE and "\n" not in match.group(2):
            edits.append(Edit(match.start(2), match.end(), ""))
    return _without_overlaps(edits)


def _without_overlaps(edits: list[Edit]) -> list[Edit]:
    """Sort edits and drop any that overlaps one already kept (furniture wins: it comes first)."""
    kept: list[Edit] = []
    taken: list[tuple[int, int]] = []
    for edit in edits:
        if any(edit.start < end and start < edit.end or (edit.start == edit.end and start < edit.start < end) for start, end in taken):
            continue
        kept.append(edit)
        taken.append((edit.start, edit.end))
    return sorted(kept, key=lambda e: (e.start, e.end))


_IOTA = array("l", range(1 << 16))


def _counting(start: int, end: int) -> array:
    """``array("l", range(start, end))`` sliced from a shared counting array: a memory copy instead
    of a Python-level loop over every character of the article (the map is built per article)."""
    global _IOTA
    if end > len(_IOTA):
        _IOTA = array("l", range(max(end, 2 * len(_IOTA))))
    return _IOTA[start:end]


class TextView:
    """An article's analysis text and the map from its characters to the article's offsets."""

    __slots__ = ("article", "text", "_starts", "_ends")

    def __init__(self, article: Article, edits: list[Edit] | None = None) -> None:
        self.article = article
        source = article.text
        edits = repairs(source, article.furniture) if edits is None else edits
        pieces: list[str] = []
        starts, ends = array("l"), array("l")
        position = 0
        for edit in edits:
            self._copy(source, position, edit.start, pieces, starts, ends)
            pieces.append(edit.replacement)
            if len(edit.replacement) == edit.end - edit.start:
                starts.extend(_counting(edit.start, edit.end))
                ends.extend(_counting(edit.start + 1, edit.end + 1))
            else:
                starts.extend([edit.start] * len(edit.replacement))
                ends.extend([edit.start] * len(edit.replacement))
            position = edit.end
        self._copy(source, position, len(source), pieces, starts, ends)
        self.text = "".join(pieces)
        self._starts, self._ends = starts, ends

    @staticmethod
    def _copy(source: str, start: int, end: int, pieces: list[str], starts: array, ends: array) -> None:
        pieces.append(source[start:end])
        starts.extend(_counting(start, end))
        ends.extend(_counting(start + 1, end + 1))

    def original(self, start: int, end: int) -> tuple[int, int]:
        """The article offsets of the analysis range ``[start, end)``."""
        if end <= start:
            at = self._starts[start] if start < len(self._starts) else len(self.article.text)
            return at, at
        return self._starts[start], self._ends[end - 1]

    def span(self, start: int, end: int) -> Span:
        """The article span of the analysis range ``[start, end)``, trimmed of outer white space."""
        while start < end and self.text[start].isspace():
            start += 1
        while end > start and self.text[end - 1].isspace():
            end -= 1
        first, last = self.original(start, end)
        return Span(self.article.id, first, last)
