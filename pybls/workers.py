"""Threads for the batch functions: what their ``workers=`` argument means.

Every call into the C core releases the GIL, so several Python threads
verify signatures, sum keys or run multi-scalar multiplications on several
cores at once. The batch functions (:meth:`pybls.sig.Scheme.batch_verify`,
:meth:`~pybls.sig.Scheme.find_invalid`,
:meth:`~pybls.sig.PoPScheme.fast_aggregate_verify`, :meth:`pybls.G1.msm`
and :meth:`pybls.G2.msm`, :func:`pybls.threshold.batch_verify_partials`,
:func:`pybls.kzg.verify_blob_kzg_proof_batch` and
:func:`pybls.kzg.verify_cell_kzg_proof_batch`) take ``workers=``:

- ``1`` (:data:`DEFAULT`) computes in the calling thread. It is the
  default because a server that already runs one verification per thread
  gains nothing from more threads per call;
- ``n > 1`` splits the input into ``n`` parts computed by ``n`` threads;
- ``None`` means one thread per CPU this process may run on
  (:func:`cpu_count`: its CPU affinity, as a container's cpuset or
  ``taskset`` sets it, not all the machine's; a CPU quota such as
  ``docker --cpus`` is not seen).

The answer never depends on the number of workers. Where threads cannot be
started (Pyodide in the browser), every value means 1.

>>> from pybls import workers
>>> workers.resolve(1), workers.resolve(None) >= 1
(1, True)
>>> workers.split(list(range(7)), 3)
[[0, 1, 2], [3, 4], [5, 6]]
>>> workers.resolve(0)
Traceback (most recent call last):
  ...
pybls.errors.ArgumentError: workers must be None or a positive int, got 0
"""

from __future__ import annotations

import os
import sys
from typing import Callable, List, Optional, Sequence, TypeVar

from .errors import ArgumentError

__all__ = ["DEFAULT", "THREADS_AVAILABLE", "cpu_count", "resolve", "split", "map_parts"]

#: The default of every ``workers=`` argument: the calling thread only.
DEFAULT = 1

#: Whether this Python can start threads (not under Pyodide, whose
#: WebAssembly build has none).
THREADS_AVAILABLE = sys.platform != "emscripten"

_T = TypeVar("_T")
_R = TypeVar("_R")


def cpu_count() -> int:
    """The CPUs this process may run on: its affinity mask where the system
    has one (Linux: a container's cpuset, ``taskset``), else all of the
    machine's, and at least 1.

    >>> cpu_count() >= 1
    True
    """
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counter is not None:
        return int(counter() or 1)
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:
            pass
    return os.cpu_count() or 1


def resolve(workers: Optional[int]) -> int:
    """The number of threads a ``workers=`` argument asks for, here.

    Raises :class:`~pybls.errors.ArgumentError` for a count below 1 and
    :class:`TypeError` for anything but an int or None.

    >>> resolve(4) == (4 if THREADS_AVAILABLE else 1)
    True
    """
    if workers is None:
        n = cpu_count()
    elif isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"workers must be None or an int, not {type(workers).__name__}")
    elif workers < 1:
        raise ArgumentError(f"workers must be None or a positive int, got {workers}")
    else:
        n = workers
    return n if THREADS_AVAILABLE else 1


def split(items: Sequence[_T], parts: int) -> List[List[_T]]:
    """`items` in at most `parts` consecutive non-empty slices of nearly equal
    length (the first ones one longer), in order.

    >>> split([1, 2, 3], 5), split([], 2)
    ([[1], [2], [3]], [])
    """
    n = len(items)
    parts = max(1, min(parts, n))
    size, extra = divmod(n, parts)
    out: List[List[_T]] = []
    start = 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        if end > start:
            out.append(list(items[start:end]))
        start = end
    return out


def map_parts(fn: Callable[[_T], _R], parts: Sequence[_T], workers: int) -> List[_R]:
    """``[fn(p) for p in parts]``, on up to `workers` threads (the calling
    thread alone for one part, one worker, or where there are no threads).
    An exception of any part is raised, as the loop would.

    >>> map_parts(sum, [[1, 2], [3]], 2)
    [3, 3]
    """
    if workers <= 1 or len(parts) <= 1 or not THREADS_AVAILABLE:
        return [fn(p) for p in parts]
    # imported here: concurrent.futures (and the logging it loads) is a
    # tenth of `import pybls`, and most calls never start a thread
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        return list(pool.map(fn, parts))
