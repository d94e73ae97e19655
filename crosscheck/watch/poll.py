"""One polling round: every feed fetched (conditionally), each new entry's page read and stored.

A feed entry becomes one document. Its article page is fetched and read with the ordinary HTML
reader (trafilatura), with the entry's link, title and date as fallbacks for what the page lacks;
when the page cannot be had (robots.txt, 404, timeout, not HTML, no article in it) the entry's own
content or summary is stored instead, and the failure is one line naming the URL. Both use the
entry's id (else its link, resolved against the feed's URL), so a page fetched in a later round replaces a stored summary as a new
version of the same document.

What is fetched is logged in the store (``Store.fetch_log``): a page with a final outcome is never
fetched again, and a feed's validators are saved only after all its entries were handled, so a
round stopped half-way (Ctrl-C, SIGTERM) polls that feed again in full next time and skips the
pages done. A stop abandons the fetch under way, stores what was fetched before it, and logs what
was not done: the page cut short, and the feed with how many of its new entries were left.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import urljoin

from crosscheck.errors import IngestError
from crosscheck.fetch import FetchError, Fetcher, Stopped
from crosscheck.ingest.feeds import entry_article, entry_published, parse_feed, safe_id
from crosscheck.ingest.html import article_from_html
from crosscheck.ingest.options import IngestOptions
from crosscheck.model import Article
from crosscheck.corpus import AddSummary, Corpus
from crosscheck.store import Outcome

Report = Callable[[str], None]
# Pages are stored as soon as they are read: a stop then has nothing left to store but what the
# feed itself gave, and so ends at once (a batch of 50 took seconds, the first one the extraction's
# start-up too); one at a time costs the store no more per document (13 ms of CPU either way).
FLUSH_EVERY = 1
AGAIN = "fetched again next round"
STOPPED = f"stopped while being fetched; {AGAIN}"
_HTML_TYPES = ("text/html", "application/xhtml+xml", "")


@dataclass(slots=True)
class RoundSummary:
    """What one round did; ``problems`` has one line per failure (URL and problem)."""

    feeds: int = 0
    not_modified: int = 0
    feeds_failed: int = 0
    new_entries: int = 0
    seen_entries: int = 0
    pages: int = 0
    from_feed: int = 0
    stored: AddSummary = field(default_factory=AddSummary)
    problems: list[str] = field(default_factory=list)
    stopped: bool = False

    def line(self) -> str:
        """The round in one line, for the terminal or a cron log."""
        state = "stopped" if self.stopped else "done"
        return (
            f"{state}: {self.feeds} feeds ({self.not_modified} not modified, {self.feeds_failed} failed); "
            f"{self.new_entries} new entries ({self.pages} from their pages, {self.from_feed} from the feed), "
            f"{self.seen_entries} already seen; added {self.stored.added}, new versions {self.stored.new_versions}, "
            f"unchanged {self.stored.unchanged}, failed {len(self.stored.failed)}"
        )


@dataclass(slots=True)
class _Pending:
    """An entry's document, and the fetch-log row to write once it is stored."""

    article: Article | None
    url: str | None = None
    outcome: Outcome = Outcome.READ
    status: int | None = None
    problem: str | None = None


class Watcher:
    """Polls feeds into a store through a ``Fetcher``; ``report`` gets each problem line as it happens."""

    def __init__(
        self, store: Corpus, fetcher: Fetcher, *, options: IngestOptions | None = None, report: Report | None = None
    ) -> None:
        self.store = store
        self.fetcher = fetcher
        self.options = options or IngestOptions()
        self._report = report

    def run_round(self, feeds: list[str]) -> RoundSummary:
        """Poll each feed once, in order; a broken feed is one line and the others go on."""
        summary = RoundSummary()
        try:
            for url in feeds:
                if self.fetcher.stop.is_set():
                    raise Stopped()
                self._poll(url, summary)
        except Stopped:
            summary.stopped = True
        return summary

    def _poll(self, url: str, summary: RoundSummary) -> None:
        log = self.store.fetch_log
        summary.feeds += 1
        known = log.get(url)
        try:
            fetched = self.fetcher.get(
                url, etag=known.etag if known else None, last_modified=known.last_modified if known else None
            )
            if fetched.not_modified:
                summary.not_modified += 1
                log.record(url, kind="feed", outcome=Outcome.NOT_MODIFIED, status=304)
                return
            parsed = parse_feed(fetched.body, source=url)
        except Stopped:
            log.record(url, kind="feed", outcome=Outcome.FAILED, problem=STOPPED)
            raise
        except FetchError as error:
            self._problem(summary, str(error))
            summary.feeds_failed += 1
            log.record(url, kind="feed", outcome=_failure(error), status=error.status, problem=error.problem)
            return
        except IngestError as error:
            self._problem(summary, str(error.problem))
            summary.feeds_failed += 1
            log.record(url, kind="feed", outcome=Outcome.UNUSABLE, status=fetched.status, problem=error.problem.message)
            return
        pending: list[_Pending] = []
        try:
            self._entries(url, fetched.status, parsed, pending, summary)
        finally:  # stopped or not, what was fetched is stored and logged
            self._store(pending, summary)
        log.record(url, kind="feed", outcome=Outcome.READ, status=fetched.status,
                   etag=fetched.etag, last_modified=fetched.last_modified)

    def _entries(self, feed_url: str, status: int, parsed: Any, pending: list[_Pending], summary: RoundSummary) -> None:
        """Each entry's document into ``pending``; on a stop, the feed's log row says how many were left."""
        links: set[str] = set()
        number = 0
        try:
            for number, entry in enumerate(parsed.entries, start=1):
                self._entry(feed_url, parsed, number, entry, links, pending, summary)
        except Stopped:
            left = f"{len(parsed.entries) - number + 1} of its {len(parsed.entries)} entries"
            self.store.fetch_log.record(feed_url, kind="feed", outcome=Outcome.FAILED, status=status,
                                        problem=f"stopped with {left} not handled; {AGAIN}")
            raise

    def _entry(
        self, feed_url: str, parsed: Any, number: int, entry: Any, links: set[str], pending: list[_Pending],
        summary: RoundSummary,
    ) -> None:
        """One entry: its page fetched (once per round and ever), else its own text; ``links`` are the round's."""
        log = self.store.fetch_log
        link = urljoin(feed_url, entry["link"]) if entry.get("link") else None
        doc_id = safe_id(entry.get("id") or link or "")
        fallback = entry_article(
            entry, parsed.feed, id=doc_id or _text_id(entry, feed_url), source=feed_url, options=self.options, url=link
        )
        if link is None:
            if fallback is None:
                self._problem(summary, f"{feed_url}: entry {number} has neither a link nor text")
            elif self.store.version(fallback.id) is None:
                summary.new_entries += 1
                summary.from_feed += 1
                pending.append(_Pending(fallback))
            else:
                summary.seen_entries += 1
            return
        known = log.get(link)
        if link in links or (known is not None and known.done):
            summary.seen_entries += 1
            return
        if self.fetcher.stop.is_set():
            raise Stopped()
        links.add(link)
        summary.new_entries += 1
        try:
            pending.append(self._page(link, entry, doc_id or safe_id(link), fallback, summary))
        except Stopped:
            log.record(link, kind="page", outcome=Outcome.FAILED, problem=STOPPED)
            raise
        if len(pending) >= FLUSH_EVERY:  # a feed is stored as it goes, not only at its end
            self._store(pending, summary)
            pending.clear()

    def _page(self, link: str, entry: Any, doc_id: str, fallback: Article | None, summary: RoundSummary) -> _Pending:
        """The entry's article from its page, else from the feed, with the log row to write."""
        try:
            page = self.fetcher.get(link)
            kind = page.content_type.split(";")[0].strip().lower()
            if kind not in _HTML_TYPES:
                raise FetchError(link, f"not an HTML page ({kind})", final=True, status=page.status)
            article = article_from_html(
                page.body, source=link, id=doc_id, options=self.options, url=page.url,
                published=entry_published(entry), title=entry.get("title"),
            )
            summary.pages += 1
            return _Pending(article, link, Outcome.READ, page.status)
        except FetchError as error:
            outcome, status, problem = _failure(error), error.status, error.problem
        except IngestError as error:
            outcome, status, problem = Outcome.UNUSABLE, page.status, error.problem.message
        except (ValueError, LookupError, RuntimeError) as error:  # a parser choking on an odd page
            outcome, status, problem = Outcome.UNUSABLE, page.status, f"could not be read ({type(error).__name__}: {error})"
        instead = "; stored the feed entry's own text instead" if fallback is not None else "; nothing stored"
        self._problem(summary, f"{link}: {problem}{instead}")
        if fallback is not None:
            summary.from_feed += 1
        return _Pending(fallback, link, outcome, status, problem)

    def _store(self, pending: list[_Pending], summary: RoundSummary) -> None:
        """Add the round's documents for one feed, then log their fetches."""
        articles = [p.article for p in pending if p.article is not None]
        if articles:
            added = self.store.add(articles)
            stored = summary.stored
            stored.added += added.added
            stored.unchanged += added.unchanged
            stored.new_versions += added.new_versions
            stored.events_created += added.events_created
            stored.events_updated += added.events_updated
            stored.failed.extend(added.failed)
            for line in added.failed:
                self._problem(summary, line, count=False)
        for item in pending:
            if item.url is not None:
                self.store.fetch_log.record(
                    item.url, kind="page", outcome=item.outcome, status=item.status,
                    doc_id=item.article.id if item.article else None, problem=item.problem,
                )

    def _problem(self, summary: RoundSummary, line: str, *, count: bool = True) -> None:
        line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in line)  # a server's text stays inert
        if count:
            summary.problems.append(line)
        if self._report is not None:
            self._report(line)


def _failure(error: FetchError) -> Outcome:
    if error.disallowed:
        return Outcome.DISALLOWED
    return Outcome.UNUSABLE if error.final else Outcome.FAILED


def _text_id(entry: Any, feed_url: str) -> str:
    """A stable id for an entry with neither id nor link: its feed and a hash of its title and text."""
    digest = hashlib.sha256(f"{feed_url}\n{entry.get('title', '')}\n{entry.get('summary', '')}".encode()).hexdigest()
    return f"entry_{digest[:16]}"
