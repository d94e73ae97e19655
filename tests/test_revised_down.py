"""End to end: a report that corrects the toll down replaces it, through the CLI's pipeline.

The seeds (the bundled Kerman reports) agree on at least 103 killed; a report written for this
test says the toll "was revised down to 95". The lower, corrected figure must become the current
one and 103 an earlier, superseded one, even though none of the reports carries a date; without
that report the brief is as the seeds give it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import crosscheck
from crosscheck.facts import EventBrief
from stories import whole_statuses

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"
CORRECTION = (
    "Kerman bombing toll revised down\n\n"
    "Iran's health ministry said on Friday that the death toll from the twin bombings near the tomb of "
    "Qasem Soleimani in Kerman was revised down to 95, after some victims had been counted twice.\n"
)


@pytest.fixture(scope="module")
def corrected(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    path = tmp_path_factory.mktemp("correction") / "correction.txt"
    path.write_text(CORRECTION, encoding="utf-8")
    (event,) = crosscheck.brief([SEEDS, path]).events
    return event


def test_the_corrected_lower_toll_is_current(corrected: EventBrief) -> None:
    statuses = whole_statuses(corrected, "killed")
    assert [value for value, status in statuses.items() if status == "current"] == [95]
    assert statuses[103] == "superseded"
    assert "95 killed" in corrected.title


def test_the_timeline_ends_with_the_correction(corrected: EventBrief) -> None:
    (timeline,) = [t for t in corrected.timelines if t.kind == "killed" and t.subject is None]
    assert timeline.steps[-1].value == 95 and timeline.steps[-1].status == "current"
    assert 103 in [step.value for step in timeline.steps[:-1]]


def test_the_seeds_alone_keep_103() -> None:
    (event,) = crosscheck.brief([SEEDS]).events
    statuses = whole_statuses(event, "killed")
    assert [value for value, status in statuses.items() if status == "current"] == [103]
    assert 95 not in statuses
