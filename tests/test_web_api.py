"""The web view and JSON API against a real SQLite store (FastAPI's TestClient, no server)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from crosscheck.briefs import brief_from_store
from crosscheck.corpus import Corpus
from crosscheck.web.app import create_app
from web_support import HOSTILE_TEXT, LOCAL, NDJSON, SEEDS, Page, form_token, js_slice

SEED_URL = "https://www.rt.com/news/590074-iran-soleimani-memorial-blasts/"


def seed_lines() -> list[str]:
    lines = []
    for index, path in enumerate(sorted(SEEDS.glob("*.txt"))):
        record = {"id": path.stem[:3], "text": path.read_text(encoding="utf-8"), "title": f"Seed report {index}",
                  "published": f"2024-01-03T1{index}:00:00+00:00"}
        lines.append(json.dumps(record, ensure_ascii=False))
    return lines


HOSTILE = {
    "id": "hostile", "text": HOSTILE_TEXT, "url": "javascript:alert(4)", "outlet": "<b>Evil</b> News",
    "title": "<img src=x onerror=alert(5)>Fire kills 7 at <i>Elm</i> mill", "published": "2023-05-02T10:00:00+00:00",
}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A store filled through the API with the seeds, two bad lines and a hostile report."""
    store = Corpus(tmp_path_factory.mktemp("web") / "crosscheck.db")
    client = TestClient(create_app(store, page_size=1), base_url=LOCAL)
    body = "\n".join([*seed_lines(), "{not json", json.dumps({"title": "no text"}), json.dumps(HOSTILE)]) + "\n"
    response = client.post("/api/documents", content=body.encode(), headers={"content-type": "application/x-ndjson"})
    yield store, client, response
    client.close()
    store.close()


def kerman_event(client: TestClient) -> str:
    events = client.get("/api/events", params={"q": "kerman", "limit": 50}).json()["events"]
    (event,) = [e for e in events if "002" in client.get(f"/api/events/{e['id']}").json()["events"][0]["documents"]]
    return event["id"]


def test_post_documents_adds_good_records_and_reports_each_bad_one(served):
    _, _, response = served
    assert response.status_code == 200
    result = response.json()
    assert result["read"] == 4 and result["added"] == 4
    assert len(result["failed"]) == 2
    assert any("line 4" in line and "JSON" in line for line in result["failed"])
    assert any("line 5" in line and "text" in line for line in result["failed"])
    assert result["events"]


def test_event_list_api_is_newest_first_and_paged(served):
    store, client, _ = served
    page = client.get("/api/events", params={"limit": 1, "offset": 0}).json()
    assert page["total"] == store.count_events() >= 2
    assert len(page["events"]) == 1
    everything = client.get("/api/events", params={"limit": 500}).json()["events"]
    dates = [e["date"] for e in everything if e["date"]]
    assert dates == sorted(dates, reverse=True)
    assert page["events"][0]["id"] == everything[0]["id"]
    second = client.get("/api/events", params={"limit": 1, "offset": 1}).json()["events"]
    assert second[0]["id"] == everything[1]["id"]
    assert client.get("/api/events", params={"q": "zzzz-no-such-word"}).json() == {
        "total": 0, "limit": 50, "offset": 0, "events": []}
    assert client.get("/api/events", params={"since": "yesterday"}).status_code == 422


def test_event_api_returns_the_stores_brief_record(served):
    store, client, _ = served
    event_id = kerman_event(client)
    record = client.get(f"/api/events/{event_id}").json()
    assert record["schema"] == "crosscheck/brief@1"
    assert record == json.loads(json.dumps(brief_from_store(store, event_id).to_json()))
    summary = next(e for e in client.get("/api/events", params={"limit": 500}).json()["events"] if e["id"] == event_id)
    assert summary["documents"] == len(record["documents"])
    assert client.get("/api/events/ev-does-not-exist").status_code == 404


def test_event_page_embeds_every_entry_with_spans_of_the_stored_texts(served):
    store, client, _ = served
    event_id = kerman_event(client)
    response = client.get(f"/events/{event_id}")
    assert response.status_code == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page = Page(response.text)
    data = page.data()
    record = client.get(f"/api/events/{event_id}").json()["events"][0]
    assert len([k for k in data["entries"] if ".f" in k]) == len(record["figures"])
    for entry in data["entries"].values():
        for span in entry["evidence"]:
            article = store.article(span["document"])
            assert data["documents"][span["document"]]["text"] == article.text
            cited = article.title if span["part"] == "title" else article.text
            assert js_slice(cited, span["start"], span["end"]) == span["quote"]
    links = {attrs["data-entry"] for tag, attrs in page.tags if tag == "a" and "data-entry" in attrs}
    assert set(data["entries"]) <= links
    assert [attrs.get("src") for attrs, _ in page.scripts if attrs.get("src")] == ["/static/evidence.js"]
    assert client.get("/static/evidence.js").status_code == 200


def test_a_figure_the_headline_states_is_cited_from_the_headline(served):
    """The hostile report's headline ("... kills 7") is read; its span indexes the stored title."""
    store, client, _ = served
    data = Page(client.get(f"/events/{store.event_of('hostile')}").text).data()
    headline = [span for entry in data["entries"].values() for span in entry["evidence"]
                if span["document"] == "hostile" and span["part"] == "title"]
    assert headline
    title = store.article("hostile").title
    assert data["documents"]["hostile"]["title"] == title
    assert all(js_slice(title, span["start"], span["end"]) == span["quote"] for span in headline)


def test_event_list_page_searches_filters_and_pages(served):
    _, client, _ = served
    first = Page(client.get("/").text)
    event_links = [a["href"] for tag, a in first.tags if tag == "a" and (a.get("href") or "").startswith("/events/")]
    assert len(event_links) == 1  # page_size=1
    nexts = [a["href"] for tag, a in first.tags if tag == "a" and a.get("rel") == "next"]
    assert nexts == ["/?page=2"]
    second = Page(client.get(nexts[0]).text)
    assert [a["href"] for tag, a in second.tags if tag == "a" and (a.get("href") or "").startswith("/events/")] != event_links
    total = client.get("/api/events", params={"q": "kerman"}).json()["total"]
    found = Page(client.get("/", params={"q": "kerman"}).text)
    assert total >= 1 and found.has_text(f"{total} event{'' if total == 1 else 's'}, newest first")
    assert [a["href"] for tag, a in found.tags if tag == "a" and a.get("rel") == "next"] == (
        ["/?q=kerman&page=2"] if total > 1 else [])
    empty = Page(client.get("/", params={"q": "zzzz-no-such-word"}).text)
    assert empty.has_text("0 events") and empty.has_text("No events match")


def test_hostile_report_is_shown_as_text_on_every_page(served):
    store, client, _ = served
    event_id = store.event_of("hostile")
    pages = [client.get("/").text, client.get("/", params={"page": 2}).text, client.get(f"/events/{event_id}").text]
    for html in pages:
        page = Page(html)
        for tag, attrs in page.tags:
            assert tag not in ("img", "b", "i")
            assert not any(name.startswith("on") for name in attrs)
            assert not (attrs.get("href") or "").strip().lower().startswith("javascript")
        scripts = [(attrs.get("type"), attrs.get("src")) for attrs, _ in page.scripts]
        assert set(scripts) <= {("application/json", None), (None, "/static/evidence.js")}
    event = Page(pages[2])
    assert event.has_text("javascript:alert(4)") and event.has_text("<img src=x onerror=alert(5)>Fire kills 7 at <i>Elm</i> mill")
    assert event.data()["documents"].get("hostile", {"link": None})["link"] is None


def test_bodies_over_the_limit_get_413_with_a_clear_message(tmp_path):
    store = Corpus(tmp_path / "small.db")
    client = TestClient(create_app(store, max_upload=2000), base_url=LOCAL)
    big = b'{"text": "' + b"x" * 5000 + b'"}\n'
    response = client.post("/api/documents", content=big, headers=NDJSON)
    assert response.status_code == 413
    assert "too large" in response.json()["detail"] and "2000 bytes" in response.json()["detail"]
    streamed = client.post("/api/documents", content=iter([big[:1500], big[1500:]]), headers=NDJSON)  # chunked: no Content-Length
    assert streamed.status_code == 413
    form = client.post("/add/upload", files=[("files", ("big.txt", b"word " * 20000, "text/plain"))],
                       headers={"accept": "text/html"})
    assert form.status_code == 413 and Page(form.text).has_text("request body too large: the limit is 2000 bytes")
    assert store.count_events() == 0
    store.close()


def test_uploads_are_read_in_memory_and_bad_files_get_one_line(tmp_path):
    store = Corpus(tmp_path / "up.db")
    client = TestClient(create_app(store), base_url=LOCAL)
    text = "A fire killed 3 people in a warehouse in Lyon on Monday, police said.\n"
    files = [("files", ("../../etc/passwd.txt", text.encode(), "text/plain")),
             ("files", ("blob.bin", bytes(range(256)) * 4, "application/octet-stream"))]
    token = form_token(client)
    response = client.post("/add/upload", files=files, data={"token": token})
    assert response.status_code == 200
    page = Page(response.text)
    assert page.has_text("Read 1 report") and page.has_text("blob.bin: not a format crosscheck reads")
    (article,) = list(store.articles())
    assert article.text == text and article.source == "passwd.txt"
    assert client.post("/add/paste", data={"text": "   ", "token": token}).status_code == 400
    pasted = client.post("/add/paste", data={"text": "A storm killed 5 people in Oslo on Sunday.", "url": "javascript:alert(1)",
                                                  "token": token})
    assert pasted.status_code == 200 and Page(pasted.text).has_text("1 added")
    again = client.post("/add/paste", data={"text": "A storm killed 5 people in Oslo on Sunday.", "token": token})
    assert Page(again.text).has_text("1 unchanged")
    assert client.post("/api/documents", content=b"   ", headers=NDJSON).status_code == 400
    store.close()


def test_a_new_version_updates_the_event_page(tmp_path):
    store = Corpus(tmp_path / "v.db")
    client = TestClient(create_app(store), base_url=LOCAL)
    first = {"id": "r1", "text": "A fire killed 3 people in a warehouse in Lyon on Monday, police said."}
    client.post("/api/documents", content=json.dumps(first), headers=NDJSON)
    event_id = store.event_of("r1")
    before = client.get(f"/api/events/{event_id}").json()
    revised = {**first, "text": "A fire killed 9 people in a warehouse in Lyon on Monday, police said."}
    result = client.post("/api/documents", content=json.dumps(revised), headers=NDJSON).json()
    assert result["new_versions"] == 1 and result["events"] == [event_id]
    after = client.get(f"/api/events/{event_id}").json()
    assert after["documents"][0]["version"] == before["documents"][0]["version"] + 1
    assert Page(client.get(f"/events/{event_id}").text).data()["documents"]["r1"]["text"] == revised["text"]
    store.close()


def test_openapi_and_offline_docs_cover_the_api(served):
    _, client, _ = served
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/events", "/api/events/{event_id}", "/api/documents"} <= set(paths)
    docs = Page(client.get("/docs").text)
    assert docs.has_text("/api/documents") and docs.has_text("/api/events/{event_id}")
    assert not [a for tag, a in docs.tags if (a.get("src") or a.get("href") or "").startswith(("http:", "https:", "//"))]


def test_serve_binds_localhost_by_default_and_refuses_a_bad_database(tmp_path):
    from click.testing import CliRunner

    from crosscheck.cli.serve import serve_command

    host = next(p for p in serve_command.params if p.name == "host")
    assert host.default == "127.0.0.1"
    bad = tmp_path / "not-a-db.db"
    bad.write_bytes(b"this is not sqlite" * 100)
    result = CliRunner().invoke(serve_command, ["--db", str(bad)])
    assert result.exit_code == 1
    assert result.output.strip().startswith("error: E201") and len(result.output.strip().splitlines()) == 1
