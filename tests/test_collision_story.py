"""End to end: a train collision told over three days, as written for this test.

The toll rises from "at least 16" to 36 ("two more people died in hospital"); on the second day
one report gives two officials' counts side by side, the transport minister's 29 and, "in a
separate statement", the regional governor's 32, who "put the toll at 32" with no verb of speech;
of 85 injured, 11 are in critical condition; the station master on duty is arrested. The brief
must keep both officials' counts, attributed, behind the later toll; the critical as a part of the
injured; and the arrest once, as a figure, not again as a single-source claim.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import Brief
from crosscheck.report.markdown import render_markdown
from stories import brief_of, the_event

REPORTS = [
    {
        "id": "t1",
        "outlet": "Rail Today",
        "published": "2026-05-12T06:00:00",
        "title": "Trains collide near Dorvik",
        "text": (
            "A passenger train and a freight train collided head-on near the town of Dorvik late on "
            "Monday, killing at least 16 people and injuring more than 70, the fire service said.\n\nThe "
            "passenger train was carrying about 350 people. Several carriages derailed and caught fire."
            '\n\n"It was like an earthquake," said Mira Stenn, a passenger who escaped through a window.'
        ),
    },
    {
        "id": "t2",
        "outlet": "Nordic Wire",
        "published": "2026-05-12T14:00:00",
        "title": "Dorvik train crash toll rises to 29",
        "text": (
            "The death toll from Monday's train collision near Dorvik has risen to 29, Transport "
            "Minister Pavel Oren said on Tuesday. Of the 85 people injured, 11 are in critical "
            "condition.\n\nThe regional governor, Anna Krell, put the toll at 32 in a separate statement "
            "on Tuesday.\n\nThe station master on duty was arrested, police said."
        ),
    },
    {
        "id": "t3",
        "outlet": "Rail Today",
        "published": "2026-05-14T09:00:00",
        "title": "Dorvik crash: toll reaches 36 as rescuers end search",
        "text": (
            "Rescuers ended their search of the wreckage near Dorvik on Wednesday after the number of "
            "dead from Monday's collision reached 36, the fire service said. Two more people died in "
            "hospital overnight.\n\nTransport Minister Pavel Oren resigned on Wednesday, saying he took "
            "responsibility for the crash."
        ),
    },
]


@pytest.fixture(scope="module")
def collision(tmp_path_factory: pytest.TempPathFactory) -> Brief:
    return brief_of(REPORTS, tmp_path_factory.mktemp("collision"))


def test_both_officials_counts_of_one_day_are_kept_attributed_behind_the_later_toll(collision: Brief) -> None:
    killed = {f.value: f for f in the_event(collision).figures if f.kind == "killed" and f.scope == "whole"}
    assert [v for v, f in killed.items() if f.status == "current"] == [36]
    assert killed[29].status == killed[32].status == "superseded"
    said_by = {v: {e.attributed_to for e in f.evidence} for v, f in killed.items()}
    assert "Pavel Oren" in said_by[29] and "Anna Krell" in said_by[32]
    # one day's two counts read from the lower up, as the count rises, the minister's revision first
    (timeline,) = [t for t in the_event(collision).timelines if t.kind == "killed" and t.subject is None]
    assert [step.value for step in timeline.steps] == [16, 29, 32, 36]


def test_the_critical_are_a_part_of_the_injured_and_the_arrest_is_read(collision: Brief) -> None:
    event = the_event(collision)
    injured = [f for f in event.figures if f.kind == "injured"]
    assert {(f.value, f.scope, f.status) for f in injured if f.status == "current" or f.scope != "whole"} >= {
        (85, "whole", "current"), (11, "condition", "part")}
    assert [f.value for f in event.figures if f.kind == "arrested" and f.status == "current"] == [1]


def test_the_arrest_is_listed_once(collision: Brief) -> None:
    markdown = render_markdown(collision)
    assert "Arrested: 1" in markdown
    assert "suspect in custody" not in markdown
