"""Four-digit numbers that look like years and are not: clock times and house numbers.

Every reader of years (the years a text states for grouping, a page's "Posted:" stamp, a date
with its year) asks ``not_a_year`` first. Each rule names the phenomenon and carries an example
(tests/test_years.py writes sentences for each):

* a time on the 24-hour clock: a zone or "hours" follows ("broke out at about 2045 GMT",
  "closed until 1630 hrs", "at 2045 local time");
* a block number: "the 2000 block of Elm Street";
* a house number: a street's name and its capitalised type follow ("2016 Ontario St."), or it is
  what a place is "at" with a name after it ("a heritage home at 2016 Ontario").

A number after "a"/"an"/"the" is none of these but a block number: "a 2012 UTC graduate", "a 2005
Chevrolet", "the 2015 Genesee Street shooting" (and "the 2000 block of Elm Street").
"""

from __future__ import annotations

import re

_TITLES = frozenset({"st", "dr"})  # also a saint and a doctor (see _STREET_OR_TITLE)
STREET_TYPES = frozenset(
    "street st avenue ave road rd boulevard blvd drive dr lane ln court ct place pl way parkway pkwy"
    " highway hwy terrace ter circle cir trail pike".split()
)
TIME_ZONES = (
    "GMT UTC UT Z BST IST CET CEST EET EEST MSK EST EDT CST CDT MST MDT PST PDT AKST AKDT HST"
    " AST ADT NST NDT JST KST HKT SGT AEST AEDT ACST AWST NZST NZDT WIB PKT GST IRST"
).split()  # not WET / WEST: in capitals they are words ("2017 WEST ALLIS - police said")
_ZONE = "|".join(TIME_ZONES)
# a street type as an address writes it, capitalised ("Elm Street", "Ontario St."): "the road" or
# "Saints place" after a year are not streets
_STREET = "|".join(sorted((t.capitalize() for t in STREET_TYPES - _TITLES), key=len, reverse=True))
# "St." and "Dr." before a name are a saint and a doctor ("2016 The St. Louis police", "2009 Surgeon
# General Nominee Dr. Regina Benjamin"), a street only otherwise
_STREET_OR_TITLE = rf"(?:{_STREET})\b|(?:St|Dr)\b(?!\.?\s+[A-Z])"
_MONTHS_AND_DAYS = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
    "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
)
# What follows the four digits, phenomenon by phenomenon (each with its example in the docstring).
NOT_A_YEAR_AFTER: dict[str, str] = {
    "clock time with a zone": rf"\s*(?:{_ZONE})\b",
    "clock time in hours": r"\s*(?:hrs?|hours)\b|\s+local\s+time\b",
    "block number": r"\s+block\b",
    "house number with its street": rf"\s+(?:[NSEW]\.?\s+)?(?:[A-Z][a-z]+\.?\s+){{1,3}}(?:{_STREET_OR_TITLE})",
}
_AFTER = re.compile("|".join(f"(?:{pattern})" for pattern in NOT_A_YEAR_AFTER.values()))
_BLOCK = re.compile(NOT_A_YEAR_AFTER["block number"])
# "at 2016 Ontario": a number a place is at, followed by a name (not a month or weekday: "at 2016 March")
_AT_HOUSE = re.compile(rf"\s+(?!(?:{_MONTHS_AND_DAYS})\b)[A-Z][a-z]")
_AT_BEFORE = re.compile(r"\bat\s+$")
CLOCK_TIME = re.compile(rf"\b(?:[01]\d|2[0-3]):?[0-5]\d(?:{NOT_A_YEAR_AFTER['clock time with a zone']}"
                        rf"|{NOT_A_YEAR_AFTER['clock time in hours']})")
"""A 24-hour clock time with its zone or "hours" ("2045 GMT", "14:50 UTC", "1630 hrs")."""


# "a 2012 UTC grad", "a 2005 Chevrolet", "the 2015 Genesee Street shooting": a number an article
# introduces names a kind of thing (a class year, a model year, the year of an event), never a time
# of day or the number of a house; "the 2000 block" is the one exception.
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an|the)\s+$", re.IGNORECASE)


def not_a_year(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` is a clock time or a house/block number, not a year."""
    if _ARTICLE_BEFORE.search(text, max(0, start - 5), start):
        return bool(_BLOCK.match(text, end))
    if _AFTER.match(text, end):
        return True
    return bool(_AT_BEFORE.search(text, max(0, start - 4), start)) and bool(_AT_HOUSE.match(text, end))
