"""End to end: a flood told over four days, as written for this test.

Deaths rise 8 -> 19 -> 24 and the missing fall 20 -> 11 -> 6; homes are counted "destroyed or
damaged" together (450) before a report counts 1,450 damaged and 310 destroyed. A count of both
together is neither, so it disputes nothing, and homes damaged beside homes destroyed is no
dispute either: of many homes, some were damaged and some destroyed. The second day's missing,
named for Thursday in Friday's report, follow Thursday morning's report in the timeline.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, whole_statuses

REPORTS = [
    {
        "id": "w1",
        "outlet": "River Post",
        "published": "2026-09-03T07:00:00",
        "title": "Floods hit Oskaria's north",
        "text": (
            "Flash floods swept through villages in northern Oskaria on Wednesday after two days of "
            "torrential rain, killing at least eight people, the national disaster agency said. Twenty "
            "people are missing.\n\nMore than 3,000 people were evacuated from their homes in the Vell "
            "valley, and 120 houses were destroyed, officials said."
        ),
    },
    {
        "id": "w2",
        "outlet": "Continental News",
        "published": "2026-09-04T18:00:00",
        "title": "Oskaria flood toll rises to 19",
        "text": (
            "The death toll from flooding in northern Oskaria rose to 19 on Thursday as rescuers "
            "recovered more bodies from the mud, while 11 people remain missing, Interior Minister Karl"
            " Vesk said.\n\nAbout 12,000 people have been displaced, and at least 450 homes were "
            "destroyed or damaged. Soldiers rescued 230 people stranded on rooftops."
        ),
    },
    {
        "id": "w3",
        "outlet": "River Post",
        "published": "2026-09-06T10:00:00",
        "title": "Oskaria floods: 24 dead as waters recede",
        "text": (
            "Twenty-four people have died in the floods in northern Oskaria, and six are still missing,"
            " the disaster agency said on Saturday. Among the dead were four children.\n\nThe agency said"
            ' 1,450 homes had been damaged and 310 destroyed.\n\n"We have never seen water rise so fast,"'
            " said Ana Roi, a farmer in the Vell valley."
        ),
    },
]


@pytest.fixture(scope="module")
def flood(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    (event,) = brief_of(REPORTS, tmp_path_factory.mktemp("flood")).events
    return event


def test_homes_destroyed_or_damaged_together_dispute_nothing(flood: EventBrief) -> None:
    assert whole_statuses(flood, "destroyed") == {120: "superseded", 310: "current"}
    assert whole_statuses(flood, "damaged") == {1450: "current"}
    assert not [d for d in flood.disputes if "damage" in d.question]


def test_the_missing_fall_in_the_order_they_were_told(flood: EventBrief) -> None:
    (missing,) = [t for t in flood.timelines if t.kind == "missing"]
    assert [step.value for step in missing.steps] == [20, 11, 6]
    assert whole_statuses(flood, "killed") == {8: "superseded", 19: "superseded", 24: "current"}
