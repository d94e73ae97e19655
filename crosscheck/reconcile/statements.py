"""Which of a report's statements of a kind are its own figure, and which recall earlier ones.

Reports lead with their toll and then count parts ("two of the wounded were teens", "three others
were treated") or other things that extraction cannot always tell apart; a figure marked as a
revision ("has since", "rose to", "now stands at") replaces the lead. Earlier figures the report
recalls ("initially", "on Wednesday the toll was 101") are kept: they are earlier points of the
timeline. So for a kind that accumulates, one report contributes one figure of its own.
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping

from crosscheck.model import Article, FigureKind, FigureMention, Stage
from crosscheck.reconcile.timeline import recalled_earlier

_REVISION = (Stage.REVISED, Stage.CORRECTED, Stage.LATEST)


def document_toll_mentions(
    mentions: Iterable[FigureMention], articles: Mapping[str, Article] | None = None
) -> dict[str, FigureMention]:
    """The mention that gives each document's own figure of one kind: its first, unless a later
    one is marked as a revision. Earlier figures it recalls and ranges give none."""
    toll: dict[str, FigureMention] = {}
    for mention in sorted(mentions, key=lambda m: m.anchor.reading_key):
        if not isinstance(mention.value, (int, float)) or _recalled(mention, articles):
            continue
        doc = mention.evidence.doc
        revised = mention.stage in _REVISION
        if doc not in toll or (revised and toll[doc].stage not in _REVISION) or (revised and mention.stage is toll[doc].stage):
            toll[doc] = mention
    return toll


def document_statements(kind: str, mentions: list[FigureMention], articles: Mapping[str, Article]) -> list[FigureMention]:
    """The statements of one slot that enter its timeline: every one for a kind that does not
    accumulate; for one that does, each report's own figure, the earlier ones it recalls, and the
    figures it sets against its own (``_set_against``)."""
    if not FigureKind(kind).spec.accumulates:
        return mentions
    tolls = document_toll_mentions(mentions, articles)
    own = {(m.evidence.doc, m.value) for m in tolls.values()}
    # who gave each report's own figure: the headline that states it may name no one
    givers: dict[str, set[str]] = {}
    for m in mentions:
        if (m.evidence.doc, m.value) in own and m.attributed_to:
            givers.setdefault(m.evidence.doc, set()).add(m.attributed_to)
    return [
        m for m in mentions
        if _recalled(m, articles) or not isinstance(m.value, (int, float)) or (m.evidence.doc, m.value) in own
        or _set_against(m, tolls.get(m.evidence.doc), givers.get(m.evidence.doc, set()), articles)
    ]


# A report that says its sources disagree: "the discrepancy reflects...", "estimates have varied
# widely", "a separate U.N. agency estimated", "put the toll at 32 in a separate statement", "conflicting figures", "has not changed its estimate".
_DISAGREEMENT = re.compile(
    r"\b(?:discrepanc(?:y|ies)|conflicting\s+(?:figures|tolls|reports|accounts|numbers|estimates)|"
    r"(?:figures|tolls|estimates|numbers|counts|accounts)\s+(?:have\s+|has\s+)?(?:varied|vary|differ(?:ed)?)|"
    r"a\s+separate\s+(?:[\w.'’-]+\s+){0,3}(?:estimate[sd]?|put|count(?:ed)?|statement|tally)|"
    r"(?:has\s+not|hasn['’]t|did\s+not|didn['’]t)\s+change[sd]?\s+its\s+(?:\w+\s+)?(?:estimate|figure|toll|count)|"
    r"disputed\s+(?:the\s+)?(?:figure|toll|count|number))",
    re.IGNORECASE,
)


def _set_against(mention: FigureMention, own: FigureMention | None, givers: set[str], articles: Mapping[str, Article]) -> bool:
    """Whether a report gives ``mention`` as another source's figure beside its own: a different
    value from a named source that gave none of the report's own (``givers``), where the report
    says its sources disagree (``_DISAGREEMENT``) or the other source states the whole toll in so
    many words ("the commission said 23 had been killed; the minister put the toll at 19": a
    ``figures.toll`` reading). A second source's plain count may be a part the rules did not see
    ("a hospital spokesman said two people died at the hospital"), and is not set against it."""
    if own is None or mention is own or not mention.attributed_to or not givers:
        return False
    if mention.attributed_to in givers or mention.value == own.value:
        return False
    stated_as_toll = mention.extractor == _TOLL_READING and mention.stage is None
    return stated_as_toll or _DISAGREEMENT.search(articles[mention.evidence.doc].text) is not None


_TOLL_READING = "figures.toll"  # "put the toll at 19", "the death toll stood at 34"


def _recalled(mention: FigureMention, articles: Mapping[str, Article] | None) -> bool:
    if articles is None:
        return mention.stage is Stage.INITIAL
    return recalled_earlier(mention, articles)
