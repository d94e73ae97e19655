"""End to end: a missile strike on a market told by four outlets over two days, and a drone strike
on another city the same evening, as written for this test.

The toll rises (at least 12, 17, 18) and the wounded with it (30, 43, 45); one side denies hitting
civilians and claims to have killed fighters; a wire files from the capital. The brief must give
two events named for what happened (not for the fires a drone started), the city the strike hit
and not the one a wire filed from, the office a count came from by its whole name, and the
denying side's words under its name.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import Brief, EventBrief
from stories import brief_of, whole_statuses

REPORTS = [
    {
        "id": "s1",
        "outlet": "Eastern Courier",
        "published": "2026-05-12T09:30:00",
        "title": "Missile strike on Kramatorsk market kills at least 12",
        "text": (
            "At least 12 people were killed and 30 wounded when a missile struck a crowded market in "
            "Kramatorsk on Tuesday morning, regional governor Ivan Lerchenko said.\n\nThe strike hit the "
            "central market at about 8:40 am, when stalls were full, Lerchenko wrote on Telegram."
        ),
    },
    {
        "id": "s2",
        "outlet": "Kyiv Wire",
        "published": "2026-05-12T20:15:00",
        "title": "Kramatorsk market strike toll rises to 17",
        "text": (
            "The death toll from Tuesday's missile strike on a market in Kramatorsk has risen to 17, "
            "including two children, governor Ivan Lerchenko said on Tuesday evening. The prosecutor "
            "general's office put the number of wounded at 43.\n\nThe Russian defence ministry "
            "denied targeting civilians and said it had killed \"up to 60 fighters\" at a command post."
        ),
    },
    {
        "id": "s3",
        "outlet": "Donbas Today",
        "published": "2026-05-13T14:00:00",
        "title": "Rescuers end search at Kramatorsk market",
        "text": (
            "Rescuers ended their search of the market in Kramatorsk on Wednesday. The toll stands at 18 "
            "dead, among them two children, and 45 injured, of whom nine are in serious condition, the "
            "State Emergency Service said. Three people remain missing."
        ),
    },
    {
        "id": "s4",
        "outlet": "Global Desk",
        "published": "2026-05-13T16:00:00",
        "title": "Missile strike on market kills 18",
        "text": (
            "KYIV (Wire) - A missile strike on a market in the eastern city of Kramatorsk killed 18 people "
            "and wounded 45, officials said on Wednesday."
        ),
    },
    {
        "id": "s5",
        "outlet": "Eastern Courier",
        "published": "2026-05-12T18:00:00",
        "title": "Drone attack on Kharkiv injures 9",
        "text": (
            "Nine people were injured when drones hit a residential block in Kharkiv on Tuesday evening, "
            "mayor Olek Varda said. One woman was killed, he added.\n\nFires broke out on three floors of "
            "the building."
        ),
    },
]


@pytest.fixture(scope="module")
def brief(tmp_path_factory: pytest.TempPathFactory) -> Brief:
    return brief_of(REPORTS, tmp_path_factory.mktemp("strike"))


def _event(brief: Brief, document: str) -> EventBrief:
    (event,) = [e for e in brief.events if document in e.documents]
    return event


def test_two_strikes_are_two_events_named_for_what_happened(brief: Brief) -> None:
    assert sorted(sorted(e.documents) for e in brief.events) == [["s1", "s2", "s3", "s4"], ["s5"]]
    assert _event(brief, "s1").title.startswith("Missile strike in Kramatorsk")
    assert _event(brief, "s5").title.startswith("Drone strike in Kharkiv")


def test_the_toll_and_the_wounded_rise_to_their_latest_counts(brief: Brief) -> None:
    strike = _event(brief, "s1")
    assert whole_statuses(strike, "killed") == {12: "superseded", 17: "superseded", 18: "current"}
    assert whole_statuses(strike, "injured") == {30: "superseded", 43: "superseded", 45: "current"}


def test_the_wire_dateline_is_not_where_the_strike_happened(brief: Brief) -> None:
    names = {place.name for place in _event(brief, "s1").places}
    assert "Kramatorsk" in names and "Kyiv" not in names


def test_who_gave_a_count_and_who_denied_are_named_whole(brief: Brief) -> None:
    strike = _event(brief, "s1")
    (wounded,) = [f for f in strike.figures if f.kind == "injured" and f.value == 43]
    assert {e.attributed_to for e in wounded.evidence} == {"prosecutor general's office"}
    (claim,) = [q for q in strike.quotes if "60 fighters" in q.text]
    assert claim.speaker is not None and "defence ministry" in claim.speaker
