"""Process CPU per document of the figures extractor, the attribution cues and the claims extractor,
timed directly (no profiler), best of 3 passes over fresh ``AnalyzedDoc``s of the first N GVA documents.

Attribution lookups are switched off inside figures and claims so each number is that extractor's own
cost; background sentences are computed before the clock starts. Use it to compare two trees on the
same (possibly loaded) machine: CPU time, not wall-clock.

Run:  PYTHONPATH=. .venv/bin/python bench/time_extractors.py [--limit 500]
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
    parser.add_argument("--limit", type=int, default=500)
    args = parser.parse_args()

    from crosscheck.extract import claims, figures
    from crosscheck.extract.figures import provenance
    from crosscheck.extract.attribution import cues
    from crosscheck.extract.background import background_sentences
    from crosscheck.ingest import iter_inputs
    from crosscheck.model import Article
    from crosscheck.nlp.document import AnalyzedDoc

    provenance.attribution_of = claims.attribution_of = lambda sentence, start, end: None
    path = write_jsonl(gva_records(args.limit), "time_extractors.jsonl")
    articles = [a for a in iter_inputs([path]) if isinstance(a, Article)]
    best: dict[str, float] = {}
    for _ in range(3):
        docs = [AnalyzedDoc(a) for a in articles]
        for doc in docs:
            background_sentences(doc)
        runs = (
            ("figures", lambda: [list(figures.extract(d)) for d in docs]),
            ("cues", lambda: [cues(s) for d in docs for s in d.sentences]),
            ("claims", lambda: [list(claims.extract(d)) for d in docs]),
        )
        for name, run in runs:
            start = time.process_time()
            run()
            best[name] = min(best.get(name, float("inf")), time.process_time() - start)
    print(f"{len(articles)} GVA documents, process CPU, best of 3: "
          + "  ".join(f"{name} {1000 * seconds / len(articles):.2f}" for name, seconds in best.items()) + " ms/doc")


if __name__ == "__main__":
    main()
