"""Measure ingest on the real crawls of the shared data: speed, furniture, titles, dates.

    .venv/bin/python bench/eval_ingest.py [--show 0]

(1) Speed: documents per second for ``iter_inputs`` over the 6,295 GVA docs (files read,
decoded, furniture marked, title/date read), with and without language detection, and the
peak memory (the directory is streamed, never held at once).
(2) Furniture on the same docs: documents with furniture, ranges marked, whole lines vs trailing
stamps; ``--show N`` prints N random marked lines for hand checking.
(3) Titles read from a headline line vs the manifest's ``title`` (the page title the corpus
builders stored), and ``published`` read from a "Posted:/Published:" header stamp vs the
manifest's ``dct`` (the organisers' document date, which for some pages is the update date).

Needs the shared data folder (env CROSSCHECK_SHARED, default ../shared next to the repo).
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import resource
import sys
import time
from collections import Counter
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crosscheck.ingest import IngestOptions, IngestProblem, iter_inputs  # noqa: E402
from crosscheck.model import Article  # noqa: E402


def gva_dir() -> Path:
    shared = Path(os.environ.get("CROSSCHECK_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    folder = shared / "data" / "semeval2018t5-gva"
    if not (folder / "docs").is_dir():
        sys.exit(f"GVA data not found under {shared} (set CROSSCHECK_SHARED)")
    return folder


def speed(docs: Path) -> None:
    for detect in (False, True):
        started = time.perf_counter()
        items = Counter(type(item).__name__ for item in iter_inputs([docs], options=IngestOptions(detect_language=detect)))
        seconds = time.perf_counter() - started
        print(f"  detect_language={detect!s:5}: {items['Article']} articles, {items['IngestProblem']} problems, "
              f"{seconds:.1f} s, {items['Article'] / seconds:.0f} docs/s")
    print(f"  peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")


def quality(folder: Path, show: int) -> None:
    manifest = {row["file"].split("/")[-1][:-4]: row for row in csv.DictReader((folder / "manifest.csv").open())}
    counts: Counter[str] = Counter()
    marked: list[str] = []
    for item in iter_inputs([folder / "docs"], options=IngestOptions(detect_language=False)):
        if isinstance(item, IngestProblem):
            counts["problems"] += 1
            continue
        assert isinstance(item, Article)
        _furniture(item, counts, marked)
        _title_and_date(item, manifest[item.id], counts)
    print(f"  furniture: {counts['with furniture']} of {counts['docs']} docs, {counts['ranges']} ranges "
          f"({counts['whole lines']} whole lines, {counts['ranges'] - counts['whole lines']} trailing stamps)")
    print(f"  title vs manifest: {counts['title equal']} equal, {counts['title different']} different, "
          f"{counts['title none']} not read")
    print(f"  published vs dct: {counts['date read']} read, {counts['date same day']} same day, "
          f"{counts['date read'] - counts['date same day']} other")
    for line in random.Random(7).sample(marked, min(show, len(marked))):
        print("   |", line[:140])


def _furniture(article: Article, counts: Counter[str], marked: list[str]) -> None:
    counts["docs"] += 1
    counts["with furniture"] += bool(article.furniture)
    for start, end in article.furniture:
        counts["ranges"] += 1
        whole = start == 0 or article.text[start - 1] in "\r\n"
        counts["whole lines"] += whole
        marked.append(("" if whole else "(stamp) ") + article.text[start:end])


def _title_and_date(article: Article, row: dict[str, str], counts: Counter[str]) -> None:
    if article.title is None:
        counts["title none"] += 1
    else:
        counts["title equal" if article.title == row["title"].strip() else "title different"] += 1
    if article.published:
        counts["date read"] += 1
        counts["date same day"] += date.fromisoformat(article.published[:10]) == date.fromisoformat(row["dct"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="print N random marked furniture lines")
    args = parser.parse_args()
    folder = gva_dir()
    print(f"$ {' '.join(sys.argv)}\ndata: {folder / 'docs'} (SemEval-2018 Task 5 GVA pool)")
    print("(1) speed, 2 cores shared with other work; baseline: the 100 docs/s end-to-end budget")
    speed(folder / "docs")
    print("(2, 3) furniture, titles, dates")
    quality(folder, args.show)


if __name__ == "__main__":
    main()
