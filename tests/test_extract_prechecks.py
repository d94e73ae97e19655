"""The whole-word pre-checks in front of costly extractor regexes never drop a sentence the
regex matches (they only spare the scan where it cannot match), and claims.cues_in finds every cue."""

from __future__ import annotations

import pytest

from crosscheck.extract import claims
from crosscheck.nlp.words import has_any, word_set
from crosscheck.extract.figures import counts, measures, sentence, singles, vocabulary

# One phrase per alternative of vocabulary._TRIGGERS (and a few spellings), written for this test.
_TRIGGER_PHRASES = [
    "He was shot and killed.", "Roe was shot dead", "shot to death", "stabbed to death", "beaten to death",
    "fatally wounded", "found dead", "pronounced dead", "declared dead", "two were killed", "one dead",
    "the deceased", "she died", "he dies", "will die", "slain", "murdered", "fatally", "a death", "three deaths",
    "no fatalities", "lost their lives", "has succumbed", "have succumbed", "shot and wounded", "injured",
    "wounded", "hurt", "hospitalised", "hospitalized", "injuries", "recovering", "treated for minor injuries",
    "treated for his wounds", "in critical condition", "IN STABLE CONDITION", "suffering from gunshot wounds",
    "sustained injuries", "received a gunshot wound", "taken to a nearby hospital", "rushed to Mercy Hospital",
    "airlifted to the trauma center", "flown to St. Mary Medical Center", "hit and injured", "grazed and wounded",
    "showed up at the hospital with gunshot wounds", "walked into a hospital with a bullet wound",
    "with a gunshot wound", "with non-life-threatening injuries", "with nonlife-threatening wounds",
    "with minor wounds", "missing", "unaccounted for", "arrested", "detained", "taken into police custody",
    "in custody", "apprehended", "charged", "booked", "facing two charges", "faces charges",
    "struck by stray gunfire", "hit by a bullet", "grazed by a bullet", "struck in the leg", "hit twice",
    "struck three times", "four victims were struck.", "Shot", "KILLED",
]
_OBJECT_VERB_PHRASES = [
    "killing two", "killed three", "kills one", "kill four", "leaving two", "left five", "leaves six",
    "wounding two", "wounded three", "wounds one", "injuring two", "injured three", "injures one",
    "arrested two", "arresting three", "arrest four", "detained two", "detaining three", "shot two",
    "shooting three", "shoots one", "hitting two", "striking three", "grazed one", "grazing two", "grazes one",
    "struck two", "strikes one", "hit three", "hits two", "claimed the lives of two", "claiming the lives of two",
    "claim the lives of three", "took the lives of four", "the bodies of two", "bodies of three",
    "fatally shot two", "fatally stabbing one", "found two", "sent four", "sending two", "sends one",
    "shot and killed two",
]


@pytest.mark.parametrize("phrase", _TRIGGER_PHRASES)
def test_trigger_precheck_keeps_every_trigger(phrase: str) -> None:
    assert vocabulary._TRIGGER_ONLY.search(phrase), phrase  # the phrase is a trigger
    assert [m.span() for m in vocabulary._triggers(phrase)] == [m.span() for m in vocabulary._TRIGGER_ONLY.finditer(phrase)]


@pytest.mark.parametrize("phrase", _OBJECT_VERB_PHRASES)
def test_object_verb_precheck_keeps_every_verb(phrase: str) -> None:
    assert counts._OBJECT_VERB_ANY.search(phrase), phrase
    assert [m.span() for m in counts._object_verbs(phrase)] == [m.span() for m in counts._OBJECT_VERB_ANY.finditer(phrase)]


def test_precheck_skips_sentences_without_the_words() -> None:
    text = "The mayor spoke at a meeting on Tuesday about the new park."
    assert vocabulary._triggers(text) == ()
    assert counts._object_verbs(text) == ()


def test_cues_in_finds_cues_inside_longer_cues() -> None:
    text = "Police ARRESTED a suspect after the explosion."
    found = claims.cues_in(text)
    lowered = text.lower()
    assert found == frozenset(cue for cue in claims._ALL_CUES if cue in lowered)
    assert any(cue in found for cue in claims._ALL_CUES if cue.startswith("arrest"))
    assert claims.cues_in("Nothing here.").isdisjoint({c for c in claims._ALL_CUES if c not in "nothing here."})


@pytest.mark.parametrize(("pattern", "words", "phrase"), [
    ("_REFLEXIVE", "_REFLEXIVE_WORDS", "before killing himself"),
    ("_REFLEXIVE", "_REFLEXIVE_WORDS", "shot herself"),
    ("_REFLEXIVE", "_REFLEXIVE_WORDS", "took his own life"),
    ("_REFLEXIVE", "_REFLEXIVE_WORDS", "TAKING HER OWN LIFE"),
    ("_CUSTODY", "_CUSTODY_WORDS", "officers took him into police custody"),
    ("_FATAL_OF", "_FATAL_OF_WORDS", "the fatal shooting of a man"),
    ("_FATAL_OF", "_FATAL_OF_WORDS", "the fatally wounding of a teen"),
    ("_FATAL_OF", "_FATAL_OF_WORDS", "the shooting death of a woman"),
    ("_FATAL_OF", "_FATAL_OF_WORDS", "the murder of a man"),
    ("_FATAL_OF", "_FATAL_OF_WORDS", "the killing of a teen"),
    ("_FATAL_OF", "_FATAL_OF_WORDS", "the slaying of a woman"),
    ("_DIED_LATER", "_DIED_LATER_WORDS", "has since died"),
    ("_DIED_LATER", "_DIED_LATER_WORDS", "later dies"),
    ("_DIED_LATER", "_DIED_LATER_WORDS", "eventually succumbed"),
    ("_DIED_LATER", "_DIED_LATER_WORDS", "had passed away"),
])
def test_single_prechecks_keep_every_match(pattern: str, words: str, phrase: str) -> None:
    from crosscheck.nlp.words import has_any

    home = vocabulary if hasattr(vocabulary, pattern) else singles
    assert getattr(home, pattern).search(phrase), phrase
    assert has_any(phrase, getattr(home, words))


def test_hint_scans_equal_the_substring_tests() -> None:
    texts = ["A man was fatally shot.", "The blast at 3 p.m.", "Nothing happened here.", "An own life", "HIT"]
    for text in texts:
        lowered = text.lower()
        assert bool(sentence._CASUALTY_HINT.search(lowered)) == any(h in lowered for h in sentence._CASUALTY_HINTS)
        assert bool(measures._MEASURE_HINT.search(lowered)) == any(h in lowered for h in measures._MEASURE_HINTS)
    assert sentence._CASUALTY_HINT.search("a man was fatally shot.")
    assert not measures._MEASURE_HINT.search("nothing happened here.")


# Phrases written for this test: each matches the pattern behind a place, claim or date pre-check.
_ADDRESS_PHRASES = [
    "in the 1200 block of N. Main Street", "the 300 block of West Elm Ave.", "Police Station at Oak Rd",
    "Deputies Office on Cherry Lane", "A Shell Station at Fox Dr.", "the intersection of Fifth and Main",
    "the intersection of Fifth Avenue and Main Street", "Tom's Diner on Harbor Blvd.", "Smith Hall at Long Pkwy",
    "Walmart on Ridge Hwy", "Jones Hall on Park Way", "Unit Three on Elm Ct", "Kmart on Pine Terrace",
    "Club on Lake Circle", "Store at Main Stone",
]
_PROPER_SITE_PHRASES = [
    "the Garden of Martyrs", "Gardens of Babylon", "The Tomb of the Unknown Soldier", "Shrine of Imam Reza",
    "the Mausoleum of Khomeini", "Cemetery of Heroes", "Square of Freedom", "Church of St Mary", "Mosque of Omar",
    "Temple of Heaven", "Palace of Justice",
]
_DAMAGE_PHRASES = [
    "the mosque was damaged", "the blast DESTROYED two homes", "homes were razed", "the bombs flattened a market",
    "the village was leveled", "was levelled", "gutted by fire", "the house was deſtroyed",
]


@pytest.mark.parametrize("phrase", _ADDRESS_PHRASES)
def test_address_precheck_keeps_every_address(phrase: str) -> None:
    from crosscheck.extract import places

    assert places._ADDRESS.search(phrase), phrase
    assert any(hint in phrase for hint in places._ADDRESS_HINTS)


@pytest.mark.parametrize("phrase", _PROPER_SITE_PHRASES)
def test_proper_site_precheck_keeps_every_site(phrase: str) -> None:
    from crosscheck.extract import places

    assert places._PROPER_OF_SITE.search(phrase), phrase
    assert [m[2] for m in places.site_matches(phrase)] == [m.group("site") for m in places._PROPER_OF_SITE.finditer(phrase)]


@pytest.mark.parametrize("phrase", _DAMAGE_PHRASES)
def test_damage_precheck_keeps_every_cue(phrase: str) -> None:
    import re

    assert re.search(r"damaged|destroyed|razed|flattened|levell?ed|gutted", phrase, re.IGNORECASE), phrase
    assert any(cue in phrase.casefold() for cue in claims._DAMAGE_CUES)


def test_place_and_damage_prechecks_skip_sentences_without_the_words() -> None:
    from crosscheck.extract import places

    text = "The mayor spoke at a meeting on Tuesday about the new park."
    assert not any(hint in text for hint in places._ADDRESS_HINTS)
    assert list(places.site_matches(text)) == []
    assert list(claims.damage_hits(text)) == []


def _language(pattern: str, flags: int = 0) -> set[str]:
    """Every string a pattern of literals, groups, alternations and optional parts matches (white
    space runs written as one space; word boundaries and lookarounds, which add no character, left out)."""
    from re import _constants as sre
    from re import _parser

    def expand(items) -> set[str]:
        out = {""}
        for op, arg in items:
            if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
                continue
            if op is sre.MAX_REPEAT and list(arg[2]) == [(sre.IN, [(sre.CATEGORY, sre.CATEGORY_SPACE)])]:
                options = {" "} if arg[0] else {"", " "}
            elif op is sre.LITERAL:
                options = {chr(arg)}
            elif op is sre.SUBPATTERN:
                options = expand(arg[3])
            elif op is sre.BRANCH:
                options = set().union(*(expand(branch) for branch in arg[1]))
            elif op is sre.MAX_REPEAT and (arg[0], arg[1]) == (0, 1):
                options = {""} | expand(arg[2])
            else:
                raise AssertionError(f"not a finite pattern: {op}")
            out = {head + tail for head in out for tail in options}
        return out

    return expand(_parser.parse(pattern, flags))


def test_date_pattern_words_cover_every_match() -> None:
    """The word pre-checks hold the letters of every month spelling ABSOLUTE can match, every weekday
    and every relative phrase's last word: a sentence without them cannot match, so skipping its
    scan changes nothing."""
    from crosscheck.extract.dates import _MONTH, _MONTH_WORDS, _RELATIVE_WORDS, _WEEKDAY_WORDS, RELATIVE, WEEKDAY

    months = _language(_MONTH)
    assert {"Jan.", "January", "Sept.", "Sep", "May"} <= months
    assert {w for month in months for w in word_set(month)} == _MONTH_WORDS
    assert all(len(word_set(month)) == 1 for month in months)
    weekdays = _language(r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday")
    assert {w for day in weekdays for w in word_set(day)} == _WEEKDAY_WORDS and WEEKDAY.search("on Sunday")
    relative = _language(RELATIVE.pattern, RELATIVE.flags)
    assert len(relative) == 8 and {"last night", "this morning", "yesterday"} <= relative
    assert {phrase.split()[-1] for phrase in relative} == _RELATIVE_WORDS


def test_attribution_words_cover_every_match() -> None:
    """Every reporting verb, participle and medium word the attribution scans can match is in the
    word set that lets a sentence be scanned."""
    from crosscheck.extract import attribution

    verbs = _language(attribution._VERB.pattern)
    assert {"said", "tweeted", "emphasized"} <= verbs and all(len(word_set(v)) == 1 for v in verbs)
    assert {w for v in verbs for w in word_set(v)} == attribution._VERB_WORDS
    participles = _language(attribution._PARTICIPLE.pattern)
    assert ", saying" in participles and {w for p in participles for w in word_set(p)} == attribution._PARTICIPLE_WORDS
    media = _language(attribution._MEDIUM_ANY.pattern)
    assert {"reports", "footage"} <= media and {w for m in media for w in word_set(m)} == attribution._MEDIUM_WORDS


def test_attribution_prechecks_change_no_cue() -> None:
    """A sentence without the words gets no cue, one with them the same cues as before."""
    from crosscheck.extract.attribution import cues
    from crosscheck.model import Article
    from crosscheck.nlp.document import AnalyzedDoc

    text = (
        "Officer Dana Pruitt said two men were hurt. According to police, the shooting began at noon.\n"
        "The building was closed, saying nothing. The shots were seen on state television footage.\n"
        "A man was shot on Elm Street."
    )
    doc = AnalyzedDoc(Article(id="t", text=text, source="test"))
    found = [[(c.name, c.kind.value) for c in cues(s)] for s in doc.sentences]
    assert found[0] and found[1] and found[3]
    assert found[4] == []


def test_places_prechecks_keep_every_match() -> None:
    """"city of X" needs one of its head words; quoted speech needs an opening quote."""
    from crosscheck.extract import places

    heads = _language("city|town|village|capital")
    assert "(?:city|town|village|capital)" in places._CITY_OF.pattern and heads == places._CITY_OF_WORDS
    for head in heads:
        assert places._CITY_OF.search(f"in the {head} of Springfield") and has_any(f"the {head} of", places._CITY_OF_WORDS)
    text = 'He said "we ran" and “they hid” then “left'
    found = places.quoted_ranges(text)
    assert found == [m.span() for m in places._QUOTED.finditer(text)] and [text[a:b] for a, b in found][1] == "“they hid”"
    assert len(found) == 3
    assert places.quoted_ranges("No quote here, just a ” closing one.") == []


def test_stage_words_cover_every_match() -> None:
    """Every string _INITIAL and _REVISED can match holds one of the words that let a sentence be
    scanned for them; a sentence with none gets the stage the other cues give."""
    from crosscheck.extract.figures import provenance, stages
    from crosscheck.model import Stage

    for pattern, stage in stages._CUES:
        if stage in stages._CUE_WORDS:
            phrases = _language(pattern.pattern, pattern.flags)
            assert len(phrases) > 10 and all(word_set(p) & stages._CUE_WORDS[stage] for p in phrases), stage
    assert provenance._stage("Police initially said 20 were killed", 30) is Stage.INITIAL
    assert provenance._stage("The toll has since risen to 30", 25) is Stage.REVISED
    assert provenance._stage("Police said 20 were killed", 15) is None
