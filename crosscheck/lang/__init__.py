"""Language packs: which rules read an article, chosen by ``Article.language``.

A pack (``LanguagePack``) declares the language codes it reads, the extractors that read them and
the language data those extractors use. Each pack is a folder of this package,
``crosscheck/lang/<code>/``, whose ``__init__.py`` defines ``PACK``; the folders are found by
listing this package, so adding a language edits no list. A pack kept elsewhere (a test, a
notebook, another package) is added with one call, ``register(PACK)``.

An article is read by the pack of its language; an article whose language is unknown (no
metadata, and detection unsure: ``ingest.language``) by the pack of ``DEFAULT_LANGUAGE``. An
article in a language without a pack is stored, grouped and shown, but no rule reads it:
``no_rules_note`` is the one line its brief carries instead of English rules misreading it.
See CONTRIBUTING.md, "Adding a language".
"""

from __future__ import annotations

import dataclasses
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module
from typing import Any, Callable, Iterable, Mapping

from crosscheck.errors import CrosscheckError

DEFAULT_LANGUAGE = "en"
"""The pack that reads an article of unknown language: most reports crosscheck reads are English,
and detection is unsure mostly on short English texts (headlines, one-line reports)."""

DEFAULT_DOCUMENT = "crosscheck.nlp.document:AnalyzedDoc"
"""How an article is prepared for a pack's extractors unless the pack says otherwise: the repaired
text split into sentences by spaCy's rule-based sentencizer, parsed on demand. Its repairs, tokenizer
exceptions and statistical model are English; a language they do not suit names its own."""

_UNDETERMINED = frozenset({"und"})
"""BCP 47's tag for an undetermined language: no language, not a language without a pack."""


class PackError(CrosscheckError, ValueError):
    """A language pack that cannot be used as declared."""


@dataclass(frozen=True)
class LanguagePack:
    """The rules for one language (or a few that share them), by reference.

    ``codes``: the ``Article.language`` values it reads (ISO 639-1, lower case: ``("en",)``).
    ``extractors``: ``(name, target)`` pairs in the order they run (a mapping is accepted); a
    target is ``"module"`` (its ``extract`` function) or ``"module:function"``, and the function
    takes the prepared document and yields mentions (``crosscheck.model``), each with its span.
    ``language``: the code under which its rules look up their language data (word frequencies,
    date and number words, spaCy's tokenizer, the kinds registry's ``KindWords``); ``codes[0]``
    by default.
    ``document``: ``"module:callable"`` preparing an ``Article`` for the extractors; the result has
    ``sentences`` (each with its ``evidence`` span) and ``release()``.
    ``background``: ``"module:function"`` giving the indices of the sentences about other events
    (grouping leaves their words out), or ``None``.

    Targets are imported when the first article of the language is read, so declaring a pack
    loads nothing.
    """

    codes: tuple[str, ...]
    extractors: tuple[tuple[str, str], ...] | Mapping[str, str]
    language: str = ""
    document: str = DEFAULT_DOCUMENT
    background: str | None = None
    name: str = field(default="", compare=False)
    """Where the pack was declared (its module), for messages."""

    def __post_init__(self) -> None:
        codes = tuple(normalise_language(code) for code in self.codes)
        if not codes or None in codes:
            raise PackError(f"E020 a language pack reads ISO 639-1 codes such as ('fr',), not {self.codes!r}")
        pairs = tuple(self.extractors.items()) if isinstance(self.extractors, Mapping) else tuple(self.extractors)
        object.__setattr__(self, "codes", codes)
        object.__setattr__(self, "extractors", tuple((str(name), str(target)) for name, target in pairs))
        object.__setattr__(self, "language", self.language or codes[0])


def normalise_language(tag: str | None) -> str | None:
    """Primary subtag of a language tag, lower case: ``"en-US"`` -> ``"en"``; junk and ``"und"`` -> None."""
    if not tag or not isinstance(tag, str):
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    if primary in _UNDETERMINED:
        return None
    return primary if primary.isascii() and primary.isalpha() and 2 <= len(primary) <= 3 else None  # "aà" is no tag


_registered: dict[str, LanguagePack] = {}


def register(pack: LanguagePack, *, replace: bool = False) -> None:
    """Use ``pack`` for its codes in this process, beside the packs found in ``crosscheck/lang/``.

    A code that already has a pack raises ``PackError`` unless ``replace``. Process pools start
    fresh interpreters, which find the folders but not this call: extraction of a registered pack
    runs in this process (``crosscheck.brief(..., workers=1)``, the default below 64 reports).
    """
    if not replace:
        for code in pack.codes:
            current = pack_for_code(code)
            if current is not None and current is not pack:
                raise PackError(f"E021 language {code!r} already has a pack ({current.name or 'registered'}): pass replace=True to replace it")
    for code in pack.codes:
        _registered[code] = pack


def unregister(pack: LanguagePack) -> None:
    """Stop using a pack given to ``register`` (the folder packs it replaced come back)."""
    for code in [code for code, registered in _registered.items() if registered is pack]:
        del _registered[code]


@lru_cache(maxsize=1)
def folder_packs() -> Mapping[str, LanguagePack]:
    """The packs of this package's folders, by code; found once per process.

    A folder without ``PACK``, or two folders claiming one code, is a ``PackError``: a pack that
    cannot load must not leave its language silently to another's rules.
    """
    found: dict[str, LanguagePack] = {}
    for module in pkgutil.iter_modules(__path__, prefix=f"{__name__}."):
        if not module.ispkg:
            continue
        pack = getattr(import_module(module.name), "PACK", None)
        if not isinstance(pack, LanguagePack):
            raise PackError(f"E022 {module.name} is a language folder without a PACK = LanguagePack(...)")
        pack = pack if pack.name else dataclasses.replace(pack, name=module.name)
        for code in pack.codes:
            if code in found:
                raise PackError(f"E021 language {code!r} has two packs: {found[code].name} and {pack.name}")
            found[code] = pack
    return found


def pack_for_code(code: str) -> LanguagePack | None:
    """The pack reading language ``code`` (normalised), or ``None``."""
    return _registered.get(code) or folder_packs().get(code)


def reading_language(language: str | None) -> str:
    """The language an article is read as: its own, or ``DEFAULT_LANGUAGE`` when unknown."""
    return normalise_language(language) or DEFAULT_LANGUAGE


def pack_for(language: str | None) -> LanguagePack | None:
    """The pack that reads an article of ``language`` (``reading_language``); ``None`` when that
    language has no pack."""
    return pack_for_code(reading_language(language))


def no_rules_note(language: str | None) -> str | None:
    """The note a brief shows for a document in a language without a pack; ``None`` when a pack
    reads it (every article of unknown language is read by the default pack)."""
    if pack_for(language) is not None:
        return None
    return f"{reading_language(language)}: no rules for this language; figures, claims and quotes not read"


def languages() -> tuple[str, ...]:
    """Every language code some pack reads, sorted."""
    return tuple(sorted(set(folder_packs()) | set(_registered)))


@lru_cache(maxsize=None)
def load(target: str, attribute: str = "extract") -> Callable[..., Any]:
    """The callable a pack names: ``"module:function"``, or ``"module"`` for its ``attribute``."""
    module_name, _, name = target.partition(":")
    found = getattr(import_module(module_name), name or attribute, None)
    if not callable(found):
        raise PackError(f"E023 language pack target {target!r} names no function ({name or attribute!r} in {module_name})")
    return found


def extractors(pack: LanguagePack, names: Iterable[str] | None = None) -> list[tuple[str, Callable[..., Iterable[Any]]]]:
    """The pack's extractor functions by name, in order; only ``names`` when given."""
    wanted = None if names is None else set(names)
    return [(name, load(target)) for name, target in pack.extractors if wanted is None or name in wanted]
