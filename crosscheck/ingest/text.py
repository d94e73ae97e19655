"""Plain text and Markdown: the article text is the decoded file, byte for byte."""

from __future__ import annotations

from typing import Iterator

from crosscheck.errors import Code, IngestProblem, problem
from crosscheck.ingest.article import build_article
from crosscheck.ingest.decode import decode_text
from crosscheck.ingest.options import IngestOptions
from crosscheck.model import Article

BOM_NOTE = "UTF-8 byte-order mark removed; offsets count from the character after it"


def iter_text(data: bytes, *, source: str, id: str, options: IngestOptions) -> Iterator[Article | IngestProblem]:
    """One article whose ``text`` is ``data`` decoded as UTF-8.

    Removing a leading BOM is the only change ever made; it is reported as a non-fatal problem
    so the caller knows offsets are one character short of the file's.
    """
    decoded = decode_text(data, source)
    if decoded.bom_removed:
        yield problem(source, Code.BOM_REMOVED, BOM_NOTE, fatal=False)
    yield build_article(id=id, text=decoded.text, source=source, options=options)
