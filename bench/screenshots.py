"""Screenshots of each kind of page of the web view, at desktop and phone width, for docs/web.md.

    .venv/bin/python bench/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Data: the three seed reports of ``examples/kerman`` and two short reports written here, added to
a temporary store; a real ``uvicorn`` serves it on 127.0.0.1 and Chromium (through Playwright)
opens every page kind: the event list, an event (with one entry's evidence open), a document, the
add-reports page and the API docs, each at 1280 px and at 400 px wide. Viewport screenshots
(not full pages) keep the PNGs small. Nothing is read from ../shared.
"""

from __future__ import annotations

import argparse
import json
import socket
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "examples" / "kerman"
WIDTHS = {"desktop": (1280, 720), "phone": (400, 760)}
WRITTEN = [
    {"id": "lyon-fire", "outlet": "Rhône Daily", "published": "2024-02-12T09:00:00+00:00",
     "title": "Warehouse fire in Lyon kills three",
     "text": "A fire killed three people in a warehouse in Lyon on Monday, police said. Two firefighters were "
             "injured. The prosecutor said the cause of the fire was not yet known."},
    {"id": "oslo-storm", "outlet": "Nordic Wire", "published": "2024-03-03T18:00:00+00:00",
     "title": "Storm in Oslo: five dead",
     "text": "A storm killed 5 people in Oslo on Sunday, police said. At least 12 people were injured "
             "when trees fell on cars, the city's emergency service said."},
]


SEED_TITLES = ("Blasts near Soleimani's tomb in Kerman", "Two explosions at Kerman memorial", "Kerman explosions: what we know")


def records() -> bytes:
    """The seeds (with titles, outlets and times, as a feed would give them) and the written reports."""
    lines = []
    for index, path in enumerate(sorted(SEEDS.glob("*.txt"))):
        lines.append({"id": path.stem[:3], "text": path.read_text(encoding="utf-8"), "title": SEED_TITLES[index],
                      "outlet": ("Wire A", "Wire B", "rt.com")[index], "published": f"2024-01-03T1{index}:00:00+00:00"})
    return "\n".join(json.dumps(line, ensure_ascii=False) for line in [*lines, *WRITTEN]).encode("utf-8")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(store: object) -> tuple[str, object, threading.Thread]:
    import uvicorn

    from crosscheck.web.app import create_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline:
            raise SystemExit("error: the server did not start")
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server, thread


def pages(base: str, store: object) -> dict[str, str]:
    """Page kind -> URL (the event and document of the seed report that the most events cite)."""
    event = store.event_of("002")
    return {
        "index": f"{base}/",
        "event": f"{base}/events/{event}",
        "evidence": f"{base}/events/{event}#entry=e0.f0",
        "document": f"{base}/documents/002",
        "add": f"{base}/add",
        "api-docs": f"{base}/docs",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("error: screenshots need playwright: pip install -e '.[test]'") from None
    from crosscheck.corpus import Corpus
    from crosscheck.web.service import read_reports

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        store = Corpus(Path(folder) / "screens.db")
        articles, problems = read_reports(records(), name="screens", jsonl=True)
        if problems:
            raise SystemExit("error: " + "; ".join(problems))
        store.add(articles)
        base, server, thread = serve(store)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=args.chromium, args=["--headless", "--no-sandbox"])
                for width_name, (width, height) in WIDTHS.items():
                    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
                    tab = context.new_page()
                    for kind, url in pages(base, store).items():
                        tab.goto(url)
                        if "#entry=" in url:
                            tab.wait_for_selector("#evidence:not([hidden]) mark")
                        path = args.out / f"{kind}-{width_name}.png"
                        tab.screenshot(path=str(path))
                        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")
                    context.close()
                browser.close()
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            store.close()


if __name__ == "__main__":
    main()
