"""Process CPU per document of each step of the extraction worker's per-document work, in
``extract_article``'s order (AnalyzedDoc, each extractor, assembling the Extraction, grouping features).

One pass over GVA documents ``--skip``..``--skip + --limit`` after a warm-up on the first ``--skip``
(so spaCy's vocabulary and the word caches are as in a long-running worker, and no text is read
twice). Compare two trees by running it alternately with each on ``PYTHONPATH`` (CPU time, not
wall-clock, so a loaded machine still gives comparable figures).

Run:  PYTHONPATH=. .venv/bin/python bench/time_worker.py [--limit 1000] [--skip 300]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from data import gva_records, write_jsonl  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=1000)
    parser.add_argument("--skip", type=int, default=300)
    args = parser.parse_args()

    from crosscheck.engines.steps import document_features, prepare_or_error
    from crosscheck.extract import assemble
    from crosscheck.extract.headline import reading_article
    from crosscheck.ingest import iter_inputs
    from crosscheck.lang import extractors, load, pack_for
    from crosscheck.model import Article

    records = list(gva_records(args.skip + args.limit))
    warm = [a for a in iter_inputs([write_jsonl(records[: args.skip], "time_worker_warm.jsonl")]) if isinstance(a, Article)]
    articles = [a for a in iter_inputs([write_jsonl(records[args.skip :], "time_worker.jsonl")]) if isinstance(a, Article)]
    for article in warm:
        prepare_or_error(article)
    spent: dict[str, float] = {}

    def timed(name: str, start: float) -> float:
        now = time.process_time()
        spent[name] = spent.get(name, 0.0) + now - start
        return now

    for article in articles:
        start = time.process_time()
        pack = pack_for(article.language or "en")
        reading, offset = reading_article(article)
        doc = load(pack.document)(reading)
        start = timed("doc", start)
        mentions = []
        for name, extractor in extractors(pack):
            mentions.extend(extractor(doc))
            start = timed(name, start)
        extraction = assemble(article, pack, doc, mentions, offset)
        doc.release()
        start = timed("assemble", start)
        document_features(extraction)
        timed("features", start)
    per_doc = {name: 1000 * seconds / len(articles) for name, seconds in spent.items()}
    print(f"{len(articles)} GVA documents after {len(warm)} warm-up, process CPU ms/doc: total {sum(per_doc.values()):.2f}  "
          + "  ".join(f"{name} {ms:.2f}" for name, ms in per_doc.items()))


if __name__ == "__main__":
    main()
