"""The import graph of ``companion`` has no cycle: every layer imports only the layers below it.

Computed with ``ast`` from the source, function-level imports included (they
run too); imports under ``if TYPE_CHECKING:`` are left out, since they are
annotations, not an arrow at run time. A broken twin proves the check fails.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _type_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(tree: ast.AST, package: str) -> list[str]:
    """Every module name imported in ``tree`` outside ``if TYPE_CHECKING:`` blocks."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if _type_only(node):
            return
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.append(base)
            found.extend(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(root: Path, top: str) -> dict[str, set[str]]:
    """Module → the modules of ``top`` it imports (``root`` holds the folder ``top``; links are followed)."""
    modules: dict[str, Path] = {}
    for folder, _, files in os.walk(root / top, followlinks=True):
        for path in (Path(folder) / f for f in files if f.endswith(".py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for imported in _imports(ast.parse(path.read_text(encoding="utf-8")), package):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name and not name.startswith(imported + "."):
                graph[name].add(imported)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_companion_has_no_import_cycle() -> None:
    graph = import_graph(ROOT, "companion")
    assert "companion.speech.base" in graph and "companion.braille.translate" in graph  # the linked folders are read
    assert cycles(graph) == []


def test_the_rules_cores_import_no_layer_above_them() -> None:
    graph = import_graph(ROOT, "companion")
    above = ("companion.session", "companion.registry", "companion.render", "companion.commands", "companion.web",
             "companion.ui", "companion.private")
    for name, imported in graph.items():
        if name.startswith("companion.games"):
            assert not [m for m in imported if m.startswith(above)], name


def test_a_cycle_is_found_and_a_type_only_import_is_not_one(tmp_path: Path) -> None:
    package = tmp_path / "twin"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from twin import b\n")
    (package / "b.py").write_text("from twin.c import x\n")
    (package / "c.py").write_text("from twin import a\nx = 1\n")
    (package / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from twin import e\n")
    (package / "e.py").write_text("from twin import d\n")
    assert cycles(import_graph(tmp_path, "twin")) == [["twin.a", "twin.b", "twin.c"]]
