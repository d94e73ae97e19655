"""End to end: a sinking told over a week by three outlets, as written for this test.

A ferry sinks; the toll rises report by report (at least 12, 21, 35 with "14 more bodies", 58),
then is revised down to 56 because two victims were counted twice; the missing fall from 60 to
24; 95 are rescued; about 180 were aboard; the captain is arrested. The brief must give one
event, the corrected toll current with every earlier value superseded in order, the added bodies
as a part and never a toll, and the people aboard as context.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, whole_statuses

REPORTS = [
    {
        "id": "f1",
        "outlet": "Harbour Post",
        "published": "2026-03-02T10:00:00",
        "title": "Ferry sinks off Port Aldren, at least 12 dead",
        "text": (
            "A passenger ferry carrying about 180 people sank off Port Aldren on Monday morning, "
            "killing at least 12 people, the coastguard said.\n\nDozens of passengers were missing after "
            "the MV Selka capsized in heavy seas about 8 km from the harbour. Rescuers pulled 95 "
            'survivors from the water, coastguard spokesman Tomas Verin said.\n\n"The sea was very rough '
            'and the ship listed within minutes," Verin told reporters.'
        ),
    },
    {
        "id": "f2",
        "outlet": "Aldren Daily",
        "published": "2026-03-02T21:00:00",
        "title": "Ferry death toll rises to 21",
        "text": (
            "The death toll from the sinking of the MV Selka off Port Aldren rose to 21 on Monday "
            "evening, with 60 people still missing, the coastguard said.\n\nNinety-five people were "
            'rescued. Relatives gathered at the harbour as divers searched the hull.\n\n"We are doing '
            'everything we can to find the missing," coastguard spokesman Tomas Verin said.'
        ),
    },
    {
        "id": "f3",
        "outlet": "Coastal Wire",
        "published": "2026-03-03T15:00:00",
        "title": "Divers recover 14 more bodies from sunken ferry",
        "text": (
            "Divers recovered 14 more bodies from the MV Selka on Tuesday, bringing the death toll from"
            " Monday's sinking off Port Aldren to 35, the coastguard said. Forty-seven people remain "
            "missing.\n\nPolice arrested the ferry's captain on suspicion of negligence, a police "
            "spokesman said.\n\nThe ferry was carrying about 180 passengers and crew when it capsized."
        ),
    },
    {
        "id": "f4",
        "outlet": "Harbour Post",
        "published": "2026-03-05T09:00:00",
        "title": "Selka ferry toll climbs to 58",
        "text": (
            "The number of people killed in the sinking of the MV Selka off Port Aldren climbed to 58 "
            "on Thursday, the coastguard said, with 24 people still unaccounted for.\n\nThe ferry's "
            "captain appeared in court in Port Aldren charged with manslaughter."
        ),
    },
    {
        "id": "f5",
        "outlet": "Aldren Daily",
        "published": "2026-03-09T12:00:00",
        "title": "Ferry toll revised down to 56",
        "text": (
            "Authorities revised the death toll from last week's sinking of the MV Selka off Port "
            "Aldren down to 56, saying two victims had been counted twice. Twenty-four people remain "
            'missing, coastguard spokesman Tomas Verin said.\n\n"The sea was very rough and the ship '
            'listed in minutes," Verin said of the sinking.'
        ),
    },
]


@pytest.fixture(scope="module")
def sinking(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    (event,) = brief_of(REPORTS, tmp_path_factory.mktemp("sinking")).events
    return event


def test_the_toll_revised_down_is_current_and_every_earlier_toll_superseded(sinking: EventBrief) -> None:
    killed = whole_statuses(sinking, "killed")
    assert [v for v, s in killed.items() if s == "current"] == [56]
    assert {v: s for v, s in killed.items() if v != 56} == {12: "superseded", 21: "superseded", 35: "superseded", 58: "superseded"}
    (timeline,) = [t for t in sinking.timelines if t.kind == "killed" and t.subject is None]
    assert [step.value for step in timeline.steps] == [12, 21, 35, 58, 56]


def test_bodies_recovered_since_the_last_count_are_a_part_not_a_toll(sinking: EventBrief) -> None:
    (more,) = [f for f in sinking.figures if f.kind == "killed" and f.value == 14]
    assert more.scope == "increment" and more.status != "current"


def test_the_missing_fall_and_the_other_counts_are_read(sinking: EventBrief) -> None:
    missing = whole_statuses(sinking, "missing")
    assert [v for v, s in missing.items() if s == "current"] == [24]
    assert missing[60] == missing[47] == "superseded"
    assert whole_statuses(sinking, "rescued") == {95: "current"}
    assert whole_statuses(sinking, "arrested") == {1: "current"}
    (aboard,) = [f for f in sinking.figures if f.kind == "aboard"]
    assert (aboard.value, aboard.qualifier) == (180, "about")
    assert "56 killed" in sinking.title


BUS_CRASH = {
    "id": "b1",
    "outlet": "Aldren Daily",
    "published": "2026-03-04T08:00:00",
    "title": "Bus plunges into ravine near Keth, nine killed",
    "text": (
        "A bus carrying farm workers plunged into a ravine near the town of Keth, 40 km east of Port Aldren, "
        "on Wednesday, killing nine people and injuring 23, police said.\n\nThe driver was among the dead, "
        "police spokesman Ilan Moss said."
    ),
}


def test_a_crash_that_measures_its_place_from_the_port_is_another_event(tmp_path: Path) -> None:
    """The bus report names the port only as the landmark of a distance ("40 km east of Port
    Aldren"): the place it measures from is not where its event happened, so it shares no rare
    word with the sinking's reports (``events.features.distance_references``)."""
    events = brief_of([*REPORTS, BUS_CRASH], tmp_path).events
    assert sorted(sorted(e.documents) for e in events) == [["b1"], ["f1", "f2", "f3", "f4", "f5"]]
