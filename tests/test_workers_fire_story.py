"""End to end: a fire in a building housing foreign workers, told over three days, as written for
this test.

The toll rises 35 -> 49 -> 50; a report home counts its own country's dead ("the bodies of 45
Indians", beside "the fire killed 50 people in all"): a part under the 50, not a 45 disputing it. The
last death is told in a headline ("one more victim dies") and in its report's text ("one more victim
... died in hospital"): one part, not two. The arrests name two people, one with an "of" complement
("the building's owner and the manager of the company that rented it").
"""

from __future__ import annotations

import pytest

from crosscheck.facts import EventBrief
from stories import brief_of, the_event

REPORTS = [
    {"id": "f1", "outlet": "Gulf Times Wire", "published": "2027-06-12T10:00:00", "title": "Fire in workers' building in Sarwa kills 35", "text": "A fire tore through a six-storey building housing foreign workers in the coastal city of Sarwa early on Wednesday, killing at least 35 people, the interior ministry said. Dozens more were injured, many of them from smoke inhalation. The fire started in a ground-floor kitchen, officials said."},
    {"id": "f2", "outlet": "Asia Desk", "published": "2027-06-12T18:00:00", "title": "Sarwa fire: death toll rises to 49", "text": "The death toll from a fire in a building housing migrant workers in Sarwa has risen to 49, the health ministry said on Wednesday evening. Most of the dead were from India, and 42 of them were Indian nationals, India's embassy said. Another 50 people were injured, seven of them critically."},
    {"id": "f3", "outlet": "Gulf Times Wire", "published": "2027-06-13T09:00:00", "title": "Sarwa fire: one more victim dies; owner arrested", "text": "One more victim of the Sarwa building fire died in hospital on Thursday, bringing the death toll to 50, the health ministry said. A Filipino worker was among the dead, the Philippine foreign ministry said. Police arrested the building's owner and the manager of the company that rented it, the interior ministry said."},
    {"id": "f4", "outlet": "Continental News", "published": "2027-06-14T08:00:00", "title": "Mourning in Kerala for Sarwa fire victims", "text": "The bodies of 45 Indians killed in the Sarwa building fire were flown home on Friday on an air force plane. One of the victims, a 24-year-old engineer, had arrived in Sarwa only a month ago, his family said. The fire killed 50 people in all."}
]


@pytest.fixture(scope="module")
def fire(tmp_path_factory: pytest.TempPathFactory) -> EventBrief:
    return the_event(brief_of(REPORTS, tmp_path_factory.mktemp("workers_fire")))


def _killed(event: EventBrief, status: str) -> list[tuple[float | None, str | None]]:
    return [(f.value, f.scope_detail) for f in event.figures if f.kind == "killed" and f.status == status]


def test_the_toll_rises_and_one_country_s_dead_are_a_part_of_it(fire: EventBrief) -> None:
    assert _killed(fire, "current") == [(50, None)]
    assert not _killed(fire, "disputed")
    assert (45, "Indians") in _killed(fire, "part")


def test_one_death_told_in_a_headline_and_its_text_is_one_part(fire: EventBrief) -> None:
    assert [value for value, _ in _killed(fire, "part")].count(1) == 1


def test_two_people_arrested_one_named_with_an_of_complement(fire: EventBrief) -> None:
    assert [f.value for f in fire.figures if f.kind == "arrested" and f.status == "current"] == [2]
