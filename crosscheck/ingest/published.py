"""Publication dates normalised to the ISO 8601 strings ``Article.published`` stores."""

from __future__ import annotations

import time
from datetime import date, datetime, timezone


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
