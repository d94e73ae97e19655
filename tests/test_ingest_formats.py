"""Every input format read into Articles: real files written here, and the seeds."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crosscheck.ingest import IngestOptions, IngestProblem, iter_inputs, outlet_from_url, read_article
from crosscheck.model import Article

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO / "examples" / "kerman"
FAST = IngestOptions(detect_language=False)

PAGE = """<!DOCTYPE html>
<html lang="en-GB"><head>
<title>Flood closes bridge - Riverside Courier</title>
<meta property="og:site_name" content="Riverside Courier">
<meta property="article:published_time" content="2023-04-05T09:30:00+01:00">
<link rel="canonical" href="https://www.riverside-courier.co.uk/news/flood-closes-bridge">
</head><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></nav>
<article>
<h1>Flood closes bridge</h1>
<p>The old stone bridge over the Wend was closed on Wednesday after the river rose two metres overnight, the county council said.</p>
<p>Engineers will inspect the arches on Thursday morning, and a diversion through Millbrook adds about twenty minutes to journeys, a council spokesman told reporters.</p>
<p>Residents of the low-lying streets near the quay were advised to move cars to higher ground before the next high tide.</p>
</article>
<aside><h3>Most read</h3><p>Cake sale breaks record</p></aside>
<footer><p>Subscribe to our newsletter</p><p>Copyright 2023 Riverside Courier Ltd</p></footer>
</body></html>"""


def articles(items: list) -> list[Article]:
    return [item for item in items if isinstance(item, Article)]


def problems(items: list) -> list[IngestProblem]:
    return [item for item in items if isinstance(item, IngestProblem)]


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.txt")), ids=lambda p: p.name)
def test_seed_text_is_file_content_exactly(path: Path) -> None:
    article = read_article(path, FAST)
    assert article.text == path.read_bytes().decode("utf-8")
    assert article.id == path.stem
    assert article.source == str(path)


def test_seed_002_url_outlet_and_furniture() -> None:
    path = SEEDS / "002_4028ac062d799303.txt"
    article = read_article(path, FAST)
    url = "https://www.rt.com/news/590074-iran-soleimani-memorial-blasts/"
    assert article.url == url
    assert article.outlet == "rt.com"
    marked = [article.text[start:end] for start, end in article.furniture]
    assert marked.count(".....") == article.text.count(".....\n") + article.text.endswith(".....")
    assert url in marked
    for start, end in article.furniture:  # only furniture is marked, no reporting
        assert article.text[start:end].strip() in {".....", url}


def test_seeds_without_url_get_no_outlet() -> None:
    for path in sorted(SEEDS.glob("00[01]_*.txt")):
        article = read_article(path, FAST)
        assert article.url is None and article.outlet is None and article.furniture == ()


def test_seed_language_is_detected() -> None:
    article = read_article(SEEDS / "001_1dc6a5477043de1d.txt")
    assert article.language == "en"


def test_directory_walk_is_sorted_recursive_and_skips_hidden(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.txt").write_text("Zeta report.\n")
    (tmp_path / "a.txt").write_text("Alpha report.\n")
    (tmp_path / "c.md").write_text("# Gamma\n\nReport.\n")
    (tmp_path / ".hidden.txt").write_text("Hidden.\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "x.txt").write_text("Not this.\n")
    items = list(iter_inputs([tmp_path], options=FAST))
    assert [a.id for a in articles(items)] == ["a", "z", "c"]
    assert problems(items) == []


def test_bom_is_the_only_change_and_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfThree people were hurt.\n")
    items = list(iter_inputs([path], options=FAST))
    assert articles(items)[0].text == "Three people were hurt.\n"
    (note,) = problems(items)
    assert not note.fatal and note.code == "I100" and str(path) in str(note) and "byte-order mark" in str(note)


def test_html_main_text_and_metadata(tmp_path: Path) -> None:
    path = tmp_path / "bridge.html"
    path.write_text(PAGE, encoding="utf-8")
    (article,) = articles(list(iter_inputs([path], options=FAST)))
    assert "river rose two metres overnight" in article.text
    assert "higher ground" in article.text
    for furniture in ("Most read", "Cake sale", "Subscribe", "Sport"):
        assert furniture not in article.text
    assert article.title == "Flood closes bridge"
    assert article.url == "https://www.riverside-courier.co.uk/news/flood-closes-bridge"
    assert article.outlet == "Riverside Courier"
    assert article.published == "2023-04-05"
    assert article.id == "bridge"
    assert article.language == "en"  # declared <html lang="en-GB">, detection off


def test_html_without_site_name_falls_back_to_registered_domain(tmp_path: Path) -> None:
    page = PAGE.replace('<meta property="og:site_name" content="Riverside Courier">', "")
    page = page.replace("<title>Flood closes bridge - Riverside Courier</title>", "<title>Flood closes bridge</title>")
    path = tmp_path / "bridge.htm"
    path.write_text(page, encoding="utf-8")
    (article,) = articles(list(iter_inputs([path], options=FAST)))
    assert article.outlet == "riverside-courier.co.uk"


def test_jsonl_good_and_bad_lines(tmp_path: Path) -> None:
    path = tmp_path / "feed.jsonl"
    lines = [
        json.dumps({"id": "r1", "text": "Two cars collided on the ring road.", "url": "https://news.example.org/a",
                    "title": "Crash", "published": "2024-02-01T08:00:00Z", "language": "en-US"}),
        "{not json",
        json.dumps({"text": "A second report, no id.", "outlet": "Example Radio", "published": "yesterday"}),
        json.dumps({"title": "no text here"}),
        "",
        json.dumps(["a", "list"]),
        json.dumps({"text": "   "}),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    items = list(iter_inputs([path], options=FAST))
    first, second = articles(items)
    assert (first.id, first.url, first.outlet, first.title) == ("r1", "https://news.example.org/a", "example.org", "Crash")
    assert first.published == "2024-02-01T08:00:00+00:00" and first.language == "en"
    assert (second.id, second.outlet, second.published) == ("feed:3", "Example Radio", None)
    found = {(p.code, p.message.split(":")[0]) for p in problems(items)}
    assert found == {("I007", "line 2"), ("I016", "line 3"), ("I008", "line 4"), ("I007", "line 6"), ("I008", "line 7")}
    assert all(str(p).startswith(f"{path}: line ") for p in problems(items))
    assert [p.fatal for p in problems(items) if p.code == "I016"] == [False]


def test_json_array_of_records(tmp_path: Path) -> None:
    path = tmp_path / "batch.json"
    path.write_text(json.dumps([{"text": "One."}, {"text": "Two.", "id": 7}]), encoding="utf-8")
    assert [a.id for a in articles(list(iter_inputs([path], options=FAST)))] == ["batch:1", "7"]


RSS = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
<title>Valley News</title><link>https://www.valleynews.com/</link><language>en-us</language>
<item><title>Storm fells trees</title><link>https://www.valleynews.com/2024/03/storm</link>
<guid>https://www.valleynews.com/?p=101</guid><pubDate>Tue, 05 Mar 2024 14:00:00 GMT</pubDate>
<description>&lt;p&gt;High winds brought down &lt;b&gt;forty&lt;/b&gt; trees.&lt;/p&gt;&lt;p&gt;Power was cut to 300 homes.&lt;/p&gt;</description></item>
<item><title>Empty item</title><link>https://www.valleynews.com/2024/03/empty</link><description></description></item>
<item><title>Plain</title><description>Council meets on Friday.</description></item>
</channel></rss>"""

ATOM = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Harbour Post</title>
<link href="https://harbourpost.net/"/><id>urn:uuid:feed</id><updated>2024-06-01T10:00:00Z</updated>
<entry><title>Ferry delayed</title><link href="https://harbourpost.net/ferry"/><id>urn:uuid:1225c695-cfb8</id>
<updated>2024-06-01T09:15:00Z</updated>
<content type="html">&lt;p&gt;The morning ferry left two hours late after a fault.&lt;/p&gt;</content>
<summary>Short summary.</summary></entry>
</feed>"""


def test_rss_feed_entries(tmp_path: Path) -> None:
    path = tmp_path / "valley.rss"
    path.write_text(RSS, encoding="utf-8")
    items = list(iter_inputs([path], options=FAST))
    storm, plain = articles(items)
    assert storm.text == "High winds brought down forty trees.\nPower was cut to 300 homes."
    assert storm.url == "https://www.valleynews.com/2024/03/storm"
    assert storm.outlet == "valleynews.com" and storm.language == "en"
    assert storm.published == "2024-03-05T14:00:00+00:00"
    assert storm.title == "Storm fells trees"
    assert "/" not in storm.id and "101" in storm.id
    assert plain.text == "Council meets on Friday." and plain.id == "valley:3"
    (missing,) = problems(items)
    assert missing.code == "I008" and "entry 2" in str(missing) and str(path) in str(missing)


def test_atom_feed_prefers_content_and_sniffs_xml(tmp_path: Path) -> None:
    path = tmp_path / "harbour.xml"
    path.write_text(ATOM, encoding="utf-8")
    (article,) = articles(list(iter_inputs([path], options=FAST)))
    assert article.text == "The morning ferry left two hours late after a fault."
    assert article.outlet == "harbourpost.net"
    assert article.published == "2024-06-01T09:15:00+00:00"


def _write_warc(path: Path, pages: list[tuple[str, str, bytes]], gzipped: bool) -> None:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as handle:
        writer = WARCWriter(handle, gzip=gzipped)
        for uri, content_type, body in pages:
            headers = StatusAndHeaders("200 OK", [("Content-Type", content_type)], protocol="HTTP/1.1")
            record = writer.create_warc_record(uri, "response", payload=io.BytesIO(body), http_headers=headers)
            writer.write_record(record)


@pytest.mark.parametrize("name,gzipped", [("crawl.warc", False), ("crawl.warc.gz", True)])
def test_warc_html_responses(tmp_path: Path, name: str, gzipped: bool) -> None:
    page = PAGE.replace('<meta property="article:published_time" content="2023-04-05T09:30:00+01:00">', "")
    page = page.replace('<link rel="canonical" href="https://www.riverside-courier.co.uk/news/flood-closes-bridge">', "")
    path = tmp_path / name
    _write_warc(
        path,
        [
            ("https://www.riverside-courier.co.uk/news/flood", "text/html; charset=utf-8", page.encode()),
            ("https://www.riverside-courier.co.uk/logo.png", "image/png", b"\x89PNG\r\n\x1a\n\x00"),
            ("https://www.riverside-courier.co.uk/empty", "text/html", b"<html><body><nav>Home</nav></body></html>"),
        ],
        gzipped,
    )
    items = list(iter_inputs([path], options=FAST))
    (article,) = articles(items)
    assert "river rose two metres overnight" in article.text
    assert article.url == "https://www.riverside-courier.co.uk/news/flood"
    assert article.id == "crawl:1" and article.source == str(path)
    assert article.published is None  # the page gives no date; WARC-Date is the crawl time, not publication
    (empty,) = [p for p in problems(items) if p.fatal]
    assert empty.code == "I009" and "record 3" in str(empty) and str(path) in str(empty)


def test_stdin_is_sniffed() -> None:
    # stdin ids carry a digest of the stream (issue 34: two piped reports must not share the id "stdin")
    lines = b'{"text": "Line one report."}\n{"text": "Line two report.", "id": "x"}\n'
    stream = f"stdin-{hashlib.sha1(lines).hexdigest()[:12]}"
    assert [a.id for a in articles(list(iter_inputs(["-"], stdin=io.BytesIO(lines), options=FAST)))] == [f"{stream}:1", "x"]
    (page,) = articles(list(iter_inputs(["-"], stdin=io.BytesIO(PAGE.encode()), options=FAST)))
    assert page.title == "Flood closes bridge" and page.source == "<stdin>"
    text = b"{braces} but just text.\nSecond line.\n"
    (plain,) = articles(list(iter_inputs(["-"], stdin=io.BytesIO(text), options=FAST)))
    assert plain.id == f"stdin-{hashlib.sha1(text).hexdigest()[:12]}" and plain.text == text.decode()


def test_no_extension_is_sniffed(tmp_path: Path) -> None:
    (tmp_path / "page").write_text(PAGE, encoding="utf-8")
    (tmp_path / "notes").write_text("Plain report without extension.\n", encoding="utf-8")
    got = {a.id: a for a in articles(list(iter_inputs([tmp_path], options=FAST)))}
    assert got["page"].title == "Flood closes bridge"
    assert got["notes"].text == "Plain report without extension.\n"


def test_gzipped_warc_with_lying_extension_is_sniffed(tmp_path: Path) -> None:
    path = tmp_path / "crawl.bin"
    _write_warc(path, [("https://example.net/a", "text/html", PAGE.encode())], gzipped=True)
    with gzip.open(path) as unpacked:
        assert unpacked.read(5) == b"WARC/"
    (article,) = articles(list(iter_inputs([path], options=FAST)))
    assert "higher ground" in article.text


@pytest.mark.parametrize(
    "url,outlet",
    [
        ("https://www.rt.com/news/590074-iran-soleimani-memorial-blasts/", "rt.com"),
        ("https://news.bbc.co.uk/2/hi/world/1.stm", "bbc.co.uk"),
        ("www.Reuters.com/world", "reuters.com"),
        ("not a url", None),
        (None, None),
    ],
)
def test_outlet_from_url(url: str | None, outlet: str | None) -> None:
    assert outlet_from_url(url) == outlet


def test_in_memory_bytes_use_the_name_extension() -> None:
    from crosscheck.ingest import iter_bytes

    (page,) = articles(list(iter_bytes(PAGE.encode(), name="upload.html", options=FAST)))
    assert page.id == "upload" and page.source == "upload.html" and page.title == "Flood closes bridge"
    (text,) = articles(list(iter_bytes(b"{not json} just words.\n", name="", options=FAST)))
    assert text.text == "{not json} just words.\n"
    (problem,) = list(iter_bytes(b"x" * 50, name="big.txt", options=IngestOptions(max_bytes=10)))
    assert isinstance(problem, IngestProblem) and problem.code == "I004" and str(problem).startswith("big.txt: ")


STORY_WITH_CHROME = """<html><head><title>Gas leak shuts school</title></head><body>
<article><h1>Gas leak shuts school</h1>
<p>By Jane Doe</p>
<p>Updated: March 3, 2024 - 4:21 PM</p>
<p>Pupils at Hillside Primary were sent home on Tuesday after a gas leak was found near the kitchen, the head teacher said.</p>
<p>Share this: Facebook</p>
<p>Engineers from the gas board capped the pipe within two hours and the school will reopen on Wednesday, the council said.</p>
<p>Copyright 2024 Example Media Group. All rights reserved.</p>
</article></body></html>"""


def test_html_furniture_inside_the_article_is_marked_not_removed(tmp_path: Path) -> None:
    path = tmp_path / "school.html"
    path.write_text(STORY_WITH_CHROME, encoding="utf-8")
    (article,) = articles(list(iter_inputs([path], options=FAST)))
    marked = {article.text[start:end] for start, end in article.furniture}
    assert {"By Jane Doe", "Updated: March 3, 2024 - 4:21 PM", "Share this: Facebook"} <= marked
    assert any(m.startswith("Copyright 2024") for m in marked)
    assert not any("gas" in m.lower() for m in marked)
    assert "capped the pipe" in article.text and "Share this: Facebook" in article.text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.text(min_size=1).filter(str.strip), min_size=1, max_size=4))
def test_any_text_in_json_lines_reads_back_exactly(tmp_path: Path, texts: list[str]) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(json.dumps({"text": text}) for text in texts) + "\n", encoding="ascii")
    got = articles(list(iter_inputs([path], options=FAST)))
    assert [a.text for a in got] == texts
    assert all(end <= len(a.text) for a in got for _, end in a.furniture)


def test_lying_extensions_are_sniffed(tmp_path: Path) -> None:
    (tmp_path / "a_page.jsonl").write_text(PAGE, encoding="utf-8")
    (tmp_path / "b_feed.html").write_text(RSS, encoding="utf-8")
    _write_warc(tmp_path / "c_crawl.txt", [("https://example.net/a", "text/html", PAGE.encode())], gzipped=True)
    items = list(iter_inputs([tmp_path], options=FAST))
    assert [(p.code, Path(p.source).name) for p in problems(items)] == [("I008", "b_feed.html")]  # the empty item
    got = articles(items)
    assert got[0].id == "a_page" and got[0].title == "Flood closes bridge"
    assert [a.title for a in got[1:3]] == ["Storm fells trees", "Plain"]
    assert got[3].id == "c_crawl:1" and "higher ground" in got[3].text
