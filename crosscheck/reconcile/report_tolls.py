"""How many people one report counts killed and injured: a grouping feature the brief's rules give.

(Distinct from ``reconcile.victims``, which reads the victims of one event across its reports.)

Two reports of one incident mostly count the same victims; two shootings of one city and week
mostly do not (``events.grouping.values_penalty``). The count is the report's own figures reconciled
as the brief reconciles one report's (``reconcile_figures``), so grouping reads tolls the way the
brief states them; it is computed with the extraction, before grouping, which knows nothing of
reconciliation.
"""

from __future__ import annotations

from crosscheck.model import Extraction, FigureMention
from crosscheck.reconcile.figures import headline_of, reconcile_figures


def stated_victims(extraction: Extraction) -> float | None:
    """The report's current killed plus injured tolls; ``None`` when it states neither."""
    mentions = [m for m in extraction.mentions if isinstance(m, FigureMention) and m.kind.value in ("killed", "injured")]
    if not mentions:
        return None
    figures, _ = reconcile_figures(mentions, {extraction.article.id: extraction.article})
    tolls = headline_of(figures)
    if "killed" not in tolls and "injured" not in tolls:
        return None
    return tolls.get("killed", 0.0) + tolls.get("injured", 0.0)
