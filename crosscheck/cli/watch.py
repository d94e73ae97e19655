"""``crosscheck watch``: poll feeds into the store, once (cron) or every interval until Ctrl-C."""

from __future__ import annotations

import re
import signal
import sys
import threading
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

import click

from crosscheck.cli import exits

from crosscheck.cli.corpus import _DB_HELP, DEFAULT_DB, _open
from crosscheck.ingest.options import DEFAULT_MAX_BYTES

if TYPE_CHECKING:
    from crosscheck.fetch import Fetcher

MB = 1024 * 1024

_DURATION = re.compile(r"(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?")


class Duration(click.ParamType):
    """``90`` or ``90s``, ``10m``, ``1h30m``: seconds, as a float."""

    name = "duration"

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        if isinstance(value, (int, float)):
            return float(value)
        text = str(value).strip().lower()
        try:
            seconds = float(text)
        except ValueError:
            match = _DURATION.fullmatch(text)
            if not text or match is None:
                self.fail(f"{value!r} is not a duration like 30s, 10m or 1h30m", param, ctx)
            hours, minutes, secs = (float(g) if g else 0.0 for g in match.groups())
            seconds = hours * 3600 + minutes * 60 + secs
        if seconds <= 0:
            self.fail(f"{value!r} is not a positive duration", param, ctx)
        return seconds


@contextmanager
def _stop_on_signals(fetcher: Fetcher) -> Iterator[None]:
    """Ctrl-C (or SIGTERM) stops the watch: the fetch under way is abandoned at once
    (``Fetcher.interrupt``), what the round fetched before it is stored, nothing new starts.

    A second one interrupts whatever runs, storing included, for when storing takes too long.
    """
    def handler(signum: int, frame: Any) -> None:
        if fetcher.stop.is_set():
            raise KeyboardInterrupt
        click.echo("stopping: the fetch under way is dropped, what was fetched is stored (again to interrupt now)", err=True)
        fetcher.interrupt()

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


@click.command("watch")
@click.argument("feeds_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--db", default=DEFAULT_DB, show_default=True, type=click.Path(dir_okay=False), help=_DB_HELP)
@click.option("--every", default="10m", show_default=True, type=Duration(), help="Pause between rounds (30s, 10m, 1h).")
@click.option("--once", is_flag=True, help="One round, then exit (for cron and tests).")
@click.option("--delay", default=1.0, show_default=True, type=click.FloatRange(0), help="Seconds between requests to one host.")
@click.option("--timeout", default=20.0, show_default=True, type=click.FloatRange(0, min_open=True), help="Seconds to connect or wait for data.")
@click.option("--max-time", default=120.0, show_default=True, type=click.FloatRange(0, min_open=True), help="Seconds one URL's whole fetch may take: redirects, retries, body.")
@click.option("--max-size", default=DEFAULT_MAX_BYTES / MB, show_default=True, type=click.FloatRange(0, min_open=True), help="Largest response read, in MB.")
@click.option("--retries", default=3, show_default=True, type=click.IntRange(0), help="Further tries after a timeout, connection error, 429 or 5xx.")
@click.option("--backoff", default=1.0, show_default=True, type=click.FloatRange(0), help="Retry n waits up to this x 2^n seconds (random jitter).")
@click.option("--max-wait", default=60.0, show_default=True, type=click.FloatRange(0, min_open=True), help="Longest pause before one retry, Retry-After included.")
def watch_command(
    feeds_file: str, db: str, every: float, once: bool, delay: float, timeout: float, max_time: float, max_size: float,
    retries: int, backoff: float, max_wait: float,
) -> None:
    """Poll RSS/Atom feeds and add the articles of their new entries to the store.

    FEEDS_FILE lists one feed URL per line (# starts a comment). Each round fetches every feed
    (conditional GET: an unchanged feed costs a 304), then each new entry's article page, read
    like an HTML input; when a page cannot be had, the entry's own summary is stored instead.
    robots.txt is obeyed, each host gets one request per --delay seconds, and no page is fetched
    twice (a fetch log in the store). A fetch that takes over --max-time or sends over --max-size
    is one line, like every failure (URL and problem, on stderr); the other pages and feeds go on.
    Ctrl-C or SIGTERM stops at once, storing what was fetched. Exit code (with --once): 0 every
    feed read; 3 partly (a feed or a line of FEEDS_FILE failed, one line on stderr each); 1 no
    feed could be read, or FEEDS_FILE cannot be used.

    \b
    Example:
      crosscheck watch feeds.txt --db crosscheck.db --every 10m
      crosscheck watch feeds.txt --db crosscheck.db --once     # from cron
    """
    from crosscheck.fetch import Fetcher, FetchOptions
    from crosscheck.watch import RoundSummary, Watcher, read_feed_list, watch

    try:
        urls, problems = read_feed_list(feeds_file)
    except OSError as error:
        click.echo(f"error: {feeds_file}: cannot read ({error.strerror or error})", err=True)
        sys.exit(exits.ERROR)
    for line in problems:
        click.echo(line, err=True)
    if not urls:
        click.echo(f"error: {feeds_file}: no feed URLs", err=True)
        sys.exit(exits.ERROR)
    last: list[RoundSummary] = []

    def on_round(number: int, summary: RoundSummary) -> None:
        last[:] = [summary]
        click.echo(f"round {number} {summary.line()}")

    stop = threading.Event()
    options = FetchOptions(delay=delay, timeout=timeout, retries=retries, backoff=backoff, max_wait=max_wait,
                           max_time=max_time, max_bytes=int(max_size * MB))
    store = _open(db, create=True)
    try:
        with Fetcher(options, stop=stop) as fetcher, _stop_on_signals(fetcher):
            watcher = Watcher(store, fetcher, report=lambda line: click.echo(line, err=True))
            watch(urls, watcher, every=None if once else every, on_round=on_round)
    finally:
        store.close()
    if not once or stop.is_set() or not last:
        sys.exit(exits.OK)
    summary = last[0]
    read = summary.feeds - summary.feeds_failed
    sys.exit(exits.reading_code(read, partial=bool(summary.feeds_failed or problems)))


COMMANDS = [watch_command]
