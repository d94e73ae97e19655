"""A self-contained HTML page for one brief: ``crosscheck brief DIR --format html > brief.html``.

The page works offline and alone: CSS, the evidence viewer script and the texts of the cited
documents are inline (texts as JSON in a ``<script type="application/json">`` block, escaped so
``</script>`` in a text cannot end it). A Content-Security-Policy allows only that one script
(by hash) and no network access. Everything from documents is escaped by Jinja2's autoescape
and placed by the viewer with ``textContent``; only http(s) URLs become links.

The sections and the evidence viewer live here; the web view (``crosscheck serve``) uses them too.
"""

from __future__ import annotations

from typing import Mapping

from markupsafe import Markup

from crosscheck.facts import Brief
from crosscheck.model import Article
from crosscheck.report.templating import asset, environment, inline_script
from crosscheck.report.timeline import timeline_svg
from crosscheck.report.view import brief_views, document_labels, payload


def render_html(brief: Brief, articles: Mapping[str, Article]) -> str:
    """The brief as one HTML page; ``articles`` gives the texts the evidence panel shows.

    A document missing from ``articles`` still appears, its evidence shown as the quoted
    sentences alone.
    """
    views = brief_views(brief)
    script, script_hash = inline_script("evidence.js")
    labels = document_labels(brief.documents)
    return environment().get_template("report.html").render(
        brief=brief,
        views=views,
        labels=labels,
        timelines=[timeline_svg(view, brief.documents) for view in views],
        data=payload(views, brief.documents, articles),
        css=Markup(asset("crosscheck.css")),
        script=script,
        script_hash=script_hash,
    )
