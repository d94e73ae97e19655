"""End to end: a nightclub fire told over three days, as written for this test.

The toll rises 41 -> 47 -> 49; the first report counts "more than 90" injured, the next "the 104
people taken to hospital, 23 in a serious condition"; three foreigners and two students are among
the dead; the police detain the owner and two managers, then "a fourth suspect"; an undated
report has "the owner and three other suspects" in custody. The brief must make the larger, later
hospital count the injured toll (a part is never larger than its whole), keep the serious cases
and the groups of the dead as parts, and count the arrests by list and by rank: 3, then 4.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import Brief
from crosscheck.report.markdown import render_markdown
from stories import brief_of, the_event, whole_statuses

REPORTS = [
    {
        "id": "n1",
        "outlet": "Valmora Times",
        "published": "2026-08-16T08:00:00",
        "title": "Nightclub fire in Valmora kills 41",
        "text": (
            "A fire swept through a crowded nightclub in the city of Valmora early on Sunday, killing "
            "41 people and injuring more than 90, the interior ministry said.\n\nThe blaze broke out at "
            "about 2:30 a.m. during a concert, when pyrotechnics ignited the ceiling, witnesses said. "
            "Most of the victims were young people.\n\nIn 2019 a fire at another club in the city killed "
            "nine people."
        ),
    },
    {
        "id": "n2",
        "outlet": "Eastern Herald",
        "published": "2026-08-16T19:00:00",
        "title": "Valmora club fire: death toll rises to 47",
        "text": (
            "The death toll from the nightclub fire in Valmora rose to 47 on Sunday evening, Health "
            "Minister Lena Brask said. Of the 104 people taken to hospital, 23 were in a serious "
            "condition, she said.\n\nAmong the dead were three foreign nationals, including two students "
            "from abroad.\n\nPolice detained the club's owner and two managers, interior ministry "
            'spokesman Dan Orlo said.\n\n"This is the darkest day for our city," Mayor Ivo Marten said.'
        ),
    },
    {
        "id": "n3",
        "outlet": "Valmora Times",
        "published": "2026-08-18T10:00:00",
        "title": "Valmora mourns as fire toll reaches 49",
        "text": (
            "Two more victims of Sunday's nightclub fire in Valmora died in hospital, bringing the "
            'death toll to 49, the health ministry said on Tuesday.\n\n"This is the darkest day in the '
            'history of our city," Mayor Ivo Marten told mourners at a vigil on Monday night.\n\nA fourth'
            " suspect, a municipal inspector, was arrested on Monday."
        ),
    },
    {
        "id": "n4",
        "outlet": "Wire Digest",
        "title": "Club owner charged over Valmora blaze",
        "text": (
            "Prosecutors in Valmora charged the owner of the nightclub where 49 people died in a fire "
            "on Sunday with negligent homicide.\n\nThe owner and three other suspects remain in custody."
        ),
    },
]


@pytest.fixture(scope="module")
def fire(tmp_path_factory: pytest.TempPathFactory) -> Brief:
    return brief_of(REPORTS, tmp_path_factory.mktemp("fire"))


def test_the_toll_rises_and_the_groups_of_the_dead_are_parts(fire: Brief) -> None:
    event = the_event(fire)
    assert whole_statuses(event, "killed") == {41: "superseded", 47: "superseded", 49: "current"}
    parts = {(f.value, f.scope_detail) for f in event.figures if f.kind == "killed" and f.scope == "group"}
    assert parts == {(3, "foreigners"), (2, "students")}


def test_the_later_larger_hospital_count_is_the_injured_toll(fire: Brief) -> None:
    event = the_event(fire)
    assert whole_statuses(event, "injured") == {90: "superseded", 104: "current"}
    assert [(f.value, f.scope_detail) for f in event.figures if f.kind == "injured" and f.scope == "condition"] == [
        (23, "serious condition")]


def test_arrests_are_counted_by_list_then_by_rank(fire: Brief) -> None:
    assert whole_statuses(the_event(fire), "arrested") == {3: "superseded", 4: "current"}
    assert "suspect in custody" not in render_markdown(fire)
