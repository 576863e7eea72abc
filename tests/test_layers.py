"""The package's shape: no import cycles, no module importing one of a layer above it, and no
module importing another's private names. Every import counts, those inside functions too;
only imports for type checkers (under ``if TYPE_CHECKING:``) are left out, since they never
run. A new module must be given its layer here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).parents[1] / "src"

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("cards and tables", ("errors", "checks", "extras", "numba_runtime", "cards", "rankings.tables",
                          "rankings.lookup", "rankings.category", "rankings.hand_rank")),
    ("rankings and hand rules", ("rankings", "hand_rules")),
    ("games", ("games",)),
    ("ranges", ("ranges",)),
    ("equity", ("equity",)),
    ("analyses", ("analyses", "algorithms", "videopoker", "preflop", "tournament", "solver")),
    ("faces", ("", "__main__", "cli", "web", "bench")),
]
"""The layers, bottom up, each with the modules and packages in it (names after ``pokerlab.``;
a package stands for every module in it that is not named apart)."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in (SOURCE / "pokerlab").rglob("*.py"):
        parts = list(path.relative_to(SOURCE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.stmt) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" or \
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _imports(tree: ast.AST) -> list[tuple[str, str]]:
    """Every (module, name) a tree imports from pokerlab, the name empty for ``import x``."""
    found: list[tuple[str, str]] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                found += _imports(child)
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "pokerlab":
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names if alias.name.split(".")[0] == "pokerlab"]
        found += _imports(node)
    return found


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        targets = set()
        for target, name in _imports(ast.parse(path.read_text())):
            joined = f"{target}.{name}"
            targets.add(joined if joined in MODULES else target)
        graph[module] = {t for t in targets if t in MODULES and t != module}
    return graph


def layer_of(module: str) -> int:
    """The index of a module's layer: the longest name in :data:`LAYERS` that holds it."""
    name = module.removeprefix("pokerlab").removeprefix(".")
    best, depth = -1, -1
    for index, (_, members) in enumerate(LAYERS):
        for member in members:
            if (name == member or name.startswith(member + ".") or member == "" and name == "") \
                    and len(member) > depth:
                best, depth = index, len(member)
    return best


def test_every_module_has_a_layer() -> None:
    assert [m for m in MODULES if layer_of(m) < 0] == []


def test_no_module_imports_one_of_a_layer_above() -> None:
    upward = [f"{m} ({LAYERS[layer_of(m)][0]}) imports {t} ({LAYERS[layer_of(t)][0]})"
              for m, targets in _graph().items() for t in sorted(targets) if layer_of(t) > layer_of(m)]
    assert upward == []


def test_no_import_cycles() -> None:
    graph = _graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert cycles == []


def test_no_module_imports_private_names_of_another() -> None:
    private = [f"{m} imports {target}.{name}" for m, path in MODULES.items()
               for target, name in _imports(ast.parse(path.read_text()))
               if name.startswith("_") and not name.startswith("__") and target != m]
    assert private == []


@pytest.mark.parametrize(("module", "layer"), [
    ("pokerlab.games.game", "games"), ("pokerlab.web.app", "faces"), ("pokerlab", "faces"),
    ("pokerlab.hand_rules.omaha_kernels", "rankings and hand rules"),
    ("pokerlab.rankings.ranking", "rankings and hand rules"),
    ("pokerlab.rankings.lookup", "cards and tables"), ("pokerlab.equity.engines.omaha_kernels", "equity"),
    ("pokerlab.cli.warmup", "faces")])
def test_the_layers_read_as_written(module: str, layer: str) -> None:
    assert LAYERS[layer_of(module)][0] == layer


def test_no_module_shares_a_name_with_a_function_of_the_package() -> None:
    """Importing ``pokerlab.x`` binds the module over ``pl.x``: a module named like one of the
    package's functions would hide the function whenever it is first imported late."""
    import pokerlab

    functions = {name for name in pokerlab.__all__ if callable(getattr(pokerlab, name))}
    shared = {"equity"}  # the package keeps the function (see pokerlab._Package)
    clashes = [m for m in MODULES if m.count(".") == 1 and m.split(".")[1] in functions - shared]
    assert clashes == []
