"""End to end: an air crash into a residential area, told over four days, as written for this test.

The first report gives the people aboard as "212 passengers and 12 crew" and bodies recovered; the
next "all but one of the 224 people on board" killed and "at least 18 people on the ground", 241
in all; the last 246, "including 23 people killed on the ground". The brief must give one count
of the people aboard (224, not a dispute of 212 against 224), never read "all but one of the 224"
as 224 dead, and keep the people on the ground as a part of the toll.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, whole_statuses

REPORTS = [
    {
        "id": "p1",
        "outlet": "Sky News Desk",
        "published": "2026-06-12T12:00:00",
        "title": "Passenger jet crashes after take-off from Tarvos",
        "text": (
            "A passenger jet carrying 212 passengers and 12 crew crashed into a residential area "
            "moments after taking off from Tarvos on Thursday, officials said.\n\nThe Aerolinea flight "
            "381 was bound for Lisbon. Local media said at least 150 bodies had been recovered from the"
            " wreckage.\n\nThe civil aviation authority said the pilot issued a mayday call seconds "
            "before the crash."
        ),
    },
    {
        "id": "p2",
        "outlet": "Tarvos Chronicle",
        "published": "2026-06-13T09:00:00",
        "title": "One survivor as Tarvos crash toll reaches 241",
        "text": (
            "All but one of the 224 people on board Aerolinea flight 381 were killed when it crashed in"
            " Tarvos on Thursday, the airline said, and at least 18 people on the ground also died, "
            "bringing the death toll to 241.\n\nThe sole survivor, a British national seated near an "
            "emergency exit, is being treated in hospital.\n\nAmong the passengers were 120 Tarvosians, "
            "53 British nationals and seven Portuguese citizens, the airline said."
        ),
    },
    {
        "id": "p3",
        "outlet": "Global Wire",
        "published": "2026-06-15T16:00:00",
        "title": "Tarvos crash: 228 victims identified",
        "text": (
            "Authorities in Tarvos have identified 228 victims of Thursday's plane crash through DNA "
            "testing, the health department said on Saturday. The death toll stands at 246, including "
            "23 people killed on the ground.\n\nInvestigators recovered both flight recorders on Friday."
        ),
    },
]


@pytest.fixture(scope="module")
def crash(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    (event,) = brief_of(REPORTS, tmp_path_factory.mktemp("crash")).events
    return event


def test_the_toll_and_its_part_on_the_ground(crash: EventBrief) -> None:
    killed = whole_statuses(crash, "killed")
    assert killed == {150: "superseded", 241: "superseded", 246: "current"}
    ground = {(f.value, f.scope_detail) for f in crash.figures if f.kind == "killed" and f.scope == "group"}
    assert ground == {(23, "on the ground"), (18, "on the ground")}


def test_one_count_of_the_people_aboard(crash: EventBrief) -> None:
    aboard = [(f.value, f.status) for f in crash.figures if f.kind == "aboard"]
    assert aboard == [(224, "current")]
