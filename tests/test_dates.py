"""Dates of the event, resolved against publication, with dateparser's false hits guarded."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from crosscheck.extract import dates
from crosscheck.model import Article
from crosscheck.nlp.document import AnalyzedDoc

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"


def read(text: str, published: str | None = "2024-01-03") -> list[date]:
    doc = AnalyzedDoc(Article(id="t", text=text, source="test", published=published))
    return [m.value for m in dates.extract(doc)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The blast happened on January 2, 2024.", date(2024, 1, 2)),
        ("The blast happened on 2 January.", date(2024, 1, 2)),
        ("Two people were shot on Wednesday.", date(2024, 1, 3)),  # same weekday as publication
        ("Two people were shot on Sunday morning.", date(2023, 12, 31)),
        ("Two people were shot yesterday.", date(2024, 1, 2)),
        ("Two people were shot last night.", date(2024, 1, 2)),
    ],
)
def test_date_is_resolved(text, expected):
    assert read(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "The victim, 62, was a teacher.",  # an age is not a year
        "It was his 4th arrest.",  # an ordinal alone is not a date
        "He led the force for more than two decades.",
        "The suspect will appear in court on Monday.",  # future frame
        "He will be arraigned Tuesday.",
    ],
)
def test_no_date_is_invented(text):
    assert read(text) == []


def test_relative_dates_need_a_publication_date():
    assert read("Two people were shot on Wednesday.", published=None) == []
    doc = AnalyzedDoc(Article(id="t", text="The blast happened on January 2, 2024.", source="t"))
    assert [m.value for m in dates.absolute_dates(doc.sentences[0], None)] == [date(2024, 1, 2)]


def test_anniversary_resolves_from_the_stated_date_and_checks_the_weekday():
    text = ("Crowds marked the tenth anniversary of the death of Jane Roe on Friday.\n"
            "Roe was killed on March 5, 2010.")
    # 5 March 2020 was a Thursday: the text's Friday disagrees, so no anniversary date
    assert date(2020, 3, 5) not in read(text, published=None)
    agreeing = text.replace("Friday", "Thursday")
    assert read(agreeing, published=None) == [date(2020, 3, 5)]  # the 2010 date is the earlier event's


def test_seed_002_is_dated_3_january_2024_without_publication_date():
    path = next(SEEDS.glob("002_*.txt"))
    doc = AnalyzedDoc(Article(id="002", text=path.read_text(encoding="utf-8"), source=str(path)))
    found = list(dates.extract(doc))
    assert dates.event_date(found) == date(2024, 1, 3)
    assert date(2020, 1, 3) not in {m.value for m in found}


def test_event_date_takes_the_most_stated_date():
    doc = AnalyzedDoc(Article(id="t", text="Shot on Monday.\nThe Monday shooting.\nA vigil on Dec. 1.", source="t", published="2024-01-03"))
    assert dates.event_date(list(dates.extract(doc))) == date(2024, 1, 1)


def test_event_date_prefers_the_act_over_later_procedure():
    text = ("A man was shot on Saturday.\nHe was arrested on Monday.\nThe suspect was booked into jail Monday.")
    article = Article(id="t", text=text, source="t", published="2024-01-03")
    found = list(dates.extract(AnalyzedDoc(article)))
    assert dates.event_date(found) == date(2024, 1, 1)  # unweighted: Monday twice
    assert dates.event_date(found, article) == date(2023, 12, 30)  # weighted: the shooting's Saturday


def test_calendar_reading_equals_dateparser() -> None:
    """The arithmetic reading of relative words and yearless dates is dateparser's own, publication
    times around year ends, leap days and midnight included."""
    from datetime import timedelta

    from crosscheck.extract.dates import _UNKNOWN, _calendar_reading, _parse

    surfaces = [
        "yesterday", "last night", "this morning", "this afternoon", "this evening", "tonight", "overnight",
        "earlier today", "January 3", "Jan. 3", "Sept. 21", "Sep 30", "3rd of January", "21st  March", "Dec. 31",
        "December 31st", "Feb. 28", "1 March", "June 6", "Nov. 7",
    ]
    bases = [datetime(2016, 1, 1, 0, 0), datetime(2016, 2, 29, 23, 59), datetime(2016, 3, 1, 12, 0),
             datetime(2015, 12, 31, 23, 59), datetime(2017, 6, 6, 0, 0), datetime(2017, 6, 5, 8, 30)]
    bases += [datetime(2014, 3, 2, 7) + timedelta(days=37 * i, hours=5 * i) for i in range(8)]
    compared = 0
    for surface in surfaces:
        for base in bases:
            reading = _calendar_reading(surface, base)
            assert reading is not _UNKNOWN, surface
            assert reading == _parse.__wrapped__(surface, base), (surface, base)
            compared += 1
    assert compared == len(surfaces) * len(bases)
    assert _calendar_reading("February 29", datetime(2017, 3, 1)) is _UNKNOWN  # no such day: dateparser decides
    assert _calendar_reading("next Friday", datetime(2017, 3, 1)) is _UNKNOWN


def test_stated_reading_equals_dateparser() -> None:
    """A date with its year is read by arithmetic exactly as dateparser reads it: every month
    spelling, every day 1-31 (each order, ordinal ending and year in turn); a day the month does
    not have, or a spelling the arithmetic does not know, is left to dateparser."""
    from crosscheck.extract.dates import _UNKNOWN, _parse, _stated_reading

    spellings = [
        "Jan", "Jan.", "January", "Feb", "Feb.", "February", "Mar", "Mar.", "March", "Apr", "Apr.", "April", "May",
        "Jun", "June", "Jul", "July", "Aug", "Aug.", "August", "Sep", "Sep.", "Sept", "Sept.", "September", "Oct",
        "Oct.", "October", "Nov", "Nov.", "November", "Dec", "Dec.", "December",
    ]
    orders = ["{m} {d}, {y}", "{m} {d} {y}", "{d} {m} {y}", "{d} of {m} {y}", "{d} {m}, {y}"]
    endings = ["", "st", "nd", "rd", "th"]
    years = [1999, 2000, 2014, 2015, 2016, 2017, 2023, 2024]
    compared = left = 0
    for i, (month, day) in enumerate((m, d) for m in spellings for d in range(1, 32)):
        surface = orders[i % 5].format(m=month, d=f"{day}{endings[i % 4 if day % 10 else 4]}", y=years[i % 8])
        reading = _stated_reading(surface)
        if reading is _UNKNOWN:
            left += 1
            assert _parse.__wrapped__(surface, None) is None, surface  # no such day
            continue
        assert reading == _parse.__wrapped__(surface, None), surface
        compared += 1
    assert compared > 1000 and left < 30
    assert _stated_reading("Sepember 3, 2015") is _UNKNOWN
    assert _stated_reading("March 3, 2015") == date(2015, 3, 3)
    assert _stated_reading("21st  March 2015") is _UNKNOWN  # two spaces: dateparser reads it

