"""Language of an article: metadata when given, else a cheap guess with py3langid.

py3langid ships its model in the wheel (no download), loads in about a second once per process
and classifies the first few thousand characters of an article in under a millisecond. A guess
below ``MIN_CONFIDENCE`` (title-only pages, tables of numbers) is left as None rather than made up.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

MIN_CONFIDENCE = 0.5
SAMPLE_CHARS = 1000


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True, min_confidence=MIN_CONFIDENCE)


def normalise_language(tag: str | None) -> str | None:
    """Primary subtag of a language tag, lower case: ``"en-US"`` -> ``"en"``; junk -> None."""
    if not tag or not isinstance(tag, str):
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary.isalpha() and 2 <= len(primary) <= 3 else None


def detect_language(text: str) -> str | None:
    """ISO 639-1 code of the text's language, or None when the guess is not confident."""
    code, _ = _identifier().classify(text[:SAMPLE_CHARS])
    return None if code == "und" else code
