"""The Numba kernels: the only compiled code in pokerlab, one module per analysis.

Every kernel is a pure function of NumPy arrays and ints, compiled with
``@njit(cache=True, nogil=True)``. Tables come in as arguments (a kernel that closes over a
global array is not cached between processes), indices are unsigned, and inner loops call
no helper that takes arrays.
"""

from pokerlab.kernels.evaluation import (
    all_hands,
    balanced_prefix_bins,
    count_strengths_7,
    evaluate_rows,
    sample_hands,
    strength_of_key,
)

__all__ = [
    "all_hands",
    "balanced_prefix_bins",
    "count_strengths_7",
    "evaluate_rows",
    "sample_hands",
    "strength_of_key",
]
