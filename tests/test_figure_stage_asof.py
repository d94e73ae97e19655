"""The stage and the day a sentence gives a figure (``figures.stages``, ``figures.asof``), on
sentences written for these tests."""

from __future__ import annotations

import pytest

from crosscheck.extract.figures import extract
from crosscheck.model import Article, FigureMention, Stage
from crosscheck.nlp.document import AnalyzedDoc


def figures(text: str, published: str | None = "2024-05-04") -> list[FigureMention]:
    return list(extract(AnalyzedDoc(Article(id="t", text=text, source="test", published=published))))


def stages(text: str) -> dict[float, Stage | None]:
    return {m.value: m.stage for m in figures(text) if m.kind.is_casualty}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The agency warned that the number of dead could rise to or surpass 9,000.", {9000: Stage.PROJECTED}),
        ("The death toll could be more than 40, an official estimated.", {40: Stage.PROJECTED}),
        ("The ministry dismissed reports that 300 bodies were found in the tunnel.", {300: Stage.DENIED}),
        ("Police called false the claims that 45 people were killed.", {45: Stage.DENIED}),
        # the denier's own count after the denial is no denied figure
        ("The government denied the claim and said the toll stood at 34.", {34: Stage.LATEST}),
        # a denial in the next sentence that points back at the count before it
        ("Opposition leaders claimed that more than 100 people had died. The government denied the claim.",
         {100: Stage.DENIED}),
        ("Local media reported that 40 people were killed. The army dismissed those figures as propaganda.",
         {40: Stage.DENIED}),
        ("Unofficial reports suggest that 120 people have perished in the floods.", {120: Stage.UNCONFIRMED}),
        ("At least 19 hikers are feared dead after the avalanche.", {19: Stage.UNCONFIRMED}),
        ("The minister said the 640 people reported missing were mostly calls from worried families and do not "
         "necessarily reflect people out of contact.", {640: Stage.UNCONFIRMED}),
        ("Police revised down the death toll to 61 after removing double entries.", {61: Stage.CORRECTED}),
        ("The governor's office corrected the toll to 14 on Monday.", {14: Stage.CORRECTED}),
        # a verb of change takes one count; a cue of the telling holds for every count after it
        ("Death toll in Varnton market attack rises to 5, more than 200 injured", {5: Stage.REVISED, 200: None}),
        ("Officials initially said 12 people died and 30 were hurt.", {12: Stage.INITIAL, 30: Stage.INITIAL}),
        ("State media has since reported that 48 people died, while 95 were injured.", {48: Stage.REVISED, 95: Stage.REVISED}),
        # a revision below the earlier figure the sentence recalls is a correction down
        ("Police revised the death toll to 14 after previously reporting 15 deaths.", {14: Stage.CORRECTED, 15: Stage.INITIAL}),
        ("The toll was lowered to 33 because some victims were counted twice.", {33: Stage.CORRECTED}),
        ("The ministry revised the death toll to 210 as more bodies were found.", {210: Stage.REVISED}),
        ("The death toll now stands at 77.", {77: Stage.LATEST}),
        ("The toll stood at 80 on Tuesday evening.", {80: Stage.LATEST}),
        ("Earlier, officials said eight people were killed.", {8: Stage.INITIAL}),
        ("The previous balance pointed to 300 dead and 700 injured.", {300: Stage.INITIAL, 700: Stage.INITIAL}),
        ("Officials had initially put the death toll at 50.", {50: Stage.INITIAL}),
    ],
)
def test_stage_cues(text: str, expected: dict) -> None:
    assert stages(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "A teen could be charged in the death of a Varnton student.",  # no count projected
        "A judge has denied bond for a man charged with killing two people.",  # no report denied
        "Security was increased at the complex where 5 people were shot.",  # a change of something else
        # a denial that says what it denies, or a denier's own count
        "Police said 12 people died. Police later disputed the report of a 13th death.",
        "Police said 12 people died. Police later disputed the reports.",
        # "the claims" after a count that was said, not claimed: the attack may be what is denied
        "A local official said 12 people had been killed. The military has denied the claims.",
    ],
)
def test_words_that_give_no_stage(text: str) -> None:
    assert all(stage is None for stage in stages(text).values())


@pytest.mark.parametrize(
    "text, published, expected",
    [
        # Saturday 4 May 2024 is the publication day
        ("Police on Saturday revised down the death toll to 61.", "2024-05-04", "2024-05-04"),
        ("The ministry said on Thursday that 12 people had died.", "2024-05-04", "2024-05-02"),
        ("The death toll rose to approximately 900 Sunday, officials said.", "2024-05-06", "2024-05-05"),
        ("The death toll rose Friday to 230 as teams found more bodies.", "2024-05-04", "2024-05-03"),
        ("At least 30 people were missing as of Wednesday evening.", "2024-05-04", "2024-05-01"),
        ("The agency put the toll at 95 dead late Wednesday night.", "2024-05-04", "2024-05-01"),
        ("The governor said on April 30 that 40 people had died.", "2024-05-04", "2024-04-30"),
        ("In its latest report yesterday, the ministry said 217 people lost their lives.", "2024-05-04", "2024-05-03"),
        # days counted back from the report
        ("The death toll had increased to 59 a day earlier, the hospital said.", "2024-05-04", "2024-05-03"),
        ("The ministry said two days ago that 410 people had died.", "2024-05-04", "2024-05-02"),
        ("The governor said the previous day that 18 people had died.", "2024-05-04", "2024-05-03"),
        # the day of the happening is not the day of the statement
        ("The death toll from the storm that struck Varnton on Tuesday has risen to 74.", "2024-05-04", None),
        ("At least 13 people were killed on Friday in the explosion.", "2024-05-04", None),
        ("Monday's quake killed at least 20 people, the mayor said.", "2024-05-04", None),
        # an undated report cannot place a weekday
        ("At least 30 people were missing as of Wednesday evening.", None, None),
        ("The governor said on April 30, 2024 that 40 people had died.", None, "2024-04-30"),
    ],
)
def test_as_of(text: str, published: str | None, expected: str | None) -> None:
    (mention,) = [m for m in figures(text, published) if m.kind.is_casualty]
    assert mention.as_of == expected
