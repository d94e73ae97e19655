"""An event's title, composed from what the brief states: what happened, where, when, the toll.

"Earthquake in Mandalay, Myanmar, 28 Mar 2025: at least 3,735 killed, more than 5,100 injured".
A report's own first line is never the title: on scraped pages it is as often an agency tag, a
byline or a page stamp as a headline. Only when the brief states neither what happened nor where
does the most common headline of the reports stand in.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import date
from typing import Sequence

from crosscheck.extract.places import countries_of
from crosscheck.facts import Figure, Place
from crosscheck.model import Article

_NUMBER_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}

# What happened, by the words reports name it with; the more specific first (a tie goes to the
# earlier row): "a suicide blast" is a bombing, "a building fire" a fire, "opened fire" neither,
# "drones hit a block" and the fires they started a drone strike.
EVENT_NOUNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (noun, re.compile(words, re.IGNORECASE))
    for noun, words in (
        ("earthquake", r"\b(?:earthquakes?|quakes?|tremors?)\b"),
        ("landslide", r"\b(?:landslides?|landslips?|mudslides?)\b"),
        ("flood", r"\b(?:floods?|flooding|flash[- ]floods?)\b"),
        ("wildfire", r"\b(?:wildfires?|forest fires?|bush ?fires?)\b"),
        ("storm", r"\b(?:hurricanes?|typhoons?|cyclones?|tornado(?:es)?|storms?)\b"),
        ("shipwreck", r"\b(?:shipwrecks?|capsized|capsizing|sank|sinking)\b"),
        ("plane crash", r"\b(?:plane|aircraft|airliner|jet|helicopter)\s+crash(?:ed|es)?\b"),
        ("train crash", r"\b(?:train|rail)\s+(?:crash|collision|derailment)s?\b|\bderail(?:ed|ment)\b"),
        # strikes from a distance (ACLED's "air/drone strike", "shelling/artillery/missile attack"):
        # before "bombing", "explosion" and "fire", which their reports also tell of
        ("airstrike", r"\b(?:air\s?strikes?|air[- ]raids?|warplanes?\s+(?:struck|bombed|hit))\b"),
        ("drone strike", r"\bdrones?\s+(?:strikes?|attacks?|hit|struck)\b"),
        ("missile strike", r"\b(?:missiles?|rockets?)\s+(?:strikes?|attacks?|hit|struck|slammed)\b"),
        ("shelling", r"\b(?:shelling|artillery\s+(?:fire|strikes?|attacks?))\b"),
        ("bombing", r"\b(?:bombings?|suicide\s+(?:blasts?|bombers?|attacks?)|bomb\s+blasts?|car\s+bombs?)\b"),
        ("explosion", r"\b(?:explosions?|blasts?)\b"),
        # people taken by armed men: the abduction, not the gunmen's "shooting"
        ("abduction", r"\b(?:abduct(?:s|ed|ions?)?|kidnapp?(?:s|ed|ings?)|kidnaps?|(?:taken|took)\s+hostages?)\b"),
        # a protest and its crackdown, whoever fired: before "shooting"
        ("protests", r"\b(?:protests?|protesters|demonstrations?|demonstrators|riots?|rioters|crackdown)\b"),
        ("shooting", r"\b(?:shootings?|gunm[ae]n|shooters?)\b"),
        ("stabbing", r"\b(?:stabbings?|stabbed|knife\s+attacks?)\b"),
        ("vehicle attack", r"\b(?:car|truck|vehicle|suv)\s+(?:attack|rampage|ramming)s?\b|\bdrove\s+(?:a\s+\w+\s+)?(?:into|through)\b"),
        ("stampede", r"\b(?:stampedes?|crowd\s+crush(?:es)?|crush\s+of\s+(?:the\s+)?crowds?)\b"),
        ("collapse", r"\bcollapsed?\b"),
        ("fire", r"(?<!opened\s)(?<!open\s)\b(?:fires?|blazes?)\b"),
        ("crash", r"\b(?:crash(?:ed|es)?|collisions?|collided)\b"),
        ("attack", r"\battacks?\b"),
    )
)
_OPENING = 600  # characters of a report's text read besides its headline: the lead names the event


def _opening(article: Article) -> str:
    """What a report names its event with: its headline and its lead."""
    return f"{article.title or ''}\n{article.text[:_OPENING]}"


def event_noun(articles: Sequence[Article]) -> str | None:
    """What happened, as most of the reports' headlines and leads name it (``EVENT_NOUNS``)."""
    scores: Counter[str] = Counter()
    for article in articles:
        opening = _opening(article)
        for noun, words in EVENT_NOUNS:
            if words.search(opening):
                scores[noun] += 1
    if not scores:
        return None
    order = [noun for noun, _ in EVENT_NOUNS]
    return max(scores, key=lambda noun: (scores[noun], -order.index(noun)))


# A storm the reports name ("Typhoon Koto", "Hurricane Ian", "Cyclone Freddy"): its name is what
# happened, and it crosses provinces and countries, so its title names the countries.
_NAMED_STORM = re.compile(r"\b(?P<type>(?:Super\s+)?Typhoon|Hurricane|(?:Tropical\s+)?Cyclone|Tropical\s+Storm|Storm)\s+(?P<name>[A-Z][a-z]+)\b")


def storm_name(articles: Sequence[Article]) -> str | None:
    """The name most reports give the storm in their headline or lead, if most of them name one."""
    names: Counter[str] = Counter()
    for article in articles:
        opening = _opening(article)
        names.update({" ".join(m.group("type").split()) + " " + m.group("name") for m in _NAMED_STORM.finditer(opening)})
    if not names:
        return None
    name, count = names.most_common(1)[0]
    return name if count * 2 > len(articles) else None


def _current(figures: Sequence[Figure], kind: str) -> Figure | None:
    return next((f for f in figures if f.kind == kind and f.status == "current" and f.value is not None), None)


def _toll(figure: Figure, kind: str) -> str:
    value = f"{int(figure.value):,}" if isinstance(figure.value, (int, float)) else str(figure.value)
    return " ".join(x for x in (figure.qualifier, value, kind) if x)


def _day(day: str | None) -> str | None:
    """'2025-03-28' as '28 Mar 2025'."""
    try:
        return date.fromisoformat(day).strftime("%-d %b %Y") if day else None
    except ValueError:
        return None


def _told_where(place: str, articles: Sequence[Article]) -> tuple[int, int]:
    """How many reports name ``place`` in their headline, and how many in their lead. A dateline
    is read as part of the lead: local reports file from where it happened ("MASTUNG:"), and a
    wire's capital dateline is outweighed by the place its headlines and leads repeat."""
    pattern = re.compile(rf"\b{re.escape(place)}\b", re.IGNORECASE)
    headlines = leads = 0
    for article in articles:
        lead = article.text[:_OPENING]
        headlines += bool(article.title and pattern.search(article.title))
        leads += bool(pattern.search(lead))
    return headlines, leads


def title_place(places: Sequence[Place], articles: Sequence[Article]) -> tuple[str | None, str | None]:
    """The title's place and country: the city (else province) the reports name most in their
    headlines and leads together (a report naming it in both counts twice), then anywhere; a
    site ("the Elm Street bridge") is too fine for a title. The country is one the reports name that the gazetteer gives the
    place in; a place the gazetteer knows in no country the reports name goes without one.
    With no city or province, the country is the place."""
    candidates = [p for p in places if p.kind == "city"] or [p for p in places if p.kind == "province"]
    countries = [p.name for p in places if p.kind == "country"]
    if not candidates:
        return (countries[0] if countries else None), None
    place = max(candidates, key=lambda p: (sum(_told_where(p.name, articles)), len(p.documents), -candidates.index(p))).name
    known = countries_of(place)
    if not known:
        return place, next((c for c in countries if c != place), None)
    return place, next((c for c in countries if c in known and c != place), None)


def event_title(
    figures: Sequence[Figure], places: Sequence[Place], articles: Sequence[Article], day: str | None = None
) -> str:
    """The event's title from its facts (the module docstring); the most common headline only when
    the brief states neither what happened nor where, and "Event" when there is none."""
    noun = event_noun(articles)
    storm = storm_name(articles) if noun == "storm" else None
    if storm:  # "Typhoon Koto, Philippines and Vietnam, 13 Sep 2026"
        countries = " and ".join([p.name for p in places if p.kind == "country"][:3])
        title = ", ".join(x for x in (storm, countries, _day(day)) if x)
    else:
        head = _what_happened(noun, figures)
        place, country = title_place(places, articles)
        if not head and not place:
            titles = Counter(a.title.strip() for a in articles if a.title and a.title.strip())
            if titles:
                return titles.most_common(1)[0][0]
        where = ", ".join(x for x in (place, country, _day(day)) if x)
        title = " in ".join(x for x in (head or "Event", where) if x) if place else ", ".join(x for x in (head or "Event", _day(day)) if x)
    tolls = [_toll(figure, kind) for kind in ("killed", "injured") if (figure := _current(figures, kind))]
    return title + (": " + ", ".join(tolls) if tolls else "")


def _what_happened(noun: str | None, figures: Sequence[Figure]) -> str:
    """The title's head: the count of explosions where the reports count them, else the noun."""
    explosions = _current(figures, "explosions")
    if explosions and isinstance(explosions.value, int) and noun in (None, "explosion", "bombing", "attack"):
        count = _NUMBER_WORDS.get(explosions.value, str(explosions.value))
        return f"{count} explosion{'s' if explosions.value != 1 else ''}"
    return noun[0].upper() + noun[1:] if noun else ""
