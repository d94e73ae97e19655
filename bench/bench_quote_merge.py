"""Merging the quotes of one large event: the candidate groups of ``reconcile/quotes.py`` beside a
comparison with every group, on the same quotes.

Each pool is one event: every quote of ECB+ or of the GVA pool (``../shared/data``), or of one
long report made of GVA reports joined with blank lines (``bench_long_inputs.concatenated``, KB
given). The quotes are extracted once and named alike (as ``reconcile_event`` does); then only the
merge is timed. Per pool: quotes in, quotes out, the fuzzy comparisons made (one by one and in
rapidfuzz's batches), CPU seconds, and a digest of the merged quotes. ``--every-group`` also merges
by comparing each quote with every group it may join (the merge before the index) and says
whether the two give the same quotes.

    .venv/bin/python bench/bench_quote_merge.py --pools long:1000 long:4000 ecb --every-group
    .venv/bin/python bench/bench_quote_merge.py --pools gva          # 6,295 reports: extraction takes minutes
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from data import article, ecb_records, gva_records  # noqa: E402


def pool(name: str) -> tuple[list, dict]:
    """The named-alike quotes and the articles of one pool."""
    from crosscheck.extract import extract_article
    from crosscheck.model import Article, QuoteMention
    from crosscheck.reconcile.sources import named_alike

    if name.startswith("long:"):
        from bench_long_inputs import concatenated

        articles = [Article(id="long", text=concatenated(int(name[5:]) * 1024), source="long.txt")]
    else:
        articles = [article(r) for r in (ecb_records() if name == "ecb" else gva_records())]
    extractions = [extract_article(a) for a in articles]
    mentions = named_alike(m for e in extractions for m in e.mentions)
    return [m for m in mentions if isinstance(m, QuoteMention)], {e.article.id: e.article for e in extractions}


def every_group(mentions: list, articles: dict) -> list:
    """The merge before the index: each quote, longest first, compared with every group it may join."""
    from crosscheck.reconcile import quotes

    groups: list[list] = []
    blocks: dict[str | None, list[list]] = {}
    for mention in sorted(mentions, key=lambda q: -len(q.text)):
        block = quotes._speaker_block(mention.speaker)
        for group in groups if block is None else blocks.get(block, []) + blocks.get(None, []):
            if quotes._belongs(mention, group):
                group.append(mention)
                break
        else:
            groups.append([mention])
            blocks.setdefault(block, []).append(groups[-1])
    merged = [quotes._quote(group, articles) for group in groups]
    merged.sort(key=lambda q: (-len({e.document for e in q.evidence}), q.speaker is None))
    return merged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pools", nargs="+", default=["long:1000", "long:4000", "ecb"], help="ecb, gva or long:KB")
    parser.add_argument("--every-group", action="store_true", help="also merge by comparing with every group")
    args = parser.parse_args()

    from rapidfuzz import fuzz

    from crosscheck.reconcile import quotes

    compared = 0

    def counted(a: str, b: str, **options: object) -> float:
        nonlocal compared
        compared += 1
        return fuzz.partial_ratio(a, b, **options)

    plain, counting = quotes.fuzz, SimpleNamespace(partial_ratio=counted, token_set_ratio=fuzz.token_set_ratio)
    print("| pool | quotes in | without speaker | merge | quotes out | comparisons | CPU s | digest |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.pools:
        mentions, articles = pool(name)
        unattributed = sum(1 for m in mentions if not m.speaker)
        digests = []
        for label, merge in [("candidate groups", quotes.reconcile_quotes)] + [("every group", every_group)] * args.every_group:
            # timed as it runs; comparisons counted in a second run (a Python scorer slows rapidfuzz's batches)
            started = time.process_time()
            merged = merge(mentions, articles)
            cpu = time.process_time() - started
            compared, quotes.fuzz = 0, counting
            try:
                merge(mentions, articles)
            finally:
                quotes.fuzz = plain
            digest = hashlib.sha256("\n".join(repr(q) for q in merged).encode()).hexdigest()[:16]
            digests.append(digest)
            print(f"| {name} | {len(mentions):,} | {unattributed:,} | {label} | {len(merged):,} | {compared:,} | {cpu:.2f} | {digest} |", flush=True)
        if len(digests) == 2:
            print(f"| {name} | | | | {'same quotes' if digests[0] == digests[1] else 'DIFFERENT quotes'} | | | |")


if __name__ == "__main__":
    main()
