"""The scoring helpers the toll benchmarks share: which event judges an incident, how its count is
judged, and how ``bench/regroup.py`` reads grouping constants from its command line.

They decide the figures reported for the issue's toll measures, so they are tested like code
(on texts written here; the benchmarks themselves read ``../shared/data``).
"""

from __future__ import annotations

import zlib

import pytest

from bench.data import Incident
from bench.eval_tolls import judged, largest_event, tied
from bench.regroup import params_from
from crosscheck.events.grouping import DEFAULT_PARAMS
from crosscheck.extract import extract_article
from crosscheck.model import Article, Extraction


def extract_text(text: str) -> Extraction:
    """One invented report, extracted as the store extracts it."""
    doc_id = f"doc{zlib.crc32(text.encode())}"  # the same id on every run
    return extract_article(Article(id=doc_id, text=text, source=f"{doc_id}.txt", outlet=doc_id))


def test_largest_event_takes_the_majority_and_breaks_ties_by_id() -> None:
    grouping = {"a": "e2", "b": "e2", "c": "e1", "d": "e3", "e": "e1"}
    assert largest_event(["a", "b", "c"], grouping) == "e2"
    assert largest_event(["c", "d"], grouping) == "e1"  # one each: the smallest id, whatever the order
    assert largest_event(["d", "c"], grouping) == "e1"
    assert tied(["c", "d"], grouping) and not tied(["a", "b", "c"], grouping)
    assert largest_event(["unstored"], grouping) is None


def test_judged_counts_no_figure_as_zero_and_another_current_value_as_wrong() -> None:
    one_dead = extract_text("Police said a man was shot and killed outside a bar on Elm Street late Friday.")
    quiet = extract_text("The city council met on Tuesday to discuss the new park budget.")
    by_kind = {key: (values, ok) for _, key, _, values, ok in judged(Incident(killed=1, injured=0), [one_dead])}
    assert by_kind == {"killed>0": ([1.0], True), "injured=0": ([0.0], True)}
    by_kind = {key: (values, ok) for _, key, _, values, ok in judged(Incident(killed=0, injured=None), [quiet])}
    assert by_kind == {"killed=0": ([0.0], True)}
    two_dead = extract_text("Two men were shot and killed outside a bar on Oak Street late Saturday, police said.")
    (_, key, _, values, ok), _ = judged(Incident(killed=1, injured=0), [one_dead, two_dead])
    assert key == "killed>0" and values != [1.0] and not ok  # a dispute or the other toll: not GVA's


def test_params_from_reads_each_field_in_its_type() -> None:
    params = params_from(["threshold=0.3", "attach_threshold=None"])
    assert params.threshold == pytest.approx(0.3) and params.attach_threshold is None
    assert params.window_days == DEFAULT_PARAMS.window_days
    with pytest.raises(SystemExit, match="no field"):
        params_from(["no_such_constant=1"])
