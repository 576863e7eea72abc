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
