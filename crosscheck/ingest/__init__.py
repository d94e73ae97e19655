"""Ingest: every input format read into ``Article`` objects, furniture marked, bad input reported.

    from crosscheck.ingest import iter_inputs, IngestProblem, IngestOptions
    for item in iter_inputs(["examples/kerman/", "a.html", "feed.jsonl", "-"], stdin=sys.stdin.buffer):
        if isinstance(item, IngestProblem): print(item)   # "<source>: <problem>", one line
        else: article = item                                # crosscheck.model.Article

Items are yielded as they are read, so a directory of thousands of files is never held in memory.
A bad input yields one ``IngestProblem`` and the batch goes on; a problem with ``fatal=False`` is a
note about an article that was still read (and yielded) all the same.
"""

from __future__ import annotations

from os import PathLike
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from crosscheck.errors import Code, IngestError, IngestProblem
from crosscheck.ingest.feeds import iter_feed
from crosscheck.ingest.furniture import Furniture, find_furniture
from crosscheck.ingest.html import article_from_html
from crosscheck.ingest.options import DEFAULT_MAX_BYTES, IngestOptions
from crosscheck.ingest.read import iter_bytes, iter_file, iter_stdin
from crosscheck.ingest.records import iter_jsonl
from crosscheck.ingest.urls import outlet_from_url
from crosscheck.ingest.warc import iter_warc
from crosscheck.model import Article

__all__ = [
    "DEFAULT_MAX_BYTES", "Furniture", "IngestError", "IngestOptions", "IngestProblem", "article_from_html",
    "find_furniture", "iter_bytes", "iter_feed", "iter_inputs", "iter_jsonl", "iter_path", "iter_warc", "outlet_from_url",
    "read_article", "read_articles",
]


def iter_inputs(
    inputs: Iterable[str | Path], *, stdin: BinaryIO | None = None, options: IngestOptions | None = None
) -> Iterator[Article | IngestProblem]:
    """Articles and problems from files, directories and ``"-"`` (standard input), in order.

    ``inputs`` is a list of paths; a single ``str`` or ``Path`` is taken as one input, never as
    a sequence of one-character paths.
    """
    if isinstance(inputs, (str, PathLike)):
        inputs = [inputs]
    options = options or IngestOptions()
    stdin_read = False
    for given in inputs:
        given = str(given)
        if given == "-":
            if stdin is None:
                yield IngestProblem("<stdin>", "standard input requested but none given", Code.MISSING.value)
            elif stdin_read:  # one stream is one input: a second "-" would read it empty
                yield IngestProblem("<stdin>", "standard input given twice; read once", Code.DUPLICATE_INPUT.value, fatal=False)
            else:
                stdin_read = True
                yield from iter_stdin(stdin, options)
            continue
        yield from iter_path(given, options)


def iter_path(given: str | Path, options: IngestOptions | None = None) -> Iterator[Article | IngestProblem]:
    """Articles and problems of one file or directory."""
    from crosscheck.ingest.walk import iter_files

    options = options or IngestOptions()
    for found in iter_files(str(given), follow_symlinks=options.follow_symlinks):
        if isinstance(found, IngestProblem):
            yield found
        else:
            yield from iter_file(*found, options)


def read_articles(path: str | Path, options: IngestOptions | None = None) -> list[Article]:
    """All articles of one file or directory; raises ``IngestError`` on the first fatal problem."""
    articles = []
    for item in iter_path(path, options):
        if isinstance(item, IngestProblem):
            if item.fatal:
                raise IngestError(item.source, Code(item.code), item.message)
            continue
        articles.append(item)
    return articles


def read_article(path: str | Path, options: IngestOptions | None = None) -> Article:
    """The one article of a single-document file (.txt, .md, .html); ``IngestError`` otherwise."""
    articles = read_articles(path, options)
    if len(articles) != 1:
        raise IngestError(str(path), Code.NO_ARTICLE, f"expected one article, found {len(articles)}")
    return articles[0]
