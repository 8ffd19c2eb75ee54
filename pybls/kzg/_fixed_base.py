"""Fixed-base multi-scalar multiplication over trusted-setup points: the
C core's precomputed tables (pybls_g1_fixed_table / pybls_g1_fixed_msm).

`precompute` (c-kzg's parameter, 0 to 15) bounds the table: 0 keeps the
points in affine form only (no conversion per MSM), larger values keep up
to 2^(precompute-1) shifted copies of each point, which cut the MSM's
bucket reductions and doublings. Everything here is public (setup points,
blobs): the core's fixed-base MSM runs in variable time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, cast

from .. import _lib
from ..errors import KzgInputError

if TYPE_CHECKING:
    from .._lib._functions import Scratch

_G1 = 144  # bytes of an internal G1 point
_FR = 32  # bytes of an internal Fr element


class FixedBase:
    """`count` blocks of `n` G1 points with their fixed-base tables, and
    the scratch of their MSMs.

    >>> from pybls.kzg._field import scalar, to_internal
    >>> g = _lib.g1_generator()
    >>> fb = FixedBase(g + _lib.g1_dbl(g), 1, 2, precompute=3)
    >>> _lib.g1_eq(fb.msm(to_internal([2, 3])), _lib.g1_mul(g, scalar(8)))
    1
    """

    __slots__ = ("count", "n", "precompute", "table", "_free", "_scratch_size")

    def __init__(self, points: bytes, count: int, n: int, precompute: int) -> None:
        if len(points) != count * n * _G1:
            raise KzgInputError(f"fixed base: expected {count * n} points, got {len(points) // _G1}")
        self.count, self.n, self.precompute = count, n, precompute
        size = _lib.g1_fixed_table_size(n, precompute)
        scratch_size = _lib.g1_fixed_table_scratch_size(n)
        if size < 0 or scratch_size < 0:
            raise KzgInputError(f"fixed base: no table of {n} points for precompute={precompute}")
        #: the core's table, `count` blocks back to back (a writable buffer)
        self.table: "Scratch" = _lib.scratch(count * size)
        status = _lib.g1_fixed_table(count, n, precompute, points, self.table, _lib.scratch(scratch_size), scratch_size)
        if status:
            raise KzgInputError(f"fixed base: building the table failed (status {status})")
        self._scratch_size = _lib.g1_fixed_msm_scratch_size(count, n, precompute)
        # scratch buffers not in use: the core runs without the GIL, so each
        # concurrent MSM takes its own (list.pop and append are atomic)
        self._free: List["Scratch"] = [_lib.scratch(self._scratch_size)]

    def msm(self, scalars: bytes) -> bytes:
        """The `count` internal points sum_i k[b n + i] P[b][i], one per
        block b, from `count * n` packed internal scalars."""
        if len(scalars) != self.count * self.n * _FR:
            raise KzgInputError(f"fixed base: expected {self.count * self.n} scalars, got {len(scalars) // _FR}")
        # the table is a writable buffer, which both backends pass as a const pointer
        table = cast(bytes, self.table)
        try:
            scratch = self._free.pop()
        except IndexError:
            scratch = _lib.scratch(self._scratch_size)
        try:
            return _lib.g1_fixed_msm(self.count, table, scalars, self.n, self.precompute, scratch, self._scratch_size)
        finally:
            self._free.append(scratch)
