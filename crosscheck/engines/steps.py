"""The pipeline steps every engine runs, as plain functions over plain values.

    list_inputs -> read_file -> first_of_each_id -> prepare (extract + features, ``prepare_article``)
                -> recurring names (whole corpus) -> links (per time partition) -> components
                -> reconcile_group -> records

An engine only decides *where* each step runs: ``crosscheck.engines.local`` runs them in this
process (extraction in worker processes, ``crosscheck.engines.workers``), ``crosscheck.engines.ray``
runs them as Ray Data operators on a cluster. Neither adds logic of its own, so both give the same
events and facts, and the grouping is the store's (see ``crosscheck.events.partition``). The
per-document step (``prepare_article``) is the one the brief and the store run too.

Documents are ordered by ``seq`` = (input file number << 32) | (record number in that file): the
order ``crosscheck ingest --db`` reads them in, which the store's grouping depends on.
"""

from __future__ import annotations

import gc
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from crosscheck.events.features import DocFeatures, features
from crosscheck.events.grouping import DEFAULT_PARAMS, GroupingParams
from crosscheck.events.ids import event_id_for
from crosscheck.events.partition import Node, events, links, plan_partitions
from crosscheck.events.recurring import recurring_since
from crosscheck.extract import extract_article
from crosscheck.extract.dates import resolve
from crosscheck.facts import Brief, EventBrief
from crosscheck.model import Article, Extraction
from crosscheck.nlp.document import parser
from crosscheck.reconcile import reconcile_event
from crosscheck.kinds import counted_kinds
from crosscheck.reconcile.figures import current_counts
from crosscheck.reconcile.report_tolls import stated_victims

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
    line, as ``Corpus.add`` does within one call.
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


Extract = Callable[[Article], Extraction]


def document_features(extraction: Extraction) -> DocFeatures:
    """The grouping features of one extracted article, with the victims it counts (its own figures
    reconciled: ``crosscheck.reconcile.report_tolls``), as every path that groups computes them."""
    return features(extraction, victims=stated_victims(extraction))


def prepare_article(article: Article, extract: Extract | None = None) -> tuple[Extraction, DocFeatures]:
    """The per-document work of every path: the article's extraction (``extract``, default
    ``crosscheck.extract.extract_article``) and its grouping features. Both are pure functions of
    the article, so they can run in any process."""
    extraction = (extract or extract_article)(article)
    return extraction, document_features(extraction)


def prepare_or_error(article: Article, extract: Extract | None = None) -> tuple[Extraction, DocFeatures] | str:
    """``prepare_article``, or its error as one line (one bad document must not stop a batch)."""
    try:
        return prepare_article(article, extract)
    except Exception as error:  # one bad document must not stop the batch
        return f"{type(error).__name__}: {error}"


def prepare(read: Read) -> Prepared | Problem:
    """Extract one article and compute its grouping features; a failure is one problem line."""
    return prepared_or_problem(read, prepare_or_error(read.article))


def prepared_or_problem(read: Read, result: tuple[Extraction, DocFeatures] | str) -> Prepared | Problem:
    """The engines' record of what ``prepare_or_error`` gave for ``read``."""
    if isinstance(result, str):
        article = read.article
        return Problem(read.seq, f"{article.source}: {article.id}: extraction failed: {result}")
    return Prepared(read.seq, *result)


WARM_UP = Article(
    id="warm-up", source="warm-up", published="2016-01-04", title="Two shot on Elm Street in Varnton",
    text=(
        "VARNTON, Ohio (AP) - Two men were shot, one fatally, on Elm Street in Varnton, Ohio, on Monday, Jan. 4, 2016,"
        " police said.\n\n\"It was awful,\" said Jon Roe, 34, a neighbour. Roe said he heard five shots at about"
        " 9 p.m. Sgt. Ann Poe told WVAR-TV that the second man was taken to Varnton General Hospital.\n\n"
        "Reed told reporters the gunman, 19, was arrested two days later. Three people were killed in a"
        " similar shooting in 2014."
    ),
)
"""An invented report that takes the extraction through its lazily loaded parts (spaCy's
tokenizer, the gazetteers, word frequencies)."""


def warm_up() -> None:
    """Load everything preparing a document loads, by preparing ``WARM_UP``, and freeze it.

    Why: run once where extraction workers start (the fork server they are forked from, a Ray
    actor), so the ~4 s of CPU each worker would spend loading before its first document is spent
    once.
    """
    parser()  # spaCy's statistical pipeline, which few documents need
    resolve("Sepember 3, 2014", None)  # a spelling left to dateparser: loads it and its English data
    prepare_or_error(WARM_UP)
    freeze_loaded_once()


_frozen = False


def freeze_loaded_once() -> None:
    """After a worker's first document, move what it has loaded out of the garbage collector's sight.

    Why: by then the extraction modules, their ~600 compiled patterns, spaCy's pipelines and the
    lexicons are loaded (about 100,000 tracked objects) and live as long as the process, yet every
    full collection walked them again: ``gc.freeze`` halves what the full collections cost (about
    0.15 ms per document). Garbage is collected first, so nothing unreachable is frozen; what is
    frozen stays freed by reference counting, and only its own cycles could outlive their use, a
    bound set once. Runs once per process.
    """
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()


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
    ordered = event_order(extractions)
    return reconcile_event(event_id_for(e.article.id for e in ordered), ordered)


def event_record(brief: EventBrief) -> dict[str, Any]:
    """One row of the ``events`` table: listing columns and the event's full brief as JSON."""
    counts = current_counts(brief.figures)
    record = Brief(documents=(), events=(brief,)).to_json()["events"][0]
    return {
        "event_id": brief.id,
        "title": brief.title,
        "date": brief.date,
        "places": [place.name for place in brief.places],
        "documents": list(brief.documents),
        "n_documents": len(brief.documents),
        **{str(kind): round(counts[kind]) if kind in counts else None for kind in counted_kinds()},
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
    "WARM_UP", "InputFile", "Node", "Prepared", "Problem", "Read", "brief_of_record", "document_features",
    "document_record", "event_order", "event_record", "first_of_each_id", "group", "list_inputs", "node", "prepare",
    "prepare_article", "prepare_or_error", "read_file", "reconcile_group", "warm_up",
]
