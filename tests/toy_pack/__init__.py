"""A toy language pack, laid out as a folder of ``crosscheck/lang/`` would be: Esperanto ("eo"),
reading one pattern, "<number> homoj mortis" (<number> people died), as the killed toll.

It lives with the tests, outside ``crosscheck/lang/``, so the tests add it with
``crosscheck.lang.register(PACK)`` (CONTRIBUTING.md, "Adding a language").
"""

from __future__ import annotations

import re
from typing import Iterator

from crosscheck.lang import LanguagePack
from crosscheck.model import FigureKind, FigureMention
from crosscheck.nlp.document import AnalyzedDoc

_DEATHS = re.compile(r"\b(\d+) homoj mortis\b")


def extract(doc: AnalyzedDoc) -> Iterator[FigureMention]:
    """One killed figure per "<number> homoj mortis", citing its sentence."""
    for sentence in doc.sentences:
        for match in _DEATHS.finditer(sentence.text):
            yield FigureMention(
                evidence=sentence.evidence,
                anchor=sentence.span(match.start(1), match.end(1)),
                extractor="eo-deaths",
                kind=FigureKind.KILLED,
                value=float(match.group(1)),
                unit="people",
            )


PACK = LanguagePack(codes=("eo",), extractors={"deaths": "toy_pack"})
