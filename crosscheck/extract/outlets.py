"""The outlet registry: real news agencies, broadcasters and outlets, their aliases and domains.

``crosscheck/data/outlets.csv`` names each organisation with its aliases and web domains;
``lookup_outlet`` and ``outlet_for_domain`` let any module turn a surface form ("alarabiya", "the
Guardian", "rt.com") into one canonical name. The attribution cues (``attribution``) and the cited
sources (``sources``) both read outlets through it.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from urllib.parse import urlsplit

from crosscheck.lang.en import LANGUAGE as ENGLISH
from crosscheck.model import SourceKind
from crosscheck.nlp.regex import gate_patterns
_KINDS = {"agency": SourceKind.AGENCY, "broadcaster": SourceKind.BROADCASTER, "outlet": SourceKind.OUTLET}
_NOT_KEY = re.compile(r"[^0-9a-z]+")
_LEADING_THE = re.compile(r"^\s*the\s+", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Outlet:
    """One registry row: a news organisation, how it is written, where it publishes."""

    name: str
    aliases: tuple[str, ...]
    domains: tuple[str, ...]
    kind: SourceKind
    country: str
    state_affiliated: bool


def outlet_key(text: str) -> str:
    """Matching key: case, spaces, hyphens, dots and a leading "the" do not matter.

    "alarabiya", "Al-Arabiya" and "Al Arabiya" share the key "alarabiya"; accents fold ("RTÉ" -> "rte").
    ASCII text, nearly every call (attribution tries each subject it reads, ~35 per article), has
    no accent to fold: it skips the character-by-character pass, which was most of the cost.
    """
    if text.isascii():
        return _NOT_KEY.sub("", _LEADING_THE.sub("", text).casefold())
    folded = unicodedata.normalize("NFKD", _LEADING_THE.sub("", text).casefold())
    return _NOT_KEY.sub("", "".join(c for c in folded if not unicodedata.combining(c)))


@dataclass(frozen=True, slots=True)
class _Registry:
    by_key: dict[str, tuple[Outlet, str]]
    by_domain: dict[str, Outlet]
    rows: tuple[Outlet, ...]


@lru_cache(maxsize=1)
def _registry() -> _Registry:
    """Load ``outlets.csv`` once; the first row claiming a key or domain keeps it."""
    raw = resources.files("crosscheck").joinpath("data", "outlets.csv").read_text(encoding="utf-8")
    by_key: dict[str, tuple[Outlet, str]] = {}
    by_domain: dict[str, Outlet] = {}
    rows: list[Outlet] = []
    for row in csv.DictReader(io.StringIO(raw)):
        outlet = Outlet(
            name=row["name"],
            aliases=tuple(a for a in row["aliases"].split("|") if a),
            domains=tuple(d.lower() for d in row["domains"].split("|") if d),
            kind=_KINDS[row["kind"]],
            country=row["country"],
            state_affiliated=row["state_affiliated"] == "yes",
        )
        rows.append(outlet)
        for surface in (outlet.name, *outlet.aliases):
            by_key.setdefault(outlet_key(surface), (outlet, surface))
        for domain in outlet.domains:
            by_domain.setdefault(domain, outlet)
            # a domain's stem names the outlet ("alarabiya.net" -> "alarabiya") unless it is a word
            stem = domain.split(".")[0] if domain.count(".") == 1 else None
            if stem and len(stem) >= 4 and not _is_common_word(stem):
                by_key.setdefault(outlet_key(stem), (outlet, stem))
    return _Registry(by_key, by_domain, tuple(rows))


def outlets() -> list[Outlet]:
    """Every outlet of the registry, in file order."""
    return list(_registry().rows)


@lru_cache(maxsize=4096)
def _is_common_word(word: str) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, ENGLISH) >= 3.5


def lookup_outlet(text: str, *, strict_case: bool = False) -> Outlet | None:
    """The registry outlet ``text`` names ("alarabiya", "the Guardian", "IRNA"), or ``None``.

    Short acronyms (<= 3 letters, "AP", "RT") and aliases that are ordinary English words
    ("Guardian", "Time", "People") only match as written, so "rt" or "people" name nothing.
    ``strict_case`` also refuses a common word that is not preceded by "the" (the caller knows
    the word opens a sentence, where capitals prove nothing).
    """
    text = text.strip()
    if not text:
        return None
    found = _registry().by_key.get(outlet_key(text))
    if found is None:
        return outlet_for_domain(text) if "." in text and " " not in text else None
    outlet, alias = found
    bare = _LEADING_THE.sub("", text)
    alias_bare = _LEADING_THE.sub("", alias)
    guarded = len(outlet_key(alias)) <= 3 or (" " not in bare and _is_common_word(bare.casefold()))
    if guarded:
        if re.sub(r"\W", "", bare) != re.sub(r"\W", "", alias_bare):
            return None
        if strict_case and bare == text and _is_common_word(bare.casefold()):
            return None
    return outlet


def outlet_for_domain(domain: str) -> Outlet | None:
    """The outlet publishing at ``domain`` (a host or a URL); parent domains count too.

    "https://www.rt.com/news/..." -> RT, "chicago.cbslocal.com" -> CBS News.
    """
    host = urlsplit(domain if "//" in domain else f"//{domain}").hostname or ""
    host = re.sub(r"^www\d?\.", "", host.lower().rstrip("."))
    by_domain = _registry().by_domain
    parts = host.split(".")
    for i in range(len(parts) - 1):
        outlet = by_domain.get(".".join(parts[i:]))
        if outlet is not None:
            return outlet
    return None


gate_patterns(globals())  # crosscheck.nlp.regex: a first-character gate on patterns the engine cannot skip ahead in
