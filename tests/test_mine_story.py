"""End to end: a coal mine collapse told by two outlets over three days, as written for this test.

Eight miners are dead and 22 trapped, then 10 dead and seven still trapped after 15 are pulled out
alive, then 14 dead; prosecutors detain the operator and two supervisors. The brief must count the
trapped as a figure of their own that falls, the miners pulled out alive as rescued, the people
detained as one list of three, and the dead rising to their latest toll.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, the_event, whole_statuses

REPORTS = [
    {
        "id": "m1",
        "outlet": "Anatolia Daily",
        "published": "2026-08-19T07:00:00",
        "title": "Coal mine collapse in Zonguldak: 8 dead, 22 trapped",
        "text": (
            "At least eight miners were killed and 22 others were trapped underground after a gallery of "
            "a coal mine collapsed in Zonguldak late on Tuesday, the provincial governor's office said."
            "\n\nThe collapse happened about 300 metres below ground during a shift change."
        ),
    },
    {
        "id": "m2",
        "outlet": "Black Sea Herald",
        "published": "2026-08-19T19:30:00",
        "title": "Rescuers pull 15 miners alive from Zonguldak pit; toll rises to 10",
        "text": (
            "Rescue teams pulled 15 miners alive from the collapsed coal mine in Zonguldak on Wednesday, "
            "but the death toll rose to 10 and seven miners remain trapped, Energy Minister Kemal Arslan "
            "said.\n\nThe miners' union blamed poor maintenance. The company that runs the mine denied "
            "any negligence."
        ),
    },
    {
        "id": "m3",
        "outlet": "Anatolia Daily",
        "published": "2026-08-21T10:00:00",
        "title": "Zonguldak mine toll at 14",
        "text": (
            "Rescuers on Friday reached the last miners in the Zonguldak coal mine and found four of them "
            "dead, bringing the death toll to 14, Energy Minister Kemal Arslan said.\n\nProsecutors "
            "detained the mine's operator and two shift supervisors as part of an investigation into the "
            "collapse."
        ),
    },
]


@pytest.fixture(scope="module")
def mine(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    return the_event(brief_of(REPORTS, tmp_path_factory.mktemp("mine")))


def test_the_dead_rise_to_their_latest_toll(mine: EventBrief) -> None:
    assert whole_statuses(mine, "killed") == {8: "superseded", 10: "superseded", 14: "current"}


def test_the_trapped_are_a_figure_of_their_own_that_falls(mine: EventBrief) -> None:
    assert whole_statuses(mine, "trapped") == {22: "superseded", 7: "current"}
    assert whole_statuses(mine, "rescued") == {15: "current"}
    assert not [f for f in mine.figures if f.kind in ("killed", "missing") and f.value in (22, 7)]


def test_the_people_detained_are_one_list(mine: EventBrief) -> None:
    assert whole_statuses(mine, "arrested") == {3: "current"}
