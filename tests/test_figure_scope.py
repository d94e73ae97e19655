"""What part of the event a figure counts (``figures.scope``, ``figures.parts``), on reports written
for these tests: a part is never the toll, a whole told with a place or a group stays whole."""

from __future__ import annotations

import pytest

from crosscheck.extract.figures import extract
from crosscheck.model import Article, FigureKind, FigureMention, Scope
from crosscheck.nlp.document import AnalyzedDoc

K, I = FigureKind.KILLED, FigureKind.INJURED
WHOLE, PLACE, GROUP, CONDITION, INCREMENT = Scope.WHOLE, Scope.PLACE, Scope.GROUP, Scope.CONDITION, Scope.INCREMENT


def figures(text: str) -> list[FigureMention]:
    return list(extract(AnalyzedDoc(Article(id="t", text=text, source="test", published="2024-05-01"))))


def scopes(text: str) -> set[tuple[FigureKind, float, Scope]]:
    return {(m.kind, m.value, m.scope) for m in figures(text) if m.kind.is_casualty}


@pytest.mark.parametrize(
    "text, expected",
    [
        # two places and their total
        ("Officials said 2,100 people had died in Arvala and 400 in Benmore, bringing the confirmed total to 2,500.",
         {(K, 2100, PLACE), (K, 400, PLACE), (K, 2500, WHOLE)}),
        # a total, then a list of places
        ("At least 90 people died in the storm, 82 in the Varnton region alone, five in Quellham and three in Dunmore.",
         {(K, 90, WHOLE), (K, 82, PLACE), (K, 5, PLACE), (K, 3, PLACE)}),
        ("The deaths included 40 from the capital Arvala, 12 from Benmore and 9 from Dunmore.",
         {(K, 40, PLACE), (K, 12, PLACE), (K, 9, PLACE)}),
        # the report counts the kind in another place
        ("At least 12 people died in the new quake. In Arvala, at least four people died. Eight people died in Benmore.",
         {(K, 12, WHOLE), (K, 4, PLACE), (K, 8, PLACE)}),
        # one place is where the event happened: no part
        ("At least 34 people were killed in Quellham when a bomb went off at the market.", {(K, 34, WHOLE)}),
        ("Over 4,000 people in Arvala and Benmore were injured.", {(I, 4000, WHOLE)}),
        # a place that counts a list of places is their total
        ("The injured included 300 from Arvala and 200 from Benmore. Officials said 500 were injured in Dorland.",
         {(I, 300, PLACE), (I, 200, PLACE), (I, 500, WHOLE)}),
    ],
)
def test_places(text: str, expected: set) -> None:
    assert scopes(text) == expected


def test_a_place_in_a_list_ends_before_the_next_count() -> None:
    """"12 from Benmore and 30 from Dunmore": the place is "Benmore", whatever the next count's digits."""
    text = "The deaths included 40 from the capital Arvala, 12 from Benmore and 30 from Dunmore, and 300 from Quellham and 1,200 from Varnton."
    details = {m.value: m.scope_detail for m in figures(text) if m.kind is K}
    assert details == {40: "the capital Arvala", 12: "Benmore", 30: "Dunmore", 300: "Quellham", 1200: "Varnton"}


@pytest.mark.parametrize(
    "text, expected",
    [
        # a group is the whole unless the report counts another group or a larger total
        ("At least 61 Varnish pilgrims have been killed in the stampede.", {(K, 61, WHOLE)}),
        ("At least 30 tourists, including three foreigners, were killed at the lake.", {(K, 30, WHOLE), (K, 3, GROUP)}),
        ("The fire killed 14 Arvalans and two Benmorese.", {(K, 14, GROUP), (K, 2, GROUP)}),
        ("A blast killed 20 people and injured 35. Two police officers were also injured in the gunfight.",
         {(K, 20, WHOLE), (I, 35, WHOLE), (I, 2, GROUP)}),
        ("Officials said 210 bodies, including those of 70 women and 25 children, had been recovered.",
         {(K, 210, WHOLE), (K, 70, GROUP), (K, 25, GROUP)}),
        ("The toll rose to 80. Four foreign nationals are said to be among the dead, along with two aid workers.",
         {(K, 80, WHOLE), (K, 4, GROUP), (K, 2, GROUP)}),
        # a partitive put first, then the groups it holds
        ("The toll rose to 34. Of the dead, 27 were women and four were children.",
         {(K, 34, WHOLE), (K, 27, GROUP), (K, 4, GROUP)}),
        ("Of the 34 dead, two were police officers.", {(K, 34, WHOLE), (K, 2, GROUP)}),
        # a nationality beside a larger toll the report states as its own: those of one country
        ("The bodies of 45 Arvalans killed in the fire were flown home. The fire killed 50 people in all.",
         {(K, 45, GROUP), (K, 50, WHOLE)}),
        ("At least 103 Arvalans have been killed, officials said. Earlier reports said 20 people had died.",
         {(K, 103, WHOLE), (K, 20, WHOLE)}),
        # a headline's capitals make no nationality of a person word
        ("Varnton Player, 8 Others Hurt in Nightclub Shooting. The shooting injured nine people.",
         {(I, 8, WHOLE), (I, 9, WHOLE)}),
        # not another group: "four women and a boy" beside a toll of six are no nationality
        ("Six people were killed. Four women and a boy died on the spot.", {(K, 6, WHOLE), (K, 5, CONDITION)}),
    ],
)
def test_groups(text: str, expected: set) -> None:
    assert scopes(text) == expected


def test_attackers_are_their_own_group() -> None:
    text = ("At least nine worshippers were killed when two bombers attacked the mosque. One attacker was killed "
            "by the guards at the gate. Two gunmen had opened fire on the gate, and one of them was shot dead.")
    assert scopes(text) == {(K, 9, WHOLE), (K, 1, GROUP)}
    assert {m.scope_detail for m in figures(text) if m.scope is GROUP} == {"attackers"}


def test_an_attacker_whose_death_is_the_only_one_told_is_the_toll() -> None:
    """With no victims to keep them apart from, the attacker's death is the report's toll (as the Gun
    Violence Archive counts it)."""
    assert scopes("Police said the suspect was pronounced dead at the scene after the shootout.") == {(K, 1, WHOLE)}


def test_a_bare_number_that_may_be_an_age_makes_no_part() -> None:
    """"Al Doe, 31 all died" misreads an age as a count: it is no whole that makes the three a part."""
    text = "Three men were killed at the bar. Jon Roe, 24; Bo Poe, 30; and Al Doe, 31 all died of gunshot wounds."
    assert (K, 3, WHOLE) in scopes(text)


def test_a_count_that_takes_the_attacker_in_is_no_toll_of_the_victims() -> None:
    found = {(m.value, m.scope, m.scope_detail) for m in figures("Knife attack: eight people dead, including the attacker.")}
    assert found == {(8, GROUP, "victims and attacker")}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A doctor said 70 people had been killed and 41 people were being treated, six of whom were in critical condition.",
         {(K, 70, WHOLE), (I, 41, WHOLE), (I, 6, CONDITION)}),
        ("Among the 48 people hurt, 11 of them are in critical condition.", {(I, 48, WHOLE), (I, 11, CONDITION)}),
        ("Some of the 141 injured are in critical condition.", {(I, 141, WHOLE)}),
        ("At least 20 were seriously injured, 40 have injuries of medium severity and 12 are lightly injured.",
         {(I, 20, CONDITION), (I, 40, CONDITION), (I, 12, CONDITION)}),
        # a lone condition is the whole count of the hurt
        ("Two men were critically injured in the shooting on Elm Street.", {(I, 2, WHOLE)}),
        ("The toll reached 230. Relatives have identified 150 bodies so far.", {(K, 230, WHOLE), (K, 150, CONDITION)}),
        ("Three bodies were found in the car.", {(K, 3, WHOLE)}),
        ("A total of 97 people were injured; 60 of them have been discharged from hospitals.",
         {(I, 97, WHOLE), (I, 60, CONDITION)}),
        # a clause that opens with its whole: the count after its comma is a part of it, no sibling
        ("Of the 64 people taken to hospital, 12 were in a serious condition, a doctor said.",
         {(I, 64, WHOLE), (I, 12, CONDITION)}),
        ("Officials said 90 people were hurt. Of the 64 people taken to hospital, 12 were in a serious condition.",
         {(I, 90, WHOLE), (I, 64, CONDITION), (I, 12, CONDITION)}),
    ],
)
def test_conditions(text: str, expected: set) -> None:
    assert scopes(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Death toll climbs as four more succumb to their injuries.", {(K, 4, INCREMENT)}),
        ("The death toll has risen to 33 after two wounded patients died overnight.", {(K, 33, WHOLE), (K, 2, INCREMENT)}),
        ("Officials said the toll was now 60, with 9 new fatalities added on Monday.", {(K, 60, WHOLE), (K, 9, INCREMENT)}),
        ("The toll rose to 26 after another injured person succumbed to his wounds.", {(K, 26, WHOLE), (K, 1, INCREMENT)}),
        # "more" after the dead names the others, not an increment
        ("Twelve people lost their lives and 30 more were injured.", {(K, 12, WHOLE), (I, 30, WHOLE)}),
    ],
)
def test_increments(text: str, expected: set) -> None:
    assert scopes(text) == expected


def test_a_part_names_its_part() -> None:
    found = {m.value: m.scope_detail for m in figures(
        "At least 90 people died in the storm, 82 in the Varnton region alone and eight in Quellham.")}
    assert found == {90: None, 82: "the Varnton region", 8: "Quellham"}


def test_students_are_their_own_group_not_children() -> None:
    text = "The fire killed 30 people, including four university students."
    assert {(m.value, m.scope_detail) for m in figures(text) if m.scope is GROUP} == {(4, "students")}


def test_the_people_on_the_ground_are_a_part_of_an_air_crash_toll() -> None:
    text = ("All 52 people on board were killed when the plane came down, and at least 7 people on the ground "
            "also died, bringing the death toll to 59.")
    assert scopes(text) == {(K, 52, GROUP), (K, 7, GROUP), (K, 59, WHOLE)}
    assert {(m.value, m.scope_detail) for m in figures(text) if m.scope is GROUP} == {(52, "on board"), (7, "on the ground")}
    nested = figures("The death toll stands at 61, including nine people killed on the ground.")
    assert {(m.value, m.scope, m.scope_detail) for m in nested} == {(61, WHOLE, None), (9, GROUP, "on the ground")}
