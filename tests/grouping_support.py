"""Helpers the grouping tests share."""

from __future__ import annotations

from crosscheck.model import Article, Extraction


def bare(article: Article) -> Extraction:
    """An article with no mentions: grouping reads the text and dates only, so skipping
    extraction keeps grouping tests fast."""
    return Extraction(article=article, sentences=(), mentions=())
