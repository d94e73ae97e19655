"""These speed shortcuts give what the plain code gave: a worker's result without its article
rebuilds the same extraction, sentences carry their text and span from the start, background
sentences are counted by merged ranges and asked once per document, and the attribution patterns
compiled once match as the patterns built per call did. Examples are invented."""

from __future__ import annotations

import pickle
import random
import re

from crosscheck.extract.attribution import _OFFICIAL_HEADS, _ORG_OF, _ORG_WORDS, _OFFICIAL_SURFACE
from crosscheck.extract.background import _covered, background_sentences
from crosscheck.extract.context import _background_indices, background_indices
from crosscheck.model import Article
from crosscheck.nlp.document import AnalyzedDoc
from crosscheck.engines.steps import prepare_or_error
from crosscheck.engines.workers import _prepare_in_worker, _rejoined

_REPORT = Article(
    id="shortcut-1", source="test", published="2019-03-04", title="Two shot near Elm Park in Varnton",
    text=(
        "VARNTON, Ohio - Two men were shot, one fatally, near Elm Park on Sunday night, police said.\n\n"
        "Sgt. Ann Poe of the Varnton Police Department said the second man, 24, was taken to a hospital.\n\n"
        "In 2014, three people were killed in a similar shooting on the same block.\n\n"
        "\"We heard four shots,\" said Jon Roe, a neighbor."
    ),
)


def test_the_workers_result_without_its_article_rebuilds_the_extraction() -> None:
    parts = _prepare_in_worker(_REPORT)
    assert not isinstance(parts, str)
    assert _REPORT not in parts  # the article does not travel back
    expected = prepare_or_error(_REPORT)
    assert not isinstance(expected, str)
    assert _rejoined(_REPORT, pickle.loads(pickle.dumps(parts))) == expected
    assert len(expected[0].mentions) > 3


def test_a_failed_extraction_is_still_its_error_line() -> None:
    broken = Article(id="shortcut-2", source="test", text=None)  # type: ignore[arg-type]
    assert isinstance(_prepare_in_worker(broken), str)


def test_sentences_carry_their_text_and_span() -> None:
    doc = AnalyzedDoc(_REPORT)
    assert len(doc.sentences) >= 4
    for sentence in doc.sentences:
        assert sentence.text == doc.view.text[sentence.start : sentence.end]
        assert sentence.evidence == doc.view.span(sentence.start, sentence.end)


def _covered_by_set(regions: list[tuple[int, int]]) -> int:
    covered: set[int] = set()
    for a, b in regions:
        covered.update(range(a, b))
    return len(covered)


def test_covered_is_the_size_of_the_set_of_positions() -> None:
    rng = random.Random(12)
    for _ in range(3000):
        regions = []
        for _ in range(rng.randrange(0, 6)):
            a = rng.randrange(0, 60)
            regions.append((a, a + rng.randrange(-3, 40)))  # empty and reversed ranges too
        assert _covered(regions) == _covered_by_set(regions), regions


def test_background_is_asked_once_per_document_with_the_same_answer() -> None:
    doc = AnalyzedDoc(_REPORT)
    first = background_indices(doc)
    assert background_indices(doc) is first
    assert first == _background_indices(AnalyzedDoc(_REPORT))
    assert 2 in first and 0 not in first  # the 2014 shooting
    assert background_sentences(doc) is background_sentences(doc)


def test_attribution_patterns_compiled_once_match_as_built_per_call() -> None:
    official = re.compile(rf"(?:[A-Z][\w.'&-]*\s+)*(?:{_OFFICIAL_HEADS})", re.IGNORECASE)
    org_of = re.compile(r"(?:[A-Z]\w+\s+)*(?:" + "|".join(sorted(_ORG_WORDS)) + r")\s+of\s+")
    surfaces = [
        "Varnton Police Department", "the police", "Sheriff's Office", "Department of Justice", "Jon Roe",
        "County Coroner's Office", "Board of Elections", "Varnton PD", "ALSO", "University of Varnton",
        "state officials", "Ann Poe", "HCSO", "Office of the Mayor", "", "Police", "Elm Street Church of God",
    ]
    rng = random.Random(12)
    words = [w for s in surfaces for w in s.split()] + sorted(_ORG_WORDS)[:30] + ["of", "the", "and"]
    surfaces += [" ".join(rng.choice(words) for _ in range(rng.randrange(1, 6))) for _ in range(2000)]
    for surface in surfaces:
        assert bool(_OFFICIAL_SURFACE.fullmatch(surface)) == bool(official.fullmatch(surface)), surface
        mine, theirs = _ORG_OF.match(surface), org_of.match(surface)
        assert (mine and mine.span()) == (theirs and theirs.span()), surface


def test_an_extracted_document_leaves_no_cyclic_garbage() -> None:
    """``extract_article`` releases its document: reference counting frees it, not the collector."""
    import gc

    from crosscheck.extract import extract_article

    extract_article(_REPORT)  # models and caches loaded before counting
    gc.collect()
    gc.disable()
    try:
        extraction = extract_article(_REPORT)
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0 and len(extraction.sentences) >= 4


def test_a_released_document_has_no_sentences() -> None:
    doc = AnalyzedDoc(_REPORT)
    assert doc.sentences
    doc.release()
    assert doc.sentences == []
