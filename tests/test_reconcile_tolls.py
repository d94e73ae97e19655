"""Tolls across the reports of one event: a wounded victim who later died moves from injured to killed.

The reports are short texts written for these tests, run through the real extractors, then
reconciled as the brief does.
"""

from __future__ import annotations

from crosscheck.extract import extract_article
from crosscheck.facts import Figure
from crosscheck.model import Article, FigureMention
from crosscheck.reconcile.figures import reconcile_figures


def tolls(*reports: tuple[str, str | None]) -> list[Figure]:
    """Reconciled casualty figures of reports given as (text, publication date)."""
    extractions = [
        extract_article(Article(id=f"d{i}", text=text, source=f"d{i}.txt", outlet=f"outlet{i}", published=published))
        for i, (text, published) in enumerate(reports)
    ]
    mentions = [m for e in extractions for m in e.mentions if isinstance(m, FigureMention)]
    figures, _ = reconcile_figures(mentions, {e.article.id: e.article for e in extractions})
    return [f for f in figures if f.kind in ("killed", "injured")]


def statuses(figures: list[Figure]) -> set[tuple[str, float, str]]:
    return {(f.kind, f.value, f.status) for f in figures}


WOUNDED = "A man was shot and wounded on Elm Street on Friday night, police said."
DIED = "A man shot on Elm Street on Friday night has died, police said."


def test_wounded_victim_who_died_is_superseded_as_injured() -> None:
    figures = tolls((WOUNDED, "2024-05-03"), (DIED, "2024-05-04"))
    assert statuses(figures) == {("killed", 1, "current"), ("injured", 1, "superseded")}


def test_the_death_wins_whichever_report_was_published_later() -> None:
    # A follow-up that only says the man "was shot" does not bring him back to life.
    figures = tolls((DIED, "2024-05-03"), (WOUNDED, "2024-05-06"))
    assert statuses(figures) == {("killed", 1, "current"), ("injured", 1, "superseded")}


def test_superseded_injured_keeps_its_evidence() -> None:
    figures = tolls((WOUNDED, None), (DIED, None))
    (injured,) = [f for f in figures if f.kind == "injured"]
    assert injured.status == "superseded" and [e.document for e in injured.evidence] == ["d0"]


def test_one_of_several_wounded_dies() -> None:
    figures = tolls(
        ("Three people were wounded in a shooting on Elm Street on Friday, police said.", None),
        ("One person was killed and two were wounded in a shooting on Elm Street on Friday.", None),
    )
    assert statuses(figures) == {("killed", 1, "current"), ("injured", 2, "current"), ("injured", 3, "superseded")}


def test_a_different_victim_count_is_not_a_death_of_the_wounded() -> None:
    # 1 killed + 1 wounded against 1 killed: the second report leaves the wounded out, it does
    # not say the wounded died.
    figures = tolls(
        ("One man was killed and a woman was wounded in a shooting on Elm Street.", None),
        ("A man was shot and killed on Elm Street on Friday, police said.", None),
    )
    assert ("injured", 1, "current") in statuses(figures)


def test_injured_stays_current_while_another_report_still_states_it_with_the_same_dead() -> None:
    figures = tolls(
        (WOUNDED, None),
        (DIED, None),
        ("A man was shot and killed and a woman was wounded on Elm Street, police said.", None),
    )
    assert ("injured", 1, "current") in statuses(figures)


def test_people_shot_are_weighed_against_another_reports_dead() -> None:
    # The first report counts four shot and, from the murder charge, one death: 3 "injured". The
    # second counts the same four as dead.
    figures = tolls(
        ("Four people were shot in the house, deputies said. A man was charged with murder.", None),
        ("Four people were found dead in the house on Friday.", None),
    )
    assert statuses(figures) == {("killed", 4, "current"), ("injured", 3, "superseded")}


def test_people_shot_beyond_another_reports_dead_stay_injured() -> None:
    figures = tolls(
        ("Five people were shot in the house, deputies said. A man was charged with murder.", None),
        ("Four people were found dead in the house on Friday.", None),
    )
    assert ("injured", 4, "current") in statuses(figures)


EARLY_HURT = "Dispatch initially said one person was taken to a hospital after a shooting on Elm Street."


def test_an_early_account_of_the_hurt_gives_way_to_a_later_death() -> None:
    figures = tolls((EARLY_HURT, "2024-05-03"), ("Jon Roe, 16, was killed in the shooting on Elm Street.", "2024-05-08"))
    assert statuses(figures) == {("killed", 1, "current"), ("injured", 1, "superseded")}


def test_an_early_account_of_the_hurt_stays_current_without_a_death() -> None:
    figures = tolls((EARLY_HURT, "2024-05-03"), ("Police arrested a man in the shooting on Elm Street.", "2024-05-08"))
    assert statuses(figures) == {("injured", 1, "current")}


def test_an_early_count_of_more_hurt_than_the_dead_stays_beside_the_death() -> None:
    # two hurt at first, one dead since: the other may still be alive
    figures = tolls(
        ("Dispatch initially said two people were taken to a hospital after a shooting on Elm Street.", "2024-05-03"),
        ("A man shot on Elm Street on Friday has died, police said.", "2024-05-08"),
    )
    assert ("injured", 2, "superseded") not in statuses(figures)


def test_a_report_of_a_death_outdates_its_own_early_account_of_the_hurt() -> None:
    # "had indicated": the dispatcher's account came before the death the report states
    figures = tolls((
        "A 17-year-old boy who was shot on Elm Street on Tuesday has died, police said.\n\n"
        "Dispatchers had indicated there was at least one person injured with a gunshot wound.", "2024-05-08"
    ))
    assert statuses(figures) == {("killed", 1, "current"), ("injured", 1, "superseded")}


def test_an_update_that_reports_the_death_outdates_the_earlier_version_beneath_it() -> None:
    figures = tolls((
        "UPDATE 1/11: The boy was taken off life support on Sunday and passed away.\n\n"
        "PREVIOUS 1/4: Police are investigating a shooting that critically injured a 9-year-old boy in Varnton.",
        "2024-05-08",
    ))
    assert statuses(figures) == {("killed", 1, "current"), ("injured", 1, "superseded")}


def test_a_death_two_later_reports_count_as_wounded_is_disputed_and_moves_no_one() -> None:
    figures = tolls((DIED, "2024-05-03"), (WOUNDED, "2024-05-05"), (WOUNDED, "2024-05-06"))
    assert statuses(figures) == {("killed", 1, "disputed"), ("injured", 1, "current")}
    (killed,) = [f for f in figures if f.kind == "killed"]
    assert killed.note == "2 later reports (d1, d2) count as many victims or more, all wounded, none dead"
    assert [e.document for e in killed.evidence] == ["d0"]


def test_later_reports_of_the_survivor_alone_do_not_contradict_the_death() -> None:
    # 1 dead and 1 wounded, then two reports of the wounded woman only: fewer victims, no contradiction
    figures = tolls(
        ("One man was killed and a woman was wounded in a shooting on Elm Street.", "2024-05-03"),
        ("A woman was wounded in a shooting on Elm Street on Friday, police said.", "2024-05-05"),
        ("A woman was wounded in a shooting on Elm Street on Friday, police said.", "2024-05-06"),
    )
    assert ("killed", 1, "current") in statuses(figures)


def test_without_publication_times_or_with_a_second_report_of_the_death_it_stays_current() -> None:
    assert ("killed", 1, "current") in statuses(tolls((DIED, None), (WOUNDED, None), (WOUNDED, None)))
    both = tolls((DIED, "2024-05-03"), (DIED, "2024-05-04"), (WOUNDED, "2024-05-05"), (WOUNDED, "2024-05-06"))
    assert ("killed", 1, "current") in statuses(both)  # the second report of the death is not contradicted by two


SHOT_CHILD = "A 7-year-old girl was shot at her home in Varnton on Monday and is in critical condition."
CHILD_DIED = (
    "A Varnton child who had been in a hospital since a shooting at her home has died, police said.\n\n"
    "Karma Roe, 7, had been critically injured in the incident."
)


def test_a_death_report_that_recalls_the_wound_counts_the_victim_once() -> None:
    # The death report counts the girl dead and, recalling her wound, hurt: one victim, not two.
    figures = tolls((SHOT_CHILD, "2024-05-06"), (CHILD_DIED, "2024-05-10"))
    assert statuses(figures) == {("killed", 1, "current"), ("injured", 1, "superseded")}


def test_a_survivor_told_apart_in_the_death_report_stays_injured() -> None:
    survivor = (
        "A Varnton child who had been in a hospital since a shooting at her home has died, police said.\n\n"
        "A second victim was wounded in the leg and survived."
    )
    figures = tolls((SHOT_CHILD, "2024-05-06"), (survivor, "2024-05-10"))
    assert ("injured", 1, "current") in statuses(figures)


def test_dead_and_hurt_in_one_sentence_are_two_people() -> None:
    both = ("A shootout between police and a gunman in Varnton resulted in an officer being wounded and an "
            "18-year-old man being killed.")
    figures = tolls(("A Varnton police officer was injured in a shooting on Monday.", "2024-05-06"), (both, "2024-05-06"))
    assert ("injured", 1, "current") in statuses(figures)


def test_another_outlet_counting_the_same_dead_and_hurt_keeps_the_hurt() -> None:
    figures = tolls((SHOT_CHILD, "2024-05-06"), (CHILD_DIED, "2024-05-10"), (CHILD_DIED, "2024-05-10"))
    assert ("injured", 1, "current") in statuses(figures)


def test_wounded_reported_after_the_death_report_are_not_its_dead() -> None:
    figures = tolls((CHILD_DIED, "2024-05-06"), (SHOT_CHILD, "2024-05-10"))
    assert ("injured", 1, "current") in statuses(figures)
