"""The set of lower-case ASCII words of a text: a cheap pre-check before a costly regex scan.

Many extractor patterns cannot match unless one of a few whole words is present ("<Name> County",
"a day after ..."). Building this set once per sentence (cached: several extractors ask about the
same sentence) and testing it is far cheaper than scanning each sentence with each pattern.

The set must hold every word such a pattern can match, so it is built the way ``re.IGNORECASE``
compares: case-folded, with the dotted and dotless i (which IGNORECASE matches to ``i``) mapped to
``i``. A pre-check may let through a sentence the pattern then rejects; it never drops one.
"""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[a-z]+")

WEEKDAYS_AND_MONTHS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july"
    " august september october november december".split()
)
"""Lower-case names of the days and months: capitalised words that name a date, never a person or a place."""
_I_VARIANTS = str.maketrans({"\u0130": "i", "\u0131": "i"})


@lru_cache(maxsize=8192)
def word_set(text: str) -> frozenset[str]:
    """Every maximal run of ASCII letters in ``text``, case-folded."""
    # translate with a dict looks each character up (slow for a non-ASCII text, most news
    # sentences with curly quotes or dashes): only when a dotted or dotless i is there to map
    if text.isascii() or ("\u0130" not in text and "\u0131" not in text):
        folded = text.casefold()
    else:
        folded = text.translate(_I_VARIANTS).casefold()
    return frozenset(_WORD.findall(folded))


def has_any(text: str, words: frozenset[str]) -> bool:
    """Whether ``text`` contains any of ``words`` (lower case) as a whole word, in any case."""
    return not words.isdisjoint(word_set(text))
