"""How events are named: stable ids, so that a rerun over the same documents names them alike."""

from __future__ import annotations

import hashlib
from typing import Iterable


def event_id_of(doc_id: str) -> str:
    """An event of a store, named after the document that started it (``events.incremental``)."""
    return "ev-" + hashlib.sha1(doc_id.encode("utf-8")).hexdigest()[:12]


def event_id_for(article_ids: Iterable[str]) -> str:
    """An event of a brief or an engine run, named after all its documents: the same documents
    always give the same id."""
    digest = hashlib.sha1("\n".join(sorted(article_ids)).encode("utf-8")).hexdigest()
    return f"ev-{digest[:10]}"
