"""Background: sentences and clauses that speak of another event than the one reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosscheck.extract.background import background_sentences, is_background, reference_year
from crosscheck.model import Article
from crosscheck.nlp.document import AnalyzedDoc

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"


def doc(text: str, published: str | None = "2024-01-04") -> AnalyzedDoc:
    return AnalyzedDoc(Article(id="t", text=text, source="test", published=published))


@pytest.mark.parametrize(
    "text",
    [
        "It comes a day after a senior commander was killed in Beirut.",
        "The 2004 quake that killed 600 people was the worst in decades.",
        "He was killed in January 2020 in a drone strike.",
        "In a separate incident, a woman was wounded on Elm Street.",
        "So far this year, 120 people have been shot in the city.",
        "Related: Two killed in crash on the interstate",
        # counts over a city, a state or several shootings: a round-up, not this incident's toll
        "Besides those killed, 41 other people were wounded in gun violence citywide.",
        "Seven other people were shot across the city over the weekend.",
        "Four children were killed statewide in accidents last year.",
        "On one night, nine people were killed in city shootings.",
        "Six people were wounded in Varnton shootings on Sunday.",
        "Three people were killed in Monday shootings on the North and West sides.",
        "He was one of three people killed and 27 wounded over an eight-hour stretch that night.",
        "At least 21 people were shot in incidents spanning each of the five boroughs.",
        "Three incidents of gunfire left a teen dead and six others wounded.",
        "It happened amid a violent two-hour span in which 10 people were shot and one man was killed.",
        "The shooting follows recent ambush-style attacks against police in Varnton, where five officers died.",
        "Police were on alert in the wake of fatal ambushes of officers in Varnton that killed eight.",
        "The shooting comes after a string of shootings in Varnton that killed four.",
        "Thirteen people were struck by gunfire in a weekend of violence in Varnton.",
        "A night of bloodshed left four dead across Varnton.",
    ],
)
def test_other_events_are_background(text: str) -> None:
    assert background_sentences(doc(text)) == {0}


@pytest.mark.parametrize(
    "text",
    [
        "At least 20 people were killed on Wednesday.",
        "The man died two days after the shooting.",
        "Police said in 2024 the attack killed 5.",  # the report's own year
        "Two people were killed in the shootings at the mall.",  # "the shootings" can be one spree
        "Two people were killed in the Varnton shootings on Sunday.",
        "Police arrested a man following a shooting that left two dead.",
        "Police across the city searched for the man who shot a guard.",  # no one hurt across the city
    ],
)
def test_the_event_itself_is_not_background(text: str) -> None:
    assert background_sentences(doc(text)) == set()


def test_clause_level() -> None:
    d = doc("Five people were killed on Monday; the 2010 flood killed 300.")
    (sentence,) = d.sentences
    five = sentence.text.index("Five")
    three_hundred = sentence.text.index("300")
    assert not is_background(sentence, five, five + 4)
    assert is_background(sentence, three_hundred, three_hundred + 3)


@pytest.mark.parametrize(
    ("text", "figure", "background"),
    [
        # a second place added to the list of recalled attacks, with its own relative clause
        ("The shooting follows recent attacks on police in Varnton, where five officers died, "
         "and Quellham, La., where three died.", "three", True),
        # a clause with its own subject and verb after ", and" tells this event
        ("The shooting follows recent attacks on police in Varnton, where five officers died, "
         "and police said two officers were hurt on Sunday.", "two", False),
    ],
)
def test_a_recalled_list_goes_on_after_and(text: str, figure: str, background: bool) -> None:
    (sentence,) = doc(text).sentences
    at = sentence.text.index(figure)
    assert is_background(sentence, at, at + len(figure)) is background


def test_undated_report_treats_any_explicit_year_as_background() -> None:
    d = doc("He was killed in 2020.", published=None)
    assert reference_year(d) is None
    assert background_sentences(d) == {0}


def test_undated_report_is_placed_by_the_full_dates_it_gives() -> None:
    d = doc(
        "The quake struck on Sunday, September 1, 2013, near the town of Zarand.\n"
        "Officials said in 2013 the new building code had saved lives.\n"
        "The 2004 quake in the same valley killed 600 people.",
        published=None,
    )
    assert reference_year(d) == 2013
    assert background_sentences(d) == {2}


@pytest.mark.parametrize(
    "text",
    [
        "Two men were shot in the 1900 block of Elm Street at about 12:50 p.m.",
        "The shooting happened at 2012 Roe Avenue around 1 a.m. Sunday.",
    ],
)
def test_an_address_in_the_years_range_dates_nothing(text: str) -> None:
    assert background_sentences(doc(text, published="2015-06-01")) == set()


def test_seed_background() -> None:
    """The seeds' other events: Soleimani's death in 2020 and the killing in Beirut the day before."""
    found = {}
    for path in sorted(SEEDS.glob("*.txt")):
        d = AnalyzedDoc(Article(id=path.name, text=path.read_text(encoding="utf-8"), source=str(path)))
        found[path.name[:3]] = [d.sentences[i].text for i in sorted(background_sentences(d))]
    assert any("aged 62" in s for s in found["000"])
    assert any("Beirut" in s for s in found["001"])
    assert any("Lebanon" in s for s in found["002"])
    for sentences in found.values():
        assert not any("103" in s for s in sentences)


@pytest.mark.parametrize(
    "text",
    ["Related charges were filed against two men who were arrested.", "It was the third shooting this year in which two people were killed."],
)
def test_cues_that_look_like_background_but_are_not(text: str) -> None:
    assert background_sentences(doc(text)) == set()


@pytest.mark.parametrize(
    "text",
    [
        "Last year in the city, 4,021 people were shot.",
        "At this time last year, 9 adults were wounded, the data shows.",
        "Eight people were killed and 40 wounded in shootings across the city over the weekend.",
        "Two men were killed and four people were wounded in three separate shootings on Saturday.",
        "A man is dead and a boy was hurt after both were shot in separate incidents.",
        "► Related: Woman charged in fatal shooting of neighbour",
        "0:50 One dead after crash on the interstate",
        "One dead, one hurt following two separate shooting incidents in the city",
        "Detectives are looking into four separate double shootings, in which two people died.",
        "Four people were killed and eight wounded in shootings from Friday to Sunday, police said.",
        "Eight months after a man was killed nearby, the block held a vigil.",
        # a headline's round-up: a city's shootings of one weekend, shootings over a span of days
        "17 dead, 41 wounded in Varnton weekend shootings",
        "The toll of 4 shootings in 4 days: one man killed, seven teens hurt",
        # a stretch of time told as violent, or a city's gunfire over it: the subject of a total
        "Violent night in Varnton leaves one dead, nine others wounded",
        "A bloody weekend in the city left 3 dead and 20 hurt.",
        "In Varnton, weekend gunfire kills 1, wounds 12",
        "Police: 6 killed, 30 wounded in Memorial Day weekend shootings",
        "Seven adults and a child were shot in five hours, police said.",
        # an earlier happening told by last week or weeks ago
        "The party follows a shooting last week that left a 20-year-old dead.",
        "Two weeks ago, a man was shot and killed on the same block.",
        "Protesters have camped out there since Nov. 15, when police fatally shot a man.",
    ],
)
def test_statistics_round_ups_and_links_are_background(text: str) -> None:
    assert background_sentences(doc(text)) == {0}


@pytest.mark.parametrize(
    "text",
    [
        "Four people were killed in the shootings at the mall on Saturday.",  # one spree
        "10:30 p.m. Police said two men were wounded.",  # a clock time, not a video's length
        "Two men were wounded in a shooting across the street.",
        "A man was killed in one of three shootings overnight.",  # the one is this event
        "Two killed in a shooting in Varnton on Sunday",  # one shooting, not a city's
        "A violent robbery left a clerk dead on Sunday.",  # violent, but no stretch of time
        "The man died in hospital five hours after he was shot.",  # hours after, not shot over hours
        # a follow-up tells its own event by last week; a vigil can turn violent on the night itself
        "Last week's escapee is still at large and now on the most-wanted list.",
        "The man who was shot last week died on Monday.",
        "A candlelight vigil turned violent Monday night when shots were fired.",
        "She died after suffering a heart attack more than a week ago.",
        "Two men were wounded in a shooting at a Varnton bar on Saturday night.",
    ],
)
def test_one_incident_is_not_a_round_up(text: str) -> None:
    assert background_sentences(doc(text)) == set()


@pytest.mark.parametrize(
    ("text", "recalled"),
    [
        # a vigil, memorial or funeral for someone killed earlier
        ("The shots were fired as friends held a candlelight vigil for a man killed on Oak Street in May.", "a man"),
        ("Neighbors had gathered to mourn the death of a teenager who was shot near the park.", "a teenager"),
        # retaliation for another shooting, a later predicate sharing its subject included
        ("Police believe it was in retaliation for a shooting that wounded two women, and killed a man.", "a man"),
        # a tally up to now in the present perfect
        ("Six people have been fatally shot since the new patrols began in June.", "Six"),
    ],
)
def test_an_earlier_death_recalled_is_background(text: str, recalled: str) -> None:
    (sentence,) = doc(text).sentences
    at = sentence.text.index(recalled)
    assert is_background(sentence, at, at + len(recalled))


def test_the_event_beside_a_vigil_is_not_background() -> None:
    # ", leaving a boy dead" hangs on the main clause: the event's own death, not the vigil's.
    (sentence,) = doc("Gunfire broke out near a vigil for two drowning victims, leaving a boy dead.").sentences
    at = sentence.text.index("a boy")
    assert not is_background(sentence, at, at + 5)
    at = sentence.text.index("two drowning")
    assert is_background(sentence, at, at + 3)


def test_a_count_since_the_event_is_not_a_tally() -> None:
    # no present perfect: the event's toll, with "since" elsewhere
    assert background_sentences(doc("Two men were shot and killed on Friday, the first killings since May.")) == set()


@pytest.mark.parametrize(
    "text, published, expected",
    [
        ("In March, a driver hit a crowd at a parade, killing one.", "2016-01-26", {0}),
        ("The suspect was also charged in a shooting last March that wounded two.", "2016-07-02", {0}),
        # the publication month itself, a month with its day, or an undated report: no earlier month
        ("In January, a driver hit a crowd at a parade, killing one.", "2016-01-26", set()),
        ("A driver hit a crowd at a parade on Mar. 3, killing one.", "2016-01-26", set()),
        ("In March, a driver hit a crowd at a parade, killing one.", None, set()),
        # "may" the verb is no month
        ("Police said the toll may rise.", "2016-07-02", set()),
    ],
)
def test_a_clause_dated_by_an_earlier_month_alone(text: str, published: str | None, expected: set) -> None:
    assert background_sentences(doc(text, published)) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # "In that case" tells on the other event the sentence before named
        ("A man was shot on Elm Street on Sunday. Neighbours asked why a man is charged in a similar "
         "shooting in Varnton over the weekend. In that case, a boy was killed and another injured.", {1, 2}),
        ("A man was shot on Elm Street on Sunday. The shooting mirrors another that occurred on Elm "
         "Street in June 2019. In that incident, a student was killed.", {1, 2}),
        # after a sentence about the event itself, "that case" is the event
        ("A man was shot on Elm Street on Sunday. Police charged Jon Roe on Monday. In that case, "
         "prosecutors asked for a high bail.", set()),
        # "It killed" / "That quake destroyed" after an earlier happening tells its toll
        ("A quake struck Varnton on Sunday. The last big quake in the region was in March, when a "
         "tremor rocked Elmdale. It killed 612 people and injured 1,400.", {1, 2}),
        ("A quake struck Varnton on Sunday. The last big quake in the region hit Elmdale in 2019. "
         "That quake destroyed 300 homes.", {1, 2}),
        # after the event itself, "It killed" is the event's toll
        ("A quake struck Varnton on Sunday. It killed ten people.", set()),
        # "those shootings" after a count of shootings over a year: the statistic goes on
        ("A boy was shot on Elm Street on Sunday. Police counted 3,100 shooting incidents through May 1, "
         "above the 2023 total. More than 3,000 people have been injured in those shootings.", {1, 2}),
        # "that crash" after a sentence about an earlier crash tells that crash on
        ("A boy was shot on Elm Street on Sunday. It comes two weeks after two students were killed in a "
         "car crash. Three other students were also injured in that crash on Oct. 3.", {1, 2}),
        # a link to another story is no narrative to point back into
        ("A man was shot on Elm Street on Sunday. Related: Police seek suspect in Varnton stabbing. "
         "About an hour after that incident, a girl was struck by a bullet on Oak Street.", {1}),
        # after the event itself, "those shootings" are the event's
        ("Two men were shot on Elm Street on Sunday, an hour apart. Police have made no arrest in those "
         "shootings.", set()),
    ],
)
def test_in_that_case_continues_the_other_event_before_it(text: str, expected: set) -> None:
    assert background_sentences(doc(text, "2024-05-06")) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a tally in the present perfect over this year
        ("A man was shot on Elm Street on Sunday. At least five other children have been shot in the city "
         "this year, two fatally.", {1}),
        # what follows an offset of a year or months before the event
        ("A man was shot on Elm Street on Sunday. A year earlier, Jon Roe was shot and killed there.", {1}),
        # an offset at the end of a clause leaves the clause before it alone
        ("Jon Roe was killed and four people were wounded in a shooting on a block that was the scene "
         "of a similar shooting a year earlier.", set()),
        # a tally "so far in" the year
        ("A man was shot on Elm Street on Sunday. So far in 2024, at least 47 people have been killed in Varnton.", {1}),
        # days earlier can be the event itself
        ("A man was found dead on Elm Street on Sunday. Two days earlier, he had been shot in the leg.", set()),
    ],
)
def test_tallies_of_the_year_and_offsets_of_years_are_background(text: str, expected: set) -> None:
    assert background_sentences(doc(text, "2024-05-06")) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the event counted as the second of a week: the sentence after it tells the first one
        ("A 5-year-old boy was shot and killed on Elm Street on Saturday. This is the second shooting this "
         "week in which a child was shot in Varnton. On Wednesday, a 2-year-old and a man were wounded on "
         "Oak Avenue.", {2}),
        ("A man was killed in Varnton on Sunday. It was the third shooting in the city in two days. An "
         "18-year-old was shot on Quellham Road on Friday.", {2}),
        ("A toddler was shot on Elm Street. The shooting marked the second time in a month that a toddler "
         "had been shot in Varnton. A 2-year-old girl died after she was shot in a car on Nov. 22.", {2}),
        # a clock time alone: the story of the event goes on
        ("A man was killed in Varnton on Sunday. It was the second shooting in recent weeks carried out "
         "with a rifle. About 6 p.m., a group of men drove into the 4200 block of Elm Street and opened fire.",
         set()),
        # a count with no span of time is no recall of another happening
        ("Two men were found dead on Sunday. This is the fourth death related to the case. Police said on "
         "Monday that a third man had died.", set()),
        # the other happening goes on in the same paragraph, not in the next one
        ("A boy was shot on Elm Street on Saturday. This is the second shooting this week in Varnton. On "
         "Wednesday, a man was wounded on Oak Avenue. Jo Roe, 35, was arrested in connection with the "
         "shooting.\n\nPolice said the boy was taken to a hospital.", {2, 3}),
        ("A boy was shot on Elm Street on Saturday. This is the second shooting this week in Varnton. On "
         "Wednesday, a man was wounded on Oak Avenue.\n\nJo Roe, 35, was arrested in connection with the "
         "shooting.", {2}),
        # the event counted again, in the same paragraph, is the event's own
        ("A boy was shot on Elm Street on Saturday. It was the second shooting by deputies in 34 days. On "
         "Oct. 16, a man was shot on Chase Street. Saturday's shooting is the second use of force on a "
         "teenager in two years.", {2}),
    ],
)
def test_what_follows_the_event_counted_among_others_of_a_span_is_the_other_one(text: str, expected: set) -> None:
    assert background_sentences(doc(text, "2024-05-06")) == expected
