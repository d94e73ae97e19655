"""Which reader a file needs: by extension, and by content where the extension lies or is missing."""

from __future__ import annotations

import json
import re
import zlib
from enum import Enum
from pathlib import Path

from crosscheck.ingest.decode import BOM


class Format(str, Enum):
    TEXT = "text"
    HTML = "html"
    JSONL = "jsonl"
    JSON = "json"
    FEED = "feed"
    WARC = "warc"
    BINARY = "binary"


EXTENSIONS: dict[str, Format] = {
    ".txt": Format.TEXT, ".text": Format.TEXT, ".md": Format.TEXT, ".markdown": Format.TEXT,
    ".html": Format.HTML, ".htm": Format.HTML, ".xhtml": Format.HTML, ".shtml": Format.HTML,
    ".jsonl": Format.JSONL, ".ndjson": Format.JSONL, ".json": Format.JSON,
    ".xml": Format.FEED, ".rss": Format.FEED, ".atom": Format.FEED,
    ".warc": Format.WARC, ".warc.gz": Format.WARC, ".arc": Format.WARC, ".arc.gz": Format.WARC,
}
# Markup extensions are often wrong (an .xml that is XHTML, an .html that is a feed): sniff them.
_MARKUP = {Format.HTML, Format.FEED}
_STRUCTURED = {Format.HTML, Format.FEED, Format.WARC}
_HTML = re.compile(rb"<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]", re.IGNORECASE)
_FEED = re.compile(rb"<rss[\s>]|<feed[\s>]|<rdf:rdf[\s>]", re.IGNORECASE)
_GZIP = b"\x1f\x8b"
_ARCHIVE = (b"WARC/", b"filedesc://")  # a WARC record, or the header record of an ARC file


def extension(path: Path) -> str:
    """Lower-case extension, with ``.warc.gz``-style double extensions kept whole."""
    suffixes = [s.lower() for s in path.suffixes[-2:]]
    if len(suffixes) == 2 and "".join(suffixes) in EXTENSIONS:
        return "".join(suffixes)
    return suffixes[-1] if suffixes else ""


def stem(path: Path) -> str:
    """File name without its (possibly double) extension: the default article id."""
    ext = extension(path)
    return path.name[: -len(ext)] if ext and path.name.lower().endswith(ext) else path.name


def choose_format(ext: str, head: bytes) -> Format | None:
    """The format to read; None for an unknown extension whose content is not a page, feed or crawl.

    The extension decides unless the content plainly says otherwise: markup is sniffed between
    HTML and feed, a ``.jsonl`` or ``.warc`` that holds an HTML page or a feed is read as one,
    and a text file that is a (gzipped) WARC is read as a WARC. A ``.txt`` is otherwise always
    text: its content is the article, whatever it looks like. A file of another type (``.toml``,
    ``.csv``, ``.yaml``) is not an input even when it opens with ``[`` or ``{``: only the
    unmistakable signatures of a page, a feed or a crawl make it one.
    """
    known = EXTENSIONS.get(ext)
    sniffed = sniff(head)
    if known in _MARKUP:
        return sniffed if sniffed in _MARKUP else known
    if known == Format.TEXT:
        return Format.WARC if sniffed == Format.WARC else known
    if known in (Format.JSONL, Format.JSON, Format.WARC):
        return sniffed if sniffed in _STRUCTURED and sniffed != known else known
    if ext and sniffed in (Format.TEXT, Format.JSON, Format.JSONL):
        return None
    return sniffed


def sniff(head: bytes) -> Format:
    """Guess a format from the first bytes of the content."""
    if head.startswith(_GZIP):
        return Format.WARC if _gunzip_head(head).startswith(_ARCHIVE) else Format.BINARY
    if head.startswith(_ARCHIVE):
        return Format.WARC
    body = head[len(BOM):] if head.startswith(BOM) else head
    if b"\x00" in body:
        return Format.BINARY
    start = body.lstrip()[:2048]
    if _FEED.search(start) and not _HTML.search(start[:300]):
        return Format.FEED
    if _HTML.search(start):
        return Format.HTML
    if start.startswith(b"{") and _first_line_is_object(start):
        return Format.JSONL
    if start.startswith(b"["):
        return Format.JSON
    return Format.TEXT


def looks_like_jsonl(data: bytes) -> bool:
    """Every non-empty line is a JSON object (how stdin is recognised as JSON lines)."""
    lines = [line for line in data.splitlines() if line.strip()]
    if not lines:
        return False
    for line in lines:
        try:
            if not isinstance(json.loads(line), dict):
                return False
        except ValueError:
            return False
    return True


def first_line_is_record(data: bytes) -> bool:
    """The first non-empty line is a JSON object with a ``"text"`` key: a record as ingest reads it."""
    for line in data.splitlines():
        if line.strip():
            try:
                value = json.loads(line)
            except ValueError:
                return False
            return isinstance(value, dict) and "text" in value
    return False


def _first_line_is_object(start: bytes) -> bool:
    line = start.split(b"\n", 1)[0]
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return len(line) >= len(start)  # a first line longer than the sniffed head: trust the brace


def _gunzip_head(head: bytes) -> bytes:
    try:
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(head, 16)
    except zlib.error:
        return b""
