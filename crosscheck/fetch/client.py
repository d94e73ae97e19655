"""``Fetcher``: one GET at a time, politely, with each failure turned into one line.

Every request goes through the same steps: robots.txt allows it (``robots.RobotsCache``), the host
has had its pause (``pacing.HostPacer``), then httpx sends it through httpx-retries' transport,
which retries connection errors, timeouts, 429 and 5xx with exponential backoff and jitter, and
waits what a ``Retry-After`` asks (capped by ``max_wait``). The body is streamed in chunks and
refused past ``max_bytes``, so a huge or endless response cannot fill memory, and the whole fetch
(redirects, retries, their waits, the body) ends by ``max_time`` (``deadline.Deadline``), so a
server that trickles bytes cannot hold it. ``interrupt`` abandons a fetch under way at once.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

from crosscheck.fetch.deadline import Deadline, DeadlineRetry
from crosscheck.fetch.pacing import HostPacer, Stopped
from crosscheck.fetch.robots import RobotsAnswer, RobotsCache
from crosscheck.ingest.options import DEFAULT_MAX_BYTES

__all__ = ["FetchError", "FetchOptions", "Fetched", "Fetcher", "Stopped"]

RETRY_STATUSES = (429, 500, 502, 503, 504)
REDIRECT_STATUSES = (301, 302, 303, 307, 308)
MAX_REDIRECTS = 5


def _user_agent() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"crosscheck/{version('crosscheck')}"
    except PackageNotFoundError:
        return "crosscheck"


@dataclass(frozen=True, slots=True)
class FetchOptions:
    """How politely and how patiently to fetch.

    ``delay``: seconds between two requests to one host (robots.txt's Crawl-delay wins if longer).
    ``timeout``: seconds to connect, and to wait for each read. ``retries``: further attempts after
    a connection error, timeout, 429 or 5xx; ``backoff``: retry n waits up to ``backoff * 2**n``
    seconds (full jitter); ``max_wait``: cap on any one pause, Retry-After included. ``max_time``:
    seconds one URL's whole fetch may take (it ends within one ``timeout`` of it); ``max_bytes``:
    the largest body read.
    """

    user_agent: str = ""
    delay: float = 1.0
    timeout: float = 20.0
    retries: int = 3
    backoff: float = 1.0
    max_wait: float = 60.0
    max_time: float = 120.0
    max_bytes: int = DEFAULT_MAX_BYTES
    respect_robots: bool = True


@dataclass(frozen=True, slots=True)
class Fetched:
    """A usable answer: 200 with a body, or 304 (not modified) with none."""

    url: str
    status: int
    body: bytes
    content_type: str
    etag: str | None
    last_modified: str | None

    @property
    def not_modified(self) -> bool:
        return self.status == 304


@dataclass(frozen=True, slots=True)
class _Answer:
    """What came back for one request, whatever its status."""

    status: int
    reason: str
    body: bytes
    content_type: str
    etag: str | None
    last_modified: str | None
    attempts: int
    location: str | None = None


class FetchError(Exception):
    """A URL that gave nothing usable; ``str()`` is one line: ``<url>: <problem>``.

    ``final`` is True when asking again is pointless (robots.txt forbids it, 404, a page too big)
    and False when a later try may work (timeout, refused connection, 5xx, 429).
    """

    def __init__(self, url: str, problem: str, *, final: bool, status: int | None = None) -> None:
        super().__init__(f"{url}: {problem}")
        self.url = url
        self.problem = problem
        self.final = final
        self.status = status
        self.disallowed = False


def _via(url: str, target: str) -> str:
    """``redirected to <target>: `` when a problem is with where ``url`` led, else nothing."""
    return "" if target == url else f"redirected to {target}: "


class Fetcher:
    """Fetches URLs one at a time; ``stop`` (a ``threading.Event``) ends waits early, and a fetch at
    its next chunk of body; ``interrupt`` ends it at once."""

    def __init__(self, options: FetchOptions | None = None, *, stop: threading.Event | None = None) -> None:
        import httpx
        from httpx_retries import RetryTransport

        self.options = options = options or FetchOptions()
        self.user_agent = options.user_agent or _user_agent()
        self.stop = stop or threading.Event()
        self._client = httpx.Client(
            transport=RetryTransport(),  # each request brings its own DeadlineRetry (``_request``)
            timeout=httpx.Timeout(options.timeout),
            headers={"User-Agent": self.user_agent},
        )
        self._pacer = HostPacer(options.delay, self.stop)
        self._robots = RobotsCache(self.user_agent, self._fetch_robots)
        self._fetching: int | None = None  # the thread a fetch is under way in

    def __enter__(self) -> Fetcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    def interrupt(self) -> None:
        """Stop: waits end, nothing new starts, and a fetch under way in the calling thread is
        abandoned at once (``Stopped`` is raised from here, into it).

        Meant for a signal handler, which Python runs in the main thread between two bytecodes,
        even while a read or a retry's sleep blocks: it is how Ctrl-C or SIGTERM ends a read that
        a trickling server keeps alive. A fetch writes nothing (the store is written after it), so
        abandoning one leaves nothing half-done. Called from another thread, only ``stop`` is set,
        and the fetch ends at its next chunk of body or its next step.
        """
        self.stop.set()
        if self._fetching == threading.get_ident():
            raise Stopped()

    def get(self, url: str, *, etag: str | None = None, last_modified: str | None = None) -> Fetched:
        """GET ``url`` (conditionally when validators are given); ``FetchError`` or ``Stopped`` otherwise.

        Redirects are followed here, not by httpx, so that robots.txt and the host's pace apply to
        every URL actually requested; ``Fetched.url`` is the last one.
        """
        headers = {}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        target = url
        deadline = Deadline(self.options.max_time)
        self._fetching = threading.get_ident()
        try:
            for _ in range(MAX_REDIRECTS + 1):
                answer = self._allowed_request(url, target, headers, deadline)
                if answer.status not in REDIRECT_STATUSES or not answer.location:
                    break
                target = urljoin(target, answer.location)
            else:
                raise FetchError(url, f"more than {MAX_REDIRECTS} redirects", final=True, status=answer.status)
        finally:
            self._fetching = None
        if answer.status == 304:
            return Fetched(target, 304, b"", answer.content_type, etag, last_modified)
        if not 200 <= answer.status < 300:
            final = answer.status not in RETRY_STATUSES
            after = "" if final else f" after {answer.attempts} attempts"
            problem = _via(url, target) + f"HTTP {answer.status} {answer.reason}".rstrip() + after
            raise FetchError(url, problem, final=final, status=answer.status)
        return Fetched(target, answer.status, answer.body, answer.content_type, answer.etag, answer.last_modified)

    def _allowed_request(self, url: str, target: str, headers: dict[str, str], deadline: Deadline) -> _Answer:
        """Request ``target`` (reached from ``url``) if its scheme and robots.txt allow it."""
        if urlsplit(target).scheme not in ("http", "https"):
            raise FetchError(url, _via(url, target) + "not an http(s) URL", final=True)
        crawl_delay = None
        if self.options.respect_robots:
            asked = time.monotonic()
            refusal = self._robots.check(target)  # robots.txt, when fetched, is a fetch with its own deadline
            deadline.postpone(time.monotonic() - asked)
            if refusal is not None:
                error = FetchError(url, _via(url, target) + refusal.reason, final=refusal.final)
                error.disallowed = refusal.final
                raise error
            crawl_delay = self._robots.crawl_delay(target)
        try:
            return self._request(target, headers, crawl_delay, deadline)
        except FetchError as error:
            raise FetchError(url, _via(url, target) + error.problem, final=error.final, status=error.status) from None

    def _request(
        self, url: str, headers: dict[str, str], crawl_delay: float | None, deadline: Deadline,
        *, follow_redirects: bool = False,
    ) -> _Answer:
        """One paced request (retried by the transport), its body read within ``max_bytes`` and
        the whole of it by ``deadline``; each step's timeout is cut to what is left of it."""
        import httpx

        host = urlsplit(url).netloc
        waited = time.monotonic()
        self._pacer.wait(host)
        deadline.postpone(time.monotonic() - waited)  # the host's pace is not the page's time
        self._check(url, deadline)
        retry = DeadlineRetry(
            total=self.options.retries, backoff_factor=self.options.backoff, max_backoff_wait=self.options.max_wait,
            status_forcelist=RETRY_STATUSES, respect_retry_after_header=True, deadline=deadline,
        )
        timeout = httpx.Timeout(min(self.options.timeout, max(deadline.remaining(), 0.001)))
        try:
            with self._client.stream(
                "GET", url, headers=headers, follow_redirects=follow_redirects, timeout=timeout, extensions={"retry": retry}
            ) as response:
                body = self._read(url, response, deadline) if 200 <= response.status_code < 300 else b""
                used = response.extensions.get("retry")  # the attempt that answered
                return _Answer(
                    status=response.status_code,
                    reason=response.reason_phrase,
                    body=body,
                    content_type=response.headers.get("Content-Type", ""),
                    etag=response.headers.get("ETag"),
                    last_modified=response.headers.get("Last-Modified"),
                    attempts=(used.attempts_made if used is not None else 0) + 1,
                    location=response.headers.get("Location"),
                )
        except httpx.HTTPError as error:
            if deadline.passed():
                raise FetchError(url, self._too_long(), final=False) from None
            raise FetchError(url, self._describe(error), final=False) from None
        finally:
            self._pacer.done(host, crawl_delay)

    def _read(self, url: str, response: Any, deadline: Deadline) -> bytes:
        """The body, streamed: refused past ``max_bytes`` (at once when Content-Length says so),
        abandoned when the deadline passes or a stop is asked between two chunks."""
        limit = self.options.max_bytes
        declared = response.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > limit:
            raise FetchError(url, f"response of {int(declared):,} bytes, over the {limit:,}-byte limit; not read", final=True)
        chunks, size = [], 0
        for chunk in response.iter_bytes():
            size += len(chunk)
            if size > limit:
                raise FetchError(url, f"response over the {limit:,}-byte limit; not read", final=True)
            chunks.append(chunk)
            self._check(url, deadline)
        return b"".join(chunks)

    def _check(self, url: str, deadline: Deadline) -> None:
        """Go on only if no stop was asked and the fetch still has time."""
        if self.stop.is_set():
            raise Stopped()
        if deadline.passed():
            raise FetchError(url, self._too_long(), final=False)

    def _too_long(self) -> str:
        return f"the whole fetch took over the {self.options.max_time:g} s limit; not read"

    def _describe(self, error: Exception) -> str:
        """One phrase for a transport failure, after the transport's retries ran out."""
        import httpx

        tries = f"after {self.options.retries + 1} attempts"
        if isinstance(error, httpx.TimeoutException):
            return f"timed out ({type(error).__name__}, {self.options.timeout:g} s limit) {tries}"
        if isinstance(error, httpx.TooManyRedirects):
            return "too many redirects"
        detail = " ".join(str(error).split()) or type(error).__name__
        if isinstance(error, (httpx.NetworkError, httpx.RemoteProtocolError)):
            return f"connection failed ({detail}) {tries}"
        return f"request failed ({detail})"

    def _fetch_robots(self, robots_url: str) -> RobotsAnswer:
        try:  # RFC 9309: follow redirects; robots.txt is a fetch of its own, with its own deadline
            answer = self._request(robots_url, {}, None, Deadline(self.options.max_time), follow_redirects=True)
        except FetchError as error:
            return RobotsAnswer(None, problem=error.problem)
        return RobotsAnswer(answer.status, answer.body.decode("utf-8", "replace"))
