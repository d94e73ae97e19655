"""Draw a reproducible sample of a brief's places, cited sources, quotes and claims for judging by hand.

Usage:
  .venv/bin/python bench/sample_entries.py BRIEF.json --texts RECORDS.jsonl [--seed 32] [--per-type 30]
      [--judgements VERDICTS.json]

BRIEF.json is ``crosscheck brief --format json``; RECORDS.jsonl the JSON lines it was ingested from
(read again with the places extractor, they give a place its sentence, which the brief does not
keep). Each entry gets an id
made of its type, its event's first document and what it says (a place's kind and name, a source's
name, a quote's speaker and words, a claim's kind and label), so an entry keeps its id from one run
of the code to the next. The sample of a type is the ``--per-type`` entries whose ids hash lowest
with the seed: a brief made by other code samples the same entries where it has them, and new ones
in place of those it dropped. With ``--judgements`` (a JSON object: id -> ["right"|"wrong",
reason]) it prints the precision of each type and lists the entries still to judge. Nothing is
written to the repository.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

TYPES = ("place", "source", "quote", "claim")


@dataclass(frozen=True)
class Entry:
    """One line of a brief to judge: what it states and the sentence it rests on."""

    id: str
    type: str
    shown: str
    evidence: str


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def _entry_id(kind: str, event: dict, key: str) -> str:
    return f"{kind}-{_digest(min(event['documents']) + '|' + key)[:10]}"


def _first_evidence(item: dict) -> str:
    evidence = item.get("evidence") or []
    return f"[{evidence[0]['document']}] {evidence[0]['quote']}" if evidence else ""


def entries(brief: dict, places: dict[str, dict[tuple[str, str], str]]) -> list[Entry]:
    """Every place, cited source, quote and claim of every event of ``brief``; ``places`` gives
    each document's places with their sentence (``place_sentences``)."""
    found = []
    for event in brief["events"]:
        for place in event.get("place_details", []):
            evidence = next((f"[{d}] {places[d][(place['name'], place['kind'])]}" for d in place["documents"]
                             if (place["name"], place["kind"]) in places.get(d, {})), "")
            found.append(Entry(_entry_id("place", event, f"{place['kind']}|{place['name']}"), "place",
                               f"{place['name']} ({place['kind']})", evidence))
        for source in event["sources_cited"]:
            found.append(Entry(_entry_id("source", event, source["name"]), "source",
                               f"{source['name']} ({source['kind']})", _first_evidence(source)))
        for quote in event["quotes"]:
            flag = " [background]" if quote.get("background") else ""
            found.append(Entry(_entry_id("quote", event, f"{quote['speaker']}|{quote['text']}"), "quote",
                               f"{quote['speaker']} ({quote['role']}){flag}: {quote['text']}", _first_evidence(quote)))
        for claim in event["claims"]:
            found.append(Entry(_entry_id("claim", event, f"{claim['kind']}|{claim['text']}"), "claim",
                               f"{claim['kind']}: {claim['text']} [{claim['status']}]", _first_evidence(claim)))
    return found


def sample(found: list[Entry], seed: int, per_type: int) -> list[Entry]:
    """The ``per_type`` entries of each type whose ids hash lowest with ``seed``."""
    chosen = []
    for kind in TYPES:
        of_kind = sorted((e for e in found if e.type == kind), key=lambda e: _digest(f"{seed}|{e.id}"))
        chosen.extend(of_kind[:per_type])
    return chosen


def place_sentences(records: Path) -> dict[str, dict[tuple[str, str], str]]:
    """Document id -> (place name, kind) -> the sentence of its first mention, read again with the
    places extractor (the brief keeps a place's documents, not its sentence)."""
    from crosscheck.extract import extract_article
    from crosscheck.ingest import read_articles
    from crosscheck.model import PlaceMention

    found: dict[str, dict[tuple[str, str], str]] = {}
    for article in read_articles(records):
        extraction = extract_article(article, modules=["places"])
        sentences = found.setdefault(article.id, {})
        for mention in extraction.mentions:
            if isinstance(mention, PlaceMention):
                key = (mention.name, mention.place_kind.value)
                sentences.setdefault(key, mention.evidence.text(article))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("brief", type=Path)
    parser.add_argument("--texts", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--per-type", type=int, default=30)
    parser.add_argument("--judgements", type=Path)
    args = parser.parse_args()
    found = entries(json.loads(args.brief.read_text(encoding="utf-8")), place_sentences(args.texts))
    chosen = sample(found, args.seed, args.per_type)
    verdicts = json.loads(args.judgements.read_text(encoding="utf-8")) if args.judgements and args.judgements.exists() else {}
    counts = {kind: sum(1 for e in found if e.type == kind) for kind in TYPES}
    print(f"entries: {', '.join(f'{n} {kind}s' for kind, n in counts.items())}; sample seed {args.seed}, {args.per_type} per type")
    for entry in chosen:
        verdict = verdicts.get(entry.id)
        mark = f"{verdict[0]}: {verdict[1]}" if verdict else "TO JUDGE"
        print(f"\n{entry.id} {entry.type} | {entry.shown}\n    {' '.join(entry.evidence.split())[:400]}\n    -> {mark}")
    if verdicts:
        print()
        for kind in TYPES:
            judged = [verdicts[e.id][0] for e in chosen if e.type == kind and e.id in verdicts]
            right = judged.count("right")
            share = f"{right / len(judged):.0%}" if judged else "-"
            print(f"{kind}: {right}/{len(judged)} right ({share}), {sum(1 for e in chosen if e.type == kind) - len(judged)} unjudged")


if __name__ == "__main__":
    main()
