"""Which sentences and clauses of a report speak of *another* event than the one reported.

News text mixes the event with its context: "It comes a day after X was killed in Beirut", "the
2004 quake that killed 600", "Soleimani was killed in January 2020". A figure or claim found there
belongs to that other happening, so extractors ask :func:`is_background` before keeping one.

The rules are about the shape of English news context, not about any story:

* a clause dated to an earlier year than the report's publication year ("in 2020", "the 2004
  quake"), or to any year when the report is undated (see :func:`reference_year`);
* a clause hung on a time offset to another happening ("a day after X was killed", "weeks before
  the attack that ..."), when what follows the offset is a clause of its own (has a finite verb), not
  the event itself ("two days after the shooting" is this event);
* a clause naming its happening as separate ("in a separate incident", "an unrelated shooting",
  "years ago", "a shooting last week", "Two weeks ago, a man was shot") or as a statistic over a
  period ("so far this year", "in the first 41 days of");
* a clause about last year ("last year in the city, 4,000 people were shot"): a report's own event
  is this year's, and a statistic or an earlier case is what "last year" introduces;
* a clause dated by a month alone, other than the publication month ("In March, a driver hit a
  crowd, killing one", "was shot last March"): a report tells its own event by weekday or date;
* a sentence that counts over several shootings ("eight were killed and 46 wounded in shootings
  across the city", "in three separate shootings") or over a stretch of time ("Violent night in
  Varnton leaves one dead, nine wounded", "weekend gunfire kills 1", "seven shot in five hours"):
  a round-up total, not one incident's toll;
* an earlier death the event is set against: a vigil, memorial or funeral for someone killed, a
  shooting in retaliation for another ("a vigil honoring a man killed in a shooting last week"),
  recent attacks it follows ("follows recent ambushes of police in Varnton, where five died");
* a tally in the present perfect up to now ("four people have been fatally shot since the
  initiative began", "five children have been shot in the city this year");
* a clause set months or years before the event ("A year earlier, Roe was shot");
* the sentence after one that counts the event among others of a span ("This is the second shooting
  this week in Varnton. On Wednesday, a 2-year-old was wounded ..."), when it names a day or a month;
* a line that links to another story ("Related: ...", "Read more", "► Related", or a video
  link opened by its running time, "0:50 One dead after ...").

A clause is the stretch between ``;``, dashes, and ", and|but|while" joints; a sentence is
background when most of it lies in background clauses.
"""

from __future__ import annotations

import re

from crosscheck.extract.months import MONTH as _MONTH
from crosscheck.extract.months import MONTH_NUMBER as _MONTH_NUMBER
from crosscheck.extract.months import MONTH_WORDS as _MONTH_WORDS
from crosscheck.nlp.document import AnalyzedDoc, Sentence
from crosscheck.nlp.numbers import Role, quantities
from crosscheck.nlp.words import has_any
from crosscheck.nlp.regex import gate_patterns

_CLAUSE_JOINT = re.compile(r";|\s[–—]\s|,\s+(?:and|but|while|whereas)\s|\s\(|\)")
# How many days, weeks or years an offset counts: "a", "two", "several", "3".
_HOW_MANY = r"(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|few|\d+)"
_OFFSET = re.compile(
    rf"\b{_HOW_MANY}\s+(?:days?|weeks?|months?|years?|decades?)\s+"
    r"(?:after|before|since)\s+(?P<rest>(?:\S+\s+){0,12}?(?:was|were|had|has|have)\s+\w+)|"
    r"\b(?:the\s+day|the\s+night|the\s+week|hours|days|weeks)\s+(?:after|before)\s+"
    r"(?P<rest2>(?:\S+\s+){0,8}?(?:was|were|had|has|have)\s+\w+)",
    re.IGNORECASE,
)
# What one week or more back tells, and the happenings it can date.
_WEEKS_BACK = rf"(?:last\s+week|{_HOW_MANY}\s+weeks?\s+ago)"
_HAPPENING = r"(?:shootings?|(?<!heart\s)attacks?|stabbings?|killings?|crash(?:es)?|robber(?:y|ies)|homicides?|incidents?|fires?|explosions?|bombings?|murders?)"
_SEPARATE = re.compile(
    r"\b(?:in\s+(?:a|an)\s+(?:separate|unrelated|earlier|previous|similar|different)\s+"
    r"(?:incident|shooting|case|attack|bombing|crash)|(?:years?|decades?|months?)(?:\s+and\s+a\s+half)?\s+ago|"
    r"in\s+another\s+(?:incident|shooting|attack|case)|"
    r"an?\s+(?:separate|unrelated)\s+(?:incident|shooting|attack|case)|"
    r"so\s+far\s+(?:this\s+year|in\s+(?:\d{4}|the\s+year))|this\s+year\s+(?:alone|so\s+far)|year[- ]to[- ]date|in\s+the\s+(?:first|past|last)\s+\w+\s+(?:days|weeks|months)|"
    r"since\s+the\s+(?:start|beginning)\s+of|last\s+year|"
    # an indefinite happening of last week, or a sentence opened by last week with an indefinite
    # subject ("follows a shooting last week that left a man dead", "Two weeks ago, a man was shot"):
    # a report's follow-up tells its own event as "last week's shooting", "the attack last week"
    rf"(?:a|an|another)\s+(?:[\w-]+\s+){{0,2}}?{_HAPPENING}\s+(?:[\w-]+\s+){{0,3}}?{_WEEKS_BACK}|"
    rf"^\W*(?:just\s+)?{_WEEKS_BACK},?\s+(?:a|an|another)\s|"
    # "camped out since Nov. 15, when police shot a man": the day a span began, and what happened then
    rf"since\s+{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+when)\b",
    re.IGNORECASE,
)
# A count over several shootings: "wounded in shootings across Chicago", "in three separate
# shootings", "following two separate shooting incidents", "four triple shootings, in which two
# died". The plural with a number, "separate", a period or a spread over a city is a round-up;
# a bare "the shootings" can be one spree and is not matched, nor is "one of three shootings".
_AGGREGATE = re.compile(
    r"\b(?:in|following|after)\s+(?:(?:two|three|four|five|six|seven|eight|nine|ten|\d+|several|multiple|separate|different|"
    r"unrelated|weekend|overnight|holiday|city|other|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+)+"
    r"(?:[\w'’-]+\s+){0,2}?(?:shootings|shooting\s+incidents|incidents)\b|"
    # "wounded in Chicago shootings", "in Varnton weekend shootings": a city's shootings, with no
    # article to make them one spree
    r"\bin\s+(?-i:[A-Z][a-z]+)\s+(?:(?:weekend|overnight|holiday|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)\s+)?shootings\b|"
    # "four shootings in four days", "shootings over 48 hours": incidents spread over a span of time
    r"\bshootings\s+(?:in|over|within)\s+(?:(?:the\s+)?(?:past|last)\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|"
    r"\d+|several|a\s+few)\s+(?:days|hours|weeks)\b|"
    r"(?<!\bof\s)\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+|several|multiple)\s+(?:separate\s+)?(?:[\w'’-]+\s+)?shootings\b|"
    r"\bin\s+shootings\b|\bshootings\s+(?:across|around|throughout|all\s+over)\b|"
    # people hurt over a whole city or state: "41 others were wounded in gun violence citywide",
    # "seven other people were shot across the city", "four children were killed statewide"
    r"\b(?:killed|dead|died|wounded|injured|hurt|shot)\b[^.;]{0,40}?"
    r"\b(?:citywide|city-wide|statewide|nationwide|across\s+the\s+(?:city|state|country|nation)\b(?![’']s\s+(?:police|sheriff))|"
    # "more than 50 people shot across Chicago": a city named, not a street ("across Elm Street")
    r"across\s+(?-i:[A-Z][a-z]+)\b(?!\s+(?-i:[A-Z])|['’]s|\s+(?:street|st|avenue|ave|road|rd|boulevard|blvd|drive|lane|bridge|river)\b))|"
    # a span of time over many incidents: "27 wounded over an eight-hour stretch", "in a 24-hour period"
    r"\b(?:over|in|during|within|amid)\s+(?:an?|the)\s+(?:(?:violent|bloody|deadly|busy)\s+)?(?:\w+[- ])?(?:hour|day|week)\s+"
    r"(?:stretch|span|period)\b|"
    # "three incidents of gunfire left ...", "shot in incidents spanning five boroughs"
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+|several|multiple)\s+(?:separate\s+)?incidents\s+of\b|"
    r"\bin\s+incidents\s+(?:across|around|throughout|spanning|in)\b|"
    # a stretch of time told as violent, the subject of its toll: "Violent night in Varnton leaves
    # one dead, nine wounded", "a bloody weekend", "weekend gunfire kills 1, wounds 12"
    r"(?<!turned\s)(?<!became\s)(?<!grew\s)\b(?:violent|bloody)\s+(?:\w+\s+)?(?:night|nights|weekend|week|holiday|day|hours)\b|"
    r"\b(?:weekend|holiday)\s+(?:gunfire|violence)\b|"
    # "13 struck by gunfire in a weekend of violence", "a night of gunfire": the span, then its violence
    r"\b(?:night|nights|weekend|week|day|hours)\s+of\s+(?:violence|gunfire|bloodshed|shootings|mayhem)\b|"
    # "seven shot in five hours", "12 wounded over the past three days": a toll over a span
    r"\b(?:shot|killed|dead|wounded|injured|hurt)\s+(?:in|over|within)\s+(?:(?:the\s+)?(?:past|last)\s+)?"
    r"(?:two|three|four|five|six|seven|eight|nine|ten|twelve|\d+|several|a\s+few)\s+(?:hours|days)\b|"
    # "in Labor Day weekend shootings": a holiday's name before the span
    r"\bin\s+(?:(?-i:[A-Z][a-z]+)\s+){1,3}(?:weekend|holiday|overnight)\s+shootings\b",
    re.IGNORECASE,
)
_AGGREGATE_WORDS = frozenset({"shootings", "incidents", "citywide", "city-wide", "statewide", "nationwide", "across",
                              "stretch", "span", "period", "violent", "bloody", "gunfire",
                              "violence", "hours", "days", "bloodshed", "mayhem"})
# Links to other stories that crawls leave in the text ("Related: 2 killed in ...").
_RELATED = re.compile(
    r"\s*(?:[►▶»•·*>|×-]\s*)*(?:related(?:\s+(?:stories|story|coverage|articles?|content|links?))?|read\s+more|see\s+also|more\s+on\s+this|"
    r"also\s+read)\s*[:\-–—|]"
    # a video link: its running time, then its title ("0:50 Columbus girl fatally shot")
    r"|\s*\d{1,2}:\d\d(?!\s*(?:[ap]\.?m\b|[ap]\.m\.))\s+(?=[A-Z0-9])",
    re.IGNORECASE,
)
# An earlier death the event is set against: a vigil, memorial or funeral for someone killed
# ("a vigil honoring a man killed in a shooting last week", "gathered to mourn the death of a boy
# who was killed"), or a shooting told as retaliation / revenge for another ("in retaliation for a
# shooting that killed a man"). The death recalled is that earlier happening's.
_RECALLED = re.compile(
    r"\b(?:(?:candlelight\s+)?(?:vigils?|memorials?|funerals?|wakes?)\s+(?:service\s+)?(?:for|honou?ring|of|in\s+memory\s+of)|"
    r"mourn(?:s|ed|ing)?|in\s+memory\s+of|(?:in\s+)?(?:retaliation|revenge|reprisal|payback)\s+(?:for|to|against)|"
    # "the shooting follows recent attacks on police in Varnton, where five officers died", "in the
    # wake of deadly ambushes": earlier attacks the event is set against
    r"(?:follows|followed|comes\s+(?:\w+\s+){0,2}?after|came\s+(?:\w+\s+){0,2}?after|in\s+the\s+wake\s+of)\s+"
    r"(?:(?:recent|earlier|other|similar|previous|fatal|deadly|a\s+(?:string|series|spate)\s+of)\s+)+"
    r"(?:[\w-]+\s+){0,2}?(?:attacks|shootings|ambushes|killings|bombings|massacres))\b",
    re.IGNORECASE,
)
_RECALLED_WORDS = frozenset({"vigil", "vigils", "memorial", "memorials", "funeral", "funerals", "wake", "wakes",
                             "mourn", "mourns", "mourned", "mourning", "memory", "retaliation", "revenge",
                             "reprisal", "payback", "follows", "followed", "comes", "came"})
# A tally over a period in the present perfect: "Four people have been fatally shot since the
# initiative was launched", "has been killed since January". A count up to now, not one incident.
_TALLY = re.compile(
    r"\b(?:have|has)\s+been\s+(?:\w+\s+){0,2}?(?:killed|shot|slain|murdered|wounded|injured)\b[^.;]*?\b(?:since|this\s+year)\b",
    re.IGNORECASE,
)
# Whole words without which _OFFSET / _SEPARATE cannot match (see crosscheck.nlp.words).
_OFFSET_WORDS = frozenset({"after", "before", "since"})
_SEPARATE_WORDS = frozenset({"incident", "shooting", "case", "attack", "bombing", "crash", "ago", "year", "days", "weeks",
                             "months", "since", "last", "far", "week"})
# "A year earlier, Roe was shot": what follows an offset of months or years, to the clause's end
# (a block "that was the scene of a shooting a year earlier" leaves the clause before it alone).
_EARLIER = re.compile(
    rf"\b{_HOW_MANY}\s+(?:years?|months?)\s+"
    r"(?:earlier|prior)\b",
    re.IGNORECASE,
)
_EARLIER_WORDS = frozenset({"earlier", "prior"})
_FULL_DATE = re.compile(
    rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\s+)(?P<year>(?:19|20)\d\d)\b"
)
# "the 2004 quake", not "the 1900 block of Elm Street" (an address)
_YEAR_NOUN = re.compile(r"\bthe\s+(?:\d{4})\s+(?!block\b)[a-z]", re.IGNORECASE)
# A month named as the time of a clause, without a day or year: "In March, a driver hit a crowd",
# "was shot last March". A dated report tells its own event by weekday or date; a month before
# its publication month is an earlier happening. (_MONTH_WORDS: every spelling _MONTH allows.)
_MONTH_ONLY = re.compile(rf"\b(?i:in|last|back\s+in|earlier\s+in)\s+(?P<month>{_MONTH})(?![\w.]|\s*\d)")


def _clauses(text: str) -> list[tuple[int, int]]:
    """Clause ranges of a sentence: cut at semicolons, dashes, parentheses and ", and/but/while"."""
    cuts = [0] + [m.start() for m in _CLAUSE_JOINT.finditer(text)] + [len(text)]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]


def reference_year(doc: AnalyzedDoc) -> int | None:
    """The year the report is written in: its publication year, else the latest year of a full date.

    An undated report (no publication date) is placed by the full calendar dates it gives
    ("September 1, 2013", "3 January 2024"): news spells the day out for its own event and dateline,
    and mostly a bare year ("in 2004", "the 2004 quake", "in January 2020") for the past. Earlier
    years are then background. With neither, every clause dated with an explicit year counts as
    background: news tells its own event by weekday ("on Wednesday").
    """
    published = doc.article.published_at
    if published is not None:
        return published.year
    years = [int(m.group("year")) for m in _FULL_DATE.finditer(doc.article.text) if m.group("year")]
    return max(years) if years else None


_YEAR = re.compile(r"(1[89]\d\d|20\d\d)\b")


def _year_of(text: str, start: int) -> str | None:
    match = _YEAR.match(text, start)
    return match.group(1) if match else None


def _may_state_a_year(text: str) -> bool:
    """Whether ``_year_of`` can read a year anywhere in ``text``: without such digits no number of
    the sentence dates a clause, and its quantities (about 50 us a sentence) need not be read."""
    return _YEAR.search(text) is not None


def background_regions(sentence: Sentence) -> list[tuple[int, int]]:
    """Character ranges of ``sentence.text`` that speak of another event (see module doc).

    The reference year is read once per document (``_cached_year``): an undated report's year is a
    scan of its whole text, and once per sentence that made the cost grow with the square of its size.
    """
    text = sentence.text
    year = _cached_year(sentence.doc)
    regions: list[tuple[int, int]] = []
    known: list[list[tuple[int, int]]] = []

    def clauses() -> list[tuple[int, int]]:
        """The sentence's clauses, cut only when a region needs them (most sentences have none)."""
        if not known:
            known.append(_clauses(text))
        return known[0]

    for match in _OFFSET.finditer(text) if has_any(text, _OFFSET_WORDS) else ():
        regions.append((match.start(), _clause_end(clauses(), match.start(), len(text))))
    for match in _EARLIER.finditer(text) if has_any(text, _EARLIER_WORDS) else ():
        regions.append((match.start(), _clause_end(clauses(), match.start(), len(text))))
    if _RELATED.match(text) or (has_any(text, _AGGREGATE_WORDS) and _AGGREGATE.search(text)):
        return [(0, len(text))]
    for match in _SEPARATE.finditer(text) if has_any(text, _SEPARATE_WORDS) else ():
        regions.append(_clause_of(clauses(), match.start()))
    for match in _RECALLED.finditer(text) if has_any(text, _RECALLED_WORDS) else ():
        end = _predicates_end(text, clauses(), match.start())
        participle = _PARTICIPLE.search(text, match.end(), end)
        regions.append((match.start(), participle.start() if participle else end))
    if ("since" in text or "this year" in text) and "been" in text:
        regions.extend(_clause_of(clauses(), m.start()) for m in _TALLY.finditer(text))
    if regions:  # a continuation continues a region: none without one
        regions.extend(_elliptic_continuations(text, clauses(), regions))
    regions.extend(_clause_of(clauses(), at) for at in _earlier_months(sentence))
    may_state_a_year = _may_state_a_year(text)  # both loops below need a year _year_of can read
    for q in quantities(text) if may_state_a_year else ():
        found = _year_of(text, q.num_start) if q.role in (Role.YEAR, Role.DATE) else None
        if found and (year is None or int(found) < year):
            regions.append(_clause_of(clauses(), q.num_start))
    for match in _YEAR_NOUN.finditer(text) if may_state_a_year else ():
        found = _year_of(text, match.start() + 4)
        if found and (year is None or int(found) < year):
            regions.append((match.start(), _clause_end(clauses(), match.start(), len(text))))
    return sorted(set(regions))


def _earlier_months(sentence: Sentence) -> list[int]:
    """Where the sentence names, without a day, a month before the report's publication month."""
    text, published = sentence.text, sentence.doc.article.published_at
    if published is None or not has_any(text, _MONTH_WORDS):
        return []
    return [
        m.start() for m in _MONTH_ONLY.finditer(text)
        if _MONTH_NUMBER[m.group("month")[:3].lower()] != published.month
    ]


# ", leaving a girl dead" after "near a vigil for two drowning victims" hangs on the main clause:
# it tells the event, so the vigil's region stops there.
_PARTICIPLE = re.compile(r",\s+\w+ing\b")
_DASH = re.compile(r"\s[–—]\s")
# A finite verb of reporting's usual shapes; "said"/"says" only attribute the clause.
_FINITE = re.compile(r"\b(?:is|are|was|were|has|have|had|will|would|did|does|\w+ed)\b", re.IGNORECASE)


def _elliptic_continuations(
    text: str, clauses: list[tuple[int, int]], regions: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Verbless clauses after a dash that continue a background clause ("a minor was shot so far
    this year — one fatally"): the count they add belongs to the same statistic or earlier case."""
    found = []
    for (a, b), (c, d) in zip(clauses, clauses[1:]):
        if (
            _DASH.match(text, c)
            and any(x <= a and b <= y for x, y in regions)
            and not _FINITE.search(text, c, d)
        ):
            found.append((c, d))
    return found


_SHARED_SUBJECT = re.compile(r",\s+and\s+(?:\w+ed|left|shot|hit|hurt)\b", re.IGNORECASE)
_AND = re.compile(r",\s+and\s", re.IGNORECASE)
_RELATIVE_WORD = re.compile(r"\b(?:where|when|who|whom|whose|which|that)\b", re.IGNORECASE)


def _predicates_end(text: str, clauses: list[tuple[int, int]], at: int) -> int:
    """The end of the clause at ``at`` and of the clauses joined to it that share its subject
    ("a shooting that injured two women, and killed a man": the man is that shooting's too) or
    that add a noun to its list ("attacks in Varnton, where five died, and Quellham, where three
    died": Quellham's attack is as recalled as Varnton's)."""
    end = _clause_end(clauses, at, len(text))
    for a, b in clauses:
        if a == end and (_SHARED_SUBJECT.match(text, a) or _noun_conjunct(text, a, b)):
            end = b
    return end


def _noun_conjunct(text: str, start: int, end: int) -> bool:
    """Whether the clause ``text[start:end]`` opens with ", and" and has no finite verb of its own
    before a relative word: a noun (with its relative clause) added to the list before it, not a
    new clause with a subject and verb ("..., and police said three died")."""
    opening = _AND.match(text, start)
    if opening is None:
        return False
    relative = _RELATIVE_WORD.search(text, opening.end(), end)
    return _FINITE.search(text, opening.end(), relative.start() if relative else end) is None


def _clause_of(clauses: list[tuple[int, int]], at: int) -> tuple[int, int]:
    return next(((a, b) for a, b in clauses if a <= at < b), (at, at + 1))


def _clause_end(clauses: list[tuple[int, int]], at: int, default: int) -> int:
    return next((b for a, b in clauses if a <= at < b), default)


def is_background(sentence: Sentence, start: int = 0, end: int | None = None) -> bool:
    """Whether ``sentence.text[start:end]`` lies in a clause about another event."""
    end = len(sentence.text) if end is None else end
    return any(a <= start and end <= b for a, b in _regions(sentence))


def _regions(sentence: Sentence) -> list[tuple[int, int]]:
    """Background regions, cached on the document (extractors ask many times per sentence)."""
    cache = _cache(sentence.doc)
    if sentence.index not in cache:
        regions = background_regions(sentence)
        if _continues_background(sentence) or _follows_an_ordinal_recall(sentence) or _goes_on_after_a_recall(sentence):
            regions = [(0, len(sentence.text))]
        cache[sentence.index] = regions
    return cache[sentence.index]


# "In that case, a 15-year-old was killed": the case the sentence before named.
_THAT_CASE = re.compile(
    r"\s*(?:(?:in|during)\s+(?:that|the\s+(?:earlier|other|previous))\s+(?:case|shooting|incident|attack)\b"
    # "... was in February, when a quake rocked Varnton. It killed 612 people": that happening's toll
    r"|(?:it|that\s+(?:quake|earthquake|attack|shooting|bombing|blast|explosion|crash|fire|storm))\s+"
    r"(?:also\s+)?(?:killed|left|injured|wounded|destroyed|damaged|claimed|leveled|levelled|flattened)\b)",
    re.IGNORECASE,
)


# "More than 3,000 people have been injured in those shootings", "were also injured in that crash":
# the happenings the sentence before told ("that" a determiner, not "said that").
_THOSE_HAPPENINGS = re.compile(
    r"\b(?:those|these)\s+(?:[\w-]+\s+)?(?:shootings|incidents|attacks|killings|homicides|murders|crimes|cases)\b|"
    r"(?<!\bsaid\s)(?<!\bsays\s)(?<!\bsay\s)(?<!\btold\s)(?<!\bbelieve\s)(?<!\bthink\s)"
    r"\bthat\s+(?:[\w-]+\s+)?(?:crash|shooting|incident|attack|killing|homicide|stabbing|bombing|explosion|fire|quake|earthquake)\b",
    re.IGNORECASE,
)


# "This is the second shooting this week in which a child was shot in Varnton.", "It was the third
# fatal shooting in the city over the weekend.": the event counted among others of a span. The
# sentence after it tells the other one ("On Wednesday, a 2-year-old and a man were wounded ...").
_COUNTED = (
    r"^\W*(?:it|this|that|the\s+[\w-]+(?:\s+[\w-]+)?|[\w-]+['’]s\s+[\w-]+)\s+(?:is|was|marks|marked)\s+the\s+"
    r"(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))\s+"
)
_ORDINAL_RECALL = re.compile(
    _COUNTED + r"(?:[\w-]+\s+){0,3}?(?:shooting|homicide|killing|stabbing|incident|attack|time)s?\b"
    r"[^.!?]*?\b(?:hours?|days?|weeks?|weekend|months?|years?|20\d\d)\b",
    re.IGNORECASE,
)
# "Saturday's shooting is the second use of lethal force ...": the event counted, by any measure.
_COUNTED_AGAIN = re.compile(_COUNTED, re.IGNORECASE)


# A day or a month named: "On Monday", "on Nov. 22", "In March", "Exactly one week ago".
_DAY_NAMED = re.compile(
    rf"\b(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|{_MONTH}(?![\w])|ago)\b|\b{_MONTH}\s*\d",
)


def _follows_an_ordinal_recall(sentence: Sentence) -> bool:
    """Whether the sentence before counts the event as the second (third...) of a span
    (``_ORDINAL_RECALL``) and this one names a day or a month: what follows such a count tells the
    earlier happening ("On Monday, a 4-year-old boy was wounded ...", "A 2-year-old girl died after
    she was shot ... on Nov. 22"). A sentence with a clock time alone ("About 6 p.m., a group of
    gang members drove into the 4200 block ...") goes on with the event's own story."""
    return (
        sentence.index > 0
        and _ORDINAL_RECALL.match(sentence.doc.sentences[sentence.index - 1].text) is not None
        and _DAY_NAMED.search(sentence.text) is not None
    )


def _goes_on_after_a_recall(sentence: Sentence) -> bool:
    """Whether the sentence before tells the earlier happening after an ordinal recall
    (``_follows_an_ordinal_recall``) and this one goes on in the same paragraph: "On Wednesday, a
    2-year-old and a man were left in critical condition after a shooting on Elm Avenue. Jo Roe, 35,
    was arrested in connection with the shooting." A sentence that counts the event again ("Saturday's
    shooting is the second use of lethal force ...") is the event's own; a new paragraph may be."""
    if sentence.index < 2 or _COUNTED_AGAIN.match(sentence.text):
        return False
    before = sentence.doc.sentences[sentence.index - 1]
    same_paragraph = "\n" not in sentence.doc.view.text[before.end : sentence.start]
    return same_paragraph and _follows_an_ordinal_recall(before)


def _continues_background(sentence: Sentence) -> bool:
    """Whether a sentence opening with "In that case", or with "It killed" / "That quake destroyed",
    or pointing back to "those shootings", follows one that ends about another event ("... charged
    in a similar shooting in Varnton over the weekend. In that case, ..."; "The last big quake was in
    February. It killed 612 people"; "Police counted 3,100 shooting incidents through Nov. 16, above
    the 2015 total. More than 3,000 people have been injured in those shootings"): it tells that
    other event, or those other events, on. A link to another story ("Related: ...") is background
    but tells nothing a next sentence goes on with."""
    if sentence.index == 0 or not (_THAT_CASE.match(sentence.text) or _THOSE_HAPPENINGS.search(sentence.text)):
        return False
    before = sentence.doc.sentences[sentence.index - 1]
    if _RELATED.match(before.text):
        return False  # a link to another story is no part of the narrative "that" points back into
    end = len(before.text.rstrip(" .!?\"'”’"))
    return any(a <= end - 1 < b for a, b in _regions(before))


def _cached_year(doc: AnalyzedDoc) -> int | None:
    store = _cache(doc)
    if "year" not in store:
        store["year"] = reference_year(doc)
    return store["year"]  # type: ignore[return-value]


def _cache(doc: AnalyzedDoc) -> dict:
    cache = getattr(doc, "_background_cache", None)
    if cache is None:
        cache = {}
        setattr(doc, "_background_cache", cache)
    return cache


def background_sentences(doc: AnalyzedDoc) -> frozenset[int]:
    """Indices of the sentences mostly about another event (half or more of their characters).

    Computed once per document and kept with its regions: the claims, places and dates extractors
    and the extraction's own background all ask (four times a document).
    """
    store = _cache(doc)
    found = store.get("sentences")
    if found is None:
        found = store["sentences"] = frozenset(
            sentence.index for sentence in doc.sentences
            if _covered(_regions(sentence)) * 2 >= len(sentence.text.strip())
        )
    return found


def _covered(regions: list[tuple[int, int]]) -> int:
    """How many positions the half-open ranges ``regions`` cover together (overlaps counted once),
    by merging them in order rather than collecting every position in a set."""
    covered, reach = 0, None
    for a, b in sorted(regions):
        if reach is not None and a < reach:
            a = reach
        if b > a:
            covered += b - a
            reach = b if reach is None else max(reach, b)
    return covered


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
