"""The one place that holds numba settings for the solver kernels.

``cache=True`` keeps compiled kernels on disk, so only the first run compiles;
no explicit signatures, so nothing compiles at import time.  Kernels must not
recurse: a recursive cached kernel segfaults when loaded back from the cache
in numba 0.68 (../shared/PERF-NOTES.md), so searches use explicit stacks.
"""
from __future__ import annotations

import numba


def kernel(fn):
    """Compile ``fn`` lazily as a cached, GIL-free numba kernel.

    ``error_model="numpy"``: integer division by zero does not raise (the
    kernels never divide by zero).  Without exception paths numba can drop
    the reference counting of array arguments, which otherwise costs more
    than a small kernel's work.
    """
    return numba.njit(cache=True, nogil=True, error_model="numpy")(fn)
