"""Publication dates normalised to the ISO 8601 strings ``Article.published`` stores."""

from __future__ import annotations

import re
import time
from datetime import date, datetime, timezone
from functools import lru_cache
from typing import Any

from crosscheck.extract.years import CLOCK_TIME
from crosscheck.lang.en import LANGUAGE as ENGLISH

# Only a stamp that says when the page was first put out dates its publication; "Updated" does not.
_PUBLISHED_STAMP = re.compile(r"^(?:posted|published|created)(?:\s+(?:on|at))?\s*:?\s*", re.IGNORECASE)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b|\b\d{1,2}/\d{1,2}/\d\d\b")


def normalise_published(value: object) -> str | None:
    """ISO string for an ISO 8601 date or datetime; None for missing; ``ValueError``/``TypeError`` for junk.

    A bare date stays a date (``"2024-01-03"``): we do not invent a time of day. A datetime keeps
    its offset when it has one.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str):
        raise TypeError(f"expected an ISO 8601 string, got {type(value).__name__}")
    text = value.strip()
    if len(text) == 10:
        return date.fromisoformat(text).isoformat()
    return datetime.fromisoformat(text.replace("Z", "+00:00")).isoformat()


def from_struct_time(value: time.struct_time | None) -> str | None:
    """feedparser's parsed dates are UTC ``struct_time``s."""
    if value is None:
        return None
    return datetime(*value[:6], tzinfo=timezone.utc).isoformat()


def published_from_stamps(stamps: tuple[str, ...] | list[str]) -> str | None:
    """The date of the first "Posted:/Published: <date>" page stamp, as an ISO date, if it has one.

    The stamp must name day, month and year (dateparser with ``REQUIRE_PARTS``); "Posted 9:06 AM"
    gives nothing rather than today's date, and a 24-hour clock time ("2045 GMT") is never its year. Only the day is kept: zones like "EDT" are read but
    the stored value stays a plain date, as the stamp is a page's claim, not a measured instant.
    """
    for stamp in stamps:
        stamp = CLOCK_TIME.sub(" ", stamp)  # "Posted 2045 GMT April 9": 20:45, not the year 2045
        keyword = _PUBLISHED_STAMP.match(stamp)
        if keyword and _YEAR.search(stamp):
            parsed = _date_parser().get_date_data(stamp[keyword.end():]).date_obj
            if parsed is not None:
                return parsed.date().isoformat()
    return None


@lru_cache(maxsize=1)
def _date_parser() -> Any:
    from dateparser.date import DateDataParser

    # the stamp's keywords (``_PUBLISHED_STAMP``) are English, and so is the date they introduce
    return DateDataParser(languages=[ENGLISH], settings={"REQUIRE_PARTS": ["day", "month", "year"]})
