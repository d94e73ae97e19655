"""Per-host pacing: at most one request to a host every ``delay`` seconds (or its robots Crawl-delay).

Waiting goes through a ``threading.Event``, so a stop request (Ctrl-C) ends the wait at once
instead of after the pause.
"""

from __future__ import annotations

import threading
import time


class Stopped(Exception):
    """A stop was requested while waiting; nothing was fetched."""


class HostPacer:
    """Remembers when each host may next be asked, and waits until then."""

    def __init__(self, delay: float, stop: threading.Event) -> None:
        self.delay = delay
        self._stop = stop
        self._next: dict[str, float] = {}

    def wait(self, host: str) -> None:
        """Block until ``host`` may be asked; ``Stopped`` if a stop is requested meanwhile."""
        pause = self._next.get(host, 0.0) - time.monotonic()
        if self._stop.is_set() or (pause > 0 and self._stop.wait(pause)):
            raise Stopped()

    def done(self, host: str, delay: float | None = None) -> None:
        """A request to ``host`` just ended; the next waits ``delay`` (default: the pacer's)."""
        self._next[host] = time.monotonic() + max(self.delay, delay or 0.0)
