"""Which disputes the briefs of real events show: GVA incidents (gold grouping), claims reconciled.

A dispute in a brief says that sources disagree; shown where they do not, it is a false statement
in the section analysts read first. For a random sample of GVA incidents this extracts the claims of
every report of the incident, reconciles them as a brief does, and prints:

- the disputes by question, and how many of them rest on one report holding both sides (most are
  reading errors or compatible answers: a report does not usually contradict itself);
- the claims marked superseded (a later report's answer replaced them);
- the negated claims of the sample's reports, for reading by hand (``--negated N``).

Usage: .venv/bin/python bench/eval_disputes.py [--incidents 400] [--seed 3] [--show 20] [--negated 0]
Without the shared data folder it stops with a one-line message (``bench.data.shared_dir``, as
the other GVA benchmarks). Reads CROSSCHECK_SHARED like the tests.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench import data  # noqa: E402
from crosscheck.extract import claims  # noqa: E402
from crosscheck.model import Article, ClaimMention  # noqa: E402
from crosscheck.nlp.document import AnalyzedDoc  # noqa: E402
from crosscheck.reconcile.claims import reconcile_claims  # noqa: E402


def incidents_sample(count: int, seed: int) -> list[list[dict]]:
    """``count`` random GVA incidents, each the records of its single-incident reports."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for record in data.gva_records():
        if len(record["incidents"]) == 1:
            groups[record["incidents"][0]].append(record)
    keys = sorted(groups)
    random.Random(seed).shuffle(keys)
    return [groups[key] for key in keys[:count]]


def stance(mention: ClaimMention) -> str:
    return f"not {mention.label}" if mention.negated else mention.label


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--incidents", type=int, default=400)
    options.add_argument("--seed", type=int, default=3)
    options.add_argument("--show", type=int, default=20, help="print this many disputes")
    options.add_argument("--negated", type=int, default=0, help="print this many negated claims")
    args = options.parse_args()
    sample = incidents_sample(args.incidents, args.seed)
    by_question: Counter[str] = Counter()
    self_contradicting: Counter[str] = Counter()
    superseded: Counter[str] = Counter()
    with_claims = 0
    shown: list[str] = []
    negated: list[str] = []
    for records in sample:
        articles: dict[str, Article] = {r["id"]: data.article(r) for r in records}
        mentions = [m for a in articles.values() for m in claims.extract(AnalyzedDoc(a))]
        if not mentions:
            continue
        with_claims += 1
        negated += [f"{m.evidence.doc[:8]} {stance(m)} | {articles[m.evidence.doc].text[m.evidence.start:m.evidence.end][:200]}"
                    for m in mentions if m.negated]
        found, disputes = reconcile_claims(mentions, articles)
        superseded.update(c.topic or c.kind for c in found if c.status == "superseded")
        for dispute in disputes:
            by_question[dispute.question] += 1
            per_report: dict[str, set[str]] = defaultdict(set)
            for m in mentions:
                if m.topic == dispute.question:
                    per_report[m.evidence.doc].add(stance(m))
            if any(len(held) > 1 for held in per_report.values()):
                self_contradicting[dispute.question] += 1
            shown.append(f"{records[0]['incidents'][0]} {dispute.question}: "
                         + "; ".join(f"{doc[:6]} {sorted(held)}" for doc, held in sorted(per_report.items())))
    print(f"command: python bench/eval_disputes.py --incidents {args.incidents} --seed {args.seed}")
    print(f"data: GVA pool, {len(sample)} incidents sampled, {with_claims} with claims (gold grouping)")
    print(f"incidents with a dispute shown: {len({line.split()[0] for line in shown})} / {with_claims}")
    print(f"{'question':40} {'disputes':>8} {'one report holds two sides':>27}")
    for question, count in by_question.most_common():
        print(f"{question:40} {count:8d} {self_contradicting[question]:27d}")
    print("superseded claims (replaced by a later report):", dict(superseded) or "none")
    for line in shown[: args.show]:
        print("  ", line)
    if args.negated:
        print(f"negated claims: {len(negated)}")
        for line in negated[: args.negated]:
            print("  ", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
