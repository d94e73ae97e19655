"""The Jinja2 environment (autoescape on) and static assets of the HTML report, shared with the web view.

The brief's sections (``_brief.html``), the stylesheet and the evidence viewer script live here,
under ``report/``; the web app adds its own pages by naming its template package, so the offline
report never imports the web stack.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Mapping

from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined, pass_context
from markupsafe import Markup, escape

from crosscheck.report.view import cited_documents, figure_line, number, relays, safe_link

PACKAGE = "crosscheck.report"


@pass_context
def _doc_label(context: Any, doc_id: str) -> str:
    """Name of a document on the page, from the ``labels`` mapping of the render call."""
    labels: Mapping[str, str] = context.get("labels") or {}
    return labels.get(doc_id, doc_id)


@pass_context
def _relays(context: Any, source: Any) -> tuple[str, ...]:
    """``relays`` with the render call's ``labels``: what a cited source's relays add, if anything."""
    return relays(source, context.get("labels") or {})


def code_spans(text: str) -> Markup:
    """Text with its `backticked` parts as ``<code>``, the rest escaped (API descriptions are
    CommonMark; their code spans are the only markup they use)."""
    parts = str(text).split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick is a character, not markup
        return escape(text)
    return Markup("").join(Markup("<code>{}</code>").format(part) if odd else escape(part)
                           for odd, part in ((i % 2 == 1, p) for i, p in enumerate(parts)))


@lru_cache(maxsize=None)
def environment(*pages: str) -> Environment:
    """Templates of ``crosscheck/report/templates``, after those of the packages named in ``pages``
    (a package with a ``templates`` folder, such as the web app's), all with autoescape."""
    loaders = [PackageLoader(package, "templates") for package in (*pages, PACKAGE)]
    env = Environment(
        loader=ChoiceLoader(loaders),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["doc_label"] = _doc_label
    env.filters["basename"] = lambda path: str(path).replace("\\", "/").rsplit("/", 1)[-1]
    env.filters["code_spans"] = code_spans
    env.globals.update(line=figure_line, cited=cited_documents, relays=_relays, number=number, safe_link=safe_link,
                       doc_href=None)  # the web view gives ``doc_href`` (document id -> its page); the report has none
    return env


def static_directory() -> Path:
    """The folder of the stylesheet and the evidence viewer script (served by the web view at ``/static``)."""
    return Path(str(files(PACKAGE).joinpath("static")))


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """Text of a file in ``crosscheck/report/static`` (our own code, never document data)."""
    return files(PACKAGE).joinpath("static", name).read_text(encoding="utf-8")


def inline_script(name: str) -> tuple[Markup, str]:
    """A static script to inline, and its CSP source (``sha256-...``) so only it may run."""
    code = asset(name)
    if "</script" in code.lower():
        raise ValueError(f"{name} cannot be inlined: it contains a closing script tag")
    digest = base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii")
    return Markup(code), f"sha256-{digest}"
