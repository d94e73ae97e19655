"""Rules of the claims extractor, on sentences written for these tests (positives and negatives)."""

from __future__ import annotations

import pytest

from crosscheck.extract import claims
from crosscheck.extract.context import commemorated_death_sentences
from crosscheck.model import Article, ClaimKind, ClaimMention
from crosscheck.nlp.document import AnalyzedDoc


def read(text: str) -> list[ClaimMention]:
    return list(claims.extract(AnalyzedDoc(Article(id="t", text=text, source="test"))))


def labels(text: str) -> set[str]:
    return {m.label for m in read(text)}


@pytest.mark.parametrize(
    ("sentence", "label"),
    [
        ("Police said an improvised explosive device was hidden under a bench.", "explosive devices"),
        ("Witnesses said a car bomb went off outside the ministry.", "explosive devices"),
        ("The blast was caused by a gas cylinder in a restaurant kitchen.", "gas canisters"),
        ("Firefighters suspect a gas leak caused the explosion at the apartment block.", "gas leak"),
        ("The devices were detonated by remote control, investigators said.", "remote detonation"),
        ("A suicide bomber blew himself up at the checkpoint.", "suicide bomber"),
        ("A gunman opened fire on shoppers at the mall.", "shooting"),
        ("Two people were stabbed outside the station.", "stabbing"),
        ("The driver ploughed into a crowd of pedestrians on the bridge.", "vehicle ramming"),
        ("Warplanes dropped bombs on the market, residents said.", "airstrike"),
        ("The roof collapsed under the weight of the snow.", "structural collapse"),
        ("Investigators blamed an electrical fault for the blaze.", "electrical fault"),
        ("Several people died in a stampede as the crowd fled.", "stampede"),
        ("The governor described the bombing as an act of terror.", "terrorist attack"),
        ("Officials called the attack \u201cterrorist\u201d.", "terrorist attack"),
        ("The sheriff said the shooting was an accident.", "accident"),
        ("Prosecutors are investigating it as a hate crime.", "hate crime"),
        ("Detectives believe the shooting was gang-related.", "gang-related"),
        ("Police described it as a murder-suicide.", "murder-suicide"),
        ("The homeowner said he fired in self-defense.", "self-defense"),
        ("No group has yet claimed responsibility for the bombing.", "no claim of responsibility"),
        ("It is not yet known who was behind the attack.", "no claim of responsibility"),
        ("A 23-year-old suspect was arrested on Friday.", "suspect in custody"),
        ("No arrests have been made.", "no arrest"),
        ("The death toll is expected to rise as rescuers search the rubble.", "toll expected to rise"),
        ("Ambulances were hampered by huge crowds near the gate.", "rescue hampered by crowds"),
        ("The mosque was badly damaged.", "mosque damaged"),
        ("The explosion destroyed two houses.", "houses destroyed"),
        ("Al-Qaeda claimed responsibility for the attack.", "claimed by Al-Qaeda"),
        ("The blast happened at 9:15 p.m. near the market.", "the event at 21:15"),
        ("The explosion happened outside the Grand Central Station.", "near Grand Central Station"),
        # why an accident happened
        ("The crash was caused by driver error, police said.", "human error"),
        ("A mechanical failure caused the derailment, the railway said.", "mechanical failure"),
        ("The transport minister said corrosion was the likely cause of the collapse.", "structural failure"),
        ("Inspectors found cracks in the bridge after the collapse.", "structural failure"),
        ("The union blamed poor maintenance of the track.", "poor maintenance"),
        ("The train was travelling at high speed when it left the rails.", "excessive speed"),
        ("The boat was badly overloaded when it capsized.", "overloading"),
    ],
)
def test_rule_reads_its_label(sentence, label):
    assert label in labels(sentence)


@pytest.mark.parametrize(
    ("sentence", "label"),
    [
        ("He was once called the number-one terrorist in the world.", "terrorist attack"),
        ("A delayed second blast is often used by terrorists.", "terrorist attack"),
        ("The bomb squad examined the car.", "explosive devices"),
        ("Police used smoke bombs to disperse the crowd.", "explosive devices"),
        ("The town has seen many robberies in recent years.", "robbery"),
        ("She took a self-defense class last year.", "self-defense"),
        ("The officer was pronounced dead at 3:19 p.m.", "the event at 15:19"),
        ("The victim was a former gang member.", "gang-related"),
        ("Bombs were dropped by aircraft on the camp.", "explosive devices"),
        ("The church records were destroyed by the fire.", "church destroyed"),
        ("She never denounced his views.", "condemnation"),
        ("An error message appeared on the screen.", "human error"),
        ("Police set up a speed camera on the road.", "excessive speed"),
        ("The maintenance crew arrived at dawn.", "poor maintenance"),
    ],
)
def test_rule_does_not_fire_on_lookalikes(sentence, label):
    assert label not in labels(sentence)


def test_negation_is_flagged():
    [mention] = [m for m in read("Police said the shooting was not gang-related.") if m.label == "gang-related"]
    assert mention.negated


def test_a_factor_ruled_out_is_negated_and_a_likely_one_hedged():
    [ruled_out] = [m for m in read("Investigators ruled out human error.") if m.label == "human error"]
    assert ruled_out.negated
    [likely] = [m for m in read("The minister said corrosion was the likely cause.") if m.label == "structural failure"]
    assert likely.hedged and not likely.negated


def test_damage_negation_is_in_the_label():
    found = [m for m in read("Footage shows the shrine was not damaged.") if m.kind is ClaimKind.DAMAGE]
    assert [m.label for m in found] == ["shrine not damaged"]
    assert found[0].topic == "damage to the shrine"


def test_hedges_are_flagged_and_plain_statements_are_not():
    hedged = [m for m in read("The blast was apparently caused by a gas leak.") if m.label == "gas leak"]
    plain = [m for m in read("The blast was caused by a gas leak.") if m.label == "gas leak"]
    assert hedged[0].hedged and not plain[0].hedged


def test_hedge_is_read_in_the_clause_of_the_claim_only():
    text = "Officials described the incident as a terrorist attack, and that bombs are thought to have exploded."
    [terror] = [m for m in read(text) if m.label == "terrorist attack"]
    assert not terror.hedged


def test_incompatible_answers_share_a_topic():
    a = read("Police said a bomb exploded in the square.")
    b = read("State media said gas cylinders exploded in the square.")
    [bomb] = [m for m in a if m.topic == claims.WHAT_EXPLODED]
    [gas] = [m for m in b if m.topic == claims.WHAT_EXPLODED]
    assert bomb.label != gas.label


def test_condolences_name_who_offered_them():
    found = labels("Prime Minister Jane Doe offered her condolences to the families.")
    assert "condolences from Doe" in found


def test_text_is_trimmed_to_the_clause():
    [mention] = [m for m in read("Rain fell all day; witnesses said a car bomb exploded at noon.") if m.label == "explosive devices"]
    assert mention.text.startswith("witnesses") and "Rain" not in mention.text


def test_evidence_and_anchor_are_spans_of_the_article():
    text = "Intro line.\nA gunman opened fire at the school."
    [mention] = [m for m in read(text) if m.label == "shooting"]
    assert text[mention.evidence.start : mention.evidence.end] == "A gunman opened fire at the school."
    assert text[mention.anchor.start : mention.anchor.end] == "gunman"


def test_every_rule_pattern_contains_one_of_its_cues():
    """The cue gate must never hide a match: each rule's own examples carry a cue."""
    examples = {
        "explosive devices": "an IED", "gas canisters": "gas canisters", "gas leak": "a gas leak",
        "remote detonation": "detonated remotely", "shooting": "opened fire", "stabbing": "knife attack",
        "terrorist attack": "act of terrorism", "no arrest": "no arrests have been made",
    }
    for rule in claims.RULES:
        if rule.label in examples:
            text = examples[rule.label]
            assert rule.pattern.search(text), rule.label
            assert not claims.cues_in(text).isdisjoint(rule.cues), rule.label


def test_death_of_the_commemorated_person_is_another_event():
    text = ("Two explosions hit a ceremony marking the fifth anniversary of the death of General Jane Roe.\n"
            "Roe was killed in a drone strike abroad.\n"
            "Police said a bomb was hidden in a bag.")
    found = read(text)
    assert "airstrike" not in {m.label for m in found}
    assert "explosive devices" in {m.label for m in found}


def test_pronoun_after_the_commemorated_name_is_the_same_earlier_death():
    text = ("Crowds gathered for a commemoration ceremony for Jane Roe on the anniversary of her assassination.\n"
            "Roe was a powerful figure.\n"
            "She was killed in an air strike.")
    doc = AnalyzedDoc(Article(id="t", text=text, source="test"))
    assert commemorated_death_sentences(doc) == {2}


def test_without_an_anniversary_a_named_victim_is_this_event():
    text = "A vigil was held for John Roe.\nRoe was killed in a drive-by shooting on Friday."
    doc = AnalyzedDoc(Article(id="t", text=text, source="test"))
    assert commemorated_death_sentences(doc) == set()
    assert "drive-by shooting" in labels(text)


def test_condemnation_right_after_another_event_reacts_to_that_event():
    text = ("A bomb went off at the market today.\n"
            "It comes a day after a minister was killed in an attack in another country.\n"
            "The government condemned the attack.")
    assert not any(label.startswith("condemnation") for label in labels(text))
    current = "A bomb went off at the market today.\nThe government condemned the attack."
    assert any(label.startswith("condemnation") for label in labels(current))


def test_an_affirmative_match_wins_over_a_negated_one_in_the_same_sentence():
    text = "Police did not say when the man was arrested, but both suspects are in custody."
    [mention] = [m for m in read(text) if m.label == "suspect in custody"]
    assert not mention.negated
    found = [m for m in read("Police have not arrested the two men.") if m.topic == "whether a suspect is in custody"]
    assert [(m.label, m.negated) for m in found] == [("no arrest", False)]  # a denied arrest is "no arrest"


def test_the_month_may_is_not_a_hedge():
    [mention] = [m for m in read("A gunman opened fire on May 4 at the school.") if m.label == "shooting"]
    assert not mention.hedged
    [hedged] = [m for m in read("A gunman may have opened fire first.") if m.label == "shooting"]
    assert hedged.hedged


@pytest.mark.parametrize(
    ("text", "label", "absent"),
    [
        # a negative pronoun is no claimant
        ("No-one has claimed responsibility.", "no claim of responsibility", "claimed by No-one"),
        # an appositive closing on a comma before the verb: the actor, not a title or a place
        ("Caretaker Chief Minister Elm, Justice (Retd) Jon Roe, has strongly condemned the incident.",
         "condemnation from Roe", "condemnation from Retd"),
        # a body named with a word of capitals keeps its whole name
        ("VRN Health extends its deepest sympathies to the families of the dead.", "condolences from VRN Health",
         "condolences from Health"),
        ("The United Nations in a statement offered its condolences.", "condolences from United Nations",
         "condolences from The United Nations"),
    ],
)
def test_claimants_are_actors(text: str, label: str, absent: str) -> None:
    found = labels(text)
    assert label in found and absent not in found


@pytest.mark.parametrize(
    ("text", "label", "kept"),
    [
        # another happening of the kind, told as indefinite, is not this event's
        ("A gunman opened fire on the procession. A second bomb attack took place in Elmtown, hitting a police mosque.",
         "explosive devices", False),
        ("A bomb hit the procession. Another suicide attack hit a police post in Elmtown on Friday.", "suicide bomber", False),
        # the event's own second blast is still the event's
        ("A bomb hit the gate. A second blast went off near the mosque, set off by a suicide bomber.", "suicide bomber", True),
    ],
)
def test_another_happening_of_the_kind(text: str, label: str, kept: bool) -> None:
    assert (label in labels(text)) is kept
