"""Text that cannot be stored as UTF-8, repaired per record: one U+FFFD for each bad code point.

A JSON string may escape a lone surrogate (``"\\ud800"``), and a file name read from a Linux
directory keeps undecodable bytes as surrogates: Python holds such text, but it cannot be encoded
as UTF-8, so hashing, storing or printing it fails, and one such record used to lose its whole
batch. Every entry point (files, stdin, uploads, the API, ``Store.add``) passes each article
through ``repair_article``: each unencodable code point becomes U+FFFD, one code point for one,
so every offset into the text stays valid, and the caller reports one line naming the record.
"""

from __future__ import annotations

import dataclasses
import re

from crosscheck.errors import Code, IngestProblem, problem
from crosscheck.model import Article

REPLACEMENT = "\ufffd"
# The only code points a Python str can hold that UTF-8 cannot encode: the UTF-16 surrogates.
_UNENCODABLE = re.compile("[\ud800-\udfff]")
_TEXT_FIELDS = ("id", "text", "source", "outlet", "url", "published", "title", "language")


def repair_text(text: str) -> tuple[str, int]:
    """``text`` with each unencodable code point replaced by U+FFFD, and how many were replaced."""
    return _UNENCODABLE.subn(REPLACEMENT, text)


def repair_article(article: Article) -> tuple[Article, int]:
    """The article with every string field repaired (``repair_text``), and the count replaced.

    The same article object comes back when nothing needed repair (the common case costs one
    regex scan per field).
    """
    changes: dict[str, str] = {}
    total = 0
    for name in _TEXT_FIELDS:
        value = getattr(article, name)
        if isinstance(value, str) and _UNENCODABLE.search(value):
            changes[name], count = repair_text(value)
            total += count
    return (dataclasses.replace(article, **changes), total) if changes else (article, 0)


def repair_note(source: str, where: str, count: int) -> IngestProblem:
    """The one line that says a record was repaired (non-fatal: the record is read)."""
    noun = "code point" if count == 1 else "code points"
    return problem(
        source, Code.UNENCODABLE,
        f"{where}: {count} {noun} that cannot be encoded as UTF-8 (unpaired surrogates) replaced by U+FFFD",
        fatal=False,
    )


def repaired(article: Article, where: str | None = None) -> tuple[Article, IngestProblem | None]:
    """The article made storable, and the note to report when anything was replaced.

    ``where`` names the record in its input ("line 3"); by default the document id.
    """
    fixed, count = repair_article(article)
    if not count:
        return article, None
    return fixed, repair_note(fixed.source, where or f"document {fixed.id!r}", count)
