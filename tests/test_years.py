"""Clock times and house numbers are never years (issue 34, item 10), wherever years are read:
the years a text states (grouping), a page's "Posted:" stamp, and a date with its year."""

from __future__ import annotations

import pytest

from crosscheck.events.features import stated_years
from crosscheck.extract import extract_article
from crosscheck.extract.years import not_a_year
from crosscheck.ingest.published import published_from_stamps
from crosscheck.model import Article, DateMention

NOT_YEARS = [
    ("clock time with a zone", "Firefighters tackled the blaze, which broke out on the roof at about 2045 GMT."),
    ("clock time with a zone", "Roads near the depot stayed closed until 1630 UTC on Saturday."),
    ("clock time in hours", "The curfew runs from 1900 hrs until dawn, the army said."),
    ("clock time in hours", "The ferry left at 2130 local time with 40 people aboard."),
    ("block number", "Officers found the man in the 2000 block of Larkin Street."),
    ("house number with its street", "The fire started in a house at 1985 Maple Ave. late on Friday."),
    ("house number with its street", "A shop on 2012 N. Greenway Boulevard was damaged."),
    ("house number at a place", "Nigel Parr, who runs a design studio out of a heritage home at 2016 Ontario, heard the blast."),
]
YEARS = [
    ("a year with a capitalised word after it", "In 2016 Ontario passed a law on fireworks.", 2016),
    ("a year after 'at' with no name after it", "Prices stayed at 2016 levels, the report said.", 2016),
    ("a year before a month", "The plant opened at 2019 March's end.", 2019),
    ("a plain year", "The bridge was built in 1998 and repaired in 2011.", 1998),
    ("a class year after 'a'", "The gunman, a 2012 UTC graduate, was killed.", 2012),
    ("the year of an event after 'the'", "He was involved in the 2015 Genesee Street shooting.", 2015),
    ("a saint after a dateline", "July 8, 2016 The St. Louis police said two men were shot.", 2016),
    ("a doctor after a dateline", "JULY 29, 2009 Surgeon General Nominee Dr. Regina Ames spoke.", 2009),
    ("a street type in lower case", "Jan 05, 2011 Saints place the runner on reserve.", 2011),
]


@pytest.mark.parametrize("phenomenon, sentence", NOT_YEARS)
def test_clock_times_and_house_numbers_are_not_stated_years(phenomenon: str, sentence: str) -> None:
    assert stated_years(sentence) == (), phenomenon


@pytest.mark.parametrize("phenomenon, sentence, year", YEARS)
def test_years_are_still_years(phenomenon: str, sentence: str, year: int) -> None:
    assert year in stated_years(sentence), phenomenon
    start = sentence.index(str(year))
    assert not not_a_year(sentence, start, start + 4)


@pytest.mark.parametrize(
    "stamp, expected",
    [
        ("Posted 2045 GMT April 9", None),  # no year stated: 20:45 is a time
        ("Published: April 9, 2045 GMT", None),
        ("Published: 2045 GMT, 9 April 2007", "2007-04-09"),
        ("Published: 9 April 2007 14:50 GMT", "2007-04-09"),
        ("Posted: 9 April 2007 1630 hrs", "2007-04-09"),
    ],
)
def test_a_page_stamp_never_takes_a_clock_time_for_its_year(stamp: str, expected: str | None) -> None:
    assert published_from_stamps([stamp]) == expected


def test_a_date_followed_by_a_clock_time_takes_its_year_from_publication() -> None:
    text = "The warehouse fire broke out on April 9 2045 GMT and burned for hours, firefighters said.\n"
    article = Article(id="t", text=text, source="t", published="2007-04-10")
    dates = [m.value.isoformat() for m in extract_article(article).mentions if isinstance(m, DateMention)]
    assert dates == ["2007-04-09"]
