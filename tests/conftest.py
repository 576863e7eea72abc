import functools
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from pokerlab import kernels  # noqa: E402


@functools.cache
def _all_hands(n: int) -> np.ndarray:
    return kernels.all_hands(n)


@pytest.fixture(scope="session")
def all_five() -> np.ndarray:
    """Every five-card hand, lexicographic, (2598960, 5) uint8."""
    return _all_hands(5)


# The browser tests' fixtures: one server and one browser per module (see browser.py).

@pytest.fixture(scope="module")
def url():
    """The address of a server for one module's browser tests."""
    from browser import serving

    with serving() as address:
        yield address


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium for one module's browser tests."""
    from browser import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser, url):
    """A fresh page at desktop size on the module's server."""
    from browser import new_page

    with new_page(browser, url) as opened:
        yield opened
