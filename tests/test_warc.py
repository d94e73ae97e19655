"""WARC and ARC crawls: skipped records counted by reason, the crawl time never taken as publication."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest

from crosscheck.ingest import IngestOptions, IngestProblem, iter_inputs
from crosscheck.model import Article

FAST = IngestOptions(detect_language=False)

STORY = """<html lang="en"><head><title>Ferry runs aground - Harbour Post</title>{meta}</head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Ferry runs aground</h1>
<p>The evening ferry to Kelsey Island ran aground on a sandbank on Friday, and all forty passengers were taken off by lifeboat, the coastguard said.</p>
<p>The operator said the vessel would be towed back to port on the morning tide once divers had checked the hull for damage.</p>
</article></body></html>"""
DATED = STORY.format(meta='<meta property="article:published_time" content="2023-02-10T18:00:00+00:00">')
UNDATED = STORY.format(meta="")
NOT_FOUND = "<html><body><h1>Not found</h1><p>The page you asked for does not exist on this site any more, sorry.</p></body></html>"


def _http(status: str, content_type: str, body: bytes) -> tuple[str, list[tuple[str, str]]]:
    return status, [("Content-Type", content_type), ("Content-Length", str(len(body)))]


def write_warc(path: Path, *, gzipped: bool) -> None:
    """A small crawl as a crawler writes it: warcinfo, request/response pairs, an image, a 404, metadata."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as handle:
        writer = WARCWriter(handle, gzip=gzipped)
        writer.write_record(writer.create_warcinfo_record(path.name, {"software": "test crawler"}))
        pages = [
            ("https://harbourpost.example/dated", "200 OK", "text/html; charset=utf-8", DATED.encode()),
            ("https://harbourpost.example/undated", "200 OK", "text/html", UNDATED.encode()),
            ("https://harbourpost.example/logo.png", "200 OK", "image/png", b"\x89PNG\r\n\x1a\n\x00\x00"),
            ("https://harbourpost.example/gone", "404 Not Found", "text/html", NOT_FOUND.encode()),
        ]
        for uri, status, content_type, body in pages:
            request = StatusAndHeaders("GET / HTTP/1.1", [("Host", "harbourpost.example")], is_http_request=True)
            writer.write_record(writer.create_warc_record(uri, "request", http_headers=request))
            headers = StatusAndHeaders(status, [("Content-Type", content_type)], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(uri, "response", payload=io.BytesIO(body), http_headers=headers))
        writer.write_record(writer.create_warc_record(
            "https://harbourpost.example/dated", "metadata", payload=io.BytesIO(b"outlinks: none"),
            warc_content_type="application/warc-fields",
        ))


def arc_bytes(*, gzipped: bool = False) -> bytes:
    """An ARC (version 1) file: the format predates WARC and warcio reads but does not write it.

    Gzipped, each record is its own gzip member, as crawlers write ``.arc.gz``.
    """
    description = b"1 0 Test Crawler\nURL IP-address Archive-date Content-type Archive-length\n"
    records = [b"filedesc://crawl.arc 0.0.0.0 20240105120000 text/plain %d\n%s\n" % (len(description), description)]
    for uri, content_type, body, stamp in [
        (b"https://harbourpost.example/undated", b"text/html", UNDATED.encode(), b"20240105120001"),
        (b"https://harbourpost.example/logo.png", b"image/png", b"\x89PNG\r\n\x1a\n", b"20240105120002"),
    ]:
        http = b"HTTP/1.0 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s" % (content_type, len(body), body)
        records.append(b"%s 127.0.0.1 %s %s %d\n%s\n" % (uri, stamp, content_type, len(http), http))
    return b"".join(gzip.compress(r) for r in records) if gzipped else b"".join(records)


def split(items: list) -> tuple[list[Article], list[IngestProblem], list[IngestProblem]]:
    articles = [i for i in items if isinstance(i, Article)]
    fatal = [i for i in items if isinstance(i, IngestProblem) and i.fatal]
    notes = [i for i in items if isinstance(i, IngestProblem) and not i.fatal]
    return articles, fatal, notes


@pytest.mark.parametrize("name,gzipped", [("crawl.warc", False), ("crawl.warc.gz", True)])
def test_skipped_records_are_counted_by_reason(tmp_path: Path, name: str, gzipped: bool) -> None:
    path = tmp_path / name
    write_warc(path, gzipped=gzipped)
    articles, fatal, notes = split(list(iter_inputs([path], options=FAST)))
    assert [a.url for a in articles] == ["https://harbourpost.example/dated", "https://harbourpost.example/undated"]
    assert fatal == []  # the 404 page is skipped as a 404, not read and refused as "no article"
    (note,) = notes
    assert note.code == "I101" and note.source == str(path)
    assert note.message == (
        "skipped 8 of 10 records: 4 request records, 1 warcinfo record, 1 non-HTML response, "
        "1 HTTP 404 response, 1 metadata record"
    )
    assert "\n" not in str(note)


def test_crawl_time_is_not_the_publication_date(tmp_path: Path) -> None:
    path = tmp_path / "crawl.warc"
    write_warc(path, gzipped=False)
    articles, _, _ = split(list(iter_inputs([path], options=FAST)))
    dated, undated = articles
    assert dated.published is not None and dated.published.startswith("2023-02-10")  # the page's own date
    assert undated.published is None  # WARC-Date (today) is when it was crawled, not published
    assert undated.title == "Ferry runs aground"


def test_archive_with_only_pages_has_no_note(tmp_path: Path) -> None:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    path = tmp_path / "pages.warc"
    with path.open("wb") as handle:
        writer = WARCWriter(handle, gzip=False)
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record(
            "https://harbourpost.example/a", "response", payload=io.BytesIO(DATED.encode()), http_headers=headers
        ))
    articles, fatal, notes = split(list(iter_inputs([path], options=FAST)))
    assert len(articles) == 1 and fatal == [] and notes == []


@pytest.mark.parametrize("name,gzipped", [("crawl.arc", False), ("crawl.arc.gz", True), ("crawl-no-extension", False)])
def test_arc_files_are_read(tmp_path: Path, name: str, gzipped: bool) -> None:
    path = tmp_path / name
    path.write_bytes(arc_bytes(gzipped=gzipped))
    articles, fatal, notes = split(list(iter_inputs([path], options=FAST)))
    (article,) = articles
    assert article.url == "https://harbourpost.example/undated" and "forty passengers" in article.text
    assert article.published is None  # the ARC archive-date is a crawl time too
    assert fatal == []
    assert [n.message for n in notes] == ["skipped 2 of 3 records: 1 warcinfo record, 1 non-HTML response"]


def test_broken_archive_reports_what_it_skipped_before(tmp_path: Path) -> None:
    path = tmp_path / "cut.warc"
    write_warc(path, gzipped=False)
    data = path.read_bytes()
    path.write_bytes(data + b"\x00\x01 not a record")
    articles, fatal, notes = split(list(iter_inputs([path], options=FAST)))
    assert len(articles) == 2
    assert [p.code for p in fatal] == ["I015"] and "after record 10" in fatal[0].message
    assert [n.code for n in notes] == ["I101"]


def test_single_gzip_archive_is_one_readable_line(tmp_path: Path) -> None:
    path = tmp_path / "whole.arc.gz"
    path.write_bytes(gzip.compress(arc_bytes()))  # one gzip stream, not one member per record
    _, fatal, _ = split(list(iter_inputs([path], options=FAST)))
    (broken,) = fatal
    assert broken.code == "I015" and str(broken).startswith(f"{path}: not a readable WARC after record 1 (")
    assert "\\n" not in str(broken) and "  " not in str(broken)
