"""World-dev: crosscheck's brief of real reports of 21 world events against the analysts' gold.

Makes the JSON-lines records with the data's own ``to_jsonl.py``, briefs them all at once with
``crosscheck brief --format json`` (grouping included: the events are crosscheck's own), and
scores the brief with the data's ``check.py`` per part: grouping B3 F1 and the timeline checks
(latest toll current, one current per kind, no trap current, earlier values superseded).

Part b is held out: no rule was written from it. By default only its summary line is printed,
so that reading its failures stays a deliberate act (``--show-held-out``).

    .venv/bin/python bench/eval_world_dev.py                 # a, c, a+c and b summaries
    .venv/bin/python bench/eval_world_dev.py --failures      # also each failure of a and c
"""

from __future__ import annotations

import argparse
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
    args = parser.parse_args()
    root = shared_dir() / "data" / "world-dev"
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


if __name__ == "__main__":
    main()
