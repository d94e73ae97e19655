"""The missing a sentence says were found (``extract.figures.found``), in sentences and reports
written for this test: a mine collapse told over three days, the missing falling 5 -> 3 and then
found, and the sentences of the rule's table.
"""

from __future__ import annotations

import pytest

from crosscheck.extract.figures import extract
from crosscheck.facts import EventBrief
from crosscheck.model import Article, Stage
from crosscheck.nlp.document import AnalyzedDoc
from stories import brief_of, the_event, whole_statuses


def _missing(text: str) -> list[tuple[float | None, Stage | None]]:
    doc = AnalyzedDoc(Article(id="t", text=text, source="written", published="2026-04-02"))
    return [(m.value, m.stage) for m in extract(doc) if m.kind.value == "missing"]


@pytest.mark.parametrize("sentence", [
    "The bodies of the three missing workers were found on Friday, raising the death toll to nine.",
    "All six missing crew members were found dead on Monday.",
    "Rescuers found the two missing hikers alive on Sunday.",
    "Divers recovered the bodies of the remaining two missing people.",
    "The four missing fishermen have all been rescued, the coastguard said.",
])
def test_a_definite_count_of_the_missing_found_leaves_none_missing(sentence: str) -> None:
    assert _missing(sentence) == [(0, Stage.REVISED)]


@pytest.mark.parametrize("sentence", [
    "Three missing fishermen were rescued on Sunday.",  # some of the missing: how many remain is not said
    "Two people remain missing after the three missing workers were found.",  # the sentence says: two
])
def test_some_of_the_missing_found_is_no_count_of_them(sentence: str) -> None:
    assert (0, Stage.REVISED) not in _missing(sentence)
    assert 3 not in [value for value, _ in _missing(sentence)]


@pytest.mark.parametrize("sentence, value", [
    ("The three missing workers have not been found.", 3),
    ("The search for the three missing workers was called off on Friday.", 3),
    ("At least 12 people are missing, and rescuers found two bodies.", 12),
])
def test_no_finding_of_the_missing_keeps_their_count(sentence: str, value: float) -> None:
    assert _missing(sentence) == [(value, None)]


REPORTS = [
    {
        "id": "m1", "outlet": "Highland Courier", "published": "2027-03-09T08:00:00",
        "title": "Five miners trapped after collapse in Dravo",
        "text": (
            "A tunnel collapsed at a coal mine near the town of Dravo on Monday night, killing one miner, "
            "and five others are missing, the mine's operator said. Rescue teams worked through the night."
        ),
    },
    {
        "id": "m2", "outlet": "National Wire", "published": "2027-03-10T15:00:00",
        "title": "Two miners rescued in Dravo; three still missing",
        "text": (
            "Rescuers pulled two miners out alive from the collapsed coal mine near Dravo on Tuesday, and three "
            "remain missing, the regional governor said. The two survivors were taken to hospital."
        ),
    },
    {
        "id": "m3", "outlet": "Highland Courier", "published": "2027-03-12T09:00:00",
        "title": "Dravo mine collapse: bodies of last miners recovered",
        "text": (
            "Rescue teams recovered the bodies of the three missing miners at the Dravo coal mine on Thursday, "
            "raising the death toll from Monday's collapse to four, the mine's operator said. The search is over."
        ),
    },
]


@pytest.fixture(scope="module")
def mine(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    return the_event(brief_of(REPORTS, tmp_path_factory.mktemp("mine")))


def test_the_missing_found_end_the_missing_count(mine: EventBrief) -> None:
    assert whole_statuses(mine, "missing") == {5: "superseded", 3: "superseded", 0: "current"}
    (timeline,) = [t for t in mine.timelines if t.kind == "missing"]
    assert [step.value for step in timeline.steps] == [5, 3, 0]


def test_the_dead_rise_as_the_missing_are_found(mine: EventBrief) -> None:
    assert whole_statuses(mine, "killed") == {1: "superseded", 4: "current"}
