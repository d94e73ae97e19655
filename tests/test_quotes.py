"""Direct quotes: the seeds' gold quotes, written patterns, and what is not a quote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crosscheck.extract import quotes
from crosscheck.model import Article, QuoteMention
from crosscheck.nlp.document import AnalyzedDoc
from shared import shared_dir

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"


def quotes_of(text: str, doc_id: str = "t") -> list[QuoteMention]:
    article = Article(id=doc_id, text=text, source="test")
    return list(quotes.extract(AnalyzedDoc(article)))


@pytest.fixture(scope="module")
def seed_quotes() -> dict[str, tuple[str, list[QuoteMention]]]:
    found = {}
    for path in sorted(SEEDS.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        found[path.name[:3]] = (text, quotes_of(text, path.name[:3]))
    return found


def _key(text: str) -> str:
    return " ".join(text.replace("’", "'").lower().split())


def test_gold_quotes(seed_quotes: dict[str, tuple[str, list[QuoteMention]]]) -> None:
    gold = json.loads((shared_dir() / "gold" / "seeds.json").read_text())["must"]["quotes"]
    for expected in gold:
        for doc in ("000", "001", "002"):
            text, found = seed_quotes[doc]
            hits = [q for q in found if q.speaker == expected["speaker"] and _key(expected["text"]) in _key(q.text)]
            assert (doc in expected["documents"]) == bool(hits), (expected["speaker"], doc, found)
            for quote in hits:
                assert quote.role, quote
                assert text[quote.anchor.start : quote.anchor.end] == quote.text
                assert quote.evidence.start <= quote.anchor.start < quote.anchor.end <= quote.evidence.end


def test_seed_roles(seed_quotes: dict[str, tuple[str, list[QuoteMention]]]) -> None:
    roles = {(d, q.speaker): q.role for d, (_, qs) in seed_quotes.items() for q in qs if q.role}
    assert roles[("000", "Reza Fallah")] == "head of the Red Crescent in Kerman province"
    assert roles[("001", "Donald Trump")] == "Former US President"
    assert roles[("002", "Kianush Jahanpur")] == "the former spokesman for Iran’s health ministry"


def test_quote_spanning_sentences_keeps_both(seed_quotes: dict[str, tuple[str, list[QuoteMention]]]) -> None:
    text, found = seed_quotes["001"]
    fallah = next(q for q in found if q.speaker == "Reza Fallah")
    assert "But there are waves of crowds" in fallah.text
    evidence = text[fallah.evidence.start : fallah.evidence.end]
    assert evidence.startswith("Reza Fallah, head of") and evidence.rstrip().endswith("roads.”")


def test_pronoun_continuation_is_partial(seed_quotes: dict[str, tuple[str, list[QuoteMention]]]) -> None:
    _, found = seed_quotes["002"]
    waves = next(q for q in found if q.text.startswith("waves of crowds"))
    assert waves.speaker == "Reza Fallah" and waves.partial


def test_scare_quotes_are_not_quotes(seed_quotes: dict[str, tuple[str, list[QuoteMention]]]) -> None:
    texts = {_key(q.text) for _, qs in seed_quotes.values() for q in qs}
    for scare in ("terrorist", "imminent", "fraternal and friendly", "terrorist attacks.", "axis of resistance"):
        assert _key(scare) not in texts


def test_described_as_belongs_to_the_describer(seed_quotes: dict[str, tuple[str, list[QuoteMention]]]) -> None:
    _, found = seed_quotes["001"]
    quote = next(q for q in found if "number-one terrorist" in q.text)
    assert quote.speaker == "Donald Trump"


@pytest.mark.parametrize(
    ("text", "speaker", "quoted"),
    [
        ('"We will rebuild every house on this street," Mayor Carla Benton told reporters.', "Carla Benton", "We will rebuild every house on this street"),
        ("Carla Benton, the mayor of Dunmore, said: “We will rebuild every house on this street.”", "Carla Benton", "We will rebuild every house"),
        ("“The fire spread from the kitchen to the roof in minutes,” said fire chief Tom Alvarez.", "Tom Alvarez", "The fire spread from the kitchen"),
        ("The ministry condemned the raid, saying that it would “answer this crime in due time.”", "ministry", "answer this crime in due time"),
        ("“The water is safe to drink again,” reports the Xinhua news agency.", "Xinhua", "The water is safe to drink again"),
    ],
)
def test_written_quotes(text: str, speaker: str, quoted: str) -> None:
    found = quotes_of(text)
    assert len(found) == 1, found
    assert found[0].speaker == speaker
    assert found[0].text.startswith(quoted)


def test_title_is_not_a_quote() -> None:
    assert quotes_of("She starred in “The Long Road Home” before moving to Chicago.") == []


def test_unattributed_quote_is_kept_without_speaker() -> None:
    found = quotes_of("“Nobody expected the river to rise that fast in the night.”")
    assert len(found) == 1 and found[0].speaker is None


def test_short_quote_kept_when_clearly_said() -> None:
    found = quotes_of('"Absolutely not," the governor said.')
    assert len(found) == 1 and found[0].speaker == "governor"


@pytest.mark.parametrize(
    ("text", "speaker", "role"),
    [
        ('"We heard four shots and then a car sped off," said neighbor Dana Okafor.', "Dana Okafor", "neighbor"),
        ('"Nobody should have to bury a child like this," said the 52-year-old woman.', "52-year-old woman", None),
        ('"The suspect was known to officers from earlier calls," Lt. Mara Quinlan said, adding that the case is open.', "Mara Quinlan", "Lt."),
        ("Ruth Abernathy of Millbrook said later, “I am glad the trial is finally over.”", "Ruth Abernathy", None),
        ('"We need the public to call us with any tips," said Westfield Fire Rescue spokesman Omar Haddad.', "Omar Haddad", "Westfield Fire Rescue spokesman"),
    ],
)
def test_speaker_and_role(text: str, speaker: str, role: str | None) -> None:
    found = quotes_of(text)
    assert [(q.speaker, q.role) for q in found] == [(speaker, role)]


@pytest.mark.parametrize(
    "text, speaker, role",
    [
        ('"It was bad," said Sgt. Ann Poe of the Varnton Police Department.', "Ann Poe", "Sgt. of the Varnton Police Department"),
        ('"He is not here," said Sgt. Jon Roe with the Elm County Sheriff\'s Office.', "Jon Roe", "Sgt. with the Elm County Sheriff's Office"),
        ('"It was bad," said Jon Roe of the Elm Church of Christ.', "Jon Roe", "of the Elm Church of Christ"),
        ('"We have no concerns," said U.S. Attorney Jon Roe for the Varnton District in a press conference.', "Jon Roe",
         "U.S. Attorney for the Varnton District"),
        ("“We don’t know yet,” Elm County Police spokesman Lt. Ann Poe told reporters outside.", "Ann Poe",
         "Elm County Police spokesman Lt."),
        ('"It was an accident," added Lt. Jon Baxter.', "Jon Baxter", "Lt."),
        ('"It was bad," said Police Supt. Jon Roe.', "Jon Roe", "Police Supt."),
    ],
)
def test_title_abbreviations_and_affiliations_after_the_quote(text: str, speaker: str, role: str) -> None:
    """A title abbreviation no longer ends the sentence ("Sgt." + "Ann Poe of ..."), so the speaker,
    the title and the organisation after the name are read in one sentence."""
    assert [(q.speaker, q.role) for q in quotes_of(text)] == [(speaker, role)]


def test_pronoun_with_an_adverb_continues_the_last_speaker() -> None:
    text = 'The man was taken into custody, Jon Roe said. He also noted, "We found a firearm on his person."'
    assert [q.speaker for q in quotes_of(text)] == ["Jon Roe"]


def test_another_speaker_after_of_is_no_affiliation() -> None:
    text = '"Our hearts break together for what happened," said Elm Trust of the Rocky Hills President and CEO Ann Poe, addressing a church.'
    assert [q.speaker for q in quotes_of(text)] in ([None], ["Ann Poe"])


def test_second_quote_of_a_paragraph_keeps_the_speaker() -> None:
    text = '"The porch light was on all night," Ellis Brandt said. "Then we heard the sirens and ran outside."'
    assert [q.speaker for q in quotes_of(text)] == ["Ellis Brandt", "Ellis Brandt"]


def test_whole_paragraph_quote_continues_the_previous_speaker() -> None:
    text = '"We have closed the bridge until engineers inspect it," Mayor Ines Patel said.\n"Nobody will cross it before Friday at the earliest."'
    found = quotes_of(text)
    assert [q.speaker for q in found] == ["Ines Patel", "Ines Patel"]


def test_a_quote_broken_into_lines_is_one_passage_of_the_speaker_at_its_close() -> None:
    text = (
        "Residents ran into the street.\n"
        '"The ground shook for about fifteen seconds, from Elmdale to Varnton.\n'
        'People panicked and rushed out of their homes," agency spokesman Jon Roe said.\n'
        "Varnton lies on the coast."
    )
    found = quotes_of(text)
    assert [(q.text, q.speaker, q.role) for q in found] == [
        ("The ground shook for about fifteen seconds, from Elmdale to Varnton.", "Jon Roe", "agency spokesman"),
        ("People panicked and rushed out of their homes", "Jon Roe", "agency spokesman"),
    ]
    assert all("said" not in q.text for q in found)  # the attribution is no quote


@pytest.mark.parametrize(
    "text",
    [
        # a stray closing mark ends a paragraph no quote opened: the next one opens a quote of its own
        'Police said a known suspect shot five people."\n"I just heard the shots," said neighbor Ann Poe.',
        # a height's inch mark in the paragraph after a run-on quote closes nothing
        '"We saw him run toward the river\nThe suspect is about 6’1” tall, police said.',
    ],
)
def test_a_closing_mark_continues_only_a_quote_left_open(text: str) -> None:
    texts = [q.text for q in quotes_of(text)]
    assert not any("police said" in t.lower() or "tall" in t for t in texts), texts


@pytest.mark.parametrize("text", ['"We are all shocked," Mr Roe said.', '"We are all shocked," Mrs. Ann Poe said.'])
def test_a_form_of_address_is_no_role(text: str) -> None:
    assert [q.role for q in quotes_of(text)] == [None]


def test_inch_mark_is_not_a_quote() -> None:
    assert quotes_of('The 13" model ships with a faster chip and a larger battery than last year.') == []


def test_pronoun_with_nobody_before_stays_unknown() -> None:
    found = quotes_of('"We were lucky to get out of the building alive," she said.')
    assert len(found) == 1 and found[0].speaker is None


@pytest.mark.parametrize(
    ("text", "speaker", "role"),
    [
        ('"I think the new series will surprise people," said Halvorsen in an interview.', "Halvorsen", None),
        ('Lawyer Irene Vasquez said: "This tragedy is the result of a reckless act."', "Irene Vasquez", "Lawyer"),
        ('"It was a sad day for every family here," said Springdale High School Principal Cole Avery.', "Cole Avery", "Springdale High School Principal"),
        # the province a title is of stands between the title and the name: the role's, not the name's
        ('"We will rebuild the gate by Friday," Chief Minister Khyber Pakhtunkhwa Jon Varnes said.', "Jon Varnes", "Chief Minister Khyber Pakhtunkhwa"),
        (
            'Chief Minister Khyber Pakhtunkhwa Jon Varnes visited the wounded. "Every family will be helped," Varnes said.',
            "Jon Varnes",
            None,
        ),
    ],
)
def test_speaker_slot_and_titles(text: str, speaker: str, role: str | None) -> None:
    assert [(q.speaker, q.role) for q in quotes_of(text)] == [(speaker, role)]


def test_speaker_after_a_title_abbreviation() -> None:
    found = quotes_of('"We know who was involved in the robbery," said Lt. Rosa Delgado. Officers searched the block.')
    assert [(q.speaker, q.role) for q in found] == [("Rosa Delgado", "Lt.")]


def test_named_title_is_not_a_quote() -> None:
    text = 'The council passed a motion entitled "Condemning the senseless violence that took place downtown" on Friday.'
    assert quotes_of(text) == []


def test_participle_speaker_keeps_title() -> None:
    text = 'Police Commissioner Dana Whitfield urged calm, saying: "What we have seen is far less than in other cities."'
    assert [(q.speaker, q.role) for q in quotes_of(text)] == [("Dana Whitfield", "Police Commissioner")]


@pytest.mark.parametrize(
    ("text", "speaker", "role"),
    [
        ('"They just started shooting at everyone," his aunt, 61-year-old Odette Marsh, said on Sunday.', "Odette Marsh", "his aunt"),
        ("“He was a gentle kid who loved music,” said Tariq’s dad, Samuel Okoro.", "Samuel Okoro", "Tariq’s dad"),
        ("“He always helped out,” said the former Youth Center director Pavel Novak.", "Pavel Novak", "former Youth Center director"),
        ('"We were lucky to get out," said Harlan Reed, the owner of the store.', "Harlan Reed", "the owner of the store"),
        ('"Someone in that block knows who did it," the detective said.', "detective", None),
    ],
)
def test_appositives_and_generic_speakers(text: str, speaker: str, role: str | None) -> None:
    assert [(q.speaker, q.role) for q in quotes_of(text)] == [(speaker, role)]


@pytest.mark.parametrize(
    ("text", "speaker", "role"),
    [
        ('Agency spokesperson Rabia K. Osei defended the plan, saying, "We are only securing the border."', "Rabia K. Osei", "Agency spokesperson"),
        ("“There is no set way to handle a loss like this,” said Dr. Lenz. The school reopened on Monday.", "Lenz", "Dr."),
    ],
)
def test_initials_and_abbreviated_titles(text: str, speaker: str, role: str) -> None:
    assert [(q.speaker, q.role) for q in quotes_of(text)] == [(speaker, role)]


@pytest.mark.parametrize(
    ("text", "words", "background"),
    [
        # a remark recalled from years before: the sentence is about that time
        ("Former President Jon Roe called the general “the worst man in the world” and ordered the 2020 strike.",
         "the worst man in the world", True),
        # a reaction right after a sentence that tells another attack reacts to that one
        ("It comes a day after Jo Roe was killed in a drone strike in Elmtown. "
         "Norway condemned the attack, saying it would “ignite another surge of anger across the region”.",
         "ignite another surge of anger across the region", True),
        # the condemnation inside the quoted words is the speaker's own, of this attack
        ("It came a day after Jo Roe was killed in a drone strike in Elmtown.\n\n"
         "“I strongly condemn the terror attack in Varnton and pray for the injured,” the minister wrote.",
         "I strongly condemn the terror attack in Varnton and pray for the injured", False),
        ("“Our teams are evacuating the injured from the square,” Jon Roe, head of the Red Crescent, said.",
         "Our teams are evacuating the injured from the square", False),
    ],
)
def test_quotes_said_of_another_event_are_marked(text: str, words: str, background: bool) -> None:
    found = {q.text: q.background for q in quotes_of(text)}
    assert found[words] is background


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # typewriter marks: "...'' closes, and the quoted term is a name, no quote
        ("The island sits on the Pacific \"Ring of Fire'' where plates collide, causing frequent quakes.", []),
        ("\"We have no water left in the whole camp,'' said Jon Roe, a resident.", ["We have no water left in the whole camp"]),
        # German marks: the high “ closes the low „
        ("Laut Weber gehören alle dazu, „die an der Psyche verletzt wurden und sich nicht gut fühlen“. Wer Einbußen erlitt, "
         "werde auch als Betroffener gesehen.", ["die an der Psyche verletzt wurden und sich nicht gut fühlen"]),
    ],
)
def test_doubled_and_german_quotation_marks(text: str, expected: list[str]) -> None:
    assert [q.text for q in quotes_of(text)] == expected


def test_a_document_is_no_speaker() -> None:
    [quote] = quotes_of('"The slope is still moving and rescuers are at risk," the letter said.')
    assert quote.speaker is None


def test_a_pronoun_after_another_person_is_introduced_is_not_the_last_speaker() -> None:
    text = (
        'Students lit candles. "This should never be normal," said Jon Roe, a student. '
        'The university\u2019s rector, Ann Poe, was also among the crowd. "The whole campus is shaken, deeply shaken," she said.'
    )
    speakers = {q.text: q.speaker for q in quotes_of(text)}
    assert speakers["This should never be normal"] == "Jon Roe"
    assert speakers["The whole campus is shaken, deeply shaken"] is None


def test_a_pronoun_takes_the_speaker_named_before_it_in_its_sentence() -> None:
    """The sentencizer keeps "... in Elm del Mar. He said ..." as one sentence: the speaker named
    before the pronoun in that sentence is the one, not a source of the sentence before."""
    text = (
        "The Elm Forensic Service has said many bodies were hard to identify.\n"
        "“My parents’ house burned, and my neighbours died,” said Jo Roe, 46, going through debris in Viña del Mar. "
        "He said his neighbours were “family that is not of blood but of the heart.”"
    )
    speakers = {q.text: q.speaker for q in quotes_of(text)}
    assert speakers["family that is not of blood but of the heart."] == "Jo Roe"


def test_a_quote_that_opens_a_sentence_after_a_paraphrase_is_the_paraphrased_speakers() -> None:
    """News goes on from what someone said to their own words: the quote has no cue of its own."""
    (quote,) = quotes_of("Police chief Jon Roe said the first blast hit the gate. \u201cA few minutes later, another blast hit the mosque.\u201d")
    assert quote.speaker == "Jon Roe"


def test_an_outlet_told_is_not_the_speaker_of_the_quote_after() -> None:
    (quote,) = quotes_of("The rescue chief spoke to the Varn Herald. \u201cNo one is expected to be found alive under the debris now.\u201d")
    assert quote.speaker != "Varn Herald"


@pytest.mark.parametrize(
    "text",
    [
        # a cue of its own that names no one: a document
        'A classmate spoke to the police. "He looked up and saw the victim lying on the ground," the report said.',
        # someone after the quote the rules do not read as its speaker
        'Jon Roe said the family was devastated. "I never thought I would identify my granddaughter," lamented Ann Varn.',
    ],
)
def test_a_quote_with_a_cue_or_a_name_of_its_own_is_not_the_paraphrased_speakers(text: str) -> None:
    assert all(q.speaker not in ("classmate", "Jon Roe") for q in quotes_of(text))
