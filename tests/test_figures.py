"""The figures extractor on sentences written for these tests, one pattern (or trap) each."""

from __future__ import annotations

import pytest

from crosscheck.extract.figures import extract
from crosscheck.model import Article, FigureKind, FigureMention, Stage
from crosscheck.nlp.document import AnalyzedDoc
from crosscheck.nlp.numbers import Role, quantities

K, I, M, A = FigureKind.KILLED, FigureKind.INJURED, FigureKind.MISSING, FigureKind.ARRESTED


def figures(text: str, published: str | None = "2024-05-01") -> list[FigureMention]:
    article = Article(id="t", text=text, source="test", published=published)
    return list(extract(AnalyzedDoc(article)))


def casualties(text: str) -> set[tuple[FigureKind, float]]:
    return {(m.kind, m.value) for m in figures(text) if m.kind.is_casualty}


def hurt(text: str) -> set[tuple[FigureKind, float]]:
    """The killed and injured figures of ``text``."""
    return {(k, v) for k, v in casualties(text) if k in (K, I)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("At least 103 people were killed in the attack.", {(K, 103)}),
        ("103 Iranians have been killed in the blasts.", {(K, 103)}),
        ("The gunman opened fire, killing 5 and wounding 3 others.", {(K, 5), (I, 3)}),
        ("The crash happened on Sunday, leaving 2 dead.", {(K, 2)}),
        ("Police: 2 dead after the shooting.", {(K, 2)}),
        ("Officials said the death toll rose to 12 on Monday.", {(K, 12)}),
        ("Five people died in the fire.", {(K, 5)}),
        ("Police arrest a man at the border.", {(A, 1)}),                     # the verb form, no determiner
        ("Ten people were killed and 141 were injured.", {(K, 10), (I, 141)}),
        ("Officials said another 60 people were injured.", {(I, 60)}),
        ("Police said a further 20 had been injured.", {(I, 20)}),
        ("A man was shot and killed on Elm Street on Friday.", {(K, 1)}),
        ("A woman was wounded in the leg.", {(I, 1)}),
        ("Three people were arrested after the game.", {(A, 3)}),
        ("Police arrested two suspects on Monday.", {(A, 2)}),
        ("Two climbers are missing after the avalanche.", {(M, 2)}),
        ("John Doe, 44, was pronounced dead at the scene.", {(K, 1)}),
        ("Police are investigating the fatal shooting of a teen near the park.", {(K, 1)}),
        ("A taxi driver was shot dead outside the station.", {(K, 1)}),
        ("Four people were hospitalized with burns.", {(I, 4)}),
        ("Gunfire left one student dead and three others wounded.", {(K, 1), (I, 3)}),
        ("The boy accidentally shot himself with his father's rifle.", {(I, 1)}),
        ("Springfield woman shot in foot while holding baby", {(I, 1)}),
        ("Two gunmen killed the guard.", {(K, 1)}),  # the guard, not the two killers
        ("AUBURN: Officials confirm one of the two deputies has died.", {(K, 1)}),
        ("Officers found a teenage boy wounded in the yard.", {(I, 1)}),
        ("The woman was taken to Holmes Regional Medical Center.", {(I, 1)}),
        ("A student is dead and two people are in police custody.", {(K, 1), (A, 2)}),
        ("Teen killed in drive-by shooting", {(K, 1)}),
        # a headline drops "is": its opening person "dead" is a statement, not a count's tail
        ("Man dead following Varnton shooting", {(K, 1)}),
        ("Varnton Woman Dead After Crash", {(K, 1)}),
        ("Teen dead, 2 hurt in Varnton shooting", {(K, 1), (I, 2)}),
        # a headline joins people with commas alone
        ("Man, woman shot in Varnton", {(I, 2)}),
        ("Teen, 3 adults shot at Varnton home", {(I, 4)}),
        ("Mother, son killed in Varnton crash", {(K, 2)}),
        # a sentence whose split left a quote dangling after its full stop is no headline
        ("\"She kept yelling, 'My son, my son dead,'\" Roe said. \"", set()),
        # a name alone as the object of a casualty verb
        ("A gunman shot and killed Jon Roe on Sunday.", {(K, 1)}),
        ("One of the intruders shot and wounded Jon Roe Jr., whose father returned fire.", {(I, 1)}),
        ("Police shot and killed Roe after he fired at them.", {(K, 1)}),
        ("The gunman was killed Sunday.", {(K, 1)}),  # a day is no name
        ("He shot Roe's dog, police said.", set()),  # a possessive names whose thing was hit
        ("Bystanders Injured In Shooting", set()),  # title case: "In Shooting" is no one named
        # victims of gunfire counted without a casualty verb were shot
        ("Medics took four gunshot victims to a hospital.", {(I, 4)}),
        ("Two shooting victims arrived at Elm Hospital; one died.", {(K, 1), (I, 1)}),
        # people named by what they do
        ("Varnton rapper shot and killed outside a club", {(K, 1)}),
        ("The bartender died at the scene.", {(K, 1)}),
        # one person's roles between commas, a list of what was only tried, a verb that opens a part
        ("Jon Roe, a Varnton High School senior and football player, had been shot in the chest.", set()),
        ("Roe is accused of trying to kill two officers and taking a woman hostage.", set()),
        ("Shots rang out, mortally wounding Roe and injuring a firefighter and the man's brother.", {(K, 1), (I, 2)}),
        # a finite death after a partitive is the part's
        ("Two of the three victims died.", {(K, 2)}),
        ("Two of the three shooting victims died.", {(K, 2), (I, 1)}),
        ("Two women, both 21, were wounded.", {(I, 2)}),
    ],
)
def test_casualty_patterns(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, killed, injured",
    [
        ("Two men were shot, one fatally, outside a bar on Saturday.", 1, 1),
        ("2 people shot, 1 fatally, in overnight gunfire", 1, 1),
        ("Seven people were shot, with six confirmed dead.", 6, 1),
        ("Four people were shot early Sunday. None of the injuries were life-threatening.", None, 4),
        # headlinese: the noun and the auxiliary dropped
        ("Three shot, one fatally, on Elm Street in Varnton", 1, 2),
        ("5 shot at Varnton bus stop", None, 5),
        ("Elmdale: 4 shot overnight near the river", None, 4),
        ("2 men, 3 women shot in Varnton, police say", None, 5),  # groups listed without "and"
        ("Police: 4 adults, 1 child shot in Elmdale", None, 5),
        ("Four children, two adults injured in range accident in Varnton", None, 6),
        # "others" are besides the dead: all of them wounded
        ("One killed, six others shot in Varnton", 1, 6),
        ("A man was killed and four other people were shot on Elm Street.", 1, 4),
    ],
)
def test_people_shot_split_into_killed_and_injured(text: str, killed: float | None, injured: float) -> None:
    found = figures(text)
    assert max((m.value for m in found if m.kind is K), default=None) == killed
    assert [m.value for m in found if m.kind is I] == [injured]


@pytest.mark.parametrize(
    "text",
    [
        "A 17-year-old boy was questioned by police.",                      # age, no casualty
        "Marcus Thompkins, 57, told reporters he heard 12 shots.",           # age, shots are not people
        "In 2019, the city recorded a drop in crime.",                       # year
        "The shooting happened near the 300 block of Main Street.",          # address
        "Traffic on Highway 40 was closed after the crash.",                 # road number
        "A $5,000 reward is offered for information about the killing.",    # money
        "The victims were found at 2 p.m. on Tuesday.",                      # clock time
        "The cemetery is a resting place for more than 1,000 people considered martyrs.",
        "Dozens of people were injured in the stampede.",                    # vague: no value
        "He fired one shot into the air.",                                   # a shot, not a person shot
        "One shot hit the window of the bar.",                               # a shot that hit a thing
        "Police fired one shot at the car.",                                 # "at" after a fired shot
        "He heard one shot in the night.",
        "The suspect and his brother shot at the officers.",                # a sentence, not a headline: the shooters
        "The toll of two shootings weighs on the neighbourhood.",  # a toll of incidents, not of people
        "No one was hurt.",                                                  # pronoun "one"
        "She worked as a clerk until her arrest a decade ago.",              # a verb's noun form after a determiner
        "Until his arrest an engineer at the port, he had no record.",
        "After the shooting a curfew was declared across the district.",
    ],
)
def test_negatives_state_no_casualty(text: str) -> None:
    assert casualties(text) == set(), casualties(text)


@pytest.mark.parametrize(
    "text",
    [
        "Jon Roe was shot at by an officer on Elm Street last week.",
        "Two men were shot at but not hit.",
        "A house on Elm Street had been shot at numerous times.",
        "The officers were shot at from the second floor.",
        "Neighbors said their cars had been shot at.",
    ],
)
def test_shot_at_is_a_target_not_a_wound(text: str) -> None:
    assert hurt(text) == set(), hurt(text)


@pytest.mark.parametrize(
    "text", ["Jon Roe was shot at Elm Park on Sunday.", "Jon Roe was shot at close range.", "Jon Roe was shot at least twice."]
)
def test_shot_at_a_place_is_a_wound(text: str) -> None:
    assert hurt(text) == {(I, 1.0)}


@pytest.mark.parametrize(
    "text, killed",
    [
        ("A Varnton man killed five members of his family and then shot and killed himself.", 6),
        ("A rampage left seven people dead before the gunman killed himself.", 8),
        ("A man who fatally shot seven people before killing himself was drunk, police said.", 8),
        ("Jon Roe killed his two sons on Friday before fatally shooting himself.", 3),
        ("Seven people died, including the gunman, who killed himself.", 7),   # the count took him in
        ("A gunman killed three people and then shot himself in the leg.", 3),  # no death of his told
    ],
)
def test_a_killer_who_then_killed_himself_is_one_more_dead(text: str, killed: float) -> None:
    assert {v for k, v in hurt(text) if k is K} == {killed}


def test_a_count_before_the_killers_own_death_is_not_killed() -> None:
    text = "A gunman fired into the crowd, killing two and injuring at least nine others before fatally shooting himself."
    assert hurt(text) == {(K, 3.0), (I, 9.0)}


@pytest.mark.parametrize(
    "text", ["Jon Roe killed his 12- and 10-year-old sons.", "Gunfire also struck 11- and 12-year-old boys."]
)
def test_a_count_before_a_hyphen_is_an_age(text: str) -> None:
    assert all(value < 10 for _, value in hurt(text)), hurt(text)


def test_shot_her_children_is_not_read_as_wounded() -> None:
    assert (I, 3.0) not in hurt("Police say a mother shot her three children before turning the gun on herself.")


def test_ages_are_not_tolls_even_beside_casualty_words() -> None:
    text = "Soleimani was killed aged 62 in a strike. At least 5 people were killed on Monday."
    assert casualties(text) == {(K, 5)}


@pytest.mark.parametrize(
    "text",
    [
        "It comes a day after two commanders were killed in Beirut.",
        "The 2004 quake that killed 600 people was the deadliest.",
        "In a separate incident, three people were injured on Route 9.",
        "In 2015, four officers were killed in a similar ambush.",
        "Related: 3 killed in shooting at mall",
        "So far this year, 120 people have been shot in the city.",
        "A year and a half ago a 12-year-old girl was killed on this corner.",
        "Two more people were shot in another attack early Sunday.",
    ],
)
def test_figures_of_other_events_are_background(text: str) -> None:
    assert casualties(text) == set()


def test_same_event_offset_is_not_background() -> None:
    assert casualties("The man died two days after the shooting.") == {(K, 1)}


def test_qualifiers_and_spans() -> None:
    text = "Officials said at least 20 people were killed."
    (m,) = figures(text)
    assert m.qualifier == "at least" and m.unit == "people"
    assert text[m.anchor.start : m.anchor.end] == "at least 20"
    assert (m.evidence.start, m.evidence.end) == (0, len(text))


@pytest.mark.parametrize(
    "text, stage",
    [
        ("Officials initially reported that 20 people were killed.", Stage.INITIAL),
        ("Initial reports said 20 people were killed.", Stage.INITIAL),
        ("The agency has since reported that 103 people have died.", Stage.REVISED),
        ("The death toll climbed to 40 on Tuesday.", Stage.REVISED),
        ("The latest figures show 40 people were killed.", Stage.LATEST),
        ("Forty people were killed, according to new reports.", Stage.LATEST),
        ("Forty people were killed in the attack.", None),
    ],
)
def test_stage_cues(text: str, stage: Stage | None) -> None:
    (m,) = [m for m in figures(text) if m.kind is K]
    assert m.stage is stage


def test_stage_is_read_per_figure() -> None:
    text = "Police first reported five victims, but police later said 6 people had been killed."
    stages = {m.value: m.stage for m in figures(text) if m.kind is K}
    assert stages[6] is Stage.REVISED


def test_explosions_interval_and_distance() -> None:
    text = (
        "Two explosions hit the square. The second blast came about 15 minutes after the first. "
        "The first explosion was 700 meters from the mosque. The second was about a kilometer (0.6 miles) away."
    )
    found = figures(text)
    by_kind = {}
    for m in found:
        by_kind.setdefault(m.kind, []).append(m)
    assert [m.value for m in by_kind[FigureKind.EXPLOSIONS]] == [2]
    (interval,) = by_kind[FigureKind.INTERVAL]
    assert (interval.value, interval.unit, interval.qualifier) == (15, "minutes", "about")
    distances = [(m.value, m.qualifier, m.subject, m.reference) for m in by_kind[FigureKind.DISTANCE]]
    assert distances == [(700, None, "first explosion", "mosque"), (1000, "about", "second explosion", "mosque")]


@pytest.mark.parametrize(
    "text",
    [
        "Jon Roe, who was arrested an hour after the bodies were found, was charged on Friday.",
        "The boy died from his injuries two hours later.",
        "If you do not receive the message within a few minutes of signing up, check your folder.",
    ],
)
def test_an_interval_is_between_explosions_or_shots(text: str) -> None:
    assert [m for m in figures(text) if m.kind is FigureKind.INTERVAL] == []


def test_interval_range_has_no_single_value() -> None:
    (m,) = figures("The blasts were separated by periods of about ten to 15 minutes.")
    assert (m.kind, m.value, m.low, m.high, m.qualifier) == (FigureKind.INTERVAL, None, 10, 15, "about")


def test_distance_units_are_normalised_to_meters() -> None:
    values = [m.value for m in figures("The second bomb went off 1km away from the gate, the first 300 feet from it.")]
    assert values == [1000, 91]  # 91.44 m would claim a precision "300 feet" does not state


@pytest.mark.parametrize(
    ("text", "reference"),
    [
        ("Varnton is a town about 24 miles west of Elm City.", "Elm City"),
        ("Roe was shot in Varnton, about 200 miles south of Washington, police said.", "Washington"),
        ("The first explosion was 700 meters from the tomb of the general.", "tomb"),
        ("The blast hit 2 km away from Kerman in the south.", "Kerman"),
    ],
)
def test_distance_reference_a_direction_or_a_name(text: str, reference: str) -> None:
    assert [m.reference for m in figures(text) if m.kind is FigureKind.DISTANCE] == [reference]


@pytest.mark.parametrize(
    ("text", "meters"),
    [
        ("The car was found about 24 miles away from the house.", 39000),
        ("The shots were fired from 95 yards away from the school.", 87),
        ("The blast was felt 1.25 miles away from the plant.", 2010),
        ("The second bomb went off 700 meters away from the gate.", 700),
        ("Roe, who lived half a mile away from the store, was shot.", 800),
        ("The car was found about a mile and a half away from the house.", 2400),
    ],
)
def test_converted_distances_keep_the_stated_precision(text: str, meters: float) -> None:
    assert [m.value for m in figures(text) if m.kind is FigureKind.DISTANCE] == [meters]


@pytest.mark.parametrize(
    "text",
    ["A man was shot and killed Tuesday in the 1900 block of Elm Street.", "A man was fatally shot at 2012 Roe Avenue on Sunday."],
)
def test_an_address_in_the_years_range_is_no_earlier_happening(text: str) -> None:
    assert hurt(text) == {(K, 1)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The quake struck at a depth of 10 kilometres, the survey said.", [(FigureKind.DEPTH, 10000)]),
        ("The tremor originated six miles beneath the surface near Varnton.", [(FigureKind.DEPTH, 9700)]),
        ("The quake was 8 km deep and was felt in Elm City.", [(FigureKind.DEPTH, 8000)]),
        ("It hit at a depth of just 10 km, 55 km south of Varnton.", [(FigureKind.DEPTH, 10000), (FigureKind.DISTANCE, 55000)]),
        # sizes, not how far anything is from anything
        ("The blast left a crater about two metres (6.6 feet) wide near the gate.", []),
        ("The quake struck along a 181-km (110 mile) long fault.", []),
        ("The island lies on a 25,000-mile-long chain of volcanoes.", []),
        # another happening's measure
        ("In April last year a quake struck 431 kilometres off Varnton.", []),
        # speeds, heights, and lengths of what the noun after them names
        ("Deputies chased him at speeds up to 193km/h before he stopped.", []),
        ("The car reached 120 miles per hour on the highway near Varnton.", []),
        ("He was described as a 5 foot, 8 inch man wearing a dark sweater.", []),
        ("He is 5-feet-8 inches tall and weighs 130 pounds, police said near Varnton.", []),
        ("A 30-mile pursuit followed the shooting near Varnton.", []),
    ],
)
def test_depths_and_sizes_are_no_distances(text: str, expected: list) -> None:
    found = [(m.kind, m.value) for m in figures(text, published=None) if m.kind in (FigureKind.DISTANCE, FigureKind.DEPTH)]
    assert found == expected


@pytest.mark.parametrize(
    ("text", "references"),
    [
        ("It destroyed houses some 320 kilometers from the provincial capital Varnton, officials said.", ["Varnton"]),
        ("The quake hit 55 km south of the town of Elmdale and 72 km east of Roeville.", ["Elmdale", "Roeville"]),
        ("Rebels were seen five kilometers south of the town of Elmdale Thursday.", ["Elmdale"]),
        ("The ferry sank 80 km off Varnton in heavy seas.", ["Varnton"]),
        ("The camp is about ten miles south of the border between Elmland and Roeland.", ["border"]),
        # a name first is the landmark, whatever lowercase words follow
        ("Hours later, a driver 50 miles north of Varnton spotted the car.", ["Varnton"]),
        ("It happened about three miles south of Elmdale off Highway 81.", ["Elmdale"]),
        # a participle or a relative clause after the head is about it
        ("The shots rang out about three miles south of a fundraiser attended by the mayor.", ["fundraiser"]),
        ("He was standing about 50 feet from the women who were killed, a witness said.", ["women"]),
        ("The boy was shot a few miles from the school he attended.", ["school"]),
        ("Varnton is about 55 miles south of the Elm border and 35 miles west of the Roe line.", ["Elm border", "Roe line"]),
    ],
)
def test_distance_reference_is_the_landmark_or_its_place_name(text: str, references: list[str]) -> None:
    assert [m.reference for m in figures(text) if m.kind is FigureKind.DISTANCE] == references


def test_a_time_converted_to_another_zone_is_one_time() -> None:
    found = figures("The quake struck on Tuesday at 07:37 a.m. UTC (3:37 a.m. EDT), the agency said.")
    assert [m.value for m in found if m.kind is FigureKind.TIME_OF_DAY] == ["07:37"]


def test_time_of_day_with_subject() -> None:
    (m,) = [m for m in figures("The first bomb exploded at 14:50 local time.") if m.kind is FigureKind.TIME_OF_DAY]
    assert (m.value, m.unit, m.subject) == ("14:50", "hh:mm", "first explosion")


def test_time_of_day_reads_pm() -> None:
    (m,) = [m for m in figures("The shooting happened at 2:15 p.m. on Sunday.") if m.kind is FigureKind.TIME_OF_DAY]
    assert m.value == "14:15"


def test_a_second_explosion_is_not_a_count() -> None:
    assert not [m for m in figures("A second explosion was heard.") if m.kind is FigureKind.EXPLOSIONS]


@pytest.mark.parametrize(
    "text",
    [
        "The victim was shot in the back and pronounced dead at the scene.",
        "Smith was taken to a local hospital, where he died a short time later.",
        "A 2-year-old boy has died after he accidentally shot himself at home.",
    ],
)
def test_one_person_hurt_then_dead_is_one_killed(text: str) -> None:
    assert casualties(text) == {(K, 1)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A couple and their two small children were found shot to death.", {(K, 4)}),
        ("A man, his wife and their two daughters died from gunshot wounds.", {(K, 4)}),
        ("Police say a man shot and killed his wife, son and daughter before killing himself.", {(K, 4)}),
        ("2 adults, six children dead in rural shootings", {(K, 8)}),
        ("John Roe and Jane Doe were arrested on Monday.", {(A, 2)}),
        ("Police said Tuesday, two men were killed.", {(K, 2)}),
    ],
)
def test_coordinated_people_are_summed(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the first "part" is a casualty verb's object, the rest the subject of a clause of their own
        ("A tunnel collapsed on Monday, killing one miner, and five others are missing.", {(K, 1), (M, 5)}),
        ("The blast killed a guard, and two workers were injured.", {(K, 1), (I, 2)}),
        ("The blast killed a guard, and two workers and a driver were injured.", {(K, 1), (I, 3)}),
    ],
)
def test_a_list_after_a_casualty_verb_starts_with_its_object(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # who conflict reports count, on either side
        ("The clash killed two soldiers and three militants.", {(K, 5)}),
        ("Three rebels and a soldier were killed.", {(K, 4)}),
        ("A militant was killed in the raid.", {(K, 1)}),
        ("The strike killed five fighters and two commanders.", {(K, 7)}),
        # who a school, a hospital or a market attack names
        ("A janitor and two patients were injured.", {(I, 3)}),
        ("Two pupils and a teacher were injured.", {(I, 3)}),
        ("The gunman killed a teacher, a janitor and two students.", {(K, 4)}),
        # an aircraft, a drone or a missile shot down hits no one
        ("Two drones were shot down over the city.", set()),
        ("Air defences shot down 12 drones overnight, the air force said.", set()),
        ("Two men were shot dead.", {(K, 2)}),
    ],
)
def test_the_people_conflict_and_attack_reports_count(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a person with an "of" complement is one person of the list
        ("Police arrested the building's owner and the manager of the company that rented it.", {(A, 2)}),
        ("The gunman killed the owner of the shop and his son.", {(K, 2)}),
        ("Police detained the captain of the ferry and two crew members.", {(A, 3)}),
        # a plural with its complement; who an industrial disaster's arrests name; the list ends at "as"
        ("Police arrested the owner and two managers of the mine.", {(A, 3)}),
        ("Prosecutors detained the mine's operator and two shift supervisors as part of an inquiry.", {(A, 3)}),
        # a way of killing with its object after it
        ("Gunmen shot dead 12 villagers on Sunday.", {(K, 12)}),
        ("The attackers shot dead a guard and a teacher.", {(K, 2)}),
        ("A mob hacked to death three men accused of theft.", {(K, 3)}),
    ],
)
def test_a_person_of_a_list_may_have_an_of_complement(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The bullet killed 51-year-old Anthony Roe.",
        "A man has been charged in the shooting death of a neighbor.",
        "He was sentenced for the murder of 12-year-old Jane Roe.",
    ],
)
def test_one_named_or_aged_victim_is_one_killed(text: str) -> None:
    assert (K, 1) in casualties(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Officials confirm one of the two deputies has died.", {(K, 1)}),
        ("One of the two victims killed in the shooting has been named.", {(K, 2)}),
        ("Seven of the victims were found shot to death.", {(K, 7)}),
        ("One of those 15 also was charged with hit and run.", set()),
        ("Days earlier, one of the slain officers had posted a message.", set()),
        # a finite verb after a partitive tells the part, not the people it is of
        ("Two of the three hikers were killed by the rockfall.", {(K, 2)}),
        ("All but one of the 52 people on board were killed.", set()),
        ("All of the five climbers were killed.", {(K, 5)}),
        ("Police released the names of the four people who were killed on Sunday.", {(K, 4)}),
    ],
)
def test_partitives(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A 38-year-old woman, a 21-year-old man and a 15-year-old girl were listed in serious condition.", {(I, 3)}),
        ("She suffered a gunshot wound to the head.", {(I, 1)}),
        ("Abraham Roe, 15, faces charges of first-degree murder.", {(A, 1)}),
        ("Two Dead, Two Critically Injured After Shooting", {(K, 2), (I, 2)}),
        ("Ten victims aged between 20 and 37 were shot, police said.", {(I, 10)}),
        ("Image 22 of 111: the suspect was charged with murder.", {(A, 1)}),
    ],
)
def test_more_shapes_from_hand_checks(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The two were taken to the hospital where they were pronounced dead.", {(K, 2)}),
        ("Harry Roe, 18, was pronounced dead after he was rushed to Pearland Medical Center.", {(K, 1)}),
        ("A man was killed and a woman was taken to the hospital.", {(K, 1), (I, 1)}),
    ],
)
def test_hurt_then_dead_in_one_sentence(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The victim was found deceased in the car.", {(K, 1)}),
        ("Jon Roe, 44, was pronounced deceased at the scene.", {(K, 1)}),
        ("The two were taken to the hospital where they were declared deceased.", {(K, 2)}),
        ("A man was shot on Elm Street and pronounced deceased at the hospital.", {(K, 1)}),
    ],
)
def test_deceased_is_dead(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Upon arrival, deputies located a deceased white male with a gunshot wound to the head.", {(K, 1)}),
        ("A dead man was found in a car on Elm Street.", {(K, 1)}),
        # a count the sentence states is read as before; a relative of the dead is no death
        ("Police found two dead men in the car.", {(K, 2)}),
        ("The dead man's brother spoke to reporters on Monday.", set()),
    ],
)
def test_a_person_called_dead_before_the_noun_is_a_death(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The victim, a 23-year-old man, was taken to the hospital.", {(I, 1)}),
        ("Jon Roe, a 33-year-old father of two, was shot and killed on Elm Street on Sunday.", {(K, 1)}),
        ("One victim, a 27-year-old woman, was pronounced dead at the scene.", {(K, 1)}),
        ("A second victim, a 28-year-old man, suffered a gunshot wound to his back.", {(I, 1)}),
    ],
)
def test_a_subject_with_who_it_is_between_commas(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # "the other victim" is someone besides the dead, not the dead before they died
        ("Two men were killed on Elm Street. The other victim suffered non-life-threatening injuries.", {(K, 2), (I, 1)}),
        # "the victim" is the one dead; "the second victim" of two dead is one of them
        ("A man was killed on Elm Street. The victim was taken to a hospital.", {(K, 1)}),
        ("Two men were killed. The second victim was taken to a hospital.", {(K, 2)}),
        # a rank that is not the person's ("the third time") marks no one else
        ("A boy was killed on Elm Street. The third time the boy got shot in the chest, he fell.", {(K, 1)}),
    ],
)
def test_a_definite_person_marked_as_other_is_besides_the_dead(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Neither the driver nor the other passenger was injured.", set()),
        ("A man was killed; neither his wife nor his son was hurt.", {(K, 1)}),
    ],
)
def test_people_named_after_neither_were_not_hurt(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A shootout in Varnton left an officer wounded and an 18-year-old man dead.", {(I, 1), (K, 1)}),
        ("A shooting in Varnton left a 1-year-old boy dead and a woman wounded.", {(K, 1), (I, 1)}),
        ("The shooting left one man dead and a state trooper injured.", {(K, 1), (I, 1)}),
        ("The quintuple shooting left four people wounded and one woman dead.", {(I, 4), (K, 1)}),
        # what follows "and" is no person in a fate
        ("The gunman left a man dead and the city in shock.", {(K, 1)}),
    ],
)
def test_two_objects_of_one_left_each_in_its_fate(text: str, expected: set) -> None:
    assert casualties(text) == expected


def test_casualty_range_has_low_and_high() -> None:
    (m,) = figures("Two or three people were injured in the blast.")
    assert (m.kind, m.value, m.low, m.high) == (I, None, 2, 3)


def test_definite_hurt_person_in_a_report_of_one_death_is_the_dead_victim() -> None:
    text = "A man was shot and killed on Friday. He was taken to the hospital. The victim was 25."
    assert casualties(text) == {(K, 1)}


def test_an_indefinite_hurt_person_is_a_second_casualty() -> None:
    text = "A man was shot and killed on Friday. A woman was taken to the hospital."
    assert casualties(text) == {(K, 1), (I, 1)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Andrew Roe, 19, of Southeast was arrested Thursday on assault charges.", {(A, 1)}),
        ("Jane Roe, 20, of Beloit, Wisconsin, was arrested in connection to the shooting.", {(A, 1)}),
        ("A 4-year-old boy is recovering after being shot in the stomach.", {(I, 1)}),
        ("An accidental shooting sent one to the hospital.", {(I, 1)}),
        ("Police say Skylar Roe fatally stabbed 19-year-old Payton Doe.", {(K, 1)}),
        ("Officers identified him as the shooter and took him into custody nearby.", {(A, 1)}),
    ],
)
def test_shapes_missed_in_the_recall_check(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A gunman firing from a minivan has shot and wounded five teenagers.", {(I, 5)}),
        ("She took herself to the medical center.", set()),  # not "took her own life"
        ("The gunman later took his own life.", {(K, 1)}),
    ],
)
def test_shot_and_wounded_and_took_herself(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A man died after a shooting on Friday. Officers found a man suffering from a gunshot wound near the courts.",
        "A teen was killed on Friday. Police found Jon Roe, 17, with a gunshot wound to the chest. He died at the scene.",
        "Jane Roe, 18, died on Sunday. Roe was rushed to a hospital in critical condition on Friday.",
        "A boy died after the shooting. Deputies found the victim, a 3-year-old boy, with a gunshot wound.",
    ],
)
def test_victim_found_wounded_in_a_report_of_a_death_is_the_dead_victim(text: str) -> None:
    assert casualties(text) == {(K, 1)}


@pytest.mark.parametrize(
    "text, expected",
    [
        # a fate, not how the victim was found: a second casualty
        ("A man was shot and killed on Friday. A woman was wounded in the leg.", {(K, 1), (I, 1)}),
        # marked as another person
        ("A man died on Friday. Officers found another man suffering from a gunshot wound.", {(K, 1), (I, 1)}),
        # no death in the report: the wounded count stands
        ("Officers found a man suffering from a gunshot wound near the courts.", {(I, 1)}),
    ],
)
def test_found_wounded_keeps_its_count_when_it_is_someone_else(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A man shot on Elm Street on Friday night has died, police said.",
        "The woman who was wounded in the attack on Friday died of her injuries on Sunday.",
        "Jon Roe, 25, who was shot on Friday, died Sunday.",
    ],
)
def test_one_person_told_by_the_wound_then_dead_is_one_killed(text: str) -> None:
    assert casualties(text) == {(K, 1)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Two teenagers were accidentally shot at a party on Sunday.", {(I, 2)}),  # any adverb
        ("Four people, including an 11-year-old, were shot outside the store.", {(I, 4)}),
        ("Police said 4 people including a 21-year-old girl were injured.", {(I, 4)}),
        ("Three people were struck by gunfire on Main Street.", {(I, 3)}),
        ("Police said Mia Roe, three, was accidentally shot dead at home.", {(K, 1)}),  # an age in words
        ("Two Injured In Shooting Near Park", {(I, 2)}),  # a title-case headline has no object
    ],
)
def test_count_shapes_with_adverbs_insertions_and_gunfire(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Police received a 911 call reporting a child had been shot.",  # the emergency number
        "The caller told dispatchers he accidentally shot his friend.",
        "Two officers accidentally shot a homeowner.",  # active: the two are the shooters
        "She was in the yard with about 10 friends, including the boy who was killed.",
    ],
)
def test_numbers_that_do_not_count_the_hurt(text: str) -> None:
    assert all(value == 1 for _, value in casualties(text))


@pytest.mark.parametrize(
    "text, number, role",
    [
        ("Police received a 911 call at noon.", "911", Role.LABEL),
        ("Police said Mia Roe, three, was shot.", "three", Role.AGE),
        ("Police said Tuesday, two men were killed.", "two", Role.COUNT),
    ],
)
def test_roles_of_emergency_number_and_ages_in_words(text: str, number: str, role: Role) -> None:
    (q,) = [q for q in quantities(text) if text[q.num_start : q.end] == number]
    assert q.role is role


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A man was killed. The second victim was a 13-year-old boy who was shot in the arm.", {(K, 1), (I, 1)}),
        ("A man was shot and killed. A woman was also shot, but survived.", {(K, 1), (I, 1)}),
        ("A man was shot and killed. He was shot in the head.", {(K, 1)}),
        ("The victim was taken to a medical center with non-life-threatening injuries.", {(I, 1)}),
        ("Police say another teen accidentally shot Roe inside a home.", {(I, 1)}),  # Roe; the teen is the shooter
        ("A toddler who was critically injured after shooting himself has died.", {(K, 1)}),
    ],
)
def test_second_victims_and_the_same_victim(text: str, expected: set) -> None:
    assert hurt(text) == expected


def casualties_titled(text: str, title: str | None) -> set[tuple[FigureKind, float]]:
    article = Article(id="t", text=text, source="test", published="2024-05-01", title=title)
    return {(m.kind, m.value) for m in extract(AnalyzedDoc(article)) if m.kind in (K, I)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Nobody died at the party, and the guests went home.", set()),  # a negated subject
        ("No one was hurt when the shots were fired.", set()),
        ("Weather alert: Tender Plants Could Be Damaged Or Killed tonight.", set()),  # title-case furniture
        ("The man is accused of trying to kill 2 deputies during the chase.", set()),  # an attempt
        ("Officers' bullets nearly killed his neighbour, the lawsuit says.", set()),
        ("The two cousins who were fatally shot on Friday were later identified.", {(K, 2)}),
        ("Ann Roe and Bo Roe were taken to Elm Hospital, where they were pronounced dead.", {(K, 2)}),
        ("The girl was taken to a hospital, but a deputy said the child passed away.", {(K, 1)}),
        ("The man was taken to a hospital, but doctors were unable to save him.", {(K, 1)}),
        ("The boy suffered a gunshot wound to the neck and was dead when help arrived.", {(K, 1)}),
        ("Jo Doe was flown to a hospital but did not survive.", {(K, 1)}),
    ],
)
def test_no_casualty_where_none_is_stated(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Three people were found dead in the house. All three had suffered gunshot wounds.", {(K, 3)}),
        ("Deputies found two people dead, both with gunshot wounds to the chest.", {(K, 2)}),
        # marked as others, or more than the dead: still hurt
        ("Two men were killed. Three others suffered gunshot wounds.", {(K, 2), (I, 3)}),
        ("One man was killed and four people suffered gunshot wounds.", {(K, 1), (I, 4)}),
    ],
)
def test_wounds_of_the_dead_are_not_injuries(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "title, text, expected",
    [
        # the headline tells the death the body leaves out
        ("Boy, 9, dies after being shot at home", "A 9-year-old boy was shot at his home. He was taken to Elm Hospital.", set()),
        ("Teen shot to death near school", "Police said a teen was shot near the school on Friday.", set()),
        # a headline that names a survivor, or none: the body's hurt person stands
        ("Boy, 9, critically hurt after being shot", "A 9-year-old boy was shot at his home. He was taken to Elm Hospital.", {(I, 1)}),
        (None, "A 9-year-old boy was shot at his home. He was taken to Elm Hospital.", {(I, 1)}),
        # a second victim marked as such keeps their count
        ("Man dies in shooting", "A man was shot on Elm Street. A woman was also shot, police said.", {(I, 1)}),
    ],
)
def test_a_death_told_in_the_headline(title: str | None, text: str, expected: set) -> None:
    assert casualties_titled(text, title) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A man faces a murder charge after shooting his wife at their home, police said.", set()),
        ("A man was arrested on a manslaughter charge after he accidentally shot his friend.", set()),
        ("A man faces an attempted murder charge after shooting his wife at their home.", {(I, 1)}),
    ],
)
def test_a_murder_charge_tells_the_victim_died(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Nine people have been hurt or killed by stray bullets this summer.", set()),  # a category
        ("Five people were killed and injured in the blast.", set()),  # both fates in one count
        ("Ann Poe and two others were wounded and killed in the crossfire.", set()),
        # a death after the count that has an object of its own is someone else's
        ("The blast left eight people injured and killed a 37-year-old man.", {(K, 1), (I, 8)}),
        ("Three people were wounded, and police said the gunman killed himself.", {(K, 1), (I, 3)}),
        ("Two men were shot, and they were killed Sunday, police said.", {(K, 2)}),
        ("The law covers a child who is injured or dies in an accident.", set()),
        ("First reports said two people had died, but that turned out to be wrong.", set()),  # taken back
        ("Early accounts said two people had died, but that was untrue.", set()),  # no "or" anywhere
        ("Officers found two men suffering from gunshot wounds. Both men died at the scene.", {(K, 2)}),
        ("Deputies arrived to find a woman and her two sons wounded; all three were pronounced dead.", {(K, 3)}),
        ("Officers found three men shot; two of them died at the scene.", {(K, 2), (I, 1)}),  # more hurt than dead
        ("Investigators found the bodies of two hikers near the trail.", {(K, 2)}),
        ("Ann Roe and Bo Roe were deceased when deputies arrived.", {(K, 2)}),
        ("Both Ann Roe and her son were taken to Elm Hospital.", {(I, 2)}),  # "both" counts nobody
        ("Deputies went to the house after receiving a 911 reporting that a man was shot.", {(I, 1)}),
    ],
)
def test_categories_retractions_and_the_dead_found_wounded(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # struck, hit or grazed: a wound only with a body part, a count of hits or a projectile
        ("Police said the girl was struck in the left leg on Friday.", {(I, 1)}),
        ("A 9-year-old boy was hit twice while playing outside.", {(I, 1)}),
        ("A woman was grazed by a bullet on Oak Street.", {(I, 1)}),
        ("A toddler was hit by stray gunfire inside his home.", {(I, 1)}),
        ("Gunfire struck Jane Roe and two others outside the store.", {(I, 3)}),
        ("The round grazed a 6-year-old girl in the back seat.", {(I, 1)}),
        ("A pickup truck struck a man on the highway.", set()),
        ("A man was struck by a car on Main Street.", set()),
        ("He hit a neighbor with a shovel.", set()),
        # other wording of wounds
        ("Police say a teenager sustained a gunshot wound to the foot.", {(I, 1)}),
        ("Two other men were hit and injured by the gunfire.", {(I, 2)}),
        ("The five-year-old who was shot on Sunday is recovering.", {(I, 1)}),
        ("Four people were fatally shot at the house.", {(K, 4)}),
        ("Two other victims showed up at a hospital with gunshot wounds.", {(I, 2)}),
        ("Two men showed up at a hospital later that night.", set()),  # no wound stated
        ("The gunfire sent three teens to the hospital on Monday.", {(I, 3)}),
        ("Two teens, ages 15 and 17, were shot near the school.", {(I, 2)}),
        ("Three others, ranging in age from 19 to 24, were wounded.", {(I, 3)}),
        ("Police said four victims were struck, though none of the wounds were serious.", {(I, 4)}),
        ("Deputies found two adults and a 15-year-old suffering from apparent gunshot wounds.", {(I, 3)}),
        ("The victim had a graze wound to the arm and was taken to a hospital.", {(I, 1)}),
        ("A stray bullet left a 9-year-old with minor injuries.", {(I, 1)}),
        ("Roe was treated for his non-life-threatening injuries and released.", {(I, 1)}),
        ("A pedestrian was struck by a truck, police said.", set()),
    ],
)
def test_struck_grazed_and_other_wounds(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a further victim with no noun, and a clause that shares the verb of the one before
        ("Two men were killed and another was wounded in the attack.", {(K, 2), (I, 1)}),
        ("Three people are dead and a fourth wounded after the shooting.", {(K, 3), (I, 1)}),
        ("A woman was killed and a man wounded in a shooting on Sunday.", {(K, 1), (I, 1)}),
        ("Two people were killed. Another man in the house was wounded.", {(K, 2), (I, 1)}),
        ("A boy was killed, and a 4-year-old girl was badly injured.", {(K, 1), (I, 1)}),
        ("A man in his 30s was shot in the hand on Friday.", {(I, 1)}),
        ("Jane Roe had been walking her dog and was shot in the back.", {(I, 1)}),
        ("The man was at home and his car was shot at.", set()),
        # a participle after a determined noun phrase, followed by a preposition: passive
        ("A boy wounded in the shooting on Friday is expected to survive.", {(I, 1)}),
        ("The man shot in the arm was released from the hospital.", {(I, 1)}),
        ("A man shot at the officers before he fled.", set()),  # "shot at": no wound
        ("The gunman shot in the air and ran off.", set()),
    ],
)
def test_further_victims_and_shared_verbs(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Police said a 19-year-old man was shot in the hip and two women were shot in the arm.", {(I, 3)}),
        ("A 6-year-old girl was grazed by a bullet, and a man was shot in the foot.", {(I, 2)}),
        ("A teen was wounded in a shooting that also injured a woman late Monday.", {(I, 2)}),
        ("A man was shot in the leg and one woman was taken to a hospital with a graze wound.", {(I, 2)}),
        # not new people: the second part points back, or is among the first
        ("A man was shot in the leg, and he was taken to a hospital.", {(I, 1)}),
        ("Four people were shot, including a boy who was struck in the arm.", {(I, 4)}),
        ("Five people were shot, and two are in critical condition.", {(I, 5), (I, 2)}),  # never 7
        ("A boy was taken to the hospital after he accidentally shot himself.", {(I, 1)}),
        # clauses that keep only the person and the wound: "..., another in the leg"
        ("One man was shot in the hand, another in the knee and a third in the back.", {(I, 3)}),
        ("A woman was shot in the arm, a 17-year-old in the foot.", {(I, 2)}),
        ("The man was shot in the arm and in the leg.", {(I, 1)}),
    ],
)
def test_hurt_people_stated_clause_by_clause_are_summed(text: str, expected: set) -> None:
    assert casualties(text) == expected


def test_clause_sum_is_anchored_on_the_clauses() -> None:
    text = "A woman was wounded in the arm and a man was shot in the foot."
    (m,) = figures(text)
    assert (m.kind, m.value, m.extractor) == (I, 2, "figures.clauses")
    assert text[m.anchor.start : m.anchor.end] == "A woman was wounded in the arm and a man"


def test_named_victim_shot_and_taken_to_hospital_in_a_report_of_one_death() -> None:
    text = "A man died early Sunday. Officers learned that John Roe had been shot and was taken to a hospital."
    assert casualties(text) == {(K, 1)}


def test_one_person_shot_can_be_the_dead_victim() -> None:
    text = "A girl was killed in a shooting on Saturday. Mia Roe, 8, was hit in the head by a stray bullet."
    assert casualties(text) == {(K, 1)}


@pytest.mark.parametrize(
    "text, expected",
    [
        # the dead man is also "shot" and "taken to the hospital": one killed, nobody hurt
        ("A man is dead after a shooting. Jo Roe, 21, was shot in the chest. He was taken to Elm Hospital.", {(K, 1)}),
        ("A man died on Friday. Police say Bo Roe shot his friend in the chest. The friend was taken to Elm Hospital.",
         {(K, 1)}),
        # a second person marked as such still counts
        ("A man is dead after a shooting. Jo Roe was shot in the chest. A woman was also shot. She was taken to Elm Hospital.",
         {(K, 1), (I, 1)}),
    ],
)
def test_the_dead_person_shot_does_not_block_the_same_victim_rule(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # "fatally" / "mortally" make any wounding verb a death
        ("The gun went off, fatally injuring the man cleaning it.", {(K, 1)}),
        ("A stray bullet fatally struck a boy.", {(K, 1)}),
        ("The gunman mortally wounded a guard.", {(K, 1)}),
        ("A man was mortally wounded in the attack.", {(K, 1)}),
        ("Two men were fatally hit by gunfire.", {(K, 2)}),
        # without the adverb the same verbs wound
        ("A stray bullet struck a boy.", {(I, 1)}),
        ("The gunman wounded a guard.", {(I, 1)}),
    ],
)
def test_fatally_and_mortally_with_any_wounding_verb(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the hurt person is named as one of the dead: the victim before he died
        ("Doe was wounded in the chest, the sheriff said. Jon Doe was pronounced dead at the hospital.", {(K, 1)}),
        ("Jon Doe died at the scene. Jon Doe was wounded in the chest, the sheriff said.", {(K, 1)}),
        # an age and a middle initial are no part of the name; a dead person named by surname alone
        ("Jon Q. Doe, 17, had been wounded in the shooting. Doe died on Monday.", {(K, 1)}),
        # a lone first name is the dead person of that first name
        ("Police said 3-year-old Bo Roe died at the hospital. His mother noticed Bo was hurt and called 911.", {(K, 1)}),
        # one surname, two first names: two people
        ("Jon Roe was killed on Friday. Ann Roe was wounded in the arm.", {(K, 1), (I, 1)}),
        # a definite object in a sentence that kills no one points back at the dead
        ("The rifle discharged, injuring the boy. The boy died at the hospital.", {(K, 1)}),
        # a sentence that also kills someone tells two people apart
        ("A man was killed on Friday. The gunman shot the clerk dead and wounded the boy.", {(K, 1), (I, 1)}),
        # "where ... died": the count is of the victims on their way to their fate
        ("Two brothers were killed on Friday. They were both taken to Elm Hospital, where Abe was "
         "pronounced dead at 3 a.m. and Ben died an hour later.", {(K, 2)}),
        # ... unless they are more than the dead
        ("A man was killed on Friday. Three people were taken to Elm Hospital, where the man died.", {(K, 1), (I, 3)}),
        # "suffering from gunshot wounds" when found: the wounds of the dead
        ("Officers found a man and his son suffering from gunshot wounds. Both were pronounced dead.", {(K, 2)}),
        # found wounded, more than the dead told elsewhere: the people shot, the dead among them
        ("A man was killed on Friday. Officers found three people suffering from gunshot wounds.", {(K, 1), (I, 2)}),
        # a sentence that tells the dead and the wounded apart keeps both counts
        ("One man was killed and four people suffered gunshot wounds.", {(K, 1), (I, 4)}),
        ("A man was killed on Friday. Three additional victims with gunshot wounds arrived at Elm Hospital.", {(K, 1), (I, 3)}),
        # "... when he died"
        ("Police say Doe was being flown to Elm Hospital when he died.", {(K, 1)}),
        # the object of the shooting, then "the teen" taken to hospital: the victim before he died
        ("Roe, 16, died Wednesday. Police said a man shot a teen in the head on Monday. The teen was taken to Elm Hospital.", {(K, 1)}),
        # the one shot, then pronounced dead
        ("The 16-year-old boy who was shot was pronounced dead at the scene.", {(K, 1)}),
    ],
)
def test_the_hurt_who_are_the_dead(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The girl had been on life support. The girl passed away shortly before 1 p.m.", {(K, 1)}),
        ("Roe, 7, passed away Friday at Elm Hospital.", {(K, 1)}),
        ("Two of the victims passed away at the hospital.", {(K, 2)}),
        ("His mother passed away in 2010.", set()),  # an earlier death, not the event's
    ],
)
def test_passed_away_is_a_death(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The stray bullets wounded one of the horses.", set()),
        ("Gunfire struck two of the parked cars.", set()),
        ("The gunman reloaded and then shot a dozen bullets into the house.", set()),
        ("He kept firing, hitting two cars in the lot.", set()),
        ("The gunman fired again, injuring one of the officers.", {(I, 1)}),
        ("The rampage killed one and injured three before the gunman shot himself.", {(K, 1), (I, 3)}),
    ],
)
def test_a_count_of_things_is_no_casualty(text: str, expected: set) -> None:
    """A count whose noun, or whose "of" phrase, names things counts no one hurt."""
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Jon Roe, Varnton teacher, killed in crash",  # a headline's name told again by its role
        "The victim, a woman, was shot.",  # running text: one person told twice
        "Roe, a teacher, shot in Varnton",
    ],
)
def test_one_person_told_twice_between_commas_is_no_list(text: str) -> None:
    assert not any(value >= 2 for _, value in hurt(text))


def test_a_headline_repeated_in_the_text_still_tells_the_death() -> None:
    body = "Officers found a boy suffering from a gunshot wound at a home on Elm Street."
    # the headline's dead teen is the boy found wounded: one killed, nobody injured
    dead = "Teen dead of gunshot wound"
    assert casualties_titled(f"{dead}\n\n{body}", dead) == {(K, 1)}
    hurt = "Teenager hurt in shooting"
    assert casualties_titled(f"{hurt}\n\n{body}", hurt) == {(I, 1)}


def test_injured_read_from_people_shot_keeps_how_many_were_shot() -> None:
    (hurt,) = [m for m in figures("Four people were shot in the house, deputies said. A man was charged with murder.")
               if m.kind is I]
    assert (hurt.value, hurt.shot, hurt.extractor) == (3, 4, "figures.shot")


@pytest.mark.parametrize(
    "text, expected",
    [
        # people listed as the subject of an active verb are the shooters, not the shot
        ("Police said a clerk and a customer each shot the robber.", {(I, 1)}),
        ("A man and his son were shot and killed on Friday.", {(K, 2)}),
        ("A man and a woman died in the crash.", {(K, 2)}),
        # a list begins after the clause word: "where a woman and a boy", not "Elm Road, where ..."
        ("Deputies went to Elm Road, where a man and a girl were found shot in the legs.", {(I, 2)}),
    ],
)
def test_who_a_list_of_people_is(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the people whose deaths are named: "the death(s) of"
        ("The deaths of a man and his two daughters found with gunshot wounds in a barn were ruled homicides.", {(K, 3)}),
        ("Police are investigating the deaths of two men found in a car.", {(K, 2)}),
        ("Police are investigating the death of a man found in a car.", {(K, 1)}),
        # a relative clause tells who, the perfect tells the death
        ("A student who was hit by a stray bullet at the county fair has died.", {(K, 1)}),
        ("The clerk who was in critical condition after the robbery has since died.", {(K, 1)}),
        # a photo counter before a list counts nobody
        ("Photo 3 of 12 A man and his three sons were found shot to death on Monday.", {(K, 4)}),
    ],
)
def test_deaths_named_by_their_people(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a group restated between commas counts once
        ("Five people, two men and three women, were hurt in the crash.", {(I, 5)}),
        ("Roe and Doe, the driver and a passenger, were taken to Elm Hospital.", {(I, 2)}),
        # a list whose first part differs from the rest is one list
        ("Two men, a woman and a child were shot.", {(I, 4)}),
        ("A man, his wife and their two daughters were found dead.", {(K, 4)}),
    ],
)
def test_a_group_restated_in_an_appositive_counts_once(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a count of more than one is no subject of a singular verb
        # (Jon Roe himself was shot: one person, read through his appositive)
        ("Jon Roe, a father of four, was shot in his garage.", {(I, 1)}),
        ("The victim, one of five siblings, is recovering.", set()),
        ("Three people were killed.", {(K, 3)}),
        ("One of the two deputies has died.", {(K, 1)}),
    ],
)
def test_a_count_does_not_agree_with_a_singular_verb(text: str, expected: set) -> None:
    assert hurt(text) == expected


def test_brain_dead_on_life_support_is_not_a_death() -> None:
    text = "A boy who shot himself by accident was declared brain dead and remains on life support."
    assert hurt(text) == {(I, 1)}
    assert hurt("The boy shot himself and was found dead.") == {(K, 1)}


@pytest.mark.parametrize(
    "text, expected",
    [
        # people named with their ages
        ("Police found the bodies of 54-year-old Jon Roe, 42-year-old Ann Roe and 6-year-old Bo Roe.", {(K, 3)}),
        ("Jon Roe, 54, Ann Roe, 42, and Bo Roe, 6, were found dead.", {(K, 3)}),
        # a name after a comma that follows kin or role names the person just counted
        ("Police say the man fatally shot his fiancee, Ann Roe, 34, and their 2-year-old son, Bo Roe, on Sunday.", {(K, 2)}),
        ("Someone pulled a gun, killing Abe and his friend, 18-year-old Lee Doe.", {(K, 2)}),
        ("The driver, Jon Roe, and a passenger were killed.", {(K, 2)}),
        ("A man, his wife and their two daughters were found dead.", {(K, 4)}),
    ],
)
def test_lists_of_named_people(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # ages after people just counted are no count
        ("Two men, 19 and 20, were shot.", {(I, 2)}),
        ("Three teens, 15, 16 and 17, were wounded.", {(I, 3)}),
        # a part that counts some of the others is no further person
        ("The blast killed 5 people, 3 of them children.", {(K, 5)}),
    ],
)
def test_ages_and_subsets_after_a_count(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # a person hurt told by the same age and noun as a person who died is that person
        ("A 15-year-old girl was critically wounded in a shooting in Varnton on Friday.\n\n"
         "A 15-year-old girl who was critically wounded in a shooting on Friday died on Saturday.\n\n"
         "She was taken to Elm Hospital in critical condition.", {(K, 1)}),
        # another age is another person
        ("A 15-year-old girl was critically wounded in a shooting in Varnton on Friday.\n\n"
         "A 17-year-old boy was killed in the same shooting.", {(K, 1), (I, 1)}),
        # the dead told by age alone: a hurt person of that age is that person
        ("The 2-year-old who was shot inside a Varnton apartment has died.\n\n"
         "Police said a 2-year-old boy was critically injured in the shooting on Tuesday.", {(K, 1)}),
        ("The 2-year-old who was shot inside a Varnton apartment has died.\n\n"
         "Police said a 6-year-old boy was critically injured in the shooting on Tuesday.", {(K, 1), (I, 1)}),
    ],
)
def test_a_hurt_person_described_as_one_of_the_dead(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("One officer was taken to Elm Hospital for observation, police said.", set()),
        ("Two deputies were taken to a hospital as a precaution.", set()),
        ("The uninjured child was transported to the hospital to be checked out.", set()),
        ("One officer was taken to Elm Hospital with a gunshot wound.", {(I, 1)}),
    ],
)
def test_a_hospital_visit_for_observation_tells_no_wound(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Authorities said both Roe and Jenna suffered gunshot wounds, which appear to be the cause of death.", {(K, 2)}),
        ("Officers found a man with a gunshot wound which proved to be fatal.", {(K, 1)}),
        ("Roe was taken to Elm Hospital with injuries that are not believed to be fatal.", {(I, 1)}),
    ],
)
def test_a_wound_told_as_fatal_is_a_death(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A third person has died after a shooting in Varnton on Monday.", {(K, 3)}),
        ("Police say a second teen has died after a drive-by shooting in Varnton.", {(K, 2)}),
        # the rank wins over the others counted in the same sentence, and the hurt victim is the one who died
        ("A fourth victim in a deadly shooting on Elm Road, that killed three others, has died.", {(K, 4), (K, 3)}),
        ("A second officer who was shot on Friday has died.", {(K, 2)}),
        # a plain past among listed victims is one death, not a toll
        ("Three of the victims were hurt; the fourth victim died on Monday.", {(I, 3), (K, 1)}),
        # headline style, without the article, after a label or not
        ("5th person dies after June shooting at Varnton block party", {(K, 5)}),
        ("UPDATE: Second teen victim of the Elm Road shooter dies", {(K, 2)}),
        # a rank among a city's happenings of a span is no toll
        ("Third child dies from a shooting in Varnton in just two days", {(K, 1)}),
        ("A second man has died in a shooting in Varnton this week.", set()),
    ],
)
def test_a_death_told_by_its_rank_gives_the_toll(text: str, expected: set) -> None:
    assert hurt(text) == expected


def test_the_toll_of_a_report_is_the_rank_of_its_latest_death() -> None:
    text = "A fourth victim in a deadly shooting on Elm Road, that killed three others, has died."
    first = min((m for m in figures(text) if m.kind is K), key=lambda m: m.anchor.start)
    assert first.value == 4 and first.extractor == "figures.ordinal"


@pytest.mark.parametrize(
    "title, expected",
    [
        ("Student Takes Own Life In Parking Lot, No Other Injuries Reported", set()),
        ("Student dies in parking lot, no one else hurt", set()),
        ("Student dies in parking lot, friend hurt", {(I, 1)}),
    ],
)
def test_a_headline_that_denies_other_injuries_still_tells_the_death(title: str, expected: set) -> None:
    assert casualties_titled("Teachers confirmed that a junior student shot himself.", title) == expected


def test_police_called_to_a_wounded_victim_meet_the_dead() -> None:
    text = ("Police were alerted at 5:26 p.m. to a juvenile suffering from an apparent gunshot wound on Elm Avenue.\n\n"
            "The boy was pronounced dead at the scene.")
    assert hurt(text) == {(K, 1)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Five people were shot, including one who died at the scene.", {(I, 4), (K, 1)}),
        ("Three men were struck by bullets, one of them later pronounced dead.", {(I, 2), (K, 1)}),
        ("The two were taken to the hospital, where they were pronounced dead.", {(K, 2)}),
    ],
)
def test_a_death_among_people_counted_shot_is_a_part_of_them(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Both Jon Roe and his mother were taken to Elm Medical Center, where Roe was pronounced dead.", {(K, 1), (I, 1)}),
        ("A man and a boy were taken to the hospital, where the boy died.", {(K, 1), (I, 1)}),
        ("Roe and Poe were taken to the hospital, where they were pronounced dead.", {(K, 2)}),
        ("Roe and Poe were taken to the hospital, where they are in stable condition.", {(I, 2)}),
    ],
)
def test_one_of_people_listed_dies_at_the_hospital(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Forty people were hurt, and that does not include the nine who died.", {(I, 40), (K, 9)}),
        ("Six people were wounded in the attack, not counting two others who died.", {(I, 6), (K, 2)}),
        ("Four men were wounded in the crash and taken to Elm Hospital, where they died.", {(K, 4)}),
    ],
)
def test_a_death_told_of_another_count_leaves_the_hurt_alive(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Possibly two people have been shot, a dispatcher said.", set()),
        ("A gunman fired on Elm Street, striking a 24-year-old man and possibly injuring a 5-year-old girl.", {(I, 1)}),
        ("Police seek a gunman who killed a man and possibly injured a girl.", {(K, 1)}),
        # a hedge on something else leaves the toll stated
        ("Four people were shot, one fatally, possibly with a rifle.", {(I, 3), (K, 1)}),
    ],
)
def test_a_hedged_count_is_no_toll(text: str, expected: set) -> None:
    assert hurt(text) == expected


def test_the_one_who_died_is_anchored_on_the_person_named() -> None:
    text = "Both Jon Roe and his mother were taken to Elm Medical Center, where Roe was pronounced dead."
    killed = next(m for m in figures(text) if m.kind is K)
    assert text[killed.anchor.start : killed.anchor.end] == "Roe" and killed.anchor.start > text.index("where")


def test_a_wound_with_article_and_severity_is_an_injury() -> None:
    assert hurt("Around 9 p.m., a 30-year-old man received a non-life threatening gunshot wound on Elm Street.") == {(I, 1)}


@pytest.mark.parametrize(
    "text, expected",
    [
        # the upper end of an age range is no count
        ("Police say five men between the ages of 21 and 58 were shot.", {(I, 5)}),
        ("Five men, all between the ages of 18 and 22, were shot.", {(I, 5)}),
        # a group restated as a list of its people counts once
        ("Three victims, a 25-year-old man, a 26-year-old man, and a 33-year-old man, were all taken to a hospital.",
         {(I, 3)}),
        # one of the hurt died: all were hurt, the dead are among them
        ("Three other people were injured, including a sailor who died from his wounds on Saturday.", {(I, 2), (K, 1)}),
        ("Four people were wounded, including a woman who is in critical condition.", {(I, 4)}),
        # the fates of people just counted shot are no further people
        ("He is suspected of shooting 5 people at a home in Varnton; four people are dead and one is critically injured.",
         {(I, 1), (K, 4)}),
        ("A man was shot in the chest and two women were shot in the leg.", {(I, 3)}),
    ],
)
def test_ages_restated_groups_and_fates_within_a_count(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("In total, two people were killed, including the suspect, and six others were injured.", {(K, 2), (I, 6)}),
        ("Four people were dead, including the gunman, Jon Roe, and 14 others were injured.", {(K, 4), (I, 14)}),
        ("Jon Roe and two others were shot.", {(I, 3)}),
    ],
)
def test_a_person_included_in_one_count_starts_no_list_with_the_next(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # Ann Roe is the one dead (her appositive is read), not five
        ("Five were wounded and Ann Roe, a 26-year-old Varnton resident, was killed at the club.", {(I, 5), (K, 1)}),
        ("All five men were shot, Jon Roe and Bo Poe, 20, died.", {(I, 3), (K, 2)}),
        ("The two were taken to Elm Memorial Hospital, where they were pronounced dead.", {(K, 2)}),
    ],
)
def test_a_named_subject_of_a_later_death_is_not_the_people_counted(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Father of 3 fatally shot outside a Varnton store", set()),  # the children are no toll
        ("Family of 17 y.o. killed in accidental shooting shares a photo", set()),  # an age
        ("4 yo boy shot on Elm Street", {(I, 1)}),
    ],
)
def test_children_and_ages_in_headlines_are_no_count(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the person of a possessive is the one hurt when a body part follows it ...
        ("A bullet grazed the child's arm on Elm Street.", {(I, 1)}),
        # ... and not when a person does: the head is the casualty
        ("Police fatally shot the boy's mother during an exchange of gunfire.", {(K, 1)}),
        ("A man shot and killed his ex-girlfriend's two teenage daughters, then turned the gun on himself.", {(K, 2)}),
        ("The gunman wounded the couple's three children on Elm Street.", {(I, 3)}),
    ],
)
def test_a_possessive_names_whose_relative_was_hurt(text: str, expected: set) -> None:
    assert hurt(text) == expected


def test_the_anchor_of_a_possessive_is_the_relative() -> None:
    (mention,) = [m for m in figures("Police fatally shot the boy's mother during an exchange of gunfire.") if m.kind is K]
    assert "Police fatally shot the boy's mother during an exchange of gunfire."[mention.anchor.start : mention.anchor.end] == "the boy's mother"


@pytest.mark.parametrize(
    "text, expected",
    [
        # a person one would see or describe is a thought, not a casualty
        ('"There are no words to describe a child being hurt in this manner," a neighbour said.', set()),
        ("THERE ARE NO WORDS TO DESCRIBE A CHILD BEING HURT IN THIS MANNER.", set()),
        ("It is terrible to see a child be killed, a neighbour said.", set()),
        # a person seen being hurt is one
        ("Witnesses saw a man being shot outside the bar on Elm Street.", {(I, 1)}),
    ],
)
def test_a_person_one_would_see_hurt_is_no_casualty(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # an adverb before the death verb
        ("Jon Roe sadly passed away on Sunday.", {(K, 1)}),
        # a hedge says it did not happen
        ("A teen was nearly killed in a shooting on Elm Street.", set()),
        # a state, then the death
        ("The boy was taken off life support on Sunday and passed away.", {(K, 1)}),
        # only a death ends such a clause: an act is no casualty of the subject
        ("The gunman was arguing with a woman on Elm Street and shot her.", set()),
        # the period of an abbreviation does not end the clause that tells who died
        ("A local child who had been hospitalized since a Feb. 27 shooting at her home has died.", {(K, 1)}),
        # a death someone told of is not theirs
        ("A man who was at the bar on Elm Street said she has died.", set()),
    ],
)
def test_deaths_told_after_an_adverb_a_state_or_a_relative_clause(text: str, expected: set) -> None:
    assert hurt(text) == expected


def test_figures_beneath_an_earlier_version_are_an_early_account() -> None:
    text = (
        "UPDATE 1/11: The boy was taken off life support on Sunday and passed away.\n\n"
        "PREVIOUS 1/4: Police are investigating a shooting that critically injured a 9-year-old boy in Varnton."
    )
    stages = {(m.kind, m.stage) for m in figures(text) if m.kind in (K, I)}
    assert stages == {(K, None), (I, Stage.INITIAL)}


@pytest.mark.parametrize(
    "text, expected",
    [
        # "another" after "one of the victims" is the next of those victims
        ("Four people were killed on Elm Street on Friday.\n\n"
         "He said one of the victims -- either Jon Roe or Al Poe -- was shot inside the house and another was shot outside.",
         {(K, 4)}),
        ("Four people were killed on Elm Street on Friday.\n\n"
         "Police said another man was shot outside the house.", {(K, 4), (I, 1)}),
        # a rank no higher than the dead is one of them; beyond them, a survivor
        ("Four people were killed on Elm Street.\n\nNeighbors said a fourth person was also shot.", {(K, 4)}),
        ("Three people were killed on Elm Street.\n\nNeighbors said a fourth person was also shot.", {(K, 3), (I, 1)}),
    ],
)
def test_the_next_of_the_victims_and_a_rank_among_the_dead(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # the subject of an active killing verb did it, also before a titled name: the one killed
        # is the rapper, the object, and "he" is not counted
        ("Police said he fatally shot rapper Jon Roe outside a club.", {(K, 1)}),
        ("Police said he fatally shot Jon Roe outside a club.", {(K, 1)}),
        # a place after the verb is no object
        ("A man fatally shot near Elm Street on Sunday was identified.", {(K, 1)}),
        ("Also killed was Jon Roe, 22.", {(K, 1)}),
    ],
)
def test_the_subject_of_a_killing_with_a_titled_object_is_no_casualty(text: str, expected: set) -> None:
    assert hurt(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # told how they were hurt, then dead: one killed, no one injured
        ("A Springfield man hospitalized after a weekend shooting has died.", {(K, 1)}),
        ("A man was hospitalized after the shooting and later died.", {(K, 1)}),
        ("Teen shot on Elm Street pronounced dead", {(K, 1)}),  # a headline drops "was"
        ("The victim of Friday's shooting died Monday.", {(K, 1)}),
        ("Victim of Elm County shooting dies", {(K, 1)}),
        # a headline's verb with a bare object: the subject shot someone, nobody shot the subject
        ("Homeowner shot burglar, police say", set()),
        ("Couple each shot armed intruder", set()),
        ("Woman shot boyfriend during argument", set()),
        ("Teen shot by man outside store", {(I, 1)}),  # "by": the agent, the subject was shot
        # the object of a killing verb without a determiner ("another" taken in by the verb)
        ("Police said he shot and killed another man outside the bar.", {(K, 1)}),
        ("Chief: Man fatally shot brother in bar", {(K, 1)}),
        ("Husband fatally shoots wife in the head", {(K, 1)}),
        ("Gunman killed wife, then himself; four dead", {(K, 4)}),  # the count prevails over one fate
        ("It is a crime to harm or kill another person.", set()),  # harms put as a choice
        ("The bullet could have killed three people.", set()),
        ("Drugs led an ex-convict to shoot and kill one person.", {(K, 1)}),  # "and": what was done
        ("A shooting killed two people and sent three others to the hospital.", {(K, 2), (I, 3)}),
    ],
)
def test_the_hurt_who_died_and_the_objects_of_headlines(text: str, expected: set) -> None:
    assert hurt(text) == expected


def test_a_condition_the_report_does_not_bear_out_is_kept_for_the_event() -> None:
    """Alone in its report, "being treated" counts the whole injured; the condition is kept so the
    event's other reports can bear it out (``reconcile.figures.conditions_borne_out``)."""
    alone = [m for m in figures("A hospital spokesman said 38 people were being treated.") if m.kind is I]
    assert [(m.value, m.scope.value, m.condition) for m in alone] == [(38, "whole", "under treatment")]
    beside = [m for m in figures("Officials said 140 people were injured. A hospital said 38 people were being treated.") if m.kind is I]
    assert sorted((m.value, m.scope.value, m.condition) for m in beside) == [(38, "condition", None), (140, "whole", None)]


@pytest.mark.parametrize(
    "text, expected",
    [
        # a sinking or a flood kills by drowning: the verb is a death, intransitive or a participle
        ("At least 41 migrants drowned when their dinghy overturned off Cape Lorne.", {(K, 41)}),
        ("The ferry capsized in the estuary, drowning 17 passengers.", {(K, 17)}),
        ("Two of the four boys drowned.", {(K, 2)}),
        ("The sirens drowned out the speeches at the port.", set()),
        # where the counted people were, between the count and its verb
        ("Nine people on the ground also died when the cargo plane came down.", {(K, 9)}),
        ("14 passengers on the coach were killed and 20 were hurt.", {(K, 14), (I, 20)}),
        ("Three people inside the warehouse were injured.", {(I, 3)}),
        ("Two men from the village were arrested on Friday.", {(A, 2)}),
        # who most of them were, between commas
        ("Thirty people, most of them seasonal farm workers, were killed in the blaze.", {(K, 30)}),
        ("Twenty people, many of them children, died in the fire.", {(K, 20)}),
        # how a stampede, a fire or a mine kills
        ("At least 30 pilgrims were crushed to death at the gate.", {(K, 30)}),
        ("Twelve people were trampled to death in the crush.", {(K, 12)}),
        ("Eight miners suffocated after the blast.", {(K, 8)}),
        ("Five workers were electrocuted when the cable fell.", {(K, 5)}),
        ("Residents were scared to death by the blast.", set()),
        # who sinkings and crashes name
        ("Police arrested the ferry's captain on suspicion of negligence.", {(A, 1)}),
        ("The pilot was killed.", {(K, 1)}),
        ("A migrant drowned.", {(K, 1)}),
        # a count presumed, as one feared or believed
        ("Five miners were presumed dead after the shaft flooded.", {(K, 5)}),
        # an uncounted many opening a sentence is no one person
        ("Dozens drowned.", set()),
        ("Several were hurt in the stampede.", set()),
        ("Many died before help arrived.", set()),
    ],
)
def test_accident_tolls_in_the_forms_reports_of_sinkings_crashes_and_fires_use(text: str, expected: set) -> None:
    assert casualties(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Divers recovered 11 more bodies from the hull on Sunday.",
        "The bodies of six more victims washed ashore near the harbour.",
        "The flood waters killed three more people overnight.",
    ],
)
def test_more_bodies_or_more_deaths_after_a_count_are_an_increment(text: str) -> None:
    (killed,) = [m for m in figures(text) if m.kind is K]
    assert (killed.scope.value, killed.scope_detail) == ("increment", "more")


def test_killing_some_and_wounding_more_tells_two_groups_not_an_increment() -> None:
    mentions = {m.kind: m for m in figures("The gunman killed four and wounded three more before fleeing.")}
    assert (mentions[K].value, mentions[K].scope.value) == (4, "whole")
    assert (mentions[I].value, mentions[I].scope.value) == (3, "whole")


def test_a_presumed_toll_is_unconfirmed() -> None:
    (killed,) = [m for m in figures("Five miners were presumed dead after the shaft flooded.") if m.kind is K]
    assert killed.stage is Stage.UNCONFIRMED


@pytest.mark.parametrize(
    "text, not_killed",
    [
        # the event's name before its noun is no place of the people counted
        ("Two cousins convicted in the shooting death of a teenager were sentenced.", 2),
        ("Four men charged in the fatal stabbing of a student appeared in court.", 4),
        # nor a stretch of time
        ("Roe, who would have turned 30 in a few weeks, died on Sunday.", 30),
    ],
)
def test_what_comes_between_a_count_and_a_casualty_word_is_not_always_where_they_were(text: str, not_killed: int) -> None:
    assert not_killed not in [v for k, v in casualties(text) if k is K]


def test_passengers_counted_as_killed_are_not_the_people_aboard_unless_all_were() -> None:
    some = {m.kind.value: m.value for m in figures("14 passengers on the coach were killed.")}
    assert some == {"killed": 14}
    everyone = {m.kind.value: m.value for m in figures("All 241 passengers were killed.")}
    assert everyone == {"killed": 241, "aboard": 241}
    assert {m.kind.value: m.value for m in figures("The plane carried 242 passengers.")} == {"aboard": 242}



@pytest.mark.parametrize(
    "text, arrested",
    [
        # an arrest added to those before it: its rank is the count
        ("A fourth suspect, a municipal inspector, was arrested on Monday.", 4),
        ("A second man has been detained in connection with the fire.", 2),
        # a known suspect named by rank is one arrest, not a count
        ("The second suspect was arrested in the capital.", 1),
        # people listed with an arrest word, and who said it after a comma
        ("Police detained the club's owner and two managers, a police spokesman said.", 3),
        ("The owner and three other suspects remain in custody.", 4),
    ],
)
def test_arrests_by_rank_and_by_list(text: str, arrested: int) -> None:
    assert [v for k, v in casualties(text) if k is A] == [arrested]



@pytest.mark.parametrize(
    "text, aboard",
    [
        # passengers and crew coordinated: everyone aboard
        ("A jet carrying 132 passengers and six crew members crashed on landing.", 138),
        ("The ferry had 300 passengers and 20 crew on board.", 320),
        ("The bus carried 40 passengers and two drivers.", 40),
        # the people a part is taken from, when they are the people aboard
        ("All but one of the 52 people on board were killed.", 52),
    ],
)
def test_people_aboard(text: str, aboard: int) -> None:
    assert [m.value for m in figures(text) if m.kind.value == "aboard"] == [aboard]



@pytest.mark.parametrize(
    "text, expected",
    [
        ("At least 450 homes were destroyed or damaged.", {}),
        ("Some 80 houses were damaged or destroyed by the mudslide.", {}),
        ("The storm destroyed or damaged 300 homes.", {}),
        ("The agency said 1,450 homes had been damaged and 310 destroyed.", {"damaged": 1450, "destroyed": 310}),
    ],
)
def test_buildings_destroyed_or_damaged_together_are_neither(text: str, expected: dict) -> None:
    assert {m.kind.value: m.value for m in figures(text) if m.kind.value in ("destroyed", "damaged")} == expected


@pytest.mark.parametrize(
    "text, survivors",
    [
        ("One survivor could be heard calling from under the rubble.", []),
        ("Only two people survived the sinking.", [2]),
        ("Rescuers found 14 survivors clinging to the hull.", [14]),
        ("The survivor of the 2019 crash spoke at the memorial.", []),
    ],
)
def test_survivors(text: str, survivors: list) -> None:
    assert [m.value for m in figures(text) if m.kind.value == "rescued"] == survivors



@pytest.mark.parametrize(
    "text, distances",
    [
        # a zone drawn around a place bounds a warning, not where anything happened
        ("Residents within 2 km of the plant were told to stay indoors.", []),
        ("Police evacuated everyone within a 5 km radius of the depot.", []),
        ("A 20-kilometre exclusion zone was set up around the reactor.", []),
        # "within" after the event's verb bounds where it happened
        ("Shots were fired within 100 meters of the school.", [100]),
        ("The blast happened 2 km from the plant.", [2000]),
    ],
)
def test_a_zone_around_a_place_is_no_distance_of_the_event(text: str, distances: list) -> None:
    assert [m.value for m in figures(text) if m.kind.value == "distance"] == distances
