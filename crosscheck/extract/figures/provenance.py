"""What every figure mention carries besides its value: its stage (``stages``), its attribution,
and a tidy value."""

from __future__ import annotations

from crosscheck.extract.attribution import attribution_of
from crosscheck.extract.figures.stages import stage_of
from crosscheck.model import Stage
from crosscheck.nlp.document import Sentence


def _tidy(value: float) -> float:
    return float(round(value, 3))


def _stage(text: str, at: int = 0, end: int | None = None) -> Stage | None:
    """The stage the sentence gives the figure at ``text[at:end]`` (``stages.stage_of``)."""
    return stage_of(text, at, end)


def _attribution(sentence: Sentence, start: int, end: int) -> str | None:
    return attribution_of(sentence, start, end)


