"""Measure the claims, places and dates extractors on real US gun-violence reports (SemEval-2018 GVA).

What it prints, side by side:
- dates: accuracy of the extracted event date against the Gun Violence Archive's incident date,
  with the baseline "the event happened on the publication date (dct)";
- places: how often the GVA city/county and state are among the extracted places;
- claims: mentions per label, and a random sample of claims for hand checking (``--show N``);
- speed: documents/second for the three extractors together, end to end from the text file.

With ``--corpus ecbplus`` it reads ECB+ instead (bombings, earthquakes, shootings... no gold
dates or places used): claim labels, the hand-check sample and speed only.

Usage: .venv/bin/python bench/eval_claims.py [--corpus gva|ecbplus] [--n 600] [--seed 7] [--show 0]
Skips (exit 0) when the shared data folder is absent. Reads CROSSCHECK_SHARED like the tests.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import re
import sys
import time
from collections import Counter
from datetime import date, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from crosscheck.extract import claims, dates, places  # noqa: E402
from crosscheck.model import Article, ClaimMention, PlaceKind  # noqa: E402
from crosscheck.nlp.document import AnalyzedDoc, parser  # noqa: E402


def gva_dir() -> Path | None:
    root = Path(os.environ.get("CROSSCHECK_SHARED", REPO.parent / "shared"))
    folder = root / "data" / "semeval2018t5-gva"
    return folder if (folder / "manifest.csv").is_file() else None


def load_sample(folder: Path, n: int, seed: int) -> list[tuple[Article, dict[str, str]]]:
    """``n`` single-incident documents with a GVA date, as Articles published on their dct."""
    with open(folder / "incidents.csv", encoding="utf-8") as handle:
        incidents = {row["incident_id"]: row for row in csv.DictReader(handle) if row["date"]}
    with open(folder / "manifest.csv", encoding="utf-8") as handle:
        rows = [r for r in csv.DictReader(handle) if r["n_incidents"] == "1" and r["incident_ids"] in incidents]
    random.Random(seed).shuffle(rows)
    sample = []
    for row in rows[:n]:
        text = (folder / row["file"]).read_text(encoding="utf-8")
        article = Article(id=row["doc_id"], text=text, source=row["file"], published=row["dct"])
        sample.append((article, incidents[row["incident_ids"]]))
    return sample


def load_ecbplus(n: int, seed: int) -> list[tuple[Article, dict[str, str]]] | None:
    """``n`` random ECB+ documents (no publication date in the export), or ``None`` without data."""
    root = Path(os.environ.get("CROSSCHECK_SHARED", REPO.parent / "shared"))
    folder = root / "data" / "ecbplus"
    if not (folder / "manifest.csv").is_file():
        return None
    with open(folder / "manifest.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    random.Random(seed).shuffle(rows)
    return [(Article(id=r["doc_id"], text=(folder / r["file"]).read_text(encoding="utf-8"), source=r["file"]), {})
            for r in rows[:n]]


def gva_date(row: dict[str, str]) -> date:
    return datetime.strptime(row["date"], "%B %d, %Y").date()


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--n", type=int, default=600)
    options.add_argument("--seed", type=int, default=7)
    options.add_argument("--show", type=int, default=0, help="print this many random claims for hand checking")
    options.add_argument("--corpus", choices=("gva", "ecbplus"), default="gva")
    args = options.parse_args()
    folder = gva_dir()
    sample = load_ecbplus(args.n, args.seed) if args.corpus == "ecbplus" else (
        load_sample(folder, args.n, args.seed) if folder else None)
    if not sample:
        print(f"skipped: {args.corpus} data not found (set CROSSCHECK_SHARED)")
        return 0
    parser()  # load the spaCy model before timing
    warm = AnalyzedDoc(sample[0][0])  # first calls compile regexes and load dateparser's data
    for module in (claims, places, dates):
        list(module.extract(warm))
    results = []
    stages = Counter()
    started = time.perf_counter()
    for article, incident in sample:
        tick = time.perf_counter()
        doc = AnalyzedDoc(article)
        stages["split"] += time.perf_counter() - tick
        found = {}
        for name, module in (("claims", claims), ("places", places), ("dates", dates)):
            tick = time.perf_counter()
            found[name] = list(module.extract(doc))
            stages[name] += time.perf_counter() - tick
        found_claims, found_places, found_dates = found["claims"], found["places"], found["dates"]
        parsed = sum(1 for s in doc.sentences if s._parsed is not None)
        results.append((article, incident, found_claims, found_places, found_dates, parsed, len(doc.sentences)))
    elapsed = time.perf_counter() - started

    print(f"command: .venv/bin/python bench/eval_claims.py --corpus {args.corpus} --n {args.n} --seed {args.seed}")
    if args.corpus == "gva":
        print(f"data: {folder} ({len(sample)} single-incident documents with a GVA date)")
        report_dates(results)
        report_places(results)
    else:
        print(f"data: ECB+ ({len(sample)} documents)")
    report_claims(results, args.show, args.seed)
    parsed = sum(r[5] for r in results)
    total = sum(r[6] for r in results)
    print(f"speed: {len(sample) / elapsed:.1f} docs/s for claims+places+dates (incl. sentence split), "
          f"{parsed}/{total} sentences parsed by spaCy ({100 * parsed / max(total, 1):.1f}%)")
    print("time per document: " + ", ".join(f"{k} {1000 * v / len(sample):.1f} ms" for k, v in stages.items()))
    return 0


def report_dates(results: list) -> None:
    exact = base = any_hit = answered = 0
    for article, incident, _, _, found, _, _ in results:
        truth = gva_date(incident)
        guess = dates.event_date(found, article)
        published = article.published_at.date() if article.published_at else None
        base += published == truth
        if guess is not None:
            answered += 1
            exact += guess == truth
        any_hit += any(m.value == truth for m in found)
    n = len(results)
    print(f"dates: event date given for {answered}/{n}; exact {exact}/{answered} = {100 * exact / max(answered, 1):.1f}% "
          f"of answered ({100 * exact / n:.1f}% of all); GVA date among mentions {100 * any_hit / n:.1f}%")
    print(f"dates baseline (publication date = event date): {base}/{n} = {100 * base / n:.1f}%")


def _norm(name: str) -> str:
    name = re.sub(r"\s*\(.*?\)", "", name.lower())
    return name.replace(" county", "").replace("saint ", "st. ").strip()


def report_places(results: list) -> None:
    city = state = any_place = 0
    for _, incident, _, found, _, _, _ in results:
        names = {(_norm(p.name), p.place_kind) for p in found}
        any_place += bool(found)
        city += any(n == _norm(incident["city_or_county"]) for n, k in names if k is PlaceKind.CITY)
        state += any(n == incident["state"].lower() for n, k in names if k is PlaceKind.PROVINCE)
    n = len(results)
    print(f"places: any place {100 * any_place / n:.1f}%; GVA city/county found {100 * city / n:.1f}%; "
          f"GVA state found {100 * state / n:.1f}%")


def report_claims(results: list, show: int, seed: int) -> None:
    labels = Counter()
    all_claims: list[tuple[Article, ClaimMention]] = []
    for article, _, found, _, _, _, _ in results:
        for mention in found:
            labels[mention.label] += 1
            all_claims.append((article, mention))
    n = len(results)
    print(f"claims: {len(all_claims)} mentions in {n} documents; top labels:")
    for label, count in labels.most_common(25):
        print(f"  {count:5d}  {label}")
    if show:
        random.Random(seed).shuffle(all_claims)
        if show < 0:  # negative: the rarer labels only (everything but "shooting")
            all_claims, show = [c for c in all_claims if c[1].label != "shooting"], -show
        for article, mention in all_claims[:show]:
            flags = ("neg " if mention.negated else "") + ("hedged " if mention.hedged else "")
            sentence = mention.evidence.text(article).replace("\n", " ")
            print(f"--- [{mention.kind.value}] {mention.label} {flags}| by {mention.attributed_to}\n    {sentence}")


if __name__ == "__main__":
    raise SystemExit(main())
