"""The import structure: dependencies point down, and only down.

The rules are those of docs/explanation/architecture.md ("Layers, and the one rule that
holds them"). The core (cards, decks, tricks, actions, rounds, views, the engine and its
private mechanics) never imports a game or a layer above it, so a new game touches no
core file; a game package imports the core and itself only, so no arrow runs from a game
up into the machinery that uses it; a layer above the games imports no private module of
another layer and never names a game; and no module of the package takes part in an
import cycle, TYPE_CHECKING imports included.
"""

from __future__ import annotations

import ast
import functools
import itertools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tricktaking"

CORE = {
    "tricktaking._dealt",
    "tricktaking._fast",
    "tricktaking._fields",
    "tricktaking._flat_round",
    "tricktaking._table",
    "tricktaking._table_words",
    "tricktaking._tactics",
    "tricktaking._world_layout",
    "tricktaking._validation",
    "tricktaking.actions",
    "tricktaking.arguments",
    "tricktaking.kernel_kit",
    "tricktaking.cards",
    "tricktaking.deck",
    "tricktaking.engine",
    "tricktaking.errors",
    "tricktaking.exact_bid_kernel",
    "tricktaking.exact_bids",
    "tricktaking.extras",
    "tricktaking.history",
    "tricktaking.kit",
    "tricktaking.plugins",
    "tricktaking.rounds",
    "tricktaking.seeding",
    "tricktaking.solver_kit",
    "tricktaking.tricks",
    "tricktaking.views",
}


def module_name(path: Path) -> str:
    parts = ("tricktaking", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts).removesuffix(".__init__")


@functools.cache
def parsed_modules() -> dict[str, tuple[ast.Module, tuple[ast.AST, ...]]]:
    """Every module of the package by name: its tree and all its nodes, parsed once.

    Each test reads the same source files; parsing and walking them once per session
    keeps these checks cheap. The trees are only read, never changed.
    """
    modules: dict[str, tuple[ast.Module, tuple[ast.AST, ...]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules[module_name(path)] = (tree, tuple(ast.walk(tree)))
    return modules


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the modules of the package it imports."""
    modules = parsed_modules()
    graph: dict[str, set[str]] = {}
    for name, (_, nodes) in modules.items():
        imported: set[str] = set()
        for node in nodes:
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


def layer_of(module: str) -> str:
    """The layer a module belongs to: a game, a package above the engine, or the core.

    The core is every top-level module (public or private); each game package and each
    subpackage above the engine (``bots``, ``worlds``, ``render``, ``rl``, ``web``, ...)
    is a layer of its own.
    """
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "games":
        return ".".join(parts[:3])
    if len(parts) >= 2 and (PACKAGE / parts[1]).is_dir():
        return ".".join(parts[:2])
    return "core"


def is_private(module: str) -> bool:
    return any(part.startswith("_") for part in module.split(".")[1:])


UPPER = {"bots", "worlds", "render", "rl", "web", "batch"}


def test_a_layer_above_imports_no_private_module_of_another_layer() -> None:
    graph = import_graph()
    wrong = []
    for module, imported in graph.items():
        if layer_of(module).split(".")[-1] not in UPPER and layer_of(module) != "core":
            continue  # the games' plug-ins may use the core's private mechanics
        for target in imported:
            if not is_private(target) or layer_of(target) == layer_of(module):
                continue
            if layer_of(target) == "core" and layer_of(module) == "core":
                continue
            wrong.append(f"{module} -> {target}")
    assert sorted(wrong) == []


def is_shared_mechanics(module: str) -> bool:
    """A module of ``games`` that is no game's: mechanics several games share (a family)."""
    parts = module.split(".")
    return len(parts) == 3 and parts[1] == "games" and parts[2].startswith("_")


def test_a_game_package_imports_the_core_its_family_and_itself_only() -> None:
    graph = import_graph()
    games = {layer_of(name) for name in graph if name.startswith("tricktaking.games.")}
    assert len(games) >= 3
    for module, imported in graph.items():
        if is_shared_mechanics(module):  # below every game: the core only
            assert {layer_of(t) for t in imported} <= {"core"}, f"{module} imports {imported}"
        elif module.startswith("tricktaking.games."):
            foreign = {
                t
                for t in imported
                if layer_of(t) not in ("core", layer_of(module)) and not is_shared_mechanics(t)
            }
            assert foreign == set(), f"{module} imports {sorted(foreign)}"


def game_names() -> set[str]:
    import tricktaking as tt

    names = set(tt.available_games())
    return names | {name.replace("-", "_") for name in names}


def docstring_nodes(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (of modules, classes, functions)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.add(id(value))
        # an attribute's docstring is the string statement right after it
        if isinstance(body, list):
            for first, second in itertools.pairwise(body):
                if (
                    isinstance(first, ast.Assign | ast.AnnAssign)
                    and isinstance(second, ast.Expr)
                    and isinstance(second.value, ast.Constant)
                ):
                    found.add(id(second.value))
    return found


# The package's facade re-exports the built-in games and their bots by name, as documented
# public names; it keys nothing by them and branches on none.
FACADES = {"tricktaking", "tricktaking.bots.heuristic"}


def test_no_layer_above_the_games_names_a_game() -> None:
    names = game_names()
    wrong = []
    for module, (tree, nodes) in parsed_modules().items():
        if module.startswith("tricktaking.games") or module in FACADES:
            continue
        docstrings = docstring_nodes(tree)
        for node in nodes:
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and node.value in names
            ):
                wrong.append(f"{module}:{node.lineno} the string {node.value!r}")
            if isinstance(node, ast.ImportFrom) and node.module:
                imported = [f"{node.module}.{alias.name}" for alias in node.names]
                if any(name.startswith("tricktaking.games.") for name in [node.module, *imported]):
                    wrong.append(f"{module}:{node.lineno} imports a game ({node.module})")
                elif node.module == "tricktaking.games":
                    wrong.append(f"{module}:{node.lineno} imports a game module")
    assert wrong == [], "\n".join(wrong)


EXAMPLES = PACKAGE.parents[1] / "examples"


def private_imports(tree: ast.AST, own: str) -> list[str]:
    """The imports in ``tree`` of a private module or a private name of the library,
    outside the package ``own`` (a game's own private modules are its own)."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if not name.startswith("tricktaking.") or (own and name.startswith(own + ".")):
                continue
            if is_private(name):
                found.append(f"{node.lineno}: {name}")
    return found


def test_no_game_imports_a_private_module_of_the_library() -> None:
    wrong = []
    for module, (tree, _) in parsed_modules().items():
        if module.startswith("tricktaking.games."):
            own = layer_of(module)
            wrong += [f"{module}:{line}" for line in private_imports(tree, own)]
    assert wrong == []


def test_no_example_imports_a_private_module_of_the_library() -> None:
    examples = sorted(EXAMPLES.glob("*.py"))
    assert examples
    wrong = []
    for path in examples:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        wrong += [f"{path.name}:{line}" for line in private_imports(tree, "")]
    assert wrong == []


def test_the_private_import_check_finds_one() -> None:
    tree = ast.parse("from tricktaking._fast import replacer\nfrom tricktaking.kit import _copy")
    assert private_imports(tree, "") == [
        "1: tricktaking._fast.replacer",
        "2: tricktaking.kit._copy",
    ]
