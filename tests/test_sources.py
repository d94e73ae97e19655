"""Cited sources and the outlet registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crosscheck.extract import sources
from crosscheck.extract.outlets import lookup_outlet, outlet_for_domain, outlets
from crosscheck.model import Article, SourceKind, SourceMention
from crosscheck.nlp.document import AnalyzedDoc
from shared import shared_dir

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"


def sources_of(text: str) -> list[SourceMention]:
    return list(sources.extract(AnalyzedDoc(Article(id="t", text=text, source="test"))))


@pytest.fixture(scope="module")
def seed_sources() -> dict[str, list[SourceMention]]:
    found = {}
    for path in sorted(SEEDS.glob("*.txt")):
        article = Article(id=path.name[:3], text=path.read_text(encoding="utf-8"), source=str(path))
        found[path.name[:3]] = list(sources.extract(AnalyzedDoc(article)))
    return found


def test_gold_cited_sources(seed_sources: dict[str, list[SourceMention]]) -> None:
    gold = json.loads((shared_dir() / "gold" / "seeds.json").read_text())["must"]["cited_sources"]
    for name, documents in gold.items():
        citing = sorted(d for d, found in seed_sources.items() if any(s.name.lower() == name.lower() for s in found))
        assert citing == documents, name


def test_state_television_keeps_its_surface(seed_sources: dict[str, list[SourceMention]]) -> None:
    surfaces = {s.surface for found in seed_sources.values() for s in found if s.name == "state television"}
    assert {"state television", "Iranian state television", "state media", "Iranian television", "State television"} <= surfaces


def test_named_official(seed_sources: dict[str, list[SourceMention]]) -> None:
    jalali = [s for s in seed_sources["000"] if s.name == "Rahman Jalali"]
    assert jalali and jalali[0].source_kind is SourceKind.OFFICIAL


def test_registry_kind_corrects_the_parse(seed_sources: dict[str, list[SourceMention]]) -> None:
    kinds = {s.name: s.source_kind for found in seed_sources.values() for s in found}
    assert kinds["IRIB"] is SourceKind.BROADCASTER
    assert kinds["Tasnim"] is SourceKind.AGENCY


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        ("Two men were arrested, police said.", "police", SourceKind.OFFICIAL),
        ("The sheriff's office said three people were hurt.", "sheriff's office", SourceKind.OFFICIAL),
        ("The Elgin Police Department said the victims were 19 and 22.", "Elgin Police Department", SourceKind.OFFICIAL),
        ("The plant was closed, according to Kyodo.", "Kyodo", SourceKind.AGENCY),
        ("Rescuers worked through the night, CNN reported.", "CNN", SourceKind.BROADCASTER),
        ("Russian state TV showed soldiers at the airport.", "state television", SourceKind.BROADCASTER),
        ("VMPD said two men fled.", "VMPD", SourceKind.OFFICIAL),  # police departments by their initials
        ("CVPD said two men fled.", "CVPD", SourceKind.OFFICIAL),  # not a call sign
        ("ECSO said a boy was shot.", "ECSO", SourceKind.OFFICIAL),  # a sheriff's office
        ("WVRN reported two men fled.", "WVRN", SourceKind.BROADCASTER),
    ],
)
def test_written_sources(text: str, name: str, kind: SourceKind) -> None:
    found = sources_of(text)
    assert [(s.name, s.source_kind) for s in found] == [(name, kind)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Two men were hurt, according to Sgt. Jon Roe of the Varnton police.", "Jon Roe"),
        ("The shots came from a car, said Det. Ann Poe of the Elm County Sheriff's Office.", "Ann Poe"),
        ("Jon Roe of Varnton said the boy died.", "Jon Roe"),
    ],
)
def test_an_official_after_a_title_abbreviation_is_the_source(text: str, name: str) -> None:
    """"Sgt." and "Det." end no sentence, and a person "of the ... Department" is the person."""
    assert [s.name for s in sources_of(text)] == [name]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # the name after "said" closes the clause: the speaker, not a place named before the comma
        ("Ten houses were damaged in Varnton, the capital of Elm district, said Jon Roe of the disaster agency.", "Jon Roe"),
        ("The boy was taken to Elm Hospital, where he died, said Ann Poe, a spokeswoman for the sheriff.", "Ann Poe"),
        ("The woman was treated at Varnton General, where her condition was stabilized, said police.", "police"),
        ("The man was struck just after 7 p.m., said witness Ann Poe, who had just left the store.", "Ann Poe"),
        # the name after the verb is the subject of what was said, or whom it was told
        ("Ann Poe, 20, said her cousin Jo, 14, was walking home with the group.", "Ann Poe"),
        ("Her uncle, Jon Roe, says the woman is Ann Poe.", "Jon Roe"),
    ],
)
def test_the_subject_of_an_inverted_verb(text: str, name: str) -> None:
    assert [s.name for s in sources_of(text)][:1] == [name]


def test_a_name_told_is_not_the_speaker() -> None:
    found = [s.name for s in sources_of('"We are barricaded in," Jon Roe, who works upstairs, told WXYZ-TV as the search went on.')]
    assert found[0] == "Jon Roe"


def test_a_role_starts_after_the_last_comma_before_the_name() -> None:
    from crosscheck.extract.attribution import cues

    doc = AnalyzedDoc(Article(id="t", text="The men wore masks and got away, Cpl. Ann Poe said in a release.", source="test"))
    assert [(c.name, c.role) for c in cues(doc.sentences[0]) if c.speaker] == [("Ann Poe", "Cpl.")]


@pytest.mark.parametrize(
    "text",
    [
        "A Reuters photographer was among the injured.",
        "The CNN building was evacuated on Tuesday.",
        "Police arrived at the scene within minutes.",
        "The Guardian newspaper was founded in Manchester in 1821.",
    ],
)
def test_named_but_not_cited(text: str) -> None:
    assert sources_of(text) == []


@pytest.mark.parametrize(
    ("first", "name"),
    [
        ("Varnton Police Chief Robert White spoke on Monday.", "Robert White"),
        ("Elm County Sheriff John Hanlin spoke on Monday.", "John Hanlin"),
        ("Public Information Officer Jane Roe spoke on Monday.", "Jane Roe"),
        ("Jane Roe spoke on Monday.", "Jane Roe"),
    ],
)
def test_a_surname_takes_the_full_name_without_what_stood_before_the_title(first: str, name: str) -> None:
    surname = name.split()[-1]
    found = sources_of(f"{first} {surname} said the two men knew each other.")
    assert name in {s.name for s in found}
    assert not [s.name for s in found if s.name.endswith(surname) and s.name != name]


def test_registry_size_and_coverage() -> None:
    everything = outlets()
    assert len(everything) >= 200
    assert {o.kind for o in everything} == {SourceKind.AGENCY, SourceKind.BROADCASTER, SourceKind.OUTLET}
    assert len({o.country for o in everything}) >= 40


@pytest.mark.parametrize(
    ("surface", "name"),
    [("alarabiya", "Al Arabiya"), ("Al-Arabiya", "Al Arabiya"), ("the Guardian", "The Guardian"), ("Irib", "IRIB"), ("IRNA", "IRNA"), ("AFP", "Agence France-Presse")],
)
def test_lookup_outlet(surface: str, name: str) -> None:
    outlet = lookup_outlet(surface)
    assert outlet is not None and outlet.name == name


@pytest.mark.parametrize("surface", ["people", "rt", "time", "afp news", "Kerman"])
def test_lookup_outlet_refuses(surface: str) -> None:
    assert lookup_outlet(surface) is None


def test_outlet_for_domain() -> None:
    assert outlet_for_domain("https://www.rt.com/news/590074-iran/").name == "RT"
    assert outlet_for_domain("chicago.cbslocal.com").name == "CBS News"
    assert outlet_for_domain("example.org") is None


def test_registry_covers_the_gva_outlets() -> None:
    """Most GVA documents come from an outlet the registry knows by domain."""
    import csv
    import re

    rows = list(csv.DictReader((shared_dir() / "data" / "semeval2018t5-gva" / "manifest.csv").open()))
    hosts = [re.sub(r"^https?://web\.archive\.org/web/\d+[a-z_]*/", "", r["archive_url"]) for r in rows]
    known = sum(outlet_for_domain(h) is not None for h in hosts)
    assert known / len(hosts) >= 0.25


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("According to Metro police, two cars pulled up outside the store.", [("Metro police", SourceKind.OFFICIAL)]),
        ("Before joining the paper, Lena Ortiz reported on county government for the Sun.", []),
        ("Officials reported on Monday that two men died.", [("officials", SourceKind.OFFICIAL)]),
        ("According to a NBC report on Tuesday, the suspect fled north.", [("NBC News", SourceKind.BROADCASTER)]),
        ("The vote ended on Sunday, said reports from Dushanbe.", []),
        ("Shot-putter Darrell Pine wrote that he was praying for the family.", [("Darrell Pine", SourceKind.OTHER)]),
    ],
)
def test_lookalikes(text: str, expected: list[tuple[str, SourceKind]]) -> None:
    assert [(s.name, s.source_kind) for s in sources_of(text)] == expected


def test_domain_stems_that_are_words_name_nothing() -> None:
    """xinhua's domain news.cn must not make every "news" Xinhua."""
    assert lookup_outlet("news") is None
    assert sources_of("The plant closed, according to a news release from investigators.")[0].name != "Xinhua"


def test_office_of_title_is_one_organisation() -> None:
    found = sources_of("The rule changed in May, according to the Office of the Inspector General.")
    assert [(s.name, s.source_kind) for s in found] == [("Office of the Inspector General", SourceKind.OFFICIAL)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tomas Reyna posted $7,500 bail on Friday.", []),
        ("Her name is listed on the police report but nothing else is known.", []),
        ("The guard was hit by a stray round, according to the official inquiry findings.", []),
        ("Marlow testified on his behalf in 1981.", []),
        ("Ines Kovac reports (Published Monday, Oct. 31, 2016)", []),
        ("The man fled, according to police officials.", [("police officials", SourceKind.OFFICIAL)]),
        ("The man fled, according to witnesses interviewed by police.", [("witnesses", SourceKind.OTHER)]),
        ("The group posted a video on its channel claiming the attack.", []),
        ("The Vanguard Brigade posted on social media that it carried out the attack.", [("Vanguard Brigade", SourceKind.OTHER)]),
    ],
)
def test_verbs_that_do_not_attribute(text: str, expected: list[tuple[str, SourceKind]]) -> None:
    assert [(s.name, s.source_kind) for s in sources_of(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A man was shot, police and the Dane County medical examiner’s office said.", "Dane County medical examiner’s office"),
        ("The Sheriff’s Office said the death was an accident.", "sheriff’s office"),
        ("Harlow College has added more security cameras and guards.", None),
    ],
)
def test_curly_apostrophes_and_added(text: str, expected: str | None) -> None:
    names = [s.name for s in sources_of(text)]
    assert names == ([expected] if expected else [])


def test_bare_times_is_ambiguous() -> None:
    assert lookup_outlet("the Times") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Authorities said neighbors reported a fight.", [("authorities", SourceKind.OFFICIAL), ("neighbors", SourceKind.OTHER)]),
        ("The boy died on Thursday, the Dunmore Free-Press reported.", [("Dunmore Free-Press", SourceKind.OUTLET)]),
        ("The jury found the district negligent, KQRB reported.", [("KQRB", SourceKind.BROADCASTER)]),
        # a state's scientific service is official, whatever the entity recogniser calls it
        ("The quake had a magnitude of 5.9, according to the Elm Geological Survey.", [("Elm Geological Survey", SourceKind.OFFICIAL)]),
        ("The Varnton Seismological Centre said the quake was shallow.", [("Varnton Seismological Centre", SourceKind.OFFICIAL)]),
    ],
)
def test_kinds_of_unregistered_sources(text: str, expected: list[tuple[str, SourceKind]]) -> None:
    assert [(s.name, s.source_kind) for s in sources_of(text)] == expected


def test_every_registry_name_and_alias_finds_its_own_outlet() -> None:
    """No alias, accent-folded or not, is shadowed by another outlet's name, alias or domain stem."""
    from crosscheck.extract.outlets import outlet_key

    for outlet in outlets():
        for surface in (outlet.name, *outlet.aliases):
            if len(outlet_key(surface)) > 3:
                found = lookup_outlet(surface)
                assert found is not None and found.name == outlet.name, (surface, found)
        for domain in outlet.domains:
            assert outlet_for_domain(domain).name == outlet.name, domain


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a call sign joined by a hyphen is one name: the whole name or nothing, never "TV"
        ("The bridge was closed, WQXB-TV reported.", [("WQXB-TV", SourceKind.BROADCASTER)]),
        ("Jon Roe died at the scene, SKY-TV reports.", [("SKY-TV", SourceKind.BROADCASTER)]),
        # generic media keep the case of an acronym ("TV", never "tV")
        ("TV reported that the bridge fell.", [("TV", SourceKind.MEDIA)]),
        # plural nouns spelled as verbs
        ("It is one of the most-watched prime-time TV shows.", []),
        ("Fans filled the hall for TV shows, including two game shows.", []),
        ("Unofficial reports have put the toll at 28.", []),
        # "and" between capitalised words joins one name
        ("The Elm Relief and Works Agency said the school held no fighters.", [("Elm Relief and Works Agency", SourceKind.OFFICIAL)]),
        ("Jo Roe from the Elm Relief and Works Agency said the school held no fighters.", [("Jo Roe", SourceKind.OTHER)]),
        # a call sign is K or W and two or three letters, or C and three: "CTD" is a department
        ("The bomb held 12kg of explosives, CTD said.", [("CTD", SourceKind.OTHER)]),
    ],
)
def test_names_are_read_whole(text: str, expected: list[tuple[str, SourceKind]]) -> None:
    assert [(s.name, s.source_kind) for s in sources_of(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a country alone speaks as its government; never a person, never an official by title
        ("Norway condemned the attack, saying it was cowardly.", [("government of Norway", SourceKind.OFFICIAL)]),
        ("Papua New Guinea said 2,000 people were buried.", [("government of Papua New Guinea", SourceKind.OFFICIAL)]),
        # a part of a country, or a town, speaks for no one
        ("Southern Norway, hardest hit by the storm, reported that 40 buildings fell.", []),
        # the speaker that opens a chain of appositives, not the town the second one describes
        ("Jon Roe, the mayor of Elmtown, a town in Varnton, told reporters that the river rose.", [("Jon Roe", SourceKind.OFFICIAL)]),
        # a name cut before its noun names no one ("The Indian navy defended ..., saying")
        ("The Indian navy defended its actions, saying it had fired in self-defense.", []),
        # the participle of a clause with its own subject is not the opening subject's
        ("Posts had falsely called him a terrorist, with the ministry having pushed back, stating he fit no profile.", []),
    ],
)
def test_places_and_cut_names_are_no_speakers(text: str, expected: list[tuple[str, SourceKind]]) -> None:
    assert [(s.name, s.source_kind) for s in sources_of(text)] == expected


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        # a role held no longer is no office
        ("Former President Jon Roe said the blast was a crime.", "Jon Roe", SourceKind.OTHER),
        ("Ann Poe, the former spokesman for the health ministry, wrote that the toll was higher.", "Ann Poe", SourceKind.OTHER),
        ("President Jon Roe said the blast was a crime.", "Jon Roe", SourceKind.OFFICIAL),
    ],
)
def test_a_former_office_holder_is_no_official(text: str, name: str, kind: SourceKind) -> None:
    assert [(s.name, s.source_kind) for s in sources_of(text)] == [(name, kind)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # titles other reports write before a name, and South Asian ranks by their initials
        ("Neurosurgeon Ann Poe said 80 patients were brought in.", "Ann Poe"),
        ("Undersecretary Jon Roe disclosed that the examiner had confirmed 112 deaths.", "Jon Roe"),
        ("Emergency Relief Coordinator Jon Roe told Elm Radio that the toll would rise.", "Jon Roe"),
        ("SHO Jon Roe said the explosion was a suicide blast.", "Jon Roe"),
        ("Four people died, IGP Ahmad Khan Roe confirmed in a statement.", "Ahmad Khan Roe"),
        # a word that opens the sentence is not part of the name
        ("Now Jon Roe has warned that the toll will rise.", "Jon Roe"),
    ],
)
def test_a_title_is_not_part_of_the_name(text: str, name: str) -> None:
    assert sources_of(text)[0].name == name


def test_a_surname_that_is_a_country_is_the_person_named_earlier() -> None:
    found = sources_of('Elm County Sheriff Scott Israel arrived at noon. "It looks like he acted alone," Israel said.')
    assert [s.name for s in found] == ["Scott Israel"]


def test_a_full_name_does_not_run_over_a_line_break() -> None:
    """"Photo credit: Jon Lea" then a paragraph "Lea said": the earlier full name is "Jon Lea"."""
    found = sources_of("Photo credit: Jon Lea\n\nLea said the gunman was silent.")
    assert [s.name for s in found] == ["Jon Lea"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an everyday word the article capitalises mid-sentence and never writes in lowercase is a name
        ("A Varnsoft spokesman was asked. Apple said the flaw was fixed. Analysts at Apple agreed.", ["Apple"]),
        ("Apple said the pie was fresh. She ate an apple.", []),
        # ", adding" reports speech only before what was said
        ("Varnsoft has added new gestures, adding four-finger swipes to the pad.", []),
        ("Jon Roe told reporters the car was stolen, adding that two men fled.", ["Jon Roe"]),
    ],
)
def test_names_at_the_start_of_a_sentence_and_participles(text: str, expected: list[str]) -> None:
    assert [s.name for s in sources_of(text)] == expected


def test_a_relative_clause_on_the_subject_is_no_clause_of_its_own() -> None:
    text = "Jon Varnes, who survived cancer in 2004 and lost weight, asked for leave, saying doctors had found a tumour."
    assert "Jon Varnes" in {s.name for s in sources_of(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the place a South Asian title is of, written between the title and the name
        ("IG Police KP Jon Varnes said one bomber was shot at the gate.", ["Jon Varnes"]),
        ("Two died in Elmabad. District Police Officer Elmabad Jon Varnes said two bombers attacked.", ["Jon Varnes"]),
        ("Five died in Elmabad. The Deputy Commissioner Elmabad confirmed that three were critical.", []),
        # ... a province or state of two words or more, known to the list of provinces and states or
        # written as a place in the article, hyphenated or not, in a name of any length
        ("Chief Minister Khyber Pakhtunkhwa Jon Varnes said two bombers attacked the gate.", ["Jon Varnes"]),
        ("Three people died, said Governor Khyber-Pakhtunkhwa Ann Poe.", ["Ann Poe"]),
        ("Caretaker Chief Minister West Bengal Ahmad Ali Varnes says 40 people died in the blast.", ["Ahmad Ali Varnes"]),
        ("Two died in Elm Valley. District Police Officer Elm Valley Jon Varnes said two bombers attacked.", ["Jon Varnes"]),
        ("Chief Minister Khyber Pakhtunkhwa said the toll rose to 40.", []),
        # a given name that is also a province or state, with nothing in the article making it a place
        ("Premier Victoria Anne Roe said schools would close.", ["Victoria Anne Roe"]),
        # a body's name with "for", and where it is based
        ("The UK-based Elm Observatory for Human Rights said eight died.", ["Elm Observatory for Human Rights"]),
        ("The Centers for Disease Control said eight died.", ["Centers for Disease Control"]),
        ("Prosecutor Jon Varnes said the suspect is under investigation.", ["Jon Varnes"]),
        # "states" as a plural noun
        ("The victims came from various Indian states, including Goa and Assam.", []),
    ],
)
def test_titles_places_and_bodies_in_names(text: str, expected: list[str]) -> None:
    assert [s.name for s in sources_of(text)] == expected


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("According to the Centers for Disease Control and Prevention, 500 people died.", "Centers for Disease Control and Prevention"),
        ("According to Jo Roe and Ann Poe, the car fled north.", "Jo Roe"),
    ],
)
def test_and_after_according_to(text: str, name: str) -> None:
    assert [s.name for s in sources_of(text)] == [name]


def test_two_sources_joined_by_and_the() -> None:
    found = sources_of("Shots were fired at 5 a.m., according to Varnton Police and the Elm County medical examiner’s office.")
    assert found[0].name == "Varnton Police"
