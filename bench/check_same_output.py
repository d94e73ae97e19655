"""Dump everything ingest produces for the first N documents of a corpus (GVA or ECB+), to prove a
speed change or a restructuring changes no output: run it before and after, then ``diff`` (or
compare the printed digest).

Run:  PYTHONPATH=. .venv/bin/python bench/check_same_output.py OUT.txt [--limit 1000] [--corpus GVA|ECB+]

The documents go through the real ingest path (JSON lines -> ``iter_inputs``: language, furniture),
then, per document: its sentences, background sentences, every mention (the store's JSON encoding)
and its grouping features. Then the same extractions are grouped into a fresh SQLite store and its
rows are dumped (heads, events, mentions, terms, documents; timestamps left out), which covers the
store writes and the grouping. Extraction runs in this process, so the dump does not depend on
worker scheduling.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from data import ecb_records, gva_records, write_jsonl  # noqa: E402

_STORE_DUMPS = (
    "SELECT doc_id, version, digest, event_id, day, features FROM heads ORDER BY doc_id",
    "SELECT id, title, date, kind, places, outlets, headline, n_docs, search, revision FROM events ORDER BY id",
    "SELECT id, doc_id, version, class, kind, start, data FROM mentions ORDER BY id",
    "SELECT rowid, term, day, doc_id FROM terms ORDER BY rowid",
    "SELECT doc_id, version, digest, source, outlet, url, published, title, language, furniture, sentences, background"
    " FROM documents ORDER BY doc_id, version",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--limit", type=int, default=1000)
    parser.add_argument("--corpus", choices=["GVA", "ECB+"], default="GVA")
    args = parser.parse_args()

    from crosscheck.corpus import Corpus
    from crosscheck.engines.steps import document_features
    from crosscheck.extract import extract_article
    from crosscheck.ingest import iter_inputs
    from crosscheck.model import Article
    from crosscheck.store.codec import encode_mention

    records = gva_records(args.limit) if args.corpus == "GVA" else islice(ecb_records(), args.limit)
    path = write_jsonl(records, "check.jsonl")
    items = list(iter_inputs([path]))
    articles = [a for a in items if isinstance(a, Article)]
    extractions = {}
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(f"# {len(articles)} articles, {len(items) - len(articles)} problems\n")
        for item in items:
            if not isinstance(item, Article):
                out.write(f"problem {item}\n")
        for article in articles:
            extraction = extractions[article.id] = extract_article(article)
            out.write(f"doc {article.id} lang={article.language} furniture={list(article.furniture)}\n")
            out.write(f"  sentences {[(s.start, s.end) for s in extraction.sentences]}\n")
            out.write(f"  background {[(s.start, s.end) for s in extraction.background]}\n")
            for mention in extraction.mentions:
                name, data = encode_mention(mention)
                out.write(f"  {name} {json.dumps(data, sort_keys=True)}\n")
            out.write(f"  features {document_features(extraction).to_json()}\n")
        db = Path(tempfile.mkdtemp(prefix="crosscheck-check-")) / "check.db"
        with Corpus(db, extract=lambda article: extractions[article.id]) as store:
            store.add(iter(articles))
            for sql in _STORE_DUMPS:
                out.write(f"## {sql}\n")
                for row in store._db.execute(sql):
                    out.write(json.dumps(row) + "\n")
    # the temporary directory is in problem lines and stored sources: name it the same every run
    args.out.write_text(args.out.read_text(encoding="utf-8").replace(str(path.parent), "<tmp>"), encoding="utf-8")
    shutil.rmtree(path.parent)
    shutil.rmtree(db.parent)
    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()
    print(f"{len(articles)} articles -> {args.out} sha256 {digest}")


if __name__ == "__main__":
    main()
