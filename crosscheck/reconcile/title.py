"""A short, factual title for an event when its articles do not give one."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from crosscheck.facts import Figure, Place
from crosscheck.model import Article

_NUMBER_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}


def _current(figures: Sequence[Figure], kind: str) -> Figure | None:
    return next((f for f in figures if f.kind == kind and f.status == "current" and f.value is not None), None)


def _kind_phrase(articles: Sequence[Article]) -> str:
    """The kind of event most of its articles open with ("Shooting"), else plain "Event"."""
    from crosscheck.events.features import event_kind

    kinds = Counter(kind for kind in (event_kind(a.text) for a in articles) if kind)
    if not kinds:
        return "Event"
    kind = kinds.most_common(1)[0][0]
    return kind[0].upper() + kind[1:]


def event_title(figures: Sequence[Figure], places: Sequence[Place], articles: Sequence[Article]) -> str:
    """The most common article title; else a title built from the headline figures and place."""
    titles = Counter(a.title.strip() for a in articles if a.title and a.title.strip())
    if titles:
        return titles.most_common(1)[0][0]
    parts = []
    explosions = _current(figures, "explosions")
    if explosions and isinstance(explosions.value, int):
        count = _NUMBER_WORDS.get(explosions.value, str(explosions.value))
        parts.append(f"{count} explosion{'s' if explosions.value != 1 else ''}")
    place = next((p.name for p in places if p.kind == "city"), None) or next((p.name for p in places), None)
    country = next((p.name for p in places if p.kind == "country" and p.name != place), None)
    where = ", ".join(x for x in (place, country) if x)
    head = " ".join(parts) or _kind_phrase(articles)
    if where:
        head += f" in {where}"
    tolls = []
    for kind in ("killed", "injured"):
        figure = _current(figures, kind)
        if figure:
            tolls.append(" ".join(x for x in (figure.qualifier, str(figure.value), kind) if x))
    return head + (": " + ", ".join(tolls) if tolls else "")
