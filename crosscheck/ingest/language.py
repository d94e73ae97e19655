"""Language of an article: metadata when given, else a cheap guess with py3langid.

py3langid ships its model in the wheel (no download), loads in about a second once per process
and classifies the first thousand characters of an article's text. A guess below
``MIN_CONFIDENCE`` (title-only pages, tables of numbers, most texts of a line or two) is left as
None rather than made up, and such an article is read by the default language pack, English
(``crosscheck.lang.DEFAULT_LANGUAGE``). The language picks the rules that read the article
(``crosscheck.lang``): English texts must come out "en" or None, never a confident other language.
Language tags given by the input (an HTML ``lang``, a record's ``language``) win over the guess.

py3langid finds its byte n-gram features by walking a DFA over the sample one byte at a time in
a Python loop, which was the largest cost of reading an article (1.3 ms of 1.7 ms per GVA
document). ``_VectorIdentifier`` walks the same DFA with numpy instead (see ``_dfa_states``) and
leaves everything else (encoding, scores, aliases, threshold) to py3langid, so the guess is the
same; where the vector walk cannot be proven right for a text it uses py3langid's own loop.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

import numpy as np
from py3langid.langid import LanguageIdentifier

MIN_CONFIDENCE = 0.5
SAMPLE_CHARS = 1000

WINDOW_BYTES = 6
"""Bytes read from the DFA's start state to find its state at a position. py3langid 0.4's model
forgets everything older than its last 6 bytes: following every pair (any state, start state)
through every byte, all pairs meet after 6 bytes (checked on the installed model when this was
written). Performance only: a model that remembers more fails the check in ``_dfa_states``
and is walked byte by byte, so no guess depends on this value."""


class _VectorIdentifier(LanguageIdentifier):
    """py3langid's identifier with the per-byte DFA walk done by numpy (same features, same order)."""

    __slots__ = ("_np_nextmove", "_np_rowbase", "_np_output", "_rows")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._np_nextmove = np.frombuffer(self.tk_nextmove, dtype=np.uint32) if not isinstance(
            self.tk_nextmove, np.ndarray) else self.tk_nextmove
        self._np_rowbase = np.asarray(self._rowbase, dtype=np.int64)
        self._np_output = np.asarray(self.tk_output)
        self._rows = _ConvertedRows(self.nb_ptc, np.result_type(np.float32, self.nb_ptc.dtype))

    def _raw_score(self, text: bytes) -> Any:
        counted = self._feature_counts(text)
        if counted is None:  # no feature, or the vector walk could not be checked: py3langid's loop
            return super()._raw_score(text)
        features, counts = counted
        # py3langid's _sparse_score on the same arrays (its dict of counts, read in the same order);
        # the model's rows already converted to the type the product is computed in
        return np.log1p(counts) @ self._rows.take(features) + self.nb_pc

    def _feature_counts(self, text: bytes) -> tuple[np.ndarray, np.ndarray] | None:
        """Features and their counts in first-seen order, as py3langid's ``visit_counts`` gives them
        (``intp`` and ``float32``, the arrays its ``_sparse_score`` builds from them)."""
        codes = np.frombuffer(text, dtype=np.uint8).astype(np.int64)
        states = _dfa_states(self._np_nextmove, self._np_rowbase, codes)
        if states is None:
            return None
        found = self._np_output[states]
        found = found[found >= 0]
        if not len(found):
            return None
        by_feature = np.argsort(found, kind="stable")
        ordered = found[by_feature]
        starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
        counts = np.diff(np.append(starts, len(ordered)))
        seen_first = np.argsort(by_feature[starts])  # first positions are distinct
        return ordered[starts][seen_first].astype(np.intp), counts[seen_first].astype(np.float32)


class _ConvertedRows:
    """Rows of the model's table of per-class scores, converted once to the product's type.

    py3langid stores the table in float16 and multiplies the counts (float32) with the rows of a
    text's features, so numpy converts ~440 x 142 float16 values to float32 for every text, which
    cost more than the whole product. Each row is converted the first time a text uses it and kept
    (rows of the features seen so far only: ~570 bytes each, at most the 57 MB of the whole table
    converted). Same values as numpy's own conversion in the product, so the same scores.
    """

    __slots__ = ("_table", "_slot", "_rows", "_count", "_lock")

    def __init__(self, table: np.ndarray, dtype: np.dtype) -> None:
        self._table = table
        self._slot = np.full(len(table), -1, dtype=np.intp) if table.dtype != dtype else None
        self._rows = np.empty((64, table.shape[1]), dtype=dtype)
        self._count = 0
        self._lock = threading.Lock()

    def take(self, features: np.ndarray) -> np.ndarray:
        """The rows of ``features`` (distinct ids), as ``table[features]`` converted to the product's type."""
        if self._slot is None:  # the table is in that type already: nothing to convert
            return self._table[features]
        with self._lock:
            slots = self._slot[features]
            new = features[slots < 0]
            if len(new):
                start, end = self._count, self._count + len(new)
                if end > len(self._rows):
                    size = min(len(self._table), max(end, 2 * len(self._rows)))
                    grown = np.empty((size, self._rows.shape[1]), dtype=self._rows.dtype)
                    grown[:start] = self._rows[:start]
                    self._rows = grown
                self._rows[start:end] = self._table[new]
                self._slot[new] = np.arange(start, end)
                self._count = end
                slots = self._slot[features]
            return self._rows[slots]


def _dfa_states(nextmove: np.ndarray, rowbase: np.ndarray, codes: np.ndarray) -> np.ndarray | None:
    """The DFA state after each byte of ``codes``, or ``None`` when that cannot be vouched for.

    Each position reads its last ``WINDOW_BYTES`` bytes from the start state, all positions at
    once (WINDOW_BYTES numpy steps instead of one Python step per byte). The result is then
    checked as a whole: a sequence of states is the DFA's run exactly when each state is the
    move of the one before on its byte, so a model that remembers more than the window is
    detected here and the caller walks it byte by byte.
    """
    n = len(codes)
    if n == 0:
        return None
    states = np.zeros(n, dtype=np.int64)
    for back in range(min(WINDOW_BYTES, n) - 1, -1, -1):
        states[back:] = nextmove[rowbase[states[back:]] + codes[: n - back]]
    previous = np.empty(n, dtype=np.int64)
    previous[0] = 0
    previous[1:] = states[:-1]
    if not np.array_equal(nextmove[rowbase[previous] + codes], states):
        return None
    return states


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE

    try:
        return _VectorIdentifier.from_model_file(MODEL_FILE, norm_probs=True, min_confidence=MIN_CONFIDENCE)
    except AttributeError:  # a py3langid whose internals the vector walk does not know: its own loop
        return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True, min_confidence=MIN_CONFIDENCE)


def detect_language(text: str) -> str | None:
    """ISO 639-1 code of the text's language, or None when the guess is not confident."""
    code, _ = _identifier().classify(text[:SAMPLE_CHARS])
    return None if code == "und" else code
