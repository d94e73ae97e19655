"""The generic count rule reads every registered kind's words (``figures.generic``), on sentences
written for these tests; a kind registered at run time is read and briefed like the built-ins
(CONTRIBUTING.md, "Adding a figure kind")."""

from __future__ import annotations

from pathlib import Path

import pytest

import crosscheck
from crosscheck.extract.figures import extract, generic
from crosscheck.kinds import Counts, KindSpec, KindWords, Role, register_kind, unregister_kind
from crosscheck.model import Article, FigureMention
from crosscheck.nlp.document import AnalyzedDoc


def figures(text: str) -> list[FigureMention]:
    article = Article(id="t", text=text, source="test", published="2024-05-01", language="en")
    return list(extract(AnalyzedDoc(article)))


def read(text: str) -> set[tuple[str, float]]:
    return {(m.kind.value, m.value) for m in figures(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Officials said 3,200 residents were evacuated from the valley.", {("displaced", 3200)}),
        ("The storm forced the evacuation of 900 families.", {("displaced", 900)}),
        ("About 1,500 evacuees are sheltering in schools.", {("displaced", 1500)}),
        ("The typhoon forced more than 120,000 people to flee their homes.", {("displaced", 120000)}),
        ("Some 4,000 residents fled their homes as the river rose.", {("displaced", 4000)}),
        ("The army said it rescued nearly 600 people from the rubble.", {("rescued", 600)}),
        ("The 14 villagers rescued from the mud were taken to a clinic.", {("rescued", 14)}),
        ("Rescue teams pulled 15 miners alive from the collapsed shaft.", {("rescued", 15)}),
        # the trapped, under rubble or underground: a count of their own, never the missing or the dead
        ("Seven miners remain trapped, the minister said.", {("trapped", 7)}),
        ("The roof caved in, trapping about 40 worshippers under the rubble.", {("trapped", 40)}),
        ("Rescuers found 12 people still trapped in the basement.", {("trapped", 12)}),
        # people taken by force: a count of their own
        ("Gunmen abducted 287 pupils and teachers from the school.", {("abducted", 287)}),
        ("Twelve travellers were kidnapped on the highway.", {("abducted", 12)}),
        ("The militants are holding 40 hostages.", {("abducted", 40)}),
        ("The ferry was carrying 410 passengers when it capsized.", {("aboard", 410)}),
        ("There were 212 people aboard the aircraft.", {("aboard", 212)}),
        ("Officials said 1,240 buildings were completely destroyed and 300 houses were damaged.",
         {("destroyed", 1240), ("damaged", 300)}),
    ],
)
def test_generic_kinds(text: str, expected: set) -> None:
    assert read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Officials said 300 houses were evacuated before the storm.",  # people evacuated, not things
        "Officials said 40 people were destroyed by the news.",  # things destroyed, not people
        "The agency said 1.2 million of the 3 million displaced people live near the coast.",  # a population
        "The storm threatens 800,000 displaced people in the camps.",
        "Divers pulled 12 bodies from the wreck.",  # the dead recovered: no one pulled out alive
        "Two suspects fled the scene before police arrived.",  # fled, but not their homes
        "Twenty-five of the pupils kidnapped from the school escaped.",  # some of those taken, who escaped
    ],
)
def test_counts_of_something_else_give_no_generic_figure(text: str) -> None:
    assert {k for k, _ in read(text)} & {"displaced", "destroyed", "rescued", "abducted"} == set()


def test_rescued_and_aboard_are_never_casualties() -> None:
    found = figures("Rescuers saved 53 people and the ship had been carrying 70 passengers, officials said.")
    assert {m.kind.value for m in found} == {"rescued", "aboard"}
    assert not any(m.kind.is_casualty for m in found)


def test_a_language_without_words_has_no_generic_rule() -> None:
    assert generic.rules("xx").kinds == ()
    assert {rule.kind for rule in generic.rules().kinds} >= {"displaced", "rescued", "aboard", "destroyed", "damaged"}


@pytest.fixture
def sandbags():
    """A kind added as CONTRIBUTING.md says: one ``register_kind`` with its words, removed after."""
    register_kind(KindSpec(
        "sandbags", "Sandbags laid", Counts.THINGS, Role.IMPACT, True, "sandbags",
        {"en": KindWords(after=r"(?:were\s+)?(?:laid|stacked)", before=r"(?:laid|stacking|stacked)\s+", nouns=r"sandbags\s+laid")},
    ))
    yield "sandbags"
    unregister_kind("sandbags")


def test_a_registered_kind_is_read_and_briefed(sandbags: str, tmp_path: Path) -> None:
    (tmp_path / "flood.txt").write_text(
        "Floods in Varnton\n\nVolunteers in Varnton said on Monday that 4,500 sandbags were laid along the river "
        "after the flood killed two people.\n",
        encoding="utf-8",
    )
    brief = crosscheck.brief([tmp_path], workers=1)
    figures_of = {(f.kind, f.value, f.status) for event in brief.events for f in event.figures}
    assert (sandbags, 4500, "current") in figures_of and ("killed", 2, "current") in figures_of
    record = brief.to_json()
    assert any(f["kind"] == sandbags for event in record["events"] for f in event["figures"])


def test_an_unregistered_kind_is_no_longer_read(sandbags: str) -> None:
    text = "Volunteers said 4,500 sandbags were laid along the river."
    assert read(text) == {(sandbags, 4500)}
    unregister_kind(sandbags)
    assert read(text) == set()
