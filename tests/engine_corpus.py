"""A small corpus for engine tests, written here: made-up incidents reported by several outlets.

Each incident has its own invented place and people, reports spread over a few days (a later one
revises the toll), and the incidents are spread over three years so that grouping runs in
several time partitions. The Kerman seeds (undated) and a few bad inputs are added by the caller.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

SYLLABLES = ["bar", "cor", "dun", "fel", "gar", "hol", "kes", "lam", "mor", "nid", "pell", "quin", "ros", "tav", "vel", "wick"]
KINDS = [
    ("shooting", "was shot", "gunman opened fire"),
    ("fire", "died in a blaze", "fire broke out"),
    ("explosion", "was killed in a blast", "gas explosion tore through"),
    ("crash", "died in a crash", "bus collided with a truck"),
]


def _name(i: int, salt: int) -> str:
    a = SYLLABLES[(i * 7 + salt) % len(SYLLABLES)]
    b = SYLLABLES[(i * 5 + salt * 3 + 1) % len(SYLLABLES)]
    return (a + b).title()


def incident_reports(n_incidents: int = 8) -> list[dict]:
    """JSON-lines records: three reports per incident, the third revising the toll upwards."""
    records = []
    for i in range(n_incidents):
        town, street, victim, officer = _name(i, 1) + "ton", _name(i, 2), _name(i, 3), _name(i, 4)
        kind, verb, scene = KINDS[i % len(KINDS)]
        day = date(2021, 1, 10) + timedelta(days=137 * i)
        killed, injured = 2 + i % 3, 4 + i
        texts = [
            f"{killed} people were killed and {injured} injured when a {scene} {street} Avenue in {town} on "
            f"{day:%A}, police said. Officer {officer} said {victim} {verb} near the {street} market.",
            f"Authorities in {town} said {killed} people died after a {scene} {street} Avenue. "
            f"{victim}, a local teacher, {verb}; {injured} others were taken to {town} General Hospital, "
            f"according to Officer {officer}.",
            f"The death toll from the {kind} on {street} Avenue in {town} rose to {killed + 1} on "
            f"{(day + timedelta(days=3)):%A}, Officer {officer} said. {victim} was among the dead.",
        ]
        for k, text in enumerate(texts):
            records.append({
                "id": f"inc{i}-r{k}", "title": f"{kind.title()} on {street} Avenue in {town}", "text": text,
                "published": (day + timedelta(days=(0, 1, 3)[k])).isoformat(), "url": f"https://news{k}.example/{town.lower()}/{i}",
            })
    return records


BRIDGE_A = "Brannock Quillfeather Zorvath Melkridge Tavolin Drussek Ombrel Kestwyn".split()
BRIDGE_B = "Fennimore Glaskett Hurlowe Ixtapel Jorvanne Krimble Lustrado Morvoss".split()


def bridged_reports() -> list[dict]:
    """Five records from invented words: ``a1``/``a2`` tell one story, ``b1``/``b2`` another, and
    ``m`` shares three words with the first and all of the second: a bridge for single link."""
    words = {"a1": BRIDGE_A, "a2": BRIDGE_A[:7], "m": BRIDGE_A[:3] + BRIDGE_B, "b1": BRIDGE_B, "b2": BRIDGE_B[1:]}
    return [
        {"id": doc_id, "title": "", "published": "2024-03-01",
         "text": " ".join(f"The {w} council met in {w} hall." for w in chosen)}
        for doc_id, chosen in words.items()
    ]


def write_corpus(folder: Path, kerman: Path, n_incidents: int = 8) -> Path:
    """The corpus as files under ``folder/corpus``: JSON lines in two files, the seeds, bad inputs."""
    root = folder / "corpus"
    root.mkdir(parents=True)
    records = incident_reports(n_incidents)
    half = len(records) // 2
    for name, part in (("a-feed.jsonl", records[:half]), ("b-feed.jsonl", records[half:])):
        lines = [json.dumps(r) for r in part]
        if name == "b-feed.jsonl":
            lines.insert(1, "{not json")
            clash = dict(records[0], text=records[0]["text"] + " A different second text.")
            lines.append(json.dumps(clash))
        (root / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "c-seeds").mkdir()
    for path in sorted(kerman.glob("*.txt")):
        (root / "c-seeds" / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "d-binary.bin").write_bytes(bytes(range(256)) * 4)
    return root
