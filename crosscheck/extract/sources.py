"""Cited sources: the agencies, outlets, broadcasters and officials an article attributes things to.

``extract`` reports every source the article *cites* (a reporting verb, "according to", "told",
"cited", "showed", "posted"): the attribution cues themselves are found by
``crosscheck.extract.attribution``, so sources, quotes and the attribution of figures all read
attribution the same way, and outlets are named by the registry (``crosscheck.extract.outlets``).
An organisation that is merely named is not a cited source.
"""

from __future__ import annotations

from typing import Iterator

from crosscheck.extract.attribution import cues
from crosscheck.model import SourceMention
from crosscheck.nlp.document import AnalyzedDoc

EXTRACTOR = "sources"


def extract(doc: AnalyzedDoc) -> Iterator[SourceMention]:
    """Every source the article cites, once per sentence and name, with the sentence as evidence."""
    for sentence in doc.sentences:
        seen: set[str] = set()
        for cue in cues(sentence):
            if cue.name is None or cue.name in seen:
                continue
            seen.add(cue.name)
            yield SourceMention(
                evidence=sentence.evidence,
                anchor=sentence.span(cue.start, cue.end),
                extractor=EXTRACTOR,
                name=cue.name,
                source_kind=cue.kind,
                surface=cue.surface,
            )

