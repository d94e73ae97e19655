"""Figures a report states about its event: casualties, explosions, intervals, distances, times.

Casualty tolls in English news come in a handful of shapes, each a rule here (the rule's name is
the mention's ``extractor``):

* ``figures.count``: a count, then its noun, the auxiliaries, a casualty word: "At least 103 people
  were killed", "141 were injured" (elliptic), "another 60 people were injured", "2 dead",
  "one of them died", "1 fatally";
* ``figures.object``: a casualty verb, then the count: "killing 5", "leaving 2 dead", "police
  arrested two suspects", "shot and killed a man";
* ``figures.toll``: "the death toll rose to 12";
* ``figures.single``: one person as the subject: "a man was shot and killed", "Thompkins, 57, was
  pronounced dead", "the fatal shooting of a teen", "the boy shot himself";
* ``figures.list``: people coordinated: "a man, his wife and their two daughters were found dead"
  (4), "killed his wife, son and daughter before killing himself" (4);
* ``figures.shot``: the wounded read from people shot: "two men were shot, one fatally" is one
  killed and one injured; people shot minus people the same report says were killed.
* ``figures.clauses``: hurt people told clause by clause in one sentence, summed: "a man was shot
  in the chest and two women were shot in the leg" (3), "..., another in the leg" (gapped clauses).

"Shot" also covers a wound told as a strike ("struck in the leg", "hit by stray gunfire", "grazed by
a bullet"); "struck" and "hit" alone name no wound ("struck by a car").

Only quantities that count (``nlp.numbers`` sets ages, years, times, addresses, money aside) and
that lie outside clauses about other events (``extract.background``) are kept. Stage comes from
the cue word nearest the figure ("initially told ... that 20", "but police later said 6"),
attribution from ``extract.attribution`` when it is installed. Everything is regular expressions
over ``Sentence.text``, gated by cheap substring tests: no statistical parse is needed, so a typical
2,500-character report costs about 3.5-5 ms of CPU (``bench/eval_figures.py`` measures it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator

from crosscheck.extract.background import is_background
from crosscheck.model import FigureKind, FigureMention, Stage
from crosscheck.nlp.document import AnalyzedDoc, Sentence
from crosscheck.nlp.numbers import Quantity, Role, quantities
from crosscheck.nlp.words import has_any

# --- vocabulary -------------------------------------------------------------------------------

_HOSPITAL = (
    r"(?:(?:(?:an?|the|area|local|nearby|a\s+nearby)\s+){0,2}(?:hospitals?|medical\s+cent(?:er|re)s?|trauma\s+cent(?:er|re)s?)|"
    r"(?-i:(?:[A-Z][\w'’.-]*\s+){1,5}(?:Hospital|Medical\s+Center|Medical\s+Centre|Trauma\s+Center)))"
)
_KILLED = (
    r"shot\s+(?:and|,)\s+killed|shot\s+dead|shot\s+to\s+death|stabbed\s+to\s+death|beaten\s+to\s+death|"
    r"fatally\s+(?:shot|wounded|injured|stabbed|struck)|found\s+dead|pronounced\s+dead|declared\s+dead|"
    r"killed|dead|deceased|died|dies|die|slain|murdered|fatally|deaths?|fatalities|lost\s+(?:their|his|her)\s+lives?|"
    r"(?:has\s+|have\s+)?succumbed"
)
_INJURED = (
    r"shot\s+and\s+(?:wounded|injured)|injured|wounded|hurt|hospitali[sz]ed|injuries|recovering|"
    r"treated\s+for\s+(?:(?:his|her|their|a|an|[\w-]+)\s+){0,3}?(?:wounds?|injuries)|in\s+(?:critical|serious|stable|fair|good)\s+condition|"
    r"(?:suffering|suffered|sustained|sustaining|received|receiving)\s+(?:from\s+)?(?:an?\s+|multiple\s+|non-life[- ]threatening\s+)?"
    r"(?:apparent\s+)?(?:gunshot\s+)?(?:wounds?|injuries)|"
    rf"(?:taken|transported|rushed|airlifted|flown)\s+to\s+{_HOSPITAL}|"
    r"(?:hit|struck|grazed)\s+and\s+(?:injured|wounded)|"
    # reached a hospital with a wound: "three other victims showed up at the hospital with gunshot wounds"
    rf"(?:showed\s+up|turned\s+up|arrived|walked\s+in(?:to)?)\s+(?:at\s+)?{_HOSPITAL}\s+(?:[\w'’.]+\s+){{0,4}}?"
    r"(?:with|suffering\s+from)\s+(?:an?\s+|multiple\s+|several\s+)?(?:apparent\s+)?(?:gunshot|bullet|graze)\s+wounds?|"
    r"with\s+(?:an?\s+|multiple\s+|several\s+)?gunshot\s+wounds?|"
    r"with\s+(?:(?:non-?\s*|not\s+|possibly\s+|potentially\s+)?life[- ]threatening|minor|serious|critical|severe|"
    r"superficial)\s+(?:gunshot\s+)?(?:wounds?|injuries)"
)
_MISSING = r"missing|unaccounted\s+for"
_ARRESTED = (
    r"arrested|detained|taken\s+into\s+(?:police\s+)?custody|in\s+(?:police\s+)?custody|apprehended|charged|booked|"
    r"fac(?:ing|es)\s+(?:\w+\s+){0,2}charges"
)
_BODY_PART = (
    r"head|face|neck|jaw|eye|mouth|cheek|chest|back|side|stomach|abdomen|torso|shoulders?|arms?|elbows?|wrists?|hands?|"
    r"fingers?|hips?|buttocks?|groin|thighs?|legs?|knees?|calf|calves|shins?|ankles?|feet|foot|toes?|heel|upper\s+body|lower\s+body"
)
# Struck, hit or grazed by a projectile, or in a part of the body: "was struck in the leg", "was hit
# twice", "hit by stray gunfire", "grazed by a bullet". A bare "struck" or "hit" names no wound
# ("struck by a car", "hit a wall"), so the body part, the count of hits or the projectile is required.
_SHOT = (
    r"shot|(?:struck|hit|grazed)\s+by\s+(?:(?:stray\s+)?gunfire|(?:a\s+|the\s+|another\s+)?(?:stray\s+)?(?:bullets?|gunshots?|rounds?|projectiles?))|"
    r"(?:struck|hit|grazed)\s+(?:once\s+|twice\s+|several\s+times\s+|multiple\s+times\s+)?"
    rf"(?:in|on)\s+(?:the|his|her|their|both)\s+(?:(?:left|right|upper|lower)\s+)?(?:{_BODY_PART})\b|"
    r"(?:struck|hit)\s+(?:twice|several\s+times|multiple\s+times|\w+\s+times)|"
    # "four victims were struck." / "were struck, though none ...": the verb ends its clause
    r"struck(?=\s*(?:[.;]|$|,\s*(?:though|but|and|police|officials|authorities)\b|\s+(?:though|but|while)\b))"
)
_TRIGGERS: list[tuple[str, str]] = [
    ("killed", _KILLED), ("injured", _INJURED), ("missing", _MISSING), ("arrested", _ARRESTED), ("shot", _SHOT),
]
_TRIGGER = "|".join(f"(?P<{name}>{pattern})" for name, pattern in _TRIGGERS)
_KIND = {"killed": FigureKind.KILLED, "injured": FigureKind.INJURED, "missing": FigureKind.MISSING,
         "arrested": FigureKind.ARRESTED}

_AUX = (
    r"were|was|are|is|have|has|had|been|being|be|reportedly|also|later|all|both|allegedly|confirmed|now|"
    r"initially|believed|thought|feared|reported|said|to|got|remain|remains|remained|still|subsequently|listed|"
    r"eventually|each|critically|seriously|badly|severely|fatally|who|that|being|left|found|since|"
    # any other adverb: "were accidentally shot", "were apparently wounded"
    r"(?-i:(?!(?:family|only|early|daily|weekly|nightly|monthly|july|italy|ally|rally|holy|belly)\b)[a-z]{2,}ly)"
)
_STOP_NOUN = r"(?:were|was|are|is|have|has|had|and|or|in|at|on|after|by|from|when|who|that|during|as|with|of)\b"
# Words that head a noun phrase of things, not people: "two explosions killed", "3 shots were fired".
_THINGS = re.compile(
    r"\b(?:shots?|rounds?|bullets?|times|explosions?|blasts?|bombs?|vehicles?|cars?|homes?|houses?|"
    r"incidents?|shootings?|attacks?|guns?|weapons?|handguns?|rifles?|days?|hours?|minutes?|weeks?|"
    r"months?|years?|counts?|charges?|dogs?|cats?|animals?|horses?|buildings?|blocks?|miles?|feet)\b",
    re.IGNORECASE,
)
_COUNT_RIGHT = re.compile(
    rf"^(?P<noun>(?:\s+(?!{_STOP_NOUN})[A-Za-z][\w'’.-]*){{0,6}}?)"
    r"(?P<of>\s+(?:of\s+(?:them|those|the(?:\s+\w+){1,3}?|whom|which)|others?|more|people))?,?"
    r"(?:\s*,\s*(?:both|each|all|aged?|ages|ranging\s+in\s+age\s+from)?\s*\d{1,3}(?:\s*(?:,|and|&|to)\s*\d{1,3})*\s*,"  # ", both 21,"
    r"|\s+(?:aged?|ages)\s+(?:between\s+)?\d{1,3}(?:\s*(?:,|and|&|to|-)\s*\d{1,3})*)?"  # "aged between 20 and 37"
    r"(?:\s*,?\s+including\s+(?:(?!\b(?:who|that|which)\b)[^,;.()]){1,60}?(?:,|(?=\s+(?:were|was|are|have|had)\b)))?"  # ", including a child,"
    rf"(?P<aux>(?:\s+(?:{_AUX})\b)*)"
    rf"\s+(?:{_TRIGGER})\b",
    re.IGNORECASE,
)
_PERSON = (
    r"man|woman|boy|girl|teen|teenager|teen-ager|person|child|toddler|baby|infant|student|officer|deputy|"
    r"trooper|agent|victim|suspect|driver|passenger|resident|father|mother|son|daughter|husband|wife|"
    r"brother|sister|employee|clerk|customer|bystander|gunman|shooter|male|female|youth|juvenile|adult|"
    r"individual|pedestrian|worker|cashier|guard|owner|neighbor|friend|girlfriend|boyfriend|grandmother|"
    r"grandfather|uncle|aunt|cousin|nephew|niece|kid|senior|veteran|security\s+guard|robber|intruder|"
    r"homeowner|tenant|patron|motorist|cyclist|sergeant|detective|policeman|policewoman|soldier|civilian|"
    r"gunmen|assailant|grandson|granddaughter|stepfather|stepmother|stepson|stepdaughter|fiance|fiancee|fiancé|"
    r"roommate|classmate|partner|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|mother-in-law|father-in-law|"
    r"grandchild|couple|mom|dad|pastor|teacher|coach|nurse|doctor|inmate|relative"
)
_PEOPLE = (
    r"men|women|boys|girls|teens|teenagers|people|persons|children|kids|toddlers|babies|students|officers|"
    r"deputies|troopers|victims|suspects|adults|juveniles|males|females|sons|daughters|brothers|sisters|"
    r"grandchildren|siblings|members|relatives|friends|employees|customers|bystanders|others|residents|"
    r"parents|family\s+members|youths|workers|guards|agents|soldiers|civilians|officials|nurses|students"
)
# "a 4-year-old", "the two-year-old", "a twenty-five-year-old": an age in digits or words names a
# person (any word before "-year-old": listing the number words made every subject pattern slower).
_AGED = r"(?:\d{1,3}|[a-z]+(?:-[a-z]+)?)[- ](?:year|month|week)s?[- ]old\b"
_SINGLE_NP = rf"(?:a|an|one|another)\s+(?:(?:[\w'’-]+\s+){{0,3}}?(?:{_PERSON})\b|{_AGED}(?!\s+(?:{_PERSON})))"
# A person's name (case-sensitive even inside IGNORECASE patterns), optionally with ", 25,".
# "Nobody died", "No one was hurt" state no casualty; title-case boilerplate ("Could Be Damaged Or
# Killed") is no name: conjunctions and auxiliaries are never part of one.
_NOT_NAME = r"(?:Nobody|None|No|Noone|Everyone|Everybody|Someone|Somebody|Anyone|Anybody|Or|And|Be|Been|Will|Could|Would|May|Can|Have|Has)\b"
_NAME = (
    r"(?-i:(?<![\w’'])(?!(?:The|A|An|He|She|It|They|Police|Officers|Authorities|Investigators|Deputies|This|"
    rf"That|But|And|When|Then|After)\b)(?!{_NOT_NAME})[A-Z][a-z'’-]+(?:\s+[A-Z]\.)?(?:\s+(?!{_NOT_NAME})[A-Z][a-z'’-]+){{0,2}}"
    r"(?:\s+(?:Jr|Sr|II|III)\.?)?(?:,\s*\d{1,3}\s*,)?)"
)
_HEADLINE_NP = (
    rf"(?-i:(?:[A-Z][\w'’.-]*\s+)+)(?:\d+-year-old\s+)?(?:{_PERSON})\b|"
    rf"^(?:[\w'’-]+\s+){{0,2}}?(?:\d+-year-old\s+|{_AGED}\s+)?(?:{_PERSON})\b"
)
_SINGLE_SUBJECT = (
    rf"(?:{_SINGLE_NP}|(?:\bthe|\bone|\bthis|\bthat)\s+(?:(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})\b|{_AGED})|\b(?:he|she)\b|"
    rf"(?P<head>{_HEADLINE_NP})|{_NAME}|"
    # a further victim with no noun: "three were killed and another was injured", "a fourth wounded"
    r"\b(?:another|one\s+other|an?\s+(?:second|third|fourth|fifth|sixth)))"
)
_SINGLE = re.compile(
    rf"(?P<np>{_SINGLE_SUBJECT})(?:\s*\([^)]*\))?(?:,\s*(?:\d{{1,3}}|[a-z]+(?:-[a-z]+)?)\s*,)?"
    r"(?-i:(?:\s*,?\s*of\s+[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}(?:,\s*[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2})?\s*,)?)"
    # "another man in the home was wounded", "a man in his 40s was shot"
    r"(?-i:(?:\s+(?:in|inside|at)\s+the\s+[a-z]+|\s+in\s+(?:his|her|their)\s+(?:early\s+|mid\s+|late\s+|mid-)?(?:\d0s|teens|twenties|"
    r"thirties|forties|fifties|sixties|seventies|eighties))?)"
    # the subject's earlier deed, then its fate: "Roe had been waiting for a bus and was shot"
    r"(?:\s+(?:had\s+been|had|was|were)\s+[a-z][^.;,:]{0,50}?\s+and(?=\s+(?:was|had\s+been)\s))?"
    r"(?P<aux>(?:\s+(?:(?:who|that)\s+(?:was|is|has\s+been|had\s+been)|was|has\s+been|had\s+been|is|later|reportedly|also|allegedly|then|critically|seriously|"
    r"badly|severely|gravely|slightly|"
    r"subsequently|eventually|apparently|accidentally|reportedly|fatally|just|being|got|listed|remains|remained))*)\s+$",
    re.IGNORECASE,
)
_REFLEXIVE = re.compile(
    r"\b(?:(?P<verb>killed|killing|fatally\s+shot|fatally\s+shooting|shot|shooting|wounded|wounding)\s+"
    r"(?P<self>himself|herself)|(?P<took>took|taking)\s+(?P<life>his\s+own\s+life|her\s+own\s+life))\b",
    re.IGNORECASE,
)
# "was shot ... and pronounced dead", "taken to a hospital, where he died": the one person died.
_DIED_AFTER = re.compile(
    r"[^.;]*?(?:\band|\bwhere|\bbut|\bwho|,)\s+(?:(?:he|she|they|the\s+victims?|was|were|later|then|eventually|subsequently|has|had|"
    r"soon|shortly|since|been|they\s+told\s+us\s+that|doctors|medics|paramedics|surgeons)\s+)*"
    # "but a spokesperson says the child passed away": a reporting verb between
    r"(?:(?:[\w'’-]+\s+){1,5}?(?:says?|said|confirmed|reported)\s+(?:that\s+)?(?:(?:the|this)\s+[\w'’-]+|he|she|they)\s+(?:has\s+|had\s+|later\s+)?)?"
    r"(?:pronounced\s+dead|declared\s+(?:clinically\s+)?dead|died|dies|killed|succumbed|passed(?:\s+away)?|(?:was|were)\s+dead|"
    r"(?:did\s+not|didn['’]t)\s+survive|(?:could\s+not|couldn['’]t)\s+be\s+saved|(?:(?:was|were)\s+)?(?:not\s+able|unable)\s+to\s+save)\b",
    re.IGNORECASE,
)
_DEATH_WORD = re.compile(r"\b(?:died|dies|dead|killed|death|fatal(?:ly)?|succumbed)\b", re.IGNORECASE)
_CUSTODY = re.compile(r"\b(?:took|taken|take|taking)\s+(?P<who>him|her)\s+into\s+(?:police\s+)?custody\b", re.IGNORECASE)
# Whole words without which _REFLEXIVE ("himself", "herself", "his own life") and _CUSTODY cannot match.
_REFLEXIVE_WORDS = frozenset({"himself", "herself", "life"})
_CUSTODY_WORDS = frozenset({"custody"})
_TRIGGER_ONLY = re.compile(rf"\b(?:{_TRIGGER})\b", re.IGNORECASE)
# _TRIGGER_ONLY cannot match without one of these whole words: for each alternative of _TRIGGERS,
# one word it requires, in every form the alternative allows ("in critical condition" needs
# "condition", "with ... gunshot wounds" needs "gunshot", "taken to ... hospital" needs "taken").
_TRIGGER_WORDS = frozenset(
    # _KILLED
    "shot stabbed beaten fatally dead killed deceased died dies die slain murdered death deaths fatalities lost succumbed "
    # _INJURED
    "injured wounded hurt hospitalised hospitalized injuries recovering treated condition suffering suffered sustained "
    "sustaining received receiving taken transported rushed airlifted flown hit struck grazed showed turned arrived "
    "walked gunshot wound wounds "
    # _MISSING, _ARRESTED (_SHOT starts with shot, struck, hit or grazed, listed above)
    "missing unaccounted arrested detained custody apprehended charged booked facing faces".split()
)


@lru_cache(maxsize=256)
def _triggers(text: str) -> tuple[re.Match[str], ...]:
    """The casualty words of ``text`` (``_TRIGGER_ONLY``): _lists and _singles both read them, so
    the costly scan runs once per sentence, and only when one of its required words is there."""
    return tuple(_TRIGGER_ONLY.finditer(text)) if has_any(text, _TRIGGER_WORDS) else ()
_INTRANSITIVE = re.compile(
    r"(?:died|dies|die|succumbed|(?:has|have)\s+succumbed|dead|lost|suffer(?:ed|ing|s)|sustain(?:ed|ing|s)|receiv(?:ed|ing|es)|fac(?:es|ing)|in\s+(?:critical|serious|stable|fair|good)"
    r"\s+condition)\b",
    re.IGNORECASE,
)
_FATAL_OF = re.compile(
    r"\b(?:fatal(?:ly)?\s+(?:shooting|stabbing|wounding)|(?:shooting|stabbing)\s+death|murder|killing|slaying)\s+of\s+"
    rf"(?P<np>(?:{_SINGLE_NP}|(?:the\s+|his\s+|her\s+)?{_AGED}\s+(?:(?:{_PERSON})\b|{_NAME})|{_NAME}))",
    re.IGNORECASE,
)
# _FATAL_OF cannot match without one of these whole words ("fatal(ly) shooting of", "shooting death
# of", "murder of", "killing of", "slaying of").
_FATAL_OF_WORDS = frozenset({"fatal", "fatally", "death", "murder", "killing", "slaying"})
_OBJECT_VERB = re.compile(
    r"\b(?P<verb>(?:shot\s+and\s+)?(?:killing|killed|kills|kill|leaving|left|leaves|wounding|wounded|wounds|"
    r"injuring|injured|injures|arrested|arresting|arrest|detained|detaining|shot|shooting|shoots|hitting|striking|"
    r"grazed|grazing|grazes|struck|strikes|hit|hits|"
    r"claim(?:ed|ing)?\s+the\s+lives?\s+of|took\s+the\s+lives?\s+of|(?:the\s+)?bodies\s+of|fatally\s+(?:shot|shooting|wounded|wounding|stabbed|stabbing)|found|sent|sending|sends))"
    r"\s+(?:another\s+|an\s+additional\s+|(?:at\s+least\s+))?$",
    re.IGNORECASE,
)
_OBJECT_TAIL = re.compile(
    r"^(?P<noun>(?:\s+(?!" + _STOP_NOUN + r")[A-Za-z][\w'’-]*){0,3}?)\s*"
    r"(?P<adj>dead|injured|wounded|hurt|to\s+(?:(?:the|a|an|area|local|nearby)\s+){0,2}hospitals?)?\b",
    re.IGNORECASE,
)
_OBJECT_TAIL_ADJ = re.compile(_OBJECT_TAIL.pattern.replace(r"hospitals?)?\b", r"hospitals?)\b"), re.IGNORECASE)
_OBJECT_SINGLE = re.compile(
    rf"^\s*(?P<np>{_SINGLE_NP}|(?:his|her|their|the)\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})\b(?!\s*(?:,|and\b))|"
    rf"{_AGED}\s+{_NAME}|(?-i:[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){{0,2}}['’]s?\s+)(?:{_PERSON})\b)",
    re.IGNORECASE,
)
_TOLL = re.compile(
    r"\b(?:death\s+toll|toll|number\s+of\s+(?:dead|deaths|fatalities|people\s+killed|victims)|body\s+count)"
    r"(?P<verb>(?:\s+(?:has|had|have|now|officially|rose|risen|climbed|jumped|increased|reached|stands|stood|"
    r"is|was|hit|grew|grown|went\s+up|has\s+risen))*)\s+(?:to|at|of|is|was)?\s*$",
    re.IGNORECASE,
)

_INITIAL = re.compile(
    r"\b(?:initial(?:ly)?|earlier\s+reports?|(?:said|reported|stated)\s+earlier|had\s+earlier|earlier\s+(?:said|reported)|"
    r"first\s+reported|at\s+first|originally|preliminary|early\s+reports?)\b", re.IGNORECASE)
_REVISED = re.compile(
    r"\b(?:has\s+since|have\s+since|since\s+risen|revised|rose|risen|climbed|increased\s+to|jumped\s+to|"
    r"updated|raised|later\s+(?:said|confirmed|reported|told|revised))\b", re.IGNORECASE)
_LATEST = re.compile(r"\b(?:now|latest|new\s+reports?|so\s+far|currently|as\s+of)\b", re.IGNORECASE)
_STAGE_CUES = ((_INITIAL, Stage.INITIAL), (_REVISED, Stage.REVISED), (_LATEST, Stage.LATEST))


@dataclass(frozen=True, slots=True)
class _Found:
    """A casualty figure before it becomes a mention: kind name, value, where, which rule.

    For a range ("two or three people were hurt") ``value`` is the high end, used only to compare
    figures inside the extractor; the mention gets ``value=None`` and ``low``/``high``.
    """

    kind: str
    value: float
    start: int
    end: int
    rule: str
    qualifier: str | None = None
    low: float | None = None


# --- casualty rules ---------------------------------------------------------------------------

def _trigger_kind(match: re.Match[str]) -> str:
    return next(name for name, _ in _TRIGGERS if match.group(name))


_FATALLY = re.compile(r"\bfatally\b", re.IGNORECASE)
_NUMBERED_OF = re.compile(
    r"\bof\s+(?:the|those|these)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.IGNORECASE
)
_PARTITIVE = re.compile(r"\b\w+\s+of\s+(?:the|those|these|its|their)\s+$", re.IGNORECASE)


def _counts(text: str, counts: list[Quantity]) -> Iterator[_Found]:
    """A count followed by its casualty word: "103 people were killed", "2 dead", "one fatally"."""
    for q in counts:
        match = _COUNT_RIGHT.match(text[q.end :])
        if not match or q.value is None and q.low is None:
            continue
        kind = _trigger_kind(match)
        if _THINGS.search(match.group("noun")) and not match.group("of"):
            continue
        if kind == "shot" and not (match.group("noun").strip() or match.group("aux").strip() or match.group("of")):
            continue  # "firing one shot": the noun, not the verb
        aux = match.group("aux")
        of = match.group("of") or ""
        if not aux.strip() and _NUMBERED_OF.search(of):
            continue  # "one of the two victims killed ...": the participle belongs to the two
        partitive = _PARTITIVE.search(text, max(0, q.start - 30), q.start)
        if partitive and re.search(r"\b(?:has|was|is)\b", aux, re.IGNORECASE):
            continue  # "one of the two deputies has died": the figure is the "one" before
        active_voice = not _PASSIVE_AUX.search(aux) or bool(_PERFECT.match(aux))  # "two men (also) shot a woman"
        if active_voice and kind != "killed" and _active(text, q.end + match.end()):
            continue
        if active_voice and kind == "killed" and re.match(r"^\s*killed", text[q.end + match.start(kind):]) and _active(text, q.end + match.end()):
            continue
        if kind in ("shot", "injured") and (_DIED_AFTER.match(text, q.end + match.end()) or _FATALLY.search(aux)):
            kind = "killed"  # "the two were taken to the hospital, where they were pronounced dead"; "who were fatally shot"
        value = q.value if q.value is not None else q.high
        yield _Found(kind, value, q.start, q.end, "figures.count", q.qualifier, q.low)  # type: ignore[arg-type]


_ACTIVE_OBJECT = re.compile(
    r"^\s+(?:(?i:a|an|the|his|her|their|its|two|three|four|five|six|seven|eight|nine|ten|\d+|at\s+least|"
    r"him|them|himself|herself|themselves)\b|"
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|"
    r"August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|"
    # title-case headlines: "Two Injured In Shooting", "Two Critically Injured After Shooting"
    r"After|In|At|On|Near|Outside|Inside|During|Following|Over|From|By|For|As|While|When|Early|Late|Last|This)\b)[A-Z][a-z]+)"
)
# Auxiliaries that make a following participle passive or a state ("were shot", "remain hospitalized").
_PASSIVE_AUX = re.compile(r"\b(?:were|was|are|is|been|be|being|got|remain(?:s|ed)?|listed|left|found|feared|believed|thought)\b", re.IGNORECASE)
_PERFECT = re.compile(r"^\s*(?:had|has|have)\b(?!\s+been)", re.IGNORECASE)


def _active(text: str, at: int) -> bool:
    """Whether a verb ending at ``at`` has an object ("two gunmen killed three people")."""
    return bool(_ACTIVE_OBJECT.match(text[at:]))


def _objects(text: str, counts: list[Quantity]) -> Iterator[_Found]:
    """A casualty verb then its count: "killing 5", "leaving 2 dead", "arrested two suspects"."""
    verbs = [v for v in _object_verbs(text) if not _UNREAL.search(text, max(0, v.start() - 30), v.start())]
    for q in counts:
        verb = next((v for v in verbs if v.end() <= q.start and not text[v.end() : q.start].strip()), None)
        if not verb or q.value is None or not _wounding(text, verb):
            continue
        # the adjective, when there is one, after up to three words: "sent four teens to the hospital"
        tail = _OBJECT_TAIL_ADJ.match(text[q.end :]) or _OBJECT_TAIL.match(text[q.end :])
        kind = _object_kind(verb.group("verb"), tail.group("adj") if tail else None)
        if kind and not (tail and _THINGS.search(tail.group("noun"))):
            yield _Found(kind, q.value, q.start, q.end, "figures.object", q.qualifier)
    for verb in verbs:
        single = _OBJECT_SINGLE.match(text[verb.end() :])
        if not single or not _wounding(text, verb):
            continue
        adjective = re.match(r"\s+(dead|injured|wounded|hurt|shot|with\s+(?:an?\s+|multiple\s+)?gunshot\s+wounds?|"
                             r"with\s+(?:minor|serious|severe|critical|non-life[- ]threatening)\s+(?:injuries|wounds))\b",
                             text[verb.end() + single.end() :])
        kind = _object_kind(verb.group("verb"), adjective.group(1) if adjective else None)
        if kind:
            start = verb.end() + single.start("np")
            yield _Found(kind, 1, start, start + len(single.group("np")), "figures.object")


# A verb that tells what did not happen or what someone meant to do: "accused of trying to kill two
# officers", "bullets that nearly killed him", "threatened to shoot them".
_UNREAL = re.compile(r"\b(?:to|nearly|almost|narrowly|would|could|will|might|not|never)\s+$", re.IGNORECASE)
_OBJECT_VERB_ANY = re.compile(_OBJECT_VERB.pattern.replace(r"(?:at\s+least\s+))?$", r"(?:at\s+least\s+))?"), re.IGNORECASE)
# Every alternative of _OBJECT_VERB starts with one of these whole words ("claimed the lives of"
# with a form of "claim", "took the lives of" with "took", "the bodies of" needs "bodies").
_OBJECT_VERB_WORDS = frozenset(
    "killing killed kills kill leaving left leaves wounding wounded wounds injuring injured injures arrested arresting "
    "arrest detained detaining shot shooting shoots hitting striking grazed grazing grazes struck strikes hit hits "
    "claim claimed claiming took bodies fatally found sent sending sends".split()
)


@lru_cache(maxsize=256)
def _object_verbs(text: str) -> tuple[re.Match[str], ...]:
    """The verbs that take a casualty object in ``text`` (``_OBJECT_VERB_ANY``): _objects and _lists
    both read them, so the scan runs once per sentence, and only when one of their words is there."""
    return tuple(_OBJECT_VERB_ANY.finditer(text)) if has_any(text, _OBJECT_VERB_WORDS) else ()


def _object_kind(verb: str, adjective: str | None) -> str | None:
    """Kind named by "leaving 2 dead" (the adjective) or "killing 5" (the verb)."""
    if adjective:
        adjective = adjective.lower()
        return "killed" if adjective == "dead" else "shot" if adjective == "shot" else "injured"
    if verb.lower().startswith("sen"):
        return None  # "sent" names no fate: only "sent two to the hospital" does
    verb = verb.lower()
    if verb == "found":
        return None  # "found" names no fate: only "found two men dead" does
    if "stab" in verb and verb.startswith("fatally"):
        return "killed"
    if "kill" in verb or "lives" in verb or "bodies" in verb or verb.startswith("fatally"):
        return "killed"
    if verb.startswith(("wound", "injur", "shot and wound", "shot and injur")):
        return "injured"
    if verb.startswith(("arrest", "detain")):
        return "arrested"
    if verb.startswith(("shot", "shoot", "hit", "strik", "struck", "graz")):
        return "shot"
    return None


_STRUCK = re.compile(r"(?:struck|strikes|hit|hits)$", re.IGNORECASE)
_PROJECTILE_BEFORE = re.compile(
    r"\b(?:bullets?|gunfire|rounds?|shots?|gunshots?|pellets?|shrapnel|fire|one)\s+(?:\w+\s+){0,2}$", re.IGNORECASE
)


def _wounding(text: str, verb: re.Match[str]) -> bool:
    """Whether a verb names a wound: "struck" and "hit" do only with a projectile as their subject
    ("gunfire struck Roe and three others", "a bullet hit a boy"; not "a car hit a man")."""
    return not _STRUCK.match(verb.group("verb")) or bool(_PROJECTILE_BEFORE.search(text, max(0, verb.start() - 60), verb.start()))


_TOLL_HINT = re.compile(r"\b(?:toll|number\s+of|body\s+count)\b", re.IGNORECASE)


_CONJUNCT = re.compile(
    rf"(?:(?:a|an|one|his|her|their|the|its)\s+)?(?:[\w'’.-]+\s+){{0,3}}?(?:{_PERSON})|(?:an?|one)\s+{_AGED}|"
    rf"(?:(?:his|her|their|the)\s+)?(?:\w+(?:-\w+)?)\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PEOPLE})|"
    r"(?:him|her)self|(?-i:(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Police|Officers|The|He|She)\b)"
    r"[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){0,2})",
    re.IGNORECASE,
)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", re.IGNORECASE)


_AND = re.compile(r"\s(?:and|&)\s", re.IGNORECASE)
_INCLUDING = re.compile(r"including\b", re.IGNORECASE)
_DETERMINER_ONLY = re.compile(r"(?:(?:his|her|their|the)\s+)?", re.IGNORECASE)
_COUPLE = re.compile(r"\bcouple\b", re.IGNORECASE)
_PLURAL_END = re.compile(rf"\b(?:{_PEOPLE})$", re.IGNORECASE)
_OBJECT_LIST_END = re.compile(
    r"\s*([^.;:]{0,140}?)(?=\s+(?:before|after|in|at|on|during|inside|outside|with|when|while|early|late|last|then)\b|[.;:]|$)"
)


_BOTH = re.compile(r"^(?:both|all)\s+", re.IGNORECASE)


def _list_value(phrase: str) -> float | None:
    """People counted in "a man, his wife and their two daughters" (4), or ``None`` when a part
    is not a person ("a man and his car"). A leading "both" or "all" counts nobody ("both Roe and
    his mother" is 2)."""
    parts = [p for p in _LIST_SPLIT.split(_BOTH.sub("", phrase.strip())) if p]
    if len(parts) < 2:
        return None
    numbers_only = not _AND.search(phrase)  # "2 adults, six children"
    total = 0.0
    for part in parts:
        if not _CONJUNCT.fullmatch(part) or _INCLUDING.match(part) or _TRIGGER_ONLY.search(part):
            return None
        counts = [q for q in quantities(part) if q.is_count and _DETERMINER_ONLY.fullmatch(part[: q.start])]
        if numbers_only and not counts:
            return None
        if counts:
            total += counts[0].value or 0
        elif _COUPLE.search(part):
            total += 2
        elif _PLURAL_END.search(part):
            return None  # "police and neighbors": a plural without a number counts nobody
        else:
            total += 1
    return total


def _lists(text: str) -> Iterator[_Found]:
    """Coordinated people: "A man, his wife and their two daughters were found dead" (4 killed),
    "killed his wife, son and daughter before killing himself" (4)."""
    for trigger in _triggers(text):
        kind = _trigger_kind(trigger)
        if kind == "arrested" and not re.match(r"arrested|detained", trigger.group(0), re.IGNORECASE):
            continue
        window_start = max(0, trigger.start() - 140)
        window = text[window_start : trigger.start()]
        if " and " not in window and "&" not in window and "," not in window:
            continue  # cheap test first: a list needs a joint
        head, aux = _strip_aux(window)
        head_start = max(head.rfind(mark) for mark in ".;:(") + 1
        phrase, offset = _shortest_list(head[head_start:])
        value = _list_value(phrase) if phrase else None
        if value and value >= 2 and (aux or _INTRANSITIVE.match(text, trigger.start()) or kind == "killed"):
            if kind in ("shot", "injured") and _DIED_AFTER.match(text, trigger.end()):
                kind = "killed"  # "A and B were taken to the hospital, where they were pronounced dead"
            start = window_start + head_start + offset
            yield _Found(kind, value, start, window_start + len(head.rstrip()), "figures.list")
    for verb in _object_verbs(text):
        kind = _object_kind(verb.group("verb"), None)
        ahead = text[verb.end() : verb.end() + 140]
        if not kind or (" and " not in ahead and "," not in ahead) or not _wounding(text, verb):
            continue
        tail = _OBJECT_LIST_END.match(ahead)
        if not tail:
            continue
        value = _list_value(tail.group(1))
        if value and value >= 2:
            if kind == "killed" and _REFLEXIVE.search(text, verb.end() + tail.end()) and "self" not in tail.group(1):
                value += 1  # "... before killing himself"
            start = verb.end() + tail.start(1)
            yield _Found(kind, value, start, verb.end() + tail.end(1), "figures.list")


_LIST_AUX = frozenset(
    "were are have has had been all both later also found reportedly each fatally critically seriously listed remain "
    "remains remained".split()
)


def _strip_aux(window: str) -> tuple[str, bool]:
    """``window`` without the auxiliaries that end it ("... were later found "), and whether any did."""
    words = window.rstrip().split(" ")
    stripped = False
    while words and words[-1].lower() in _LIST_AUX:
        words.pop()
        stripped = True
    return " ".join(words), stripped


def _shortest_list(phrase: str) -> tuple[str | None, int]:
    """The longest list of people that ends ``phrase`` (the whole subject), and where it starts."""
    words = list(re.finditer(r"\S+", phrase))[-14:]  # a subject list is rarely longer
    for word in words:
        candidate = phrase[word.start() :]
        if _list_value(candidate):
            return candidate, word.start()
    return None, 0


def _tolls(text: str, counts: list[Quantity]) -> Iterator[_Found]:
    """"The death toll rose to 12", "the number of dead stands at 5"."""
    if not _TOLL_HINT.search(text):
        return
    for q in counts:
        if q.value is not None and _TOLL.search(text[max(0, q.start - 70) : q.start]):
            yield _Found("killed", q.value, q.start, q.end, "figures.toll", q.qualifier)


def _singles(text: str) -> Iterator[_Found]:
    """One person as subject: "a man was shot and killed", "Smith, 25, died", "fatal shooting of a teen".

    Scans casualty words first and reads the subject in the 90 characters before each: much cheaper
    than matching the subject pattern at every position of the sentence.
    """
    for trigger in _triggers(text):
        match = _SINGLE.search(text, max(0, trigger.start() - 90), trigger.start())
        if not match:
            continue
        kind = _trigger_kind(trigger)
        aux = match.group("aux")
        intransitive = bool(_INTRANSITIVE.match(text, trigger.start()))
        be = bool(_PASSIVE_AUX.search(aux))  # "another teen accidentally shot Roe": no "was", active
        # headlines drop "was": "Bystander accidentally shot during fight"
        passive = be or intransitive or bool(match.group("head")) or (bool(aux.strip()) and not _active(text, trigger.end()))
        if not passive and kind != "killed" and not (
            _elliptic(text, match.start("np")) or _reduced_relative(text, match.group("np"), trigger.end())
        ):
            continue
        if not intransitive and (not be or _PERFECT.match(aux)) and _active(text, trigger.end()):
            continue
        if re.match(r"(?:deaths?|fatalities|die)\b|dead\b", text[trigger.start() :], re.IGNORECASE) and not (
            aux.strip() and trigger.group(0).lower() == "dead"
        ):
            continue  # "a man dead" is a count's tail; "a man is dead" is a statement
        if kind in ("shot", "injured") and _DIED_AFTER.match(text, trigger.end()):
            kind = "killed"
        yield _Found(kind, 1, match.start("np"), match.end("np"), "figures.single")
    for match in _REFLEXIVE.finditer(text) if has_any(text, _REFLEXIVE_WORDS) else ():
        if match.group("took"):
            yield _Found("killed", 1, match.start("life"), match.end("life"), "figures.single")
            continue
        fatal = match.group("verb").lower().startswith(("kill", "fatally")) or _DEATH_WORD.search(text)
        kind = "killed" if fatal else "shot"
        yield _Found(kind, 1, match.start("self"), match.end("self"), "figures.single")
    for match in _CUSTODY.finditer(text) if has_any(text, _CUSTODY_WORDS) else ():
        yield _Found("arrested", 1, match.start("who"), match.end("who"), "figures.single")
    for match in _FATAL_OF.finditer(text) if has_any(text, _FATAL_OF_WORDS) else ():
        yield _Found("killed", 1, match.start("np"), match.end("np"), "figures.single")
    yield from _hurt_one_died(text)


# A clause whose verb is shared by the next one: "a woman was killed and a man wounded".
_ELLIPSIS_SOURCE = re.compile(
    r"\b(?:was|were|is|are|been)\s+(?:\w+ly\s+)?(?:shot|killed|wounded|injured|hurt|dead|struck|slain)\b[^.;:]*?(?:,\s*and|\band|,)\s*$",
    re.IGNORECASE,
)
_DETERMINED = re.compile(r"(?:a|an|one|another|the|this|that)\b", re.IGNORECASE)
_PASSIVE_TAIL = re.compile(
    r"\s+(?!in\s+(?:the\s+)?(?:air|direction|self-defen[cs]e|the\s+direction)\b)(?:in|during|on|near|outside|inside|while|after|"
    r"early|late|last|overnight|by)\b",
    re.IGNORECASE,
)


def _elliptic(text: str, np_start: int) -> bool:
    """Whether a subject with no auxiliary borrows the verb of the clause before it: "a woman was
    killed and a man wounded", "three people are dead and a fourth wounded"."""
    return bool(_ELLIPSIS_SOURCE.search(text, 0, np_start))


def _reduced_relative(text: str, np: str, trigger_end: int) -> bool:
    """Whether "a toddler wounded in ..." uses the participle as a passive ("a man shot in the leg on
    Friday is recovering"): a determined noun phrase, then a preposition, never an object."""
    return bool(_DETERMINED.match(np)) and bool(_PASSIVE_TAIL.match(text, trigger_end))


_DIED_LATER = re.compile(
    r"(?:\b(?:has|have|had|later|since|eventually|subsequently|now)\s+)*\b(?:died|dies|succumbed|passed\s+away)\b",
    re.IGNORECASE,
)
# _DIED_LATER ends in one of these whole words ("passed away" in "away").
_DIED_LATER_WORDS = frozenset({"died", "dies", "succumbed", "away"})
_HURT_VERB = re.compile(r"\b(?:shot|wounded|injured|hurt|stabbed)\b", re.IGNORECASE)
_HURT_SUBJECT = re.compile(
    rf"(?P<np>{_SINGLE_SUBJECT})(?:,\s*(?:\d{{1,3}}|[a-z]+(?:-[a-z]+)?)\s*,)?(?:\s*,?\s*(?:who|that)\s+(?:was|had\s+been|has\s+been))?"
    r"\s+(?:critically\s+|seriously\s+|fatally\s+)?$",
    re.IGNORECASE,
)


def _hurt_one_died(text: str) -> Iterator[_Found]:
    """One person described by how they were hurt, then their death: "a man shot on Elm Street on
    Friday has died", "the woman who was wounded in the attack died Sunday" (1 killed)."""
    for died in _DIED_LATER.finditer(text) if has_any(text, _DIED_LATER_WORDS) else ():
        window_start = max(0, died.start() - 140)
        hurt = _HURT_VERB.search(text, window_start, died.start())
        if not hurt or re.search(r"[.;:]", text[hurt.end() : died.start()]):
            continue
        subject = _HURT_SUBJECT.search(text, max(0, hurt.start() - 90), hurt.start())
        if subject:
            yield _Found("killed", 1, subject.start("np"), subject.end("np"), "figures.single")


# --- event measures ---------------------------------------------------------------------------

_EXPLOSION_NOUN = r"explosions?|blasts?|bombings?|detonations?|explosive\s+devices?|bombs?"
_EXPLOSIONS = re.compile(
    r"^(?:\s+(?:separate|powerful|large|big|huge|massive|deadly|simultaneous|successive|consecutive|"
    rf"near-simultaneous|suicide|car|bomb|strong))*\s+(?:{_EXPLOSION_NOUN})\b",
    re.IGNORECASE,
)
_ORDINAL = r"first|second|third|fourth|fifth|last|final|initial"
_SUBJECT = re.compile(rf"\b(?P<ord>{_ORDINAL})\s+(?P<noun>{_EXPLOSION_NOUN}|shots?|shooting|attack|gunshots?|vehicles?)\b", re.IGNORECASE)
_ELLIPTIC = re.compile(rf"\b(?:the\s+)(?P<ord>{_ORDINAL})\b(?!\s+(?:time|day|week|year|minute))", re.IGNORECASE)
_HEAD_NOUN = re.compile(rf"\b(?P<noun>{_EXPLOSION_NOUN}|shots|shootings|attacks)\b", re.IGNORECASE)
_INTERVAL_CUE = re.compile(r"^\s*(?:later|after|apart|afterwards|earlier|before|between)\b", re.IGNORECASE)
_INTERVAL_BEFORE = re.compile(r"\b(?:separated\s+by|intervals?\s+of|gaps?\s+of|periods?\s+of|within)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
_TO_MINUTES = {"seconds": 1 / 60, "minutes": 1.0, "hours": 60.0}
_TO_METERS = {"meters": 1.0, "kilometers": 1000.0, "miles": 1609.344, "feet": 0.3048, "yards": 0.9144}
_A_UNIT = re.compile(
    r"\b(?P<q>(?:about|around|approximately|roughly|nearly|almost|some|more\s+than|less\s+than)\s+)?"
    r"an?\s+(?P<unit>kilometers?|kilometres?|km|miles?|meter|metre|minute|hour)\b",
    re.IGNORECASE,
)
_REFERENCE = re.compile(r"^(?:\s+(?:away|off|distant))?\s+(?:from|of)\s+(?P<ref>[^,.;:()]{1,80})", re.IGNORECASE)
_CONVERSION = re.compile(r"^\s*\((?P<body>[^)]{0,40})\)")
_CLOCK = re.compile(r"\b(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?)?(?=\W|$)", re.IGNORECASE)
_EVENT_VERB = re.compile(r"\b(?:explo\w+|blasts?|detonat\w+|went\s+off|shots?\s+(?:were|was)\s+fired|opened\s+fire|shooting|attack\w*|occurred|happened|struck|hit)\b", re.IGNORECASE)
_NOT_REFERENCE = frozenset("the a an his her its their him them it this that martyr general late".split())


def _normal_subject(ordinal: str, noun: str) -> str:
    noun = noun.lower()
    if re.match(rf"(?:{_EXPLOSION_NOUN})$", noun):
        noun = "explosion"
    return f"{ordinal.lower()} {noun.rstrip('s') if noun.endswith(('shots', 'attacks')) else noun}"


def _subject_before(sentence: Sentence, at: int) -> str | None:
    """What a measure is about: the nearest "first explosion" before ``at``, or an elliptic "the
    second" completed with the head noun of the sentence or the ones before it."""
    text = sentence.text[:at]
    found = list(_SUBJECT.finditer(text))
    elliptic = list(_ELLIPTIC.finditer(text))
    if found and (not elliptic or found[-1].start() >= elliptic[-1].start()):
        return _normal_subject(found[-1].group("ord"), found[-1].group("noun"))
    if elliptic:
        noun = _head_noun(sentence)
        if noun:
            return _normal_subject(elliptic[-1].group("ord"), noun)
    return None


def _head_noun(sentence: Sentence) -> str | None:
    """The thing the current passage is about (explosions, shots), from this or the 3 sentences before."""
    current: Sentence | None = sentence
    for _ in range(4):
        if current is None:
            return None
        nouns = list(_HEAD_NOUN.finditer(current.text))
        if nouns:
            return nouns[-1].group("noun")
        current = current.previous
    return None


def _reference(text: str) -> str | None:
    """The landmark a distance is measured from: "from Soleimani's tomb" -> "tomb"."""
    match = _REFERENCE.match(text)
    if not match:
        return None
    for word in re.findall(r"[\w'’-]+", match.group("ref")):
        if word.lower() in ("in", "at", "on", "where", "which", "near"):
            return None
        if word[0].islower() and word.lower() not in _NOT_REFERENCE:
            return word.lower()
    return None


# Substrings one of which every sentence with a measure holds; ``in`` on the lowered text is far
# cheaper than a regular expression, and most sentences hold none.
_MEASURE_HINTS = ("explo", "blast", "bomb", "deton", "met", "km", "mile", "feet", "ft", "yard", "min",
                  "hour", "second", "a.m", "p.m", "am", "pm", ":")
# The same test as ``any(hint in lowered ...)``, in one scan (0.24 -> 0.10 ms/doc for the casualty hints).
_MEASURE_HINT = re.compile("|".join(re.escape(hint) for hint in _MEASURE_HINTS))


def _measures(sentence: Sentence) -> Iterator[FigureMention]:
    """Explosion counts, intervals, distances and clock times of one sentence."""
    text = sentence.text
    lowered = text.lower()
    if not _MEASURE_HINT.search(lowered):
        return
    qs = quantities(text)
    skip_until = -1
    last_reference: str | None = None
    for q in sorted(qs + _a_unit_quantities(text, qs), key=lambda q: q.start):
        if q.start < skip_until:
            continue
        if q.role is Role.COUNT and not q.vague and q.value is not None and _EXPLOSIONS.match(text[q.end :]):
            if q.value > 1 or re.match(r"(?i)one\b|1\b", text[q.num_start :]):
                yield _mention(sentence, q, FigureKind.EXPLOSIONS, "figures.explosions", 1.0, unit=None)
            continue
        if q.role is not Role.MEASURE or q.unit is None:
            continue
        after = text[q.end :]
        unit_match = re.match(r"\s*-?\s*\w+", after)
        tail = after[unit_match.end() :] if unit_match else after
        if q.unit in _TO_MINUTES and (_INTERVAL_CUE.match(tail) or _INTERVAL_BEFORE.search(text[: q.start])):
            factor = _TO_MINUTES[q.unit]
            yield _mention(sentence, q, FigureKind.INTERVAL, "figures.interval", factor, unit="minutes",
                           end=q.end + (unit_match.end() if unit_match else 0))
        elif q.unit in _TO_METERS:
            conversion = _CONVERSION.match(tail)
            if conversion and re.search(r"\b(?:miles?|mi|feet|ft|yards|km|kilomet\w+|meters?|metres?|m)\b", conversion.group("body")):
                skip_until = q.end + (unit_match.end() if unit_match else 0) + conversion.end()
                tail = tail[conversion.end() :]
            reference = _reference(tail)
            if reference is None and re.match(r"^\s+(?:away\s+)?from\s+(?:him|her|it|there)\b", tail):
                reference = last_reference
            reference = reference or last_reference or _previous_reference(sentence)
            last_reference = reference
            yield _mention(sentence, q, FigureKind.DISTANCE, "figures.distance", _TO_METERS[q.unit], unit="m",
                           end=q.end + (unit_match.end() if unit_match else 0), reference=reference)
    for clock in _CLOCK.finditer(text):
        if not (clock.group("m") or clock.group("ap")) or not _EVENT_VERB.search(text[: clock.start()]):
            continue
        hour, minute = int(clock.group("h")), int(clock.group("m") or 0)
        ap = (clock.group("ap") or "").lower().replace(".", "")
        if ap == "pm" and hour < 12:
            hour += 12
        elif ap == "am" and hour == 12:
            hour = 0
        if re.match(r"^\s*(?:minutes|hours|seconds|mins)\b", text[clock.end() :], re.IGNORECASE):
            continue
        yield FigureMention(
            evidence=sentence.evidence, anchor=sentence.span(clock.start(), clock.end()), extractor="figures.time",
            attributed_to=_attribution(sentence, clock.start(), clock.end()), kind=FigureKind.TIME_OF_DAY,
            value=f"{hour:02d}:{minute:02d}", unit="hh:mm", subject=_subject_before(sentence, clock.start()),
            stage=_stage(sentence.text, clock.start()),
        )


def _previous_reference(sentence: Sentence) -> str | None:
    """The landmark of the distance stated just before ("700 meters from the tomb. The second was a
    kilometer away" measures both from the tomb)."""
    previous = sentence.previous
    if previous is None:
        return None
    for q in reversed(quantities(previous.text)):
        if q.role is Role.MEASURE and q.unit in _TO_METERS:
            tail = re.sub(r"^\s*-?\s*\w+", "", previous.text[q.end :], count=1)
            conversion = _CONVERSION.match(tail)
            return _reference(tail[conversion.end() :] if conversion else tail)
    return None


def _a_unit_quantities(text: str, qs: list[Quantity]) -> list[Quantity]:
    """"a kilometer", "about an hour": the article stands for one."""
    taken = {q.num_start for q in qs}
    found = []
    for match in _A_UNIT.finditer(text):
        start = match.start() + (len(match.group("q")) if match.group("q") else 0)
        if start in taken:
            continue
        unit = match.group("unit").lower()
        unit = {"km": "kilometers", "meter": "meters", "metre": "meters", "minute": "minutes", "hour": "hours"}.get(unit, unit)
        unit = unit if unit.endswith("s") else unit + "s"
        unit = unit.replace("kilometres", "kilometers")
        qualifier = None
        if match.group("q"):
            from crosscheck.nlp.numbers import QUALIFIERS

            qualifier = QUALIFIERS.get(" ".join(match.group("q").lower().split()))
        found.append(Quantity(match.start(), match.start("unit") - 1, start, 1.0, qualifier=qualifier, role=Role.MEASURE, unit=unit))
    return sorted(found, key=lambda q: q.start)


def _mention(sentence: Sentence, q: Quantity, kind: FigureKind, rule: str, factor: float, unit: str | None,
             end: int | None = None, reference: str | None = None) -> FigureMention:
    scale = (lambda v: None if v is None else _tidy(v * factor))
    return FigureMention(
        evidence=sentence.evidence, anchor=sentence.span(q.start, end or q.end), extractor=rule,
        attributed_to=_attribution(sentence, q.start, end or q.end), kind=kind, value=scale(q.value),
        low=scale(q.low), high=scale(q.high), unit=unit, qualifier=q.qualifier, stage=_stage(sentence.text, q.start),
        subject=_subject_before(sentence, q.start) if kind is not FigureKind.EXPLOSIONS else None,
        reference=reference,
    )


def _tidy(value: float) -> float:
    return float(round(value, 3))


# --- stage and attribution --------------------------------------------------------------------

def _stage(text: str, at: int = 0) -> Stage | None:
    """The stage the cue words give the figure at ``at``: the nearest cue before it ("initially
    told ... that 20", "but police later said 6"), else the first after it ("103 were killed,
    according to new reports")."""
    cues = sorted((m.start(), stage) for pattern, stage in _STAGE_CUES for m in pattern.finditer(text))
    before = [stage for start, stage in cues if start < at]
    if before:
        return before[-1]
    return cues[0][1] if cues else None


def _attribution_function() -> Callable[..., str | None] | None:
    try:
        from crosscheck.extract.attribution import attribution_of
    except ImportError:
        return None
    return attribution_of


def _attribution(sentence: Sentence, start: int, end: int) -> str | None:
    function = _attribution_function()
    return function(sentence, start, end) if function else None


# --- the extractor ----------------------------------------------------------------------------

_CASUALTY_WORD = re.compile(
    r"\b(?:kill|dead|die|death|fatal|slain|murder|injur|wound|hurt|hospital|missing|unaccounted|arrest|"
    r"detain|custody|apprehend|charged|booked|shot|toll|lives|condition)", re.IGNORECASE
)


_CASUALTY_HINTS = ("kill", "dead", "deceased", "bodies", "die", "death", "fatal", "slain", "murder", "injur", "wound", "hurt",
                   "hospital", "missing", "unaccounted", "arrest", "detain", "custody", "apprehend",
                   "charged", "booked", "shot", "toll", "lives", "condition", "succumb", "medical", "trauma",
                   "gunshot", "facing", "own life", "struck", "hit", "graz")
_CASUALTY_HINT = re.compile("|".join(re.escape(hint) for hint in _CASUALTY_HINTS))  # a substring test, as _MEASURE_HINT


_PRONOUN = re.compile(r"he|she|they", re.IGNORECASE)


def casualties(sentence: Sentence) -> list[_Found]:
    """The casualty figures of one sentence (kinds killed/injured/missing/arrested/shot), deduplicated."""
    text = sentence.text
    lowered = text.lower()
    if not _CASUALTY_HINT.search(lowered):
        return []
    counts = [q for q in quantities(text) if q.role is Role.COUNT and not q.vague]
    found: dict[tuple[int, str], _Found] = {}
    for item in [*_lists(text), *_tolls(text, counts), *_counts(text, counts), *_objects(text, counts), *_singles(text)]:
        if is_background(sentence, item.start, item.end):
            continue
        if any(_overlaps(item, other) and other.kind == item.kind for other in found.values()):
            continue
        found[(item.start, item.kind)] = item
    if has_any(text, _UNSTATED_WORDS):
        found = {key: f for key, f in found.items() if not _unstated(text, f)}
    killed = [f for f in found.values() if f.kind == "killed"]
    # "a toddler who was critically injured ... has died": the person hurt is the one who died
    found = {key: f for key, f in found.items()
             if not (f.kind in ("injured", "shot") and f.value == 1 and any(_overlaps(f, k) and k.value == 1 for k in killed))}
    if killed:
        # "Smith was pronounced dead after he was rushed to the hospital": the "he" is the dead man
        found = {key: f for key, f in found.items()
                 if not (f.kind in ("injured", "shot") and f.rule == "figures.single" and _PRONOUN.fullmatch(text[f.start : f.end]))}
    parts = list(found.values())
    if any(f.kind in ("injured", "shot") for f in parts):
        parts += [f for f in _gapped(text) if not is_background(sentence, f.start, f.end)]
    return sorted(_clauses_summed(text, parts), key=lambda f: f.start)


# "a woman was shot in the thigh, a man in the ankle and another in the foot": the later clauses
# drop their verb and keep only the person and where the bullet hit.
_GAPPED = re.compile(
    rf"(?:,|;|\band\b)\s+(?:the\s+)?(?P<np>another(?:\s+(?:{_PERSON}))?|(?:an?\s+)?(?:second|third|fourth|fifth|other)(?:\s+(?:{_PERSON}|one))?|"
    rf"an?\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PERSON})|(?:an?\s+)?{_AGED}(?:\s+(?:{_PERSON}))?)"
    rf"(?:,\s*\d{{1,3}}\s*,)?\s+(?:was\s+)?(?:in|to)\s+(?:the|his|her)\s+(?:(?:left|right|upper|lower)\s+)?(?:{_BODY_PART})\b",
    re.IGNORECASE,
)
_GAP_SOURCE = re.compile(rf"\b(?:shot|struck|hit|wounded|grazed)\s+(?:once\s+|twice\s+)?(?:in|to)\s+(?:the|his|her)\s+", re.IGNORECASE)


def _gapped(text: str) -> Iterator[_Found]:
    """One more person hurt for each clause that only names a person and a part of the body, after
    a clause that says where someone was shot ("..., another in the leg")."""
    source = _GAP_SOURCE.search(text)
    if not source:
        return
    for match in _GAPPED.finditer(text, source.end()):
        yield _Found("shot", 1, match.start("np"), match.end("np"), "figures.single")


_NOT_NEW = re.compile(
    r"(?:he|she|they|it|the|this|that|these|those|both|all|each|none|no|him|her|them|himself|herself|themselves)\b",
    re.IGNORECASE,
)
# What follows a number that counts people of its own: "two women", "three others", "2 other men".
_COUNTED_PEOPLE = re.compile(rf"\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_PEOPLE}|{_PERSON})\b", re.IGNORECASE)
_CLAUSE_JOINT = re.compile(r"\b(?:and|while|but|whereas|also)\b|;", re.IGNORECASE)
_GAPPED_AFTER = re.compile(r"(?:,\s*\d{1,3}\s*,)?\s+(?:was\s+)?(?:in|to)\s+(?:the|his|her)\s+", re.IGNORECASE)
_SUBSET_JOINT = re.compile(
    r"\b(?:including|among|of\s+whom|of\s+them|one\s+of|both|all|each|either|neither|besides|in\s+addition\s+to|"
    r"plus|as\s+well\s+as|along\s+with|with|of\s+those)\b",
    re.IGNORECASE,
)


def _clauses_summed(text: str, found: list[_Found]) -> list[_Found]:
    """Hurt people stated clause by clause in one sentence, summed: "a man was shot in the chest and
    two women were shot in the leg" (3), "a girl was grazed by a bullet, and a man was shot in the
    leg" (2), "a boy was wounded in a shooting that also injured a woman" (2).

    Each part must introduce people of its own (a/an/one/another, a count or a name, never "he",
    "the boy" or "both", which point back), no part may overlap another, and the words between
    two parts must join clauses ("and", "while", "also", ";", or a comma before a clause that
    only names a person and a wound) without making one part a subset of
    another ("including", "among", "one of"). The sum is anchored on the span from the first part
    to the last, the way a list of people is.
    """
    killed = [f for f in found if f.kind == "killed"]
    hurt = sorted((f for f in found if f.kind in ("injured", "shot") and not any(_overlaps(f, k) for k in killed)),
                  key=lambda f: f.start)
    if len(hurt) < 2 or any(f.low is not None for f in hurt):
        return found
    if any(f.rule in ("figures.count", "figures.object") and f.value != 1 and not _COUNTED_PEOPLE.match(text, f.end)
           for f in hurt):
        return found  # "three were shot, and two are in critical condition": the two may be among the three
    for before, after in zip(hurt, hurt[1:]):
        between = text[before.end : after.start]
        gapped = re.search(r"[,;]\s*(?:the\s+)?$", between) and _GAPPED_AFTER.match(text, after.end)
        joined = _CLAUSE_JOINT.search(between) or gapped
        if after.start < before.end or not joined or _SUBSET_JOINT.search(between):
            return found
    if any(_NOT_NEW.match(text, f.start) or re.match(r"\s+of\b", text[f.end :]) for f in hurt):
        return found
    kind = "shot" if all(f.kind == "shot" for f in hurt) else "injured"
    total = _Found(kind, sum(f.value for f in hurt), hurt[0].start, hurt[-1].end, "figures.clauses")
    return [f for f in found if f not in hurt] + [total]


# "Eight have been hurt or killed", "a child who is injured or dies": a category of people, not a toll.
_FATE = r"(?:killed|dead|died|dies|die|injured|wounded|hurt|shot)"
_DISJUNCTION = re.compile(rf"\b{_FATE}\s+or\s+{_FATE}\b", re.IGNORECASE)
# "Early reports said one person had died, but that proved to be incorrect": a figure taken back.
_RETRACTED = re.compile(
    r"\b(?:(?:proved|proven|turned\s+out)\s+(?:to\s+be\s+)?|(?:was|were|is|are)\s+)(?:incorrect|false|wrong|untrue|inaccurate)\b|"
    r"\berroneous(?:ly)?\b",
    re.IGNORECASE,
)

# _DISJUNCTION needs the whole word "or", _RETRACTED one of these whole words.
_UNSTATED_WORDS = frozenset({"or", "incorrect", "false", "wrong", "untrue", "inaccurate", "erroneous", "erroneously"})


def _unstated(text: str, item: _Found) -> bool:
    """Whether a figure names a category ("hurt or killed") or is taken back later in its
    sentence ("... had died, but that proved incorrect"): either way no toll is stated."""
    for pattern in (_DISJUNCTION, _RETRACTED):
        for match in pattern.finditer(text, item.start):
            between = text[item.end : match.start()]
            if len(between) <= 80 and not re.search(r"[.;]", between):
                return True
    return False


def _overlaps(a: _Found, b: _Found) -> bool:
    return a.start < b.end and b.start < a.end


def extract(doc: AnalyzedDoc) -> Iterator[FigureMention]:
    """Every figure the report states about its event, in text order."""
    per_sentence = [(s, casualties(s)) for s in doc.sentences]
    killed = [f.value for _, found in per_sentence for f in found if f.kind == "killed"]
    title_death = _title_death(doc)
    death_elsewhere = not killed and (title_death or _death_charge(doc))
    most_killed = max(killed) if killed else (1 if death_elsewhere else 0)
    counted = {f.kind for _, found in per_sentence for f in found if f.rule != "figures.single"}
    # With a death counted in the text, the text says who else was hurt ("left a girl dead and
    # her friend injured") better than a headline does; without one, the headline tells it.
    same_dead = _hurt_is_the_dead(per_sentence) or (death_elsewhere and _one_victim(per_sentence))
    for sentence, found in per_sentence:
        for item in found:
            if item.rule == "figures.single" and item.kind in counted:
                continue  # one person's fate is part of the count the report states
            if same_dead and item.kind in ("injured", "shot"):
                continue
            if item.kind == "injured" and _wounds_of_the_dead(sentence.text, item, most_killed):
                continue
            mention = _casualty_mention(sentence, item, most_killed)
            if mention is not None:
                yield mention
        yield from _measures(sentence)


# A headline that reports a death and no one hurt: "Boy, 14, dies in overnight shooting", "Teen
# shot to death", "Man charged in fatal shooting". A headline that also names a wound or a
# survivor ("1 dead, 2 hurt", "declared brain-dead", "on life support") does not qualify.
_TITLE_DEATH = re.compile(
    r"\b(?:dies|died|dead|death|deaths|killed|kills|killing|fatal|fatally|slain|slaying|murder|murdered|murders|"
    r"homicide|manslaughter|deadly|passes\s+away|passed\s+away)\b",
    re.IGNORECASE,
)
_TITLE_HURT = re.compile(
    r"\b(?:wounded|wounding|injured|injures|injuring|injury|injuries|hurt|critical|critically|hospitali[sz]ed|"
    r"survives?|survived|survivor|recovering|recovers|life\s+support|brain[- ]dead|attempted|attempt|others|shootings)\b",
    re.IGNORECASE,
)
# A charge that only a death supports: "faces a murder charge", "arrested on a manslaughter charge".
_DEATH_CHARGE = re.compile(
    r"(?<!attempted\s)(?<!attempt\s)\b(?:(?:first|second|third)[- ]degree\s+)?(?:murder|manslaughter|homicide)\s+charges?\b|"
    r"\bcharged\s+with\s+(?:(?:first|second|third)[- ]degree\s+|felony\s+|involuntary\s+|voluntary\s+)?(?:murder|manslaughter|homicide)\b",
    re.IGNORECASE,
)


def _title_death(doc: AnalyzedDoc) -> bool:
    """Whether the report's headline, kept apart from its text, reports a death and no one hurt.

    Headlines often carry the outcome that the body tells as "was shot and taken to the
    hospital"; a headline that names no wounded says that the person shot is the one who died.
    The death gives no mention (the headline is no sentence of the text to cite); it only tells
    who the body's hurt person is.
    """
    title = doc.article.title or ""
    return bool(title) and title not in doc.article.text and bool(_TITLE_DEATH.search(title)) and not _TITLE_HURT.search(title)


def _death_charge(doc: AnalyzedDoc) -> bool:
    """Whether a sentence about the event charges someone with murder or manslaughter: the
    victim died, even if no sentence we read says so."""
    return any(
        "charge" in s.text and (match := _DEATH_CHARGE.search(s.text)) is not None
        and not is_background(s, match.start(), match.end())
        for s in doc.sentences
    )


def _one_victim(per_sentence: list[tuple[Sentence, list[_Found]]]) -> bool:
    """Whether every hurt figure of the report is one person not marked as someone else."""
    hurt = [(s, f) for s, found in per_sentence for f in found if f.kind in ("injured", "shot")]
    return bool(hurt) and all(f.value == 1 and not _another_person(s.text, f) for s, f in hurt)


# "All four suffered gunshot wounds", "both with gunshot wounds to the head": how they died when
# the report counts as many dead.
_WOUND_TAIL = re.compile(
    r"^(?:(?!\b(?:injured|wounded|hurt|hospitali[sz]ed|condition|survived|treated)\b)[^.;]){0,40}?"
    r"\b(?:suffer(?:ed|ing)|sustained|with)\s+(?:an?\s+|multiple\s+|apparent\s+|fatal\s+)?(?:gunshot|gun\s+shot|bullet)\s+wounds?\b",
    re.IGNORECASE,
)


def _wounds_of_the_dead(text: str, item: _Found, most_killed: float) -> bool:
    """Whether an injured count only tells the wounds of people the report counts as dead: the
    wound is named ("suffered gunshot wounds", "found with gunshot wounds") or the people are
    found hurt, there are no more of them than the dead, and they are not marked as others ("two
    others suffered ...")."""
    return (
        item.value <= most_killed
        and not _OTHER_PERSON.search(text, max(0, item.start - 25), item.end + 12)
        and not re.search(r"\bothers?\b", text[item.end : item.end + 20], re.IGNORECASE)
        and bool(_WOUND_TAIL.match(text[item.end :]) or _FOUND_COUNT.search(text, max(0, item.start - 50), item.start))
    )


# "Officers found two men suffering from gunshot wounds", "arrived to find the father and two
# children wounded": the victims as the police met them, before the report tells their fate.
_FOUND_COUNT = re.compile(r"\b(?:found|discovered|located|find|finding)\s+(?:[\w'’-]+\s+){0,4}$", re.IGNORECASE)


_DEFINITE = re.compile(r"(?:he|she|the|this|that|his|her)\b", re.IGNORECASE)
# A wounded person as the report first meets them, before their fate: found by the police with a
# wound, taken to a hospital, in critical condition.
_FOUND_BEFORE = re.compile(r"\b(?:found|discovered|located|find|finding)\s+(?:(?:the\s+)?victim,?\s+)?$", re.IGNORECASE)
_INTERIM_AFTER = re.compile(
    r"^(?:\s*,[^,]{1,40},)?\s*(?:(?:was|is|had\s+been|has\s+been|later|then|initially|first|immediately)\s+)*"
    r"(?:shot\s+and\s+(?:(?:was|then|later|immediately)\s+)*)?"  # "Roe had been shot and was transported to"
    r"(?:suffering|with\s+(?:an?\s+|multiple\s+|several\s+)?(?:apparent\s+)?(?:gunshot|gun\s+shot|bullet)|"
    r"(?:taken|transported|rushed|airlifted|flown|driven|brought)\s+(?:by\s+\w+\s+)?to\b|"
    r"in\s+(?:critical|serious|grave|extremely\s+critical)\s+condition|listed\s+in\b)",
    re.IGNORECASE,
)
_INDEFINITE = re.compile(r"(?:a|an|one)\b", re.IGNORECASE)
_ANOTHER = re.compile(r"\b(?:another|second|other|third|also|two|both)\b", re.IGNORECASE)


def _interim(sentence: Sentence, item: _Found) -> bool:
    """Whether a one-person hurt figure tells how the victim was found or moved, not their fate:
    "officers found a man suffering from a gunshot wound", "Roe was rushed to a hospital in critical
    condition". In a report of a death, that is the dead victim before they died. A person
    introduced by "a"/"an"/"one" who is taken to a hospital is someone new ("a woman was taken to
    the hospital"); one who is found wounded is the victim as the police met them."""
    text = sentence.text
    if item.value != 1 or _ANOTHER.search(text, max(0, item.start - 12), item.end):
        return False
    if _FOUND_BEFORE.search(text, max(0, item.start - 40), item.start):
        return True
    # "A woman was taken to the hospital" introduces someone new; "Roe was taken ..." need not.
    return not _INDEFINITE.match(text, item.start) and bool(_INTERIM_AFTER.match(text[item.end :]))


def _hurt_is_the_dead(per_sentence: list[tuple[Sentence, list[_Found]]]) -> bool:
    """Whether every hurt person the report mentions is the dead victim at an earlier moment.

    That holds when the report states a death and each hurt person is named definitely ("he was
    taken to the hospital", "the victim was shot": the definite phrase points back at the one
    person the report introduced) or is one person told as found wounded or taken to a hospital
    (``_interim``): reports tell a death in that order, "police found a man suffering from a
    gunshot wound; he died at the hospital". A second casualty is marked ("another man was
    wounded") or stated as a fate ("a woman was wounded") and keeps its count.
    """
    killed = [f.value for _, found in per_sentence for f in found if f.kind == "killed"]
    if not killed:
        return False
    hurt = [(s, f) for s, found in per_sentence for f in found if f.kind in ("injured", "shot")]
    # one person "shot" names no fate: "Roe, 8, was hit in the head" can be the victim who died
    hurt = [(s, f) for s, f in hurt
            if not (f.kind == "shot" and f.value == 1 and f.rule == "figures.single" and not _another_person(s.text, f))]
    # Nor do people shot who were already met, no more than the dead ("shot his friend", "the two
    # were shot" in a report of two deaths; see ``_casualty_mention``); one introduced by "a" may
    # be someone else.
    hurt = [(s, f) for s, f in hurt
            if not (f.kind == "shot" and f.value <= max(killed) and not _another_person(s.text, f)
                    and not _INDEFINITE.match(s.text, f.start))]
    if not hurt:
        return False
    return all(
        (f.rule == "figures.single" and _DEFINITE.match(s.text, f.start)) or _interim(s, f) for s, f in hurt
    )


_OTHER_PERSON = re.compile(r"\b(?:another|second|other|third|fourth)\b", re.IGNORECASE)
_ALSO_SHOT = re.compile(r"\s*,?\s*(?:was|were|is|had\s+been)\s+also\s+shot\b", re.IGNORECASE)


def _another_person(text: str, item: _Found) -> bool:
    """Whether one person shot is marked as someone besides the dead ("another man was shot",
    "the second victim was a boy who was shot", "a woman was also shot")."""
    return bool(_OTHER_PERSON.search(text, max(0, item.start - 25), item.end) or _ALSO_SHOT.match(text, item.end))


def _casualty_mention(sentence: Sentence, item: _Found, most_killed: float) -> FigureMention | None:
    """A mention for one casualty figure; people shot become the injured beyond the report's dead."""
    kind, value, rule, low = item.kind, item.value, item.rule, item.low
    if kind == "shot" and value == 1 and _another_person(sentence.text, item):
        kind = "injured"  # "a second victim was shot": not one of the dead
    if kind == "shot":
        if value <= most_killed:
            return None
        kind, value, rule = "injured", value - most_killed, "figures.shot"
        low = None if low is None else max(low - most_killed, 0)
    is_range = low is not None
    return FigureMention(
        evidence=sentence.evidence, anchor=sentence.span(item.start, item.end), extractor=rule,
        attributed_to=_attribution(sentence, item.start, item.end), kind=_KIND[kind],
        value=None if is_range else _tidy(value), low=_tidy(low) if is_range else None,
        high=_tidy(value) if is_range else None, unit="people",
        qualifier=item.qualifier if rule != "figures.shot" else None, stage=_stage(sentence.text, item.start),
    )
