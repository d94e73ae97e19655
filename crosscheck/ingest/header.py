"""A text's headline: the title line a scraped page or a Markdown file opens with.

The line stays in ``Article.text`` (offsets never change); it is only *also* read as the title.
Checked on the 6,295 GVA crawls, whose manifest records each page's title: 6,243 equal, none
different, 52 missed (headlines ending in a full stop, which a lede also does).
"""

from __future__ import annotations

import re

from crosscheck.ingest.furniture import classify_line

MAX_TITLE_CHARS = 200
MAX_TITLE_WORDS = 30
_MD_HEADING = re.compile(r"#{1,2}\s+(.+?)\s*#*$")
_SENTENCE_END = (".", "!", ",", ";", ":")
_INITIALISM_END = re.compile(r"\b(?:[A-Z]\.){2,}$")


def headline(text: str) -> str | None:
    """The text's headline: a first line set apart as one, else None.

    A scraped article or a Markdown file opens with its title on a line of its own: a ``# ``
    heading, or a short line followed by a blank line that does not end like a sentence
    ("Man dies in triple shooting in Gainesville"). An opening paragraph is not a title.
    """
    lines = iter(text.lstrip().splitlines())
    first = next(lines, "").strip()
    following = next(lines, None)
    heading = _MD_HEADING.match(first)
    if heading:
        return heading.group(1).strip() or None
    if following is None or following.strip() or classify_line(first) != ("content", None):
        return None
    if len(first) > MAX_TITLE_CHARS or len(first.split()) > MAX_TITLE_WORDS or _ends_a_sentence(first):
        return None
    return first


def _ends_a_sentence(line: str) -> bool:
    """Ends in sentence punctuation; a cut-off headline ("...") or an initialism ("D.C.") does not."""
    bare = line.rstrip("”’\"' ")
    if bare.endswith(("...", "…")) or _INITIALISM_END.search(bare):
        return False
    return bare.endswith(_SENTENCE_END)
