"""End to end: the brief of the bundled Kerman reports states what an analyst reads in them.

Expectations live in ``tests/golden/kerman.json``; every entry must be supported by exactly the
documents listed (more is a false attribution, fewer a miss).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import crosscheck

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "kerman"
GOLD = json.loads((ROOT / "tests" / "golden" / "kerman.json").read_text())


@pytest.fixture(scope="module")
def record() -> dict:
    return crosscheck.brief([EXAMPLE]).to_json()


@pytest.fixture(scope="module")
def event(record: dict) -> dict:
    assert len(record["events"]) == 1, [e["documents"] for e in record["events"]]
    return record["events"][0]


def short(doc_id: str) -> str:
    return doc_id[:3]


def docs_of(evidence: list[dict]) -> list[str]:
    return sorted({short(e["document"]) for e in evidence})


def matches(text: str | None, words: list[str]) -> bool:
    return bool(text) and all(re.search(w, text, re.IGNORECASE) for w in words)


def test_evidence_quotes_are_exact_text(record: dict) -> None:
    texts = {p.stem: p.read_text(encoding="utf-8") for p in EXAMPLE.glob("*.txt")}
    count = 0
    for event in record["events"]:
        for section in ("figures", "claims", "quotes", "sources_cited"):
            for entry in event[section]:
                for e in entry["evidence"]:
                    assert texts[e["document"]][e["start"] : e["end"]] == e["quote"]
                    count += 1
    assert count > 30


def test_all_three_reports_are_one_event(event: dict) -> None:
    assert sorted(short(d) for d in event["documents"]) == ["000", "001", "002"]


@pytest.mark.parametrize("expected", GOLD["figures"], ids=lambda f: f"{f['kind']}-{f.get('value', f.get('low'))}")
def test_figure(event: dict, expected: dict) -> None:
    def same(figure: dict) -> bool:
        keys = ("kind", "value", "low", "high", "subject")
        return all(figure.get(k) == expected[k] for k in keys if k in expected) and (
            "value" in expected or figure.get("value") is None
        )

    found = [f for f in event["figures"] if same(f)]
    assert len(found) == 1, f"expected one figure like {expected}, got {found}"
    figure = found[0]
    assert docs_of(figure["evidence"]) == expected["documents"]
    assert figure["status"] == expected["status"]
    if "qualifier" in expected:
        assert figure["qualifier"] == expected["qualifier"]
    for doc, who in expected.get("attributed_to", {}).items():
        names = [e["attributed_to"] or "" for e in figure["evidence"] if short(e["document"]) == doc]
        assert any(who.lower() in n.lower() for n in names), (who, names)


@pytest.mark.parametrize("forbidden", GOLD["must_not_figures"], ids=lambda f: f"{f['kind']}-{f['value']}")
def test_no_false_figure(event: dict, forbidden: dict) -> None:
    assert not [f for f in event["figures"] if f["kind"] == forbidden["kind"] and f["value"] == forbidden["value"]]


def test_dispute_over_what_exploded(event: dict) -> None:
    expected = GOLD["disputes"][0]["sides"]
    for dispute in event["disputes"]:
        sides = dispute["sides"]
        found = [next((s for s in sides if matches(s["claim"], side["words"])), None) for side in expected]
        if all(found):
            for side, got in zip(expected, found):
                assert docs_of(got["evidence"]) == side["documents"], (side, got["claim"])
            return
    pytest.fail(f"no dispute with sides {expected}: {event['disputes']}")


@pytest.mark.parametrize("expected", GOLD["claims"], ids=lambda c: c["words"][0])
def test_claim(event: dict, expected: dict) -> None:
    found = [
        c for c in event["claims"]
        if c["status"] in ("agreed", "single-source") and (matches(c.get("label"), expected["words"]) or matches(c["text"], expected["words"]))
    ]
    assert found, f"no claim about {expected['words']}"
    assert any(docs_of(c["evidence"]) == expected["documents"] for c in found), [
        (c.get("label"), docs_of(c["evidence"])) for c in found
    ]


@pytest.mark.parametrize("expected", GOLD["quotes"], ids=lambda q: q["speaker"])
def test_quote(event: dict, expected: dict) -> None:
    found = [q for q in event["quotes"] if q["speaker"] == expected["speaker"] and matches(q["text"], expected["words"])]
    assert len(found) == 1, [(q["speaker"], q["text"]) for q in event["quotes"]]
    assert docs_of(found[0]["evidence"]) == expected["documents"]
    if "role_words" in expected:
        assert matches(found[0]["role"], expected["role_words"]), found[0]["role"]


@pytest.mark.parametrize("name", sorted(GOLD["sources_cited"]))
def test_cited_source(event: dict, name: str) -> None:
    found = [s for s in event["sources_cited"] if s["name"].lower() == name.lower()]
    assert len(found) == 1, sorted(s["name"] for s in event["sources_cited"])
    assert docs_of(found[0]["evidence"]) == GOLD["sources_cited"][name]


@pytest.mark.parametrize("expected", GOLD["single_source"], ids=lambda s: s["words"][0])
def test_single_source(event: dict, expected: dict) -> None:
    found = [s for s in event["single_source"] if matches(s["text"], expected["words"])]
    assert found, f"nothing single-source about {expected['words']}: {[s['text'] for s in event['single_source']]}"
    assert all(docs_of(s["evidence"]) == expected["documents"] for s in found)


def test_places(event: dict) -> None:
    kinds = {(p["kind"], p["name"]) for p in event["place_details"]}
    for kind, name in GOLD["places"].items():
        assert (kind, name) in kinds, kinds
    assert not {name for _, name in kinds} & {"Beirut", "Baghdad", "Lebanon"}


def test_cli_json_matches_library(record: dict) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "crosscheck.cli", "brief", str(EXAMPLE), "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    assert json.loads(result.stdout) == json.loads(json.dumps(record))


def test_cli_markdown_cites_every_section() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "crosscheck.cli", "brief", str(EXAMPLE)], capture_output=True, text=True, check=True
    )
    out = result.stdout
    for heading in ("Headline figures", "What changed", "Disputed", "Who said what", "Only one source", "Sources cited", "Evidence"):
        assert f"## {heading}" in out or f"### {heading}" in out, heading
    assert re.search(r"\*\*Killed: at least 103\*\*", out)
    footnotes = re.findall(r"^\[\^(\d+)\]: ", out, re.MULTILINE)
    used = set(re.findall(r"\[\^(\d+)\](?!:)", out))
    assert footnotes and used == set(footnotes)
