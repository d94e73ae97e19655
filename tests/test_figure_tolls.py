"""Toll phrases, words of death and number words of world news (``figures.tolls``, ``vocabulary``),
on sentences written for these tests."""

from __future__ import annotations

import pytest

from crosscheck.extract.figures import extract
from crosscheck.model import Article, FigureKind, FigureMention, Stage
from crosscheck.nlp.document import AnalyzedDoc

K, I, M = FigureKind.KILLED, FigureKind.INJURED, FigureKind.MISSING


def figures(text: str, published: str | None = "2024-05-01") -> list[FigureMention]:
    return list(extract(AnalyzedDoc(Article(id="t", text=text, source="test", published=published))))


def values(text: str) -> set[tuple[FigureKind, float]]:
    return {(m.kind, m.value) for m in figures(text) if m.kind.is_casualty}


@pytest.mark.parametrize(
    "text, expected",
    [
        # words between the toll and its verb
        ("The death toll from the floods that swept the Varnton valley on Monday has risen to 212.", {(K, 212)}),
        ("Death toll of the Quellham market blast revised down to 61: police", {(K, 61)}),
        ("Officials said the death toll in the attack increased to 77 overnight.", {(K, 77)}),
        ("Rescue work ended late on Sunday with the death toll standing at 48.", {(K, 48)}),
        ("The regional government pegged the official death toll in the mudslide at 133.", {(K, 133)}),
        ("The official death toll currently stands at 140.", {(K, 140)}),
        ("Storm death toll tops 2,000 as rivers keep rising", {(K, 2000)}),
        ("Death toll rises above 9,000 in the quake zone", {(K, 9000)}),
        ("The number of injured increased to 1,204 by the evening.", {(I, 1204)}),
        ("The missing figure rose to 58 on Tuesday.", {(M, 58)}),
        ("Police said the confirmed number of martyrs stood at 52.", {(K, 52)}),
        ("The number of people who have died in the storms has gone up to 318, the minister said.", {(K, 318)}),
        ("Officials said 2,100 people had died in Arvala and 400 in Benmore, bringing the confirmed total to 2,500.",
         {(K, 2100), (K, 400), (K, 2500)}),
        # lives lost
        ("The fires claimed at least 88 lives across the region.", {(K, 88)}),
        ("The storm resulted in the tragic loss of at least 41 lives, the governor said.", {(K, 41)}),
        # how a death is told
        ("At least six worshippers were martyred in the explosion.", {(K, 6)}),
        ("Sixty-two people embraced martyrdom in the Varnton blast, the minister said.", {(K, 62)}),
        ("Officials fear 300 villagers have perished under the mud.", {(K, 300)}),
        ("Three more patients breathed their last at the district hospital.", {(K, 3)}),
        ("1,830 fatalities have been confirmed in the northern provinces.", {(K, 1830)}),
        # number words
        ("He said a total of three-hundred and twelve people got injured in the incident.", {(I, 312)}),
        ("The collapse left a score of the labourers seriously wounded.", {(I, 20)}),
        # asides and places between a count and its verb
        ("31 people—most of them pilgrims—were killed on the bridge.", {(K, 31)}),
        ("Over 4,000 people in Arvala and Benmore were injured.", {(I, 4000)}),
        ("More than 90 people in total were injured, the mayor said.", {(I, 90)}),
    ],
)
def test_world_news_toll_statements(text: str, expected: set[tuple[FigureKind, float]]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Call the toll-free line at 800 555 0199 with any information.",  # a toll-free number
        "The toll road reopened at 6 a.m. with 40 lanes of traffic.",
        "The toll of four shootings in four days shocked the city.",  # things counted
    ],
)
def test_toll_nouns_that_count_nobody(text: str) -> None:
    assert values(text) == set()


def test_a_toll_changed_from_one_value_to_another() -> None:
    """"from N" after a change is the value the toll had before: an earlier figure."""
    found = {(m.value, m.stage) for m in figures("The governor said the death toll rose to nine from a previous figure of four.")}
    assert found == {(9, Stage.REVISED), (4, Stage.INITIAL)}
    found = {(m.value, m.stage) for m in figures("The number of injured was revised on Friday from 30 to 26.")}
    assert found == {(30, Stage.INITIAL), (26, Stage.CORRECTED)}  # below the earlier figure: a correction down


def test_up_to_after_a_verb_is_the_verb_not_a_qualifier() -> None:
    (mention,) = figures("The coroner said the death toll was now up to 54.")
    assert (mention.value, mention.qualifier) == (54, None)


def test_a_list_after_in_names_places_not_people() -> None:
    """"in Arvala and Benmore" is no list of two people hurt."""
    assert (I, 2) not in values("Over 4,000 people in Arvala and Benmore were injured.")


def test_people_in_a_list_after_a_place_are_still_counted() -> None:
    assert values("Man, girl shot in Varnton A man and a 9-year-old girl were fatally shot in a car.") == {(K, 2)}
