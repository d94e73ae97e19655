"""Names printed in many weeks (``crosscheck.events.recurring``) are no incident's names.

The reports are written here: Varnton's hospital (Quellham Mercy) and its police spokesman
(Sergeant Ilvesco Drummond) appear in a report of every shooting in the town, week after week;
two shootings of the town with different victims share only those names.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

from crosscheck.engines import steps
from crosscheck.events.features import DocFeatures, features
from crosscheck.events.grouping import DEFAULT_PARAMS, similarity
from crosscheck.events.partition import Node
from crosscheck.events.recurring import WEEK_DAYS, RecurringAt, name_weeks, recurring_since, since_of
from crosscheck.model import Article
from crosscheck.corpus import Corpus
from grouping_support import bare

WEEKS = 3
PARAMS = replace(DEFAULT_PARAMS, recurring_weeks=WEEKS)
START = date(2026, 1, 5)  # a Monday
VICTIMS = ["Orla Penhallow", "Tamsin Vickery", "Bram Ostrander", "Idris Quennell", "Nell Fairweather"]
STREETS = ["Harrowgate", "Lindqvist", "Marchbank", "Corrigall", "Threlkeld"]
STORIES = [
    "A neighbour heard an argument over a parked van before several shots rang out. The van's owner, "
    "a plumber, had complained about noise from the garage for months",
    "Witnesses described a grey pickup leaving the bakery lot moments after the gunfire. A cashier "
    "locked the doors and customers waited behind the ovens",
    "The teenager had been walking home from basketball practice with two friends. His coach "
    "organised a vigil outside the gymnasium on Tuesday evening",
    "Detectives recovered shell casings beside the laundromat and a damaged fence. A landlord "
    "offered footage from a doorbell camera across the alley",
    "The shooter fled on foot toward the railway bridge, according to a resident. Trains were "
    "halted for an hour while dogs searched the embankment",
]


def report(k: int, day: date, outlet: int = 0) -> Article:
    """Shooting ``k`` of Varnton: its own victim and street, the town's hospital and spokesman."""
    victim, street = VICTIMS[k], STREETS[k]
    text = (
        f"VARNTON - {victim} was wounded in a shooting on {street} Road in Varnton, police said. {STORIES[k]}. "
        f"{victim.split()[1]} was taken to Quellham Mercy Hospital, Sergeant Ilvesco Drummond said."
    )
    return Article(id=f"s{k}-o{outlet}", text=text, source="written", title=f"Woman wounded on {street} Road",
                   published=day.isoformat(), url=f"https://outlet{outlet}.example/news/{k}")


def corpus() -> list[Article]:
    """A shooting every ten days, each told by two outlets on consecutive days."""
    return [report(k, START + timedelta(days=10 * k + outlet), outlet) for k in range(5) for outlet in (0, 1)]


def feats(article: Article) -> DocFeatures:
    return features(bare(article))


def test_a_name_recurs_from_the_report_bringing_its_last_week() -> None:
    reports = [(seq, feats(a)) for seq, a in enumerate(corpus())]
    since = recurring_since(reports, WEEKS)
    # the hospital and the spokesman are in every report: in their third week from the fifth report on
    assert since["mercy"] == since["drummond"] == 4
    assert not {"penhallow", "harrowgate"} & since.keys()  # a victim's or street's name: one week only
    # the same answer name by name, whatever the order the occurrences come in (as the Ray engine groups them)
    occurrences: dict[str, list[tuple[int, int]]] = {}
    for seq, f in reversed(reports):
        for name, week in name_weeks(f):
            occurrences.setdefault(name, []).append((seq, week))
    assert {n: s for n, occ in occurrences.items() if (s := since_of(occ, WEEKS)) is not None} == since
    assert recurring_since(reports, None) == {}
    assert "mercy" not in RecurringAt(since, 3) and "mercy" in RecurringAt(since, 4)


def test_an_undated_report_tells_no_week() -> None:
    undated = replace(corpus()[0], published=None)
    assert list(name_weeks(feats(undated))) == []


def test_common_names_that_recur_lift_no_pair_and_count_as_none() -> None:
    first, later = feats(report(0, START)), feats(report(1, START + timedelta(days=40)))  # two shootings
    names_only = replace(PARAMS, followup_days=None)  # the pair is 40 days apart: the names alone decide
    off = replace(names_only, names_bonus=0.0, unnamed_penalty=0.0)
    low = similarity(first, later, off)
    assert low < PARAMS.threshold
    lifted = similarity(first, later, names_only)
    assert lifted == min(low + PARAMS.names_bonus, PARAMS.threshold)  # mercy, quellham, drummond, ilvesco...
    assert similarity(first, later, PARAMS) == lifted  # two rare common names: a detail of one incident
    town = {"mercy", "quellham", "drummond", "ilvesco"}
    assert similarity(first, later, names_only, town) == low  # one rare common name left (varnton): no lift
    assert similarity(first, later, PARAMS, town) <= 0.0  # ... nor any detail of one incident, weeks apart: no pair
    common = set(first.names) & set(later.names)
    assert similarity(first, later, names_only, common) == low - PARAMS.unnamed_penalty  # all recur: no common name


def store_events(articles: list[Article], params=PARAMS, path: str | Path = ":memory:") -> set[frozenset[str]]:
    with Corpus(path, extract=bare, params=params) as store:
        store.add(articles, batch_size=3)
        grouping = store.grouping()
    by_event: dict[str, set[str]] = {}
    for doc_id, event in grouping.items():
        by_event.setdefault(event, set()).add(doc_id)
    return {frozenset(g) for g in by_event.values()}


def test_once_the_town_names_recur_its_shootings_stay_apart() -> None:
    """Without the rule the town's names lift every pair of its shootings to a link: one event.
    With it, the shootings after the names' third week are each their own event; the first two,
    told before any name recurred and close in time, stay one."""
    articles = corpus()
    assert store_events(articles, replace(PARAMS, recurring_weeks=None)) == {frozenset(a.id for a in articles)}
    first_two = frozenset({"s0-o0", "s0-o1", "s1-o0", "s1-o1"})
    assert store_events(articles, PARAMS) == {first_two, *(frozenset({f"s{k}-o0", f"s{k}-o1"}) for k in (2, 3, 4))}


def test_the_store_counts_weeks_as_reports_arrive_and_the_engine_agrees() -> None:
    articles = corpus()
    with Corpus(":memory:", extract=bare, params=PARAMS) as store:
        store.add(articles[:4])
        assert store.grouper._recurring_names() == set()  # two weeks so far
        store.add(articles[4:])
        recurring = store.grouper._recurring_names()
    assert {"mercy", "drummond", "ilvesco", "quellham", "varnton"} <= recurring
    assert not {"penhallow", "vickery", "harrowgate"} & recurring
    nodes = [Node(seq, a.id, feats(a)) for seq, a in enumerate(articles)]
    for params in (PARAMS, replace(PARAMS, recurring_weeks=None)):
        expected = store_events(articles, params)
        for parts in (1, 2, 3):
            assert {frozenset(g) for g in steps.group(nodes, parts, params)} == expected


def test_a_version_4_store_counts_its_documents_once_when_opened(tmp_path: Path) -> None:
    path = tmp_path / "v4.db"
    store_events(corpus(), PARAMS, path)
    with sqlite3.connect(path) as conn:
        counted = sorted(conn.execute("SELECT name, week FROM name_weeks"))
        conn.execute("DROP TABLE name_weeks")
        conn.execute("DROP TABLE name_weeks_filled")
        conn.execute("PRAGMA user_version = 4")
    with Corpus(path, extract=bare, params=PARAMS) as store:
        assert sorted(store._db.execute("SELECT name, week FROM name_weeks")) == counted
        assert store._db.execute("SELECT done FROM name_weeks_filled").fetchone()[0] == 1
        assert {"mercy", "drummond"} <= store.grouper._recurring_names()
