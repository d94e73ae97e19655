"""attribution_of: who a sentence attributes a statement to, on the seeds and on written sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosscheck.extract.attribution import attribution_of, cues
from crosscheck.model import Article, SourceKind
from crosscheck.nlp.document import AnalyzedDoc, Sentence

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"


def sentences(text: str) -> list[Sentence]:
    return AnalyzedDoc(Article(id="t", text=text, source="test")).sentences


def one(text: str) -> Sentence:
    found = sentences(text)
    assert len(found) == 1, [s.text for s in found]
    return found[0]


def seed_sentence(prefix: str, words: str) -> Sentence:
    path = next(SEEDS.glob(f"{prefix}_*.txt"))
    doc = AnalyzedDoc(Article(id=prefix, text=path.read_text(encoding="utf-8"), source=str(path)))
    return next(s for s in doc.sentences if words in s.text)


@pytest.mark.parametrize(
    ("prefix", "words", "expected"),
    [
        ("000", "reports the IRNA agency", "IRNA"),
        ("000", "According to alarabiya", "Al Arabiya"),
        ("000", "State broadcaster Irib", "IRIB"),
        ("000", "Al Mayadeen news agency posted", "Al Mayadeen"),
        ("000", "Tasnim news agency reported", "Tasnim"),
        ("001", "according to Nournews", "Nournews"),
        ("001", "Iran International said", "Iran International"),
        ("002", "the Guardian said", "The Guardian"),
        ("002", "Iranian media has since reported", "Iranian media"),
    ],
)
def test_seed_attributions(prefix: str, words: str, expected: str) -> None:
    assert attribution_of(seed_sentence(prefix, words)) == expected


def test_innermost_speaker_wins_over_the_reporting_outlet() -> None:
    sentence = seed_sentence("002", "Mohammad Saberi")
    at = sentence.text.index("20 people")
    assert attribution_of(sentence, at, at + 9) == "Mohammad Saberi"
    # the outlet still covers the sentence as a whole source
    assert "Al Jazeera" in {c.name for c in cues(sentence)}


def test_citing_chain_resolves_to_the_cited() -> None:
    sentence = seed_sentence("001", "Local media cited officials")
    at = sentence.text.index("the blasts")
    assert attribution_of(sentence, at, at + 10) == "officials"


def test_speaker_not_the_medium() -> None:
    sentence = one("The hospital was full, Jane Holloway, a nurse at the clinic, told state television.")
    assert attribution_of(sentence, 0, 10) == "Jane Holloway"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Two men were arrested, police said.", "police"),
        ("The sheriff's office said three people were hurt.", "sheriff's office"),
        ("Officials said the road would stay closed until Friday.", "officials"),
        ("According to Reuters, the talks collapsed on Monday.", "Reuters"),
        ("The talks collapsed on Monday, according to the Associated Press.", "Associated Press"),
        ("Xinhua news agency reported that the bridge had collapsed.", "Xinhua"),
        ("The bridge had collapsed, reports the Anadolu agency.", "Anadolu Agency"),
        ("Local media reported that the bridge had collapsed.", "local media"),
        ("The bridge had collapsed, the BBC said.", "BBC"),
        ("Witnesses said they heard at least six shots.", "witnesses"),
        # a count given by its source, with no verb of speech
        ("The provincial governor, Ada Fenn, put the toll at 32 on Tuesday.", "Ada Fenn"),
        ("The health ministry put the number of dead at 40.", "health ministry"),
        # a ministry's or an office's remit stays in its name
        ("Forty people died, the interior ministry said.", "interior ministry"),
        ("The regional governor said the road was closed.", "regional governor"),
        # the services accident and disaster reports cite
        ("The ferry sank within minutes, the coastguard said.", "coastguard"),
        ("Nine people died in the blaze, the fire service said.", "fire service"),
        ("Civil defence said 40 bodies had been recovered.", "civil defence"),
        # an office by the title it serves
        ("The mayor's office said the shelter would open at noon.", "mayor's office"),
        ("Elmland's prosecutor general's office put the number of wounded at 43.", "Elmland's prosecutor general's office"),
        ("The attorney general's office said four men were charged.", "attorney general's office"),
        # the non-state sources crisis and conflict reports cite
        ("Rights groups said 40 people were killed in the crackdown.", "rights groups"),
        ("The opposition said 40 people were killed.", "opposition"),
        ("Opposition leaders claimed that more than 100 people had died.", "opposition leaders"),
        ("The organisers said more than 250,000 people attended.", "organisers"),
        ("The union said 40 workers were killed.", "union"),
        ("The European Union said it would send aid.", "European Union"),
        # a kin word with "great-" in an appositive before the name
        ("\"She was sleeping,\" the girl's great-uncle, Michael Varn, said Friday.", "Michael Varn"),
        # a speech verb sharing the subject of the verb before it
        ("The defence ministry denied targeting civilians and said 60 fighters were killed.", "defence ministry"),
        ("The Varnton police confirmed the deaths and later said two men were held.", "Varnton police"),
    ],
)
def test_written_patterns(text: str, expected: str) -> None:
    assert attribution_of(one(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The Guardian building on Kings Place was evacuated on Tuesday.",
        "Reuters journalists visited the plant last year.",
        "Three people were killed in the crash.",
        "People can be heard screaming in the video.",
        "The crew put the lifeboats at the stern.",
        "Police put the suspect in a cell overnight.",
        "The driver was taken to hospital and said to be in a stable condition.",
        # a verb after "and" whose subject is another clause's, not the sentence's opening one
        "Deputies were dispatched after a woman came to a store and asked staff to call an ambulance.",
        "Traffic slowed and Ruelas forced his way into the car and told the driver to go.",
    ],
)
def test_no_attribution(text: str) -> None:
    assert attribution_of(one(text)) is None


def test_pronoun_resolves_to_the_previous_speaker() -> None:
    found = sentences("Mayor Carla Benton said the park would reopen. She added that repairs would cost $2 million.")
    assert attribution_of(found[1]) == "Carla Benton"


def test_statement_inside_the_name_is_not_attributed_to_it() -> None:
    sentence = one("Al Jazeera reported that ten people died.")
    assert attribution_of(sentence, 0, 10) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nine people died, according to new reports from rescue authorities.", "rescue authorities"),
        ("Five people died, according to figures from the health ministry.", "health ministry"),
    ],
)
def test_according_to_reports_from(text: str, expected: str) -> None:
    assert attribution_of(one(text)) == expected


def test_seed_toll_attributed_to_rescue_authorities() -> None:
    sentence = seed_sentence("000", "At least 103 people were killed")
    at = sentence.text.index("103")
    assert attribution_of(sentence, at, at + 3) == "rescue authorities"


def test_surname_takes_the_full_name_given_earlier() -> None:
    found = sentences("Harriet Okonkwo, the county coroner, visited the site. Okonkwo said the victim died at the scene.")
    assert attribution_of(found[1]) == "Harriet Okonkwo"


def test_entity_recogniser_alone_gives_the_full_pipeline_entities() -> None:
    """``_ner`` skips the shared tok2vec: only tagger and parser listen to it, ner embeds on its own."""
    from crosscheck.extract.attribution import _ner
    from crosscheck.nlp.document import parser

    assert "ner" not in parser().get_pipe("tok2vec").listening_components
    snippet = "Officers found the man near Fifth Street, said Marcus Delaney, who lives in Oakland"
    full = [(e.start_char, e.end_char, e.label_) for e in parser()(snippet).ents]
    assert full and [(e.start_char, e.end_char, e.label_) for e in _ner(snippet).ents] == full


def test_estimates_before_a_verb_of_their_own_are_no_one_who_estimates() -> None:
    """"Unofficial estimates put the toll at 80": "estimates" is the subject's noun, not the verb of
    someone named "Unofficial" (read so in a report with a speaker in the sentence before)."""
    doc = AnalyzedDoc(Article(id="d", source="written", published="2027-01-30", title=None, text=(
        "Chief Minister Anil Varma announced compensation for the families of the dead. Unofficial estimates "
        "put the death toll as high as 80, but officials denied the figure. Rescuers estimated 40 people "
        "were still trapped.")))
    named = [cue.name for sentence in doc.sentences for cue in cues(sentence)]
    assert "Unofficial" not in named
    assert "rescuers" in named  # "estimated 40 people": the verb, with what was estimated after it


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        ('"The administration failed the pilgrims," said opposition leader Rama Devi.', "Rama Devi", "other"),
        ("Rebel commander Jon Varnes said his fighters had withdrawn.", "Jon Varnes", "other"),
        ('"We will rebuild," said Interior Minister Ada Fenn.', "Ada Fenn", "official"),
    ],
)
def test_who_opposes_or_fights_the_government_holds_no_office(text: str, name: str, kind: str) -> None:
    assert [(cue.name, cue.kind.value) for cue in cues(one(text))] == [(name, kind)]


@pytest.mark.parametrize(
    "text",
    [
        "The toll rose to 34, district magistrate Ravi Anand said on Sunday.",
        "The toll rose to 34, district collector Ravi Anand said on Sunday.",
        "The prefect of the region, Anne Roy, said four people died.",
    ],
)
def test_administrators_by_their_title_are_officials(text: str) -> None:
    (cue,) = [c for c in cues(one(text)) if c.speaker]
    assert cue.kind is SourceKind.OFFICIAL


@pytest.mark.parametrize(
    ("text", "words", "expected"),
    [
        # a cue set off by commas speaks for what comes before and after it
        ("Two people were killed, police said, after a gunman opened fire at a bar.", "Two people", "police"),
        ("Two were killed, police said, and three others were hurt.", "three others", "police"),
        ("The man, police said, was 20.", "was 20", "police"),
        # unless it is a document that names no one
        ("Many homes were damaged, the report said, while the dam held, the Varn Agency reported.", "Many homes", "Varn Agency"),
    ],
)
def test_a_cue_between_commas(text: str, words: str, expected: str) -> None:
    sentence = one(text)
    at = sentence.text.index(words)
    assert attribution_of(sentence, at, at + len(words)) == expected
