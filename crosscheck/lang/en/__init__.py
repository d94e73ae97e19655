"""English: the rules crosscheck reads reports with, and the pack of unknown languages
(``crosscheck.lang.DEFAULT_LANGUAGE``).

The extractors live in ``crosscheck.extract`` and the document they read in ``crosscheck.nlp``;
this pack points at them. They look their word data up under ``LANGUAGE``: wordfreq's English
frequencies (``extract.attribution``, ``extract.sources``, ``nlp.textview``), dateparser's and
text2num's English words (``extract.dates``, ``nlp.numbers``), spaCy's English tokenizer
(``nlp.document``) and the English ``KindWords`` of the kinds registry.
"""

from __future__ import annotations

from crosscheck.lang import LanguagePack

LANGUAGE = "en"

PACK = LanguagePack(
    codes=(LANGUAGE,),
    extractors=(
        ("figures", "crosscheck.extract.figures"),
        ("claims", "crosscheck.extract.claims"),
        ("quotes", "crosscheck.extract.quotes"),
        ("sources", "crosscheck.extract.sources"),
        ("places", "crosscheck.extract.places"),
        ("dates", "crosscheck.extract.dates"),
    ),
    document="crosscheck.nlp.document:AnalyzedDoc",
    background="crosscheck.extract.background:background_sentences",
)
