"""World-dev: crosscheck's brief of real reports of 21 world events against the analysts' gold.

Makes the JSON-lines records with the data's own ``to_jsonl.py``, briefs them all at once with
``crosscheck brief --format json`` (grouping included: the events are crosscheck's own), and
scores the brief with the data's ``check.py`` per part: grouping B3 F1 and the timeline checks
(latest toll current, one current per kind, no trap current, earlier values superseded).

Part b is held out: no rule was written from it. By default only its summary line is printed,
so that reading its failures stays a deliberate act (``--show-held-out``).

    .venv/bin/python bench/eval_world_dev.py                 # a, c, a+c and b summaries
    .venv/bin/python bench/eval_world_dev.py --failures      # also each failure of a and c
    .venv/bin/python bench/eval_world_dev.py --subsets 30    # a+c grouping over 30 random draws of 70 %

``--subsets N``: a check that the grouping does not hang on one report. The a+c reports' features
are computed once; each of N draws keeps every report with probability 0.7 (seeds 0..N-1) and
groups what it kept in memory (``engines.steps.group``, one partition, no recurring names: as
``bench_grouping.py --fit``); the B3 of each draw against the a+c gold gives the mean and the
lowest, and the events that split or merged are counted over the draws. Part b is not drawn.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from data import shared_dir

PARTS = (("a", ("gold-a.json",)), ("c", ("gold-c.json",)), ("a+c", ("gold-a.json", "gold-c.json")), ("b", ("gold-b.json",)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--failures", action="store_true", help="print each failure of parts a and c")
    parser.add_argument("--show-held-out", action="store_true", help="also print each failure of part b")
    parser.add_argument("--subsets", type=int, metavar="N", help="only the a+c grouping over N draws of 70 %%")
    args = parser.parse_args()
    root = shared_dir() / "data" / "world-dev"
    if args.subsets:
        _subsets(root, args.subsets)
        return
    crosscheck = Path(sys.executable).with_name("crosscheck")
    with tempfile.TemporaryDirectory() as scratch:
        records, brief = Path(scratch) / "world-dev.jsonl", Path(scratch) / "brief.json"
        subprocess.run([sys.executable, str(root / "to_jsonl.py"), str(records)], check=True, capture_output=True)
        with brief.open("wb") as out:
            subprocess.run([str(crosscheck), "brief", str(records), "--format", "json"], check=True, stdout=out)
        for part, golds in PARTS:
            lines = _check(root, brief, golds)
            detail = args.show_held_out if part == "b" else args.failures and part != "a+c"
            print(f"part {part}: {lines[-1]}")
            if detail:
                print("\n".join(f"    {line}" for line in lines[:-1]))


def _check(root: Path, brief: Path, golds: tuple[str, ...]) -> list[str]:
    """The lines ``check.py`` prints for these gold files (the last is the summary)."""
    command = [sys.executable, str(root / "check.py"), str(brief), "--gold", *(str(root / g) for g in golds)]
    result = subprocess.run(command, capture_output=True, text=True)
    return result.stdout.strip().splitlines() or [result.stderr.strip()]


def _subsets(root: Path, draws: int, keep: float = 0.7) -> None:
    """B3 of the a+c grouping over ``draws`` random subsets (``--subsets``)."""
    from collections import Counter

    from b3 import b_cubed

    from crosscheck.engines.steps import group, prepare_article
    from crosscheck.events.partition import Node
    from crosscheck.ingest import iter_inputs

    gold = {
        f"{path.split('/')[0]}-{path.split('/')[-1][:2]}": slug
        for name in ("gold-a.json", "gold-c.json")
        for slug, paths in json.loads((root / name).read_text())["grouping"]["events"].items()
        for path in paths
    }
    with tempfile.TemporaryDirectory() as scratch:
        records = Path(scratch) / "world-dev.jsonl"
        subprocess.run([sys.executable, str(root / "to_jsonl.py"), str(records)], check=True, capture_output=True)
        features = {a.id: prepare_article(a)[1] for a in iter_inputs([str(records)]) if a.id in gold}
    scores, splits, merges = [], Counter(), Counter()
    for seed in range(draws):
        draw = random.Random(seed)
        kept = [doc_id for doc_id in sorted(features) if draw.random() < keep]
        events = group([Node(k, doc_id, features[doc_id]) for k, doc_id in enumerate(kept)])
        scores.append(b_cubed({d: str(k) for k, event in enumerate(events) for d in event}, {d: gold[d] for d in kept})[2])
        slugs = [{gold[d] for d in event} for event in events]
        merges.update(" + ".join(sorted(s)) for s in slugs if len(s) > 1)
        splits.update(slug for slug, parts in Counter(s for ss in slugs for s in ss).items() if parts > 1)
    print(f"a+c over {draws} draws of {keep:.0%}: mean B3 F1 {sum(scores) / len(scores):.3f}, lowest {min(scores):.3f}")
    print("split in draws: " + (", ".join(f"{slug} {n}" for slug, n in splits.most_common()) or "none"))
    print("merged in draws: " + (", ".join(f"{pair} {n}" for pair, n in merges.most_common()) or "none"))


if __name__ == "__main__":
    main()
