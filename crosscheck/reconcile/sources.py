"""The sources documents cite, and which outlets relay each of them."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import replace
from typing import Iterable, Mapping, TypeVar

from crosscheck.extract.attribution import is_title_word
from crosscheck.extract.places import gazetteer
from crosscheck.facts import CitedSource
from crosscheck.model import Article, Mention, QuoteMention, SourceKind, SourceMention
from crosscheck.reconcile.evidence import evidence_list

M = TypeVar("M", bound=Mention)


def full_names(names: Iterable[str]) -> dict[str, str]:
    """Map a shorter name of a source to the one longer name of the event it stands for: a lone
    surname or a name's last words ("Trump" -> "Donald Trump", "Geological Survey" -> "U.S.
    Geological Survey"), and initials ("USGS" -> "U.S. Geological Survey").

    Reports name a person or body in full once and shorten it after; two longer names that the
    short one fits leave it ambiguous, and then it is not mapped. The cited sources and the quotes'
    speakers (``crosscheck.reconcile.quotes``) are both named through it.
    """
    counts = Counter(names)
    variants = spelling_variants(counts)
    words = {name: tuple(name.lower().split()) for name in {variants.get(n, n) for n in counts}}
    initials = {name: _initials(name) for name in words}
    ending: dict[tuple[str, ...], list[str]] = {}  # the names each shorter tail ends, looked up, not searched for
    for name, w in words.items():
        for cut in range(1, len(w)):
            ending.setdefault(w[cut:], []).append(name)
    mapping = {}
    for name, tail in words.items():
        if not name[:1].isupper():
            continue
        longer = list(ending.get(tail, ())) if tail else []
        if not longer and _INITIALS_SHAPE.fullmatch(name):
            longer = [n for n in words if n != name and name in initials[n]]
        # "Purwo Nugroho" and "Sutopo Purwo Nugroho" both end "Nugroho": the longest is the one person
        longest = [n for n in longer if not any(o != n and words[o][-len(words[n]) :] == words[n] for o in longer)]
        if len(longest) == 1:
            mapping[name] = longest[0]
        elif not longest:
            head = _head_of(name, words)
            if head is not None:
                mapping[name] = head
    for variant, spelling in variants.items():
        mapping[variant] = mapping.get(spelling, spelling)
    return mapping


def _head_of(name: str, words: Mapping[str, tuple[str, ...]]) -> str | None:
    """The one two-word name a one-word name opens, when that word is no place: "Amnesty" for
    "Amnesty International" (a body shortened to its first word), not "Kenya" for "Kenya Police"
    (a country speaks for itself)."""
    if len(words[name]) != 1 or _is_place(words[name][0]):
        return None
    opened = [n for n, w in words.items() if len(w) == 2 and w[0] == words[name][0]]
    return opened[0] if len(opened) == 1 else None


def _is_place(word: str) -> bool:
    countries, states, cities = gazetteer()
    return word in countries or word in states or word in cities


def spelling_variants(counts: Counter[str]) -> dict[str, str]:
    """Map each spelling of a name to the spelling the event's reports use most ("Mohammad Asim"
    and "Muhammad Asim", "Moazzam Jah Ansari" and "Muazam Jah Ansari", "Gashkori" and "Gishkori"):
    names of as many words whose long words start alike and differ only in vowels and doubled
    letters, short words not at all (``_spelling_key``), the way one name is transliterated from
    Arabic, Urdu or Persian script; and a name written in other cases ("KP Police Chief", "KP
    police chief").

    Why: outlets transliterate a name each their own way, and the brief counted one hospital
    spokesman as two sources, and his words as two speakers'. Within one event, two people whose
    names differ only in their vowels are rarer than one person spelled two ways."""
    by_skeleton: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for name in counts:
        words = name.split()
        if words and words[0][:1].isupper():
            by_skeleton[tuple(_spelling_key(w) for w in words)].append(name)
    mapping = {}
    for spellings in by_skeleton.values():
        if len(spellings) > 1:
            spelling = max(spellings, key=lambda n: (counts[n], sum(c.isupper() for c in n), len(n), n))
            mapping.update((n, spelling) for n in spellings if n != spelling)
    return mapping


_VOWELS = re.compile(r"[aeiou]")


def _spelling_key(word: str) -> str:
    """What two spellings of a word share: a word of ``_VARIED_LENGTH`` letters or more, its first
    letter and consonants, doubled ones once ("Muhammad", "Mohammed" -> "mmhmd"); a shorter word
    itself ("Jane" and "June", "Maria" and "Mario" are other names, not other spellings)."""
    word = word.lower()
    if len(word) < _VARIED_LENGTH:
        return word
    return word[0] + re.sub(r"(.)\1+", r"\1", _VOWELS.sub("", word))


_VARIED_LENGTH = 6


def named_alike(mentions: Iterable[M]) -> list[M]:
    """``mentions`` with every source, speaker and attribution named as the event names it in full
    (``full_names``): "USGS", "Geological Survey" and "U.S. Geological Survey" are one upstream, in
    the brief's "attributed to" and in the count of independent sources alike."""
    mentions = list(mentions)
    names = [m.attributed_to for m in mentions if m.attributed_to]
    names += [m.name for m in mentions if isinstance(m, SourceMention)]
    names += [m.speaker for m in mentions if isinstance(m, QuoteMention) and m.speaker]
    canonical = full_names(names)
    if not canonical:
        return mentions
    return [_renamed(m, canonical) for m in mentions]


def _renamed(mention: M, canonical: Mapping[str, str]) -> M:
    changes: dict[str, str] = {}
    if mention.attributed_to in canonical:
        changes["attributed_to"] = canonical[mention.attributed_to]
    if isinstance(mention, SourceMention) and mention.name in canonical:
        changes["name"] = canonical[mention.name]
    if isinstance(mention, QuoteMention) and mention.speaker in canonical:
        changes["speaker"] = canonical[mention.speaker]
    return replace(mention, **changes) if changes else mention


_INITIALS_SHAPE = re.compile(r"[A-Z]{2,6}")
_NOT_INITIALLED = frozenset({"of", "the", "and", "for", "on", "in"})


def _initials(name: str) -> frozenset[str]:
    """"U.S. Geological Survey" -> "USGS", "Federal Bureau of Investigation" -> "FBI"; a hyphenated
    name's parts initialled too, its lower-case links not: "Tehreek-i-Taliban Pakistan" -> "TP" and
    "TTP"."""
    parts = [part for part in name.replace("-", " ").split() if part[:1].isupper()]
    return frozenset({_letters(name.split()), _letters(parts)})


def _letters(words: list[str]) -> str:
    letters = []
    for word in words:
        if "." in word:
            letters.append(word.replace(".", ""))
        elif word.lower() not in _NOT_INITIALLED:
            letters.append(word[0])
    return "".join(letters).upper()


def _kind_of(group: list[SourceMention]) -> str:
    """The kind most of the mentions that state one give; "other" only when none states one.

    Why: "other" is what a mention gets when its sentence says nothing of the source ("Roe said"),
    so it is no evidence against the "official" of "Varnton Police Capt. Jon Roe said" in
    another sentence; counted as a vote, the bare surnames outvoted the one title (a police
    captain quoted five times by surname was listed as "other")."""
    stated = Counter(m.source_kind.value for m in group if m.source_kind is not SourceKind.OTHER)
    return stated.most_common(1)[0][0] if stated else SourceKind.OTHER.value


# The brief's list of sources cited names who can be looked up. These heads name no one: a collective
# ("officials", "local media", "Iranian media", "rescue authorities", "witnesses", "police sources"),
# a person known only by a role ("a spokesperson", "an Interior Ministry official", "one woman",
# "NSW Ambulance spokesman") or a document ("a statement", "the letter"). Each stays the attribution
# of its evidence ("attributed to officials"); it is not an entry of the list.
_COLLECTIVE_HEADS = frozenset("""
    officials authorities media sources witnesses eyewitnesses residents reports rescuers investigators
    detectives prosecutors officers deputies troopers agents lawmakers experts survivors relatives
    neighbours neighbors friends family members workers firefighters doctors activists villagers locals
    people students staff responders volunteers outlets
""".split())
_ANONYMOUS_HEADS = frozenset("""
    official spokesman spokeswoman spokesperson source officer witness eyewitness resident survivor man
    woman person employee worker member relative neighbour neighbor friend doctor nurse rescuer volunteer
    statement release letter report affidavit complaint records documents ngo
""".split())
# Kinds that stand for media in general, never one outlet ("TV", "national broadcaster", "social media")
_GENERIC_KINDS = frozenset({SourceKind.MEDIA.value, SourceKind.SOCIAL_MEDIA.value})
# The one generic name that is one institution: a country's state broadcaster ("state television",
# "Iranian state TV", "state media"; see ``crosscheck.extract.attribution``).
STATE_TELEVISION = "state television"


def is_named_source(name: str, kind: str) -> bool:
    """Whether a cited source is named: an outlet, a person, or a body by its proper name ("IRNA",
    "Reza Fallah", "Syrian Health Ministry", "Anantnag Police", "government of Iran", "state
    television"), not a collective, an unnamed person or a document (``_COLLECTIVE_HEADS``,
    ``_ANONYMOUS_HEADS``), generic media ("TV", "local media") or a title alone ("Interior
    Minister", "IGP")."""
    if name == STATE_TELEVISION:
        return True
    words = name.split()
    if not words or kind in _GENERIC_KINDS or words[-1].lower() in _COLLECTIVE_HEADS | _ANONYMOUS_HEADS:
        return False
    return any(w[:1].isupper() and not is_title_word(w) for w in words)


def reconcile_sources(mentions: Iterable[SourceMention], articles: Mapping[str, Article]) -> list[CitedSource]:
    """The named sources the documents cite (``is_named_source``), each once under its full name."""
    mentions = [m for m in mentions if is_named_source(m.name, m.source_kind.value)]
    canonical = full_names(m.name for m in mentions)
    by_name: dict[str, list[SourceMention]] = defaultdict(list)
    for mention in mentions:
        by_name[canonical.get(mention.name, mention.name)].append(mention)
    cited = []
    for name, group in by_name.items():
        kind = _kind_of(group)
        relays = sorted({articles[m.evidence.doc].outlet or m.evidence.doc for m in group})
        aliases = tuple(sorted({m.surface for m in group if m.surface != name}))
        cited.append(CitedSource(name, kind, evidence_list(group, articles), aliases, tuple(relays)))
    cited.sort(key=lambda c: (-len(c.relayed_by), c.name.lower()))
    return cited
