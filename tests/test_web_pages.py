"""What the pages say, in plain words: labels, each document once, relays only where they add
something, a page per document, and API docs without Markdown marks.

The brief-level checks render the offline report (``render_html``), whose sections the server's
event page shares; the server-only pages go through FastAPI's TestClient over a real store.
"""

from __future__ import annotations

import json
from dataclasses import replace

import lxml.html
import pytest
from fastapi.testclient import TestClient

from crosscheck.facts import Brief, CitedSource, Claim, DocumentInfo, Figure
from crosscheck.model import Article
from crosscheck.reconcile import single_source_items
from crosscheck.report.html import render_html
from crosscheck.corpus import Corpus
from crosscheck.web.app import create_app
from web_support import HOSTILE_TEXT, LOCAL, NDJSON, Page, evidence, seed_articles, seed_brief


def tree(html: str):
    return lxml.html.fromstring(html)


def text_of(element) -> str:
    return " ".join(element.text_content().split())


def test_single_source_items_keep_their_code_and_read_in_plain_words():
    article = Article(id="a", text="The blast was caused by a gas leak. It killed 4 people at the plant.", source="a.txt")
    cause = evidence(article, "The blast was caused by a gas leak.")
    toll = evidence(article, "It killed 4 people at the plant.")
    items = single_source_items(
        [Figure("killed", 4.0, "current", (toll,), single_source=True)],
        [Claim("cause", "gas leak", "single-source", (cause,)), Claim("other", "plant closed", "single-source", (cause,))],
    )
    assert [(item.what, item.label) for item in items] == [
        ("figure:killed", "figure"), ("claim:cause", "cause"), ("claim:other", "claim")]


def test_single_source_list_shows_plain_words_not_codes():
    articles = seed_articles()
    brief = seed_brief(articles)
    event = brief.events[0]
    items = single_source_items(event.figures, (replace(event.claims[0], status="single-source", kind="other"),))
    page = tree(render_html(replace(brief, events=(replace(event, single_source=items),)), articles))
    labels = [text_of(span) for span in page.xpath("//section[contains(@class,'single')]//span[@class='what']")]
    assert labels == ["figure", "claim"]
    assert not any(":" in label for label in labels)


def test_a_dispute_side_names_each_document_once():
    articles = seed_articles()
    brief = seed_brief(articles)
    event = brief.events[0]
    b = articles["001"]
    many = tuple(evidence(b, phrase, who) for phrase, who in [
        ("two bags carrying bombs went off", "Tasnim"), ("The first bomb exploded at 14:50 local time", "Tasnim"),
        ("Iran's Tasnim news agency reported", None), ("Soleimani’s tomb was not damaged.", "Nournews")])
    side = replace(event.disputes[0].sides[0], evidence=event.disputes[0].sides[0].evidence + many)
    dispute = replace(event.disputes[0], sides=(side, *event.disputes[0].sides[1:]))
    page = tree(render_html(replace(brief, events=(replace(event, disputes=(dispute,)),)), articles))
    card = text_of(page.xpath("//div[@class='side']//p[@class='docs']")[0])
    assert card.count("001") == 1 and card.count("000") == 1  # five sentences of 001, one of 000
    assert "(citing Tasnim, Nournews)" in card


def test_two_documents_of_one_outlet_get_distinct_names_and_relayed_by_shows_only_then():
    articles = seed_articles()
    brief = seed_brief(articles)
    event = brief.events[0]
    same = tree(render_html(brief, articles))
    assert not [th for th in same.xpath("//section[contains(@class,'cited')]//th") if text_of(th) == "Relayed by"]
    wire = {doc: replace(info, outlet="Wire") for doc, info in ((i.id, i) for i in brief.documents)}
    a, b = articles["000"], articles["001"]
    tasnim = CitedSource("Tasnim", "agency", (evidence(a, "Tasnim"), evidence(b, "Iran's Tasnim news agency reported")),
                         relayed_by=("Wire",))
    relayed = Brief(documents=tuple(wire.values()), events=(replace(event, sources_cited=(tasnim,)),))
    page = tree(render_html(relayed, articles))
    headers = [text_of(th) for th in page.xpath("//section[contains(@class,'cited')]//th")]
    assert headers == ["Source", "Kind", "Cited by", "Relayed by"]
    row = page.xpath("//section[contains(@class,'cited')]//tbody/tr")[0]
    assert text_of(row.xpath("td[@data-label='Cited by']")[0]) == "Wire, Wire (2)"
    assert text_of(row.xpath("td[@data-label='Relayed by']")[0]) == "Wire"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    store = Corpus(tmp_path_factory.mktemp("pages") / "pages.db")
    client = TestClient(create_app(store), base_url=LOCAL)
    records = [
        {"id": "hostile", "text": HOSTILE_TEXT, "title": "<i>Fire</i> kills 7", "outlet": "<b>Evil</b> News",
         "published": "2024-05-02T10:00:00+00:00"},
        {"id": "good", "text": "Seven people died in the fire at the Elm mill, officials said.\n", "outlet": "Plain Wire",
         "published": "2024-05-02T12:00:00+00:00"},
    ]
    response = client.post("/api/documents", content="\n".join(json.dumps(r) for r in records), headers=NDJSON)
    assert response.status_code == 200
    yield store, client
    client.close()
    store.close()


def test_a_document_page_shows_its_text_with_every_mention_marked_and_its_event(served):
    store, client = served
    response = client.get("/documents/hostile")
    assert response.status_code == 200
    page = tree(response.text)
    assert not page.xpath("//script | //img | //b | //i")  # the hostile markup is text
    body = page.xpath("//div[@class='document-text']")[0]
    assert body.text_content() == HOSTILE_TEXT
    mentions = store.mentions("hostile")
    assert mentions
    starts = {int(span.get("id")[1:]) for span in page.xpath("//span[@class='anchor']")}
    assert starts == set(range(1, len(mentions) + 1))
    marked = "".join(mark.text_content() for mark in body.xpath(".//mark"))
    for mention in mentions:
        if mention.anchor.part == "text":
            assert mention.anchor.text(store.article("hostile")) in marked
    event = store.event_of("hostile")
    assert page.xpath(f"//p[@class='event-link']/a/@href") == [f"/events/{event}"]
    assert client.get("/documents/no-such-document").status_code == 404


def test_the_event_page_links_each_document_to_its_page(served):
    store, client = served
    event = store.event_of("hostile")
    html = client.get(f"/events/{event}").text
    pages = {f"/documents/{doc}" for doc in store.event(event).documents}
    assert "/documents/hostile" in pages
    assert set(tree(html).xpath("//table[contains(@class,'documents')]//a[@class='doc']/@href")) == pages
    data = Page(html).data()
    assert data["documents"] and {doc["page"] for doc in data["documents"].values()} <= pages
    assert "page" not in json.dumps(Page(render_html(seed_brief(seed_articles()), seed_articles())).data()["documents"])


def test_the_api_docs_show_code_not_backticks(served):
    _, client = served
    page = tree(client.get("/docs").text)
    main = page.xpath("//main")[0]
    assert "`" not in main.text_content()
    assert "crosscheck/brief@1" in [code.text_content() for code in main.xpath(".//p/code")]
