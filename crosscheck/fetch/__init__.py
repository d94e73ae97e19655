"""Polite HTTP fetching for ``crosscheck watch``: robots.txt, per-host pacing, retries, conditional GET.

    from crosscheck.fetch import Fetcher, FetchOptions, FetchError
    with Fetcher(FetchOptions(delay=1.0)) as fetcher:
        page = fetcher.get(url, etag=None, last_modified=None)    # -> Fetched (status 200 or 304)
        # FetchError: one line naming the URL and the problem (str(error)); error.final says
        # whether asking again later is pointless (404, robots.txt) or may work (timeout, 503)

httpx does the HTTP, httpx-retries the retries (exponential backoff with jitter on connection
errors, timeouts, 429 and 5xx, honouring Retry-After), ``urllib.robotparser`` reads robots.txt.
"""

from crosscheck.fetch.client import Fetched, FetchError, Fetcher, FetchOptions, Stopped

__all__ = ["FetchError", "FetchOptions", "Fetched", "Fetcher", "Stopped"]
