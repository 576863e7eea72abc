"""The package as a user installs it: the core alone in a fresh venv; read-only, cold, with no cache."""

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import pokerlab
from pokerlab.equity.api import equity

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import numpy as np, pokerlab as pl
from pokerlab.cards.iterate import sample_hands
print(pl.evaluate("As Ks Qs Js Ts 2c 3d").describe())
print(int(pl.evaluate_many(sample_hands(1000, 7, 1)).min() > 0))
"""

OPTIONAL = ("fastapi", "uvicorn", "fastapi_offline", "dask", "distributed", "matplotlib", "eval7", "pokerfast")
"""Modules that only the extras install."""


def test_import_and_one_hand_do_not_load_numba():
    # a cold start pays for NumPy and the tables, not for Numba (a third of a second more)
    code = "import sys, pokerlab; pokerlab.evaluate('AsKsQsJsTs'); print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.skipif(shutil.which("unshare") is None or os.geteuid() != 0, reason="needs unshare as root")
def test_read_only_install_with_no_cache_works(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(Path(pokerlab.__file__).parent, site / "pokerlab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    home = tmp_path / "home"
    home.mkdir()
    # bind the copy and the home directory read-only in a private mount namespace
    mounts = " && ".join(f"mount --bind {p} {p} && mount -o remount,ro,bind {p}" for p in (site, home))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "XDG_"))}
    env.update(HOME=str(home), PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1")
    command = f"{mounts} && touch {site}/probe 2>/dev/null && echo writable; " \
              f"{sys.executable} -c '{SCRIPT}'"
    out = subprocess.run(["unshare", "--mount", "sh", "-c", command], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert "writable" not in out.stdout
    assert out.stdout.split() == ["Royal", "Flush", "1"]


@pytest.fixture(scope="module")
def core_venv(tmp_path_factory):
    """A fresh venv holding pokerlab without extras, installed from a copy of this checkout by
    pip as configured on this machine; yields its bin directory."""
    base = tmp_path_factory.mktemp("core")
    source = base / "source"  # a copy, so the build writes nothing into the checkout
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns(
        "__pycache__", "*.nbi", "*.nbc", "*.egg-info"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    venv.create(base / "venv", with_pip=True)
    bin_dir = base / "venv" / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    install = subprocess.run([bin_dir / "python", "-m", "pip", "install", "--quiet", "--no-input", str(source)],
                             capture_output=True, text=True, env=env)
    assert install.returncode == 0, install.stdout + install.stderr
    return bin_dir


def run_in(bin_dir, *args):
    """Run a program of the venv from an empty directory, so that nothing of the checkout is imported."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([bin_dir / args[0], *args[1:]], capture_output=True, text=True, env=env,
                          cwd=bin_dir.parent)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_core_install_evaluates_hands_from_the_command_line(core_venv):
    out = run_in(core_venv, "pokerlab", "eval", "As", "Ks", "Qs", "Js", "Ts")
    assert out.returncode == 0, out.stderr
    assert "Royal Flush" in out.stdout


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_core_install_computes_equity_from_python(core_venv):
    code = "import pokerlab as pl; print(pl.equity(['AsKs','QdQc']).players[0].equity)"
    out = run_in(core_venv, "python", "-c", code)
    assert out.returncode == 0, out.stderr
    assert float(out.stdout) == pytest.approx(equity(["AsKs", "QdQc"]).players[0].equity)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_core_install_holds_no_extra_and_ships_its_type_hints(core_venv):
    code = ("import importlib.util as u, pathlib, pokerlab; "
            f"print([m for m in {OPTIONAL!r} if u.find_spec(m)]); "
            "print((pathlib.Path(pokerlab.__file__).parent / 'py.typed').is_file())")
    out = run_in(core_venv, "python", "-c", code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["[]", "True"]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_core_install_names_the_extra_the_web_app_needs(core_venv):
    out = run_in(core_venv, "python", "-c", "import pokerlab.web")
    assert "MissingDependencyError" in out.stderr and "install pokerlab[web]" in out.stderr
    out = run_in(core_venv, "pokerlab", "serve", "--port", "0")
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [out.stderr.strip()] and "install pokerlab[web]" in out.stderr


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_core_install_names_the_extra_the_benchmarks_need(core_venv):
    out = run_in(core_venv, "pokerlab", "bench", "eval", "--quick")
    assert out.returncode == 2
    assert out.stderr.strip() == "error: bench eval needs eval7: install pokerlab[bench]"


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_core_install_compiles_once_then_says_nothing_of_it(core_venv):
    assert run_in(core_venv, "pokerlab", "--version").stdout.startswith("pokerlab ")
    compiled = run_in(core_venv, "pokerlab", "compile", "breakdown")
    assert compiled.returncode == 0 and compiled.stdout.startswith("breakdown: "), compiled.stderr
    first = run_in(core_venv, "pokerlab", "breakdown", "QQ+,AK", "--board", "Ah7d2c")
    assert first.returncode == 0 and first.stderr == "", first.stderr
