"""End to end: a crackdown on protests told by two outlets over three days, as written for this test.

A rights group counts eight dead on the first night; a national rights commission counts 23 and
the interior minister puts the toll at 19 in the same report; a rights organisation counts at
least 25 two days later. The brief must name the event for the protests (not for the shooting
its witnesses describe), keep the minister's toll beside the commission's as a rival of the same
moment, name every source whole (the commission "on Human Rights", the organisation once though
a headline shortens it), and give the latest count current.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, the_event, whole_statuses

REPORTS = [
    {
        "id": "p1",
        "outlet": "East Africa Wire",
        "published": "2026-06-24T21:00:00",
        "title": "Protesters killed as Nairobi demonstrations turn violent",
        "text": (
            "Security forces killed at least eight protesters in Nairobi on Tuesday, a rights group said, as "
            "demonstrations against a finance bill turned violent.\n\nWitnesses said police fired live rounds "
            "and tear gas at crowds outside parliament. \"They were shooting at unarmed people,\" said Grace "
            "Wanjiku, a nurse at a nearby clinic."
        ),
    },
    {
        "id": "p2",
        "outlet": "Daily Ledger",
        "published": "2026-06-25T17:00:00",
        "title": "Rights commission says 23 killed in Nairobi protests",
        "text": (
            "The National Commission on Human Rights said on Wednesday that 23 people had been killed in "
            "Tuesday's protests and more than 300 injured. Interior Minister Peter Odhiambo put the toll at 19 "
            "and said officers had acted in self-defence."
        ),
    },
    {
        "id": "p3",
        "outlet": "East Africa Wire",
        "published": "2026-06-26T12:00:00",
        "title": "Vigil says at least 25 killed in Nairobi crackdown",
        "text": (
            "Vigil International said on Thursday that at least 25 people were killed when police opened fire "
            "on protesters in Nairobi and other cities on Tuesday."
        ),
    },
]


@pytest.fixture(scope="module")
def crackdown(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    return the_event(brief_of(REPORTS, tmp_path_factory.mktemp("protest")))


def test_the_event_is_named_for_the_protests(crackdown: EventBrief) -> None:
    assert crackdown.title.startswith("Protests in Nairobi")


def test_the_ministers_toll_is_kept_beside_the_commissions(crackdown: EventBrief) -> None:
    killed = whole_statuses(crackdown, "killed")
    assert killed[25] == "current"
    assert killed[19] == killed[23] == killed[8] == "superseded"
    (minister,) = [f for f in crackdown.figures if f.kind == "killed" and f.value == 19]
    assert {e.attributed_to for e in minister.evidence} == {"Peter Odhiambo"}


def test_every_source_is_named_whole_and_once(crackdown: EventBrief) -> None:
    names = {s.name for s in crackdown.sources_cited}
    assert {"National Commission on Human Rights", "Vigil International"} <= names
    assert "Vigil" not in names
    (eight,) = [f for f in crackdown.figures if f.kind == "killed" and f.value == 8]
    assert {e.attributed_to for e in eight.evidence} == {"rights group"}
