"""A negation denies a claim only where it reaches the trigger; disputes need answers that cannot
both hold: combinable methods stated together, close clock times and a custody state replaced by a
later report are no dispute. Invented reports."""

from __future__ import annotations

import pytest

from crosscheck.extract import claims
from crosscheck.model import Article
from crosscheck.nlp.document import AnalyzedDoc
from crosscheck.reconcile.claims import reconcile_claims
from crosscheck.report.markdown import render_markdown


def stances(text: str) -> set[str]:
    doc = AnalyzedDoc(Article(id="t", text=text, source="test"))
    return {("not " if m.negated else "") + m.label for m in claims.extract(doc)}


@pytest.mark.parametrize(
    ("text", "stance"),
    [
        ("Police said the boy was not shot in the head.", "not shooting"),
        ("Police later said that no one was stabbed.", "not stabbing"),
        ("Police said it was not a robbery.", "not robbery"),
        ("This was not a drive-by shooting, police said.", "not drive-by shooting"),
        ("Police said no suspects were in custody as of Monday morning.", "no arrest"),
        ("Police say they do not have a suspect in custody.", "no arrest"),
        ("Officials said the shooting does not appear to be gang related.", "not gang-related"),
        ("His aunt said she does not believe it was an accident.", "not accident"),
        ("Deputies ruled out a murder-suicide.", "not murder-suicide"),
        ("The sheriff is treating the deaths as a homicide and not a murder-suicide.", "not murder-suicide"),
        ("There is no indication the shooting was terrorism-related, Roe said.", "not terrorist attack"),
    ],
)
def test_negation_that_denies_the_claim(text: str, stance: str) -> None:
    assert stance in stances(text)


@pytest.mark.parametrize(
    ("text", "stance"),
    [
        ("No shooter has been identified or arrested as of Saturday afternoon.", "shooting"),
        ("Jon Roe said he didn't see the gunman.", "shooting"),
        ("Detectives have no description of the gunmen.", "shooting"),
        ("Police had no information on the suspected shooter.", "shooting"),
        ("Neighbors did not hear any gunshots before the fire.", "shooting"),
        ("Roe was not the shooter, his lawyer said.", "shooting"),
        ("The suspect, whom police did not name, was booked into the Varnton County jail.", "suspect in custody"),
        ("The district attorney will not file charges in the accidental shooting of a boy.", "accident"),
        ("Deputies have not ruled out a murder-suicide.", "murder-suicide"),
    ],
)
def test_negation_of_something_else_leaves_the_claim(text: str, stance: str) -> None:
    found = stances(text)
    assert stance in found and f"not {stance}" not in found


def _reconciled(*reports: tuple[str, str, str | None]):
    articles = {doc: Article(id=doc, text=text, source=f"{doc}.txt", outlet=f"outlet-{doc}", published=published)
                for doc, text, published in reports}
    mentions = [m for a in articles.values() for m in claims.extract(AnalyzedDoc(a))]
    return reconcile_claims(mentions, articles)


def _questions(disputes) -> set[str]:
    return {d.question for d in disputes}


def test_methods_one_report_states_together_are_no_dispute() -> None:
    _, disputes = _reconciled(
        ("a", "A fight broke out at the Elm Street bar and one man was stabbed and another was shot in the leg.", None),
        ("b", "One man was shot in the leg at the Elm Street bar, police said.", None),
    )
    assert claims.HOW_CARRIED_OUT not in _questions(disputes)


def test_methods_no_report_states_together_are_a_dispute() -> None:
    _, disputes = _reconciled(
        ("a", "The man was stabbed outside the Elm Street bar.", None),
        ("b", "The man was shot in the chest outside the Elm Street bar.", None),
    )
    assert claims.HOW_CARRIED_OUT in _questions(disputes)


def test_many_homes_damaged_and_destroyed_are_no_dispute() -> None:
    _, disputes = _reconciled(
        ("a", "In the valley 40 homes were destroyed by the mudslide.", None),
        ("b", "Officials said 200 homes were damaged by the mudslide.", None),
    )
    assert not [q for q in _questions(disputes) if "homes" in q]


def test_one_thing_damaged_and_not_damaged_is_a_dispute() -> None:
    _, disputes = _reconciled(
        ("a", "The bridge was destroyed by the flood.", None),
        ("b", "The bridge was not damaged, engineers said.", None),
    )
    assert "damage to the bridge" in _questions(disputes)


def test_one_bus_damaged_and_destroyed_is_a_dispute() -> None:
    """"bus" ends in "s" but is one thing: its degrees of damage conflict."""
    _, disputes = _reconciled(
        ("a", "The bus was destroyed in the blast.", None),
        ("b", "The bus was damaged in the blast.", None),
    )
    assert "damage to the bus" in _questions(disputes)


@pytest.mark.parametrize(("second", "disputed"), [("2:15 a.m.", False), ("4:30 a.m.", True)])
def test_clock_times_half_an_hour_apart_agree(second: str, disputed: bool) -> None:
    _, disputes = _reconciled(
        ("a", "The shooting happened at about 2 a.m. on Elm Street.", None),
        ("b", f"The shooting happened at {second} on Elm Street.", None),
    )
    assert ("time of the event" in _questions(disputes)) is disputed


def _custody(early: str, late: str):
    return _reconciled(
        ("a", "No arrests have been made in the shooting on Elm Street.", early),
        ("b", "A suspect was arrested Tuesday in the shooting on Elm Street.", late),
    )


def test_no_arrest_replaced_by_a_later_arrest_is_what_changed() -> None:
    found, disputes = _custody("2016-03-01T09:00:00", "2016-03-02T09:00:00")
    assert claims.ARREST not in _questions(disputes)
    status = {c.label: c.status for c in found if c.topic == claims.ARREST}
    assert status["no arrest"] == "superseded" and status["suspect in custody"] == "single-source"


@pytest.mark.parametrize("late", ["2016-03-01T09:00:00", None])
def test_custody_told_both_ways_at_one_time_is_a_dispute(late: str | None) -> None:
    found, disputes = _custody("2016-03-01T09:00:00", late)
    assert claims.ARREST in _questions(disputes)
    assert not [c for c in found if c.status == "superseded"]


def test_the_brief_shows_the_replaced_custody_state_under_what_changed() -> None:
    from crosscheck.pipeline import build_brief, extract_all

    articles = [
        Article(id="a", text="No arrests have been made in the shooting on Elm Street in Varnton.", source="a.txt",
                published="2016-03-01T09:00:00"),
        Article(id="b", text="A suspect was arrested Tuesday in the shooting on Elm Street in Varnton.", source="b.txt",
                published="2016-03-02T09:00:00"),
    ]
    brief = build_brief(extract_all(articles, workers=1))
    assert len(brief.events) == 1
    markdown = render_markdown(brief)
    changed = markdown.split("### What changed", 1)[1].split("###", 1)[0]
    assert "earlier no arrest, now suspect in custody" in changed
    assert "### Disputed" not in markdown
