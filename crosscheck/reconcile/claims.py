"""Reconciling claims: agreed, single-source, and disputes between incompatible answers.

Claims with the same ``(kind, label)`` and polarity are one claim. Claims whose ``topic`` is the same but whose
labels differ answer one question in different ways ("what exploded": explosive devices vs gas
canisters): each label becomes a side of a dispute, and the claims are marked disputed.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterable, Mapping

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


def reconcile_claims(
    mentions: Iterable[ClaimMention], articles: Mapping[str, Article]
) -> tuple[list[Claim], list[Dispute]]:
    by_label: dict[tuple[str, str], list[ClaimMention]] = defaultdict(list)
    for mention in mentions:
        by_label[(mention.kind.value, _stance(mention))].append(mention)
    labels_by_topic: dict[str, set[str]] = defaultdict(set)
    for (_, label), group in by_label.items():
        labels_by_topic[group[0].topic].add(label)
    disputed_topics = {topic for topic, labels in labels_by_topic.items() if len(labels) > 1}

    claims: list[Claim] = []
    sides: dict[str, list[DisputeSide]] = defaultdict(list)
    for (kind, label), group in by_label.items():
        topic = group[0].topic
        sources = independent_sources(group, articles)
        evidence = evidence_list(group, articles)
        if topic in disputed_topics:
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
