"""The Jinja2 environment (autoescape on) and static assets shared by the report and the server.

Kept free of FastAPI so ``crosscheck brief --format html`` does not import the web stack.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from importlib.resources import files
from typing import Any, Mapping

from jinja2 import Environment, PackageLoader, StrictUndefined, pass_context
from markupsafe import Markup

from crosscheck.web.view import figure_label, figure_value, number, safe_link


@pass_context
def _doc_label(context: Any, doc_id: str) -> str:
    """Name of a document on the page, from the ``labels`` mapping of the render call."""
    labels: Mapping[str, str] = context.get("labels") or {}
    return labels.get(doc_id, doc_id)


@lru_cache(maxsize=1)
def environment() -> Environment:
    """Templates from ``crosscheck/web/templates`` with autoescape for every template."""
    env = Environment(
        loader=PackageLoader("crosscheck.web", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["doc_label"] = _doc_label
    env.filters["basename"] = lambda path: str(path).replace("\\", "/").rsplit("/", 1)[-1]
    env.globals.update(figure_label=figure_label, figure_value=figure_value, number=number, safe_link=safe_link)
    return env


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """Text of a file in ``crosscheck/web/static`` (our own code, never document data)."""
    return files("crosscheck.web").joinpath("static", name).read_text(encoding="utf-8")


def inline_script(name: str) -> tuple[Markup, str]:
    """A static script to inline, and its CSP source (``sha256-...``) so only it may run."""
    code = asset(name)
    if "</script" in code.lower():
        raise ValueError(f"{name} cannot be inlined: it contains a closing script tag")
    digest = base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii")
    return Markup(code), f"sha256-{digest}"
