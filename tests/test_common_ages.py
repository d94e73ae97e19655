"""A common age is corroboration: two reports that state an age in common gain ``common_age_bonus``
(0.05), or ``followup_age_bonus`` (0.10) when they are dated further apart than ``window_days``.

The reports are written here (the invented town of Varnton, as in ``test_stated_ages``): a man of
24 shot outside a laundromat, told twice on the night, and three weeks later the charging of a man
from Ashby in "the shooting of a 24-year-old"; the same follow-up about a victim of 31 is another
incident's.
"""

from __future__ import annotations

from dataclasses import replace

from crosscheck.events.features import DocFeatures, features
from crosscheck.events.grouping import DEFAULT_PARAMS, common_ages_bonus, conflicts, similarity
from crosscheck.model import Article
from crosscheck.corpus import Corpus
from grouping_support import bare
from test_stated_ages import NIGHT_A1, NIGHT_A2

NO_BONUS = replace(DEFAULT_PARAMS, common_age_bonus=0.0, followup_age_bonus=0.0)
FOLLOW_UP = Article(
    id="follow_up", source="written", title="Ashby man charged in Varnton shooting", published="2031-05-24",
    text=(
        "A 30-year-old Ashby man was charged on Thursday with attempted murder in the shooting of a 24-year-old "
        "in Varnton last month.\n\nProsecutors told the magistrate that the two men had argued over a car "
        "loan before the shooting. The defendant's lawyer asked for a lower bond, citing his job at a "
        "warehouse in Ashby and his three children. The magistrate kept the bond and set a hearing for "
        "June; the defendant did not enter a plea."
    ),
)
OTHER_FOLLOW_UP = replace(FOLLOW_UP, id="other_follow_up", text=FOLLOW_UP.text.replace("of a 24-year-old", "of a 31-year-old"))


def _parsed(*measures: str) -> dict[str, list[float]]:
    return DocFeatures(day=None, years=(), kind=None, terms=(), measures=measures).measure_values


def test_the_bonus_needs_an_age_in_common_and_no_conflicting_surname() -> None:
    common, other = _parsed("@aged 16", "@aged 24"), _parsed("@aged 24", "@aged 31")
    assert common_ages_bonus(common, other, DEFAULT_PARAMS, dated=True, in_window=True) == DEFAULT_PARAMS.common_age_bonus
    assert common_ages_bonus(common, other, DEFAULT_PARAMS, dated=True, in_window=False) == DEFAULT_PARAMS.followup_age_bonus
    assert common_ages_bonus(common, other, DEFAULT_PARAMS, dated=False, in_window=False) == DEFAULT_PARAMS.common_age_bonus
    assert common_ages_bonus(common, _parsed("@aged 31"), DEFAULT_PARAMS, dated=True, in_window=True) == 0.0  # the penalty's case
    assert common_ages_bonus(common, _parsed(), DEFAULT_PARAMS, dated=True, in_window=True) == 0.0
    # one surname at 31 and at 35: two people, whatever other age the reports share
    conflict_a = _parsed("@age oskarsson 31", "@aged 24", "@aged 31")
    conflict_b = _parsed("@age oskarsson 35", "@aged 24", "@aged 35")
    assert common_ages_bonus(conflict_a, conflict_b, DEFAULT_PARAMS, dated=True, in_window=True) == 0.0


def test_reports_of_one_night_with_a_common_age_gain_the_bonus() -> None:
    a1, a2 = features(bare(NIGHT_A1)), features(bare(NIGHT_A2))
    assert similarity(a1, a2) == similarity(a1, a2, NO_BONUS) + DEFAULT_PARAMS.common_age_bonus


def test_a_follow_up_weeks_later_joins_the_incident_whose_victim_s_age_it_states() -> None:
    a1, a2 = features(bare(NIGHT_A1)), features(bare(NIGHT_A2))
    follow_up, other = features(bare(FOLLOW_UP)), features(bare(OTHER_FOLLOW_UP))
    assert follow_up.day - a1.day == 21 > DEFAULT_PARAMS.window_days
    assert "@aged 24" in follow_up.measures and "@aged 24" not in other.measures
    # the day penalty takes the follow-up below the link threshold; the victim's age brings it back
    assert similarity(follow_up, a1, NO_BONUS) < DEFAULT_PARAMS.threshold <= similarity(follow_up, a1)
    assert similarity(follow_up, a1) == similarity(follow_up, a1, NO_BONUS) + DEFAULT_PARAMS.followup_age_bonus
    assert similarity(other, a1) < DEFAULT_PARAMS.threshold and similarity(other, a2) < DEFAULT_PARAMS.threshold
    assert not conflicts(follow_up, a1)  # a bonus is no conflict, and no conflict is made of it

    def together(params, follow: Article) -> bool:
        # one report of the night: with both, the follow-up's two near pairs would carry it
        # (``attach_unlinked_reports``)
        with Corpus(":memory:", extract=bare, params=params) as store:
            store.add([NIGHT_A1, follow])
            grouping = store.grouping()
        return grouping["night_a1"] == grouping[follow.id]

    assert together(DEFAULT_PARAMS, FOLLOW_UP)
    assert not together(NO_BONUS, FOLLOW_UP)
    assert not together(DEFAULT_PARAMS, OTHER_FOLLOW_UP)
