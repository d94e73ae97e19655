"""A report's headline, read with its text: what a headline states is the report's own statement.

A plain-text report carries its headline as its first line, so extraction reads it with the
body. An HTML page, a feed entry or a JSON record with a ``title`` gives the headline apart from
the body (``Article.title``), and its body often never repeats what the headline says: "Four
shot, one killed on Elm Street in Varnton" above a body that tells the victims one by one, or a
body that is page furniture. Of the Gun Violence Archive pool's reports, the headline was the
only place where many stated their toll (docs/evaluation-figures.md, "headlines").

So extraction reads such a report as its headline line, a blank line, then its text
(``reading_article``), and every span is mapped back (``article_span``): a span of the headline
becomes a span of ``Article.title`` (``Span.part`` ``TITLE``), a span of the body the same span of
``Article.text``. The article itself is never altered: its text stays exactly what was ingested.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TypeVar

from crosscheck.model import TITLE, Article, Mention, Span

M = TypeVar("M", bound=Mention)

# " | ", " - ", " – ", " — ", " » " between a headline and the outlet or section name
_TITLE_SEPARATOR = re.compile(r"\s+[|\-–—»]\s+")
_HEADLINE_GAP = "\n\n"


# A part of a title that names the outlet, not the story: a domain ("WALB.com"), or two of the
# words of a station's or paper's slogan ("News, Weather & Sports", "Breaking News, Weather and
# Razorback Sports", "News, Weather and Classifieds for ...").
_DOMAIN = re.compile(r"\b[\w-]+\.(?:com|net|org|tv|us|co\.uk|ca)\b", re.IGNORECASE)
_SLOGAN_WORDS = frozenset({"news", "weather", "sports", "traffic", "classifieds", "radio", "entertainment", "lifestyle"})
_WORD = re.compile(r"[A-Za-z]+")


def _names_the_outlet(part: str) -> bool:
    """Whether a part of a title is the outlet's name or slogan (see ``_DOMAIN``)."""
    slogan = {word.lower() for word in _WORD.findall(part)} & _SLOGAN_WORDS
    return len(slogan) >= 2 or _DOMAIN.search(part) is not None


def headline_of(title: str) -> str:
    """The headline part of a crawled title: its longest part between outlet separators that does
    not name the outlet (``_names_the_outlet``), else its longest part.

    Headlines are mostly longer than outlet and section names, but a station's name and slogan can
    be longer than a short headline: "Wanted teen arrested - WALB.com, South Georgia News, Weather,
    Sports". Of the GVA pool's 982 titles with a separator, the longest part was such a name in 91,
    whose words then counted as every story of that outlet's headline.
    """
    parts = [part.strip() for part in _TITLE_SEPARATOR.split(title) if part.strip()]
    if not parts:
        return title
    story = [part for part in parts if not _names_the_outlet(part)]
    return max(story or parts, key=len)


def repeats_headline(text: str, headline: str, title: str | None) -> bool:
    """Whether ``text`` repeats its ``headline`` near its top (within the full title's length and 200
    characters), as crawled pages and plain-text reports do: the headline is then read in the text,
    and counted once."""
    return bool(headline) and headline in text[: len(title or "") + 200]


def reading_article(article: Article) -> tuple[Article, int]:
    """The article as extraction reads it, and where its text starts in that reading (0: as is).

    An article whose title its text does not repeat near the top is read as the title, a blank
    line, then the text; its furniture ranges move with the text.
    """
    title = article.title or ""
    if not title.strip() or repeats_headline(article.text, headline_of(title), title):
        return article, 0
    offset = len(title) + len(_HEADLINE_GAP)
    furniture = tuple((start + offset, end + offset) for start, end in article.furniture)
    return dataclasses.replace(article, text=title + _HEADLINE_GAP + article.text, furniture=furniture), offset


def article_span(span: Span, offset: int) -> Span | None:
    """A span of the reading (``reading_article``) as a span of the article: of its title, of its
    text, or ``None`` for a span that runs from the headline into the text (it quotes neither)."""
    if offset == 0:
        return span
    title_length = offset - len(_HEADLINE_GAP)
    if span.end <= title_length:
        return dataclasses.replace(span, part=TITLE)
    if span.start >= offset:
        return dataclasses.replace(span, start=span.start - offset, end=span.end - offset)
    return None


def article_mention(mention: M, offset: int) -> M | None:
    """``mention`` with its evidence and anchor as spans of the article (``article_span``);
    ``None`` when either runs from the headline into the text, or when they lie in different
    parts (a value must be read inside its own sentence)."""
    if offset == 0:
        return mention
    evidence, anchor = article_span(mention.evidence, offset), article_span(mention.anchor, offset)
    if evidence is None or anchor is None or evidence.part != anchor.part:
        return None
    return dataclasses.replace(mention, evidence=evidence, anchor=anchor)


def url_slug(url: str | None) -> str:
    """The words of a URL's slug: its longest path part with two or more hyphens, hyphens as spaces
    (``"https://x.example/news/two-hurt-in-elmdale-shooting/123"`` -> ``"two hurt in elmdale
    shooting"``); ``""`` when it has none."""
    path = (url or "").split("//", 1)[-1].split("/", 1)[-1]
    parts = [part for part in re.split(r"[/?#]", path) if part.count("-") >= 2]
    return " ".join(max(parts, key=len).split("-")) if parts else ""
