"""crosscheck.nlp.regex: the first-character gate reads the characters a match can start with,
refuses what it cannot tell, and never changes what a pattern matches."""

from __future__ import annotations

import re

import pytest

from crosscheck.nlp.regex import first_class, gate_patterns, gated


def test_first_class_of_a_word_list() -> None:
    assert first_class(r"\b(?:killed|dead|wounded)\b", re.IGNORECASE) == "dkw"


def test_first_class_reads_through_optional_parts_and_classes() -> None:
    assert first_class(r"(?:the\s+)?\d+\s+victims", re.IGNORECASE) == r"\dt"
    assert first_class(r"\b(?:[A-C]x|y)") == "A-Cy"


@pytest.mark.parametrize(
    "pattern, flags",
    [
        (r"(?:killed)?", re.IGNORECASE),  # may match the empty string
        (r"\b[^a]bc", 0),  # a negated class
        (r"\b.x", 0),  # any character
        (r"\b(?i:dead)", 0),  # case-insensitive inside a case-sensitive pattern
        (r"said|told", 0),  # the engine already skips ahead to its first characters
        (r",\s*saying", 0),
    ],
)
def test_first_class_refuses_what_it_cannot_tell(pattern: str, flags: int) -> None:
    assert first_class(pattern, flags) is None
    assert gated(pattern, flags).pattern == pattern


_TEXT = (
    "Two men were KILLED and a woman was Wounded; the dead man, 34, was shot twice. Officers said "
    "ſeven people (a misspelt seven) and one Kelvin-sign \u212aid were hurt, and 4 others died."
)


@pytest.mark.parametrize(
    "pattern, flags",
    [
        (r"\b(?:killed|dead|wounded|hurt|died|shot)\b", re.IGNORECASE),
        (r"\b(?:seven|kid|one)\b", re.IGNORECASE),  # "ſ" and the Kelvin sign match "s" and "k" under IGNORECASE
        (r"(?:\b(?:a|the)\s+)?(?:man|woman|people)\b", re.IGNORECASE),
        (r"\b(?:\d+|two)\s+(?:men|others)", re.IGNORECASE),
        (r"\b(?:Officers|said)\b", 0),
    ],
)
def test_gate_keeps_every_match(pattern: str, flags: int) -> None:
    plain, gate = re.compile(pattern, flags), gated(pattern, flags)
    assert gate.pattern != pattern  # a gate was put in front
    found = [(m.span(), m.groups()) for m in plain.finditer(_TEXT)]
    assert found  # the pattern matches the text
    assert [(m.span(), m.groups()) for m in gate.finditer(_TEXT)] == found


def test_gate_patterns_gates_a_module_namespace() -> None:
    namespace: dict[str, object] = {"_WORD": re.compile(r"\b(?:dead|shot)\b", re.IGNORECASE), "_PLAIN": re.compile("said"), "n": 3}
    gate_patterns(namespace)
    assert namespace["_WORD"].pattern.startswith("(?=[ds])")  # type: ignore[union-attr]
    assert namespace["_PLAIN"].pattern == "said" and namespace["n"] == 3  # type: ignore[union-attr]


def test_a_change_in_re_internals_leaves_patterns_ungated(monkeypatch: pytest.MonkeyPatch) -> None:
    import crosscheck.nlp.regex as gate

    def changed(*args: object) -> object:
        raise TypeError("_code() takes 3 positional arguments")  # what a changed private signature raises

    from types import SimpleNamespace

    monkeypatch.setattr(gate, "_compiler", SimpleNamespace(_code=changed))  # this module's view only
    assert first_class(r"\b(?:killed|dead)\b", re.IGNORECASE) is None
    assert gated(r"\b(?:killed|dead)\b", re.IGNORECASE).pattern == r"\b(?:killed|dead)\b"


def test_info_block_alone_is_the_compiled_code_s_opening() -> None:
    """``first_class`` reads only the INFO block (``_compile_info``), not the whole compiled code (half
    a module's import time went into compiling patterns twice): the block is the code's opening."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    import crosscheck.extract.attribution as attribution
    import crosscheck.extract.figures.vocabulary as vocabulary

    patterns = [v for module in (attribution, vocabulary) for v in vars(module).values() if isinstance(v, re.Pattern)]
    patterns += [re.compile(r"said|told"), re.compile(r"\b(?:killed|dead)\b", re.IGNORECASE), re.compile(r"[A-Z]\w+")]
    assert len(patterns) > 50
    for pattern in patterns:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
        info: list[int] = []
        _compiler._compile_info(info, parsed, parsed.state.flags | pattern.flags)
        assert _compiler._code(_parser.parse(pattern.pattern, pattern.flags), pattern.flags)[: len(info)] == info
