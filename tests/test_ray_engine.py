"""The Ray engine on a local Ray instance gives the local engine's events, briefs and documents.

Same corpus through both engines (made-up incidents over three years in several time partitions,
the Kerman seeds without dates, bad inputs): every row of both Parquet tables must be equal.
Skipped where Ray is not installed (``pip install -e '.[test]'`` brings it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from crosscheck.engines import get_engine  # noqa: E402
from crosscheck.engines.output import read_rows  # noqa: E402
from engine_corpus import bridged_reports, write_corpus  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
KERMAN = REPO / "examples" / "kerman"


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _system_config={"enable_metrics_collection": False})
    yield
    ray.shutdown()


def rows(folder: Path, name: str) -> list[dict]:
    key = "event_id" if name == "events" else "doc_id"
    return sorted(read_rows(folder, name), key=lambda r: r[key])


def test_ray_engine_equals_local_engine(tmp_path: Path, local_ray: None) -> None:
    corpus = write_corpus(tmp_path, KERMAN, n_incidents=8)
    local = get_engine("local", workers=1).run([corpus], tmp_path / "local")
    remote = get_engine("ray", workers=2, parts=3, batch_size=4).run([corpus], tmp_path / "ray")

    assert (remote.documents, remote.events, remote.failed) == (local.documents, local.events, local.failed) == (27, 9, 3)
    assert remote.problems == local.problems
    events = rows(tmp_path / "ray", "events")
    assert events == rows(tmp_path / "local", "events")
    assert sorted(r["n_documents"] for r in events) == [3] * 9
    assert rows(tmp_path / "ray", "documents") == rows(tmp_path / "local", "documents")
    assert len(remote.worker_peak_mb) >= 1 and all(mb > 50 for mb in remote.worker_peak_mb.values())
    assert remote.worker_cpu_s.keys() == remote.worker_peak_mb.keys() and all(s > 0 for s in remote.worker_cpu_s.values())


def test_ray_engine_splits_components_as_the_local_engine(tmp_path: Path, local_ray: None) -> None:
    """A bridge (``engine_corpus.bridged_reports``) joins two stories in one link component; with
    the two-level rule both engines split it the same way, across partitions. A town's shootings
    (``test_recurring``) share names that recur, which both engines find the same way."""
    import json
    from dataclasses import replace

    from crosscheck.events.grouping import DEFAULT_PARAMS
    from test_recurring import WEEKS, corpus as town_shootings

    corpus = write_corpus(tmp_path, KERMAN, n_incidents=4)
    (corpus / "e-bridge.jsonl").write_text("\n".join(json.dumps(r) for r in bridged_reports()) + "\n", encoding="utf-8")
    town = [{"id": a.id, "title": a.title, "text": a.text, "published": a.published, "url": a.url} for a in town_shootings()]
    (corpus / "f-town.jsonl").write_text("\n".join(json.dumps(r) for r in town) + "\n", encoding="utf-8")
    params = replace(DEFAULT_PARAMS, threshold=0.2, event_threshold=0.3, linkage="weighted", recurring_weeks=WEEKS)
    local = get_engine("local", workers=1, params=params).run([corpus], tmp_path / "local")
    remote = get_engine("ray", workers=2, parts=3, batch_size=4, params=params).run([corpus], tmp_path / "ray")
    events = rows(tmp_path / "ray", "events")
    assert events == rows(tmp_path / "local", "events") and remote.events == local.events
    groups = {frozenset(r["documents"]) for r in events}
    assert {frozenset({"a1", "a2"}), frozenset({"m", "b1", "b2"})} <= groups
    # without the recurring names these two shootings merge under these params (test_recurring's names bonus);
    # the first two, told before any name recurred and ten days apart, may be one (as in test_recurring)
    assert {frozenset({"s2-o0", "s2-o1"}), frozenset({"s3-o0", "s3-o1"})} <= groups
    assert rows(tmp_path / "ray", "documents") == rows(tmp_path / "local", "documents")
