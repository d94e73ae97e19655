"""An undated report that tells a count that only grows rising past every dated report's figure
follows them (``reconcile.timeline._rises_past``). Reports written for this test: a nightclub fire
whose toll rises 59 -> 61 over two dated days, then to 62 in a report with no date.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, the_event, whole_statuses

DATED = [
    {
        "id": "u1", "outlet": "Balkan Daily", "published": "2027-05-16T09:00:00",
        "title": "Nightclub fire in Vardel kills 59",
        "text": (
            "A fire swept through a crowded nightclub in the town of Vardel early on Sunday, killing 59 people "
            "and injuring more than 150, the interior ministry said. The fire started when pyrotechnics ignited "
            "the ceiling during a concert."
        ),
    },
    {
        "id": "u2", "outlet": "Regional Times", "published": "2027-05-18T12:00:00",
        "title": "Vardel nightclub fire toll rises to 61",
        "text": (
            "The death toll from the nightclub fire in Vardel rose to 61 on Tuesday after two of the injured "
            "died in hospital, the health ministry said. Police have arrested 15 people, including the club's owner."
        ),
    },
]


def _undated(toll: str) -> dict[str, str]:
    return {
        "id": "u3", "outlet": "Wire Digest", "title": f"Vardel fire: death toll climbs to {toll}",
        "text": (
            f"The death toll from the Vardel nightclub fire has risen to {toll} after another victim died in "
            "hospital, the health ministry said. More than 150 people were injured in the blaze, which started "
            "when pyrotechnics ignited the ceiling."
        ),
    }


@pytest.fixture(scope="module")
def risen(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    return the_event(brief_of([*DATED, _undated("62")], tmp_path_factory.mktemp("risen")))


def test_a_rise_past_every_dated_figure_is_the_latest(risen: EventBrief) -> None:
    assert whole_statuses(risen, "killed") == {59: "superseded", 61: "superseded", 62: "current"}
    (killed,) = [t for t in risen.timelines if t.kind == "killed"]
    assert [step.value for step in killed.steps] == [59, 61, 62]


def test_a_rise_to_no_more_than_a_dated_figure_is_not_placed_by_it(tmp_path: pytest.TempPathFactory) -> None:
    event = the_event(brief_of([*DATED, _undated("60")], tmp_path))
    assert whole_statuses(event, "killed")[61] == "current"  # the dated 61 stays the latest: nothing puts 60 after it
