"""Every evidence record of a brief's JSON, and the check that each quotes its document exactly."""

from __future__ import annotations

from typing import Iterator, Mapping

from crosscheck.model import Article, part_text


def evidence_records(node: object) -> Iterator[dict]:
    """Each ``{"document", "start", "end", "quote", ...}`` record anywhere in a brief's JSON."""
    if isinstance(node, dict):
        if {"document", "start", "end", "quote"} <= node.keys():
            yield node
        for value in node.values():
            yield from evidence_records(value)
    elif isinstance(node, list):
        for value in node:
            yield from evidence_records(value)


def assert_quotes_exact(record: object, articles: Mapping[str, Article]) -> int:
    """Each quote is its document's text (or headline, ``part`` "title") from start to end; how many."""
    count = 0
    for evidence in evidence_records(record):
        source = part_text(articles[evidence["document"]], evidence.get("part") or "text")
        assert evidence["quote"] == source[evidence["start"]:evidence["end"]], evidence
        count += 1
    return count
