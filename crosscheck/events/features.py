"""What distinguishes one news event from another, computed once per article and stored.

News about different events of the same kind (two shootings in one city, two earthquakes in one
province) share their vocabulary: "police", "shooting", "killed". What tells them apart are the
rare words (names of people, streets, towns, organisations; numbers such as a magnitude or a toll)
and *when* they were published. So an article becomes:

* ``terms``: its most distinctive words, weighted by how rare they are in English (wordfreq's
  Zipf scale: a fixed, corpus-independent weight, so the grouping does not depend on the order
  documents arrive in) and how often the article uses them; capitalised words inside a sentence
  (proper names) and words of the title count more;
* ``day``: the publication date, when known;
* ``years``: the years the text states, most frequent first (texts without a publication date,
  such as ECB+, still tell 2009 from 2013);
* ``kind``: a coarse event type from trigger words (see ``KINDS``), shown to analysts and used
  as a filter; not a hard constraint, since a trial is a follow-up of a shooting.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from wordfreq import zipf_frequency

from crosscheck.model import Article, Extraction, PlaceMention

TOP_TERMS = 40
"""Terms kept per article: enough for names, places and numbers, small enough to stay fast."""

_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’\-]*[A-Za-z]|\d+(?:[.,:]\d+)*")
_YEAR = re.compile(r"(?<![\d.,$])(19[5-9]\d|20[0-4]\d)(?![\d,]|\.\d)")
_SENTENCE_START = re.compile(r"(?:^|[.!?\"“”]\s+|\n\s*)$")

# Coarse event types, from trigger words. Order matters only for ties (first wins).
KINDS: dict[str, re.Pattern[str]] = {
    "shooting": re.compile(r"\b(shot|shoot(?:ing|ings|er|s)?|gun(?:man|men|fire|shot|shots|point)?|opened fire|firearm)\b", re.I),
    "bombing": re.compile(r"\b(bomb(?:s|ing|ings|er|ers)?|explosions?|blasts?|explod(?:ed|es)|IED|detonat\w*)\b", re.I),
    "earthquake": re.compile(r"\b(earthquakes?|quakes?|tremors?|aftershocks?|magnitude|seismic)\b", re.I),
    "fire": re.compile(r"\b(blaze|wildfires?|fires? (?:broke|engulfed|destroyed|spread)|firefighters?|arson|burn(?:ed|t) down)\b", re.I),
    "crash": re.compile(r"\b(crash(?:ed|es)?|collid(?:ed|es)|collision|derail(?:ed|ment)|plane went down)\b", re.I),
    "storm": re.compile(r"\b(hurricanes?|typhoons?|tornado(?:es)?|cyclones?|floods?|flooding|storms?)\b", re.I),
    "arrest/trial": re.compile(r"\b(arrest(?:ed|s)?|charged|trial|sentenced|convicted|indicted|pleaded|verdict|jury)\b", re.I),
    "death": re.compile(r"\b(died|dies|death|passed away|obituary|funeral)\b", re.I),
    "business": re.compile(r"\b(acquir(?:e|es|ed|ing)|acquisition|merger|takeover|buy(?:s)? out|deal worth)\b", re.I),
    "appointment": re.compile(r"\b(appoint(?:ed|s)?|named (?:as )?(?:the )?new|hired|fired|resign(?:ed|s)?|steps? down)\b", re.I),
    "product launch": re.compile(r"\b(unveil(?:ed|s)?|launch(?:ed|es)?|releas(?:ed|es)|announc(?:ed|es) (?:the|a|its) new)\b", re.I),
}


@dataclass(frozen=True, slots=True)
class DocFeatures:
    """The grouping features of one article (see the module docstring)."""

    day: int | None
    years: tuple[int, ...]
    kind: str | None
    terms: tuple[tuple[str, float], ...]
    places: tuple[str, ...] = ()

    def to_json(self) -> str:
        return json.dumps([self.day, self.years, self.kind, self.terms, self.places], separators=(",", ":"))

    @classmethod
    def from_json(cls, raw: str) -> "DocFeatures":
        day, years, kind, terms, places = json.loads(raw)
        return cls(day, tuple(years), kind, tuple((t, w) for t, w in terms), tuple(places))


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


@lru_cache(maxsize=200_000)
def rarity(token: str) -> float:
    """How much a word tells events apart: 0 for "the", about 5 for an unusual surname.

    ``7 - zipf``: a word used once per million words (Zipf 3) weighs 4, one never seen weighs 7.
    """
    return max(0.0, 7.0 - zipf_frequency(token, "en"))


def analysed_text(article: Article, skip: tuple[tuple[int, int], ...] = ()) -> str:
    """The article's text with page furniture and ``skip`` ranges blanked (offsets unchanged).

    ``skip`` holds the background sentences ("the 2004 quake that killed 600"): their names and
    years belong to an older event and must not pull this article towards it.
    """
    text = article.text
    ranges = tuple(article.furniture) + skip
    if not ranges:
        return text
    chars = list(text)
    for start, end in ranges:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def term_weights(text: str, title: str | None = None) -> dict[str, float]:
    """Weighted distinctive terms of a text: ``(1 + log tf) * rarity * boosts``, L2-normalised."""
    stop = _stop_words()
    counts: Counter[str] = Counter()
    proper: Counter[str] = Counter()
    for match in _TOKEN.finditer(text):
        word = match.group()
        low = word.lower().replace("’", "'")
        if low in stop or len(low) < 2:
            continue
        counts[low] += 1
        if word[0].isupper() and not _SENTENCE_START.search(text[max(0, match.start() - 3) : match.start()]):
            proper[low] += 1
    title_words = {w.lower() for w in _TOKEN.findall(title or "")}
    weights: dict[str, float] = {}
    for word, tf in counts.items():
        weight = (1.0 + math.log(tf)) * rarity(word)
        if proper[word] * 2 >= tf:
            weight *= 1.5
        if word in title_words:
            weight *= 1.5
        if weight > 0:
            weights[word] = weight
    top = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:TOP_TERMS]
    norm = math.sqrt(sum(w * w for _, w in top)) or 1.0
    return {word: round(w / norm, 5) for word, w in top}


def stated_years(text: str) -> tuple[int, ...]:
    """Years written in the text, most frequent first (ties: latest first)."""
    counts = Counter(int(y) for y in _YEAR.findall(text))
    return tuple(year for year, _ in sorted(counts.items(), key=lambda item: (-item[1], -item[0])))


def event_kind(text: str) -> str | None:
    """The coarse event type whose trigger words occur most often in the opening of the text."""
    opening = text[:1500]
    scores = {kind: len(pattern.findall(opening)) for kind, pattern in KINDS.items()}
    best = max(scores.items(), key=lambda item: item[1])
    return best[0] if best[1] > 0 else None


def features(extraction: Extraction) -> DocFeatures:
    """All grouping features of one extracted article."""
    article = extraction.article
    text = analysed_text(article, tuple((s.start, s.end) for s in extraction.background))
    title = article.title or ""
    body = text if title and title in text[: len(title) + 200] else f"{title}\n{text}"
    published = article.published_at
    places = tuple(dict.fromkeys(m.name for m in extraction.mentions if isinstance(m, PlaceMention)))
    return DocFeatures(
        day=published.date().toordinal() if published else None,
        years=stated_years(body),
        kind=event_kind(body),
        terms=tuple(term_weights(body, title).items()),
        places=places,
    )
