"""End to end: a stampede told by four outlets over two days, as written for this test.

The police count 18 dead, a hospital 31, a district magistrate 34 (27 of them women, four
children); the opposition claims more than 100 and the government denies it, giving 34 again.
The brief must keep 34 current with the earlier counts superseded in order, the opposition's
claim as a denied figure under its name (never the toll, never the title's), the groups of the
dead as parts, and the volunteers arrested.
"""

from __future__ import annotations

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, the_event, whole_statuses

REPORTS = [
    {
        "id": "c1",
        "outlet": "Central Times",
        "published": "2026-07-11T10:00:00",
        "title": "Stampede at religious gathering near Ujjain kills 18",
        "text": "At least 18 people were killed and dozens injured in a stampede at a religious gathering near Ujjain on Saturday morning, police said.\n\nThe crush began when devotees rushed towards the exit after a sermon ended, witnesses said. \"People fell on top of each other, nobody could breathe,\" said Sunita Devi, who lost her sister."
    },
    {
        "id": "c2",
        "outlet": "Malwa Express",
        "published": "2026-07-11T18:00:00",
        "title": "Hospital count of Ujjain stampede dead higher than police toll",
        "text": "Hospital officials in Ujjain said 31 bodies had been brought to the district hospital after Saturday's stampede, more than the police toll of 18. \"We have received 31 bodies so far,\" chief medical officer Ramesh Kothari said.\n\nAnother 60 people were being treated for injuries, 11 of them in critical condition."
    },
    {
        "id": "c3",
        "outlet": "Central Times",
        "published": "2026-07-12T09:00:00",
        "title": "Ujjain stampede toll rises to 34; six volunteers arrested",
        "text": "The death toll from Saturday's stampede near Ujjain rose to 34, district magistrate Anil Verma said on Sunday. Of the dead, 27 were women and four were children.\n\nThe organisers, who had expected 80,000 devotees, said more than 250,000 people attended. Police registered a case against the organisers and arrested six volunteers on charges of culpable homicide."
    },
    {
        "id": "c4",
        "outlet": "Nation Daily",
        "published": "2026-07-12T15:00:00",
        "title": "Opposition says Ujjain stampede toll above 100",
        "text": "Opposition leaders claimed on Sunday that more than 100 people had died in the stampede near Ujjain and accused the state government of hiding deaths. The state government denied the claim and said the toll stood at 34."
    }
]


@pytest.fixture(scope="module")
def stampede(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    return the_event(brief_of(REPORTS, tmp_path_factory.mktemp("stampede")))


def test_the_official_toll_is_current_and_the_earlier_counts_superseded(stampede: EventBrief) -> None:
    assert whole_statuses(stampede, "killed") == {18: "superseded", 31: "superseded", 34: "current", 100: "denied"}
    assert stampede.title.endswith("34 killed, 60 injured")


def test_a_claim_the_government_denies_is_a_denied_figure_under_its_name(stampede: EventBrief) -> None:
    (claim,) = [f for f in stampede.figures if f.kind == "killed" and f.value == 100]
    assert claim.status == "denied"
    assert "opposition leaders" in {e.attributed_to for e in claim.evidence}
    assert len({e.part for e in claim.evidence}) == 2  # the headline's claim is denied with the text's


def test_the_groups_of_the_dead_are_parts(stampede: EventBrief) -> None:
    parts = {(f.value, f.scope_detail) for f in stampede.figures if f.kind == "killed" and f.status == "part"}
    assert parts == {(27, "women"), (4, "children")}
    assert whole_statuses(stampede, "arrested") == {6: "current"}
