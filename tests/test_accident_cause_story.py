"""End to end: a train derailment told by two outlets that blame it on different things, as
written for this test (``extract.claims``, topic "what caused the accident").

Investigators blame the driver, the drivers' union a brake failure: two answers of one question
that no report states together, so the brief shows a dispute with both sides. A third report that
names both factors makes them compatible (several factors can hold at once).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, the_event

FIRST = {
    "id": "t1", "outlet": "Rail Courier", "published": "2027-10-05T08:00:00",
    "title": "Train derails near Velka, 14 dead",
    "text": (
        "A passenger train derailed near the town of Velka on Monday evening, killing 14 people and injuring 60, "
        "the railway company said. Investigators said human error caused the derailment: the driver ignored a "
        "speed restriction on a curve."
    ),
}
SECOND = {
    "id": "t2", "outlet": "Labour Weekly", "published": "2027-10-06T10:00:00",
    "title": "Velka derailment: union blames brakes",
    "text": (
        "The drivers' union said a brake failure caused the derailment near Velka that killed 14 people on "
        "Monday, and accused the railway company of blaming the driver. The union said the train's brakes had "
        "been reported faulty twice."
    ),
}
BOTH = {
    "id": "t3", "outlet": "Rail Courier", "published": "2027-10-08T09:00:00",
    "title": "Velka derailment: inquiry opens",
    "text": (
        "An inquiry into the Velka derailment, which killed 14 people, opened on Thursday. A preliminary report "
        "found that human error and a brake failure together caused the crash, the transport ministry said."
    ),
}

QUESTION = "what caused the accident"


def _dispute(event: EventBrief) -> set[str] | None:
    found = [d for d in event.disputes if QUESTION in d.question]
    return {side.claim for side in found[0].sides} if found else None


def test_two_outlets_blaming_different_factors_are_a_dispute(tmp_path: Path) -> None:
    sides = _dispute(the_event(brief_of([FIRST, SECOND], tmp_path)))
    assert sides is not None
    assert any("human error" in side for side in sides) and any("mechanical failure" in side for side in sides)


def test_a_report_naming_both_factors_makes_them_compatible(tmp_path: Path) -> None:
    assert _dispute(the_event(brief_of([FIRST, SECOND, BOTH], tmp_path))) is None
