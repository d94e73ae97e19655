"""Private interpreter internals are read in one module each, and the tests there fail when they change.

``crosscheck/nlp/regex.py`` reads ``re``'s parser and compiler to gate patterns by their first
characters (``tests/test_regex_gate.py`` fails when they change; extraction then compiles every
pattern as written, slower but the same matches); ``crosscheck/engines/workers.py`` stops the
fork server through ``multiprocessing.forkserver``'s private instance (``tests/test_store.py``
checks the server is gone after the workers end). No other module may reach into either.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "crosscheck"
ALLOWED = {"nlp/regex.py", "engines/workers.py"}


def private_uses(source: str) -> list[str]:
    """The private names (one leading underscore) a module takes from the standard library: by
    ``from re import _parser``, ``re._parser``, or ``getattr(forkserver, "_forkserver")``."""
    tree = ast.parse(source)
    stdlib: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            stdlib.update((a.asname or a.name).split(".")[0] for a in node.names if a.name.split(".")[0] in sys.stdlib_module_names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in sys.stdlib_module_names:
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.module}.{alias.name}")
                else:
                    stdlib.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in stdlib and _private(node.attr):
            found.append(f"{node.value.id}.{node.attr}")
        elif _is_getattr(node) and _rooted_in(node.args[0], stdlib) and _private(node.args[1].value):
            found.append(f"getattr(..., {node.args[1].value!r})")
    return found


def _is_getattr(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
    )


def _rooted_in(node: ast.AST, modules: set[str]) -> bool:
    """Whether ``node`` is a standard-library module, or an attribute reached from one."""
    while True:
        if isinstance(node, ast.Name):
            return node.id in modules
        if isinstance(node, ast.Attribute):
            node = node.value
        elif _is_getattr(node):
            node = node.args[0]  # type: ignore[attr-defined]
        else:
            return False


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_the_reader_finds_private_names_however_they_are_reached() -> None:
    source = (
        "import re\nfrom re import _parser\nfrom multiprocessing import forkserver\nre._compiler\n"
        "getattr(getattr(forkserver, '_forkserver', None), '_stop', None)\nre.compile\ngetattr(doc, '_cache', None)\n"
    )
    assert sorted(private_uses(source)) == ["getattr(..., '_forkserver')", "getattr(..., '_stop')", "re._compiler", "re._parser"]


def test_private_internals_are_read_in_their_one_module_each() -> None:
    readers = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if private_uses(path.read_text(encoding="utf-8"))
    }
    assert readers == ALLOWED
