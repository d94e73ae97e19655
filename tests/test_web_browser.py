"""The web view in a real headless Chromium: evidence side by side, shareable state, no injection.

Needs ``/usr/bin/chromium`` (Debian package ``chromium``) and the ``playwright`` Python package;
skipped with a message where either is missing. The server is a real uvicorn on 127.0.0.1.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from crosscheck.corpus import Corpus
from crosscheck.web.app import create_app
from crosscheck.web.service import read_reports
from web_support import HOSTILE_TEXT, SEEDS

CHROMIUM = Path("/usr/bin/chromium")
REBOUND = "rebound.test"  # a name an attacker's DNS points at 127.0.0.1 (DNS rebinding)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1"]

pytestmark = pytest.mark.browser
if not CHROMIUM.exists():
    pytest.skip("/usr/bin/chromium not found: apt-get install chromium to run browser tests", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed: pip install playwright")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def corpus() -> bytes:
    lines = [json.dumps({"id": p.stem[:3], "text": p.read_text(encoding="utf-8"), "title": f"Seed report {i}",
                         "published": f"2024-01-03T1{i}:00:00+00:00"}, ensure_ascii=False)
             for i, p in enumerate(sorted(SEEDS.glob("*.txt")))]
    lines.append(json.dumps({"id": "hostile", "text": HOSTILE_TEXT, "url": "javascript:alert(4)",
                             "outlet": "<b>Evil</b> News", "title": "<img src=x onerror=alert(5)>Fire kills 7 at <i>Elm</i> mill",
                             "published": "2023-05-02T10:00:00+00:00"}))
    return "\n".join(lines).encode("utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """uvicorn serving a store of the seeds and a hostile report on a free local port."""
    import uvicorn

    store = Corpus(tmp_path_factory.mktemp("browser") / "crosscheck.db")
    articles, problems = read_reports(corpus(), name="corpus", jsonl=True)
    assert not problems
    store.add(articles)
    port = free_port()
    uv = uvicorn.Server(uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not uv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", store
    uv.should_exit = True
    thread.join(timeout=10)
    store.close()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield instance
        instance.close()


@pytest.fixture
def page(browser):
    """A fresh page that records dialogs (alert...), console errors and page errors."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.incidents = []
    tab.on("dialog", lambda dialog: (tab.incidents.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    tab.on("console", lambda msg: tab.incidents.append(f"console: {msg.text}") if msg.type == "error" else None)
    tab.on("pageerror", lambda error: tab.incidents.append(f"pageerror: {error}"))
    yield tab
    context.close()


def event_of(store: Corpus, doc_id: str) -> str:
    event_id = store.event_of(doc_id)
    assert event_id
    return event_id


def expected_by_document(base: str, event_id: str, page, entry_id: str) -> dict[str, list[str]]:
    """What the brief record says the entry's evidence is, per document (quotes in text order)."""
    record = page.request.get(f"{base}/api/events/{event_id}").json()["events"][0]
    index = int(entry_id.split(".f", 1)[1])
    spans: dict[str, list[tuple[bool, int, str]]] = {}
    for item in record["figures"][index]["evidence"]:  # a cited headline is shown above the text
        spans.setdefault(item["document"], []).append((item["part"] != "title", item["start"], item["quote"]))
    return {doc: [quote for *_, quote in sorted(items)] for doc, items in spans.items()}


def panel_state(page) -> dict[str, list[str]]:
    return page.evaluate("""() => Object.fromEntries(Array.from(document.querySelectorAll('#evidence .evidence-doc'))
        .map(col => [col.dataset.document, Array.from(col.querySelectorAll('mark')).map(m => m.textContent)]))""")


def marks_in_view(page) -> list[bool]:
    """For each column, is its first highlighted span inside the column's visible box and the window?"""
    return page.evaluate("""() => Array.from(document.querySelectorAll('#evidence .evidence-text')).map(box => {
        const mark = box.querySelector('mark'); if (!mark) return false;
        const m = mark.getBoundingClientRect(), b = box.getBoundingClientRect();
        return m.top >= b.top - 1 && m.bottom <= b.bottom + 1 && m.top >= 0 && m.bottom <= window.innerHeight; })""")


def test_clicking_a_figure_shows_each_document_with_its_span_highlighted_and_in_view(server, page):
    base, store = server
    event_id = event_of(store, "002")
    page.goto(f"{base}/events/{event_id}")
    link = page.locator(".headline a.entry").first
    entry_id = link.get_attribute("data-entry")
    link.click()
    page.wait_for_selector("#evidence:not([hidden]) mark")
    expected = expected_by_document(base, event_id, page, entry_id)
    assert len(expected) >= 2
    assert panel_state(page) == expected
    assert all(marks_in_view(page))
    assert page.url.endswith(f"#entry={entry_id}")
    assert page.incidents == []


def test_the_shared_url_reopens_the_same_evidence(server, browser, page):
    base, store = server
    event_id = event_of(store, "002")
    page.goto(f"{base}/events/{event_id}")
    page.locator(".headline a.entry").nth(1).click()
    page.wait_for_selector("#evidence:not([hidden]) mark")
    shared, state, title = page.url, panel_state(page), page.locator(".evidence-title").text_content()
    other = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
    other.goto(shared)
    other.wait_for_selector("#evidence:not([hidden]) mark")
    assert panel_state(other) == state and other.locator(".evidence-title").text_content() == title
    assert all(marks_in_view(other))
    page.locator(".evidence-close").click()
    assert page.locator("#evidence").is_hidden() and "#entry=" not in page.url
    other.context.close()


def test_hostile_report_is_text_and_nothing_executes(server, page):
    base, store = server
    event_id = event_of(store, "hostile")
    for url in (f"{base}/", f"{base}/?q=fire", f"{base}/events/{event_id}"):
        page.goto(url)
        assert page.locator("img").count() == 0
        assert page.locator("a[href^='javascript' i]").count() == 0
    assert "<img src=x onerror=alert(5)>Fire kills 7 at <i>Elm</i> mill" in page.locator(".documents").inner_text()
    assert "javascript:alert(4)" in page.locator(".documents").inner_text()
    entries = page.locator("a.entry")
    opened = headlines = 0
    for index in range(entries.count()):
        entries.nth(index).click()
        page.wait_for_selector("#evidence:not([hidden])")
        column = page.locator("#evidence .evidence-doc[data-document='hostile']")
        if column.count():
            opened += 1
            text = column.locator(".evidence-text").inner_text()
            assert "<script>alert(1)</script>" in text and "<img src=x onerror=alert(2)>" in text
            assert "</script><script>alert(3)</script>" in text
            # the javascript: URL never becomes a link; the one link is the document's own page
            links = column.locator("a")
            assert [links.nth(i).get_attribute("href") for i in range(links.count())] == ["/documents/hostile"]
            assert column.locator("script, img").count() == 0
            headline = column.locator(".evidence-headline")
            if headline.count():  # the figure its headline states ("kills 7"): marked, as text
                headlines += 1
                assert headline.inner_text() == "<img src=x onerror=alert(5)>Fire kills 7 at <i>Elm</i> mill"
                assert "kills 7" in headline.locator("mark").inner_text()
    assert opened >= 1 and headlines >= 1
    page.wait_for_timeout(300)
    assert page.incidents == []


ATTACK = """<!doctype html><html><body>
<iframe name="sink"></iframe>
<form id="paste" method="post" action="{target}/add/paste" target="sink">
  <input name="text" value="{text}"><input name="token" value="guessed">
</form>
<script>
fetch("{target}/api/documents", {{method: "POST", mode: "no-cors", body: {record}}})
  .then(() => {{ document.title = "fetched"; }}, () => {{ document.title = "fetched"; }});
document.getElementById("paste").submit();
</script></body></html>"""


@pytest.fixture
def attacker(server):
    """A page on another port of this machine that posts a report to the server: no-cors fetch and a form."""
    base, _ = server
    text = "An attacker says 99 people were killed in Atlantis on Monday."
    record = json.dumps(json.dumps({"id": "planted", "text": text}))
    body = ATTACK.format(target=base, text=text, record=record).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


def test_a_page_on_another_port_cannot_add_reports(server, attacker, page):
    base, store = server
    before = sorted(article.id for article in store.articles())
    answers = []
    page.on("response", lambda response: answers.append((response.request.method, response.url, response.status))
            if response.url.startswith(base) else None)
    page.goto(attacker)
    page.wait_for_function("document.title === 'fetched'")
    page.wait_for_timeout(500)
    posts = {url.removeprefix(base): status for method, url, status in answers if method == "POST"}
    assert posts == {"/api/documents": 403, "/add/paste": 403}  # both requests were sent, both refused
    assert sorted(article.id for article in store.articles()) == before


def test_a_rebound_host_name_gets_no_page(server, page):
    base, _ = server
    port = base.rsplit(":", 1)[1]
    response = page.goto(f"http://{REBOUND}:{port}/")
    assert response.status == 400
    assert "Invalid host header" in page.content()


def test_reports_added_from_the_servers_own_page_are_stored(server, page, tmp_path):
    base, store = server
    page.goto(f"{base}/add")
    page.fill("textarea[name=text]", "A storm killed 5 people in Oslo on Sunday, police said.")
    page.fill("input[name=title]", "Storm in Oslo")
    page.click("form[action='/add/paste'] button[type=submit]")
    page.wait_for_selector(".result")
    assert "1 added" in page.locator(".result").inner_text()
    upload = tmp_path / "bergen.txt"
    upload.write_text("A landslide killed 2 people in Bergen on Tuesday, officials said.\n", encoding="utf-8")
    page.set_input_files("input[name=files]", str(upload))
    page.click("form[action='/add/upload'] button[type=submit]")
    page.wait_for_selector(".result")
    assert "1 added" in page.locator(".result").inner_text()
    texts = {article.text for article in store.articles()}
    assert "A storm killed 5 people in Oslo on Sunday, police said." in texts
    assert upload.read_text(encoding="utf-8") in texts
    assert page.incidents == []


def overflowing(page) -> dict:
    """How far the page is wider than the window, and the cells whose right edge is past it."""
    return page.evaluate("""() => ({
        scroll: document.documentElement.scrollWidth - window.innerWidth,
        cut: Array.from(document.querySelectorAll('th, td')).filter(cell => cell.offsetParent !== null
               && cell.getBoundingClientRect().right > window.innerWidth + 1).map(cell => cell.textContent.trim().slice(0, 30)),
    })""")


def test_every_page_fits_a_phone_width_with_nothing_cut(server, browser):
    base, store = server
    event_id = event_of(store, "002")
    phone = browser.new_context(viewport={"width": 400, "height": 800}).new_page()
    for url in ("/", f"/events/{event_id}", "/documents/002", "/documents/hostile", "/add", "/docs"):
        phone.goto(base + url)
        assert overflowing(phone) == {"scroll": 0, "cut": []}, url
    phone.goto(f"{base}/events/{event_id}")
    phone.locator(".headline a.entry").first.click()
    phone.wait_for_selector("#evidence:not([hidden]) mark")
    assert overflowing(phone)["scroll"] == 0
    assert phone.evaluate("document.querySelector('#evidence .evidence-doc').getBoundingClientRect().right") <= 400
    phone.context.close()


def test_the_evidence_panel_opens_the_whole_document(server, page):
    base, store = server
    page.goto(f"{base}/events/{event_of(store, '002')}")
    page.locator(".headline a.entry").first.click()
    page.wait_for_selector("#evidence:not([hidden]) mark")
    heading = page.locator("#evidence .evidence-doc[data-document='002'] a.evidence-doc-page")
    assert heading.get_attribute("href") == "/documents/002"
    heading.click()
    page.wait_for_selector(".document-text mark")
    assert page.url == f"{base}/documents/002"
    assert page.locator(".document-text").inner_text() == store.article("002").text
    assert page.locator(".document-text mark").count() >= len({m.anchor for m in store.mentions("002")}) // 2
    assert page.incidents == []
