"""Reconciling claims: agreed, single-source, and disputes between incompatible answers.

Claims with the same ``(kind, label)`` and polarity are one claim. Claims whose ``topic`` is the same but whose
labels differ answer one question in different ways ("what exploded": explosive devices vs gas
canisters): each label becomes a side of a dispute, and the claims are marked disputed. Answers
that can hold together (a shooting and a stabbing in one fight) dispute nothing once a report
states both; nor do clock times half an hour apart or less.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime
from itertools import combinations
from typing import Iterable, Mapping

from crosscheck.extract.claims import CLOCK_TOLERANCE_MINUTES, COMBINABLE_TOPICS, DAMAGE_TO, MANY_DAMAGEABLE, STATE_TOPICS, clock_minutes
from crosscheck.facts import Claim, Dispute, DisputeSide
from crosscheck.model import Article, ClaimMention
from crosscheck.reconcile.evidence import evidence_list, independent_sources


def _representative_text(mentions: list[ClaimMention]) -> str:
    """The wording most documents use, else the shortest (usually the plainest)."""
    counts = Counter(m.text for m in mentions)
    text, count = counts.most_common(1)[0]
    return text if count > 1 else min(counts, key=len)


def _stance(mention: ClaimMention) -> str:
    """The claim's label with its polarity: "not a terrorist attack" does not agree with "a terrorist attack"."""
    return f"not {mention.label}" if mention.negated else mention.label


def _disputed_topics(by_label: Mapping[tuple[str, str], list[ClaimMention]]) -> set[str]:
    """Topics answered by two stances that cannot both hold.

    Two labels of one topic conflict, except two affirmative labels of a combinable topic that
    one report states together: that report tells of both (shots and a stabbing in one fight),
    so the other reports that tell of one of them do not contradict it.
    """
    stances_by_topic: dict[str, dict[str, set[str]]] = defaultdict(dict)
    for (_, stance), group in by_label.items():
        stances_by_topic[group[0].topic][stance] = {m.evidence.doc for m in group}
    disputed = set()
    for topic, stances in stances_by_topic.items():
        for one, two in combinations(sorted(stances), 2):
            if not _compatible(topic, one, two, bool(stances[one] & stances[two])):
                disputed.add(topic)
                break
    return disputed


def _superseded(
    by_label: Mapping[tuple[str, str], list[ClaimMention]], articles: Mapping[str, Article]
) -> set[tuple[str, str]]:
    """Stances of a state topic that later reports replaced: "no arrest" from every report
    published before the first that says a suspect is in custody.

    Whether someone is in custody is a state of the story at a time, not a fact two outlets can
    disagree on across days; reports of one day (or without a time) still dispute each other.
    """
    spans: dict[str, dict[tuple[str, str], tuple[datetime, datetime]]] = defaultdict(dict)
    for key, group in by_label.items():
        topic = group[0].topic
        published = [_published(articles, m.evidence.doc) for m in group]
        if topic in STATE_TOPICS and all(published):
            spans[topic][key] = (min(published), max(published))  # type: ignore[type-var]
    return {
        key
        for stances in spans.values()
        for key, (_, last) in stances.items()
        if any(first > last for other, (first, _) in stances.items() if other != key)
    }


def _published(articles: Mapping[str, Article], doc: str) -> datetime | None:
    article = articles.get(doc)
    return article.published_at if article is not None else None


def _compatible(topic: str, one: str, two: str, stated_together: bool) -> bool:
    """Whether two stances of one topic can both hold: clock times close enough to be one moment
    (or two moments one report tells apart), or combinable answers one report gives together."""
    minutes = clock_minutes(one), clock_minutes(two)
    if minutes[0] is not None and minutes[1] is not None:
        gap = abs(minutes[0] - minutes[1])
        return stated_together or min(gap, 24 * 60 - gap) <= CLOCK_TOLERANCE_MINUTES
    affirmative = not one.startswith("not ") and not two.startswith("not ") and " not " not in f" {one} {two} "
    if affirmative and _damage_to_many(topic):
        return True  # "homes damaged", "homes destroyed": of many homes, some were damaged and some destroyed
    return topic in COMBINABLE_TOPICS and affirmative and stated_together


def _damage_to_many(topic: str) -> bool:
    """Whether a topic is damage to things counted in the plural ("damage to the homes"): degrees
    of it do not conflict."""
    return topic.startswith(DAMAGE_TO) and topic[len(DAMAGE_TO) :] in MANY_DAMAGEABLE


def reconcile_claims(
    mentions: Iterable[ClaimMention], articles: Mapping[str, Article]
) -> tuple[list[Claim], list[Dispute]]:
    by_label: dict[tuple[str, str], list[ClaimMention]] = defaultdict(list)
    for mention in mentions:
        by_label[(mention.kind.value, _stance(mention))].append(mention)
    superseded = _superseded(by_label, articles)
    disputed_topics = _disputed_topics({key: group for key, group in by_label.items() if key not in superseded})

    claims: list[Claim] = []
    sides: dict[str, list[DisputeSide]] = defaultdict(list)
    for (kind, label), group in by_label.items():
        topic = group[0].topic
        sources = independent_sources(group, articles)
        evidence = evidence_list(group, articles)
        if (kind, label) in superseded:
            status = "superseded"
        elif topic in disputed_topics:
            status = "disputed"
            sides[topic].append(DisputeSide(label, evidence))
        else:
            status = "agreed" if sources > 1 else "single-source"
        claims.append(Claim(kind, label, status, evidence, label, topic, sources, _representative_text(group)))
    claims.sort(key=lambda c: (c.status != "agreed", c.status, -len(c.evidence)))
    disputes = [
        Dispute(topic, tuple(sorted(topic_sides, key=lambda s: -len(s.evidence))))
        for topic, topic_sides in sides.items()
    ]
    return claims, disputes
