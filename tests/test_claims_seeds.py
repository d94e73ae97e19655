"""Acceptance test of the claims extractor on the three Kerman seed articles.

The expected document sets come from ``gold/seeds.json`` in the shared data folder (``must.disputes``,
``must.claims``, ``must.single_source``): each label must be read from exactly these documents,
no more (a false attribution) and no fewer (a miss). The seeds are in the repo (examples/kerman).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from crosscheck.extract import claims
from crosscheck.model import Article, ClaimMention
from crosscheck.nlp.document import AnalyzedDoc

SEEDS = Path(__file__).resolve().parents[1] / "examples" / "kerman"


@pytest.fixture(scope="module")
def mentions() -> dict[str, list[ClaimMention]]:
    found: dict[str, list[ClaimMention]] = {}
    for path in sorted(SEEDS.glob("*.txt")):
        article = Article(id=path.name[:3], text=path.read_text(encoding="utf-8"), source=str(path))
        found[article.id] = list(claims.extract(AnalyzedDoc(article)))
    assert set(found) == {"000", "001", "002"}
    return found


def documents_by_label(mentions: dict[str, list[ClaimMention]]) -> dict[str, set[str]]:
    by_label: dict[str, set[str]] = defaultdict(set)
    for doc, found in mentions.items():
        for mention in found:
            if not mention.negated:
                by_label[mention.label].add(doc)
    return by_label


@pytest.mark.parametrize(
    ("label", "documents"),
    [
        ("explosive devices", {"000", "001", "002"}),
        ("gas canisters", {"000", "001"}),
        ("terrorist attack", {"000", "001", "002"}),
        ("no claim of responsibility", {"001", "002"}),
        ("tomb not damaged", {"001", "002"}),
        ("rescue hampered by crowds", {"000", "001", "002"}),
        ("first explosion at 14:50", {"001"}),
        ("near Saheb al-Zaman mosque", {"001"}),
        ("stampede", {"001"}),
        ("condolences from Erdogan", {"000"}),
        ("toll expected to rise", {"002"}),
    ],
)
def test_label_read_from_exactly_the_gold_documents(mentions, label, documents):
    assert documents_by_label(mentions).get(label, set()) == documents


def test_what_exploded_is_a_two_sided_dispute(mentions):
    sides = {m.label for found in mentions.values() for m in found if m.topic == claims.WHAT_EXPLODED}
    assert sides == {"explosive devices", "gas canisters"}


def test_gas_canister_report_in_000_is_hedged_and_not_confirmed(mentions):
    gas = [m for m in mentions["000"] if m.label == "gas canisters"]
    assert gas and all(m.hedged for m in gas)


def test_stampede_is_attributed_to_iran_international(mentions):
    stampede = [m for m in mentions["001"] if m.label == "stampede"]
    assert stampede and stampede[0].hedged
    if stampede[0].attributed_to is not None:  # attribution module present
        assert "Iran International" in stampede[0].attributed_to


def test_person_called_terrorist_and_generic_terrorists_are_not_claims(mentions):
    for doc, found in mentions.items():
        for mention in found:
            if mention.label == "terrorist attack":
                assert "number-one" not in mention.text
                assert "often used" not in mention.text


def test_every_mention_points_at_its_sentence(mentions):
    for doc, found in mentions.items():
        text = (SEEDS / next(p.name for p in SEEDS.glob(f"{doc}_*.txt"))).read_text(encoding="utf-8")
        for mention in found:
            evidence = text[mention.evidence.start : mention.evidence.end]
            anchor = text[mention.anchor.start : mention.anchor.end]
            assert mention.evidence.start <= mention.anchor.start < mention.anchor.end <= mention.evidence.end
            assert anchor and anchor in evidence
            assert mention.text.split()[0] in evidence
