"""``crosscheck watch``: poll RSS/Atom feeds and store the articles of their new entries.

    from crosscheck.fetch import Fetcher, FetchOptions
    from crosscheck.corpus import Corpus
    from crosscheck.watch import Watcher, read_feed_list, watch

    urls, problems = read_feed_list("feeds.txt")
    with Corpus("crosscheck.db") as store, Fetcher(FetchOptions(delay=1.0)) as fetcher:
        summary = Watcher(store, fetcher, report=print).run_round(urls)     # one round (--once)
        watch(urls, Watcher(store, fetcher), every=600, on_round=...)        # until fetcher.stop is set

See ``poll`` for what one round does and ``crosscheck.fetch`` for how each URL is fetched.
"""

from __future__ import annotations

from typing import Callable

from crosscheck.watch.feedlist import read_feed_list
from crosscheck.watch.poll import RoundSummary, Watcher

__all__ = ["RoundSummary", "Watcher", "read_feed_list", "watch"]


def watch(
    feeds: list[str], watcher: Watcher, *, every: float | None, on_round: Callable[[int, RoundSummary], None]
) -> int:
    """Run rounds ``every`` seconds (one round when None) until the fetcher's stop is set; rounds run."""
    stop = watcher.fetcher.stop
    number = 0
    while True:
        number += 1
        summary = watcher.run_round(feeds)
        on_round(number, summary)
        if every is None or summary.stopped or stop.wait(every):
            return number
