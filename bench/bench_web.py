"""Web view latency with a real corpus: event list, search, event pages (cold and cached), API.

    .venv/bin/python bench/bench_web.py [--docs 2000] [--repeat 20]

Data: the first ``--docs`` GVA reports of ``../shared/data`` (see ``bench/data.py``), added to a
temporary SQLite store through ``Corpus.add`` (the same path as ``POST /api/documents``). Requests
go through FastAPI's TestClient in process (no network), so the figures are server-side time.
Baseline: the issue's requirement, pages that "load fast with a thousand events" (target < 200 ms).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from data import gva_records  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from crosscheck.model import Article  # noqa: E402
from crosscheck.corpus import Corpus  # noqa: E402
from crosscheck.web.app import create_app  # noqa: E402


def timed(client: TestClient, url: str, repeat: int) -> tuple[float, float, int]:
    """Median and max milliseconds of ``repeat`` GETs, and the response size."""
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        size = len(response.content)
    return statistics.median(times), max(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    print(f"command: .venv/bin/python bench/bench_web.py --docs {args.docs} --repeat {args.repeat}")
    with tempfile.TemporaryDirectory() as tmp:
        store = Corpus(Path(tmp) / "bench.db")
        articles = [Article(id=r["id"], text=r["text"], source=f"gva/{r['id']}", title=r["title"],
                            published=r["published"], url=r["url"]) for r in gva_records(args.docs)]
        start = time.perf_counter()
        store.add(articles)
        elapsed = time.perf_counter() - start
        events = store.count_events()
        print(f"data: {len(articles)} GVA reports -> {events} events; Corpus.add {elapsed:.1f} s "
              f"({len(articles) / elapsed:.0f} docs/s)")
        client = TestClient(create_app(store), base_url="http://127.0.0.1")  # a host name the server answers to
        biggest = max(store.events(limit=events), key=lambda e: len(e.documents))
        some = store.events(limit=1, offset=events // 2)[0]
        rows = []
        for label, url in [
            ("event list, page 1", "/"),
            ("event list, page 20", "/?page=20"),
            ("search 'shot' + date range", "/?q=shot&since=2016-01-01&until=2016-12-31"),
            ("API event list (50)", "/api/events?limit=50"),
            ("API event list (500)", "/api/events?limit=500&offset=200"),
        ]:
            rows.append((label, *timed(client, url, args.repeat)))
        for label, event in ((f"event page, {len(biggest.documents)} docs", biggest), ("event page, median event", some)):
            start = time.perf_counter()
            client.get(f"/events/{event.id}")
            cold = (time.perf_counter() - start) * 1000
            median, worst, size = timed(client, f"/events/{event.id}", args.repeat)
            rows.append((f"{label} (cold {cold:.0f} ms)", median, worst, size))
        rows.append(("API brief record", *timed(client, f"/api/events/{biggest.id}", args.repeat)))
        print(f"{'request':45} {'median ms':>10} {'max ms':>8} {'bytes':>9}")
        for label, median, worst, size in rows:
            print(f"{label:45} {median:10.1f} {worst:8.1f} {size:9d}")
        print("baseline: target < 200 ms per page with >= 1,000 events (issue 4)")
        client.close()
        store.close()


if __name__ == "__main__":
    main()
