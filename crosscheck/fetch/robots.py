"""robots.txt rules per host, read with ``urllib.robotparser`` and cached while the fetcher runs.

What an answer means follows RFC 9309: rules from a 2xx; no rules (everything allowed) for a 4xx,
the file simply not being there; and everything disallowed when robots.txt cannot be read (5xx,
timeout, refused connection), since the site may be saying "not now". Those failures are cached
for a short while only, so a later round asks again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable
from urllib.parse import urlsplit
from urllib.robotparser import RobotFileParser

SUCCESS_TTL = 3600.0
FAILURE_TTL = 300.0


@dataclass(frozen=True, slots=True)
class RobotsAnswer:
    """The result of fetching one robots.txt: its status (None if no answer) and its text."""

    status: int | None
    text: str = ""
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a URL is not fetched: robots.txt forbids it (``final``), or could not be read (not final)."""

    reason: str
    final: bool


@dataclass(slots=True)
class _Entry:
    parser: RobotFileParser
    expires: float
    problem: str | None


class RobotsCache:
    """``allowed(url)`` and ``crawl_delay(url)`` for one user agent, robots.txt fetched once per host."""

    def __init__(self, user_agent: str, fetch: Callable[[str], RobotsAnswer]) -> None:
        self.user_agent = user_agent
        self._fetch = fetch
        self._hosts: dict[str, _Entry] = {}

    def check(self, url: str) -> Refusal | None:
        """None when ``url`` may be fetched, else why not."""
        entry = self._entry(url)
        if entry.parser.can_fetch(self.user_agent, url):
            return None
        if entry.problem is not None:
            return Refusal(entry.problem, final=False)
        return Refusal("disallowed by robots.txt", final=True)

    def crawl_delay(self, url: str) -> float | None:
        """The host's Crawl-delay for our user agent, if robots.txt sets one."""
        delay = self._entry(url).parser.crawl_delay(self.user_agent)
        return float(delay) if delay is not None else None

    def _entry(self, url: str) -> _Entry:
        parts = urlsplit(url)
        key = f"{parts.scheme}://{parts.netloc}"
        entry = self._hosts.get(key)
        if entry is None or entry.expires < time.monotonic():
            entry = self._hosts[key] = self._load(key + "/robots.txt")
        return entry

    def _load(self, robots_url: str) -> _Entry:
        answer = self._fetch(robots_url)
        parser = RobotFileParser(robots_url)
        if answer.status is not None and 200 <= answer.status < 300:
            parser.parse(answer.text.splitlines())
            return _Entry(parser, time.monotonic() + SUCCESS_TTL, None)
        if answer.status is not None and 400 <= answer.status < 500:
            parser.allow_all = True
            return _Entry(parser, time.monotonic() + SUCCESS_TTL, None)
        parser.disallow_all = True
        why = answer.problem or f"HTTP {answer.status}"
        return _Entry(parser, time.monotonic() + FAILURE_TTL, f"robots.txt could not be read ({why}); host skipped for now")
