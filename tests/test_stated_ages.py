"""Stated ages: two shootings of one town and one night told apart by the ages of the people in them.

The reports are written here (invented town of Varnton). ``NIGHT_A1`` and ``NIGHT_A2`` tell one
shooting (a man of 24 outside a laundromat) in different words; ``NIGHT_B`` is another shooting the
same night in the same town (a boy of 16 at a bus stop), with enough common words (the town, its
police, "shot", "Friday") that the text alone links it to both.
"""

from __future__ import annotations

from dataclasses import replace

from crosscheck.events.features import features, stated_ages
from crosscheck.events.grouping import DEFAULT_PARAMS, measure_penalty, similarity
from crosscheck.model import Article
from crosscheck.corpus import Corpus
from grouping_support import bare

NO_AGES = replace(DEFAULT_PARAMS, ages_penalty=0.0, common_age_bonus=0.0, followup_age_bonus=0.0)
DAY = "2031-05-03"

NIGHT_A1 = Article(
    id="night_a1", source="written", title="Man wounded in Dunmore Heights shooting", published=DAY,
    text=(
        "A 24-year-old man was wounded in a shooting in Dunmore Heights late Friday, Varnton police said.\n\n"
        "Officers found the man with a gunshot wound to the leg near a laundromat on Quillan Road. "
        "He was taken to Varnton General Hospital in stable condition. No arrests have been made."
    ),
)
NIGHT_A2 = Article(
    id="night_a2", source="written", title="Police: 24-year-old shot near Dunmore Heights laundromat", published=DAY,
    text=(
        "Varnton police are investigating after a man, 24, was shot outside a laundromat in Dunmore Heights "
        "on Friday night.\n\nThe victim was taken to Varnton General Hospital and is expected to recover, "
        "a police spokesman said."
    ),
)
NIGHT_B = Article(
    id="night_b", source="written", title="Teenager shot on Harlow Street", published=DAY,
    text=(
        "A teenager was shot in the arm on Harlow Street on Friday evening and walked into a clinic for help, "
        "according to Varnton police.\n\nThe 16-year-old told officers he had been standing at a bus stop in "
        "the Orchard Row area when a car drove past. Detectives asked witnesses to call the tip line."
    ),
)



def test_ages_are_read_named_or_not_and_dates_or_distances_are_not_ages() -> None:
    assert stated_ages("A 24-year-old man was shot.") == ("@aged 24",)
    assert stated_ages("Jordan Baker, 21, and a woman, 19, were hurt; the boy, 7, was not.") == ("@aged 7", "@aged 19", "@aged 21")
    assert stated_ages("Baker (21) was aged 21 at the time.") == ("@aged 21",)
    assert stated_ages("On January 5, 2014, the car left Route 9, 10 miles north, at 11:30.") == ()


def test_ages_written_out_are_read() -> None:
    assert stated_ages("A six-year-old boy was shot by his Five-year-old brother.") == ("@aged 5", "@aged 6")
    assert stated_ages("A twenty-two-year-old man was wounded.") == ("@aged 22",)


def test_another_shooting_the_same_night_with_other_ages_stays_apart() -> None:
    a1, a2, b = (features(bare(a)) for a in (NIGHT_A1, NIGHT_A2, NIGHT_B))
    assert a1.measures == a2.measures == ("@aged 24",) and b.measures == ("@aged 16",)
    # the text (and the same-day bonus) links the other shooting to both reports ...
    assert similarity(a1, b, NO_AGES) >= DEFAULT_PARAMS.threshold
    assert similarity(a2, b, NO_AGES) >= DEFAULT_PARAMS.threshold
    # ... the ages, none in common, take it below the threshold; one incident's reports keep their link
    assert similarity(a1, b) == similarity(a1, b, NO_AGES) - DEFAULT_PARAMS.ages_penalty < DEFAULT_PARAMS.threshold
    assert similarity(a2, b) < DEFAULT_PARAMS.threshold
    assert similarity(a1, a2) == similarity(a1, a2, NO_AGES) + DEFAULT_PARAMS.common_age_bonus >= DEFAULT_PARAMS.threshold
    with Corpus(":memory:", extract=bare) as store:
        store.add([NIGHT_A1, NIGHT_B, NIGHT_A2])
        grouping = store.grouping()
    assert grouping["night_a1"] == grouping["night_a2"] != grouping["night_b"]
    with Corpus(":memory:", extract=bare, params=NO_AGES) as store:
        store.add([NIGHT_A1, NIGHT_B, NIGHT_A2])
        assert len(set(store.grouping().values())) == 1  # the rule is what keeps them apart


# One boxer's two title defences, told by undated reports (as in a corpus without publication
# dates): the same champion, arena and words, but challengers of other ages.
DEFENCE_A1 = Article(
    id="defence_a1", source="written", title="Jon Roe stops Ned Pask to keep Varnton heavyweight belt",
    text=(
        "Jon Roe kept his Varnton heavyweight belt on Saturday, stopping the 38-year-old challenger Ned Pask "
        "in the ninth round at the Elm Street Arena.\n\nRoe dropped Pask twice before the referee waved the "
        "fight off. Pask had never been stopped before."
    ),
)
DEFENCE_A2 = Article(
    id="defence_a2", source="written", title="Roe too strong for Pask at Elm Street Arena",
    text=(
        "Heavyweight champion Jon Roe beat Ned Pask, 38, in nine rounds at the Elm Street Arena on Saturday "
        "to keep his Varnton belt.\n\nPask went down twice and the referee stopped the fight in the ninth."
    ),
)
DEFENCE_B = Article(
    id="defence_b", source="written", title="Roe retains title against Ivo Marsh",
    text=(
        "Roe remains the heavyweight champion of Varnton after a points win over the 29-year-old Ivo Marsh "
        "in Harlow on Friday.\n\nMarsh, a former sparring partner, took the champion the full twelve rounds; "
        "all three judges scored it for the champion."
    ),
)


def test_ages_count_between_undated_reports_too() -> None:
    a1, a2, b = (features(bare(a)) for a in (DEFENCE_A1, DEFENCE_A2, DEFENCE_B))
    assert a1.day is a2.day is b.day is None
    assert a1.measures == a2.measures == ("@age pask 38", "@aged 38") and b.measures == ("@age marsh 29", "@aged 29")
    # the text alone links the other defence to the first report ...
    assert similarity(a1, b, NO_AGES) >= DEFAULT_PARAMS.threshold
    # ... the challengers' ages, none in common, take it below the threshold; one fight's reports keep their link
    assert similarity(a1, b) == similarity(a1, b, NO_AGES) - DEFAULT_PARAMS.ages_penalty < DEFAULT_PARAMS.threshold
    assert similarity(a1, a2) == similarity(a1, a2, NO_AGES) + DEFAULT_PARAMS.common_age_bonus >= DEFAULT_PARAMS.threshold
    assert measure_penalty(a1.measures, b.measures) == DEFAULT_PARAMS.ages_penalty
    with Corpus(":memory:", extract=bare) as store:
        store.add([DEFENCE_A1, DEFENCE_B, DEFENCE_A2])
        grouping = store.grouping()
    assert grouping["defence_a1"] == grouping["defence_a2"] != grouping["defence_b"]


def test_one_shared_age_is_enough_and_a_surname_conflict_is_not_counted_twice() -> None:
    assert measure_penalty(("@aged 16", "@aged 24"), ("@aged 24", "@aged 31")) == 0.0
    assert measure_penalty(("@aged 24",), ()) == 0.0
    both = measure_penalty(("@age oskarsson 31", "@aged 31"), ("@age oskarsson 35", "@aged 35"))
    assert both == DEFAULT_PARAMS.age_penalty


# Two more reports of the same invented town: one shooting told twice (a man shot near the rail
# depot at 11:40 p.m.), and another shooting the same night at 2 a.m. near the same depot.
DEPOT_A1 = Article(
    id="depot_a1", source="written", title="Man shot near Varnton rail depot", published=DAY,
    text=(
        "A man was shot near the Varnton rail depot at about 11:40 p.m. Friday, police said.\n\n"
        "Officers found him on Coalyard Lane and he was taken to Varnton General Hospital."
    ),
)
DEPOT_A2 = Article(
    id="depot_a2", source="written", title="Police investigate shooting by rail depot", published=DAY,
    text=(
        "Varnton police were called to Coalyard Lane by the rail depot just before 11:45 p.m. on Friday "
        "after a man was shot. He is at Varnton General Hospital."
    ),
)
DEPOT_B = Article(
    id="depot_b", source="written", title="Second shooting near Varnton depot", published=DAY,
    text=(
        "Police said a man was shot on Coalyard Lane near the Varnton rail depot around 2 a.m. Saturday.\n\n"
        "He was taken to Varnton General Hospital."
    ),
)
NO_TIMES = replace(DEFAULT_PARAMS, time_penalty=0.0)


def test_times_of_day_are_read_in_minutes_after_midnight() -> None:
    from crosscheck.events.features import stated_times

    assert stated_times("at 11:30 p.m. and again at 2 a.m., then 10:15PM") == ("@time 120", "@time 1335", "@time 1410")
    assert stated_times("12:05 a.m. and 12 p.m.") == ("@time 5", "@time 720")
    assert stated_times("13:00 pm, 9:75 am, I am here, 3 amendments") == ()


def test_reports_of_one_night_an_hour_and_more_apart_lose_the_time_penalty() -> None:
    a1, a2, b = (features(bare(a)) for a in (DEPOT_A1, DEPOT_A2, DEPOT_B))
    assert similarity(a1, a2) == similarity(a1, a2, NO_TIMES)  # 11:40 and 11:45 p.m.: no conflict
    assert DEFAULT_PARAMS.time_penalty > 0
    assert similarity(a1, b) == similarity(a1, b, NO_TIMES) - DEFAULT_PARAMS.time_penalty  # 2 a.m.: 140 minutes on
    assert similarity(a1, b) < similarity(a1, b, NO_TIMES)
    # across midnight the gap is counted the short way round: 11:40 p.m. and 0:30 a.m. are 50 minutes apart
    assert measure_penalty(("@time 1420",), ("@time 30",), times=True) == 0.0
    assert measure_penalty(("@time 1420",), ("@time 120",), times=True) == DEFAULT_PARAMS.time_penalty


def test_times_count_only_between_reports_published_within_the_window() -> None:
    a1 = features(bare(DEPOT_A1))
    late = features(bare(replace(DEPOT_B, published="2031-05-20")))
    assert similarity(a1, late) == similarity(a1, late, NO_TIMES)
    assert measure_penalty(a1.measures, late.measures) == 0.0  # times=False unless the caller says so
