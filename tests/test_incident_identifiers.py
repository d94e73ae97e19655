"""Incident identifiers: street addresses and people's full names tie reports of one incident.

The reports are written here. ``first`` and ``follow_up`` tell one shooting in different words,
four months apart (a report of the night, a trial), sharing only its address ("1400 block of Quenby Avenue" / "1400 Quenby Ave.") and the
victim's name (in full once, then by surname). ``other`` is a second shooting in the same city on
the same night, told with the same vocabulary, at another address with another victim.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from crosscheck.events.features import address_keys, features, incident_identifiers, named_once_keys, person_keys
from crosscheck.events.grouping import common_identifiers
from crosscheck.events.grouping import DEFAULT_PARAMS, similarity, with_identifiers
from crosscheck.model import Article
from crosscheck.corpus import Corpus
from grouping_support import bare

NO_IDENTIFIERS = replace(DEFAULT_PARAMS, address_bonus=0.0, name_bonus=0.0, names_bonus=0.0)  # and common names (test_names.py)

FIRST = Article(
    id="first", source="written", published="2026-03-02", title="Man wounded in overnight shooting",
    text=(
        "WESTBRIDGE - A man was wounded late Sunday in the 1400 block of Quenby Avenue, police said.\n\n"
        "Officers found Dorvan Pettigrass, 34, with a gunshot wound to the leg shortly after 11 p.m. "
        "Pettigrass was taken to a hospital in stable condition.\n\n"
        "No arrests have been made. Anyone with information is asked to call detectives."
    ),
)
FOLLOW_UP = Article(
    id="follow_up", source="written", published="2026-07-01", title="Jury hears opening statements in Westbridge assault trial",
    text=(
        "Prosecutors told jurors on Tuesday that a feud over a borrowed motorcycle led to the March "
        "ambush outside 1400 Quenby Ave.\n\n"
        "Lucretia Ambersley, the assistant district attorney, said surveillance footage and cellphone "
        "records place the defendant near the corner minutes before the gunfire. The defence lawyer "
        "argued that the footage is grainy and that eyewitnesses contradicted one another.\n\n"
        "Dorvan Pettigrass testified for about an hour. Pettigrass told the courtroom he still walks "
        "with a cane. Testimony resumes Wednesday before Judge Marisol Fenwright."
    ),
)
OTHER = Article(
    id="other", source="written", published="2026-03-02", title="Westbridge woman shot outside convenience store",
    text=(
        "WESTBRIDGE - A woman was shot in the arm Sunday night outside a convenience store at "
        "900 Ravensmoor Road, police said.\n\n"
        "Investigators said Teodric Valmanske, 27, had argued with a customer inside the store. "
        "Valmanske was treated at a hospital and released.\n\n"
        "Police were looking for a man in a red hooded sweatshirt."
    ),
)



def test_an_address_is_keyed_by_number_and_street_name_whatever_the_wording() -> None:
    assert address_keys("in the 1400 block of Quenby Avenue") == ["@addr 1400 quenby"]
    assert address_keys("near 1400 Quenby Ave. on Sunday") == ["@addr 1400 quenby"]
    assert address_keys("at 210 North Avenue") == ["@addr 200 north"]  # the street called North, its 200 block
    assert address_keys("the 300 block of East Elm Street") == ["@addr 300 elm"]
    assert address_keys("300 Police officers and 12 Marines") == []  # no street type: not an address
    # a house number is in its hundred block, as police give a scene
    assert address_keys("shot at 767 Fairview Ave. Wednesday") == address_keys("in the 700 block of Fairview Avenue")
    assert address_keys("at 12 Elm Street") == ["@addr 12 elm"]  # under 100: no block to speak of
    assert address_keys("at 867 Fairview Ave.") != address_keys("in the 700 block of Fairview Avenue")


def test_a_full_name_counts_when_the_text_refers_back_by_surname() -> None:
    text = "Chief Horace Quillfeather said Dorvan Pettigrass, 34, was shot. Pettigrass survived. Baton Rouge police said."
    assert person_keys(text) == ["@name dorvan pettigrass"]  # Quillfeather and Baton Rouge are never reused alone
    assert person_keys("John Smith was shot. Smith survived.") == []  # too common a name to identify one incident


def test_a_spokesman_who_only_speaks_is_no_identifier_of_the_incident() -> None:
    text = (
        "Dorvan Pettigrass, 25, was shot on Elm Street. Pettigrass was taken to a hospital, said police "
        "spokesman Quentin Marlowby. \"We have no suspect,\" Marlowby said. Marlowby, a department "
        "spokesman, said Pettigrass is stable."
    )
    assert person_keys(text) == ["@name dorvan pettigrass"]
    # a witness quoted, then told of in the next paragraph, is one of the incident's people
    witness = "\"We heard shots,\" said Brenda Quallister.\n\nQuallister's grandson was at the party, she said."
    assert person_keys(witness) == ["@name brenda quallister"]
    # a victim who tells the police what happened is no spokesman
    told = "Dorvan Pettigrass told police he was shot on Elm Street. Pettigrass told officers he did not see the gunman."
    assert person_keys(told) == ["@name dorvan pettigrass"]


def test_reports_of_one_shooting_in_different_words_share_identifiers_and_join() -> None:
    first, follow_up, other = (features(bare(a)) for a in (FIRST, FOLLOW_UP, OTHER))
    assert set(first.identifiers) & set(follow_up.identifiers) == {"@addr 1400 quenby", "@name dorvan pettigrass"}
    assert not set(first.identifiers) & set(other.identifiers)
    # the address adds its bonus; the name adds nothing to a pair the address already lifted past the threshold
    assert with_identifiers(0.0, first.identifiers, follow_up.identifiers) == DEFAULT_PARAMS.address_bonus
    # without the identifiers the two are not linked; with them they are
    assert similarity(first, follow_up, NO_IDENTIFIERS) < DEFAULT_PARAMS.threshold <= similarity(first, follow_up)
    with Corpus(":memory:", extract=bare) as store:
        store.add([FIRST, OTHER, FOLLOW_UP])
        grouping = store.grouping()
    assert grouping["first"] == grouping["follow_up"]
    assert grouping["other"] != grouping["first"]


ARREST = Article(
    id="arrest", source="written", published="2026-12-07", title="Suspect held in Westbridge shooting",
    text=(
        "Detectives arrested a 29-year-old man on Wednesday in connection with the wounding of "
        "Dorvan Pettigrass in March.\n\n"
        "The suspect, whose name was not released, faces a charge of aggravated assault with a firearm. "
        "Pettigrass, 34, has been released from the hospital, a relative said.\n\n"
        "The shooting followed an argument, investigators said."
    ),
)
"""Nine months after ``FIRST`` (280 days: under the day penalty of 0.075 the text scores as a three-month gap did under the earlier 0.10), no address: the victim's full name is the only identifier they share."""
AGES_OFF = replace(DEFAULT_PARAMS, common_age_bonus=0.0, followup_age_bonus=0.0)
"""Without the common age (test_common_ages.py): the arrest states the victim's age too."""
NO_NAMES = replace(AGES_OFF, name_bonus=0.0, names_bonus=0.0)  # the full name, and the names it is made of (test_names.py)


def test_a_shared_full_name_lifts_a_pair_up_to_the_threshold_and_no_further() -> None:
    first, arrest = features(bare(FIRST)), features(bare(ARREST))
    assert set(first.identifiers) & set(arrest.identifiers) == {"@name dorvan pettigrass"}
    text_alone = similarity(first, arrest, NO_NAMES)
    assert text_alone < DEFAULT_PARAMS.threshold < text_alone + DEFAULT_PARAMS.name_bonus
    assert similarity(first, arrest, AGES_OFF) == DEFAULT_PARAMS.threshold  # linked, as weakly as a link can be
    # the victim's age, stated in both, is evidence of its own, added after the names' cap
    assert similarity(first, arrest) == DEFAULT_PARAMS.threshold + DEFAULT_PARAMS.followup_age_bonus
    # a pair the text already links keeps its score: the name does not strengthen it for level 2
    low = replace(AGES_OFF, threshold=text_alone - 0.05)
    assert similarity(first, arrest, low) == similarity(first, arrest, replace(low, name_bonus=0.0)) == text_alone


def test_a_follow_up_sharing_only_the_victims_name_joins_its_event_in_the_store() -> None:
    for params, together in ((DEFAULT_PARAMS, True), (NO_NAMES, False)):
        with Corpus(":memory:", extract=bare, params=params) as store:
            store.add([FIRST, OTHER, ARREST])
            grouping = store.grouping()
        assert (grouping["arrest"] == grouping["first"]) is together
        assert grouping["other"] != grouping["first"]


def test_two_shootings_in_one_city_on_one_night_stay_apart() -> None:
    first, other = features(bare(FIRST)), features(bare(OTHER))
    assert with_identifiers(0.1, first.identifiers, other.identifiers) == 0.1
    # no bonus; their addresses differ, so they lose the address penalty
    no_penalty = replace(NO_IDENTIFIERS, address_penalty=0.0, unnamed_penalty=0.0)  # (a positive score would lose it too)
    assert similarity(first, other) == similarity(first, other, no_penalty) - DEFAULT_PARAMS.address_penalty


def test_identifiers_need_both_publication_dates() -> None:
    undated = replace(features(bare(FOLLOW_UP)), day=None)
    first = features(bare(FIRST))
    assert similarity(first, undated) == similarity(first, undated, NO_IDENTIFIERS)


def test_features_written_before_identifiers_still_load() -> None:
    f = features(bare(FIRST))
    old = json.dumps(json.loads(f.to_json())[:6])  # the six fields stored before identifiers existed
    loaded = type(f).from_json(old)
    assert loaded.identifiers == () and loaded.terms == f.terms
    assert type(f).from_json(f.to_json()).identifiers == f.identifiers == incident_identifiers(
        f"{FIRST.title}\n{FIRST.text}"
    )


@pytest.mark.parametrize(
    ("place", "referred_back"),
    [
        ("Varnton Hospital", "Hospital officials said"),  # a place's head word, written again alone
        ("Quellham County", "County deputies said"),
        ("Ashby Park", "Park rangers said"),
        ("Las Vegas", "Vegas police said"),  # a city of the gazetteer
        ("Dorvan Sunday", "On Sunday, detectives said"),  # a weekday run on after a name
    ],
)
def test_a_place_or_a_date_that_the_text_refers_back_to_is_no_persons_name(place: str, referred_back: str) -> None:
    text = (
        f"Jon Quellroe, 30, was shot near {place} late on Saturday. {referred_back} that Quellroe "
        "was taken to a hospital in stable condition."
    )
    keys = person_keys(text)
    assert "@name jon quellroe" in keys  # the person beside it still counts
    assert f"@name {place.lower()}" not in keys


def test_a_name_written_once_meets_the_same_name_another_report_reuses() -> None:
    first = "Ada Quillfeather, 31, was shot on Elm Street on Sunday. Quillfeather was taken to a hospital."
    plea = "A teen pleaded guilty Thursday in the shooting that killed Ada Quillfeather in June."
    assert person_keys(plea) == [] and named_once_keys(plea) == ["@once ada quillfeather"]
    assert common_identifiers(incident_identifiers(first), incident_identifiers(plea)) == {"@name ada quillfeather"}
    # written once on both sides, nothing shows it is a person's name (a street, a shop, a team)
    assert common_identifiers(("@once ada quillfeather",), ("@once ada quillfeather",)) == set()
    assert common_identifiers(("@addr 1200 elm", "@once ada quillfeather"), ("@addr 1200 elm",)) == {"@addr 1200 elm"}


def test_an_office_holder_or_a_speaker_named_once_is_no_identifier() -> None:
    text = (
        "Police Chief Dorvan Pettigrass called the shooting senseless. Schools superintendent Bo Tindale "
        "visited the school. \"It is sad,\" said Sgt. Ada Quillfeather. A neighbour, Jon Zorbenthal, heard shots."
    )
    assert named_once_keys(text) == ["@once jon zorbenthal"]
