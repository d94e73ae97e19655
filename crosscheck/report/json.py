"""The JSON record of a brief (schema ``crosscheck/brief@1``)."""

from __future__ import annotations

import json

from crosscheck.facts import Brief


def render_json(brief: Brief) -> str:
    return json.dumps(brief.to_json(), ensure_ascii=False, indent=2) + "\n"
