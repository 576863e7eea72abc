"""What the package declares against what its code imports: the core (everything but the web
app and the benchmarks) imports, at module level, only what the core install brings; every
import anywhere comes from a declared dependency."""

import ast
import re
import sys
import tomllib
from functools import cache
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pokerlab"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
OPTIONAL_PARTS = ("web", "bench")
"""Subpackages that need an extra: nothing outside them may import them or their extras at load time."""


def name_of(requirement):
    """The normalized distribution name of a requirement line: ``"dask[distributed]>=2024"`` -> ``"dask"``."""
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


@cache
def closure(distribution):
    """A distribution and everything it requires (extras it names included), by normalized name."""
    found = {distribution}
    try:
        lines = requires(distribution) or []
    except PackageNotFoundError:
        return frozenset(found)
    for line in lines:
        if "extra ==" not in line:
            found |= closure(name_of(line))
    return frozenset(found)


def declared(requirements):
    """Every distribution that installing these requirement lines brings."""
    out = set()
    for line in requirements:
        out |= closure(name_of(line))
        for extra in re.findall(r"\[([^\]]+)\]", line.split(";")[0]):
            out |= {name_of(r) for r in requires(name_of(line)) or []
                    if any(f'extra == "{e.strip()}"' in r for e in extra.split(","))}
    return {d for d in out if d != "pokerlab"}


def imports(path, module_level_only):
    """Top-level names of the third-party modules a source file imports."""
    tree = ast.parse(path.read_text())
    nodes = tree.body if module_level_only else list(ast.walk(tree))
    names = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return {n for n in names if n not in sys.stdlib_module_names and n not in ("pokerlab", "__future__")}


@cache
def installed_distributions_by_module():
    return packages_distributions()


def distributions_of(modules):
    by_module = installed_distributions_by_module()
    return {m: {d.lower().replace("_", "-") for d in by_module.get(m, [m])} for m in modules}


def core_sources():
    return [p for p in PACKAGE.rglob("*.py")
            if p.relative_to(PACKAGE).parts[0] not in OPTIONAL_PARTS]


def test_the_core_dependencies_are_numpy_numba_typer_and_rich():
    assert sorted(name_of(r) for r in PYPROJECT["project"]["dependencies"]) == ["numba", "numpy", "rich", "typer"]


def test_dev_installs_every_other_extra():
    extras = PYPROJECT["project"]["optional-dependencies"]
    own = [r for r in extras["dev"] if name_of(r) == "pokerlab"]
    assert own and set(re.findall(r"\[([^\]]+)\]", own[0])[0].split(",")) == set(extras) - {"dev"}


@pytest.mark.parametrize("path", core_sources(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_the_core_loads_with_the_core_install_alone(path):
    core = declared(PYPROJECT["project"]["dependencies"])
    for module, distributions in distributions_of(imports(path, module_level_only=True)).items():
        assert distributions & core, f"{module} is imported at load time but only an extra installs it"
    text = path.read_text()
    assert not re.search(r"^(from|import) pokerlab\.(web|bench)\b", text, re.M), "a core module loads an optional part"


def test_every_import_comes_from_a_declared_dependency():
    everything = declared(PYPROJECT["project"]["dependencies"])
    for requirements in PYPROJECT["project"]["optional-dependencies"].values():
        everything |= declared(r for r in requirements if name_of(r) != "pokerlab")
    for path in PACKAGE.rglob("*.py"):
        for module, distributions in distributions_of(imports(path, module_level_only=False)).items():
            assert distributions & everything, f"{path.relative_to(PACKAGE)} imports {module}, which nothing declares"


def test_each_optional_module_is_installed_by_the_extra_that_errors_name():
    from pokerlab.extras import EXTRA_OF_MODULE

    extras = PYPROJECT["project"]["optional-dependencies"]
    for module, extra in EXTRA_OF_MODULE.items():
        brought = declared(r for r in extras[extra] if name_of(r) != "pokerlab")
        assert distributions_of([module])[module] & brought, f"pokerlab[{extra}] does not install {module}"
