"""The import structure: dependencies point down, and only down (CONTRIBUTING.md, "Layout").

The core (cards, decks, tricks, actions, rounds, views, the engine and its private
mechanics) never names a game, so a new game touches no core file; a game module imports
the core only, so no arrow runs from a game up into the machinery that uses it; and no
module of the package takes part in an import cycle, TYPE_CHECKING imports included.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tricktaking"

CORE = {
    "tricktaking._dealt",
    "tricktaking._fast",
    "tricktaking._fields",
    "tricktaking._flat_round",
    "tricktaking._skeleton",
    "tricktaking._table",
    "tricktaking._validation",
    "tricktaking.actions",
    "tricktaking.cards",
    "tricktaking.deck",
    "tricktaking.engine",
    "tricktaking.errors",
    "tricktaking.history",
    "tricktaking.rounds",
    "tricktaking.seeding",
    "tricktaking.tricks",
    "tricktaking.views",
}


def module_name(path: Path) -> str:
    parts = ("tricktaking", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts).removesuffix(".__init__")


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the modules of the package it imports."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # "from package import submodule" depends on the submodule; importing any
                # other name depends on the module that defines it
                for alias in node.names:
                    submodule = f"{node.module}.{alias.name}"
                    imported.add(submodule if submodule in modules else node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
        graph[name] = {target for target in imported if target in modules and target != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph`` (one path per strongly connected component)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the stack, 2 done

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target, [*path, target])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_the_package_has_no_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


def test_the_core_never_imports_a_game_or_a_layer_above_it() -> None:
    graph = import_graph()
    for module in CORE:
        assert graph[module] <= CORE, f"{module} imports {sorted(graph[module] - CORE)}"


def test_a_game_module_imports_the_core_only() -> None:
    graph = import_graph()
    games = [name for name in graph if name.startswith("tricktaking.games.")]
    assert len(games) >= 3
    for game in games:
        assert graph[game] <= CORE, f"{game} imports {sorted(graph[game] - CORE)}"
