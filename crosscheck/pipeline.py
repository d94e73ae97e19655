"""The brief pipeline: inputs -> articles -> extractions -> events -> reconciled brief.

Each step is a plain function; this module only wires them. The same functions serve the CLI,
the Python API (``crosscheck.brief``) and the briefs of stored events (``crosscheck.briefs``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator, Sequence

from crosscheck.engines.steps import Node, document_features, group
from crosscheck.engines.workers import prepare_all
from crosscheck.errors import CrosscheckError
from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams
from crosscheck.events.ids import event_id_for
from crosscheck.extract import extract_article
from crosscheck.facts import Brief, DocumentInfo, EventBrief
from crosscheck.lang import no_rules_note
from crosscheck.model import Article, Extraction
from crosscheck.reconcile import reconcile_event


def document_info(article: Article, version: int = 1) -> DocumentInfo:
    """What a brief lists of one document, with the note of a language no rules read."""
    return DocumentInfo(
        id=article.id,
        source=article.source,
        outlet=article.outlet,
        url=article.url,
        published=article.published,
        title=article.title,
        language=article.language,
        digest=article.digest,
        version=version,
        note=no_rules_note(article.language),
    )


class UniqueIds:
    """Gives each article of one batch an id no other text of the batch has (``unique_articles``)."""

    def __init__(self) -> None:
        self._seen: dict[str, str] = {}

    def check(self, article: Article) -> tuple[Article | None, str | None]:
        """The article to keep (renamed if its id is taken), and the problem line to report."""
        seen = self._seen
        if article.id not in seen:
            seen[article.id] = article.digest
            return article, None
        if seen[article.id] == article.digest:
            return None, f"{article.source}: duplicate of document {article.id!r} (same text), read once"
        n = 2
        while f"{article.id}~{n}" in seen:
            n += 1
        renamed = replace(article, id=f"{article.id}~{n}")
        seen[renamed.id] = renamed.digest
        return renamed, f"{article.source}: document id {article.id!r} already used by another text; kept as {renamed.id!r}"


def unique_articles(articles: Iterable[Article]) -> Iterator[Article | str]:
    """Articles with unique ids; a repeated id yields a problem line instead of vanishing.

    The same text read twice is read once. A different text under an id already seen is kept
    under ``<id>~<n>`` so nothing is lost, and the problem says so.
    """
    ids = UniqueIds()
    for article in articles:
        kept, line = ids.check(article)
        if line is not None:
            yield line
        if kept is not None:
            yield kept


def group_extractions(extractions: Sequence[Extraction], params: GroupingParams = DEFAULT_PARAMS) -> list[list[Extraction]]:
    """Split extractions into events, in first-seen order (each event's in input order).

    The grouping is the store's (``crosscheck.events``: the same candidates, links and split into
    events, documents taken in input order as a store takes them), run in memory.
    """
    if len(extractions) < 2:
        return [list(extractions)] if extractions else []
    nodes = [Node(seq, e.article.id, document_features(e)) for seq, e in enumerate(extractions)]
    event_of = {doc_id: k for k, event in enumerate(group(nodes, 1, params)) for doc_id in event}
    groups: dict[int, list[Extraction]] = {}
    for extraction in extractions:
        groups.setdefault(event_of[extraction.article.id], []).append(extraction)
    return list(groups.values())


def brief_from_extractions(extractions: Sequence[Extraction], event_id: str | None = None, title: str | None = None) -> EventBrief:
    """The reconciled brief of one event's extractions."""
    return reconcile_event(event_id or event_id_for(e.article.id for e in extractions), extractions, title)


def build_brief(extractions: Sequence[Extraction], problems: Sequence[str] = ()) -> Brief:
    """Group extractions into events and brief each one."""
    events = [brief_from_extractions(group) for group in group_extractions(extractions)]
    events.sort(key=lambda e: (-len(e.documents), e.date or "", e.id))
    return Brief(
        documents=tuple(document_info(e.article) for e in extractions),
        events=tuple(events),
        problems=tuple(problems),
    )


@dataclass
class Reading:
    """What reading the inputs gave: the articles (ids unique), one line per problem, and whether
    any input or record was not read in full (refused, or read with something left out or replaced:
    ``IngestProblem.partial``), which is what the CLI's exit code 3 reports."""

    articles: list[Article] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    partial: bool = False


def as_inputs(inputs: str | Path | Iterable[str | Path]) -> list[str]:
    """The inputs as a list of path strings: one ``str`` or ``Path`` is one input (a directory,
    not the characters of its name)."""
    if isinstance(inputs, (str, os.PathLike)):
        return [os.fspath(inputs)]
    return [os.fspath(p) for p in inputs]


def read_inputs(
    inputs: str | Path | Iterable[str | Path], stdin: BinaryIO | None = None, options: object | None = None
) -> Reading:
    """Read every input; bad inputs become one-line problems, the rest is read."""
    from crosscheck.ingest import IngestOptions, IngestProblem, iter_inputs

    reading = Reading()
    ids = UniqueIds()
    for item in iter_inputs(as_inputs(inputs), stdin=stdin, options=options or IngestOptions()):
        if isinstance(item, IngestProblem):
            reading.problems.append(str(item))
            reading.partial = reading.partial or item.partial
            continue
        kept, line = ids.check(item)
        if line is not None:
            reading.problems.append(line)
        if kept is not None:
            reading.articles.append(kept)
    return reading


def read_articles(
    inputs: str | Path | Iterable[str | Path], stdin: BinaryIO | None = None, options: object | None = None
) -> tuple[list[Article], list[str]]:
    """Read every input; bad inputs become one-line problems, the rest is read (``read_inputs``)."""
    reading = read_inputs(inputs, stdin=stdin, options=options)
    return reading.articles, reading.problems


PARALLEL_FROM = 64
"""Below this many articles worker processes cost more than they save (each one starts Python)."""


class ExtractionFailed(CrosscheckError):
    """An article whose extraction raised: the brief of files stops, naming it."""


def extract_all(articles: Sequence[Article], workers: int | None = None) -> list[Extraction]:
    """Extract every article, in order; with ``workers`` > 1, in that many processes
    (``crosscheck.engines.workers``).

    ``workers=None`` uses every core for large batches and one process for small ones.
    """
    if workers is None:
        workers = (os.cpu_count() or 1) if len(articles) >= PARALLEL_FROM else 1
    if workers <= 1 or len(articles) < 2:
        return [extract_article(a) for a in articles]
    extractions = []
    for article, result in zip(articles, prepare_all(articles, workers)):
        if isinstance(result, str):
            raise ExtractionFailed(f"{article.source}: {article.id}: extraction failed: {result}")
        extractions.append(result[0])
    return extractions


def brief(
    inputs: str | Path | Iterable[str | Path],
    *,
    stdin: BinaryIO | None = None,
    options: object | None = None,
    workers: int | None = None,
) -> Brief:
    """Brief the reports in ``inputs`` (files, directories, ``-`` for stdin; one path alone is one input).

    >>> import crosscheck
    >>> record = crosscheck.brief(["examples/kerman/"])   # doctest: +SKIP
    >>> record.events[0].figures[0].kind                   # doctest: +SKIP
    'killed'
    """
    articles, problems = read_articles(inputs, stdin=stdin, options=options)
    return build_brief(extract_all(articles, workers), problems)
