"""The time one page's fetch may take, all of it: connecting, every retry and its wait, redirects, the body.

httpx's timeouts bound each step (connect, each read), not their sum, so a server that sends one
byte every few seconds keeps a read alive forever. A ``Deadline`` is checked between steps and
between chunks of the body, caps each step's own timeout, and caps httpx-retries' waits
(``DeadlineRetry``). The host's pace (``pacing.HostPacer``) is politeness, not the page's fault,
so a wait for it moves the deadline on.
"""

from __future__ import annotations

import time
from typing import Any

from httpx_retries import Retry


class Deadline:
    """A point in time a fetch must end by, with what is left of it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._end = time.monotonic() + seconds

    def remaining(self) -> float:
        """Seconds left (0 once passed)."""
        return max(0.0, self._end - time.monotonic())

    def passed(self) -> bool:
        return time.monotonic() >= self._end

    def postpone(self, seconds: float) -> None:
        """Move the end on by ``seconds`` (a wait that is not the page's)."""
        self._end += seconds


class DeadlineRetry(Retry):
    """httpx-retries' ``Retry`` for one fetch: no retry once its deadline has passed, and its waits
    between attempts, Retry-After included, never past the deadline (``total_timeout``)."""

    def __init__(self, *args: Any, deadline: Deadline | None = None, **kwargs: Any) -> None:
        if deadline is not None and kwargs.get("total_timeout") is None and deadline.remaining() > 0:
            kwargs["total_timeout"] = deadline.remaining()
        super().__init__(*args, **kwargs)
        self.deadline = deadline

    def copy_with(self, **kwargs: Any) -> DeadlineRetry:
        """The next attempt's copy (``increment``), with the deadline, which the library's own copy drops."""
        copy = super().copy_with(**kwargs)
        copy.deadline = self.deadline  # type: ignore[attr-defined]
        return copy  # type: ignore[return-value]

    def is_exhausted(self) -> bool:
        return super().is_exhausted() or (self.deadline is not None and self.deadline.passed())
