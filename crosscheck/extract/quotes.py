"""Direct quotes: words an article puts in someone's mouth, with the speaker and their role.

Quotes are found per paragraph, not per sentence, because the sentencizer splits inside quotes
("... evacuating the injured. But there are ..."): a quote's ``evidence`` runs from the start of
the first sentence it touches to the end of the last, its ``anchor`` is the quoted words.

The speaker comes from the attribution cues of ``crosscheck.extract.attribution``: the cue after
the quote ('"...," X told state television'), else the cue before it ('X said that "..."',
'X told Iranian state television: "..."'), else, for "he/she ...", the previous speaker. A
paragraph that is nothing but a quote, right after a paragraph with an attributed quote,
continues that speaker (the news convention for long quotes). Decisions, documented here because they shape the output:

- Scare quotes and terms are not quotes of a speaker: a quote of fewer than four words is kept
  only when it is clearly attributed speech (a speech verb or a speaker right next to it); a
  quote in Title Case is a title and is skipped.
- A quote with no speaker found is kept with ``speaker=None``: it is still evidence.
- ``partial`` marks a fragment worked into the writer's own sentence ('hampered by "waves of
  crowds..."'), as opposed to a full statement introduced by a speech verb or a colon.
- ``background`` marks words said of another event: a quote in a sentence or clause about one
  ("X described him in 2020 as '...'", ``crosscheck.extract.background``), or a reaction right
  after a sentence that tells another attack ("... was killed in Beirut. Iran condemned the attack,
  saying '...'"). They are kept, apart from the quotes about this event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Iterator

from crosscheck.extract.attribution import NAMES_NO_ONE, Cue, cue_for, cues, introduces_a_person, previous_speaker
from crosscheck.extract.background import is_background
from crosscheck.extract.context import background_indices, reacts_after_background
from crosscheck.model import QuoteMention, SourceKind
from crosscheck.nlp.document import TITLE_ABBREVIATIONS, AnalyzedDoc, Sentence
from crosscheck.nlp.regex import gate_patterns

EXTRACTOR = "quotes"
MIN_WORDS = 4
_WORD = re.compile(r"[\w][\w'’-]*")
_SPEECH_BEFORE = re.compile(
    r"(?:\b(?:said|says|say|told|tells|added|adds|stated|wrote|writes|posted|tweeted|declared|asked|"
    r"replied|explained|warned|insisted|continued|that|saying|adding|telling)\s*[,:]?|[:,])\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Quote:
    start: int  # opening mark, view offsets
    end: int  # after the closing mark (or paragraph end when the quote runs on)
    inner_start: int
    inner_end: int
    closed: bool


@dataclass(frozen=True, slots=True)
class _Speaker:
    name: str | None
    role: str | None
    adjacent: bool


def extract(doc: AnalyzedDoc) -> Iterator[QuoteMention]:
    """Every direct quote of the article, in text order.

    A quote with no speaker that runs on to its paragraph's end is held back one paragraph: when
    the next paragraph opens by closing it ('... their homes," the spokesman said.'), the two are
    one passage broken into lines, and the speaker named at its close said both.
    """
    last: QuoteMention | None = None
    held: QuoteMention | None = None
    ran_on = False  # the paragraph before ended inside a quote
    for paragraph in _paragraphs(doc):
        quotes = list(_quotes(doc.view.text, paragraph[0].start, paragraph[-1].end, continues=ran_on))
        ran_on = bool(quotes) and not quotes[-1].closed
        current: QuoteMention | None = None
        for quote in quotes:
            mention = _mention(doc, paragraph, quote, current or last, same_paragraph=current is not None)
            if mention is None:
                continue
            if held is not None:
                continued = current is None and quote.inner_start == paragraph[0].start and mention.speaker
                yield replace(held, speaker=mention.speaker, role=mention.role, attributed_to=mention.speaker) if continued else held
                held = None
            current = mention
            if not quote.closed and mention.speaker is None:
                held = mention
            else:
                yield mention
        if held is not None and current is not held:
            yield held
            held = None
        last = current
    if held is not None:
        yield held


def _paragraphs(doc: AnalyzedDoc) -> Iterator[list[Sentence]]:
    """Runs of sentences with no line break between them."""
    group: list[Sentence] = []
    for sentence in doc.sentences:
        if group and "\n" in doc.view.text[group[-1].end : sentence.start]:
            yield group
            group = []
        group.append(sentence)
    if group:
        yield group


# Opening marks, and the marks that close each: English curly and straight quotes, typewriter
# doubled marks (``...'' and "...'': the Pacific "Ring of Fire'' is a closed quote, not one that runs
# on to the paragraph's end), and German low-high quotes („...“: the high “ closes).
_MARK = re.compile(r'[“"„]|``')
_CLOSERS = ("”", '"', "''")
_CLOSERS_OF = {"„": ("“", "”", '"')}
# 'a resolution entitled "Condemning ..."', 'a group called "..."': a name, not words someone said
_NAMING = re.compile(r"\b(?:entitled|titled|called|named|dubbed|headlined|nicknamed|known\s+as)\s*$")
_INCH = re.compile(r'(?<=\d)"')
_ANY_MARK = re.compile(r'[“"”]')


def _closes(text: str, at: int, end: int) -> bool:
    """Whether the mark at ``at`` can only close a quote: a curly closing mark, or a straight one
    right after the quoted sentence's punctuation and before a space (',"' then ' he said')."""
    if text[at] == "”":
        return not (text[at - 1].isdigit() or text[at - 1].isspace())  # 6’1” is a height; ' ” As' opens
    return text[at] == '"' and text[at - 1] in ",.!?;" and (at + 1 >= end or text[at + 1].isspace())


def _quotes(text: str, start: int, end: int, continues: bool = False) -> Iterator[_Quote]:
    """Pairs of curly or straight double quotes in ``text[start:end]``; an unclosed quote runs on.

    A curly opening quote may be closed by a straight one in sloppy copy. When the paragraph
    before ended inside a quote (``continues``) and this one's first mark closes a quote ('... of
    their homes," the spokesman said.'), copy broke one quoted passage into lines: the quote runs
    from the paragraph's start.
    """
    i = start
    if text.find('"', start, end) >= 0 and _INCH.search(text, start, end):  # the find skips the lookbehind at every position
        text = text[:start] + _INCH.sub(" ", text[start:end]) + text[end:]  # 13" is an inch mark, same length
    first = _ANY_MARK.search(text, start, end)
    if continues and first is not None and first.start() > start and _closes(text, first.start(), end):
        yield _Quote(start, first.end(), start, first.start(), True)
        i = first.end()
    while True:
        opening = _MARK.search(text, i, end)
        if opening is None:
            return
        o, inner = opening.start(), opening.end()
        found = [(k, len(c)) for c in _CLOSERS_OF.get(opening.group(), _CLOSERS) if (k := text.find(c, inner, end)) >= 0]
        if not found:
            yield _Quote(o, end, inner, end, False)
            return
        j, width = min(found)
        yield _Quote(o, j + width, inner, j, True)
        i = j + width


def _mention(
    doc: AnalyzedDoc,
    paragraph: list[Sentence],
    quote: _Quote,
    last: QuoteMention | None,
    same_paragraph: bool = False,
) -> QuoteMention | None:
    """``last`` is the quote before: earlier in this paragraph (``same_paragraph``) or the last
    of the paragraph before. A quote with no cue of its own continues its speaker."""
    text = doc.view.text
    inner_start, inner_end = _trim(text, quote.inner_start, quote.inner_end)
    if inner_end <= inner_start:
        return None
    words = _WORD.findall(text[inner_start:inner_end])
    if not words or _is_title(words) or _NAMING.search(text, max(0, quote.start - 30), quote.start):
        return None
    involved = [s for s in paragraph if s.start < quote.end and quote.start < s.end]
    if not involved:
        return None
    first, final = involved[0], involved[-1]
    speaker = _speaker(first, final, quote)
    whole_paragraph = not re.search(r"\w", text[paragraph[0].start : quote.start] + text[quote.end : paragraph[-1].end])
    pronoun = speaker.name is None and speaker.adjacent
    # a later quote of the same paragraph continues its speaker only when it opens a sentence
    same_paragraph = same_paragraph and bool(re.search(r"(?:^|[.!?][\"”’]?)\s*$", text[first.start : quote.start]))
    continues = whole_paragraph or same_paragraph or pronoun
    if speaker.name is None and last is not None and last.speaker is not None and continues and not _someone_else_between(doc, last, quote):
        speaker = _Speaker(last.speaker, last.role, True)
    no_cue = speaker.name is None and not speaker.adjacent  # not "..., the report said": a cue naming no one
    if no_cue and not text[first.start : quote.start].strip() and not _NAME_AFTER.search(text, quote.end, final.end):
        speaker = _paraphrased_before(paragraph, first) or speaker
    if len(words) < MIN_WORDS and not speaker.adjacent:
        return None
    partial = _is_partial(first, final, quote)
    return QuoteMention(
        background=_about_another_event(doc, first, final, inner_start, inner_end),
        evidence=doc.view.span(first.start, final.end),
        anchor=doc.view.span(inner_start, inner_end),
        extractor=EXTRACTOR,
        attributed_to=speaker.name,
        speaker=speaker.name,
        role=speaker.role,
        text=text[inner_start:inner_end],
        partial=partial,
    )


def _about_another_event(doc: AnalyzedDoc, first: Sentence, final: Sentence, start: int, end: int) -> bool:
    """Whether the quoted words ``[start, end)`` (view offsets) are said of another event: their
    sentences are about one, their clause is, or they react to one (module doc)."""
    background = background_indices(doc)
    if first.index in background and final.index in background:
        return True
    if is_background(first, max(start - first.start, 0), min(end, first.end) - first.start):
        return True
    return reacts_after_background(first, background, end=max(start - first.start, 0))  # the narrative's verb, not the quote's


def _someone_else_between(doc: AnalyzedDoc, last: QuoteMention, quote: _Quote) -> bool:
    """Whether a sentence between the last quote and this one introduces another person as its
    subject ("The rector, Milena Kralickova, was also there. '...,' she said."): the quote is not
    the last speaker's."""
    return any(
        introduces_a_person(s) for s in doc.sentences if last.evidence.end <= s.start < quote.start
    )


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Drop spaces and the trailing comma a quote carries before its attribution."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",;"):
        end -= 1
    return start, end


def _is_title(words: list[str]) -> bool:
    """A quoted title or name ("The Art of the Deal"): every content word capitalised."""
    small = {"of", "the", "a", "an", "and", "in", "on", "for", "to", "at", "by"}
    content = [w for w in words if w.lower() not in small]
    return bool(content) and len(words) <= 8 and all(w[0].isupper() for w in content) and words[0][0].isupper() and len(words) > 1


# A capitalised word after a quote, in its sentence: someone the rules may not read as its speaker
# ('"...," lamented her grandmother Rose Douglas'), so the sentence before does not speak it.
_NAME_AFTER = re.compile(r"\b[A-Z][a-z]")
_MEDIA_KINDS = frozenset({SourceKind.AGENCY, SourceKind.OUTLET, SourceKind.BROADCASTER, SourceKind.MEDIA})


def _paraphrased_before(paragraph: list[Sentence], sentence: Sentence) -> _Speaker | None:
    """The speaker of the sentence before, in the same paragraph, for a quote that opens its own
    sentence with no cue: "He said the first blast took place at the entrance. “A few minutes
    later, another blast occurred inside a mosque.”" (news goes on from a paraphrase to the
    speaker's own words)."""
    before = [s for s in paragraph if s.end <= sentence.start]
    if not before:
        return None
    # who speaks there, not the outlet told ("X tells CBS 6 that ...": an outlet does not speak the words)
    speaking = [c for c in cues(before[-1]) if c.speaker and c.kind not in _MEDIA_KINDS]
    resolved = {_resolve(before[-1], cue, adjacent=True) for cue in speaking}
    named = {r for r in resolved if r.name is not None}
    return named.pop() if len({r.name for r in named}) == 1 else None


def _speaker(first: Sentence, final: Sentence, quote: _Quote) -> _Speaker:
    """Who speaks: the cue after the quote, else the cue before it, else the previous speaker."""
    after = _cue_after(final, quote)
    if after is not None:
        return _resolve(final, after, adjacent=True)
    start = quote.start - first.start
    end = min(quote.end, first.end) - first.start
    before = cue_for(first, start, end)
    if before is not None and before.end <= start:
        between = first.text[before.end : start]
        adjacent = bool(_SPEECH_BEFORE.search(first.text, max(0, start - 30), start)) and len(between) < 80
        return _resolve(first, before, adjacent=adjacent)
    return _Speaker(None, None, False)


def _cue_after(final: Sentence, quote: _Quote) -> Cue | None:
    """A speaker cue right after the closing mark ('...," X said' / '..." reports IRNA')."""
    if not quote.closed:
        return None
    close = quote.end - final.start
    if close < 0 or close > len(final.text):
        return None
    start = max(quote.start - final.start, 0)
    cue = cue_for(final, start, close)
    if cue is None or cue.start < close:
        return None
    between = _ABBREVIATION.sub("", final.text[close : cue.start])
    if re.search(r"[.!?]", between) or cue.start - close > 60:
        return None
    return cue


# Periods between a quote and its cue that end no sentence: titles (spaCy's and ours), initials.
_ABBREVIATION = re.compile(
    r"\b(?:" + "|".join(title[:-1] for title in TITLE_ABBREVIATIONS) + r"|Dr|Mr|Mrs|Ms|Gov|Sen|Rep|Gen|St|Jr|Rev|[A-Z])\."
)


def _resolve(sentence: Sentence, cue: Cue, adjacent: bool) -> _Speaker:
    if cue.name is None:
        return _Speaker(previous_speaker(sentence, before=cue.start), None, adjacent)  # "he said": the last named speaker
    if cue.name in NAMES_NO_ONE:  # a document or a medium: the quote keeps no speaker rather than a thing
        return _Speaker(None, None, adjacent)
    return _Speaker(cue.name, cue.role, adjacent)


def _is_partial(first: Sentence, final: Sentence, quote: _Quote) -> bool:
    """A fragment inside the writer's own sentence, not a statement introduced as a whole."""
    before = first.text[: max(quote.start - first.start, 0)]
    opens_statement = not before.strip() or bool(_SPEECH_BEFORE.search(before, max(0, len(before) - 30)))
    after = final.text[min(quote.end - final.start, len(final.text)) :].strip()
    ends_statement = not after or after[0] in ".!?,;" or bool(re.match(r"^[A-Z\w]", after) and _ends_with_cue(after))
    return not (opens_statement and ends_statement)


def _ends_with_cue(after: str) -> bool:
    return bool(re.search(r"\b(?:said|says|told|reported|reports|added|wrote|stated|posted)\b", after))


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
