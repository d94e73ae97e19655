"""Claims about the event: what caused it, how it was done, what it is called, who is behind it.

News states a handful of recurring things about a violent event, each the answer to one question
("what exploded?", "who is responsible?", "was it terrorism or an accident?"). The ontology below
is a data table: each row is a lexical trigger, the normalised ``label`` it states and the
``topic`` (question) it answers. Reconciliation treats equal labels from different documents as
one claim and different labels of one topic as a dispute, so labels that are compatible answers
("bombs" and "explosive devices") share a label and incompatible ones ("explosive devices" and
"gas canisters") share only the topic.

Everything is regex over ``Sentence.text`` first; the statistical parse is asked for only to name
who offered condolences or condemned the attack (a few sentences per article). Sentences about
other events (``background_sentences``) are skipped: a 2020 drone strike recalled in the
background is not the method of this attack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterator

from crosscheck.extract.attribution import attribution_of, is_title_word
from crosscheck.extract.background import is_background
from crosscheck.extract.context import background_indices, reacts_after_background
from crosscheck.extract.places import site_matches
from crosscheck.model import ClaimKind, ClaimMention
from crosscheck.nlp.document import AnalyzedDoc, Sentence
from crosscheck.nlp.negation import negation_reaches
from crosscheck.nlp.regex import gate_patterns

EXTRACTOR = "claims"

# Topics: the questions claims answer. Different labels under one topic are a dispute.
WHAT_EXPLODED = "what exploded"
HOW_CARRIED_OUT = "how it was carried out"
DETONATION = "how the explosives were detonated"
CASUALTY_CAUSE = "what caused the casualties"
INTENT = "deliberate or accidental"
MOTIVE = "motive"
RESPONSIBILITY = "who is responsible"
ARREST = "whether a suspect is in custody"
OUTLOOK = "outlook for the toll"
OBSTACLES = "obstacles to rescue"
ACCIDENT_CAUSE = "what caused the accident"
# Topics whose answers can all be true at once: a brawl with shots and a stabbing, a robbery by a
# gang, rescuers slowed by crowds and by rain. Two of their labels are a dispute only where no
# report states both (``reconcile.claims``).
COMBINABLE_TOPICS = frozenset({HOW_CARRIED_OUT, MOTIVE, OBSTACLES, ACCIDENT_CAUSE})
# Topics whose answer is a state of the story that changes as it unfolds: a later report's
# answer replaces an earlier one (``reconcile.claims``).
STATE_TOPICS = frozenset({ARREST})

_EVENT_NOUN = r"(?:attacks?|incidents?|blasts?|explosions?|bombings?|shootings?|killings?|stabbings?|violence|assault|act)"
_QUOTE = "[\"“”'‘’]?"
_NAME = r"[A-Z][\w.'’-]*(?:\s+(?:al-|bin\s+|of\s+|de\s+)?[A-Z][\w.'’-]*){0,4}"


@dataclass(frozen=True, slots=True)
class Rule:
    """A trigger pattern and the claim it states: ``label`` answers ``topic``.

    ``cues`` are lowercase substrings one of which every match contains: a cheap test that spares
    most sentences the regex (a sentence costs ~50 ns per cue instead of ~10 us per pattern).
    """

    kind: ClaimKind
    topic: str
    label: str
    pattern: re.Pattern[str]
    cues: tuple[str, ...]
    unless: re.Pattern[str] | None = None


def _rule(kind: ClaimKind, topic: str, label: str, pattern: str, unless: str | None = None) -> Rule:
    """A table row; ``unless`` vetoes the rule for a sentence (aircraft make "bombs" an airstrike)."""
    veto = re.compile(unless, re.IGNORECASE) if unless else None
    return Rule(kind, topic, label, re.compile(pattern, re.IGNORECASE), CUES[label], veto)


# Bombs from the air are an airstrike, not a planted device.
_AERIAL = r"\b(?:plane|planes|aircraft|jets?|warplanes?|bombers?|air\s+force|aerial|air\s?strikes?|air\s+raids?|helicopters?|drones?|dropped|shelling)\b"


# Substrings every match of a label's pattern contains (checked by tests on the rules' own examples).
CUES: dict[str, tuple[str, ...]] = {
    "explosive devices": ("explosive", "ied", "bomb", "suicide"),
    "gas canisters": ("canister", "cylinder", "tank", "bottle"),
    "gas leak": ("gas",),
    "remote detonation": ("remote", "phone"),
    "suicide bomber": ("suicide",),
    "shooting": ("gun", "shoot", "fire", "shot"),
    "stabbing": ("stab", "knife"),
    "vehicle ramming": ("ram", "plough", "plow", "drove"),
    "airstrike": ("strike", "raid", "dropped", "fired", "aerial", "warplane", "plane", "jet", "aircraft"),
    "structural collapse": ("collapse", "caved", "gave way"),
    "electrical fault": ("electric", "circuit"),
    "fire": ("fire", "blaze"),
    "arson": ("arson", "set", "torched"),
    "stampede": ("stampede", "crush", "trampled"),
    "terrorist attack": ("terror",),
    "accident": ("accident",),
    "self-defense": ("defen",),
    "murder-suicide": ("suicide", "himself", "herself"),
    "hate crime": ("hate",),
    "domestic dispute": ("domestic", "family"),
    "gang-related": ("gang",),
    "robbery": ("robb", "carjack", "invasion"),
    "mass shooting": ("mass",),
    "drive-by shooting": ("drive",),
    "no claim of responsibility": ("claim", "identit", "unknown", "unclear", "known", "clear", "unidentified", "large"),
    "suspect in custody": ("arrest", "detain", "custody", "charged", "booked", "apprehend"),
    "no arrest": ("arrest", "detain", "custody", "large", "run", "sought", "searching", "looking"),
    "toll expected to rise": ("likely", "expected", "feared", "could"),
    "rescue hampered by crowds": ("crowd",),
    "rescue hampered by weather": ("hamper", "hinder", "slowed", "complicat"),
    "rescue hampered by debris": ("hamper", "hinder", "slowed", "complicat"),
    "human error": ("error",),
    "mechanical failure": ("mechanical", "engine", "brake", "technical"),
    "structural failure": ("corro", "structural", "design", "crack"),
    "poor maintenance": ("maintenance",),
    "excessive speed": ("speed",),
    "overloading": ("overload", "overcrowd"),
}


# The ontology. Order matters only for overlapping triggers in one sentence: the first rule of a
# given label wins, and one label is read at most once per sentence.
RULES: tuple[Rule, ...] = (
    # --- what exploded (method) ------------------------------------------------------------
    _rule(ClaimKind.METHOD, WHAT_EXPLODED, "explosive devices",
          r"\b(?:(?:improvised\s+)?explosive\s+devices?|IEDs?|car[- ]bombs?|pipe[- ]bombs?|suicide\s+(?:vests?|belts?|bomb(?:er|ing)?s?)"
          r"|(?<!atomic\s)(?<!nuclear\s)(?<!flash\s)(?<!smoke\s)(?<!stink\s)(?<!water\s)(?<!petrol\s)(?<!cluster\s)"
          r"bombs?(?![- ](?:squad|threats?|treats?|scares?|disposal|sniffing|technicians?|experts?|shelters?|makers?|making|robots?|units?|dogs?))"
          r"|explosives?(?=\s+(?:went\s+off|exploded|detonated|were|was|had\s+been|planted|packed|hidden|placed|in\b))"
          r"|(?:planted|placed|hidden|packed\s+with|detonated|set\s+off|triggered)\s+(?:the\s+|an?\s+|two\s+|several\s+)?explosives?)\b",
          unless=_AERIAL),
    _rule(ClaimKind.METHOD, WHAT_EXPLODED, "gas canisters",
          r"\b(?:gas|propane|butane|oxygen|LPG)\s+(?:canisters?|cylinders?|tanks?|bottles?)\b"),
    _rule(ClaimKind.CAUSE, WHAT_EXPLODED, "gas leak",
          r"\b(?:gas\s+(?:leaks?|lines?|mains?|pipes?|pipelines?)\b|(?<!tear\s)gas\s+explosions?\b)"),
    # --- how it was carried out -------------------------------------------------------------
    _rule(ClaimKind.METHOD, DETONATION, "remote detonation",
          r"\b(?:(?:detonated|triggered|set\s+off|exploded)\s+(?:\w+\s+){0,3}?(?:by\s+)?(?:remote(?:\s+control|ly)|(?:a\s+)?(?:mobile|cell)\s*phones?)"
          r"|remote[- ]controlled\s+(?:bombs?|devices?|explosives?))\b"),
    _rule(ClaimKind.METHOD, DETONATION, "suicide bomber",
          r"\bsuicide\s+(?:bombers?|bombings?|attackers?|vests?|belts?)\b"),
    _rule(ClaimKind.METHOD, HOW_CARRIED_OUT, "shooting",
          r"\b(?:gunm[ae]n|shooters?|opened\s+fire|gunfire|gunshots?(?:\s+wounds?)?|shot\s+(?:dead|and\s+killed|to\s+death|multiple\s+times|in\s+the)|fatally\s+shot)\b"),
    _rule(ClaimKind.METHOD, HOW_CARRIED_OUT, "stabbing",
          r"\b(?:stabbed|stabbing|knife\s+attack|knifeman)\b"),
    _rule(ClaimKind.METHOD, HOW_CARRIED_OUT, "vehicle ramming",
          r"\b(?:(?:car|truck|van|lorry|vehicle)[- ]ramming|(?:rammed|ploughed|plowed|drove)\s+(?:\w+\s+){0,3}?(?:into|through)\s+(?:a\s+|the\s+)?(?:crowds?|pedestrians|people|shoppers))\b"),
    _rule(ClaimKind.METHOD, HOW_CARRIED_OUT, "airstrike",
          r"\b(?:air\s?strikes?|air[- ]raids?|drone\s+strikes?|missile\s+strikes?|aerial\s+(?:bombing|bombardment|attack)s?|warplanes?"
          r"|(?:dropped|fired)\s+(?:\w+\s+)?(?:bombs|missiles|rockets)|bombs?\s+(?:were\s+|was\s+)?dropped|(?:planes?|jets?|aircraft)\s+(?:bombed|bombs|struck|attacked))\b"),
    # --- causes without an attacker -----------------------------------------------------------
    _rule(ClaimKind.CAUSE, HOW_CARRIED_OUT, "structural collapse",
          r"\b(?:(?:building|roof|bridge|structure|ceiling|balcony|stands?|wall)\s+(?:collapsed|caved\s+in|gave\s+way)|collapse\s+of\s+(?:a|the)\s+(?:building|roof|bridge|structure|ceiling|balcony))\b"),
    _rule(ClaimKind.CAUSE, HOW_CARRIED_OUT, "electrical fault",
          r"\b(?:electrical\s+(?:fault|short|malfunction|failure)|short[- ]circuit)\b"),
    _rule(ClaimKind.CAUSE, HOW_CARRIED_OUT, "fire",
          r"\b(?:(?:fire|blaze)\s+(?:broke\s+out|engulfed|swept|ripped|gutted)|caught\s+fire)\b"),
    _rule(ClaimKind.CAUSE, CASUALTY_CAUSE, "stampede",
          r"\b(?:stampedes?|crush\s+of\s+(?:the\s+)?crowd|trampled)\b"),
    # --- why an accident happened (a crash, a sinking, a collapse): factors investigators name,
    # several of which can hold at once ("human error and poor maintenance"), so two of them are a
    # dispute only where no report states both (``COMBINABLE_TOPICS``); "ruled out human error" is
    # negated, "corrosion was the likely cause" hedged
    _rule(ClaimKind.CAUSE, ACCIDENT_CAUSE, "human error",
          r"\b(?:human\s+error|(?:pilot|driver|operator|crew|signal(?:l)?er|station\s*master|captain)(?:['’]s|s['’])?\s+error"
          r"|error\s+(?:by|of)\s+the\s+(?:pilot|driver|operator|crew|signal(?:l)?er|station\s*master|captain))\b"),
    _rule(ClaimKind.CAUSE, ACCIDENT_CAUSE, "mechanical failure",
          r"\b(?:(?:mechanical|technical)\s+(?:failures?|faults?|problems?|malfunctions?|defects?)"
          r"|(?:engine|brake|steering)\s+(?:failures?|faults?|malfunctions?|problems?))\b"),
    _rule(ClaimKind.CAUSE, ACCIDENT_CAUSE, "structural failure",
          r"\b(?:corrosion|corroded|structural\s+(?:failures?|flaws?|defects?|weakness(?:es)?)|design\s+(?:flaws?|defects?)"
          r"|cracks?\s+in\s+the\s+(?:bridge|building|structure|dam|beams?|pillars?|columns?|hull))\b"),
    _rule(ClaimKind.CAUSE, ACCIDENT_CAUSE, "poor maintenance",
          r"\b(?:poor|lack\s+of|inadequate|insufficient|neglected|negligent|shoddy)\s+maintenance\b"),
    _rule(ClaimKind.CAUSE, ACCIDENT_CAUSE, "excessive speed",
          r"\b(?:excessive\s+speed|(?:travel(?:l)?ing|going|driving|running)\s+(?:too\s+fast|at\s+(?:high|excessive)\s+speed)"
          r"|over\s+the\s+speed\s+limit|(?:was|were)\s+speeding)\b"),
    _rule(ClaimKind.CAUSE, ACCIDENT_CAUSE, "overloading",
          r"\b(?:(?:was|were|been|badly|heavily|dangerously)\s+(?:overloaded|overcrowded)|overloading|overcrowding)\b"),
    # --- characterization ------------------------------------------------------------------------
    _rule(ClaimKind.CHARACTERIZATION, INTENT, "terrorist attack",
          rf"\b(?:terror(?:ist)?{_QUOTE}\s+(?:attacks?|acts?|bombings?|incidents?|assaults?|plots?)"
          rf"|acts?\s+of\s+(?:domestic\s+)?terror(?:ism)?"
          rf"|(?:call(?:ed|s|ing)?|describ(?:ed|es|ing)|labell?(?:ed|ing)|term(?:ed|ing)|brand(?:ed|ing)|characteri[sz](?:ed|ing)|declar(?:ed|ing)|consider(?:ed|ing)|treat(?:ed|ing)|investigat(?:ed|ing))"
          rf"\s+(?:(?:the|this|it|them|these|an?)\s+)?(?:{_EVENT_NOUN}\s+)?(?:as\s+)?(?:an?\s+)?{_QUOTE}terroris[tm]{_QUOTE}(?!\s*(?:group|organi[sz]ation|cell|network|leader|suspect)s?)"
          rf"|terrorism[- ]related)\b"),
    _rule(ClaimKind.CHARACTERIZATION, INTENT, "accident",
          r"\b(?:accidental(?:ly)?\s+(?:shooting|discharge|shot|fired|detonat\w+|explosion|fire)|(?:was|were|is|been)\s+(?:an?\s+|purely\s+)?(?:accident|accidental)\b|(?:ruled|deemed|called)\s+(?:it\s+|the\s+(?:\w+\s+)?)?(?:an?\s+)?accident(?:al)?)"),
    _rule(ClaimKind.CHARACTERIZATION, INTENT, "arson",
          r"\b(?:arson|set\s+(?:\w+\s+){0,2}?(?:on\s+fire|ablaze|alight)|deliberately\s+set|torched)\b"),
    _rule(ClaimKind.CHARACTERIZATION, INTENT, "self-defense",
          r"\b(?:self[- ]defen[cs]e(?![- ](?:spray|class(?:es)?|courses?|training|weapons?|instructors?|products?|tools?|items?|laws?|statutes?))"
          r"|in\s+defen[cs]e\s+of\s+(?:himself|herself|themselves))\b"),
    _rule(ClaimKind.CHARACTERIZATION, "murder-suicide", "murder-suicide",
          r"\b(?:murder[- ]suicide|killed\s+(?:\w+\s+){1,4}?before\s+(?:turning\s+the\s+gun\s+on|killing|shooting)\s+(?:himself|herself))\b"),
    _rule(ClaimKind.CHARACTERIZATION, MOTIVE, "hate crime",
          r"\bhate\s+crimes?\b"),
    _rule(ClaimKind.CHARACTERIZATION, MOTIVE, "domestic dispute",
          r"\b(?:domestic\s+(?:dispute|violence|disturbance|incident|situation)|family\s+(?:dispute|argument))\b"),
    _rule(ClaimKind.CHARACTERIZATION, MOTIVE, "gang-related",
          r"\b(?:gang[- ](?:related|motivated|retaliation|dispute|feud)|rival\s+gangs?(?:\s+members?)?)\b"),
    _rule(ClaimKind.CHARACTERIZATION, MOTIVE, "robbery",
          r"\b(?:robbery|robbing|carjacking|home\s+invasion|armed\s+robber|(?:attempted|botched|armed)\s+robbery)\b"),
    _rule(ClaimKind.CHARACTERIZATION, "mass shooting", "mass shooting",
          r"\bmass\s+shootings?\b"),
    _rule(ClaimKind.CHARACTERIZATION, "drive-by shooting", "drive-by shooting",
          r"\bdrive[- ]by\b"),
    # --- responsibility --------------------------------------------------------------------------
    _rule(ClaimKind.RESPONSIBILITY, RESPONSIBILITY, "no claim of responsibility",
          r"\b(?:no\s+(?:\w+\s+)?(?:group|one|organi[sz]ation|faction)s?\s+(?:or\s+individual\s+)?(?:has|have|had)?\s*(?:yet\s+|immediately\s+|so\s+far\s+)?(?:claimed|taken|accepted)\s+(?:responsibility|credit)"
          r"|(?:nobody|no-one)\s+(?:has|had)\s+(?:yet\s+)?(?:claimed|taken)\s+(?:responsibility|credit)"
          r"|(?:has|have|had)\s+(?:yet\s+to\s+be|not\s+(?:yet\s+)?been)\s+claimed"
          r"|identit(?:y|ies)\s+of\s+(?:those|the\s+\w+|whoever)\s+(?:behind|responsible)\b[^.]{0,80}?\b(?:not\s+(?:yet\s+)?known|unknown|unclear)"
          r"|(?:not\s+(?:yet\s+)?(?:known|clear)|unknown|unclear)\s+who\s+(?:was|is|were|had\s+been)\s+(?:behind|responsible)"
          r"|(?:perpetrators?|attackers?|culprits?)\s+(?:remain|are|is|were)\s+(?:still\s+)?(?:unknown|unidentified|at\s+large))"),
    _rule(ClaimKind.RESPONSIBILITY, ARREST, "suspect in custody",
          r"\b(?:suspects?\s+(?:was\s+|were\s+|is\s+|are\s+|has\s+been\s+|have\s+been\s+)?(?:arrested|detained|apprehended|taken\s+into\s+custody|in\s+custody|charged|booked)"
          r"|(?:arrested|detained|apprehended)\s+(?:a|the|two|three|four|\d+)\s+(?:\w+\s+)?(?:suspects?|men|man|woman|women|teens?|people)"
          r"|(?:was|were)\s+(?:later\s+)?(?:arrested|taken\s+into\s+custody|booked\s+into))\b"),
    _rule(ClaimKind.RESPONSIBILITY, ARREST, "no arrest",
          r"\b(?:no\s+(?:one|suspects?)\s+(?:has|have|had)\s+(?:yet\s+)?been\s+(?:arrested|detained|taken\s+into\s+custody)|no\s+arrests?\s+(?:has|have|had)\s+(?:yet\s+)?been\s+made"
          r"|suspects?\s+(?:is|are|remains?)\s+(?:still\s+)?(?:at\s+large|on\s+the\s+run|being\s+sought)|(?:police|officers|authorities)\s+(?:are\s+)?(?:still\s+)?(?:searching|looking)\s+for\s+(?:the\s+)?(?:suspects?|gunm[ae]n|shooters?))\b"),
    # --- other statements analysts want to see ---------------------------------------------------
    _rule(ClaimKind.OTHER, OUTLOOK, "toll expected to rise",
          r"\b(?:(?:toll|figures?|numbers?|count)\s+(?:\w+\s+){0,3}?(?:is|are|was|were)\s+(?:likely|expected|feared)\s+to\s+(?:rise|climb|increase|grow)"
          r"|(?:likely|expected|feared)\s+to\s+(?:rise|climb|increase)|could\s+(?:rise|climb)\s+(?:further|higher))\b"),
    _rule(ClaimKind.OTHER, OBSTACLES, "rescue hampered by crowds",
          r"\b(?:crowds?\s+(?:were\s+|are\s+|was\s+)?(?:blocking|blocked|clogging|clogged|obstructing)|(?:hampered|hindered|slowed|obstructed|blocked)\s+by\s+(?:\w+\s+){0,3}?crowds?)\b"),
    _rule(ClaimKind.OTHER, OBSTACLES, "rescue hampered by weather",
          r"\b(?:rescue|search|recovery|relief)\s+(?:\w+\s+){0,2}?(?:hampered|hindered|slowed|complicated)\s+by\s+(?:\w+\s+){0,2}?(?:weather|rain|snow|storms?|winds?|darkness|fog)\b"),
    _rule(ClaimKind.OTHER, OBSTACLES, "rescue hampered by debris",
          r"\b(?:rescue|search|recovery|relief)\s+(?:\w+\s+){0,2}?(?:hampered|hindered|slowed|complicated)\s+by\s+(?:\w+\s+){0,2}?(?:debris|rubble|fire|smoke|flames)\b"),
)

# A claim is hedged when its clause carries one of these; "believed to" and "thought to" report
# a belief, "possibility"/"suggest" an open hypothesis, "yet to confirm" an unconfirmed one.
HEDGES = re.compile(
    r"\b(?:apparent(?:ly)?|possib(?:le|ly|ility)|perhaps|probabl[ey]|likely|(?-i:may)|might|could|reportedly|allegedly|alleged"
    r"|suspected|seemingly|appears?\s+to|appeared\s+to|seems?\s+to|thought\s+to|believed\s+to|said\s+to|suggest(?:s|ed|ing|ion)?"
    r"|yet\s+to\s+(?:be\s+)?confirm(?:ed)?|unconfirmed|not\s+(?:yet\s+)?(?:been\s+)?confirmed|unclear|whether|speculat\w+|preliminary)\b",
    re.IGNORECASE,
)
# Negation cues looked for just before a trigger, inside its clause.
NEGATION = re.compile(
    r"\b(?:not|no|never|n[o']t|neither|nor|without|ruled\s+out|rule\s+out|ruling\s+out|den(?:y|ied|ies)|dismiss(?:ed)?|rejected)\b|n't\b",
    re.IGNORECASE,
)
# Labels whose wording is itself negative: no negation flag on top of them.
_NEGATIVE_LABELS = frozenset({"no claim of responsibility", "no arrest"})
# The negative label that states what a negated positive one does: one stance, one label.
_NEGATIVE_OF = {"suspect in custody": "no arrest"}
# A trigger that names the person who did it: a negation of it says who ("Roe was not the gunman",
# "no description of the shooter", "there are no other shooters"), not how it was done.
_AGENT = re.compile(r"gunm[ae]n|shooters?|knifem[ae]n|attackers?|bombers?", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"[;—–…]|[:.](?=\s)|,\s+(?:and\s+)?(?:but|while|whereas|although|though|and\s+that|saying)\b|\s\((?=\w)")
_GENERIC = re.compile(r"\b(?:often|usually|typically|generally|commonly|frequently|tend\s+to|is\s+used\s+by|are\s+used\s+by)\b", re.IGNORECASE)


def clause_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause of ``text`` around ``[start, end)``: from the last break before to the next after."""
    left = 0
    for match in _CLAUSE_BREAK.finditer(text, 0, start):
        left = match.end()
    after = _CLAUSE_BREAK.search(text, end)
    right = after.start() if after else len(text)
    return left, right


def is_negated(text: str, clause_start: int, trigger_start: int) -> bool:
    """A negation cue within the five words before the trigger (same clause)."""
    before = text[clause_start:trigger_start]
    window = " ".join(before.split()[-5:])
    return NEGATION.search(window) is not None


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in " \t\"“”'‘’,":
        start += 1
    while end > start and text[end - 1] in " \t,":
        end -= 1
    return start, end


@dataclass(frozen=True, slots=True)
class Hit:
    """One trigger found in a sentence, before it becomes a ``ClaimMention``."""

    kind: ClaimKind
    topic: str
    label: str
    start: int
    end: int
    negatable: bool = True


_ALL_CUES = tuple(sorted({cue for cues in CUES.values() for cue in cues}, key=len, reverse=True))


def cues_in(text: str) -> frozenset[str]:
    """Every cue occurring in ``text`` (lowercased), including cues inside longer ones.

    One substring test per cue (83 cues): 14 us per GVA sentence, where a regex of all cues looked
    ahead at every position took 32 us, for the same set.
    """
    lowered = text.lower()
    return frozenset(cue for cue in _ALL_CUES if cue in lowered)


def rule_hits(text: str) -> Iterator[Hit]:
    """Hits of the ontology table (one per label per sentence)."""
    seen: set[str] = set()
    present = cues_in(text)
    for rule in RULES:
        if rule.label in seen or present.isdisjoint(rule.cues):
            continue
        match = _best_match(rule, text)
        if match is None or (rule.unless is not None and rule.unless.search(text)):
            continue
        seen.add(rule.label)
        negatable = rule.label not in _NEGATIVE_LABELS and not _AGENT.fullmatch(match.group())
        yield Hit(rule.kind, rule.topic, rule.label, match.start(), match.end(), negatable)


def _best_match(rule: Rule, text: str) -> re.Match[str] | None:
    """The first affirmative match of a rule, else its first match ("did not say when X was
    arrested, but said both suspects are in custody" states the arrest)."""
    first = None
    for match in rule.pattern.finditer(text):
        if rule.label in _NEGATIVE_LABELS:
            return match
        left, _ = clause_bounds(text, match.start(), match.end())
        if not is_negated(text, left, match.start()):
            return match
        first = first or match
    return first


# --- claims whose label carries a name from the sentence ------------------------------------------

_DAMAGE_PASSIVE = re.compile(
    r"\b(?P<subject>(?:[A-Z][\w-]*['’]s\s+)?(?:\w+\s+){0,2}?(?P<head>[a-z]+))\s+(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\s+"
    r"(?P<neg>not\s+|n't\s+|never\s+)?(?:\w+ly\s+)?(?P<verb>damaged|destroyed|razed|flattened|levell?ed|gutted)\b"
)
_DAMAGE_ACTIVE = re.compile(
    r"\b(?:blasts?|explosions?|bombs?|fire|attack|shelling|strike)\s+(?:\w+\s+)?(?P<verb>damaged|destroyed|razed|flattened|gutted)\s+(?:(?:the|a|an|two|three|several|dozens\s+of|many|nearby|\d+)\s+)*(?P<head>[a-z]+)\b(?P<tail>\s+(?:records|documents|equipment|supplies|papers|files|belongings|items|contents|data))?",
    re.IGNORECASE,
)
# The verbs both damage patterns need, as substrings of the case-folded sentence: the same test as a
# case-insensitive search for them (case folding maps every character IGNORECASE equates with these
# letters, "ſ" included, to the letter), a few substring scans instead of a regex tried at every position.
_DAMAGE_CUES = ("damaged", "destroyed", "razed", "flattened", "leveled", "levelled", "gutted")
# Things news reports as damaged or destroyed; a head word outside this list ("attends", "original")
# is a mis-read subject, not a site.
DAMAGEABLE = frozenset("""
    building buildings home homes house houses apartment apartments tomb tombs grave graves shrine mausoleum
    mosque mosques church churches synagogue temple school schools hospital hospitals clinic store stores shop
    shops business businesses restaurant bar office offices warehouse factory plant bridge bridges road roads
    car cars vehicle vehicles truck trucks bus ambulance ambulances cable cables pipeline line lines tower towers
    roof roofs window windows wall walls structure structures property properties village villages market
    station stations hotel mall site memorial monument cemetery camp tent tents barn dairy plane aircraft
    ship vessel boat train embassy consulate palace headquarters compound
""".split())
# The things of that list named in the plural ("homes", "buildings"; not "bus", "business"): damage
# to many of them may be of several degrees at once.
MANY_DAMAGEABLE = frozenset(w for w in DAMAGEABLE if w.endswith("s") and w not in {"bus", "business", "headquarters"})


DAMAGE_TO = "damage to the "  # the topic of a damage claim, before the thing damaged


def damage_hits(text: str) -> Iterator[Hit]:
    """Damage to a thing: "the tomb was not damaged", "the blast destroyed two homes"."""
    folded = text.casefold()
    if not any(cue in folded for cue in _DAMAGE_CUES):
        return
    for match in _DAMAGE_PASSIVE.finditer(text):
        head = match.group("head").lower()
        if head not in DAMAGEABLE:
            continue
        verb = "damaged" if match.group("verb") == "damaged" else "destroyed"
        negated = match.group("neg") is not None
        label = f"{head} {'not ' if negated else ''}{verb}"
        yield Hit(ClaimKind.DAMAGE, f"{DAMAGE_TO}{head}", label, match.start(), match.end(), negatable=False)
    for match in _DAMAGE_ACTIVE.finditer(text):
        head = match.group("head").lower()
        if head not in DAMAGEABLE or match.group("tail"):
            continue  # "destroyed church records": the head is a modifier of another noun
        verb = "damaged" if match.group("verb").lower() == "damaged" else "destroyed"
        yield Hit(ClaimKind.DAMAGE, f"{DAMAGE_TO}{head}", f"{head} {verb}", match.start(), match.end())


_CLAIMED_BY = re.compile(
    rf"(?P<who>{_NAME})\s+(?:has\s+|have\s+|had\s+)?(?:later\s+|since\s+|quickly\s+)?(?:claimed|took|taken|accepted)\s+(?:responsibility|credit)\b"
)
_BLAMED_ON = re.compile(rf"\bblam(?:ed|ing)\s+(?:\w+\s+){{0,3}}?on\s+(?:the\s+)?(?P<who>{_NAME})")
# Words in a claimant's slot that name no actor: negative and indefinite pronouns ("No-one has
# claimed responsibility", "Nobody has claimed"), articles, and collectives with no name.
_NOT_ACTORS = frozenset({"No", "None", "Nobody", "No-one", "Noone", "No-body", "Someone", "Anyone", "Everyone", "It", "The", "A",
                         "Police", "Officials", "Authorities"})


def responsibility_hits(text: str) -> Iterator[Hit]:
    """Who claimed the attack or was blamed for it, by name."""
    if "responsib" not in text and "credit" not in text and "blam" not in text:
        return
    for match in _CLAIMED_BY.finditer(text):
        who = _strip_article(match.group("who"))
        if who and who.split()[0] not in _NOT_ACTORS:
            yield Hit(ClaimKind.RESPONSIBILITY, RESPONSIBILITY, f"claimed by {who}", match.start(), match.end())
    for match in _BLAMED_ON.finditer(text):
        who = _strip_article(match.group("who"))
        if who:
            yield Hit(ClaimKind.RESPONSIBILITY, RESPONSIBILITY, f"blamed on {who}", match.start(), match.end())


def _strip_article(name: str) -> str:
    return re.sub(r"^(?:The|A|An)\s+", "", name.strip()).rstrip(".")


_TIME = re.compile(
    r"\b(?:at|around|about|shortly\s+(?:after|before)|just\s+(?:after|before)|approximately)\s+(?:about\s+)?"
    r"(?P<h>[01]?\d|2[0-3])(?:[:.](?P<m>[0-5]\d))?\s*(?P<ampm>a\.?m\.?|p\.?m\.?)?(?=[\s,.;)]|$)(?P<local>\s+local\s+time)?",
    re.IGNORECASE,
)
_TIME_CUE = re.compile(r"\d[:.]\d\d|\d\s*[ap]\.?m\b", re.IGNORECASE)
_EVENT_VERB = re.compile(
    r"\b(?:explo(?:ded|sion|sions)|blasts?|bomb\w*|went\s+off|detonat\w+|shooting|shots?\s+(?:were\s+)?fired|opened\s+fire|gunfire|attack(?:ed)?|stabb\w+|happened|occurred|took\s+place|erupted|broke\s+out)\b",
    re.IGNORECASE,
)
_NOT_EVENT_TIME = re.compile(
    r"\b(?:pronounced|declared|died|dead|death|court|hearing|conference|arraign\w*|vigil|funeral|scheduled|will|until|closed|reopened)\b[^.;]*$",
    re.IGNORECASE,
)
_ORDINAL = re.compile(r"\b(first|second|third|last|final|initial)\s+(?:explosion|blast|bomb|shot|attack|device)", re.IGNORECASE)


# Two reported clock times of one moment this close agree: "about 2 a.m." and "at 2:15 a.m.", the
# time of the call and the time of the shots.
CLOCK_TOLERANCE_MINUTES = 30
_CLOCK_LABEL = re.compile(r" at (\d\d):(\d\d)$")


def clock_minutes(label: str) -> int | None:
    """Minutes after midnight of a time label of ``time_hits`` ("the event at 21:15" -> 1275)."""
    match = _CLOCK_LABEL.search(label)
    return int(match.group(1)) * 60 + int(match.group(2)) if match else None


def time_hits(text: str) -> Iterator[Hit]:
    """The clock time the event (or its first/second explosion) happened: "at 14:50 local time"."""
    if not _TIME_CUE.search(text):
        return
    for match in _TIME.finditer(text):
        if match.group("m") is None and match.group("ampm") is None:
            continue  # a bare "at 3" is a count or a score, not a time
        if _NOT_EVENT_TIME.search(text, max(0, match.start() - 40), match.start()):
            continue  # the time of a death, a court date or a press conference, not of the event
        if not _EVENT_VERB.search(text):
            continue
        hour, minute = int(match.group("h")), int(match.group("m") or 0)
        ampm = (match.group("ampm") or "").lower().replace(".", "")
        if ampm == "pm" and hour < 12:
            hour += 12
        elif ampm == "am" and hour == 12:
            hour = 0
        ordinal = _ORDINAL.search(text, 0, match.start())
        what = f"{ordinal.group(1).lower()} explosion" if ordinal else "the event"
        yield Hit(ClaimKind.OTHER, f"time of {what}", f"{what} at {hour:02d}:{minute:02d}", match.start(), match.end(), negatable=False)
        return


_SITE_PREPOSITION = re.compile(
    r"\b(?:near|at|around|outside|inside|in\s+front\s+of|close\s+to|by|next\s+to|behind|opposite|entrance\s+(?:to|of)|gates?\s+of)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_SITE_EVENT = re.compile(r"\b(?:explo\w+|blasts?|bombs?|went\s+off|detonat\w+|shooting|gunfire|opened\s+fire|shots|attack)\b", re.IGNORECASE)


def site_hits(text: str) -> Iterator[Hit]:
    """Exactly where it happened, when the sentence ties the blast or shooting to a named site
    (named sites first: they are rarer, and their search is gated on whole words)."""
    sites = list(site_matches(text))
    if not sites or not _SITE_EVENT.search(text):
        return
    for start, end, site in sites:
        if not _SITE_PREPOSITION.search(text[max(0, start - 30) : start]):
            continue
        yield Hit(ClaimKind.OTHER, f"site: {site}", f"near {site}", start, end, negatable=False)


_REACTION = re.compile(
    r"\b(?:(?P<condolence>condolences?|sympathies|sympathy)"
    r"|(?P<condemn>(?:condemn(?:ed|s|ing)?|denounc(?:ed|es|ing))\s+(?:\w+\s+){0,4}?(?:attacks?|bombings?|killings?|shootings?|violence|acts?|blasts?"
    r"|explosions?|assaults?|murders?|massacres?|incidents?|strikes?|crimes?|it|them)\b))",
    re.IGNORECASE,
)


def reaction_hits(sentence: Sentence) -> Iterator[Hit]:
    """Who offered condolences or condemned the attack; the parse names the actor."""
    text = sentence.text
    lowered = text.lower()
    if not any(cue in lowered for cue in ("condol", "sympath", "condemn", "denounc")):
        return
    match = _REACTION.search(text)
    if match is None:
        return
    what = "condolences" if match.group("condolence") else "condemnation"
    actor = reaction_actor(sentence, match.start())
    label = f"{what} from {actor}" if actor else what
    yield Hit(ClaimKind.OTHER, label, label, match.start(), match.end(), negatable=False)


# The name right before the reacting verb; an appositive may close on a comma ("Caretaker Chief
# Minister Sindh, Justice (Retd) Maqbool Baqir, has strongly condemned").
_REACTOR = re.compile(
    r"(?P<who>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*),?\s+(?:(?:has|have|had|also|quickly|strongly|swiftly)\s+)*"
    r"(?:offered|offers|expressed|expresses|sent|sends|extended|extends|conveyed|conveys|condemned|condemns|denounced|denounces)\b"
)
_INSTITUTION = re.compile(r"(?:House|Ministry|Department|Office|Council|Government|Union|Nations|Assembly|Committee|Church|Police|Party|Embassy)$")
# A word of capitals marks an organisation's name, kept whole ("NSW Health", "UN Security Council"):
# a person's surname alone ("Erdogan") is what two reports of one leader share.
_ACRONYM = re.compile(r"[A-Z]{2,}")


def reaction_actor(sentence: Sentence, at: int) -> str | None:
    """Who reacts: the name right before the reacting verb, else (rarely) the parse's entities.

    A person is named by surname ("Erdogan"), so two reports of one leader's condolences share a
    label; an institution keeps its whole name ("White House", "NSW Health"). A title is no
    actor ("(Retd)", "Justice").
    """
    text = sentence.text
    verb = re.match(r"\w*", text[at:])  # "condemned the attack": the reacting verb itself starts at ``at``
    for match in _REACTOR.finditer(text, 0, at + (verb.end() if verb else 0)):
        words = [w for w in match.group("who").split() if w not in {"The", "A", "An"}]
        if words:
            who = " ".join(words)
            organisation = _INSTITUTION.search(who) or any(_ACRONYM.fullmatch(w) for w in words)
            return who if organisation or len(words) == 1 else words[-1]
    parsed = sentence.parsed
    entities = [e for e in parsed.ents if e.end_char <= at and e.label_ in {"PERSON", "GPE", "NORP", "ORG"} and not _is_title(e.text)]
    people = [e for e in entities if e.label_ == "PERSON"]
    chosen = people[-1] if people else (entities[-1] if entities else None)
    if chosen is None:
        return None
    return chosen.text.split()[-1] if chosen.label_ == "PERSON" else _strip_article(chosen.text)


def _is_title(text: str) -> bool:
    """An entity that is only a title or a rank ("Retd", "Justice", "Minister")."""
    return all(is_title_word(word.strip("()")) for word in text.split())


HitFinder = Callable[[str], Iterator[Hit]]
TEXT_FINDERS: tuple[HitFinder, ...] = (rule_hits, damage_hits, responsibility_hits, time_hits, site_hits)


def sentence_hits(sentence: Sentence) -> list[Hit]:
    """All hits of one sentence, regex finders first, then the few that need the parse."""
    text = sentence.text
    hits = [hit for finder in TEXT_FINDERS for hit in finder(text)]
    hits.extend(reaction_hits(sentence))
    return hits


def to_mention(sentence: Sentence, hit: Hit, attributed_to: str | None) -> ClaimMention | None:
    """The mention of one hit, with its clause, negation and hedging; ``None`` for generic uses."""
    text = sentence.text
    left, right = clause_bounds(text, hit.start, hit.end)
    clause = text[left:right]
    if _GENERIC.search(clause) and hit.kind in {ClaimKind.CHARACTERIZATION, ClaimKind.METHOD}:
        return None  # "a delayed second blast is often used by terrorists": a generality
    left, right = _trimmed(text, left, right)
    # the window finds a negation word near the trigger; the parse says whether it denies the trigger
    negated = hit.negatable and is_negated(text, left, hit.start) and negation_reaches(sentence.dependencies, hit.start, hit.end)
    label = hit.label
    if negated and label in _NEGATIVE_OF:
        label, negated = _NEGATIVE_OF[label], False  # "no suspects are in custody" is "no arrest"
    return ClaimMention(
        evidence=sentence.evidence,
        anchor=sentence.span(hit.start, hit.end),
        extractor=EXTRACTOR,
        attributed_to=attributed_to,
        kind=hit.kind,
        label=label,
        topic=hit.topic,
        text=text[left:right],
        negated=negated,
        hedged=HEDGES.search(clause) is not None,
    )


def extract(doc: AnalyzedDoc) -> Iterator[ClaimMention]:
    """Claims about this event, one per label per sentence, skipping background sentences."""
    background = background_indices(doc)
    for sentence in doc.sentences:
        if sentence.index in background:
            continue
        reacts_to_another = reacts_after_background(sentence, background)
        stated: set[tuple[str, bool]] = set()
        for hit in sentence_hits(sentence):
            if is_background(sentence, hit.start, hit.end):
                continue
            if reacts_to_another and hit.label.startswith("condemnation"):
                continue  # "X condemned the attack" right after another event is told reacts to that one
            mention = to_mention(sentence, hit, attribution_of(sentence, hit.start, hit.end))
            if mention is not None and (mention.label, mention.negated) not in stated:
                stated.add((mention.label, mention.negated))
                yield mention


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
