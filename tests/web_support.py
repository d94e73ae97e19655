"""Briefs for the HTML report and web tests, built directly from ``crosscheck.facts`` records.

Evidence offsets are computed by locating sentences in the seed texts (``examples/kerman``) and
in texts written here, never typed in by hand; the hostile article carries the markup and URLs
a page must show as text and never run.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from crosscheck.facts import (
    Brief,
    CitedSource,
    Claim,
    Dispute,
    DisputeSide,
    DocumentInfo,
    EventBrief,
    Evidence,
    Figure,
    Place,
    Quote,
    SingleSourceItem,
)
from crosscheck.model import Article

SEEDS = Path(__file__).resolve().parent.parent / "examples" / "kerman"


def seed_articles() -> dict[str, Article]:
    """The three seed files as articles (id = the file's three-digit prefix)."""
    articles = {}
    for path in sorted(SEEDS.glob("*.txt")):
        doc_id = path.name[:3]
        url = "https://www.rt.com/news/590074-iran-soleimani-memorial-blasts/" if doc_id == "002" else None
        articles[doc_id] = Article(id=doc_id, text=path.read_text(encoding="utf-8"), source=str(path),
                                   outlet="rt.com" if url else None, url=url)
    return articles


def evidence(article: Article, phrase: str, attributed_to: str | None = None) -> Evidence:
    """The span of ``phrase`` in the article (it must occur there exactly once)."""
    start = article.text.index(phrase)
    assert article.text.find(phrase, start + 1) == -1, f"ambiguous phrase {phrase!r}"
    return Evidence(article.id, start, start + len(phrase), phrase, attributed_to)


def seed_brief(articles: dict[str, Article]) -> Brief:
    """A brief of the seeds as the gold file reads them (a subset, enough to exercise every section)."""
    a, b, c = articles["000"], articles["001"], articles["002"]
    killed_103 = (
        evidence(a, "At least 103 people were killed, and 141 were injured"),
        evidence(b, "At least 103 Iranians have been killed and many more wounded in two explosions"),
        evidence(c, "Iranian media\xa0has since reported that 103 people have died, while 141 were injured."),
    )
    figures = (
        Figure("killed", 103.0, "current", killed_103, qualifier="at least", sources=3),
        Figure("injured", 141.0, "current", (killed_103[0], killed_103[2]), sources=2),
        Figure("killed", 20.0, "superseded", (
            evidence(a, "Initial reports initially said that at least 20 people were killed"),
            evidence(c, "initially told state media that 20 people had been killed", "Mohammad Saberi"),
        ), qualifier="at least", stage="initial", sources=2),
        Figure("interval", None, "current", (evidence(c, "separated by periods of about ten to 15 minutes"),),
               low=10.0, high=15.0, unit="minutes", qualifier="about", sources=1, single_source=True),
    )
    dispute = Dispute("what exploded", (
        DisputeSide("explosive devices", (
            evidence(a, "the explosions came from from explosive devices"),
            evidence(b, "two bags carrying bombs went off", "Tasnim"),
        )),
        DisputeSide("gas canisters", (
            evidence(b, "Several gas canisters exploded at the entrance to the Garden of Martyrs cemetery", "Nournews"),
        )),
    ))
    quote = Quote("Reza Fallah", "head of the Red Crescent in Kerman province",
                  "Our rapid response teams are evacuating the injured", (
                      evidence(b, "“Our rapid response teams are evacuating the injured. But"),
                      evidence(c, "“Our rapid response teams are evacuating the injured,”"),
                  ))
    event = EventBrief(
        id="kerman", title="Two explosions in Kerman, Iran", documents=("000", "001", "002"), date="2024-01-03",
        places=(Place("Kerman", "city", ("000", "001", "002")),), figures=figures,
        claims=(Claim("terrorism", "Soleimani's tomb was not damaged", "agreed", (
            evidence(b, "Soleimani’s tomb was not damaged."), evidence(c, "Soleimani’s tomb was not damaged in the attack."),
        ), sources=2),),
        disputes=(dispute,), quotes=(quote,),
        sources_cited=(CitedSource("Tasnim", "agency", (evidence(b, "Iran's Tasnim news agency reported"),)),),
        single_source=(SingleSourceItem("claim", "first explosion at 14:50 local time",
                                        (evidence(b, "The first bomb exploded at 14:50 local time"),)),),
    )
    documents = tuple(
        DocumentInfo(doc_id, art.source, art.outlet, art.url, art.published, art.title) for doc_id, art in articles.items()
    )
    return Brief(documents=documents, events=(event,))


HOSTILE_TEXT = (
    "Officials said 7 people died in the fire. <script>alert(1)</script> Witnesses saw smoke.\n"
    "Police said <img src=x onerror=alert(2)> 12 people were hurt.\n"
    "A closing tag </script><script>alert(3)</script> must stay text.\n"
)


def hostile_articles() -> dict[str, Article]:
    """Two reports whose text, title and URL carry markup, scripts and a ``javascript:`` URL."""
    bad = Article(id="bad", text=HOSTILE_TEXT, source="upload.txt", outlet="<b>Evil</b> News",
                  url="javascript:alert(4)", title="<img src=x onerror=alert(5)>Fire kills 7 at <i>Elm</i> mill",
                  published="2024-05-02T10:00:00+00:00")
    good = Article(id="good", text="Seven people died in the fire, officials said.\n", source="good.txt",
                   outlet="Plain Wire", url="https://example.org/fire", title="Fire kills seven",
                   published="2024-05-02T12:00:00+00:00")
    return {"bad": bad, "good": good}


def hostile_brief(articles: dict[str, Article]) -> Brief:
    bad, good = articles["bad"], articles["good"]
    figures = (
        Figure("killed", 7.0, "current", (
            evidence(bad, "Officials said 7 people died in the fire."),
            evidence(good, "Seven people died in the fire, officials said."),
        ), sources=2),
        Figure("injured", 12.0, "current", (evidence(bad, "Police said <img src=x onerror=alert(2)> 12 people were hurt."),),
               single_source=True),
    )
    event = EventBrief(id="fire", title="<script>alert(6)</script>Fire", documents=("bad", "good"),
                       figures=figures,
                       quotes=(Quote("<b>Chief</b>", "<i>role</i>", "</script><script>alert(3)</script>",
                                     (evidence(bad, "</script><script>alert(3)</script>"),)),))
    documents = tuple(
        DocumentInfo(doc_id, art.source, art.outlet, art.url, art.published, art.title) for doc_id, art in articles.items()
    )
    return Brief(documents=documents, events=(event,))


class Page(HTMLParser):
    """Every start tag with its attributes, the text of each script, and all text content."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.text: list[str] = []
        self._in_script: dict[str, str | None] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)
            self.scripts.append((self._in_script, ""))

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None

    def handle_data(self, data):
        if self._in_script is not None:
            attrs, body = self.scripts[-1]
            self.scripts[-1] = (attrs, body + data)
        else:
            self.text.append(data)

    def data(self) -> dict:
        (body,) = [body for attrs, body in self.scripts if attrs.get("type") == "application/json"]
        return json.loads(body)

    def has_text(self, value: str) -> bool:
        return value in "".join(self.text)


LOCAL = "http://127.0.0.1"
"""Base URL of the test clients: a host name the server answers to by default."""
NDJSON = {"content-type": "application/x-ndjson"}


def form_token(client) -> str:
    """The token the add-reports page gives its forms (what a browser sends back)."""
    page = Page(client.get("/add").text)
    (token,) = {attrs["value"] for tag, attrs in page.tags if tag == "input" and attrs.get("name") == "token"}
    return token


def js_slice(text: str, start: int, end: int) -> str:
    """``text[start:end]`` as JavaScript counts (UTF-16 code units)."""
    units = text.encode("utf-16-le")
    return units[2 * start : 2 * end].decode("utf-16-le")
