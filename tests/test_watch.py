"""``crosscheck watch`` against a real HTTP server on 127.0.0.1: feeds, pages and robots.txt.

The server is ``http.server`` in a thread; each test scripts its routes (a list of replies per
path, the last one repeating) and reads back the requests it received. Feeds and pages are texts
written here.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from crosscheck.cli import main
from crosscheck.fetch import FetchError, Fetcher, FetchOptions
from crosscheck.ingest import IngestOptions
from crosscheck.corpus import Corpus
from crosscheck.store import Outcome
from crosscheck.watch import Watcher, read_feed_list

FAST_FETCH = FetchOptions(delay=0.0, timeout=2.0, retries=2, backoff=0.01, max_wait=5.0)
FAST_INGEST = IngestOptions(detect_language=False)


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    reason: str | None = None
    trickle: float = 0.0  # seconds between single bytes of an endless body (a server that never finishes)


@dataclass
class Hit:
    at: float
    path: str
    headers: dict[str, str]


class Site:
    """A scripted web site: ``routes[path]`` is a list of replies, served in turn, the last repeated."""

    def __init__(self) -> None:
        self.routes: dict[str, list[Reply]] = {}
        self.hits: list[Hit] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                site.hits.append(Hit(time.monotonic(), self.path, dict(self.headers)))
                replies = site.routes.get(self.path) or [Reply(404, b"not here", "text/plain")]
                reply = replies.pop(0) if len(replies) > 1 else replies[0]
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.trickle:
                    return self._trickle(reply)
                etag = reply.headers.get("ETag")
                status = 304 if etag and self.headers.get("If-None-Match") == etag else reply.status
                body = b"" if status == 304 else reply.body
                try:
                    self.send_response(status, reply.reason)
                    self.send_header("Content-Type", reply.content_type)
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout test)
                    pass

            def _trickle(self, reply: Reply) -> None:
                """Headers, then one byte every ``reply.trickle`` seconds, until the client leaves
                (or a minute passes, so the server's thread always ends)."""
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", reply.content_type)
                    self.end_headers()
                    self.wfile.write(b"<html><body><p>")
                    until = time.monotonic() + 60
                    while time.monotonic() < until:
                        self.wfile.write(b"x")
                        self.wfile.flush()
                        time.sleep(reply.trickle)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def requests(self, path: str) -> list[Hit]:
        return [hit for hit in self.hits if hit.path == path]


@pytest.fixture()
def site() -> Iterator[Site]:
    served = Site()
    served.thread.start()
    try:
        yield served
    finally:
        served.server.shutdown()
        served.server.server_close()


PAGE = """<!DOCTYPE html><html lang="en"><head><title>{title} - Valley Gazette</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<article><h1>{title}</h1>
<p>{lede}</p>
<p>Council officers said the work would be finished before the end of the month, and that residents would be told of any further closures by letter.</p>
</article><footer><p>Copyright Valley Gazette</p></footer></body></html>"""

STORIES = {
    "/news/bridge": ("Footbridge reopens after repairs", "The footbridge over the Lenn reopened on Monday after six weeks of repairs to its deck, the county council said."),
    "/news/library": ("Library extends opening hours", "The central library in Oldmarket will open until eight in the evening from next week, the library service announced on Tuesday."),
    "/news/market": ("Market moves to the square", "The Saturday market will move to Church Square for the summer while the car park is resurfaced, traders were told on Wednesday."),
    "/private/memo": ("Memo on staffing", "An internal memo about staffing levels in the planning department was circulated to councillors on Thursday evening."),
}


def page(path: str) -> Reply:
    title, lede = STORIES[path]
    return Reply(body=PAGE.format(title=title, lede=lede).encode())


def rss(site: Site, paths: list[str], *, title: str = "Valley Gazette") -> bytes:
    items = "".join(
        f"<item><title>{STORIES[p][0]}</title><link>{site.url(p)}</link><guid>{site.url(p)}</guid>"
        f"<pubDate>Mon, 0{n + 1} Jul 2024 09:00:00 GMT</pubDate>"
        f"<description>Summary: {STORIES[p][0].lower()}, in brief from the feed.</description></item>"
        for n, p in enumerate(paths)
    )
    return (
        f'<?xml version="1.0"?><rss version="2.0"><channel><title>{title}</title>'
        f"<link>{site.url('/')}</link>{items}</channel></rss>"
    ).encode()


def feed(site: Site, paths: list[str], etag: str | None = None) -> Reply:
    return Reply(body=rss(site, paths), content_type="application/rss+xml", headers={"ETag": etag} if etag else {})


def one_round(store: Corpus, urls: list[str], options: FetchOptions = FAST_FETCH) -> tuple[object, list[str]]:
    lines: list[str] = []
    with Fetcher(options) as fetcher:
        summary = Watcher(store, fetcher, options=FAST_INGEST, report=lines.append).run_round(urls)
    return summary, lines


def test_new_entries_are_ingested_once_and_an_unchanged_feed_is_a_304(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library"], etag='"v1"')]
    for path in ("/news/bridge", "/news/library", "/news/market"):
        site.routes[path] = [page(path)]
    with Corpus(tmp_path / "w.db") as store:
        first, lines = one_round(store, [site.url("/feed.xml")])
        assert lines == [] and (first.new_entries, first.pages, first.stored.added) == (2, 2, 2)
        bridge = store.article(store.fetch_log.get(site.url("/news/bridge")).doc_id)
        assert bridge is not None and bridge.text.startswith("Footbridge reopens after repairs")
        assert "six weeks of repairs" in bridge.text and "Summary:" not in bridge.text  # the page, not the feed
        assert bridge.title == "Footbridge reopens after repairs" and bridge.url == site.url("/news/bridge")
        assert bridge.published == "2024-07-01T09:00:00+00:00"  # the page has no date: the entry's

        second, lines = one_round(store, [site.url("/feed.xml")])
        assert lines == [] and (second.not_modified, second.new_entries) == (1, 0)
        assert site.requests("/feed.xml")[-1].headers.get("If-None-Match") == '"v1"'

        site.routes["/feed.xml"] = [feed(site, ["/news/market", "/news/bridge", "/news/library"], etag='"v2"')]
        third, _ = one_round(store, [site.url("/feed.xml")])
        assert (third.new_entries, third.seen_entries, third.stored.added) == (1, 2, 1)
        assert [len(site.requests(p)) for p in ("/news/bridge", "/news/library", "/news/market")] == [1, 1, 1]
        assert len(list(store.articles())) == 3
        assert store.fetch_log.get(site.url("/feed.xml")).etag == '"v2"'


def test_relative_links_are_resolved_against_the_feed(site: Site, tmp_path: Path) -> None:
    body = rss(site, ["/news/bridge"]).replace(site.url("/news/bridge").encode(), b"/news/bridge")
    site.routes["/feeds/main.xml"] = [Reply(body=body, content_type="application/rss+xml")]
    site.routes["/news/bridge"] = [page("/news/bridge")]
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feeds/main.xml")])
        (article,) = store.articles()
    assert lines == [] and summary.pages == 1 and len(site.requests("/news/bridge")) == 1
    assert article.url == site.url("/news/bridge")


def test_last_modified_is_sent_back(site: Site, tmp_path: Path) -> None:
    stamp = "Mon, 01 Jul 2024 10:00:00 GMT"
    site.routes["/feed.xml"] = [Reply(body=rss(site, ["/news/bridge"]), content_type="text/xml", headers={"Last-Modified": stamp}),
                                Reply(304)]
    site.routes["/news/bridge"] = [page("/news/bridge")]
    with Corpus(tmp_path / "w.db") as store:
        one_round(store, [site.url("/feed.xml")])
        summary, lines = one_round(store, [site.url("/feed.xml")])
    assert summary.not_modified == 1 and lines == []
    assert site.requests("/feed.xml")[-1].headers.get("If-Modified-Since") == stamp


def test_robots_disallow_is_honoured(site: Site, tmp_path: Path) -> None:
    site.routes["/robots.txt"] = [Reply(body=b"User-agent: *\nDisallow: /private/\n", content_type="text/plain")]
    site.routes["/feed.xml"] = [feed(site, ["/private/memo", "/news/bridge"])]
    site.routes["/private/memo"] = [page("/private/memo")]
    site.routes["/news/bridge"] = [page("/news/bridge")]
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")])
        again, more = one_round(store, [site.url("/feed.xml")])
        log = store.fetch_log.get(site.url("/private/memo"))
        memo = store.article(log.doc_id)
    assert site.requests("/private/memo") == [] and len(site.requests("/news/bridge")) == 1
    assert lines == [f"{site.url('/private/memo')}: disallowed by robots.txt; stored the feed entry's own text instead"]
    assert (summary.pages, summary.from_feed) == (1, 1)
    assert memo.text == "Summary: memo on staffing, in brief from the feed." and memo.url == site.url("/private/memo")
    assert log.outcome is Outcome.DISALLOWED
    assert more == [] and again.seen_entries == 2  # not asked again


def test_redirects_are_followed_and_each_hop_obeys_robots(site: Site, tmp_path: Path) -> None:
    site.routes["/robots.txt"] = [Reply(body=b"User-agent: *\nDisallow: /private/\n", content_type="text/plain")]
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library"])]
    site.routes["/news/bridge"] = [Reply(301, headers={"Location": "/news/market"})]
    site.routes["/news/market"] = [page("/news/market")]
    site.routes["/news/library"] = [Reply(302, headers={"Location": site.url("/private/memo")})]
    site.routes["/private/memo"] = [page("/private/memo")]
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")])
        moved = store.article(store.fetch_log.get(site.url("/news/bridge")).doc_id)
        blocked = store.fetch_log.get(site.url("/news/library"))
    assert moved.url == site.url("/news/market") and moved.title == "Market moves to the square"
    assert site.requests("/private/memo") == []
    assert lines == [
        f"{site.url('/news/library')}: redirected to {site.url('/private/memo')}: disallowed by robots.txt;"
        " stored the feed entry's own text instead"
    ]
    assert blocked.outcome is Outcome.DISALLOWED and summary.pages == 1


def test_redirected_robots_txt_is_followed(site: Site, tmp_path: Path) -> None:
    site.routes["/robots.txt"] = [Reply(301, headers={"Location": "/site-robots.txt"})]
    site.routes["/site-robots.txt"] = [Reply(body=b"User-agent: *\nDisallow: /news/\n", content_type="text/plain")]
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge"])]
    with Corpus(tmp_path / "w.db") as store:
        _, lines = one_round(store, [site.url("/feed.xml")])
    assert lines == [f"{site.url('/news/bridge')}: disallowed by robots.txt; stored the feed entry's own text instead"]
    assert len(site.requests("/site-robots.txt")) == 1


def test_redirect_loop_is_one_line(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [Reply(302, headers={"Location": "/feed.xml"})]
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")])
    assert lines == [f"{site.url('/feed.xml')}: more than 5 redirects"] and summary.feeds_failed == 1
    assert len(site.requests("/feed.xml")) == 6


@pytest.mark.parametrize("status,headers", [(503, {"Retry-After": "1"}), (429, {}), (500, {})])
def test_server_error_then_success_is_retried(site: Site, tmp_path: Path, status: int, headers: dict[str, str]) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/library"])]
    site.routes["/news/library"] = [Reply(status, b"busy", "text/plain", headers), page("/news/library")]
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")])
    hits = site.requests("/news/library")
    assert lines == [] and summary.pages == 1 and summary.stored.added == 1
    assert len(hits) == 2
    if "Retry-After" in headers:
        assert hits[1].at - hits[0].at >= 0.9  # the server's Retry-After, not the 0.01 s backoff


def test_retries_run_out_in_one_line(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/library"])]
    site.routes["/news/library"] = [Reply(503, b"down", "text/plain")]
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")])
        log = store.fetch_log.get(site.url("/news/library"))
        assert log.outcome is Outcome.FAILED and not log.done  # tried again next round
        one_round(store, [site.url("/feed.xml")])
        one_round(store, [site.url("/feed.xml")])
        assert store.fetch_log.get(site.url("/news/library")).done
    assert len(site.requests("/news/library")) == 3 * 3  # 1 try + 2 retries, in each of 3 rounds
    assert lines == [
        f"{site.url('/news/library')}: HTTP 503 Service Unavailable after 3 attempts; stored the feed entry's own text instead"
    ]
    assert summary.from_feed == 1


def test_timeout_gives_one_line(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library"])]
    site.routes["/news/bridge"] = [Reply(body=page("/news/bridge").body, delay=3.0)]
    site.routes["/news/library"] = [page("/news/library")]
    options = FetchOptions(delay=0.0, timeout=1.0, retries=1, backoff=0.01)
    started = time.monotonic()
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")], options)
    assert time.monotonic() - started < 20
    (line,) = lines
    assert line.startswith(f"{site.url('/news/bridge')}: timed out (ReadTimeout, 1 s limit) after 2 attempts")
    assert "\n" not in line
    assert (summary.pages, summary.from_feed, summary.stored.added) == (1, 1, 2)  # the other page goes on


def test_pages_that_are_not_articles_fall_back_to_the_entry(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library", "/news/market"])]
    site.routes["/news/bridge"] = [Reply(body=b"%PDF-1.4 binary", content_type="application/pdf")]
    site.routes["/news/library"] = [Reply(body=b"<html><body><nav>Home</nav><p>Menu</p></body></html>")]
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")])
        gone = store.fetch_log.get(site.url("/news/market"))
    assert lines == [
        f"{site.url('/news/bridge')}: not an HTML page (application/pdf); stored the feed entry's own text instead",
        f"{site.url('/news/library')}: no article text found in the HTML page; stored the feed entry's own text instead",
        f"{site.url('/news/market')}: HTTP 404 Not Found; stored the feed entry's own text instead",
    ]
    assert summary.from_feed == 3 and summary.stored.added == 3
    assert gone.outcome is Outcome.UNUSABLE and gone.done and gone.status == 404


def test_per_host_delay_spaces_requests(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library"])]
    site.routes["/news/bridge"] = [page("/news/bridge")]
    site.routes["/news/library"] = [page("/news/library")]
    with Corpus(tmp_path / "w.db") as store:
        one_round(store, [site.url("/feed.xml")], FetchOptions(delay=0.4, timeout=2.0))
    times = [hit.at for hit in site.hits]
    assert [hit.path for hit in site.hits] == ["/robots.txt", "/feed.xml", "/news/bridge", "/news/library"]
    assert all(later - earlier >= 0.35 for earlier, later in zip(times, times[1:]))


def test_robots_crawl_delay_is_honoured(site: Site, tmp_path: Path) -> None:
    site.routes["/robots.txt"] = [Reply(body=b"User-agent: *\nCrawl-delay: 1\n", content_type="text/plain")]
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge"])]
    site.routes["/news/bridge"] = [page("/news/bridge")]
    with Corpus(tmp_path / "w.db") as store:
        one_round(store, [site.url("/feed.xml")])
    feed_hit, page_hit = site.requests("/feed.xml")[0], site.requests("/news/bridge")[0]
    assert page_hit.at - feed_hit.at >= 0.9


def test_unreadable_robots_skips_the_host_for_now(site: Site, tmp_path: Path) -> None:
    site.routes["/robots.txt"] = [Reply(500, b"oops", "text/plain")]
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge"])]
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")], FetchOptions(delay=0.0, retries=0))
    assert site.requests("/feed.xml") == []
    assert lines == [f"{site.url('/feed.xml')}: robots.txt could not be read (HTTP 500); host skipped for now"]
    assert summary.feeds_failed == 1


def test_cli_broken_feed_is_one_line_and_other_feeds_go_on(site: Site, tmp_path: Path) -> None:
    site.routes["/good.xml"] = [feed(site, ["/news/market"])]
    site.routes["/news/market"] = [page("/news/market")]
    site.routes["/broken.xml"] = [Reply(body=b"<html><body><p>This is not a feed at all.</p></body></html>")]
    feeds = tmp_path / "feeds.txt"
    feeds.write_text(
        f"# local test feeds\n{site.url('/broken.xml')}\n\n{site.url('/missing.xml')}  # gone\nnot a url\n{site.url('/good.xml')}\n",
        encoding="utf-8",
    )
    db = tmp_path / "w.db"
    args = ["watch", str(feeds), "--db", str(db), "--once", "--delay", "0", "--retries", "0", "--timeout", "2"]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    errors = result.stderr.strip().splitlines()
    assert errors[0] == f"{feeds}:5: 'not a url' is not an http(s) URL; skipped"
    assert errors[1].startswith(f"{site.url('/broken.xml')}: not an RSS/Atom feed with entries")
    assert errors[2] == f"{site.url('/missing.xml')}: HTTP 404 Not Found"
    assert len(errors) == 3
    assert result.exit_code == 3  # partly read: one feed of three, and a line of the list skipped
    assert result.stdout.startswith("round 1 done: 3 feeds (0 not modified, 2 failed); 1 new entries (1 from their pages")
    with Corpus(db) as store:
        (article,) = store.articles()
    assert article.title == "Market moves to the square"


def test_watch_exit_codes_follow_the_convention(site: Site, tmp_path: Path) -> None:
    """0 every feed read, 1 none (or no usable feed list), 2 a command line naming no file, as
    every command says in its help."""
    site.routes["/good.xml"] = [feed(site, ["/news/market"])]
    site.routes["/news/market"] = [page("/news/market")]
    db = str(tmp_path / "w.db")
    base = ["--db", db, "--once", "--delay", "0", "--retries", "0", "--timeout", "2"]
    good, dead, empty = tmp_path / "good.txt", tmp_path / "dead.txt", tmp_path / "empty.txt"
    good.write_text(site.url("/good.xml") + "\n", encoding="utf-8")
    dead.write_text(site.url("/missing.xml") + "\n", encoding="utf-8")
    empty.write_text("# nothing yet\n", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["watch", str(good), *base], catch_exceptions=False).exit_code == 0
    assert runner.invoke(main, ["watch", str(dead), *base], catch_exceptions=False).exit_code == 1
    assert runner.invoke(main, ["watch", str(empty), *base], catch_exceptions=False).exit_code == 1
    assert runner.invoke(main, ["watch", str(tmp_path / "absent.txt"), *base], catch_exceptions=False).exit_code == 2


def test_feed_list_comments_and_duplicates(tmp_path: Path) -> None:
    path = tmp_path / "feeds.txt"
    path.write_text("# news\nhttps://a.example/rss\nhttps://a.example/rss#top # same feed, a fragment\n"
                    "  https://b.example/atom.xml   # trailing comment\nftp://c.example/feed\nhttps://a.example/rss\n",
                    encoding="utf-8")
    urls, problems = read_feed_list(path)
    assert urls == ["https://a.example/rss", "https://a.example/rss#top", "https://b.example/atom.xml"]
    assert problems == [f"{path}:5: 'ftp://c.example/feed' is not an http(s) URL; skipped"]


@pytest.mark.parametrize("given,seconds", [("90", 90.0), ("30s", 30.0), ("10m", 600.0), ("1h30m", 5400.0)])
def test_every_takes_durations(given: str, seconds: float) -> None:
    from crosscheck.cli.watch import Duration

    assert Duration().convert(given, None, None) == seconds


def test_every_refuses_nonsense(tmp_path: Path) -> None:
    feeds = tmp_path / "feeds.txt"
    feeds.write_text("https://a.example/rss\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["watch", str(feeds), "--every", "soon", "--db", str(tmp_path / "w.db")])
    assert result.exit_code == 2 and "'soon' is not a duration" in result.stderr


def test_ctrl_c_stops_cleanly_between_fetches(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library", "/news/market"])]
    for path in ("/news/bridge", "/news/library", "/news/market"):
        site.routes[path] = [page(path)]
    feeds = tmp_path / "feeds.txt"
    feeds.write_text(site.url("/feed.xml") + "\n", encoding="utf-8")
    db = tmp_path / "w.db"
    command = [sys.executable, "-m", "crosscheck", "watch", str(feeds), "--db", str(db), "--every", "1h", "--delay", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    guard = threading.Timer(180, process.kill)  # never hang the suite, whatever happens
    guard.start()
    try:
        first = process.stdout.readline()  # round 1 is done; now waiting an hour for round 2
        assert first.startswith("round 1 done: 1 feeds"), first + process.stderr.read()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        guard.cancel()
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert "Traceback" not in err and "stopping:" in err
    with Corpus(db) as store:
        assert len(list(store.articles())) == 3


def test_stop_mid_round_keeps_what_was_fetched_and_resumes(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library", "/news/market"], etag='"v1"')]
    for path in ("/news/bridge", "/news/library", "/news/market"):
        site.routes[path] = [page(path)]
    with Corpus(tmp_path / "w.db") as store, Fetcher(FAST_FETCH) as fetcher:
        watcher = Watcher(store, fetcher, options=FAST_INGEST)
        original = fetcher.get

        def get_then_stop(url: str, **kwargs: object):
            fetched = original(url, **kwargs)
            if url.endswith("/news/bridge"):
                fetcher.stop.set()  # as Ctrl-C does, while the first page is being fetched
            return fetched

        fetcher.get = get_then_stop  # type: ignore[method-assign]
        stopped = watcher.run_round([site.url("/feed.xml")])
        assert stopped.stopped and stopped.stored.added == 1
        cut_short = store.fetch_log.get(site.url("/feed.xml"))  # validators not saved: poll it in full again
        assert cut_short.etag is None and cut_short.outcome is Outcome.FAILED and not cut_short.done
        assert cut_short.problem == "stopped with 2 of its 3 entries not handled; fetched again next round"
        fetcher.stop.clear()
        resumed = watcher.run_round([site.url("/feed.xml")])
    assert (resumed.new_entries, resumed.seen_entries, resumed.stored.added) == (2, 1, 2)
    assert [len(site.requests(p)) for p in ("/news/bridge", "/news/library", "/news/market")] == [1, 1, 1]


def test_version_1_store_is_upgraded_and_stays_readable(tmp_path: Path) -> None:
    from crosscheck.model import Article
    from crosscheck.store.sqlite import SCHEMA_VERSION

    path = tmp_path / "old.db"
    text = "A man was shot on Alderard Street in Alderville on Sunday, police said."
    with Corpus(path) as store:
        store.add([Article(id="old1", text=text, source="old.txt")])
    with sqlite3.connect(path) as conn:  # make it the store an earlier crosscheck wrote
        conn.execute("DROP TABLE fetch_log")
        conn.execute("DROP TABLE links")
        conn.execute("DROP INDEX heads_component")
        conn.execute("ALTER TABLE heads DROP COLUMN component")
        conn.execute("DROP TABLE name_weeks")
        conn.execute("DROP TABLE name_weeks_filled")
        conn.execute("PRAGMA user_version = 1")
    with Corpus(path) as store:
        assert store.article("old1").text == text and len(store.events()) == 1
        store.fetch_log.record("https://a.example/rss", kind="feed", outcome=Outcome.READ, etag='"x"')
        assert store.fetch_log.get("https://a.example/rss").etag == '"x"'
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5


def test_long_feed_is_stored_as_it_goes(site: Site, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import crosscheck.watch.poll as poll

    monkeypatch.setattr(poll, "FLUSH_EVERY", 2)
    paths = ["/news/bridge", "/news/library", "/news/market"]
    site.routes["/feed.xml"] = [feed(site, paths)]
    for path in paths:
        site.routes[path] = [page(path)]
    stored_before: dict[str, int] = {}
    with Corpus(tmp_path / "w.db") as store, Fetcher(FAST_FETCH) as fetcher:
        original = fetcher.get

        def counting_get(url: str, **kwargs: object):
            stored_before[url] = len(list(store.articles()))
            return original(url, **kwargs)

        fetcher.get = counting_get  # type: ignore[method-assign]
        summary = Watcher(store, fetcher, options=FAST_INGEST).run_round([site.url("/feed.xml")])
    assert summary.stored.added == 3
    assert [stored_before[site.url(p)] for p in paths] == [0, 0, 2]  # two stored before the third fetch


def test_server_text_cannot_break_or_colour_the_line(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [Reply(404, b"", reason="Not\tFound\x1b[31m")]
    with Corpus(tmp_path / "w.db") as store:
        _, lines = one_round(store, [site.url("/feed.xml")])
    assert lines == [f"{site.url('/feed.xml')}: HTTP 404 Not\\tFound\\x1b[31m"]


def test_a_trickling_page_is_cut_at_max_time_and_the_feeds_other_pages_are_read(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library", "/news/market"])]
    site.routes["/news/bridge"] = [page("/news/bridge")]
    site.routes["/news/library"] = [Reply(trickle=0.2)]  # a byte every 0.2 s: no read ever times out
    site.routes["/news/market"] = [page("/news/market")]
    options = FetchOptions(delay=0.0, timeout=1.0, retries=1, backoff=0.01, max_time=2.0)
    with Fetcher(options) as fetcher:
        started = time.monotonic()
        with pytest.raises(FetchError) as cut:
            fetcher.get(site.url("/news/library"))
        took = time.monotonic() - started
    assert 2.0 <= took < 2.0 + 1.0, took  # max_time, and less than one read timeout more
    assert not cut.value.final and "\n" not in str(cut.value)
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")], options)
        slow = store.fetch_log.get(site.url("/news/library"))
        titles = sorted(a.title for a in store.articles())
    assert lines == [
        f"{site.url('/news/library')}: the whole fetch took over the 2 s limit; not read; stored the feed entry's own text instead"
    ]
    assert slow.outcome is Outcome.FAILED and not slow.done  # tried again in a later round
    assert (summary.pages, summary.from_feed) == (2, 1)
    assert titles == ["Footbridge reopens after repairs", "Library extends opening hours", "Market moves to the square"]


def test_a_long_retry_after_is_cut_at_max_time(site: Site) -> None:
    site.routes["/news/library"] = [Reply(503, b"busy", "text/plain", {"Retry-After": "30"})]
    options = FetchOptions(delay=0.0, timeout=1.0, retries=3, backoff=0.01, max_wait=60.0, max_time=1.5)
    with Fetcher(options) as fetcher:
        started = time.monotonic()
        with pytest.raises(FetchError) as refused:
            fetcher.get(site.url("/news/library"))
        assert time.monotonic() - started < 1.5 + 1.0  # not the 30 s the server asked for
    assert refused.value.problem == "HTTP 503 Service Unavailable after 2 attempts"
    assert len(site.requests("/news/library")) == 2  # the wait was cut to what was left, then no retry


def test_a_response_over_max_bytes_is_refused(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/market"])]
    site.routes["/news/bridge"] = [Reply(body=b"<p>" + b"x" * 5000 + b"</p>")]
    site.routes["/news/market"] = [page("/news/market")]
    options = FetchOptions(delay=0.0, timeout=2.0, retries=0, max_bytes=4000)
    with Corpus(tmp_path / "w.db") as store:
        summary, lines = one_round(store, [site.url("/feed.xml")], options)
    assert lines == [
        f"{site.url('/news/bridge')}: response of 5,007 bytes, over the 4,000-byte limit; not read;"
        " stored the feed entry's own text instead"
    ]
    assert summary.pages == 1


def test_sigterm_stops_a_fetch_under_way_within_seconds_and_the_store_is_whole(site: Site, tmp_path: Path) -> None:
    site.routes["/feed.xml"] = [feed(site, ["/news/bridge", "/news/library", "/news/market"])]
    site.routes["/news/bridge"] = [page("/news/bridge")]
    site.routes["/news/library"] = [Reply(trickle=0.5)]  # would hold the default 120 s limit
    site.routes["/news/market"] = [page("/news/market")]
    feeds = tmp_path / "feeds.txt"
    feeds.write_text(site.url("/feed.xml") + "\n", encoding="utf-8")
    db = tmp_path / "w.db"
    command = [sys.executable, "-m", "crosscheck", "watch", str(feeds), "--db", str(db), "--once", "--delay", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    guard = threading.Timer(180, process.kill)  # never hang the suite, whatever happens
    guard.start()
    try:
        while not site.requests("/news/library") and process.poll() is None:
            time.sleep(0.05)
        time.sleep(1.0)  # well into the trickle
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        guard.cancel()
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert took < 5, took
    assert "Traceback" not in err and "stopping:" in err
    assert out.startswith("round 1 stopped: 1 feeds")
    assert site.requests("/news/market") == []
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with Corpus(db) as store:
        (article,) = store.articles()
        slow = store.fetch_log.get(site.url("/news/library"))
        polled = store.fetch_log.get(site.url("/feed.xml"))
    assert article.title == "Footbridge reopens after repairs" and "six weeks of repairs" in article.text
    assert (slow.outcome, slow.problem) == (Outcome.FAILED, "stopped while being fetched; fetched again next round")
    assert polled.problem == "stopped with 2 of its 3 entries not handled; fetched again next round" and polled.etag is None
