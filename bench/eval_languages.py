"""Which language packs read the shared corpora: the languages ingest gives their reports, and the
reports no pack reads (they lose the English rules: no figure, claim or quote is read from them).

Reads every report as ``crosscheck ingest`` does (the JSON-lines reader: metadata, else py3langid),
and prints, per corpus, the count of each language, the reports of a language without a pack (id,
language, text length, headline) and how many mentions the English rules read from those before.
world-dev is read from the folders its gold files ``gold-a.json`` and ``gold-c.json`` list (part b
is held out).

    .venv/bin/python bench/eval_languages.py [--corpus gva ecb world-dev]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))

from data import ecb_records, gva_records, shared_dir  # noqa: E402

from crosscheck import lang  # noqa: E402
from crosscheck.extract import extract_article  # noqa: E402
from crosscheck.model import Article  # noqa: E402
from crosscheck.pipeline import read_articles  # noqa: E402


def world_dev_records() -> Iterator[dict]:
    """The world-dev texts of parts a and c as JSON-lines records (as the data's ``to_jsonl.py``)."""
    root = shared_dir() / "data" / "world-dev"
    for gold in ("gold-a.json", "gold-c.json"):
        for files in json.loads((root / gold).read_text(encoding="utf-8"))["grouping"]["events"].values():
            for name in files:
                head, _, text = (root / name).read_text(encoding="utf-8").partition("\n\n")
                record = {"id": f"{name.split('/')[0]}-{name.split('/')[-1][:2]}", "text": text}
                url = re.search(r"^URL: (\S+)", head, re.M)
                if url:
                    record["url"] = url.group(1)
                yield record


CORPORA = {"gva": gva_records, "ecb": ecb_records, "world-dev": world_dev_records}


def _as_english(article: Article) -> Article:
    """The same article read as English: what the English rules read from it before packs."""
    return replace(article, language="en")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", nargs="*", default=list(CORPORA), choices=list(CORPORA))
    args = parser.parse_args()
    print("command:", " ".join(["bench/eval_languages.py", *sys.argv[1:]]))
    print("packs:", ", ".join(lang.languages()), f"(unknown language read as {lang.DEFAULT_LANGUAGE})")
    with tempfile.TemporaryDirectory() as scratch:
        for name in args.corpus:
            path = Path(scratch) / f"{name}.jsonl"
            with path.open("w", encoding="utf-8") as out:
                for record in CORPORA[name]():
                    out.write(json.dumps({k: v for k, v in record.items() if k in ("id", "title", "text", "published", "url")}) + "\n")
            articles, _ = read_articles([path])
            languages = Counter(article.language or "unknown" for article in articles)
            unread = [article for article in articles if lang.pack_for(article.language) is None]
            print(f"\n{name}: {len(articles)} reports; languages {dict(languages.most_common())}")
            print(f"  read by no pack: {len(unread)} ({len(unread) / max(1, len(articles)):.2%})")
            for article in unread:
                title = (article.title or "").replace("\n", " ")[:70]
                print(f"    {article.id} {article.language} {len(article.text)} chars,"
                      f" English rules read {len(extract_article(_as_english(article)).mentions)} mentions: {title!r}")


if __name__ == "__main__":
    main()
