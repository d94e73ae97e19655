"""Which paragraphs of a report tell *another* incident than the event: round-ups and the like.

A city's weekend round-up ("seven dead, fourteen hurt in shootings across the city") is grouped
with one incident, but it tells one incident per paragraph: "a 24-year-old man was shot to death
in Logan Square", then "Tuesday afternoon, a 27-year-old man was shot in Uptown". The
extractor cannot know which paragraph is the event; reconciliation can, when the event has other
reports: the paragraph that shares the victims' ages, names, streets, blocks and neighbourhoods
with them is the event, and a paragraph whose own details none of the other reports share is
another incident. Its figures are set aside (``other-incident`` in the brief, with their
evidence), never counted as the event's, and its places and dates are not the event's place and
date (``reconcile_event``).

The rule is deliberately narrow, because a single-incident report also has details of its own (a
second victim's name, a street only it gives) and reports disagree on small things:

* a paragraph opens *another incident* only when it states a toll, shares no detail at all with
  the other reports, and contradicts them: it gives a block or a street where they give only
  others, or victims' ages none within a year of theirs (ages of suspects and of relatives, "his
  7-year-old", are not compared);
* the paragraphs after it continue that incident until one shares a detail with the other
  reports ("He was pronounced dead at the hospital" belongs to the paragraph before it);
* a proper word the report writes in three or more of its paragraphs is its setting, not a
  detail that makes a paragraph the event's: a city round-up names its city in every paragraph
  ("a 39-year-old Dayton man ..."), as the event's own report does. The report is still seen to tell
  the event (next point) on all its details, the setting's words included. Measured (session 23,
  2026-12-03): on the gold grouping killed = 0 1,515 -> 1,518, injured = 0 1,000 -> 1,004,
  killed > 0 and injured > 0 +1 each, no incident lost; end to end in memory (``bench/regroup.py``)
  killed = 0 1,506 -> 1,511, injured = 0 990 -> 995;
* nothing of a report is set aside unless one of its paragraphs shares at least ``_MIN_SHARED``
  details with the other reports (an age, block or street among them, or a toll in it): the
  report must be seen to tell the event before its other paragraphs can be told apart from it;
* a report that is the event's only report is left as it is: nothing tells which paragraph is the
  event (the lines of other stories on its page, ``crosscheck.reconcile.stories``, are set aside
  all the same: their shape, not the other reports, tells them). Setting aside every toll of a lone round-up was measured and not kept (it removes more
  right tolls than wrong ones; docs/evaluation-figures.md).

Details are read with plain patterns: ages ("24-year-old", "Roe, 24,", "age 24"), "the 1200
block", and capitalised words that the event's texts never write in lower case (so "Police" and
"Tuesday" are no details, "Lawndale" and "Biles" are), without compass and street-type words
("North", "Avenue"), which every city's paragraphs share.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence, TypeVar

from crosscheck.model import TEXT, AnyMention, Article, FigureKind, FigureMention
from crosscheck.nlp.document import TITLE_ABBREVIATIONS
from crosscheck.nlp.numbers import AGE_WORDS, ORDINAL_WORDS, whole_number
from crosscheck.nlp.regex import gate_patterns
from crosscheck.reconcile.stories import other_story_ranges

M = TypeVar("M", bound=AnyMention)

_MIN_SHARED = 2
# A line of this many sentences or more is paragraphs run together (``paragraphs``).
_RUN_ON_SENTENCES = 8
# Where a sentence of a run-on line may end: a full stop, "!" or "?" (closing quotes after it), space,
# then a capital, a digit or an opening quote. Cut with a pattern, not spaCy's sentencizer: this
# runs where events are reconciled, in a process that loads no spaCy (77 MB).
_SENTENCE_CUT = re.compile(r"[.!?][\"”’)]*[ \t]+(?=[\"“‘(]?[A-Z0-9])")
_TITLES = frozenset(TITLE_ABBREVIATIONS)
_SHORT_WORD = re.compile(r"\W*(?:[A-Z][a-z]{0,3}|(?:[A-Za-z]\.)*[A-Za-z])\.")
# A proper word in this many of a report's paragraphs is its setting, not a detail (``_setting``).
_SETTING_PARAGRAPHS = 3
_TOLL_KINDS = {FigureKind.KILLED, FigureKind.INJURED}

_PARAGRAPH = re.compile(r"[^\n]+")
_AGE = re.compile(
    rf"\b(\d{{1,3}}|{AGE_WORDS})[- ]years?[- ]old\b|(?<=[A-Za-z]),\s(\d{{1,2}}),|\baged?\s(\d{{1,2}})\b"
    rf"|(?-i:\b[A-Z][a-z'’-]+),\s({AGE_WORDS}),",  # "Codrick Beal, four," (ages under ten spelled out)
    re.IGNORECASE
)
_DIGIT = re.compile(r"\d")
# Without a digit or "year" no age can be stated (``_AGE``): most paragraphs skip its scan.
_AGE_HINT = re.compile(rf"\d|year|,\s{AGE_WORDS},", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_SUSPECT = re.compile(
    r"\b(?:arrest(?:ed)?|charged?|charges|suspects?|accused|custody|booked|jail|indicted|convicted|sentenced|"
    r"pleaded|gunman|shooter|defendant)\b",
    re.IGNORECASE,
)
_KIN = re.compile(r"(?:\b(?:his|her|their|its|whose|my|our|your)|['’]s)\s+$", re.IGNORECASE)
_BLOCK = re.compile(r"\b(\d{2,5})\s+block\b", re.IGNORECASE)
_STREET = re.compile(
    r"\b([A-Z][a-z]+|\d+(?:st|nd|rd|th))\s+(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.?|Drive|Lane|Place|"
    r"Court|Parkway|Terrace)"
)
_ORDINALS = {w: f"{i}{'st' if i == 1 else 'nd' if i == 2 else 'rd' if i == 3 else 'th'}" for i, w in enumerate(
    ORDINAL_WORDS[:10], start=1)}
_HOSPITAL = re.compile(
    r"(?:[A-Z][\w'’.-]*\s+){1,4}(?:Hospital|Medical\s+Cent(?:er|re)|Health\s+Cent(?:er|re)|Trauma\s+Cent(?:er|re)|Clinic)\b"
)
# "Harris County", "St. Tammany Parish": a county holds a round-up's every incident, as a city does.
_COUNTY = re.compile(r"\b(?:[A-Z][\w'’.-]*\s+){1,3}(?:County|Parish)\b")
_CAPITAL = re.compile(r"\b[A-Z][a-z][a-zA-Z'’]+\b")
# A capital after these (or at a paragraph's start) opens a sentence: it names nothing by itself.
_SENTENCE_END = frozenset('.!?:"“”—–-(')
_PUNCTUATION_CHARS = '.,;:!?"“”‘()[]{}—–/|*-'
# Each of these characters replaced by a space in one class scan: ``str.translate`` with a dict
# looked up every character of a non-ASCII text one by one, ~7x slower on the joined texts of an
# event (``_lower_words``, once per event listing).
_PUNCTUATION_CHAR = re.compile("[" + re.escape(_PUNCTUATION_CHARS) + "]")
# Words every paragraph of a city round-up may share: compass points, street types, weekdays,
# months and titles. They locate nothing by themselves.
_GENERIC = frozenset(
    "north south east west northeast northwest southeast southwest central side far near upper lower "
    "street avenue road boulevard drive lane place court way parkway highway park square "
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june "
    "july august september october november december mr mrs ms dr officer sgt lt det detective "
    "police department county city hospital medical center".split()
)


def paragraphs(text: str) -> list[tuple[int, int]]:
    """Character ranges of the non-empty lines of ``text`` (reports keep one paragraph a line); a
    line of ``_RUN_ON_SENTENCES`` or more sentences is cut into its sentences.

    Why the cut: some pages reach ingest with their paragraphs joined into one line (a scraper
    that dropped the breaks), and a round-up so joined was one paragraph that shared the event's
    details, so none of its other incidents could be set aside. No written paragraph runs to that
    many sentences; cut into sentences, the rules below read them as they read paragraphs (a
    sentence goes on with the incident before it until one shares a detail with the event).
    """
    ranges: list[tuple[int, int]] = []
    for line in _PARAGRAPH.finditer(text):
        if not line.group().strip():
            continue
        cuts = [m.end() for m in _SENTENCE_CUT.finditer(text, line.start(), line.end()) if not _abbreviated(text, m.start())]
        if len(cuts) + 1 < _RUN_ON_SENTENCES:
            ranges.append((line.start(), line.end()))
        else:
            starts = [line.start(), *cuts]
            ranges.extend(zip(starts, [*cuts, line.end()]))
    return ranges


def _abbreviated(text: str, stop: int) -> bool:
    """Whether the full stop at ``stop`` ends an abbreviation, not a sentence: a title ("Sgt."), an
    initial or letters ("J.", "U.S.", "a.m.") or a short capitalised word ("St.", "Ave.", "Mr.")."""
    word = text[text.rfind(" ", 0, stop) + 1 : stop + 1]
    return word in _TITLES or bool(_SHORT_WORD.fullmatch(word))


def details(text: str, common: frozenset[str]) -> frozenset[str]:
    """The ages, block numbers, streets and proper words of ``text`` that can tell incidents apart.

    ``common`` holds the words the event's texts also write in lower case: those are ordinary
    words at the start of a sentence or in a headline, not names. Hospital names are left out:
    the victims of a city's night are taken to the same few hospitals; so are county and parish
    names ("Harris County"): a county round-up names its county beside each of its incidents.
    """
    if "Hospital" in text or "Cent" in text or "Clinic" in text:
        text = _HOSPITAL.sub(" ", text)
    if "County" in text or "Parish" in text:
        text = _COUNTY.sub(" ", text)
    found = set(strong_details(text))
    for match in _CAPITAL.finditer(text):
        before = text[max(0, match.start() - 3) : match.start()].rstrip()
        if not before or before[-1] in _SENTENCE_END:
            continue
        word = match.group().lower().replace("’", "'")
        if word.endswith("'s"):
            word = word[:-2]
        if word not in common and word not in _GENERIC:
            found.add(word)
    return frozenset(found)


def strong_details(text: str) -> frozenset[str]:
    """Ages, block numbers and street names: details that name one victim or one place."""
    found: set[str] = set()
    if _AGE_HINT.search(text):
        found |= {f"age:{_age(m)}" for m in _AGE.finditer(text)}
    if _DIGIT.search(text):
        found |= {f"block:{m.group(1)}" for m in _BLOCK.finditer(text)}
    found |= {f"street:{_ORDINALS.get(m.group(1).lower(), m.group(1).lower())}" for m in _STREET.finditer(text)}
    return frozenset(found)


def _age(match: re.Match[str]) -> int:
    """The age an ``_AGE`` match states, in digits or words ("7", "six-year-old" 6)."""
    return whole_number(next(g for g in match.groups() if g).lower().replace(" ", "-")) or 0


def victim_ages(text: str) -> frozenset[int]:
    """Ages ``text`` gives outside sentences about a suspect ("Roe, 22, was arrested").

    A suspect's age says nothing about which victim a paragraph tells, nor does a relative's
    ("his 7-year-old picked up the gun"), so only these ages are compared when deciding that a
    paragraph tells another incident.
    """
    ages: set[int] = set()
    # An age in one of its sentences is an age of the whole text (no age pattern reaches across
    # the ".!?" and space between sentences, nor looks further than one character around it):
    # most paragraphs have none, and need not be cut into sentences.
    if not _AGE_HINT.search(text) or not _AGE.search(text):
        return frozenset()
    for sentence in _SENTENCE.split(text):
        if _SUSPECT.search(sentence):
            continue
        ages |= {
            _age(m) for m in _AGE.finditer(sentence)
            if not _KIN.search(sentence, max(0, m.start() - 8), m.start())
        }
    return frozenset(ages)


def _age_conflict(own_ages: frozenset[int], event_ages: frozenset[int]) -> bool:
    """Whether a paragraph's victims are of other ages than all the event's (one year apart agree:
    reports written on either side of a birthday)."""
    return bool(own_ages and event_ages) and all(abs(a - b) > 1 for a in own_ages for b in event_ages)


def _place_conflict(own: frozenset[str], event: frozenset[str]) -> bool:
    """Whether a paragraph gives a block or a street where the event gives only others."""
    for kind in ("block:", "street:"):
        mine = {d for d in own if d.startswith(kind)}
        theirs = {d for d in event if d.startswith(kind)}
        if mine and theirs and not mine & theirs:
            return True
    return False


def _lower_words(texts: Iterable[str]) -> frozenset[str]:
    """The words of ``texts`` as written (punctuation dropped): a word found here in lower case is
    an ordinary word wherever it is capitalised."""
    return frozenset(_PUNCTUATION_CHAR.sub(" ", " ".join(texts).replace("’", "'")).split())


@dataclass(frozen=True, slots=True)
class _Report:
    """What one report (or the union of several) gives to tell incidents apart."""

    details: frozenset[str]
    ages: frozenset[int]
    # each paragraph: start, end, its details, its victims' ages
    paragraphs: tuple[tuple[int, int, frozenset[str], frozenset[int]], ...] = ()

    @property
    def strong(self) -> bool:
        """Whether it gives an age, block or street: without one there is nothing to contradict."""
        return any(":" in d for d in self.details)


def _report(article: Article, common: frozenset[str]) -> _Report:
    title = article.title or ""
    text = article.text
    parts = tuple((a, b, details(text[a:b], common), victim_ages(text[a:b])) for a, b in paragraphs(text))
    return _Report(
        details=frozenset().union(details(title, common), *(p[2] for p in parts)),
        ages=frozenset().union(victim_ages(title), *(p[3] for p in parts)),
        paragraphs=parts,
    )


def other_incident_spans(own: _Report, others: _Report, tolls: Iterable[int]) -> list[tuple[int, int]]:
    """Ranges of a report's text that tell another incident than the one ``others`` tell.

    ``own`` is the report's paragraphs with their details, ``others`` what the event's other
    reports give, ``tolls`` the offsets of the report's killed / injured mentions (see the
    module doc for the rule).
    """
    if not others.strong:
        return []
    tolls = sorted(tolls)
    verdicts: list[tuple[int, int, str]] = []
    current = "event"
    matched = False
    setting = _setting(own)
    for start, end, mine, ages in own.paragraphs:
        states_toll = any(start <= t < end for t in tolls)
        shared_all = mine & others.details
        shared = shared_all - setting
        matched = matched or (len(shared_all) >= _MIN_SHARED and (states_toll or any(":" in d for d in shared_all)))
        if states_toll and not shared and (
            _place_conflict(mine, others.details) or _age_conflict(ages, others.ages)
        ):
            current = "other"
        elif shared:
            current = "event"
        verdicts.append((start, end, current))
    if not matched:
        return []
    return [(a, b) for a, b, v in verdicts if v == "other"]


def _setting(own: _Report) -> frozenset[str]:
    """The proper words a report writes in ``_SETTING_PARAGRAPHS`` or more of its paragraphs: its
    setting (the city of a round-up, "a 39-year-old Dayton man" paragraph after paragraph), which
    every incident it tells shares. Ages, blocks and streets are never setting: they place one
    incident."""
    counts = Counter(d for paragraph in own.paragraphs for d in paragraph[2] if ":" not in d)
    return frozenset(d for d, n in counts.items() if n >= _SETTING_PARAGRAPHS)


Ranges = Mapping[str, Sequence[tuple[int, int]]]
"""Per document id, the character ranges of its text that tell another incident."""


def other_incident_ranges(
    mentions: Iterable[FigureMention], articles: Mapping[str, Article]
) -> dict[str, list[tuple[int, int]]]:
    """Per report, the paragraphs that tell another incident than the event (see the module doc).

    ``articles`` are the event's reports, ``mentions`` their figure mentions: the killed /
    injured ones decide. With one report, only the lines of other stories on its page are found
    (``crosscheck.reconcile.stories``: headlines, teasers and captions of other stories); they are
    added to every report's ranges.
    """
    tolls: dict[str, list[int]] = {}
    for mention in mentions:
        if mention.kind in _TOLL_KINDS and mention.evidence.doc in articles and mention.evidence.part == TEXT:
            tolls.setdefault(mention.evidence.doc, []).append(mention.evidence.start)
    stories = {doc: found for doc, article in articles.items() if (found := other_story_ranges(article))}
    if len(articles) < 2 or not tolls:
        return stories
    common = _lower_words([a.text for a in articles.values()] + [a.title or "" for a in articles.values()])
    reports = {doc: _report(article, common) for doc, article in articles.items()}
    # How many reports give each detail / age: the others give it when another report does.
    detail_count = Counter(d for r in reports.values() for d in r.details)
    age_count = Counter(a for r in reports.values() for a in r.ages)
    ranges: dict[str, list[tuple[int, int]]] = {}
    for doc, starts in tolls.items():
        own = reports[doc]
        others = _Report(
            frozenset(d for d, n in detail_count.items() if n > (d in own.details)),
            frozenset(a for a, n in age_count.items() if n > (a in own.ages)),
        )
        found = other_incident_spans(own, others, starts)
        if found:
            ranges[doc] = found
    for doc, found in stories.items():
        ranges[doc] = sorted(ranges.get(doc, []) + found)
    return ranges


def split_by_ranges(mentions: Iterable[M], ranges: Ranges) -> tuple[list[M], list[M]]:
    """Mentions split into (the event's, those stated inside another incident's ``ranges``).

    The ranges are of the reports' texts: a report's headline (``Span.part`` title) is its own
    event's, never another incident's."""
    kept: list[M] = []
    aside: list[M] = []
    merged = {doc: _merged(doc_ranges) for doc, doc_ranges in ranges.items()}
    for mention in mentions:
        starts, ends = merged.get(mention.evidence.doc, ((), ())) if mention.evidence.part == TEXT else ((), ())
        at = bisect_right(starts, mention.evidence.start) - 1
        (aside if at >= 0 and mention.evidence.start < ends[at] else kept).append(mention)
    return kept, aside


def _merged(ranges: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """The starts and ends of the union of ``ranges`` (half-open), in order and apart: where a
    mention falls is found by bisection, not by trying each range (a long report has hundreds)."""
    starts: list[int] = []
    ends: list[int] = []
    for a, b in sorted(r for r in ranges if r[0] < r[1]):
        if ends and a <= ends[-1]:
            ends[-1] = max(ends[-1], b)
        else:
            starts.append(a)
            ends.append(b)
    return starts, ends


def set_aside(
    mentions: Iterable[FigureMention], articles: Mapping[str, Article], ranges: Ranges | None = None
) -> tuple[list[FigureMention], list[FigureMention]]:
    """Split figure mentions into (the event's, figures of other incidents told in its reports).

    The killed / injured mentions decide which paragraphs tell another incident (``ranges``, when
    the caller has them already); every figure stated there is that incident's (the interval
    "about 20 minutes earlier" of a round-up's next shooting too), so all of them are set aside.
    """
    mentions = list(mentions)
    if ranges is None:
        ranges = other_incident_ranges(mentions, articles)
    return split_by_ranges(mentions, ranges)


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
