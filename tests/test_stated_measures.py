"""Stated measures: a quake's magnitude and a person's age tell two events of one kind apart.

The reports are written here and carry no publication date (as ECB+'s). ``QUAKE_A1`` and
``QUAKE_A2`` tell one earthquake on the (invented) island of Varuna Kesh in different words, with
the magnitudes two agencies gave it (5.9 and 6.1); ``QUAKE_B`` is another earthquake on the same
island, magnitude 5.2, told with the same names and vocabulary. ``FIGHT_A`` and ``FIGHT_B`` are one
boxer's two title defences years apart: same champion, same belts, his age 31 in one and 35 in the
other.
"""

from __future__ import annotations

from dataclasses import replace

from crosscheck.events.features import DocFeatures, features, stated_measures
from crosscheck.events.grouping import DEFAULT_PARAMS, measure_penalty, similarity
from crosscheck.model import Article
from crosscheck.corpus import Corpus
from grouping_support import bare

NO_MEASURES = replace(DEFAULT_PARAMS, magnitude_penalty=0.0, age_penalty=0.0)

QUAKE_A1 = Article(
    id="quake_a1", source="written", title="Strong quake shakes Varuna Kesh island",
    text=(
        "A strong earthquake of magnitude 5.9 shook Varuna Kesh island on Sunday, damaging homes in "
        "the fishing villages of Tolmar and Brisk Harbour, the island's seismology office said.\n\n"
        "The quake struck at dawn near Tolmar. Residents of Varuna Kesh ran into the streets and "
        "spent the day outside. The governor of Varuna Kesh said rescue teams had reached Tolmar."
    ),
)
QUAKE_A2 = Article(
    id="quake_a2", source="written", title="Earthquake damages villages on Varuna Kesh",
    text=(
        "An earthquake measuring 6.1 on the Richter scale hit Varuna Kesh island on Sunday morning, "
        "cracking walls in Tolmar and Brisk Harbour, officials said.\n\n"
        "The governor of Varuna Kesh said teams were searching Tolmar. Frightened residents of the "
        "island slept outside their homes near Brisk Harbour."
    ),
)
QUAKE_B = Article(
    id="quake_b", source="written", title="Quake injures three in Ostrevin",
    text=(
        "A magnitude 5.2 earthquake jolted Varuna Kesh island, injuring three people in the hill "
        "village of Ostrevin and cutting power to the ferry terminal, state radio reported.\n\n"
        "Schools in Ostrevin were closed while engineers inspected them; the governor said Tolmar "
        "was not affected. Shopkeepers swept up broken glass and the ferry was delayed."
    ),
)
FIGHT_A = Article(
    id="fight_a", source="written", title="Oskarsson stops challenger to keep heavyweight belts",
    text=(
        "Heavyweight champion Dagfinn Oskarsson, 31, retained his heavyweight belts on Saturday, "
        "stopping his challenger in the seventh round in Kessenburg.\n\n"
        "Oskarsson controlled the bout with his jab. The 31-year-old Oskarsson has now defended the "
        "heavyweight belts nine times."
    ),
)
FIGHT_B = Article(
    id="fight_b", source="written", title="Oskarsson keeps heavyweight belts with stoppage",
    text=(
        "Heavyweight champion Dagfinn Oskarsson, 35, retained his heavyweight belts on Saturday, "
        "stopping his challenger in the sixth round in Kessenburg.\n\n"
        "Oskarsson controlled the bout with his jab. The 35-year-old Oskarsson has now defended the "
        "heavyweight belts fourteen times."
    ),
)



def test_magnitudes_and_ages_are_read_in_the_usual_wordings() -> None:
    assert stated_measures("A 5.6-magnitude quake hit, followed by a magnitude of at least 5.9.") == ("@mag 5.6", "@mag 5.9", "@mag1 5.6")
    assert stated_measures("It registered 6.1 on the Richter scale.") == ("@mag 6.1", "@mag1 6.1")
    assert stated_measures("Two quakes, measuring 7.6 and 7.4, struck.") == ("@mag 7.6", "@mag1 7.6")
    assert stated_measures("A catfish measuring 4.5 feet was caught; unemployment rose 2.5 percent.") == ()
    assert stated_measures("Dagfinn Oskarsson, 31, won. The 35-year-old champion Oskarsson lost.") == (
        "@age oskarsson 31", "@age oskarsson 35")
    assert stated_measures("A 25-year-old man was shot. The Police, 12, said.") == ()  # no rare surname


def test_two_quakes_of_one_island_with_different_magnitudes_stay_apart_one_quake_in_other_words_joins() -> None:
    a1, a2, b = (features(bare(a)) for a in (QUAKE_A1, QUAKE_A2, QUAKE_B))
    # the same names and words: without the magnitudes the other quake is linked to both reports
    assert similarity(a1, b, NO_MEASURES) >= DEFAULT_PARAMS.threshold
    assert similarity(a2, b, NO_MEASURES) >= DEFAULT_PARAMS.threshold
    assert measure_penalty(a1.measures, b.measures) == DEFAULT_PARAMS.magnitude_penalty
    assert similarity(a1, b) < DEFAULT_PARAMS.threshold and similarity(a2, b) < DEFAULT_PARAMS.threshold
    # 5.9 and 6.1 (two agencies, one quake) are within the tolerance: no penalty, the reports link
    assert measure_penalty(a1.measures, a2.measures) == 0.0
    assert similarity(a1, a2) == similarity(a1, a2, NO_MEASURES) >= DEFAULT_PARAMS.threshold
    with Corpus(":memory:", extract=bare) as store:
        store.add([QUAKE_A1, QUAKE_B, QUAKE_A2])
        grouping = store.grouping()
    assert grouping["quake_a1"] == grouping["quake_a2"] != grouping["quake_b"]
    with Corpus(":memory:", extract=bare, params=NO_MEASURES) as store:
        store.add([QUAKE_A1, QUAKE_B, QUAKE_A2])
        assert len(set(store.grouping().values())) == 1  # the rule is what keeps them apart


def test_one_champion_at_two_ages_is_two_fights() -> None:
    a, b = features(bare(FIGHT_A)), features(bare(FIGHT_B))
    assert similarity(a, b, NO_MEASURES) >= DEFAULT_PARAMS.threshold
    assert measure_penalty(a.measures, b.measures) == DEFAULT_PARAMS.age_penalty
    assert similarity(a, b) == similarity(a, b, NO_MEASURES) - DEFAULT_PARAMS.age_penalty
    # an age one or two years apart (a birthday, an outlet's slip) is no conflict
    assert measure_penalty(("@age oskarsson 31",), ("@age oskarsson 33",)) == 0.0
    assert measure_penalty(("@age oskarsson 31",), ("@age oskarsson 34",)) == DEFAULT_PARAMS.age_penalty
    # another surname's age, or an age on one side only, says nothing
    assert measure_penalty(("@age oskarsson 31",), ("@age lindqvist 35",)) == 0.0
    assert measure_penalty(("@age oskarsson 31", "@mag 5.9"), ()) == 0.0


def test_a_report_recalling_the_other_quake_overlaps_both_and_is_not_penalised() -> None:
    assert measure_penalty(("@mag 5.2", "@mag 6.1"), ("@mag 5.9",)) == 0.0


def test_measures_survive_the_stored_json_and_old_rows_read_without_them() -> None:
    f = features(bare(QUAKE_A1))
    assert f.measures == ("@mag 5.9", "@mag1 5.9")  # the first magnitude stated is the report's own quake's
    assert DocFeatures.from_json(f.to_json()) == f
    old = DocFeatures.from_json('[null,[],null,[["tolmar",1.0]],[],null,[]]')
    assert old.measures == () and old.identifiers == ()
