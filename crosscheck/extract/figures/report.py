"""From sentences to the report's figures: what the whole report says about who the hurt are.

A report's sentences are read together: a person shot who is the dead victim at an earlier
moment, the wounds of the dead, a death told only in the headline or implied by a murder charge."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterator

from crosscheck.extract.attribution import attribution_of
from crosscheck.extract.background import is_background
from crosscheck.extract.figures.counts import _RANKS
from crosscheck.extract.figures.found import Found, missing_found
from crosscheck.extract.figures.measures import _measures
from crosscheck.extract.figures.provenance import _attribution, _stage, _tidy
from crosscheck.extract.figures.sentence import casualties
from crosscheck.extract.figures.vocabulary import _Found, _KIND
from crosscheck.extract.figures import scope
from crosscheck.extract.figures.asof import as_of
from crosscheck.extract.figures.generic import generic, rules as generic_rules
from crosscheck.model import FigureMention, Scope, Stage
from crosscheck.nlp.document import AnalyzedDoc, Sentence
from crosscheck.nlp.numbers import Role, ordinal_value, quantities
from crosscheck.nlp.regex import gate_patterns


def extract(doc: AnalyzedDoc) -> Iterator[FigureMention]:
    """Every figure the report states about its event, in text order, each with the part of the
    event it counts (``scope``)."""
    read: list[tuple[FigureMention, Sentence, tuple[_Found, list[_Found]] | None]] = list(_read(doc))
    scoped = _scopes([(m, s, item) for m, s, item in read if item is not None])
    lowered = _revised_below_earlier([(m, s) for m, s, _ in read])
    denied = _denied_by_the_next_sentence([(m, s) for m, s, _ in read], doc)
    for mention, _, item in read:
        key = id(mention)
        if key in lowered:
            mention = replace(mention, stage=Stage.CORRECTED)
        if key in denied:
            mention = replace(mention, stage=Stage.DENIED)
        if item is not None:
            scope, detail, condition = scoped[key]
            mention = replace(mention, scope=scope, scope_detail=detail, condition=condition)
        yield mention


def _revised_below_earlier(read: list[tuple[FigureMention, Sentence]]) -> set[int]:
    """Revisions that are corrections down: a figure stated as revised in a sentence that recalls
    a higher earlier figure of the same kind ("revised the toll to 14 after previously reporting
    15", "raised ... no, lowered"): the correction stage places it after the higher one even in
    an undated report."""
    earlier: dict[tuple[int, str], float] = {}
    for mention, sentence in read:
        if mention.stage is Stage.INITIAL and isinstance(mention.value, (int, float)):
            key = (sentence.index, str(mention.kind))
            earlier[key] = max(earlier.get(key, 0.0), float(mention.value))
    return {
        id(mention) for mention, sentence in read
        if mention.stage is Stage.REVISED and isinstance(mention.value, (int, float))
        and float(mention.value) < earlier.get((sentence.index, str(mention.kind)), 0.0)
    }


# A denial that points back at what the sentence before it stated: "The government denied the
# claim", "Police dismissed those reports", "The ministry rejected the opposition's figures".
_DENIAL_OF_THE_LAST = re.compile(
    r"\b(?:denied|denies|rejected|rejects|dismissed|dismisses|refuted|refutes|disputed|disputes)\s+"
    r"(?:the|this|that|these|those|such|(?:his|her|their|its)(?:\s+own)?)\s+(?:[\w'’-]+\s+){0,2}?"
    r"(?P<noun>claims?|reports?|figures?|allegations?|accounts?|tolls?|numbers?|counts?|estimates?|assertions?)\b"
    r"(?!\s+(?:of|that|about|on)\b)",  # "disputed the report of a 13th death" says what it denies
    re.IGNORECASE,
)
# What a denial of "the claims" or "the reports" denies is the count only where the sentence before
# claims it ("Opposition leaders claimed that more than 100 people had died"); after "a local
# official said 12 people had been killed", "the military has denied the claims" may deny the
# attack and not the count. A denial of "the figures" or "the toll" always denies the count.
_COUNT_NOUNS = frozenset({"figure", "figures", "toll", "tolls", "number", "numbers", "count", "counts", "estimate", "estimates"})
_CLAIMED = re.compile(r"\b(?:claim(?:ed|s|ing)?|alleg(?:ed|es|ing))\b", re.IGNORECASE)


def _denied_by_the_next_sentence(read: list[tuple[FigureMention, Sentence]], doc: AnalyzedDoc) -> set[int]:
    """Casualty figures that the next sentence denies by pointing back at them ("Opposition
    leaders claimed that more than 100 people had died. The government denied the claim and said
    the toll stood at 34."): the 100 is a denied figure, as "denied reports that 100 died" would
    make it within one sentence (``stages``). Not a figure the denier gave itself, and of "the
    claims" only a count the sentence before claims (``_COUNT_NOUNS``, ``_CLAIMED``)."""
    deniers: dict[int, tuple[str, bool]] = {}
    for sentence in doc.sentences:
        denial = _DENIAL_OF_THE_LAST.search(sentence.text)
        if denial is not None:
            denier = (attribution_of(sentence) or sentence.text[: denial.start()]).lower()
            deniers[sentence.index] = (denier, denial.group("noun").lower() in _COUNT_NOUNS)
    denied: set[int] = set()
    for mention, sentence in read:
        denier, of_the_count = deniers.get(sentence.index + 1, ("", False))
        if not denier or not mention.kind.is_casualty or mention.stage in (Stage.DENIED, Stage.PROJECTED):
            continue
        if not of_the_count and not _CLAIMED.search(sentence.text):
            continue
        if mention.attributed_to and (mention.attributed_to.lower() in denier or denier in mention.attributed_to.lower()):
            continue  # the denier's own figure
        denied.add(id(mention))
    # the same claim told again elsewhere in the report, its headline first ("Opposition says toll above 100")
    values = {(m.kind, m.value) for m, _ in read if id(m) in denied}
    return denied | {id(m) for m, _ in read if (m.kind, m.value) in values and m.stage is None}


def _scopes(
    read: list[tuple[FigureMention, Sentence, tuple[_Found, list[_Found]]]],
) -> dict[int, tuple[Scope, str | None, str | None]]:
    """The scope of each casualty mention, settled over the whole report (``scope.settle``), and
    for a whole-event one the condition its sentence tells that the report did not bear out
    (``FigureMention.condition``)."""
    statements = []
    for mention, sentence, (item, found) in read:
        counts = [q for q in quantities(sentence.text) if q.role is Role.COUNT and not q.vague]
        readings = tuple(scope.readings(sentence.text, item, found, counts))
        solid = not scope.UNSOLID_BEFORE.search(sentence.text, max(0, item.start - 40), item.start)
        statements.append(scope.Statement(mention.kind.value, _number(mention), sentence.index, mention.stage, readings, solid))
    return {
        id(m): (found, detail, scope.unborne_condition(statement) if found is Scope.WHOLE else None)
        for (m, _, _), statement, (found, detail) in zip(read, statements, scope.settle(statements))
    }


def _number(mention: FigureMention) -> float:
    value = mention.value if mention.value is not None else mention.high
    return float(value) if isinstance(value, (int, float)) else 0.0


def _read(doc: AnalyzedDoc) -> Iterator[tuple[FigureMention, Sentence, tuple[_Found, list[_Found]] | None]]:
    """Every figure of the report with its sentence and, for a casualty figure, what the rules found."""
    per_sentence = [(s, casualties(s)) for s in doc.sentences]
    kind_rules = generic_rules()
    killed = [f.value for _, found in per_sentence for f in found if f.kind == "killed"]
    # the headline's death is told "elsewhere" than the text, as when the text leaves the headline out
    body_from = _headline_end(doc)
    killed_in_text = [f.value for s, found in per_sentence if s.start >= body_from for f in found if f.kind == "killed"]
    title_death = _title_death(doc)
    death_elsewhere = not killed_in_text and (title_death or _death_charge(doc))
    most_killed = max(killed) if killed else (1 if death_elsewhere else 0)
    counted = {f.kind for _, found in per_sentence for f in found if f.rule != "figures.single" and not f.scope}
    # With a death counted in the text, the text says who else was hurt ("left a girl dead and
    # her friend injured") better than a headline does; without one, the headline tells it.
    dead_names = _dead_names(per_sentence)
    dead_described = _dead_descriptions(per_sentence)
    same_dead = _hurt_is_the_dead(per_sentence, dead_described) or (death_elsewhere and _one_victim(per_sentence))
    earlier_from = _earlier_version_start(doc.view.text)
    for sentence, found in per_sentence:
        for item in found:
            if item.rule == "figures.single" and item.kind in counted and not item.scope:
                continue  # one person's fate is part of the count the report states (an increment is told apart)
            if item.kind in ("injured", "shot") and (
                same_dead or _named_dead(sentence.text, item, dead_names)
                or _described_as_dead(sentence.text, item, dead_described)
            ):
                continue
            if item.kind == "injured" and _wounded_without_fate(sentence.text, item):
                if item.value <= most_killed:
                    continue  # the wounds of the dead: "three found dead; all three had gunshot wounds"
                if not any(f.kind == "killed" for f in found):
                    # people found wounded, the dead told apart: the injured are those beyond the
                    # dead ("one man was killed and four suffered gunshot wounds" tells two groups)
                    item = replace(item, kind="shot")
            mention = _casualty_mention(sentence, item, most_killed, found)
            if mention is not None and mention.stage is None and sentence.start >= earlier_from:
                mention = replace(mention, stage=Stage.INITIAL)
            if mention is not None:
                yield mention, sentence, (item, found)
        for measure in _measures(sentence):
            yield measure, sentence, None
        for figure in generic(sentence, kind_rules):
            yield figure, sentence, None


# The head of an earlier version kept below an update: "PREVIOUS STORY:", "Original Post:",
# "Original story (Feb. 17):", "Earlier Story:", "PREVIOUS 1/4:".
_EARLIER_VERSION = re.compile(
    r"(?im)^[^\w\n]{0,3}(?:original\s+(?:post|story|article|report)|previous\s+(?:story|coverage|report|post|article)|"
    r"previous(?=\s+\d)|earlier\s+(?:story|report|post|article))\b[^\n:]{0,30}:"
)


def _earlier_version_start(text: str) -> int:
    """Where the earlier version of a live-updated report begins (the end of the text if none).

    Such reports put each update on top and keep what they said before beneath a head like
    "PREVIOUS STORY:": a figure beneath it is an early account, which the update's figures
    replace ("critically injured a boy" beneath "the boy was taken off life support and died")."""
    match = _EARLIER_VERSION.search(text)
    return match.start() if match else len(text)


# A headline that reports a death and no one hurt: "Boy, 14, dies in overnight shooting", "Teen
# shot to death", "Man charged in fatal shooting". A headline that also names a wound or a
# survivor ("1 dead, 2 hurt", "declared brain-dead", "on life support") does not qualify.
_TITLE_DEATH = re.compile(
    r"\b(?:dies|died|dead|death|deaths|killed|kills|killing|fatal|fatally|slain|slaying|murder|murdered|murders|"
    r"homicide|manslaughter|deadly|passes\s+away|passed\s+away|own\s+life|suicide)\b",
    re.IGNORECASE,
)
_TITLE_HURT = re.compile(
    r"\b(?:wounded|wounding|injured|injures|injuring|injury|injuries|hurt|critical|critically|hospitali[sz]ed|"
    r"survives?|survived|survivor|recovering|recovers|life\s+support|brain[- ]dead|attempted|attempt|others|shootings)\b",
    re.IGNORECASE,
)
# "No Other Injuries Reported", "no one else hurt": a hurt word the headline denies.
_NO_ONE_BEFORE = re.compile(r"\b(?:no|nobody|no\s+one)\s+(?:(?:other|else|further|more|was|were)\s+){0,2}$", re.IGNORECASE)
# A charge that only a death supports: "faces a murder charge", "arrested on a manslaughter charge".
_DEATH_CHARGE = re.compile(
    r"(?<!attempted\s)(?<!attempt\s)\b(?:(?:first|second|third)[- ]degree\s+)?(?:murder|manslaughter|homicide)\s+charges?\b|"
    r"\bcharged\s+with\s+(?:(?:first|second|third)[- ]degree\s+|felony\s+|involuntary\s+|voluntary\s+)?(?:murder|manslaughter|homicide)\b",
    re.IGNORECASE,
)


def _headline_end(doc: AnalyzedDoc) -> int:
    """Where the text's headline line ends: the report's title when its text opens with it (a
    plain-text report, or a headline read with its text: ``extract.headline``), else 0."""
    title = doc.article.title or ""
    return len(title) if title and doc.article.text.startswith(title) else 0


def _title_death(doc: AnalyzedDoc) -> bool:
    """Whether the report's headline reports a death and no one hurt.

    Headlines often carry the outcome that the body tells as "was shot and taken to the
    hospital"; a headline that names no wounded says that the person shot is the one who died.
    The death gives no mention (the headline is no sentence of the text to cite); it only tells
    who the body's hurt person is. A page that repeats its headline in the text is read the same
    way: a death the repeated headline states is counted there and so is no death "elsewhere",
    and one it states in a shape no rule reads ("Teen dead of gunshot wound") still tells it.
    """
    title = doc.article.title or ""
    return bool(_TITLE_DEATH.search(title)) and not any(
        not _NO_ONE_BEFORE.search(title, max(0, hurt.start() - 20), hurt.start()) for hurt in _TITLE_HURT.finditer(title)
    )


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
    r"\b(?:suffer(?:ed|ing)(?:\s+from)?|sustained|with)\s+(?:an?\s+|multiple\s+|apparent\s+|fatal\s+)?(?:gunshot|gun\s+shot|bullet)\s+wounds?\b",
    re.IGNORECASE,
)


# "Both were rushed to the hospital, where one of them died": the count is of the victims on
# their way to their fate, which the same sentence begins to tell.
_DIED_THERE = re.compile(
    r"[^.;]{0,80}?\bwhere\b[^.;]{0,80}?\b(?:died|dies|pronounced\s+dead|declared\s+dead|succumbed)\b", re.IGNORECASE
)


def _wounded_without_fate(text: str, item: _Found) -> bool:
    """Whether an injured count tells people wounded, not what became of them: the wound is
    named ("suffered gunshot wounds", "found with gunshot wounds"), the people are found hurt or
    taken to a hospital where some died, and they are not marked as others ("two others suffered
    ..."). Such people are the people shot: those the report counts as dead are among them."""
    return (
        not _OTHER_PERSON.search(text, max(0, item.start - 25), item.end + 12)
        and not re.search(r"\bothers?\b", text[item.end : item.end + 20], re.IGNORECASE)
        and bool(_WOUND_TAIL.match(text[item.end :]) or _DIED_THERE.match(text, item.end)
                 or _FOUND_COUNT.search(text, max(0, item.start - 50), item.start))
    )


# "Officers found two men suffering from gunshot wounds", "arrived to find the father and two
# children wounded": the victims as the police met them, before the report tells their fate.
_FOUND_COUNT = re.compile(r"\b(?:found|discovered|located|find|finding)\s+(?:[\w'’-]+\s+){0,4}$", re.IGNORECASE)


_DEFINITE = re.compile(r"(?:he|she|the|this|that|his|her)\b", re.IGNORECASE)
# A wounded person as the report first meets them, before their fate: found by the police with a
# wound, taken to a hospital, in critical condition.
_FOUND_BEFORE = re.compile(
    r"\b(?:found|discovered|located|find|finding)\s+(?:(?:the\s+)?victim,?\s+)?$|"
    # "police were alerted at 5:26 p.m. to a boy suffering from a gunshot wound": called to the victim
    r"\b(?:alerted|called|dispatched|summoned|sent)\b[^;,]{0,25}?\bto\s+$",
    re.IGNORECASE,
)
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


def _hurt_is_the_dead(per_sentence: list[tuple[Sentence, list[_Found]]], dead_described: set[str]) -> bool:
    """Whether every hurt person the report mentions is the dead victim at an earlier moment.

    That holds when the report states a death and each hurt person is named definitely ("he was
    taken to the hospital", "the victim was shot": the definite phrase points back at the one
    person the report introduced; so does "injuring the boy", ``_definite_object``) or is one
    person told as found wounded or taken to a hospital (``_interim``): reports tell a death in that order, "police found a man suffering from a
    gunshot wound; he died at the hospital". A second casualty is marked ("another man was
    wounded") or stated as a fate ("a woman was wounded") and keeps its count.
    """
    killed = [f.value for _, found in per_sentence for f in found if f.kind == "killed"]
    if not killed:
        return False
    hurt = [(s, f, found) for s, found in per_sentence for f in found if f.kind in ("injured", "shot")]
    # one person "shot" names no fate: "Roe, 8, was hit in the head" can be the victim who died
    hurt = [(s, f, found) for s, f, found in hurt
            if not (f.kind == "shot" and f.value == 1 and f.rule == "figures.single" and not _another_person(s.text, f))]
    # Nor do people shot who were already met, no more than the dead ("shot his friend", "the two
    # were shot" in a report of two deaths; see ``_casualty_mention``), nor the object of the
    # shooting ("he shot a boy in the head"); a subject introduced by "a" may be someone else
    # ("a woman was shot").
    hurt = [(s, f, found) for s, f, found in hurt
            if not (f.kind == "shot" and f.value <= max(killed) and not _another_person(s.text, f)
                    and not (_INDEFINITE.match(s.text, f.start) and f.rule != "figures.object"))]
    # nor a person described by the age and noun of one of the dead (``dead_described``, "a 16-year-old boy")
    hurt = [(s, f, found) for s, f, found in hurt if not _described_as_dead(s.text, f, dead_described)]
    if not hurt:
        return False
    return all(
        (f.rule == "figures.single" and _DEFINITE.match(s.text, f.start) and not _besides_the_dead(s.text, f, max(killed)))
        or _definite_object(s, f, found) or _interim(s, f) for s, f, found in hurt
    )


def _besides_the_dead(text: str, item: _Found, most_killed: float) -> bool:
    """Whether a definite person hurt is marked, in its own words, as someone besides the dead
    ("the other victim suffered non-life-threatening injuries" after "two men were killed"; not
    "the third time the boy got shot"); "the second victim" of two dead is one of them
    (``_ranked_among_dead``)."""
    return bool(_OTHER_PERSON.search(text, item.start, item.end)) and not _ranked_among_dead(text, item, most_killed)


def _definite_object(sentence: Sentence, item: _Found, found: list[_Found]) -> bool:
    """Whether one person hurt is the object of the verb with "the" ("the rifle went off, injuring
    the boy") in a sentence that kills no one: the definite phrase points back at the person
    the report introduced. A sentence that also kills someone tells two people apart ("killing the
    mother and wounding the boy"); "his wife" may be anyone's."""
    return (
        item.rule == "figures.object" and item.value == 1 and sentence.text[item.start : item.start + 4].lower() == "the "
        and not any(f.kind == "killed" for f in found)
    )


# A person's name as a figure's whole anchor: "Roe", "Jon Roe", "Senior Ann Marie Roe".
_NAME_ANCHOR = re.compile(r"(?:[A-Z][a-z'’-]+\s+){0,3}[A-Z][a-z'’-]+")


_AGE_BESIDE_NAME = re.compile(r",\s*\d{1,3}\s*,?$|^(?:the\s+)?\d{1,3}-(?:year|month)-old\s+", re.IGNORECASE)
_INITIAL = re.compile(r"\s[A-Z]\.(?=\s)")


def _name_of(text: str, item: _Found) -> tuple[str, ...] | None:
    """The words of a one-person figure's anchor when the anchor is a name, else ``None``; an
    age and middle initials are left out ("Jon Q. Roe, 17," and "17-year-old Jon Roe" are Jon Roe)."""
    anchor = _INITIAL.sub("", _AGE_BESIDE_NAME.sub("", text[item.start : item.end].strip(" ,"))).strip(" ,")
    if item.value != 1 or not _NAME_ANCHOR.fullmatch(anchor) or _DEFINITE.fullmatch(anchor.split()[0]):
        return None
    return tuple(anchor.split())


def _dead_names(per_sentence: list[tuple[Sentence, list[_Found]]]) -> dict[str, set[tuple[str, ...]]]:
    """The names the report gives its dead, by surname: {"Roe": {("Jon", "Roe"), ("Roe",)}}."""
    names: dict[str, set[tuple[str, ...]]] = {}
    for sentence, found in per_sentence:
        for item in found:
            name = _name_of(sentence.text, item) if item.kind == "killed" else None
            if name:
                names.setdefault(name[-1], set()).add(name)
    return names


def _named_dead(text: str, item: _Found, dead_names: dict[str, set[tuple[str, ...]]]) -> bool:
    """Whether one person hurt is named as one of the report's dead: "Roe was wounded in the
    head" in a report where "Jon Roe was pronounced dead" is the victim before he died. Names agree
    on the surname and on the first name where both give one; a surname the dead share with a
    different first name ("John Smith was killed and Mary Smith wounded") decides nothing. A
    lone first name is the dead person of that first name ("Bo was hurt" where "Bo Roe died"):
    reports call children by it."""
    name = _name_of(text, item)
    if name is None or _another_person(text, item):
        return False
    dead = dead_names.get(name[-1], set())
    first_names = {n[-2] for n in dead if len(n) > 1}
    if len(name) > 1:
        return name[-2] in first_names or (bool(dead) and not first_names)
    if dead:
        return len(first_names) <= 1
    return any(len(n) > 1 and n[-2] == name[0] for names in dead_names.values() for n in names)


# "A 16-year-old boy", "the 3-month-old girl": a person told by their age, which tells them apart;
# "the 2-year-old" gives the age alone.
_AGED_PERSON = re.compile(r"(?:(?:a|an|the|one)\s+)?(\d{1,3}-(?:year|month|week)-old)((?:\s+[a-z]+){0,2})", re.IGNORECASE)


def _description(text: str, item: _Found) -> str | None:
    """A one-person figure's anchor as a description by age ("a 16-year-old boy" -> "16-year-old
    boy", "the 2-year-old" -> "2-year-old"), else ``None``; the article is left out so "a" and "the"
    of one person agree."""
    if item.value != 1:
        return None
    match = _AGED_PERSON.fullmatch(text[item.start : item.end].strip(" ,"))
    return (match.group(1) + match.group(2)).lower() if match else None


def _described_as_dead(text: str, item: _Found, dead_described: set[str]) -> bool:
    """Whether one person hurt is told the way one of the dead is: the same age and noun ("a
    16-year-old boy"), or the same age where the dead are told by age alone ("the 2-year-old
    who was shot has died" and "a 2-year-old child was critically injured")."""
    description = _description(text, item)
    return description is not None and (description in dead_described or description.split()[0] in dead_described)


def _dead_descriptions(per_sentence: list[tuple[Sentence, list[_Found]]]) -> set[str]:
    """The descriptions by age of the report's dead: a person hurt told the same way is one of
    them at an earlier moment ("a 16-year-old boy was critically wounded ..." then "a 16-year-old
    boy who was critically wounded ... died"). "Another 16-year-old boy" is marked as someone
    else and keeps its count."""
    return {
        description for sentence, found in per_sentence for item in found
        if item.kind == "killed" and (description := _description(sentence.text, item))
        and not _another_person(sentence.text, item)
    }


_OTHER_PERSON = re.compile(r"\b(?:another|second|other|third|fourth|additional)\b", re.IGNORECASE)
# A count of people shot marked as besides those told: "six others shot", "four other people were
# shot" (not "three others were injured, including one who died": those include the dead).
_OTHERS_COUNTED = re.compile(
    r"\s+others?(?:\s+(?:people|persons|victims|men|women|teens|children|adults))?"
    r"(?:\s+(?:were|was|also|have\s+been|had\s+been))*\s+shot\b",
    re.IGNORECASE,
)
_ALSO_SHOT = re.compile(r"\s*,?\s*(?:was|were|is|had\s+been)\s+also\s+shot\b", re.IGNORECASE)


# "One of the victims was shot inside and another outside": "another" is another of those named.
_ONE_OF_THEM = re.compile(
    r"\bone\s+of\s+the\s+(?:[\w'’-]+\s+){0,2}(?:victims|dead|people|men|women|boys|girls|teens|children)\b", re.IGNORECASE
)


def _another_person(text: str, item: _Found) -> bool:
    """Whether one person shot is marked as someone besides the dead ("another man was shot",
    "the second victim was a boy who was shot", "a woman was also shot"). "Another" after "one of
    the victims" in the sentence is the next of those victims, not someone besides them."""
    marker = _OTHER_PERSON.search(text, max(0, item.start - 25), item.end)
    if marker and marker.group(0).lower() == "another" and _ONE_OF_THEM.search(text, 0, marker.start()):
        marker = None
    return bool(marker or _ALSO_SHOT.match(text, item.end))


_RANK = re.compile(rf"\b(?:a|an|the)\s+({_RANKS})\b", re.IGNORECASE)


def _ranked_among_dead(text: str, item: _Found, most_killed: float) -> bool:
    """Whether one person shot is told by a rank no higher than the report's dead: "a fourth person
    was also shot" in a report of four dead is the fourth of them; beside three dead, a survivor."""
    rank = _RANK.match(text, item.start)
    return rank is not None and (ordinal_value(rank.group(1)) or 0) <= most_killed


def _casualty_mention(sentence: Sentence, item: _Found, most_killed: float, found: list[_Found]) -> FigureMention | None:
    """A mention for one casualty figure (``found``: all the sentence's); people shot become the
    injured beyond the report's dead; the missing a sentence says were found are missing no longer
    (``figures.found``), unless it counts the missing who remain ("two remain missing after the
    three missing workers were found")."""
    kind, value, rule, low, shot = item.kind, item.value, item.rule, item.low, None
    stage = item.stage or _stage(sentence.text, item.start, item.end)
    if kind == "missing" and (finding := missing_found(sentence.text, item.start, item.end)) is not None:
        remain = any(f.kind == "missing" and missing_found(sentence.text, f.start, f.end) is None for f in found)
        if finding is Found.SOME or remain:
            return None  # how many remain, the sentence does not say, or says in another count
        value, low, stage = 0, None, Stage.REVISED  # all of them found: none remains missing
    if kind == "shot" and value == 1 and _another_person(sentence.text, item) and not _ranked_among_dead(sentence.text, item, most_killed):
        kind = "injured"  # "a second victim was shot": not one of the dead
    if kind == "shot" and _OTHERS_COUNTED.match(sentence.text, item.end):
        # "one killed, six others shot": the six are besides the dead, all of them wounded
        kind, rule, shot = "injured", "figures.shot", value + most_killed
    if kind == "shot":
        if value <= most_killed:
            return None
        kind, value, rule, shot = "injured", value - most_killed, "figures.shot", value
        low = None if low is None else max(low - most_killed, 0)
    is_range = low is not None
    return FigureMention(
        evidence=sentence.evidence, anchor=sentence.span(item.start, item.end), extractor=rule,
        attributed_to=_attribution(sentence, item.start, item.end), kind=_KIND[kind],
        value=None if is_range else _tidy(value), low=_tidy(low) if is_range else None,
        high=_tidy(value) if is_range else None, unit="people",
        qualifier=item.qualifier if rule != "figures.shot" and value else None, stage=stage,
        shot=None if shot is None or is_range else _tidy(shot),
        as_of=as_of(sentence.text, item.start, item.end, sentence.doc.article.published_at),
    )


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
