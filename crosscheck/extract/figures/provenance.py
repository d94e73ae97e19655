"""What every figure mention carries besides its value: its stage (initial, revised, latest) from
the cue words near it, its attribution, and a tidy value."""

from __future__ import annotations

from crosscheck.extract.attribution import attribution_of
from crosscheck.extract.figures.vocabulary import _STAGE_CUES, _STAGE_WORDS
from crosscheck.model import Stage
from crosscheck.nlp.document import Sentence
from crosscheck.nlp.words import has_any


def _tidy(value: float) -> float:
    return float(round(value, 3))


def _stage(text: str, at: int = 0) -> Stage | None:
    """The stage the cue words give the figure at ``at``: the nearest cue before it ("initially
    told ... that 20", "but police later said 6"), else the first after it ("103 were killed,
    according to new reports")."""
    cues = sorted(
        (m.start(), stage)
        for pattern, stage in _STAGE_CUES
        if stage not in _STAGE_WORDS or has_any(text, _STAGE_WORDS[stage])
        for m in pattern.finditer(text)
    )
    before = [stage for start, stage in cues if start < at]
    if before:
        return before[-1]
    return cues[0][1] if cues else None


def _attribution(sentence: Sentence, start: int, end: int) -> str | None:
    return attribution_of(sentence, start, end)


