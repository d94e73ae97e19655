"""How English news writes months and weekdays: the patterns and word tables the date, background
and figure rules share.

Kept apart from ``dates`` so that ``background`` (which dates clauses by month) and ``dates``
(which skips background sentences) can both read them without importing each other.
"""

from __future__ import annotations

MONTH = (
    r"(?:Jan(?:uary|\.)?|Feb(?:ruary|\.)?|Mar(?:ch|\.)?|Apr(?:il|\.)?|May|June?|July?|Aug(?:ust|\.)?"
    r"|Sept?(?:ember|\.)?|Oct(?:ober|\.)?|Nov(?:ember|\.)?|Dec(?:ember|\.)?)"
)
"""Every spelling of a month name a date pattern accepts, as a non-capturing group."""

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

MONTH_WORDS = frozenset(
    "jan january feb february mar march apr april may jun june jul july aug august sep sept sepember september "
    "oct october nov november dec december".split()
)
"""Whole words without which ``MONTH`` cannot match (a sentence's word set spares most sentences a
scan; ``crosscheck.nlp.words``)."""

MONTH_NUMBER = {name: n for n, name in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}
"""A month's number by the first three letters of its name."""
