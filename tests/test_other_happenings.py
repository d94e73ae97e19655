"""Other happenings world news tells beside its event (``extract.other_happenings``), on reports
written for these tests: their tolls are no figures of the event."""

from __future__ import annotations

import pytest

from crosscheck.extract.figures import extract
from crosscheck.model import Article
from crosscheck.nlp.document import AnalyzedDoc


def tolls(text: str, published: str | None = "2024-03-20") -> set[float]:
    article = Article(id="t", text=text, source="test", published=published)
    return {m.value for m in extract(AnalyzedDoc(article)) if m.kind.is_casualty}


@pytest.mark.parametrize(
    "text, expected",
    [
        # another happening of the same day, told as such
        ("A bomb killed 7 people at a shrine in Arvala on Friday. Also Friday, a blast ripped through a market in "
         "Benmore, killing at least 12 people.", {7}),
        ("A bomb killed 7 people at a shrine in Arvala. Earlier, in Benmore district, a suicide blast claimed the "
         "lives of at least 30 people.", {7}),
        ("A bomb killed 7 people at a shrine in Arvala.\nHours after the blast, a second attack took place at a "
         "checkpoint in Benmore and claimed the lives of 4 soldiers. Nine people were hurt there.", {7}),
        ("A bomb killed 7 people at a shrine in Arvala. An attack also killed 4 soldiers at a checkpoint in Benmore.", {7}),
        # the event counted among the day's, with the other's toll
        ("A bomb killed 7 people at a shrine in Arvala. This was the second blast reported in the country today as at "
         "least 25 people were killed in Benmore.", {7}),
        # a repeat recalls the earlier happening by its date
        ("A new 5.9 earthquake hit Dorland on Monday, killing 3 people. The magnitude 7.1 quake that struck on "
         "March 2 killed more than 9,000.", {3}),
        ("A new 5.9 earthquake hit Dorland on Monday, killing 3 people. Most deaths in the March 2 quake were in "
         "the north, with at least 8,000 people killed.", {3}),
        # what happened before the event
        ("Even before the disaster, at least 3,000 people had been killed in the fighting.", set()),
        ("Five people were shot dead at the school. Hours before the school shooting, police found a man shot dead "
         "at a farm.", {5}),
    ],
)
def test_other_happenings_give_no_figures(text: str, expected: set) -> None:
    assert tolls(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the report's own earlier count, after "Earlier,": no other happening
        ("Earlier, five people were killed and 12 injured in the blast, the broadcaster reported.", {5, 12}),
        # one event's second explosion is no other happening
        ("A second explosion went off 15 minutes later, killing 20 people.", {20}),
        ("An explosion also tore through the parking lot, injuring 6 people.", {6}),
        # the aftermath of the event, dated after it
        ("Two days after the landslide, the agency estimated that about 400 people had perished.", {400}),
        # a comparison with an earlier year dates the comparison, not the clause
        ("In the deadliest attack in the region since the 2019 bombing, 26 people were killed.", {26}),
        # a report of one quake dates it without calling it new
        ("The quake that struck on March 2 has killed 9,000 people.", {9000}),
    ],
)
def test_the_event_itself_is_kept(text: str, expected: set) -> None:
    assert tolls(text) == expected


def test_a_dated_happening_in_an_undated_repeat_report_is_the_earlier_one() -> None:
    text = "Another strong earthquake rocked Dorland. The 7.1 quake which struck March 2 has killed nearly 9,000 people."
    assert tolls(text, published=None) == set()
