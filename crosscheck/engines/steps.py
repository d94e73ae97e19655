"""The pipeline steps every engine runs, as plain functions over plain values.

    list_inputs -> read_file -> first_of_each_id -> prepare (extract + features)
                -> recurring names (whole corpus) -> links (per time partition) -> components
                -> reconcile_group -> records

An engine only decides *where* each step runs: ``crosscheck.engines.local`` runs them in this
process (extraction in a process pool), ``crosscheck.engines.ray`` runs them as Ray Data
operators on a cluster. Neither adds logic of its own, so both give the same events and facts,
and the grouping is the store's (see ``crosscheck.events.partition``).

Documents are ordered by ``seq`` = (input file number << 32) | (record number in that file): the
order ``crosscheck ingest --db`` reads them in, which the store's grouping depends on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from crosscheck.events.features import DocFeatures, features
from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams
from crosscheck.events.partition import Node, events, links, plan_partitions
from crosscheck.events.recurring import recurring_since
from crosscheck.facts import Brief, EventBrief
from crosscheck.model import Article, Extraction

RECORD_BITS = 32
"""``seq`` keeps the record number of a file in its low bits (a file of 4 billion records is not news)."""


@dataclass(frozen=True, slots=True)
class InputFile:
    """One file to read, numbered in input order."""

    index: int
    path: str
    source: str


@dataclass(frozen=True, slots=True)
class Problem:
    """One line about a bad input or document; ``fatal``: nothing was read from it."""

    seq: int
    line: str
    fatal: bool = True


@dataclass(frozen=True, slots=True)
class Read:
    """An article and its place in input order."""

    seq: int
    article: Article


@dataclass(frozen=True, slots=True)
class Prepared:
    """What the per-document work gives: the extraction and the grouping features."""

    seq: int
    extraction: Extraction
    features: DocFeatures


def list_inputs(inputs: Sequence[str | Path], follow_symlinks: bool = True) -> tuple[list[InputFile], list[Problem]]:
    """The files under ``inputs`` in reading order (directories walked sorted), and problems."""
    from crosscheck.errors import IngestProblem
    from crosscheck.ingest.walk import iter_files

    files: list[InputFile] = []
    problems: list[Problem] = []
    for given in map(str, inputs):
        if given == "-":
            problems.append(Problem(-1, "<stdin>: standard input cannot be spread over workers; give files or directories"))
            continue
        for found in iter_files(given, follow_symlinks=follow_symlinks):
            if isinstance(found, IngestProblem):
                problems.append(Problem(-1, str(found)))
            else:
                files.append(InputFile(len(files), str(found[0]), found[1]))
    return files, problems


def read_file(file: InputFile, options: Any = None) -> Iterator[Read | Problem]:
    """The articles of one file, numbered, and one problem per thing wrong with it."""
    from crosscheck.errors import IngestProblem
    from crosscheck.ingest import IngestOptions
    from crosscheck.ingest.read import iter_file

    for number, item in enumerate(iter_file(Path(file.path), file.source, options or IngestOptions())):
        seq = (file.index << RECORD_BITS) | number
        if isinstance(item, IngestProblem):
            yield Problem(seq, str(item), item.fatal)
        else:
            yield Read(seq, item)


def first_of_each_id(items: Iterable[tuple[int, str, str, str]]) -> tuple[set[int], list[Problem]]:
    """Of ``(seq, doc id, digest, source)``, the seqs to keep: the first text under each id.

    The same text again is skipped silently; another text under a used id is refused with one
    line, as ``Store.add`` does within one call.
    """
    keep: set[int] = set()
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for seq, doc_id, digest, source in sorted(items):
        if doc_id not in seen:
            seen[doc_id] = digest
            keep.add(seq)
        elif seen[doc_id] != digest:
            problems.append(Problem(seq, f"{source}: duplicate id {doc_id} with a different text in this input; kept the first"))
    return keep, problems


def prepare(read: Read) -> Prepared | Problem:
    """Extract one article and compute its grouping features; a failure is one problem line."""
    from crosscheck.extract import extract_article

    article = read.article
    try:
        extraction = extract_article(article)
        return Prepared(read.seq, extraction, features(extraction))
    except Exception as error:  # one bad document must not stop the run
        return Problem(read.seq, f"{article.source}: {article.id}: extraction failed: {type(error).__name__}: {error}")


def warm_up() -> None:
    """Load the NLP pipeline and word tables once (engines call it when a worker starts)."""
    prepare(Read(0, Article(id="warm-up", text="Two people were hurt on Monday, police said.", source="warm-up")))


def node(prepared: Prepared) -> Node:
    return Node(prepared.seq, prepared.extraction.article.id, prepared.features)


DOCS_PER_PARTITION = 5_000
"""Grouping partitions hold about this many documents: linking inside one partition compares each
document with the postings of its index terms over the whole partition, so one partition for a
large corpus grows quadratically; time partitions keep it linear."""


def partition_count(documents: int, workers: int = 1) -> int:
    """Partitions for ``documents`` (at least one per worker); any count gives the same events."""
    return max(1, workers, -(-documents // DOCS_PER_PARTITION))


def group(nodes: Sequence[Node], parts: int = 1, params: GroupingParams = DEFAULT_PARAMS) -> list[list[str]]:
    """Events (document ids) of ``nodes``, partition by partition, merged across the borders."""
    plan = plan_partitions((n.features.day for n in nodes), parts, params)
    owned: dict[int, list[Node]] = {}
    seen: dict[int, list[Node]] = {}
    for item in nodes:
        owned.setdefault(plan.owner(item.features.day), []).append(item)
        for part in plan.seen_by(item.features.day):
            seen.setdefault(part, []).append(item)
    since = recurring_since(((n.seq, n.features) for n in nodes), params.recurring_weeks)
    edges = [edge for part, mine in owned.items() for edge in links(mine, seen[part], params, since)]
    ordered = sorted(nodes, key=lambda n: n.seq)
    return events([n.doc_id for n in ordered], edges, params, {n.doc_id: n.features.day for n in nodes})


def event_order(extractions: Iterable[Extraction]) -> list[Extraction]:
    """An event's documents in the store's order: by publication time (undated last), then id."""
    return sorted(extractions, key=lambda e: (e.article.published is None, e.article.published or "", e.article.id))


def reconcile_group(extractions: Iterable[Extraction]) -> EventBrief:
    """The reconciled brief of one event (its id derives from its document ids)."""
    from crosscheck.pipeline import brief_from_extractions

    return brief_from_extractions(event_order(extractions))


def event_record(brief: EventBrief) -> dict[str, Any]:
    """One row of the ``events`` table: listing columns and the event's full brief as JSON."""
    from crosscheck.reconcile.figures import headline_of

    headline = headline_of(brief.figures)
    record = Brief(documents=(), events=(brief,)).to_json()["events"][0]
    return {
        "event_id": brief.id,
        "title": brief.title,
        "date": brief.date,
        "places": [place.name for place in brief.places],
        "documents": list(brief.documents),
        "n_documents": len(brief.documents),
        "killed": headline.get("killed"),
        "injured": headline.get("injured"),
        "brief": json.dumps(record, ensure_ascii=False, sort_keys=True),
    }


def document_record(prepared: Prepared, event_id: str) -> dict[str, Any]:
    """One row of the ``documents`` table: where a document came from and its event."""
    article = prepared.extraction.article
    return {
        "doc_id": article.id,
        "event_id": event_id,
        "seq": prepared.seq,
        "source": article.source,
        "outlet": article.outlet,
        "url": article.url,
        "published": article.published,
        "title": article.title,
        "language": article.language,
        "digest": article.digest,
        "mentions": len(prepared.extraction.mentions),
    }


def brief_of_record(record: dict[str, Any]) -> dict[str, Any]:
    """The event's brief JSON back from an ``events`` row (for readers and tests)."""
    return json.loads(record["brief"])


__all__ = [
    "InputFile", "Node", "Prepared", "Problem", "Read", "brief_of_record", "document_record",
    "event_order", "event_record", "first_of_each_id", "group", "list_inputs", "node", "prepare",
    "read_file", "reconcile_group", "warm_up",
]
