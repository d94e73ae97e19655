"""Event titles composed from the brief's facts: what happened, where, when, the current toll."""

from __future__ import annotations

import pytest

from crosscheck.facts import Figure, Place
from crosscheck.model import Article
from crosscheck.reconcile.title import event_noun, event_title


def report(text: str, title: str | None = None) -> Article:
    return Article(id=str(abs(hash(text))), text=text, source="written", title=title)


@pytest.mark.parametrize(
    ("lead", "noun"),
    [
        ("A strong earthquake struck the coast on Monday.", "earthquake"),
        ("Rescuers searched the mud after the landslide buried a village.", "landslide"),
        ("A suicide blast tore through a procession in the town.", "bombing"),
        ("A gunman opened fire at a shopping centre.", "shooting"),
        ("Flash floods swept cars through the streets.", "flood"),
        ("A man stabbed six shoppers before police shot him.", "stabbing"),
        ("A fire gutted the nightclub before dawn.", "fire"),
        ("The ferry capsized in rough seas.", "shipwreck"),
        ("The plane crashed shortly after take-off.", "plane crash"),
        # a crowd crush: the barrier that gave way is how it happened, not what happened
        ("Twelve pilgrims died in a stampede when a barrier collapsed near the river.", "stampede"),
        ("A crowd crush at the stadium gates killed 40 fans.", "stampede"),
        # strikes from a distance, whatever they set on fire or blew up
        ("Israeli air strikes on the camp killed 14 people overnight.", "airstrike"),
        ("Two drones hit an apartment block and fires broke out on three floors.", "drone strike"),
        ("A missile strike on the railway station killed 9; the blast shattered windows.", "missile strike"),
        ("Rockets struck the market, setting stalls on fire.", "missile strike"),
        ("Heavy shelling of the town's outskirts killed three civilians.", "shelling"),
        ("Police fired live rounds at protesters outside parliament; witnesses described a shooting.", "protests"),
        ("Gunmen abducted 287 pupils from a school and shot dead a guard.", "abduction"),
    ],
)
def test_what_happened_is_named_by_the_reports_words(lead: str, noun: str) -> None:
    assert event_noun([report(lead)]) == noun


def test_opened_fire_is_no_fire() -> None:
    assert event_noun([report("Soldiers opened fire on the crowd.")]) is None


def test_the_title_is_composed_from_the_facts_not_a_reports_first_line() -> None:
    articles = [report("PTI\n\nAt least 5 people were killed when a bomb blast hit the mosque.", title="PTI")]
    places = (Place("Harlan", "city", ("a",)), Place("Elmland", "country", ("a",)))
    figures = (Figure("killed", 5, "current", (), qualifier="at least"), Figure("killed", 3, "superseded", ()))
    title = event_title(figures, places, articles, "2023-09-29")
    assert title == "Bombing in Harlan, Elmland, 29 Sep 2023: at least 5 killed"


def test_a_site_is_too_fine_for_a_title() -> None:
    articles = [report("An explosion hit a warehouse.")]
    places = (Place("the Elm Street depot", "site", ("a",)), Place("Elmland", "country", ("a",)))
    assert event_title((), places, articles, None) == "Explosion in Elmland"


def test_the_most_common_headline_stands_in_only_when_nothing_says_what_or_where() -> None:
    articles = [report("The council met on Tuesday.", title="Council approves budget"), report("It voted.", title="Council approves budget")]
    assert event_title((), (), articles, None) == "Council approves budget"
    assert event_title((), (), [report("The council met.")], "2024-03-05") == "Event, 5 Mar 2024"


def test_the_place_is_where_headlines_and_leads_say_it_happened_not_the_dateline() -> None:
    """Reports filed from a capital name it in their dateline and more often in the text; the
    headlines and leads name where it happened."""
    articles = [
        report("LIMA, June 3 (Reuters) - A landslide buried homes in Huaraz, officials in Lima said. Lima sent aid.",
               title="Landslide in Huaraz"),
        report("LIMA (AP) - Rescuers dug through mud in Huaraz on Tuesday. The government in Lima declared an emergency."),
    ]
    places = (Place("Lima", "city", ("a", "b")), Place("Huaraz", "city", ("a", "b")), Place("Peru", "country", ("a", "b")))
    assert event_title((), places, articles, None) == "Landslide in Huaraz, Peru"


def test_the_country_is_one_the_gazetteer_places_the_city_in() -> None:
    """A country the reports name that the city is not in (the shooter's or a victim's) stays
    out of the title; with none that fits, the title names the city alone."""
    articles = [report("A gunman opened fire at a university in Prague, killing 14. Russia's embassy offered condolences.")]
    wrong = (Place("Prague", "city", ("a",)), Place("Russia", "country", ("a",)))
    assert event_title((), wrong, articles, None) == "Shooting in Prague"
    right = (Place("Prague", "city", ("a",)), Place("Russia", "country", ("a",)), Place("Czechia", "country", ("a",)))
    assert event_title((), right, articles, None) == "Shooting in Prague, Czechia"


def test_a_named_storm_is_titled_by_its_name_and_the_countries_it_crossed() -> None:
    articles = [
        report("Typhoon Koto killed nine people in the northern Philippines.", title="Typhoon Koto kills 9"),
        report("The storm hit central Vietnam after killing 23 in the Philippines.", title="Typhoon Koto kills 6 in Vietnam"),
    ]
    places = (Place("Benguet", "province", ("a",)), Place("Philippines", "country", ("a",)), Place("Vietnam", "country", ("b",)))
    figures = (Figure("killed", 29, "current", ()),)
    assert event_title(figures, places, articles, "2026-09-13") == "Typhoon Koto, Philippines and Vietnam, 13 Sep 2026: 29 killed"


def test_a_storm_most_reports_do_not_name_keeps_its_place() -> None:
    articles = [report("A storm flooded the valley.", title="Storm floods valley"), report("Storm Ana brought rain.")]
    places = (Place("Elm Valley", "city", ("a",)), Place("Elmland", "country", ("a",)))
    assert event_title((), places, articles, None) == "Storm in Elm Valley, Elmland"
