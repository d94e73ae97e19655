"""Round-ups: a report's paragraphs about other incidents give no toll of the event.

The reports are short texts written for these tests, run through the real extractors, then
reconciled as the brief does.
"""

from __future__ import annotations

import pytest

from crosscheck.extract import extract_article
from crosscheck.facts import OTHER_INCIDENT, Figure
from crosscheck.model import Article, FigureMention
from crosscheck.reconcile import reconcile_event
from crosscheck.reconcile.figures import reconcile_figures
from crosscheck.reconcile.incidents import details, paragraphs, victim_ages
from crosscheck.report.markdown import render_event, _Footnotes
from crosscheck.report.view import event_view

# The event: a boy wounded on Maple Street. Its own report, then a city round-up that tells it
# in one paragraph among others.
OWN = (
    "An 8-year-old boy was shot in the leg on Tuesday morning in Norwood Heights, police said.\n\n"
    "The boy was playing outside a home in the 3700 block of Maple Street when he was hit, "
    "Officer Dana Pruitt said.\n\n"
    "He was taken to a hospital in good condition."
)
ROUNDUP = (
    "Several people have been shot across the city since Tuesday morning, police said.\n\n"
    "About 10:45 a.m., an 8-year-old boy was shot in the leg in the 3700 block of Maple Street "
    "in Norwood Heights, police said.\n\n"
    "About 20 minutes earlier, a 24-year-old man was shot to death in the 1200 block of Birch Avenue "
    "in Glenmoor.\n\n"
    "He was pronounced dead at the scene.\n\n"
    "Tuesday afternoon, a 31-year-old woman was shot in the arm in the 500 block of Cedar Road in Linfield."
)


def brief_figures(*texts: str) -> list[Figure]:
    extractions = [
        extract_article(Article(id=f"d{i}", text=text, source=f"d{i}.txt", outlet=f"outlet{i}"))
        for i, text in enumerate(texts)
    ]
    mentions = [m for e in extractions for m in e.mentions if isinstance(m, FigureMention)]
    figures, _ = reconcile_figures(mentions, {e.article.id: e.article for e in extractions})
    return [f for f in figures if f.kind in ("killed", "injured")]


def current(figures: list[Figure]) -> set[tuple[str, float]]:
    return {(f.kind, f.value) for f in figures if f.status == "current"}


def test_the_roundup_alone_reads_its_first_death() -> None:
    # Without another report nothing tells which paragraph is the event: the reading is unchanged.
    figures = brief_figures(ROUNDUP)
    assert ("killed", 1) in current(figures)
    assert not [f for f in figures if f.status == OTHER_INCIDENT]


def test_another_incidents_death_in_a_roundup_is_set_aside() -> None:
    figures = brief_figures(OWN, ROUNDUP)
    assert current(figures) == {("injured", 1)}
    (other,) = [f for f in figures if f.status == OTHER_INCIDENT and f.kind == "killed"]
    assert other.value == 1
    quotes = [e.quote for e in other.evidence]
    assert all(e.document == "d1" for e in other.evidence)
    assert any("24-year-old man was shot to death" in q for q in quotes)
    # "He was pronounced dead at the scene" continues the paragraph before it: same incident.
    assert any(q.startswith("He was pronounced dead") for q in quotes)


def test_every_figure_of_another_incidents_paragraph_is_set_aside() -> None:
    # Of every kind: "About 20 minutes earlier" is the round-up's step to its next shooting, not the
    # event's interval (no interval at all: it separates no blasts or shots).
    extractions = [
        extract_article(Article(id=f"d{i}", text=text, source=f"d{i}.txt", outlet=f"outlet{i}"))
        for i, text in enumerate((OWN, ROUNDUP))
    ]
    mentions = [m for e in extractions for m in e.mentions if isinstance(m, FigureMention)]
    figures, _ = reconcile_figures(mentions, {e.article.id: e.article for e in extractions})
    aside = [f for f in figures if any("Glenmoor" in e.quote or "Linfield" in e.quote for e in f.evidence)]
    assert aside and all(f.status == OTHER_INCIDENT for f in aside)
    assert not [f for f in figures if f.kind == "interval" and f.status != OTHER_INCIDENT]


def test_a_roundup_whose_paragraphs_were_run_together_is_read_sentence_by_sentence() -> None:
    # A page that lost its line breaks: the round-up is one line of many sentences.
    roundup = ROUNDUP + (
        "\n\nShe was taken to a hospital in fair condition. Police did not say what led to the shooting. "
        "No one was in custody Tuesday night. Anyone with information was asked to call police."
    )
    run_on = " ".join(line for line in roundup.split("\n") if line)
    assert len(paragraphs(roundup)) == 6 and len(paragraphs(run_on)) == 9
    figures = brief_figures(OWN, run_on)
    assert current(figures) == {("injured", 1)}
    (other,) = [f for f in figures if f.status == OTHER_INCIDENT and f.kind == "killed"]
    assert any(q.startswith("He was pronounced dead") for q in (e.quote for e in other.evidence))


def test_a_line_of_a_few_sentences_is_one_paragraph() -> None:
    line = "A man was shot on Elm St. in Dayton. He was taken to a hospital. Police said he would survive."
    assert paragraphs(line) == [(0, len(line))]


def test_the_roundup_paragraph_about_the_event_is_kept() -> None:
    # Here the event is the death in Glenmoor: the same round-up paragraph is now the event's.
    death = "A 24-year-old man was shot to death on Tuesday in the 1200 block of Birch Avenue in Glenmoor."
    figures = brief_figures(death, ROUNDUP)
    (killed,) = [f for f in figures if f.kind == "killed" and f.status == "current"]
    assert killed.value == 1 and {e.document for e in killed.evidence} == {"d0", "d1"}
    assert not [f for f in figures if f.status == OTHER_INCIDENT and f.kind == "killed"]


def test_a_paragraph_sharing_a_name_with_the_other_reports_is_the_event() -> None:
    # The second report gives the victim's age (other reports do not agree on it) but names him.
    first = "Marcus Pell was shot and killed on Friday night in the 900 block of Alder Street, police said."
    second = (
        "Police identified the man killed on Friday as Marcus Pell.\n\n"
        "Pell, 41, was shot and killed outside his home on Alder Street, police said."
    )
    figures = brief_figures(first, second)
    assert current(figures) == {("killed", 1)}
    assert not [f for f in figures if f.status == OTHER_INCIDENT]


def test_no_detail_to_compare_sets_nothing_aside() -> None:
    # The other report gives no age, block or street: nothing contradicts the round-up.
    vague = "A boy was shot in the leg on Tuesday, police said. He is expected to survive."
    figures = brief_figures(vague, ROUNDUP)
    assert not [f for f in figures if f.status == OTHER_INCIDENT]


def test_ages_of_suspects_and_relatives_are_not_victims_ages() -> None:
    assert victim_ages("Roe, 22, was arrested on Sunday. A 5-year-old boy was shot.") == frozenset({5})
    assert victim_ages("His 7-year-old picked up the gun, and his brother, 5, was hit.") == frozenset({5})


def test_ages_written_out_are_ages() -> None:
    assert victim_ages("A six-year-old boy was shot by his five-year-old brother.") == frozenset({6})
    assert victim_ages("Twenty-two-year-old Jon Roe was wounded.") == frozenset({22})


@pytest.mark.parametrize(
    "own, roundup",
    [
        # the other child's age written out
        (
            "A 4-year-old boy was fatally shot at a home in the 1900 block of Elm Street in Dayton on Friday.",
            "Two children have shot themselves in Dayton in four days, police said.\n\n"
            "On Friday a 4-year-old boy died after he shot himself in the 1900 block of Elm Street.\n\n"
            "In the latest incident, a six-year-old boy was taken to hospital in critical condition on Monday.",
        ),
        # a county's round-up names the county beside each incident, and spells a young child's age
        (
            "A 4-year-old boy fatally shot himself at a home in the 1900 block of Quellham Drive in Varnton County "
            "on Sunday, deputies said.\n\nThe boy, Dorvan Pettigrass, was pronounced dead at the scene.",
            "Two young children have shot themselves in Varnton County in two days, one fatally.\n\n"
            "In the latest incident, a six-year-old boy was taken to a hospital in critical condition after he was "
            "shot by his brother on Monday in northern Varnton County.\n\n"
            "On Sunday, Dorvan Pettigrass, four, shot himself with a gun he found at a family friend's home and died.",
        ),
    ],
)
def test_a_roundup_paragraph_of_another_childs_shooting_is_set_aside(own: str, roundup: str) -> None:
    figures = brief_figures(own, roundup)
    assert current(figures) == {("killed", 1)}
    assert [f.kind for f in figures if f.status == OTHER_INCIDENT] == ["injured"]


def test_ages_at_the_edges_of_sentences_are_read_sentence_by_sentence() -> None:
    """Each sentence is read apart (a suspect's sentence gives no age), and an age at a sentence's
    start or end is found as in the whole text; a text with digits but no age gives none."""
    assert victim_ages("Shot: Doe, 30, died. Aged 41. Roe, 19, was charged. He was 24 years old.") == frozenset({30, 41, 24})
    assert victim_ages("Police said 3 shots were fired at 11:30 p.m. on May 4, 2016.") == frozenset()
    assert victim_ages("Police said 3 shots were fired.\nAge 52 and 53 year old.") == frozenset({52, 53})


def test_details_are_ages_places_and_names_not_ordinary_words() -> None:
    common = frozenset({"police", "said", "the"})
    found = details("Police said a 24-year-old man was shot in the 1200 block of First Street in Glenmoor.", common)
    assert {"age:24", "block:1200", "street:1st", "glenmoor"} <= found
    assert "police" not in found and "street" not in found


def test_a_county_is_no_detail_of_one_incident() -> None:
    found = details("A man was shot in northern Quellham County near Varnton, deputies said.", frozenset({"deputies"}))
    assert "quellham" not in found and "varnton" in found


def test_an_age_under_ten_spelled_out_after_a_name_is_an_age() -> None:
    assert victim_ages("On Sunday, Dorvan Pettigrass, four, shot himself.") == frozenset({4})
    assert victim_ages("Police found one, two, three shell casings near 4th Street.") == frozenset()


def test_brief_and_page_show_other_incidents_apart() -> None:
    extractions = [
        extract_article(Article(id=f"d{i}", text=text, source=f"d{i}.txt", outlet=f"outlet{i}"))
        for i, text in enumerate((OWN, ROUNDUP))
    ]
    event = reconcile_event("e1", extractions)
    lines = render_event(event, _Footnotes())
    section = lines.index("### Other incidents in the same reports")
    assert any(line.startswith("- Killed: 1 (d1)") for line in lines[section:])
    headline = lines[lines.index("### Headline figures") : section]
    assert not any("Killed" in line for line in headline)
    view = event_view(event, "e1")
    assert [f.kind for f, _ in view.other_incidents].count("killed") == 1
    assert all(f.status != OTHER_INCIDENT for f, _ in view.headline)


def event_places(*texts: str) -> set[str]:
    extractions = [
        extract_article(Article(id=f"d{i}", text=text, source=f"d{i}.txt", outlet=f"outlet{i}"))
        for i, text in enumerate(texts)
    ]
    return {place.name for place in reconcile_event("e", extractions).places}


def test_another_incidents_places_are_not_the_events() -> None:
    # The round-up's blocks of other shootings are where those happened, not where the boy was shot.
    places = event_places(OWN, ROUNDUP)
    assert any("Maple Street" in name for name in places)
    assert not any("Birch Avenue" in name or "Cedar Road" in name for name in places)


def test_a_lone_roundup_keeps_all_its_places() -> None:
    # Nothing tells which paragraph is the event: every place it names stays.
    places = event_places(ROUNDUP)
    assert any("Birch Avenue" in name for name in places) and any("Maple Street" in name for name in places)


# A round-up of one city names the city in every paragraph ("a 39-year-old Dayton man"), and the
# event's own report names it too: the city is the round-up's setting, no detail of one incident.
CITY_OWN = (
    "Five people were shot early Sunday in the 1700 block of Maple Street in Dayton, police said.\n\n"
    "The five victims, three men and two women, were expected to survive."
)
CITY_ROUNDUP = (
    "At least 13 people were shot across Dayton over the weekend, police said.\n\n"
    "Five people were shot early Sunday at an apartment complex in the 1700 block of Maple Street in Dayton.\n\n"
    "• A 39-year-old Dayton man was wounded about 4:30 a.m. Friday near Oak Avenue.\n\n"
    "• A 27-year-old Dayton woman was shot in the arm in the 2300 block of Cedar Road.\n\n"
    "Meanwhile, police were still searching for leads in the death of Jon Roe, of Dayton, who was shot "
    "and killed in the 2900 block of Elm Street."
)


def test_the_city_every_paragraph_names_is_no_detail_of_the_event() -> None:
    figures = brief_figures(CITY_OWN, CITY_ROUNDUP)
    assert ("killed", 1) not in current(figures)
    assert current(figures) == {("injured", 5)}
    (death,) = [f for f in figures if f.kind == "killed"]
    assert death.status == OTHER_INCIDENT and "Jon Roe" in death.evidence[0].quote
