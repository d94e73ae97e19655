"""Figure timelines: one current value per kind, earlier values superseded, parts under totals.

Each test is one rule of ``crosscheck.reconcile.timeline`` (``RULES``) or of the figure statuses
(``crosscheck.facts.FIGURE_STATUSES``), on short reports written for it, with mentions placed by
hand as extraction would place them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from crosscheck.facts import Figure
from crosscheck.model import Article, FigureKind, FigureMention, Scope, Span, Stage
from crosscheck.reconcile.figures import reconcile_figure_report, reconcile_figures


def report(doc_id: str, text: str, published: str | None = None, outlet: str | None = None) -> Article:
    return Article(id=doc_id, text=text, source=f"{doc_id}.txt", outlet=outlet or f"outlet-{doc_id}", published=published)


def stated(doc: Article, number: str, value: float, kind: FigureKind = FigureKind.KILLED, sentence: str | None = None,
           extractor: str = "figures.count", **fields: Any) -> FigureMention:
    """A figure ``value`` read at ``number`` in the sentence of ``doc`` that holds it."""
    sentence = sentence or next(s for s in doc.text.split("|") if number in s)
    start = doc.text.find(sentence)
    at = start + sentence.find(number)
    return FigureMention(Span(doc.id, start, start + len(sentence)), Span(doc.id, at, at + len(number)), extractor,
                         kind=kind, value=value, unit="people", **fields)


def statuses(figures: list[Figure], kind: str = "killed") -> dict[Any, str]:
    return {f.value: f.status for f in figures if f.kind == kind}


def only(figures: list[Figure], **match: Any) -> Figure:
    found = [f for f in figures if all(getattr(f, k) == v for k, v in match.items())]
    assert len(found) == 1, (match, figures)
    return found[0]


# --- later values replace earlier ones -------------------------------------------------------------

def test_a_later_count_replaces_an_earlier_one() -> None:
    a = report("a", "At least 34 people were killed in the blast.", "2024-05-01")
    b = report("b", "Officials said 87 people had been killed.", "2024-05-02")
    figures, _ = reconcile_figures([stated(a, "34", 34.0, qualifier="at least"), stated(b, "87", 87.0)], {"a": a, "b": b})
    assert statuses(figures) == {87: "current", 34: "superseded"}


def test_a_correction_down_is_current_and_the_higher_count_superseded() -> None:
    a = report("a", "The death toll reached 101 on Wednesday.", "2024-05-01")
    b = report("b", "Police revised the death toll down to 84 after removing names listed twice.", "2024-05-04")
    figures, _ = reconcile_figures(
        [stated(a, "101", 101.0, extractor="figures.toll"), stated(b, "84", 84.0, stage=Stage.CORRECTED)], {"a": a, "b": b}
    )
    assert statuses(figures) == {84: "current", 101: "superseded"}


def test_a_value_stated_again_later_is_current_again() -> None:
    a = report("a", "Twelve people died, police said.", "2024-05-01")
    b = report("b", "The toll rose to 15.", "2024-05-02")
    c = report("c", "Officials corrected the toll to 12.", "2024-05-03")
    mentions = [stated(a, "Twelve", 12.0), stated(b, "15", 15.0, stage=Stage.REVISED, extractor="figures.toll"),
                stated(c, "12", 12.0, stage=Stage.CORRECTED)]
    figures, _ = reconcile_figures(mentions, {d.id: d for d in (a, b, c)})
    assert statuses(figures) == {12: "current", 15: "superseded"}


def test_a_lower_count_two_later_sources_give_replaces_the_higher() -> None:
    a = report("a", "At least 20 people were injured.", "2024-05-01")
    b = report("b", "Seventeen people were injured, police said.", "2024-05-02")
    c = report("c", "The attack left 17 people injured.", "2024-05-04")
    mentions = [stated(a, "20", 20.0, FigureKind.INJURED, qualifier="at least"), stated(b, "Seventeen", 17.0, FigureKind.INJURED),
                stated(c, "17", 17.0, FigureKind.INJURED)]
    figures, _ = reconcile_figures(mentions, {d.id: d for d in (a, b, c)})
    assert statuses(figures, "injured") == {17: "current", 20: "superseded"}


def test_a_lower_count_of_people_named_in_passing_later_is_a_part() -> None:
    a = report("a", "Three people were shot and wounded outside the club.", "2024-05-01")
    b = report("b", "A man was arrested. A second man was critically injured in the shooting.", "2024-05-20")
    mentions = [stated(a, "Three", 3.0, FigureKind.INJURED),
                stated(b, "A second man", 1.0, FigureKind.INJURED, extractor="figures.single")]
    figures, _ = reconcile_figures(mentions, {"a": a, "b": b})
    assert statuses(figures, "injured") == {3: "current", 1: "part"}


def test_a_later_fall_to_the_count_of_one_of_two_places_is_that_place_retold() -> None:
    a = report("a", "Nine people died in the two provinces.|In the north, five people were killed.|Four died in the south.", "2024-06-01")
    b = report("b", "The flooding killed five people, the regional agency said.", "2024-06-02")
    c = report("c", "Five people have died in the floods, according to the latest figures.", "2024-06-02")
    docs = {d.id: d for d in (a, b, c)}
    north, south = (stated(a, "five", 5.0, scope=Scope.PLACE, scope_detail="the north"),
                    stated(a, "Four", 4.0, scope=Scope.PLACE, scope_detail="the south"))
    later = [stated(b, "five", 5.0), stated(c, "Five", 5.0, stage=Stage.LATEST)]
    figures, _ = reconcile_figures([stated(a, "Nine", 9.0), north, south, *later], docs)
    assert {(f.value, f.status, f.scope) for f in figures} == {
        (9, "current", "whole"), (5, "part", "place"), (4, "part", "place"), (5, "part", "whole")}
    assert "one place" in (only(figures, value=5, scope="whole").note or "")
    # stated as a correction, the same fall is the toll
    corrected = [stated(a, "Nine", 9.0), north, south, stated(b, "five", 5.0, stage=Stage.CORRECTED), later[1]]
    figures, _ = reconcile_figures(corrected, docs)
    assert {(f.value, f.status) for f in figures if f.scope == "whole"} == {(9, "superseded"), (5, "current")}
    # a place count with no other place's count making up the rest: two later sources carry the fall
    figures, _ = reconcile_figures([stated(a, "Nine", 9.0), north, *later], docs)
    assert {(f.value, f.status) for f in figures if f.scope == "whole"} == {(9, "superseded"), (5, "current")}


def test_one_death_told_later_with_a_revision_cue_is_no_toll() -> None:
    a = report("a", "At least 40 people were killed in the fire.", "2024-05-01")
    b = report("b", "Police now say a firefighter died of his injuries.", "2024-05-03")
    mentions = [stated(a, "40", 40.0, qualifier="at least"),
                stated(b, "a firefighter", 1.0, extractor="figures.single", stage=Stage.LATEST)]
    figures, _ = reconcile_figures(mentions, {"a": a, "b": b})
    assert statuses(figures) == {40: "current", 1: "part"}
    # a toll phrase of one is a toll: "the death toll was revised to one"
    c = report("c", "The death toll was revised to one.", "2024-05-03")
    figures, _ = reconcile_figures([mentions[0], stated(c, "one", 1.0, extractor="figures.toll", stage=Stage.CORRECTED)],
                                   {"a": a, "c": c})
    assert statuses(figures) == {1: "current", 40: "superseded"}


def test_a_lower_plain_count_later_disputes_the_earlier_without_replacing_it() -> None:
    a = report("a", "The fire killed 19 people.", "2024-03-05T08:00:00")
    b = report("b", "Police said 12 people were killed in the fire.", "2024-03-05T19:30:00")
    figures, _ = reconcile_figures([stated(a, "19", 19.0), stated(b, "12", 12.0)], {"a": a, "b": b})
    assert statuses(figures) == {19: "current", 12: "disputed"}
    current = only(figures, value=19)
    assert (current.low, current.high) == (12.0, 19.0) and "disputed" in (current.note or "")


def test_an_earlier_figure_recalled_by_a_later_report_is_superseded() -> None:
    text = "Police on Saturday put the toll at 84.|On Wednesday the health department had said 101 people died."
    a = report("a", text, "2024-02-04")
    mentions = [stated(a, "84", 84.0, extractor="figures.toll"), stated(a, "101", 101.0, stage=Stage.REVISED, as_of="2024-02-01")]
    report_ = reconcile_figure_report(mentions, {"a": a})
    assert statuses(report_.figures) == {84: "current", 101: "superseded"}
    (timeline,) = report_.timelines
    assert [(s.as_of, s.value) for s in timeline.steps] == [("2024-02-01", 101), ("2024-02-04", 84)]
    assert timeline.order == "by report time"


# --- one moment ---------------------------------------------------------------------------------

def test_a_count_rising_through_one_day_keeps_the_highest() -> None:
    a = report("a", "At least 28 people were killed.", "2024-01-30")
    b = report("b", "The bombing killed 34 people.", "2024-01-30")
    figures, _ = reconcile_figures([stated(a, "28", 28.0), stated(b, "34", 34.0)], {"a": a, "b": b})
    assert statuses(figures) == {34: "current", 28: "superseded"}
    assert "same moment" in (only(figures, value=28).note or "")


def test_two_sources_in_one_report_are_a_dispute_with_one_current_range() -> None:
    text = "The government says more than 2,000 people were buried.|A separate UN agency estimated the toll at 670."
    a = report("a", text, "2024-05-28")
    mentions = [stated(a, "2,000", 2000.0, qualifier="more than", attributed_to="government"),
                stated(a, "670", 670.0, attributed_to="UN agency")]
    figures, estimates = reconcile_figures(mentions, {"a": a})
    assert sorted(statuses(figures).values()) == ["current", "disputed"]
    current = only(figures, status="current")
    assert (current.low, current.high) == (670.0, 2000.0)
    assert "government" in (current.note or "") and "UN agency" in (current.note or "")
    (estimate,) = estimates
    assert (estimate.low, estimate.high) == (670.0, 2000.0) and estimate.best == current.value


def test_a_second_source_that_states_the_whole_toll_is_a_rival_in_the_same_report() -> None:
    """No word of disagreement, but the minister puts the toll itself at another value: a toll
    reading (``figures.toll``), not a count that may be a part."""
    text = ("Rights commission says 23 killed|The commission said 23 people had been killed in the protests."
            "|The interior minister put the toll at 19.")
    a = report("a", text, "2024-06-25")
    mentions = [stated(a, "23", 23.0, sentence="Rights commission says 23 killed"),
                stated(a, "23", 23.0, sentence="The commission said 23 people had been killed in the protests.",
                       attributed_to="commission"),
                stated(a, "19", 19.0, extractor="figures.toll", attributed_to="interior minister")]
    figures, _ = reconcile_figures(mentions, {"a": a})
    assert sorted(statuses(figures).values()) == ["current", "disputed"]
    assert (only(figures, status="current").low, only(figures, status="current").high) == (19.0, 23.0)


def test_a_second_source_in_a_report_that_notes_no_disagreement_is_not_a_rival() -> None:
    text = "Police said three people were killed.|A hospital spokesman said two people died at the hospital."
    a = report("a", text, "2024-05-28")
    mentions = [stated(a, "three", 3.0, attributed_to="police"), stated(a, "two", 2.0, attributed_to="hospital spokesman")]
    figures, _ = reconcile_figures(mentions, {"a": a})
    assert statuses(figures) == {3: "current"}


def test_survivor_counts_of_one_day_from_two_officials_are_a_dispute() -> None:
    a = report("a", "The coastguard said 104 survivors were brought ashore.", "2024-06-14", outlet="Daily A")
    b = report("b", "A port official said 78 survivors were brought ashore.", "2024-06-14", outlet="Daily B")
    mentions = [stated(a, "104", 104.0, FigureKind.RESCUED), stated(b, "78", 78.0, FigureKind.RESCUED)]
    figures, _ = reconcile_figures(mentions, {"a": a, "b": b})
    assert sorted(statuses(figures, "rescued").values()) == ["current", "disputed"]


def test_undated_reports_keep_the_highest_count_and_say_the_order_is_unknown() -> None:
    a = report("a", "Three people died in the quake.")
    b = report("b", "At least 24 people were killed in the quake.")
    report_ = reconcile_figure_report([stated(a, "Three", 3.0), stated(b, "24", 24.0, qualifier="at least")], {"a": a, "b": b})
    assert statuses(report_.figures) == {24: "current", 3: "superseded"}
    assert report_.timelines[0].order == "unknown"


def test_undated_counts_of_a_rising_toll_are_listed_from_the_lowest_up() -> None:
    docs = [report("a", "The toll was 40.", "2024-09-29"), report("b", "At least 90 died."), report("c", "Twelve died."),
            report("d", "Some 55 were killed."), report("e", "The toll reached 130 on Tuesday.", "2024-10-01")]
    mentions = [stated(docs[0], "40", 40.0), stated(docs[1], "90", 90.0), stated(docs[2], "Twelve", 12.0),
                stated(docs[3], "55", 55.0), stated(docs[4], "130", 130.0)]
    (timeline,) = reconcile_figure_report(mentions, {d.id: d for d in docs}).timelines
    undated = [step.value for step in timeline.steps if step.as_of is None]
    assert undated == sorted(undated) == [12, 55, 90]


def test_an_undated_correction_down_comes_after_the_count_it_corrects() -> None:
    a = report("a", "At least 103 people were killed, according to new reports.")
    b = report("b", "The death toll was revised down to 95.")
    mentions = [stated(a, "103", 103.0, qualifier="at least", stage=Stage.LATEST), stated(b, "95", 95.0, stage=Stage.CORRECTED)]
    figures, _ = reconcile_figures(mentions, {"a": a, "b": b})
    assert statuses(figures) == {95: "current", 103: "superseded"}


def test_an_undated_report_naming_a_later_day_is_the_latest() -> None:
    a = report("a", "At least 40 people were killed.", "2024-09-29")
    b = report("b", "By Sunday, October 1, the toll had reached 60.")
    report_ = reconcile_figure_report([stated(a, "40", 40.0, qualifier="at least"), stated(b, "60", 60.0, extractor="figures.toll")],
                                      {"a": a, "b": b}, not_before={"b": __import__("datetime").date(2024, 10, 1)})
    assert statuses(report_.figures) == {60: "current", 40: "superseded"}
    assert report_.timelines[0].order == "partly known"


def test_an_undated_report_follows_the_dated_one_whose_figure_it_recalls() -> None:
    """Placed by what it repeats: b recalls a's 15 dead as an earlier figure, so b's counts are
    later than a's, also for another kind (its 25 injured replace a's 24)."""
    a = report("a", "At least 15 people were killed and 24 injured, police said.", "2024-12-21")
    b = report("b", "Police revised the toll to 14 after previously reporting 15.|In all 25 people were injured.")
    mentions = [
        stated(a, "15", 15.0, qualifier="at least"), stated(a, "24", 24.0, FigureKind.INJURED),
        stated(b, "14", 14.0, stage=Stage.CORRECTED, extractor="figures.toll"),
        stated(b, "15", 15.0, stage=Stage.INITIAL), stated(b, "25", 25.0, FigureKind.INJURED),
    ]
    report_ = reconcile_figure_report(mentions, {"a": a, "b": b})
    assert statuses(report_.figures) == {14: "current", 15: "superseded"}
    assert statuses(report_.figures, "injured") == {25: "current", 24: "superseded"}


def test_a_figure_recalled_as_earlier_is_not_made_the_latest_by_the_recall() -> None:
    """c recalls b's 200 injured ("Earlier, the governor reported ...") a day after a's 300: the
    recall tells that 200 came before c, not after a; 300 stays current."""
    a = report("a", "About 300 people were injured.", "2025-01-06")
    b = report("b", "More than 200 people were injured, the governor said.")
    c = report("c", "Earlier, the governor reported that more than 200 were injured.", "2025-01-07")
    mentions = [stated(a, "300", 300.0, FigureKind.INJURED), stated(b, "200", 200.0, FigureKind.INJURED),
                stated(c, "200", 200.0, FigureKind.INJURED, stage=Stage.INITIAL)]
    report_ = reconcile_figure_report(mentions, {"a": a, "b": b, "c": c})
    assert statuses(report_.figures, "injured") == {300: "current", 200: "superseded"}


def test_an_undated_report_recalling_no_dated_figure_stays_unplaced() -> None:
    a = report("a", "At least 15 people were killed and 24 injured, police said.", "2024-12-21")
    b = report("b", "Officials had earlier said 9 people died.|In all 30 people were injured.")
    mentions = [stated(a, "24", 24.0, FigureKind.INJURED), stated(b, "9", 9.0, stage=Stage.INITIAL),
                stated(b, "30", 30.0, FigureKind.INJURED)]
    report_ = reconcile_figure_report(mentions, {"a": a, "b": b})
    assert statuses(report_.figures, "injured") == {24: "current", 30: "superseded"}


def test_an_undated_report_not_known_to_be_later_is_superseded_with_a_note() -> None:
    a = report("a", "The toll stood at 225.", "2024-08-08")
    b = report("b", "At least 308 people lost their lives.")
    figures, _ = reconcile_figures([stated(a, "225", 225.0, extractor="figures.toll"), stated(b, "308", 308.0)], {"a": a, "b": b})
    assert statuses(figures) == {225: "current", 308: "superseded"}
    assert "no date" in (only(figures, value=308).note or "")


# --- parts, denials, projections ----------------------------------------------------------------

def test_parts_stay_under_their_total_and_never_compete() -> None:
    text = "Eight people died in the two countries.|In the north, six people were killed.|Two children were among the dead."
    a = report("a", text, "2023-02-21")
    mentions = [
        stated(a, "Eight", 8.0),
        stated(a, "six", 6.0, scope=Scope.PLACE, scope_detail="the north"),
        stated(a, "Two", 2.0, scope=Scope.GROUP, scope_detail="children"),
    ]
    figures, _ = reconcile_figures(mentions, {"a": a})
    assert statuses(figures) == {8: "current", 6: "part", 2: "part"}
    assert only(figures, value=6).scope == "place" and only(figures, value=6).scope_detail == "the north"


def test_a_condition_count_beside_a_larger_count_of_its_day_is_that_conditions_part() -> None:
    a = report("a", "Officials said 140 people were injured in the blast.", "2024-05-02")
    b = report("b", "A hospital spokesman said 38 people were being treated.", "2024-05-02")
    c = report("c", "Twelve others sustained severe injuries.", "2024-05-01")
    mentions = [stated(a, "140", 140.0, FigureKind.INJURED), stated(b, "38", 38.0, FigureKind.INJURED, condition="under treatment"),
                stated(c, "Twelve", 12.0, FigureKind.INJURED, condition="seriously hurt")]
    figures, _ = reconcile_figures(mentions, {d.id: d for d in (a, b, c)})
    # 38 that day beside 140 is a part; 12 the day before, when nothing larger was stated, was that day's count
    assert {(f.value, f.status, f.scope) for f in figures} == {
        (140, "current", "whole"), (38, "part", "condition"), (12, "superseded", "whole")}
    assert only(figures, value=38).scope_detail == "under treatment"
    # with no day known for the larger count, the condition count stays a whole count
    undated = report("a", a.text)
    figures, _ = reconcile_figures(mentions, {"a": undated, "b": b, "c": c})
    assert only(figures, value=38).scope == "whole"
    # a larger count less than twice as large is as often a misreading or a later count: no part
    d = report("d", "Two are in critical condition after the shooting.", "2024-05-02")
    e = report("e", "Three people were injured in the shooting.", "2024-05-02")
    close = [stated(d, "Two", 2.0, FigureKind.INJURED, condition="critical condition"), stated(e, "Three", 3.0, FigureKind.INJURED)]
    figures, _ = reconcile_figures(close, {"d": d, "e": e})
    assert {(f.value, f.scope) for f in figures} == {(2, "whole"), (3, "whole")}


def test_an_increment_is_a_part_and_the_total_it_brings_is_the_toll() -> None:
    text = "Two more people died in hospital overnight, bringing the toll to 11."
    a = report("a", text, "2024-05-02")
    b = report("b", "Nine people were killed.", "2024-05-01")
    mentions = [stated(a, "Two", 2.0, sentence=text, scope=Scope.INCREMENT, scope_detail="more"),
                stated(a, "11", 11.0, sentence=text, stage=Stage.REVISED, extractor="figures.toll"), stated(b, "Nine", 9.0)]
    figures, _ = reconcile_figures(mentions, {"a": a, "b": b})
    assert statuses(figures) == {11: "current", 9: "superseded", 2: "part"}


def test_denied_projected_and_unconfirmed_figures_are_never_current() -> None:
    text = ("Officials confirmed 215 deaths.|The ministry denied reports that 700 bodies were found.|"
            "The toll could rise to 1,000.|Unconfirmed reports put the toll at 413.")
    a = report("a", text, "2024-11-06")
    mentions = [
        stated(a, "215", 215.0),
        stated(a, "700", 700.0, stage=Stage.DENIED),
        stated(a, "1,000", 1000.0, stage=Stage.PROJECTED),
        stated(a, "413", 413.0, stage=Stage.UNCONFIRMED),
    ]
    figures, _ = reconcile_figures(mentions, {"a": a})
    assert statuses(figures) == {215: "current", 700: "denied", 1000: "projected", 413: "disputed"}
    assert only(figures, value=413).note == "unconfirmed"


def test_times_that_do_not_say_of_what_are_not_a_dispute() -> None:
    text = "The plane hit the ground at 14:50.|Firefighters put out the blaze at 16:10."
    a = report("a", text)
    mentions = [stated(a, "14:50", 0.0, FigureKind.TIME_OF_DAY), stated(a, "16:10", 0.0, FigureKind.TIME_OF_DAY)]
    mentions = [FigureMention(m.evidence, m.anchor, m.extractor, kind=m.kind, value=v, unit="hh:mm")
                for m, v in zip(mentions, ("14:50", "16:10"))]
    figures, _ = reconcile_figures(mentions, {"a": a})
    assert {f.status for f in figures} == {"current"}


# --- exactly one current per kind ---------------------------------------------------------------

_STAGES = st.sampled_from([None, None, None, Stage.INITIAL, Stage.REVISED, Stage.CORRECTED, Stage.LATEST, Stage.UNCONFIRMED])
_DAYS = st.sampled_from([None, "2024-05-01", "2024-05-02", "2024-05-03"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(1, 60), _STAGES, st.sampled_from(["killed", "injured", "missing"]),
                          st.sampled_from(list(Scope)), st.booleans(), st.sampled_from([None, "police", "UN"])),
                min_size=1, max_size=12),
       st.lists(_DAYS, min_size=6, max_size=6))
def test_there_is_never_more_than_one_current_figure_per_kind(statements: list, days: list) -> None:
    docs = {f"d{i}": report(f"d{i}", " ".join(f"{n} people." for n in range(1, 61)), days[i]) for i in range(6)}
    mentions = []
    for doc, number, stage, kind, scope, bounded, who in statements:
        article = docs[f"d{doc}"]
        sentence = f"{number} people."
        start = article.text.find(" " + sentence) + 1 if number > 1 else 0
        value = {"value": float(number)} if not bounded else {"value": float(number), "qualifier": "at least"}
        mentions.append(FigureMention(Span(article.id, start, start + len(sentence)), Span(article.id, start, start + len(str(number))),
                                      "figures.count", kind=FigureKind(kind), unit="people", stage=stage, scope=scope,
                                      attributed_to=who, **value))
    figures, _ = reconcile_figures(mentions, docs)
    current = Counter(f.kind for f in figures if f.status == "current")
    assert all(n == 1 for n in current.values()), current
    for figure in figures:
        if figure.scope != "whole":
            assert figure.status == "part"


def test_lengths_told_at_different_times_of_day_are_two_measurements() -> None:
    text = ("The quake struck at 4:43 a.m., about 135 kilometers from Elm City.|"
            "A second quake struck at 7:48 a.m., 75 kilometers west of Elm City.")
    a = report("a", text)
    first, second = text.split("|")
    mentions = [
        FigureMention(*_spans(a, first, "135 kilometers"), "test", kind=FigureKind.DISTANCE, value=135000.0, unit="m", reference="Elm City"),
        FigureMention(*_spans(a, second, "75 kilometers"), "test", kind=FigureKind.DISTANCE, value=75000.0, unit="m", reference="Elm City"),
        FigureMention(*_spans(a, first, "4:43 a.m."), "test", kind=FigureKind.TIME_OF_DAY, value="04:43", unit="hh:mm"),
        FigureMention(*_spans(a, second, "7:48 a.m."), "test", kind=FigureKind.TIME_OF_DAY, value="07:48", unit="hh:mm"),
    ]
    figures, _ = reconcile_figures(mentions, {"a": a})
    assert {f.value: f.status for f in figures if f.kind == "distance"} == {135000: "current", 75000: "current"}
    without_times = [m for m in mentions if m.kind is not FigureKind.TIME_OF_DAY]
    figures, _ = reconcile_figures(without_times, {"a": a})
    assert sorted(f.status for f in figures if f.kind == "distance") == ["current", "disputed"]


def _spans(doc: Article, sentence: str, words: str) -> tuple[Span, Span]:
    start = doc.text.find(sentence)
    at = start + sentence.find(words)
    return Span(doc.id, start, start + len(sentence)), Span(doc.id, at, at + len(words))
