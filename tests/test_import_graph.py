"""The package's layers point one way: no import cycles, and no import against the flow.

The graph is read from the source with ``ast`` (nothing is imported): every ``import`` and
``from ... import`` in a module counts, at module level or inside a function, since a lazy import
is still a dependency and a lazy cycle still ties two modules together.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "crosscheck"

FORBIDDEN = [
    ("store", ("extract", "events", "reconcile", "pipeline", "report")),
    ("events", ("reconcile",)),
    ("report", ("web",)),
]
"""(layer, layers it must not import): storage knows nothing about NLP or briefs; grouping needs
no reconciled figures; the offline report does not depend on the web app."""


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules(root: Path) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def imported(name: str, path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``name`` imports: ``from a import b`` counts ``a.b`` when it is a
    module, and ``a`` when it defines ``b``."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            submodules = {f"{base}.{alias.name}" for alias in node.names} & modules
            found.update(submodules)
            if len(submodules) < len(node.names):  # names defined in ``base`` itself
                found.add(base)
    return {target for target in found if target in modules and target != name}


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of the package under ``root`` with the package's modules it imports."""
    modules = all_modules(root)
    return {name: imported(name, path, set(modules)) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def crossings(graph: dict[str, set[str]], source: str, targets: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{module} -> {target}"
        for module, imports in graph.items() if layer(module) == source
        for target in imports if layer(target) in targets
    )


def test_the_graph_reader_sees_relative_and_lazy_imports(tmp_path: Path) -> None:
    root = tmp_path / "crosscheck"
    (root / "a").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "a" / "__init__.py").write_text("from .b import thing\n")
    (root / "a" / "b.py").write_text("def f():\n    from crosscheck.c import g\n")
    (root / "c.py").write_text("from crosscheck import a\n")
    graph = import_graph(root)
    assert graph["crosscheck.a"] == {"crosscheck.a.b"}
    assert graph["crosscheck.a.b"] == {"crosscheck.c"}
    assert graph["crosscheck.c"] == {"crosscheck.a"}
    assert cycles(graph) == [["crosscheck.a", "crosscheck.a.b", "crosscheck.c"]]


def test_no_import_cycles_in_the_package() -> None:
    assert cycles(import_graph()) == []


@pytest.mark.parametrize(
    ("source", "targets"),
    [
        pytest.param(*FORBIDDEN[0], id="store-knows-no-nlp"),
        pytest.param(*FORBIDDEN[1], id="events-need-no-reconcile"),
        pytest.param(*FORBIDDEN[2], id="report-needs-no-web"),
    ],
)
def test_layers_import_only_down_the_flow(source: str, targets: tuple[str, ...]) -> None:
    assert crossings(import_graph(), source, targets) == []
