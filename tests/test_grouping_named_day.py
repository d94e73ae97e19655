"""A follow-up months after an event that names the event's day (``named_day_followup``).

The reports are written here: wildfires around an invented coastal town, a first-day report and an
arrest seven months on that names the day the fires broke out, and a ceasefire extended four weeks
after a quake.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from crosscheck.events.features import DocFeatures, features, named_days
from crosscheck.events.grouping import DEFAULT_PARAMS, named_day_gap, similarity
from crosscheck.extract import extract_article
from crosscheck.model import Article, DateMention, Extraction, Span

EARLIER_RULE = replace(DEFAULT_PARAMS, named_day_followup=False)
FIRST_DAY = date(2026, 2, 3).toordinal()
TERMS = (("marvela", 0.6), ("wildfire", 0.5), ("firefighter", 0.4), ("arson", 0.3), ("blaze", 0.3))


def _doc(day: int, named: tuple[int, ...] = ()) -> DocFeatures:
    return DocFeatures(day=day, years=(), kind="fire", terms=TERMS, named_days=named)


def _date(doc: str, start: int, value: date) -> DateMention:
    return DateMention(Span(doc, start, start + 60), Span(doc, start + 5, start + 15), "dates", value=value, surface="x")


def test_the_days_a_report_names_leave_out_its_background_its_own_day_and_later_days() -> None:
    text = "x" * 400
    article = Article(id="d", source="written", published="2026-09-10", title=None, text=text)
    mentions = (
        _date("d", 0, date(2026, 2, 2)),  # the event's day
        _date("d", 100, date(2025, 6, 1)),  # inside a background sentence
        _date("d", 200, date(2026, 9, 10)),  # its own day
        _date("d", 300, date(2026, 9, 15)),  # a court date to come
    )
    extraction = Extraction(article=article, sentences=(), mentions=mentions)
    assert named_days(extraction, ((100, 160),)) == (date(2026, 2, 2).toordinal(),)
    undated = Extraction(article=replace(article, published=None), sentences=(), mentions=mentions)
    assert named_days(undated) == ()


def test_a_follow_up_that_names_the_event_s_day_is_no_longer_parted_from_it() -> None:
    first = _doc(FIRST_DAY)
    arrest = _doc(FIRST_DAY + 219, named=(FIRST_DAY - 1,))
    unnamed = _doc(FIRST_DAY + 219)
    assert named_day_gap(first, arrest) == 1 and named_day_gap(arrest, first) == 1
    assert similarity(first, arrest) >= DEFAULT_PARAMS.threshold
    # the rule before: the gap costs its day penalty and, nothing of one incident shared, the pair is none
    assert similarity(first, arrest, EARLIER_RULE) <= 0.0
    assert similarity(first, unnamed) == similarity(first, arrest, EARLIER_RULE)


def test_a_day_named_within_a_month_is_a_follow_up_too() -> None:
    # a ceasefire extended four weeks after "the earthquake of March 28": no day penalty, as beyond a month
    first = _doc(FIRST_DAY)
    ceasefire = _doc(FIRST_DAY + 26, named=(FIRST_DAY,))
    assert similarity(first, ceasefire) == similarity(first, _doc(FIRST_DAY + DEFAULT_PARAMS.window_days))
    assert similarity(first, ceasefire) > similarity(first, ceasefire, EARLIER_RULE) == similarity(first, _doc(FIRST_DAY + 26))
    # within the window the day changes nothing: the window already rules
    assert similarity(first, _doc(FIRST_DAY + 2, named=(FIRST_DAY,))) == similarity(first, _doc(FIRST_DAY + 2))


def test_a_day_far_from_the_other_report_s_is_no_follow_up() -> None:
    first = _doc(FIRST_DAY)
    other = _doc(FIRST_DAY + 219, named=(FIRST_DAY + 40,))
    assert named_day_gap(first, other) == 40
    assert similarity(first, other) == similarity(first, other, EARLIER_RULE)


def test_written_reports_an_arrest_seven_months_on_names_the_day_the_fires_broke_out() -> None:
    first = extract_article(Article(id="first", source="written", published="2026-02-03", title=None, text=(
        "Wildfires raged around the coastal town of Marvela on Saturday, killing at least 40 people and "
        "destroying hundreds of homes, officials said. Firefighters battled the blaze through the night.")))
    later = extract_article(Article(id="later", source="written", published="2026-09-10", title=None, text=(
        "Police in Marvela arrested a former volunteer firefighter on Monday on suspicion of arson over the "
        "wildfires that broke out on February 2 and killed 137 people.")))
    assert date(2026, 2, 2).toordinal() in features(later).named_days
    assert similarity(features(first), features(later)) > similarity(features(first), features(later), EARLIER_RULE)
