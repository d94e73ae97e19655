"""A first-character gate for word-list patterns, so the regex engine can turn a position away at once.

A pattern such as ``\\b(?:killed|dead|wounded|...)`` under ``re.IGNORECASE`` gets no help from the
engine's own prefix scan (it only skips ahead to a literal or a case-sensitive class), so at every
position it enters each alternative in turn. :func:`gated` reads which characters a match can start
with and puts a one-character lookahead of exactly those in front: positions whose character cannot
start a match fail on one class test. The gate accepts every character some alternative can start
with, compared with the same flags, so the matches are those of the pattern itself; when the first
character cannot be told (a pattern that may match the empty string, a negated class, ``.``, a
case-insensitive part inside a case-sensitive pattern) the pattern is compiled as it is.

It also lists every string a finite pattern can match (``literal_strings``), which the
generic figure rule reads its gate words from.

This is the one module that reads ``re``'s private parser and compiler (``tests/test_private_internals.py``
keeps it so). If a later Python changes them, every pattern is compiled as written (the same
matches, slower) and ``tests/test_regex_gate.py`` fails, so the change is seen before it ships.
"""

from __future__ import annotations

import re
from re import _constants as sre  # type: ignore[attr-defined]
from re import _compiler, _parser  # type: ignore[attr-defined]

_ZERO_WIDTH = {sre.AT, sre.ASSERT, sre.ASSERT_NOT}
_CATEGORY_CLASS = {
    sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_NOT_DIGIT: r"\D", sre.CATEGORY_SPACE: r"\s",
    sre.CATEGORY_NOT_SPACE: r"\S", sre.CATEGORY_WORD: r"\w", sre.CATEGORY_NOT_WORD: r"\W",
}


def literal_strings(pattern: str, flags: int = 0, limit: int = 5000) -> set[str] | None:
    """Every string a pattern of literals, groups, alternations, optional parts and white space
    matches (white space written as one space), or ``None`` when not finite or more than ``limit``."""
    return _strings(_parser.parse(pattern, flags), limit)


def _strings(items, limit: int) -> set[str] | None:  # type: ignore[no-untyped-def]
    out = {""}
    for op, arg in items:
        if op in _ZERO_WIDTH:
            continue
        if op is sre.LITERAL:
            options: set[str] | None = {chr(arg)}
        elif op is sre.MAX_REPEAT and list(arg[2]) == [(sre.IN, [(sre.CATEGORY, sre.CATEGORY_SPACE)])]:
            options = {" "}
        elif op is sre.SUBPATTERN:
            options = _strings(arg[3], limit)
        elif op is sre.BRANCH:
            branches = [_strings(branch, limit) for branch in arg[1]]
            options = None if any(b is None for b in branches) else set().union(*branches)  # type: ignore[arg-type]
        elif op is sre.MAX_REPEAT and (arg[0], arg[1]) == (0, 1):
            inner = _strings(arg[2], limit)
            options = None if inner is None else {""} | inner
        else:
            return None
        if options is None or len(out) * len(options) > limit:
            return None
        out = {head + tail for head in out for tail in options}
    return out


def first_class(pattern: str, flags: int = 0) -> str | None:
    """The characters a match of ``pattern`` can start with, as the body of a character class, or
    ``None`` when they cannot be told or the engine already skips ahead to them (a pattern that
    opens with a literal or a case-sensitive class: a lookahead in front would only hide it)."""
    try:  # re's parser and compiler are private: if a later Python changes them, compile plainly
        parsed = _parser.parse(pattern, flags)
        info: list[int] = []  # the INFO block that opens the compiled code (what ``_code`` writes first)
        _compiler._compile_info(info, parsed, parsed.state.flags | flags)
        if info[0] == sre.INFO and info[2] & (sre.SRE_INFO_PREFIX | sre.SRE_INFO_CHARSET):
            return None
        found = _first(list(parsed), bool(flags & re.IGNORECASE))
    except Exception:
        return None
    if found is None or found[1]:
        return None  # unknown, or the pattern can match the empty string
    return "".join(sorted(found[0]))


def _first(items: list, ignorecase: bool) -> tuple[set[str], bool] | None:
    """(class pieces a match of the sequence ``items`` can start with, whether it can be empty)."""
    pieces: set[str] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        found = _first_of(op, av, ignorecase)
        if found is None:
            return None
        pieces |= found[0]
        if not found[1]:
            return pieces, False
    return pieces, True


def _first_of(op, av, ignorecase: bool) -> tuple[set[str], bool] | None:
    if op is sre.LITERAL:
        return {re.escape(chr(av))}, False
    if op is sre.IN:
        pieces: set[str] = set()
        for item_op, item_av in av:
            if item_op is sre.LITERAL:
                pieces.add(re.escape(chr(item_av)))
            elif item_op is sre.RANGE:
                pieces.add(f"{re.escape(chr(item_av[0]))}-{re.escape(chr(item_av[1]))}")
            elif item_op is sre.CATEGORY and item_av in _CATEGORY_CLASS:
                pieces.add(_CATEGORY_CLASS[item_av])
            else:
                return None  # a negated class, or a category without a class escape
        return pieces, False
    if op is sre.BRANCH:
        pieces, empty = set(), False
        for alternative in av[1]:
            found = _first(list(alternative), ignorecase)
            if found is None:
                return None
            pieces |= found[0]
            empty = empty or found[1]
        return pieces, empty
    if op is sre.SUBPATTERN:
        _, add_flags, del_flags, sub = av
        if add_flags & re.IGNORECASE and not ignorecase:
            return None  # the gate, compiled case-sensitively, would be too narrow
        return _first(list(sub), ignorecase and not del_flags & re.IGNORECASE)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _, sub = av
        found = _first(list(sub), ignorecase)
        if found is None:
            return None
        return found[0], found[1] or low == 0
    if op is sre.ATOMIC_GROUP:
        return _first(list(av), ignorecase)
    return None


def gated(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)`` behind a lookahead of the characters a match can start with."""
    found = first_class(pattern, flags)
    return re.compile(pattern if found is None or pattern.startswith("(?=[") else f"(?=[{found}])(?:{pattern})", flags)


def gate_patterns(namespace: dict[str, object]) -> None:
    """Replace every compiled pattern among a module's globals by its :func:`gated` form.

    Called at the end of an extractor module, so the module's patterns (and any other module
    importing them) are gated without rewriting each ``re.compile``; patterns derived from another's
    ``.pattern`` earlier in the module are built from the plain source and gated in turn.
    """
    for name, value in list(namespace.items()):
        if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
            namespace[name] = gated(value.pattern, value.flags)
