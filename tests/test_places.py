"""Places of the event: locative patterns, gazetteer checks, sites, and what is not a place."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosscheck.extract import places
from crosscheck.model import Article, PlaceKind
from crosscheck.nlp.document import AnalyzedDoc

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"


def found(text: str) -> set[tuple[str, PlaceKind]]:
    doc = AnalyzedDoc(Article(id="t", text=text, source="test"))
    return {(m.name, m.place_kind) for m in places.extract(doc)}


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("The attack happened in the city of Mosul on Monday.", ("Mosul", PlaceKind.CITY)),
        ("Two people died in Fars province.", ("Fars", PlaceKind.PROVINCE)),
        ("Rescuers arrived in Quetta, Pakistan, within minutes.", ("Pakistan", PlaceKind.COUNTRY)),
        ("Rescuers arrived in Quetta, Pakistan, within minutes.", ("Quetta", PlaceKind.CITY)),
        ("A man was shot in Smallville, Kan., late Friday.", ("Kansas", PlaceKind.PROVINCE)),
        ("A man was shot in Smallville, Kan., late Friday.", ("Smallville", PlaceKind.CITY)),
        ("DAYTON, Ohio (AP) \u2014 A gunman killed two people.", ("Dayton", PlaceKind.CITY)),
        ("Two men were hurt in a crash in HI on Sunday.", ("Hawaii", PlaceKind.PROVINCE)),  # a postal code
        ("VARNTON, Ky (WXYZ) - A man was shot.", ("Kentucky", PlaceKind.PROVINCE)),  # a dateline's state
        ("Deputies responded to a call in Marion County.", ("Marion County", PlaceKind.CITY)),
        ("Shots were fired in the 300 block of West Oak Street.", ("300 block of West Oak Street", PlaceKind.SITE)),
        ("The blast hit the Blue Lagoon mosque at noon.", ("Blue Lagoon mosque", PlaceKind.SITE)),
        ("Crowds gathered at the Garden of Remembrance.", ("Garden of Remembrance", PlaceKind.SITE)),
        ("Mourners gathered near the tomb of General John Smith.", ("tomb of John Smith", PlaceKind.SITE)),
        ("The police chief said the fire started in Texas.", ("Texas", PlaceKind.PROVINCE)),
        # a part of the place named by its compass point
        ("A quake hit villages in southern Iran on Sunday.", ("Iran", PlaceKind.COUNTRY)),
        ("Two men were shot in northwest Baltimore late Friday.", ("Baltimore", PlaceKind.CITY)),
        # a country's province, a country's coast
        ("The quake struck Iran's Kerman province.", ("Iran", PlaceKind.COUNTRY)),
        ("The quake struck Iran's Kerman province.", ("Kerman", PlaceKind.PROVINCE)),
        ("Quake Strikes Indonesia's Aceh Province", ("Aceh", PlaceKind.PROVINCE)),
        ("Ten died on an island off Iran's southern coast.", ("Iran", PlaceKind.COUNTRY)),
        ("Bombs fell in Iran's Kerman on Thursday.", ("Iran", PlaceKind.COUNTRY)),
        ("Rebels were seen south of the town of Varnton Thursday.", ("Varnton", PlaceKind.CITY)),
        ("He appeared on Wednesday at Varnton Crown Court charged with murder.", ("Varnton Crown Court", PlaceKind.SITE)),
        ("A navy ship foiled a pirate attack on a freighter in the Gulf of Aden.", ("Gulf of Aden", PlaceKind.SITE)),
        # a country by the name reports use for it (``places.COUNTRY_ALIASES``)
        ("Gunfire hit a campus in Varnton, Czech Republic, on Thursday.", ("Czechia", PlaceKind.COUNTRY)),
        ("Floods cut roads across Burma on Monday.", ("Myanmar", PlaceKind.COUNTRY)),
        # a possessive whose owner is no country is part of the name
        ("A man was shot in Lee's Summit, Mo., on Sunday.", ("Lee's Summit", PlaceKind.CITY)),
        ("Elm George's County officials said the road was closed.", ("Elm George's County", PlaceKind.CITY)),
        # at sea, the coast a wreck lies off
        ("A fishing boat sank off Crotone overnight.", ("Crotone", PlaceKind.CITY)),
        ("The trawler capsized off the coast of Portugal on Friday.", ("Portugal", PlaceKind.COUNTRY)),
        ("A dinghy overturned off the northern coast of Libya.", ("Libya", PlaceKind.COUNTRY)),
    ],
)
def test_place_is_read(text, place):
    assert place in found(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The president of Chile sent a message.", "Chile"),  # not a locative
        ("\u201cThe answer should be in Lima,\u201d he wrote.", "Lima"),  # quoted speech
        ("He met the governor in January.", "January"),
        ("Tehran province officials said nothing.", None),
        # offices and institutions named after a district or a state
        ("Deputy District Attorney Jon Roe said the case was closed.", "Deputy"),
        ("He was held at Varnton State Prison until the trial.", "Varnton"),
        ("The Ninth District Court of Appeals ruled on Friday.", "Ninth"),
        # where the source sits, not the scene
        ("The quake had a magnitude of 5.9, said the Elm Seismic Survey in Denver.", "Denver"),
        # compass words that begin a name are the name's
        ("Two men were shot in South Carolina on Sunday.", "Carolina"),
        ("The quake struck Iran's Kerman province.", "Iran's Kerman"),
        ("Bombs fell in Iran's Kerman on Thursday.", "Iran's Kerman"),
        ("Bombs hit a village of Iran's Kerman province.", "Iran's Kerman"),
        ("Rebels were seen south of the town of Varnton Thursday.", "Varnton Thursday"),
        # two letters in mixed case after "outside" / "in" are a word or a cut title, no postal code
        ("Third victim dies after shooting outside Hi - | WXYZ News", "Hawaii"),
        # "off" of a verb before a name the gazetteer does not know as a place
        ("The plane took off Sunday from the capital.", "Sunday"),
        ("The crowd set off Monday Parade fireworks.", "Monday Parade"),
    ],
)
def test_not_a_place_of_the_event(text, name):
    names = {n for n, _ in found(text)}
    if name is None:
        assert ("Tehran", PlaceKind.PROVINCE) in found(text)  # the province itself is fine
    else:
        assert name not in names


@pytest.mark.parametrize(
    "text",
    [
        "The victim was rushed to Varnton General Hospital, where he died.",
        "Both men were taken to Elm Street Medical Center in stable condition.",
        "She is being treated at Mercy Children's Hospital.",
        "Two of the shooting victims underwent surgery at the Varnton Regional Medical Center.",
        "A third man walked into Elm Street Clinic with a gunshot wound.",
        "Roe was booked into the Elm County Detention Center on a murder charge.",
    ],
)
def test_hospital_the_victims_were_taken_to_is_not_the_scene(text):
    assert not {name for name, kind in found(text) if kind is PlaceKind.SITE}


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("Three people died in a shooting at the Elm Street Clinic on Friday.", "Elm Street Clinic"),
        ("A gunman opened fire inside Varnton General Hospital.", "Varnton General Hospital"),
        ("The explosion near the Roe Memorial Hospital shattered windows.", "Roe Memorial Hospital"),
        ("An inmate was stabbed in an attack at the Elm County Detention Center.", "Elm County Detention Center"),
    ],
)
def test_hospital_where_the_event_happened_is_the_scene(text, site):
    assert (site, PlaceKind.SITE) in found(text)


def test_site_name_with_two_type_words_is_read_whole():
    assert ("Varnton State University Hospital", PlaceKind.SITE) in found(
        "A gunman opened fire at Varnton State University Hospital."
    )
    assert ("Roe Lake University", PlaceKind.SITE) in found("Students gathered at Roe Lake University on Monday.")


def test_in_x_province_is_not_also_a_city():
    assert found("Blasts were heard in Kerman province.") == {("Kerman", PlaceKind.PROVINCE)}


def test_mentions_carry_their_sentence():
    text = "First line.\nThe attack took place in the city of Kerman."
    doc = AnalyzedDoc(Article(id="t", text=text, source="test"))
    [mention] = list(places.extract(doc))
    assert text[mention.anchor.start : mention.anchor.end] == "Kerman"
    assert text[mention.evidence.start : mention.evidence.end] == "The attack took place in the city of Kerman."


def test_seed_places():
    by_doc = {}
    for path in sorted(SEEDS.glob("*.txt")):
        doc = AnalyzedDoc(Article(id=path.name[:3], text=path.read_text(encoding="utf-8"), source=str(path)))
        by_doc[path.name[:3]] = {(m.name, m.place_kind) for m in places.extract(doc)}
    every = set().union(*by_doc.values())
    assert ("Kerman", PlaceKind.CITY) in every
    assert ("Kerman", PlaceKind.PROVINCE) in every
    assert ("Iran", PlaceKind.COUNTRY) in every
    assert ("Golzar Shohada cemetery", PlaceKind.SITE) in by_doc["002"]
    assert ("Garden of Martyrs", PlaceKind.SITE) in by_doc["001"]
    assert ("Saheb al-Zaman mosque", PlaceKind.SITE) in by_doc["001"]
    assert ("Tel Aviv", PlaceKind.CITY) not in every  # quoted, not the scene
    assert not any(name == "Beirut" for name, _ in every)


@pytest.mark.parametrize(
    ("text", "place", "not_a_name"),
    [
        # a district told with its owner's possessive is the part after it, whatever owns it
        ("A bomb went off in Elmshire’s Varnton district on Friday.", ("Varnton", PlaceKind.PROVINCE), "Elmshire’s Varnton"),
        ("Floods cut off South Elmshire's Varnton district.", ("Varnton", PlaceKind.PROVINCE), "South Elmshire's Varnton"),
        # a country's possessive alone names the country, no city or province
        ("A car hit a crowd in the capital of Germany’s eastern state.", ("Germany", PlaceKind.COUNTRY), "Germany’s"),
        ("The blast hit a mosque in Pakistan’s restive northwest.", ("Pakistan", PlaceKind.COUNTRY), "Pakistan’s"),
    ],
)
def test_a_possessive_is_not_part_of_the_place(text: str, place: tuple[str, PlaceKind], not_a_name: str) -> None:
    names = found(text)
    assert place in names
    assert not_a_name not in {name for name, _ in names}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # a possessive before a lowercase "state" is the state-run, no province
        ("Syria’s state news agency said six people were hurt in Aleppo.", "Syria’s"),
        ("Iran's state television showed the square.", "Iran's"),
        # a creed before "State" names an organisation
        ("Suspicion fell on the local chapter of the Islamic State.", "Islamic"),
        ("The Islamic State group claimed the blast.", "Islamic"),
        # a capitalised modifier that opens a title: "Union Home Minister"
        ("Union Home Minister Jon Roe flew to Varnton.", "Union"),
        # the seat of a mission or a body
        ("Two foreigners died, according to the Chinese embassy in Madrid.", "Madrid"),
        ("A charity based in Geneva sent tents.", "Geneva"),
        # a centre named by what an agency does, with no event told at it
        ("Figures came from the Elm Region Emergency Center on Monday.", "Elm Region Emergency Center"),
        ("Ministers met in the Emergency Coordination Center to manage the crisis.", "Emergency Coordination Center"),
        ("The National Disaster Centre revised the toll.", "National Disaster Centre"),
        # an indefinite article makes a common noun phrase, not a site's name
        ("A car drove into a German Christmas market.", "German Christmas market"),
    ],
)
def test_names_that_are_no_place(text: str, name: str) -> None:
    assert name not in {n for n, _ in found(text)}


def test_a_site_keeps_the_capitalised_word_that_opens_its_name() -> None:
    """"Police Lines mosque" is the whole name: cutting "Police" gave "Lines mosque"."""
    names = {n for n, kind in found("The bomber blew himself up in the Police Lines mosque at noon.") if kind is PlaceKind.SITE}
    assert names == {"Police Lines mosque"}


def test_an_agency_centre_where_the_event_happened_is_the_scene() -> None:
    assert ("Elm Emergency Center", PlaceKind.SITE) in found("A gunman opened fire at the Elm Emergency Center.")


def test_a_building_named_with_its_city_is_still_the_scene() -> None:
    text = "A blast hit the mosque inside the police headquarters in Varnton, Iran."
    assert ("Varnton", PlaceKind.CITY) in found(text)


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        # where a quake was only felt, and where the event was talked about
        ("The quake was felt in Syria, Jordan, Israel and Egypt.", {"Syria", "Jordan"}),
        ("It was also felt across Cyprus on Monday.", {"Cyprus"}),
        ("The premier said at a press conference in Madrid that aid was coming.", {"Madrid"}),
    ],
)
def test_where_an_event_was_felt_or_told_is_not_its_place(text: str, absent: set[str]) -> None:
    assert not absent & {name for name, _ in found(text)}


def test_small_words_inside_a_place_name() -> None:
    assert ("Vina del Mar", PlaceKind.CITY) in found("Fires broke out around the coastal city of Vina del Mar on Friday.")


@pytest.mark.parametrize(
    ("text", "filed", "told"),
    [
        # a wire filed from a capital, the event in another city
        ("KYIV (Wire) - A missile strike on a market in the eastern city of Kramatorsk killed 18 people.", "Kyiv", "Kramatorsk"),
        ("ANKARA, Turkey (Wire) — A new earthquake struck Hatay province and the city of Antakya on Monday.", "Ankara", "Antakya"),
    ],
)
def test_a_dateline_is_where_the_report_was_filed_when_the_text_tells_another_city(text: str, filed: str, told: str) -> None:
    names = {name for name, _ in found(text)}
    assert told in names and filed not in names


@pytest.mark.parametrize(
    "text",
    [
        "CHICAGO (WXYZ) - A man was shot on Main Street on Tuesday night, police said.",
        "DENVER (Wire) - Two people were hurt in a crash in Denver on Friday.",  # the dateline's city told again
        "DENVER (Wire) - Denver County deputies said two people were hurt.",  # its county is no other city
    ],
)
def test_a_dateline_is_the_events_place_when_the_text_tells_no_other_city(text: str) -> None:
    assert ("Chicago" if text.startswith("CHICAGO") else "Denver", PlaceKind.CITY) in found(text)
