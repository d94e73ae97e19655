"""What distinguishes one news event from another, computed once per article and stored.

News about different events of the same kind (two shootings in one city, two earthquakes in one
province) share their vocabulary: "police", "shooting", "killed". What tells them apart are the
rare words (names of people, streets, towns, organisations; numbers such as a magnitude or a toll)
and *when* they were published. So an article becomes:

* ``terms``: its most distinctive words, weighted by how rare they are in English (wordfreq's
  Zipf scale: a fixed, corpus-independent weight, so the grouping does not depend on the order
  documents arrive in) and how often the article uses them; capitalised words inside a sentence
  (proper names) and words of the title count more;
* ``day``: the publication date, when known;
* ``years``: the years the text states, most frequent first (texts without a publication date,
  such as ECB+, still tell 2009 from 2013);
* ``kind``: a coarse event type from trigger words (see ``KINDS``), shown to analysts and used
  as a filter; not a hard constraint, since a trial is a follow-up of a shooting;
* ``places``: the places the extraction found (``PlaceMention``), compared with time in
  ``grouping.similarity``;
* ``identifiers``: what names one incident rather than a kind of event (``incident_identifiers``):
  a street address ("the 1200 block of North Avenue", "4512 Elm Street") and the full names of
  people the report refers back to by surname ("Jordan Baker, 21, ... Baker was taken ...").
  Two reports in different words, or a follow-up weeks later, often share little else.
* ``measures``: quantities a report states about its own event (``stated_measures``): an
  earthquake's magnitude, a named person's age; and the ages of the people it mentions, named or
  not (``stated_ages``); the times of day it gives (``stated_times``). Two events with one
  protagonist or one region share the names but not these values.
* ``site``: the host of the article's URL (``site_of``), when it has one: two pages of one site
  share its page furniture (section names, sidebars, sign-up boxes), so their words agree more
  than their events do (``grouping.similarity``).
* ``names``: the ``terms`` the text writes capitalised inside a sentence (``name_terms``): the
  names of its places and people, which two reports of one incident share and two incidents of
  one kind mostly do not (``grouping.with_names``).
* ``headline``: for a page whose text is furniture (``headline_support`` 0: not one content word of
  the headline in the text, a login box or another story under the incident's headline), the
  features of its headline and URL slug alone (``headline_features``), a second channel for
  blocking and similarity (``grouping.index_terms``, ``grouping.similarity``); ``None`` otherwise.

The title counts through its headline only: crawled titles carry the outlet's name after a
separator ("Three shot on Elm Street - WXYZ Action News 7 - Springfield"), and those words are
shared by every story of that outlet, not by one event.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module
from typing import Sequence
from urllib.parse import urlsplit

from wordfreq import get_frequency_dict, zipf_frequency

from crosscheck.extract.headline import headline_of, repeats_headline, url_slug
from crosscheck.extract.years import STREET_TYPES, not_a_year
from crosscheck.lang import DEFAULT_LANGUAGE, normalise_language
from crosscheck.model import TEXT, Article, DateMention, Extraction, FigureMention, PlaceMention
from crosscheck.nlp.numbers import AGE_WORDS, whole_number
from crosscheck.nlp.regex import gated
from crosscheck.nlp.words import WEEKDAYS_AND_MONTHS

TOP_TERMS = 40
"""Terms kept per article: enough for names, places and numbers, small enough to stay fast."""

# a word of two letters or more of any alphabet ("Viña", "Quilpué", "Behörden", "Мостар"), apostrophes
# and hyphens inside; or a number
_TOKEN = re.compile(r"[^\W\d_](?:[^\W\d_]|['’\-])*[^\W\d_]|\d+(?:[.,:]\d+)*")
# gated (crosscheck.nlp.regex): a one-class lookahead the engine can skip ahead with, same matches
_YEAR = gated(r"(?<![\d.,$])(19[5-9]\d|20[0-4]\d)(?![\d,]|\.\d)")
# a capitalised word not at the start of a line or sentence: most likely part of a name
# The capital first and the conditions on what precedes it as look-behinds that include it: the same
# matches as "(?<!...)...\b[A-Z]...", but a pattern that opens with a character class lets the regex
# engine skip to the next capital instead of testing four look-behinds at every position.
_CAPITALS = "A-ZÀ-ÖØ-Þ\u0100-\u024f\u0391-\u03a9\u0400-\u042f"
"""Capital letters a name can start with: ASCII, Latin-1's, and the ranges of Latin Extended, Greek
and Cyrillic that hold capitals (their lower-case letters are filtered out after the match)."""
_PROPER = re.compile(
    rf"[{_CAPITALS}](?<!\w[{_CAPITALS}])(?<![.!?\"“”:]\s[{_CAPITALS}])(?<![.!?\"“”:]\s\s[{_CAPITALS}])(?<!^[{_CAPITALS}])"
    rf"(?<!^\s[{_CAPITALS}])(?:[^\W\d_]|['’\-])*[^\W\d_]",
    re.M,
)

# Coarse event types, from trigger words (single words, or two-word phrases). Ties: first wins.
KINDS: dict[str, frozenset[str]] = {
    "shooting": frozenset(
        "shot shoot shooting shootings shooter shooters gunman gunmen gunfire gunshot gunshots gunpoint"
        " firearm handgun rifle".split()
        + ["opened fire", "fired shots"]
    ),
    "bombing": frozenset(
        "bomb bombs bombing bombings bomber bombers explosion explosions blast blasts exploded explodes"
        " ied detonated detonation".split()
    ),
    "hijacking": frozenset("hijack hijacked hijacking hijackers pirate pirates piracy".split()),
    "robbery": frozenset("robbery robberies robbed robber robbers heist heists thief thieves theft burglary burglars".split()),
    "earthquake": frozenset("earthquake earthquakes quake quakes tremor tremors aftershock aftershocks magnitude seismic".split()),
    "fire": frozenset("blaze blazes wildfire wildfires firefighters firefighter arson inferno".split() + ["fire broke", "burned down"]),
    "crash": frozenset("crash crashed crashes collided collision derailed derailment".split()),
    "storm": frozenset("hurricane hurricanes typhoon typhoons tornado tornadoes cyclone cyclones flood floods flooding storm storms".split()),
    "arrest/trial": frozenset("arrest arrested charged trial sentenced convicted indicted pleaded verdict jury".split()),
    "death": frozenset("died dies death obituary funeral".split() + ["passed away"]),
    "business": frozenset("acquire acquires acquired acquiring acquisition merger takeover".split() + ["buy out"]),
    "appointment": frozenset("appoint appointed appoints hired resign resigned resigns".split() + ["steps down", "step down"]),
    "product launch": frozenset("unveil unveiled unveils launch launched launches".split()),
}
_TRIGGER_KIND = {word: kind for kind, words in reversed(list(KINDS.items())) for word in words}
_WORD = re.compile(r"[a-z]+")
_PHRASE_FIRST_WORDS = frozenset(phrase.split()[0] for phrase in _TRIGGER_KIND if " " in phrase)


@dataclass(frozen=True, slots=True)
class DocFeatures:
    """The grouping features of one article (see the module docstring)."""

    day: int | None
    years: tuple[int, ...]
    kind: str | None
    terms: tuple[tuple[str, float], ...]
    places: tuple[str, ...] = ()
    stated_date: str | None = None
    identifiers: tuple[str, ...] = ()
    measures: tuple[str, ...] = ()
    site: str | None = None
    names: tuple[str, ...] | None = None
    """The ``terms`` written capitalised inside a sentence (``name_terms``); ``None`` for rows stored
    before names existed (unknown: the rules on names then leave the pair alone)."""
    headline: DocFeatures | None = None
    """For a page whose text is furniture (``headline_support`` 0), the features of its headline and
    URL slug (``headline_features``; they have no ``headline`` of their own); ``None`` for any other
    report, and for rows stored before the headline channel existed."""
    language: str | None = None
    """The report's language (ISO 639-1, ``lang.normalise_language``), ``None`` when unknown and for
    rows stored before languages were kept: two reports in different languages are compared by
    their ``crosslingual`` keys (``grouping.similarity``)."""
    named_days: tuple[int, ...] = ()
    """The days (ordinals) before its publication day that a dated report names outside its
    background sentences (``named_days``): the day of the event a follow-up tells of; none for an
    undated report and for rows stored before they were kept."""
    weights: dict[str, float] = field(default_factory=dict, init=False, compare=False, repr=False)
    measure_values: dict[str, list[float]] = field(default_factory=dict, init=False, compare=False, repr=False)
    """``measures`` parsed (``parse_measures``), once per document: ``grouping.similarity`` compares
    them for every candidate pair, and parsing both sides per pair was ~0.3 ms per ingested document.
    Both are derived, not passed (``init=False``): ``dataclasses.replace(f, measures=...)`` would
    otherwise carry the old parse along with the new measures."""

    def __post_init__(self) -> None:
        if self.terms:
            self.weights.update(self.terms)
        if self.measures:
            self.measure_values.update(parse_measures(self.measures))

    def __reduce__(self) -> tuple[type, tuple]:
        """Pickled as its stored fields only: ``weights`` and ``measure_values`` are rebuilt from them
        (a worker's result is smaller, and the copies cannot disagree with what is stored)."""
        return DocFeatures, (
            self.day, self.years, self.kind, self.terms, self.places, self.stated_date, self.identifiers, self.measures,
            self.site, self.names, self.headline, self.language, self.named_days,
        )

    def to_json(self) -> str:
        return json.dumps(self._fields(), separators=(",", ":"))

    def _fields(self) -> list:
        """The stored fields as one JSON list; the trailing optional ones (``site``, ``names``,
        ``headline`` as a nested list, ``language``, ``named_days``) up to the last that is set, so
        rows without them stay as they were written before."""
        fields = [self.day, self.years, self.kind, self.terms, self.places, self.stated_date, self.identifiers, self.measures]
        optional = [
            self.site, self.names, None if self.headline is None else self.headline._fields(), self.language,
            list(self.named_days) or None,
        ]
        while optional and optional[-1] is None:
            optional.pop()
        return fields + optional

    @classmethod
    def from_json(cls, raw: str) -> "DocFeatures":
        """Features stored by ``to_json``; rows written before identifiers (or measures, or sites)
        existed have none; rows written before names have ``names`` ``None``, rows written before
        the headline channel ``headline`` ``None``."""
        return cls._from_fields(json.loads(raw))

    @classmethod
    def _from_fields(cls, fields: list) -> "DocFeatures":
        day, years, kind, terms, places, stated, *rest = fields
        identifiers = tuple(rest[0]) if rest else ()
        measures = tuple(rest[1]) if len(rest) > 1 else ()
        site = rest[2] if len(rest) > 2 else None
        names = tuple(rest[3]) if len(rest) > 3 and rest[3] is not None else None
        headline = cls._from_fields(rest[4]) if len(rest) > 4 and rest[4] is not None else None
        language = rest[5] if len(rest) > 5 else None
        named = tuple(rest[6]) if len(rest) > 6 and rest[6] is not None else ()
        return cls(
            day, tuple(years), kind, tuple((t, w) for t, w in terms), tuple(places), stated, identifiers, measures, site, names,
            headline, language, named,
        )


def parse_measures(measures: Sequence[str]) -> dict[str, list[float]]:
    """``"@mag 5.6"`` -> ``{"@mag": [5.6]}``, ``"@age baker 21"`` -> ``{"@age baker": [21.0]}``."""
    out: dict[str, list[float]] = {}
    for measure in measures:
        key, _, value = measure.rpartition(" ")
        out.setdefault(key, []).append(float(value))
    return out


@lru_cache(maxsize=None)
def word_statistics(language: str | None) -> str:
    """The language whose word frequencies weigh a report's terms: its own when wordfreq has it or
    a close variant ("hr" -> "sh", "no" -> "nb"), else those of ``DEFAULT_LANGUAGE`` (English), as for
    a report of unknown language.

    Why: rarity is what lets names and rare words outweigh function words; measured against English,
    the function words of a French or Spanish report ("les", "dans", "los") weighed like rare names,
    and two reports of one language shared them whatever their events.
    """
    import langcodes
    from wordfreq import available_languages

    if not language or language == DEFAULT_LANGUAGE:
        return DEFAULT_LANGUAGE
    return langcodes.closest_supported_match(language, sorted(available_languages()), max_distance=9) or DEFAULT_LANGUAGE


@lru_cache(maxsize=None)
def _stop_words(language: str | None = DEFAULT_LANGUAGE) -> frozenset[str]:
    """spaCy's stop words of ``language`` (``DEFAULT_LANGUAGE``'s when unknown); none for a language
    spaCy lacks."""
    try:
        module = import_module(f"spacy.lang.{language or DEFAULT_LANGUAGE}.stop_words")
    except ModuleNotFoundError as error:
        if not (error.name or "").startswith("spacy.lang."):
            raise
        return frozenset()
    return frozenset(module.STOP_WORDS)


@lru_cache(maxsize=None)
def _frequencies(language: str = DEFAULT_LANGUAGE) -> dict[str, float]:
    """wordfreq's word frequencies of ``language`` (``word_statistics``), loaded once (a dict lookup
    per word after that)."""
    return get_frequency_dict(language)


@lru_cache(maxsize=50_000)
def _rarity_by_wordfreq(token: str, language: str = DEFAULT_LANGUAGE) -> float:
    """Numbers and hyphenated words: wordfreq's own tokenizer and digit handling (slower, cached)."""
    return max(0.0, 7.0 - zipf_frequency(token, language))


def rarity(token: str) -> float:
    """How much a word tells events apart: 0 for "the", about 5 for an unusual surname.

    ``7 - zipf`` where ``zipf = log10(frequency per billion words)``: a word used once per million
    words (Zipf 3) weighs 4, one wordfreq has never seen weighs 7.
    """
    if not token.isalpha():
        return _rarity_by_wordfreq(token)
    return _rarity_of_frequency(_frequencies().get(token, 0.0))


def _rarity_of_frequency(frequency: float) -> float:
    """``rarity`` of a plain word from its wordfreq frequency (0.0: never seen, rarity 7)."""
    zipf = math.log10(frequency * 1e9) if frequency > 0 else 0.0
    return max(0.0, 7.0 - zipf)


def analysed_text(article: Article, skip: tuple[tuple[int, int], ...] = ()) -> str:
    """The article's text with page furniture and ``skip`` ranges blanked (offsets unchanged).

    ``skip`` holds the background sentences ("the 2004 quake that killed 600"): their names and
    years belong to an older event and must not pull this article towards it.
    """
    text = article.text
    ranges = tuple(article.furniture) + skip
    if not ranges:
        return text
    chars = list(text)
    for start, end in ranges:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


# The only character whose lower case is not one character of the same kind for ``_TOKEN`` (letter,
# digit, apostrophe or hyphen, other): "İ" -> "i" + U+0307 (every code point checked, see
# tests/test_events.py). A text without it can be lower-cased before tokenizing.
_CASE_CHANGES_TOKENS = re.compile("[\u0130]")


def _token_counts(text: str) -> Counter[str]:
    """How often each ``_TOKEN`` occurs, lower-cased with "’" as "'"; a text with letters outside
    ASCII composed first (NFC: a letter and its combining accent are one letter).

    Why: lower-casing and replacing once over the text, then counting in C, costs a fraction of a
    Python call per token; it gives the same tokens unless the text holds a character whose lower
    case tokenizes differently (``_CASE_CHANGES_TOKENS``), then each token is lower-cased alone.
    """
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
        if _CASE_CHANGES_TOKENS.search(text):
            return Counter(w.lower().replace("’", "'") for w in _TOKEN.findall(text))
    return Counter(_TOKEN.findall(text.replace("’", "'").lower()))


_POSSESSIVE_END = re.compile(r"'s?$")


@lru_cache(maxsize=100_000)
def term_key(token: str) -> str:
    """The term a lower-cased token (``_token_counts``) counts as: without a possessive ending and,
    in any alphabet, without diacritics ("myanmar's" -> "myanmar", "viña" -> "vina", "gleißner" ->
    "gleissner").

    Why: reports of one event write its names with and without the possessive ("Myanmar's junta",
    "in Myanmar") and with and without diacritics ("Viña del Mar" and "Vina del Mar", "Quilpué"
    and "Quilpue", a German outlet's "Saudi-Arabien" beside "Saudi"), and counted apart the names
    they share did not meet (``docs/evaluation-grouping.md``).
    """
    if "'" in token:
        token = _POSSESSIVE_END.sub("", token)
    if token.isascii():
        return token
    return "".join(c for c in unicodedata.normalize("NFKD", token.casefold()) if not unicodedata.combining(c))


def term_counts(counts: Counter[str]) -> tuple[Counter[str], dict[str, str]]:
    """``_token_counts`` by ``term_key``, and for each term the token written most often (the form
    its rarity is looked up by: "myanmar's" is rarer than "myanmar" in wordfreq, "fünf" is a German
    word and "funf" none)."""
    out: Counter[str] = Counter()
    spelled: dict[str, str] = {}
    most: dict[str, int] = {}
    for token, tf in counts.items():
        key = term_key(token)
        out[key] += tf
        if tf > most.get(key, 0):
            most[key] = tf
            spelled[key] = token
    return out, spelled


def term_weights(text: str, title: str | None = None) -> dict[str, float]:
    """Weighted distinctive terms of a text: ``(1 + log tf) * rarity * boosts``, L2-normalised.

    Counting is done by regular expressions over the whole text (C speed); Python only loops over
    the distinct words (one frequency lookup each).
    """
    return terms_and_names(text, title)[0]


WIRE_CREDITS = frozenset("afp ap reuters dpa pti ians app ani xinhua efe ansa tass".split())
"""News agencies credited in reports (``terms_and_names`` leaves them out of the terms):

| credit | agency | as printed |
| --- | --- | --- |
| afp, ap, reuters | the world wires | "SANTIAGO (AFP) -", "(AP Photo/...)", "Reuters reported" |
| dpa, ansa, efe, tass, xinhua | national wires quoted abroad | "dpa reported", "according to TASS" |
| pti, ians, ani, app | South Asian wires | "(PTI)", "Islamabad, (APP - UrduPoint ...)" |

Why: a wire is credited in the reports of every event it covers, so its name is shared by reports
of different events (AFP in the reports of eight of world-dev's fourteen development events) and,
rare in English, weighed like an event's own name; the reports of one event that carry the same
wire copy share that copy's words anyway (``docs/evaluation-grouping.md``)."""

NOT_NAMES = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july august"
    " september october november december".split()
)
"""Words always written capitalised that name no place or person: weekdays and months."""


def terms_and_names(
    text: str, title: str | None = None, language: str | None = None, numbers: bool = True
) -> tuple[dict[str, float], tuple[str, ...]]:
    """``term_weights`` and, of those terms, the ones the text writes capitalised inside a sentence at
    least once (``_PROPER``), weekdays and months left out (``NOT_NAMES``), sorted: its names of
    places, people and organisations ("varnton", "poe"; see ``DocFeatures.names``). One pass over the
    text for both. Stop words and rarity are those of the text's ``language`` (``word_statistics``;
    English when unknown), whether or not a language pack reads it; news agencies' credits are no
    terms (``WIRE_CREDITS``). ``numbers``: whether numbers are terms (``features`` leaves them out
    of a dated report's)."""
    language = normalise_language(language)
    stop = _stop_words(language)
    statistics = word_statistics(language)
    frequencies = _frequencies(statistics)
    counts, spelled = term_counts(_token_counts(text))
    proper = Counter(term_key(w.lower().replace("’", "'")) for w in _PROPER.findall(text) if w[0].isupper())
    title_words = {term_key(w.lower()) for w in _TOKEN.findall(title or "")}
    weights: dict[str, float] = {}
    for word, tf in counts.items():
        form = spelled[word]
        if word in stop or form in stop or word in WIRE_CREDITS or len(word) < 2:
            continue
        if not numbers and word[0].isdigit():
            continue
        if form.isalpha():  # rarity(form), with the frequency table looked up once per text
            word_rarity = _rarity_of_frequency(frequencies.get(form, 0.0))
        else:
            word_rarity = _rarity_by_wordfreq(form, statistics)
        weight = (1.0 + math.log(tf)) * word_rarity
        if proper.get(word, 0) * 2 >= tf:  # .get: no Counter.__missing__ call per word
            weight *= 1.5
        if word in title_words:
            weight *= 1.5
        if weight > 0:
            weights[word] = weight
    top = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:TOP_TERMS]
    norm = math.sqrt(sum(w * w for _, w in top)) or 1.0
    names = tuple(sorted(word for word, _ in top if word in proper and word not in NOT_NAMES))
    return {word: round(w / norm, 5) for word, w in top}, names


def stated_years(text: str) -> tuple[int, ...]:
    """Years written in the text, most frequent first (ties: latest first); clock times ("2045 GMT")
    and house numbers ("at 2016 Ontario") are not years (``crosscheck.extract.years``)."""
    counts = Counter(int(m.group(1)) for m in _YEAR.finditer(text) if not not_a_year(text, m.start(1), m.end(1)))
    return tuple(year for year, _ in sorted(counts.items(), key=lambda item: (-item[1], -item[0])))


def event_kind(text: str) -> str | None:
    """The coarse event type whose trigger words occur most often in the opening of the text."""
    words = _WORD.findall(text[:1500].lower())
    # one lookup per distinct word, and two-word phrases only after one of their first words: the
    # same scores as a lookup per word and per pair of words, a fraction of the calls
    scores: Counter[str] = Counter()
    for word, n in Counter(words).items():
        kind = _TRIGGER_KIND.get(word)
        if kind:
            scores[kind] += n
    if not _PHRASE_FIRST_WORDS.isdisjoint(words):
        for a, b in zip(words, words[1:]):
            if a in _PHRASE_FIRST_WORDS and (kind := _TRIGGER_KIND.get(f"{a} {b}")):
                scores[kind] += 1
    if not scores:
        return None
    order = list(KINDS)
    return max(scores, key=lambda kind: (scores[kind], -order.index(kind)))


_STREET_TYPES = STREET_TYPES
_DIRECTIONS = frozenset("n s e w north south east west".split())
_STREET_WORD = r"(?:\d+(?:st|nd|rd|th)|[A-Z][a-z]+\.?)"
# "the 1200 block of North Ave", "4512 S. Elm Street": a house or block number and the street's name
_ADDRESS = gated(
    rf"\b(\d{{1,6}}) block of (?:the )?({_STREET_WORD}(?: {_STREET_WORD}){{0,2}})"
    rf"|\b(\d{{1,6}}) ({_STREET_WORD}(?: {_STREET_WORD}){{0,2}} (?i:{'|'.join(sorted(_STREET_TYPES))})\b)"
)
# a run of capitalised words, middle initials allowed: "Police Chief John Smith", "Mary J. Blige"
_NAME_RUN = gated(r"\b[A-Z][a-z'’\-]+(?: (?:[A-Z]\. )?[A-Z][a-z'’\-]+)+")
# "\b[A-Z]\w*\b" with the capital first and "not after a word character" as a look-behind (as
# ``_PROPER``): the same matches, and the engine skips ahead to the next capital (0.066 -> 0.031 ms/doc)
_WORD_RUN = re.compile(r"[A-Z](?<!\w[A-Z])\w*\b")
# The last word of a place's or an organisation's name, never a surname: "Quellham County", "Varnton
# Hospital", "Sheriff's Office", "Ashby Park" are referred back to by that word ("the county",
# "the hospital"), which ``person_keys``'s reuse test takes for a surname.
_NAME_OF_PLACE_HEADS = _STREET_TYPES | frozenset(
    "county parish township borough city town village hospital clinic center centre school academy college"
    " university church cathedral temple mosque chapel courthouse department office agency bureau station police"
    " sheriff freeway park club bar lounge restaurant hotel motel mall plaza market store airport lake river beach"
    " valley heights hills island memorial square apartments homes company corporation institute library museum"
    " stadium arena prison jail".split()
)
NAME_RARITY = 5.0
"""First and last name together at least this rare (sum of ``rarity``): "Jordan Baker" (5.2)
qualifies, "John Smith" (4.0) is too common to identify one incident."""


def address_keys(text: str) -> list[str]:
    """Street addresses as ``"@addr <number> <street word>"``: the number and the street's own name.

    Why: a house or block number with its street names one spot in one town; two reports of the
    same shooting write it "the 1200 block of North Ave." and "1200 North Avenue". The direction
    and the street type are dropped (outlets write them differently) unless nothing else is left
    ("North Avenue" is the street called North). "4512 Elm" without a street type is not an
    address ("2 Elm Street" is, "400 Police" is not): the second form needs the type.

    A house number is keyed by its hundred block ("767 Fairview Ave." is "@addr 700 fairview"):
    police give the block of a crime scene, not the house ("the 700 block of Fairview Avenue"),
    while another outlet, a court report or a neighbour gives the house number; keyed apart, the
    two reports of one shooting counted as giving different addresses (``addresses_differ``).
    Numbers under 100 stay as they are: no report calls them a block.
    """
    keys = []
    for block, street, number, name in _ADDRESS.findall(text):
        words = [w.rstrip(".").lower() for w in (street or name).split()]
        if number and words[-1] not in _STREET_TYPES:
            continue
        named = [w for w in words if w not in _STREET_TYPES]
        if len(named) > 1 and named[0] in _DIRECTIONS:
            named = named[1:]
        if named:
            keys.append(f"@addr {block or hundred_block(number)} {named[0]}")
    return keys


def hundred_block(number: str) -> str:
    """The hundred block a house number lies in ("767" -> "700", "2530" -> "2500", "12" -> "12")."""
    value = int(number)
    return str(value - value % 100) if value >= 100 else number


def person_keys(text: str) -> list[str]:
    """Full names of people as ``"@name <first> <last>"``, kept when the text reuses the surname alone.

    Why: news introduces a person once in full ("Jordan Baker, 21,") and then by surname ("Baker
    was taken to ..."); place and organisation names ("Baton Rouge", "Police Department") are not
    referred back to by their last word. A first and last name that are rare together
    (``NAME_RARITY``) identify the people of one incident, shared by reports that word everything
    else apart. Of a longer run ("Police Chief John Smith") the last two words are the name. A pair
    that names a place, an office or a date ("Quellham County", "Las Vegas", ``_names_a_place``) is
    referred back to by its last word too, and is no name.
    """
    return people(text)[0]


def named_once_keys(text: str) -> list[str]:
    """Full names written once and not reused (``"@once <first> <last>"``), of no speaker and no
    office holder: a name the text does not show to be a person's, which another report's
    ``person_keys`` can ("Investigators said the boys were playing with the firearm when it
    discharged, striking Gabriel Mejia in the head": the guilty plea a month later names the
    victim once, the first report names him and reuses "Mejia"). Compared only with another
    report's ``person_keys`` (``grouping.common_identifiers``). A name after an office ("Police
    Chief Ann Roe", "superintendent Jon Doe", ``_OFFICES``) is left out: a city's officials are
    named once in the reports of all its incidents.
    """
    return people(text)[1]


def people(text: str) -> tuple[list[str], list[str]]:
    """``person_keys`` and ``named_once_keys`` of ``text``, from one reading of its names."""
    full: Counter[tuple[str, str]] = Counter()
    office: dict[tuple[str, str], bool] = {}
    for run in _NAME_RUN.finditer(text):
        words = [w for w in run.group().split() if not (len(w) == 2 and w.endswith("."))]
        if len(words) < 2:
            continue
        name = (words[-2], re.sub(r"['’]s?$", "", words[-1]))
        first, last = name
        if name not in full and not (
            len(last) > 1 and rarity(first.lower()) + rarity(last.lower()) >= NAME_RARITY and not _names_a_place(first, last)
        ):
            continue
        full[name] += 1
        if not office.get(name):
            before = text[max(0, run.start() - 30) : run.start()].split()[-2:] + words[:-2]
            office[name] = any(w.lower().strip(".,'’") in _OFFICES for w in before)
    if not full:
        return [], []
    by_surname: Counter[str] = Counter()
    for (_, last), n in full.items():
        by_surname[last] += n
    words = Counter(_WORD_RUN.findall(text))  # every word once, not one search per name

    def uses(last: str) -> int:
        """How often the surname stands as a word of its own (``\\bLast\\b``)."""
        return words[last] if last.isalnum() else len(re.findall(rf"\b{re.escape(last)}\b", text))

    reused = [name for name in full if uses(name[1]) > by_surname[name[1]]]
    once = [name for name in full if not office[name] and full[name] == 1 and uses(name[1]) == 1]
    speakers = speaker_positions(text) if reused or once else frozenset()

    def keys(kind: str, names: list[tuple[str, str]]) -> list[str]:
        return [f"{kind} {first.lower()} {last.lower()}" for first, last in names if not only_a_source(last, text, speakers)]

    return keys("@name", reused), keys("@once", sorted(once))


# Offices whose holders a city's reports name whatever the incident (``named_once_keys``).
_OFFICES = frozenset(
    "chief mayor sheriff superintendent commissioner councilman councilwoman councilmember alderman alderwoman"
    " spokesman spokeswoman spokesperson governor gov senator sen rep representative congressman congresswoman"
    " judge magistrate prosecutor attorney coroner examiner sgt sergeant lt lieutenant capt captain cmdr commander"
    " det detective deputy officer trooper cpl corporal director president pastor rev reverend dr principal"
    " undersheriff marshal inspector agent supervisor".split()
)


# A person who only relays the news: every time the surname is used it speaks ("Donakowski said",
# "said Sgt. Dan Donakowski", "according to police spokesman Dan Donakowski", "Roe, a department
# spokesman, said"). Telling the police is what a victim or witness does, not a spokesman.
_SPEECH_AFTER = re.compile(
    r"(?:['’]s)?(?:\s*,[^,.;]{1,80},)?\s+(?:\w+ly\s+)?"
    r"(?:said|says|told(?!\s+(?:police|officers|investigators|deputies|detectives))|added|explained|stated|noted|confirmed)\b"
)
_SPEECH_BEFORE = re.compile(r"\b(?i:said|says|told|according\s+to|spokes(?:man|woman|person))\b")
_NEXT_WORD = re.compile(r"[ \t]+([\w.'’-]+)")  # within the line
_WORDS_AFTER_CUE = 6


def speaker_positions(text: str) -> frozenset[int]:
    """Where the words of ``text`` start that follow a speech cue: the six words after "said",
    "according to" or "spokesman" in its sentence ("according to sheriff's spokesperson Lt. Ann
    Roe"), each cue on its own. One pass over the text for all of its names."""
    found: set[int] = set()
    for cue in _SPEECH_BEFORE.finditer(text):
        at = cue.end()
        for _ in range(_WORDS_AFTER_CUE):
            word = _NEXT_WORD.match(text, at)
            if word is None:
                break
            found.add(word.start(1))
            if word.group(1).endswith(".") and len(word.group(1)) > 5:
                break  # the sentence ends ("Lt." or "Sgt." does not end it)
            at = word.end()
    return frozenset(found)


def only_a_source(last: str, text: str, speakers: frozenset[int]) -> bool:
    """Whether each use of the surname ``last`` in ``text`` is a speaker's: right before a speech
    verb ("Roe said", "Roe, a spokesman, said", ``_SPEECH_AFTER``) or after a speech cue
    (``speakers``, from ``speaker_positions``); a spokesman or an official quoted, whom every incident of a city shares.

    Why: on GVA the full names that lifted pairs of two incidents to the link threshold
    were mostly a police department's spokesmen, named in the reports of all its incidents.
    """
    uses = list(re.finditer(rf"\b{re.escape(last)}\b", text))
    return bool(uses) and all(use.start() in speakers or _SPEECH_AFTER.match(text, use.end()) for use in uses)


def _names_a_place(first: str, last: str) -> bool:
    """Whether two capitalised words name a place, an organisation or a date, not a person: a last
    word that heads such names (``_NAME_OF_PLACE_HEADS``), a weekday or a month, or a country, US
    state or city of the gazetteer ("Las Vegas", "Baton Rouge").

    Why: on GVA, 2,020 of the "full names" the reuse test kept were such (last words
    "county" 407 times, "police" 238, "street" 223, "hospital" 199); as a common identifier one
    city's hospital or county lifted pairs of two of its incidents to the link threshold
    (``docs/evaluation-grouping.md``).
    """
    head = last.lower()
    if head in _NAME_OF_PLACE_HEADS or head in WEEKDAYS_AND_MONTHS:  # "Chief Jon Roe Sunday" runs on into a date
        return True
    from crosscheck.extract.places import gazetteer  # the places extractor's gazetteer, loaded once

    countries, states, cities = gazetteer()
    name = f"{first} {last}".lower()
    return name in cities or name in states or name in countries


def incident_identifiers(text: str) -> tuple[str, ...]:
    """The street addresses and full person names of a text (see ``address_keys``, ``person_keys``)."""
    named, once = people(text)
    return tuple(sorted(set(address_keys(text)) | set(named) | set(once)))


# "magnitude 5.6", "a magnitude of at least 5.9", "magnitude-5.2", "5.6-magnitude", "6.1 on the Richter scale",
# "two quakes, measuring 7.6 and 7.4" (not "measuring 4.5 inches")
_MAGNITUDE = re.compile(
    r"(?i:magnitude|measuring|registering)(?:\s+(?i:of|at|at least|about|around|nearly|preliminary|estimated|an estimated))*"
    r"\s*-?\s*(\d\.\d)\b(?!\.\d|\s*(?i:%|percent|inch|inches|foot|feet|meters?|metres?|cm|mm|km|miles?|kilo|pounds?|tons?))"
    r"|(?<![\d.])(\d\.\d)\s*-?\s*(?i:magnitude|on the richter)"
)
# a person's age beside the name: "Klitschko, 36," / "the 32-year-old Klitschko" / "Klitschko (36)"
# (the capital first, "not after a word character" as a look-behind: the engine skips to capitals)
_AGE_AFTER = re.compile(r"([A-Z](?<!\w[A-Z])[a-z'’\-]+), (\d{1,2})(?=[,.;)]|\s+(?:of|from|was|is|who|and)\b)")
_AGE_BEFORE = gated(r"\b(\d{1,2})-year-old (?:(?:[a-z]+ ){0,2})(?:[A-Z][a-z'’\-]+ )?([A-Z][a-z'’\-]+)\b")
_AGE_PAREN = re.compile(r"([A-Z](?<!\w[A-Z])[a-z'’\-]+) \((\d{1,2})\)")
_MAGNITUDE_WORDS = ("magnitude", "measuring", "registering", "richter")
AGE_NAME_RARITY = 3.0
"""A surname at least this rare (``rarity``) keys an age: "Klitschko", "Baker"; not "The" or "Police"."""


def stated_measures(text: str) -> tuple[str, ...]:
    """Quantities a report states about its own event, as ``"@mag 5.6"`` and ``"@age <surname> 36"``.

    Why: two events of one kind with the same protagonist or the same region (one boxer's two title
    defences years apart, one island's two earthquakes) share every name, but not these values: a
    quake has one magnitude, a person one age at a time. ``grouping.measure_penalty`` compares them
    between two reports; values of one kind that never come close mark two events. A report's own
    magnitude varies between agencies by a few tenths (5.9 and 6.1 for one quake), and an age by one
    around a birthday, so the comparison has tolerances; a text that also recalls another value
    (an older quake's magnitude) only makes the sets overlap, so it errs towards no conflict.
    """
    lower = text.lower()  # the patterns run only on texts with their words (most have none)
    out = set()
    if any(word in lower for word in _MAGNITUDE_WORDS):
        found = [a or b for a, b in _MAGNITUDE.findall(text)]
        out.update(f"@mag {value}" for value in found)
        if found:  # the report's own quake's: the first it states (``grouping.common_magnitude_bonus``)
            out.add(f"@mag1 {found[0]}")
    ages = _AGE_AFTER.findall(text) + _AGE_PAREN.findall(text)
    if "-year-old" in lower:
        ages += [(name, age) for age, name in _AGE_BEFORE.findall(text)]
    for name, age in ages:
        surname = re.sub(r"['’]s?$", "", name).lower()
        if rarity(surname) >= AGE_NAME_RARITY and 0 < int(age):
            out.add(f"@age {surname} {int(age)}")
    return tuple(sorted(out))


# a person's age, named or not: "a 23-year-old man", "a six-year-old boy", "Jordan Baker, 21,", "the boy, 7, was", "aged 19",
# "Baker (21)"; a number is an age only in these frames ("January 5, 2014", "Route 9, 10 miles" are not)
_ANY_AGE = gated(
    r"\b(\d{1,2})-year-old\b"
    r"|\b(?:[A-Z][a-z]+|man|woman|boy|girl|teen|teenager), (\d{1,2})(?=[,.;)]|\s+(?:of|from|was|is|who|and)\b)"
    r"|\baged? (\d{1,2})\b"
    r"|\b[A-Z][a-z]+ \((\d{1,2})\)"
)


def stated_ages(text: str) -> tuple[str, ...]:
    """The ages of people a report states, named or not, as ``"@aged 23"`` (sorted by age).

    Why: most reports of a shooting give the victims' (and suspects') ages, often without a name
    ("a 23-year-old man was shot"), and two incidents of one city and week rarely involve people of
    the same ages. On GVA's linked candidate pairs published within 3 days, both
    reports state ages in 1,622 pairs; their ages have none in common in 93 of the 1,338 pairs of
    one incident and 175 of the 284 pairs of two (``grouping.measure_penalty`` compares the sets).
    """
    ages = {int(next(group for group in match if group)) for match in _ANY_AGE.findall(text)}
    ages.update(written_out_ages(text))
    return tuple(f"@aged {age}" for age in sorted(ages) if age > 0)


# an age written out just before "-year-old" ("a six-year-old boy"), read back from each "-year-old"
_AGE_WORDS_BEFORE = re.compile(rf"(?<![\w-])({AGE_WORDS})$", re.IGNORECASE)


def written_out_ages(text: str) -> set[int]:
    """Ages written in words before "-year-old" ("six-year-old", "Twenty-two-year-old").

    Found from each "-year-old" backwards: a pattern of number words tried at every letter of a
    report cost ~0.3 ms a document, this a few microseconds."""
    found: set[int] = set()
    at = text.find("-year-old")
    while at != -1:
        match = _AGE_WORDS_BEFORE.search(text, max(0, at - 16), at)
        if match and (age := whole_number(match.group(1).lower())):
            found.add(age)
        at = text.find("-year-old", at + 9)
    return found


def victims_measure(victims: float | None) -> tuple[str, ...]:
    """How many people the report counts killed and injured, as ``"@victims 5"``, when it states
    either toll (``crosscheck.reconcile.report_tolls.stated_victims``, computed with the extraction).

    Why (``grouping.values_penalty``, ``victims_penalty``): two reports of one incident mostly
    count the same victims, whatever they say of who died since; two shootings of one city and week
    mostly do not. On GVA's stored links the counts differ in 30 % of the pairs of one incident (a
    report that names the dead alone, a toll revised) and in 64 % of the pairs of two.
    """
    return () if victims is None else (f"@victims {victims:g}",)


# a time of day: "11:30 p.m.", "2 a.m.", "10:15PM"
# gated: a case-insensitive pattern gets no prefix scan from the engine; behind "(?=[\d])" it skips
# to digits (same matches, 0.066 -> 0.045 ms/doc)
_TIME_OF_DAY = gated(r"\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\b\.?", re.IGNORECASE)


def stated_times(text: str) -> tuple[str, ...]:
    """The times of day a report states, as ``"@time <minutes after midnight>"`` ("11:30 p.m." ->
    ``"@time 1410"``), sorted.

    Why: two shootings of one city on one night are told with the same words, but each report gives
    the hour police were called ("shortly before 11:30 p.m."). On GVA's linked candidate pairs
    published within 3 days (counted on the raw texts), both reports state a time in
    1,237 pairs; their times are
    never within an hour of each other in 87 of the 1,053 pairs of one incident (a report also
    gives the hour of an arrest or a death) and 120 of the 184 pairs of two
    (``grouping.measure_penalty``).
    """
    out = set()
    for hour, minute, half in _TIME_OF_DAY.findall(text):
        h, m = int(hour), int(minute or 0)
        if 1 <= h <= 12 and m <= 59:
            out.add((h % 12 + (12 if half.lower() == "p" else 0)) * 60 + m)
    return tuple(f"@time {minutes}" for minutes in sorted(out))


def grouping_background(extraction: Extraction) -> tuple[tuple[int, int], ...]:
    """The background sentences the grouping features leave out: those of a report with a
    publication date; none of an undated one.

    Why: the background rules date a clause against the report's own year, and an undated report
    has none: ``background.reference_year`` guesses it from the full dates the text gives, and
    without one every clause with a year counts as background. What an undated report's background
    then removes is mostly the history of its own protagonists (a coach's earlier posts, a
    suspect's earlier convictions, a company's earlier deals), which the other reports of the same
    event recall too and the other event of that protagonist does not. Blanking them cost ECB+
    (undated but for 87 reports) 0.9332 -> 0.9128 and 0.9212 -> 0.9201 on its halves with full
    extraction, in memory (``docs/evaluation-grouping.md``); with a publication date,
    blanking stays: on GVA (all dated) it is worth 0.0004 and 0.0012 on the halves, since there the
    background is mostly other incidents of the city.
    """
    if extraction.article.published_at is None:
        return ()
    return tuple((s.start, s.end) for s in extraction.background)


def distance_references(extraction: Extraction) -> tuple[tuple[int, int], ...]:
    """Where a distance's reference place is named ("40 km east of Port Aldren"): the landmark a
    report measures from, not where its event happened."""
    out = []
    text = extraction.article.text
    for m in extraction.mentions:
        if isinstance(m, FigureMention) and m.kind.value == "distance" and m.reference and m.anchor.part == TEXT:
            at = text.find(m.reference, m.anchor.end, m.evidence.end)
            if at >= 0 and m.reference[:1].isupper():
                out.append((at, at + len(m.reference)))
    return tuple(out)


def site_of(url: str | None) -> str | None:
    """The host an article was published on, lower-cased, without a leading ``www.``, a port or
    credentials (``"https://www.Example.com:8080/a/b"`` -> ``"example.com"``); ``None`` without a URL
    or a host (a bare file name, a ``file:`` URL)."""
    if not url:
        return None
    host = urlsplit(url.strip()).hostname if "//" in url else None
    if not host:
        return None
    host = host.lower().rstrip(".")
    return (host[4:] if host.startswith("www.") else host) or None


_POSSESSIVE = re.compile(r"'s?$")


def _stem(word: str) -> str:
    """A token compared by its first five letters, a trailing possessive dropped ("elmdale's" -> "elmda")."""
    return _POSSESSIVE.sub("", word)[:5]


def headline_support(article: Article, text: str | None = None) -> float | None:
    """The share of the headline's content words found in the article's text (``analysed_text``
    without background skipped, or ``text``): 0 for a page whose text is furniture, ``None`` when
    the headline has no content words.

    Content words: the headline's tokens (``_token_counts``) that are no stop word, have three
    letters or more and are not all digits; they and the text's tokens are compared by their first
    five letters, a possessive dropped (``_stem``: "shooting" finds "shooter", "Elmdale's" finds
    "Elmdale"). The headline's own first occurrence near the top of the text (within the title's
    length and 200 characters, where ``features`` looks for it) is left out of the text first.

    Why: on crawled news pages some texts are not the article at all (a sign-up or login box, a
    video list, another story of the site) under a headline that tells the incident; 526 of GVA's
    6,256 reports have not one headline word in their text (``docs/evaluation-grouping.md``), and their incident's other reports never reached them.
    """
    title = headline_of(article.title or "")
    if text is None:
        text = analysed_text(article)
    if repeats_headline(text, title, article.title):
        start = text.find(title)
        text = text[:start] + text[start + len(title):]
    stop = _stop_words()
    words = {_stem(w) for w in _token_counts(title) if w not in stop and len(w) >= 3 and not w.isdigit()}
    if not words:
        return None
    # a possessive changes the first five letters only of a token with an apostrophe: the others
    # are cut without the substitution (same stems, a third of the cost)
    body = {_stem(w) if "'" in w else w[:5] for w in _token_counts(text)}
    return sum(w in body for w in words) / len(words)


def headline_features(article: Article) -> DocFeatures:
    """The grouping features of an article's headline and URL slug alone (``DocFeatures.headline``):
    the same article (title, URL, date, site) with the text: the headline, a line break and the
    slug; nothing marked as furniture in it (the offsets of the old text do not hold) and nothing
    extracted; no headline channel of their own."""
    text = f"{headline_of(article.title or '')}\n{url_slug(article.url)}"
    copy = dataclasses.replace(article, text=text, furniture=())
    return features(Extraction(article=copy, sentences=(), mentions=()), headline_channel=False)


def features(extraction: Extraction, headline_channel: bool = True, victims: float | None = None) -> DocFeatures:
    """All grouping features of one extracted article (background blanked: ``grouping_background``);
    with ``headline_channel``, the features of the headline too when the text is furniture
    (``headline_support`` 0: ``DocFeatures.headline``). ``victims``: the report's own count of
    people killed and injured (``crosscheck.reconcile.report_tolls.stated_victims``; every ingest path
    passes it through ``crosscheck.engines.steps.document_features``), ``None`` when it states none.

    A report with a publication date has no numbers among its terms (``terms_and_names``). Why: the
    numbers of a dated report are that day's counts (dead, injured, missing, homes, rescuers), which
    the next day's reports of the same event revise (a quake's reports over three weeks gave 144,
    1,644, 2,056, 3,085, 3,471 and 3,735 dead): as terms, rarer than any word, they filled its top
    terms with values no other report shares. What a number identifies is read apart, as what it
    is: ages, times of day, magnitudes and victims (``measures``), street numbers (``identifiers``),
    years (``years``), and the day itself. An undated report keeps them: without a day its figures
    and years are what tells one occurrence from another (ECB+, two quakes of one region).
    """
    article = extraction.article
    background = grouping_background(extraction)
    text = analysed_text(article, background + distance_references(extraction))
    title = headline_of(article.title or "")
    body = text if repeats_headline(text, title, article.title) else f"{title}\n{text}"
    published = article.published_at
    places = tuple(dict.fromkeys(m.name for m in extraction.mentions if isinstance(m, PlaceMention)))
    dates = Counter(m.value.isoformat() for m in extraction.mentions if isinstance(m, DateMention))
    terms, names = terms_and_names(body, title, article.language, numbers=published is None)
    headline = None
    # the support is measured on the text with its background (as measured: the background is the
    # article's own, not furniture); the same text when there is no background
    if headline_channel and title and headline_support(article, analysed_text(article) if background else text) == 0:
        headline = headline_features(article)
    return DocFeatures(
        day=published.date().toordinal() if published else None,
        years=stated_years(body),
        kind=event_kind(body),
        terms=tuple(terms.items()),
        places=places,
        stated_date=max(dates, key=lambda d: (dates[d], d)) if dates else None,
        identifiers=incident_identifiers(body),
        measures=tuple(sorted(stated_measures(body) + stated_ages(body) + stated_times(body) + victims_measure(victims))),
        site=site_of(article.url),
        names=without_place_words(names, places),
        headline=headline,
        language=normalise_language(article.language),
        named_days=named_days(extraction, background),
    )


def named_days(extraction: Extraction, background: Sequence[tuple[int, int]] = ()) -> tuple[int, ...]:
    """The days before its publication day that a dated report names (``DateMention``), as
    ordinals, sorted; none named in a ``background`` range (``grouping_background``) and none of an
    undated report.

    | what it reads | example |
    | --- | --- |
    | a follow-up names the day of its event | "arrested on Monday over the fires that broke out on February 2" (published in September) |
    | not: a day in a background sentence | "the February 6 quake that killed 50,000" in a report of a later quake |
    | not: the report's own day or a later one | "on Monday" of the day it was published, "the trial opens on May 3" |

    Why (``grouping.named_day_gap``): a follow-up months after an event (an arrest, a trial, a
    recovered body) shares few words with the first days' reports and is told with other figures;
    the day it names is the evidence that it tells of the same event.
    """
    published = extraction.article.published_at
    if published is None:
        return ()
    own = published.date()
    days = set()
    for mention in extraction.mentions:
        if not isinstance(mention, DateMention) or mention.value >= own:
            continue
        at = mention.anchor.start
        if mention.anchor.part == TEXT and any(start <= at < end for start, end in background):
            continue
        days.add(mention.value.toordinal())
    return tuple(sorted(days))


def without_place_words(names: tuple[str, ...] | None, places: Sequence[str]) -> tuple[str, ...] | None:
    """``names`` without the words of the places the report's extraction found ("Allapattah",
    "Lauderdale" of "Lauderdale County"; possessives too).

    Why: a place two reports share counts already, as a place (``grouping.similarity``'s
    ``place_bonus``); its words among the names counted it a second time, where a common name
    stands for a person or a street (``grouping.with_names``). Two incidents of one neighbourhood
    months apart, one with a death, shared the neighbourhood and the city as "two rare names" and
    were lifted to the link threshold. Measured in memory on GVA with extraction
    (``docs/evaluation-grouping.md``): precision 0.9601 -> 0.9659, B3 0.9288 -> 0.9277, tolls
    killed = 0 0.9206 -> 0.9256 end to end.
    """
    if names is None or not places:
        return names
    words = place_words(tuple(places))
    return tuple(name for name in names if _ANY_POSSESSIVE.sub("", name) not in words)


@lru_cache(maxsize=8192)
def place_words(places: tuple[str, ...]) -> frozenset[str]:
    """The words of a report's places as ``names`` keys them ("lauderdale" and "county" of
    "Lauderdale County"): what ``without_place_words`` takes out of its names, and what
    ``grouping.with_names`` finds among the other report's names."""
    return frozenset(term_key(word) for place in places for word in _TOKEN.findall(place.lower().replace("’", "'")))


_ANY_POSSESSIVE = re.compile(r"['’]s?$")


# Cyrillic and Greek letters as the Latin letters the Latin-alphabet spellings of the same names use
# (Serbian and Croatian, Macedonian, the press's Greek names; letters with accents are decomposed
# first, so "й" and "έ" are read as "и" and "ε"), diacritics then dropped by
# ``term_key``'s rule: "Кочани" -> "kocani" as "Kočani" -> "kocani", "Τέμπη" -> "tempi", "Скопје" ->
# "skopje", "Λάρισα" -> "larisa". The English press's romanisation writes "ч" as "ch" ("Kochani",
# "Chernihiv"): its digraphs are read back as these single letters (``_DIGRAPHS``).
_LATIN_LETTERS = {
    **dict(zip("абвгдежзийклмнопрстуфхцчшыэ", "abvgdezzijklmnoprstufhccsye")),
    "ђ": "d", "ј": "j", "љ": "lj", "њ": "nj", "ћ": "c", "џ": "dz", "ѓ": "gj", "ќ": "kj", "ѕ": "dz",
    "щ": "sc", "ъ": "", "ь": "", "ю": "ju", "я": "ja", "є": "je", "і": "i", "ґ": "g",
    **dict(zip("αβγδεζηικλμνξοπρστυφω", "avgdeziiklmnxoprstyfo")),
    "ς": "s", "θ": "th", "χ": "ch", "ψ": "ps",
    # Latin letters that decompose into no letter and accent: "Đakovo", "Łódź", "Tromsø"
    "đ": "d", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i",
}
_TRANSLITERATE = str.maketrans(_LATIN_LETTERS)
# The English press's digraphs for those letters, read as the one letter the table above writes, on
# every side of the comparison: "Kharkiv" / "Харків", "Zhytomyr" / "Житомир", "Chernihiv" /
# "Чернігів", "Kochani" / "Kočani" / "Кочани", "Donetsk" / "Донецьк", "Kyiv" / "Київ".
_DIGRAPHS = re.compile(r"kh|zh|ch|sh|ts|y")
_DIGRAPH_LETTER = {"kh": "h", "zh": "z", "ch": "c", "sh": "s", "ts": "c", "y": "i"}
CROSSLINGUAL_LETTERS = 5
"""Letters of a term a report in another language is compared by (``crosslingual_key``)."""


@lru_cache(maxsize=100_000)
def crosslingual_key(term: str) -> str:
    """The key a ``term`` is compared by with a report in another language: in Latin letters
    (``_LATIN_LETTERS``), without diacritics, cut to its first ``CROSSLINGUAL_LETTERS`` letters.

    | what the key reads | examples |
    | --- | --- |
    | a name inflected or made an adjective | "Magdeburger" and "Magdeburg"; "Kočanima" and "Kocani" |
    | a name in another alphabet | "Кочани" and "Kocani"; "Τέμπη" and "Tempi" |
    | a name as the English press spells it | "Харків" and "Kharkiv"; "Kočani" and "Kochani" |
    | a cognate | "migranti" and "migrants"; "tragedia" and "tragedy" |

    Why: reports of one event in two languages share its names, numbers and cognates, not its
    words; whole terms compared across languages met on the names alone when uninflected, and a
    German report of a Magdeburg attack ("Magdeburger Weihnachtsmarkt") met none of its English
    reports (``docs/evaluation-grouping.md``). A number is its own key.
    """
    if term[:1].isdigit():
        return term
    latin = unicodedata.normalize("NFKD", term.casefold()).translate(_TRANSLITERATE)
    latin = "".join(c for c in unicodedata.normalize("NFKD", latin) if not unicodedata.combining(c))
    return _DIGRAPHS.sub(lambda m: _DIGRAPH_LETTER[m.group(0)], latin)[:CROSSLINGUAL_LETTERS]


def crosslingual(features: DocFeatures) -> DocFeatures:
    """``features`` as compared with a report in another language: its terms by ``crosslingual_key``
    (the weights of terms that meet in one key added, then normalised again), its places by the key
    of their whole name, its names by key with the keys of its places' words ("Magdeburg", a place
    and no name of ``names``, is the name two languages share); nothing else changes.

    Why: see ``crosslingual_key``; ``grouping.similarity`` compares two reports of different
    ``language`` this way, so every other rule (days, values, names, places) reads them as usual,
    and counts what their names share ``crosslingual_scale`` times.
    """
    weights: dict[str, float] = {}
    for term, weight in features.terms:
        key = crosslingual_key(term)
        weights[key] = weights.get(key, 0.0) + weight
    norm = math.sqrt(math.fsum(w * w for w in weights.values())) or 1.0
    terms = tuple(sorted(((key, round(w / norm, 5)) for key, w in weights.items()), key=lambda item: (-item[1], item[0])))
    places = tuple(dict.fromkeys(crosslingual_key(place) for place in features.places))
    place_words = {crosslingual_key(term_key(word)) for place in features.places for word in _TOKEN.findall(place.lower())}
    names = None if features.names is None else tuple(sorted({crosslingual_key(name) for name in features.names} | place_words))
    return dataclasses.replace(features, terms=terms, names=names, places=places, headline=None)
