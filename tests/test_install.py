"""The package as a user installs it: read-only, cold, with no cache."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pokerlab

SCRIPT = """
import numpy as np, pokerlab as pl
from pokerlab import kernels
print(pl.evaluate("As Ks Qs Js Ts 2c 3d").describe())
print(int(pl.evaluate_many(kernels.sample_hands(1000, 7, 1)).min() > 0))
"""


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
