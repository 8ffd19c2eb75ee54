"""The KZG trusted setup: loading c-kzg-4844's text format into the core's
internal points.

The file holds two counts (G1 points, G2 points), then the G1 points in
Lagrange form, the G2 points in monomial form and the G1 points in monomial
form, one compressed point in hex per line.

>>> from pybls import kzg
>>> ts = kzg.load_trusted_setup(kzg.MAINNET)      # Ethereum's ceremony output, shipped
>>> kzg.MAINNET.endswith("trusted_setup_mainnet.txt"), type(ts).__name__
(True, 'TrustedSetup')
"""

from __future__ import annotations

import hashlib
import os
import threading
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Tuple, Union

from .. import _lib
from .._lib import _abi
from ..errors import DecodeError, KzgInputError
from ._field import bit_reversal_permutation
from ._fixed_base import FixedBase

if TYPE_CHECKING:
    from .._lib._functions import Scratch

#: Path of Ethereum's mainnet trusted setup (the KZG ceremony's output, 4096
#: G1 and 65 G2 points), shipped with pybls: pass it to :func:`load_trusted_setup`.
MAINNET: str = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trusted_setup_mainnet.txt")

#: The cell-proof table of MAINNET (build-scripts/gen_kzg_fk20_table.py).
MAINNET_FK20: str = MAINNET[: -len(".txt")] + "_fk20.bin"

#: SHA-256 of MAINNET's file. Its points are decoded without subgroup
#: checks (a third of the loading time): they are the ceremony's published
#: output, and the test suite checks them (tests/test_kzg_field.py).
MAINNET_SHA256 = bytes.fromhex("d39b9f2d047cc9dca2de58f264b6a09448ccd34db967881a6713eacacf0f26b7")

FIELD_ELEMENTS_PER_BLOB = 4096
_G1, _G2 = 144, 288  # bytes of internal G1 and G2 points
MONOMIAL_HEAD = 64  # monomial points a cell verification uses
G2_POINTS = 65
MAX_PRECOMPUTE = 15

__all__ = ["MAINNET", "TrustedSetup", "load_trusted_setup"]


class TrustedSetup:
    """A loaded trusted setup: the points of the commitment key in the
    core's internal form. Build it with :func:`load_trusted_setup`.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> kzg.blob_to_kzg_commitment(bytes(kzg.BYTES_PER_BLOB), ts).hex()[:8]
    'c0000000'

    >>> ts = load_trusted_setup(MAINNET)
    >>> len(ts.g2_monomial), ts.precompute
    (65, 0)
    """

    __slots__ = (
        "g1_lagrange_brp", "g1_monomial_head", "g2_monomial", "precompute", "digest", "lagrange",
        "_g1_monomial", "_monomial_loader", "_scratch", "_fk20", "_fk20_fixed",
    )  # fmt: skip

    def __init__(
        self,
        g1_lagrange_brp: bytes,
        g1_monomial: Union[bytes, Callable[[], bytes]],
        g2_monomial: List[bytes],
        precompute: int,
        digest: bytes = b"",
        g1_monomial_head: bytes = b"",
    ) -> None:
        #: the 4096 Lagrange points in bit-reversed order, packed (the blob's order)
        self.g1_lagrange_brp = g1_lagrange_brp
        self._g1_monomial = b"" if callable(g1_monomial) else g1_monomial
        self._monomial_loader: Optional[Callable[[], bytes]] = g1_monomial if callable(g1_monomial) else None
        #: the first 64 points [tau^i]G1, packed (cell verification)
        self.g1_monomial_head = g1_monomial_head or self.g1_monomial[: _G1 * MONOMIAL_HEAD]
        #: the 65 points [tau^i]G2
        self.g2_monomial = g2_monomial
        #: the fixed-base table parameter (see :func:`load_trusted_setup`)
        self.precompute = precompute
        #: SHA-256 of the setup file's bytes
        self.digest = digest
        #: the Lagrange points' fixed-base table (commitments and blob proofs)
        self.lagrange = FixedBase(g1_lagrange_brp, 1, FIELD_ELEMENTS_PER_BLOB, precompute)
        # per thread: MSMs run without the GIL, on several threads at once
        self._scratch = threading.local()
        self._fk20: List[bytes] = []
        self._fk20_fixed: Optional[FixedBase] = None

    @property
    def g1_monomial(self) -> bytes:
        """The 4096 points [tau^i]G1, packed (for MAINNET's file, whose
        digest is checked, decoded on first use: only a setup without a
        shipped cell-proof table needs them all)."""
        if not self._g1_monomial and self._monomial_loader is not None:
            self._g1_monomial = self._monomial_loader()
        return self._g1_monomial

    def fk20_table(self) -> List[bytes]:
        """The transformed setup points of the cell proofs (pybls.kzg._fk20),
        computed on first use."""
        if not self._fk20:
            from ._fk20 import setup_table

            self._fk20 = _shipped_fk20_table(self.digest) or setup_table(self)
        return self._fk20

    def fk20_fixed(self) -> FixedBase:
        """The fixed-base tables of the 128 rows of :meth:`fk20_table`
        (built on first use)."""
        if self._fk20_fixed is None:
            self._fk20_fixed = FixedBase(b"".join(self.fk20_table()), len(self.fk20_table()), 64, self.precompute)
        return self._fk20_fixed

    def msm_scratch(self, n: int) -> Tuple[int, "Scratch"]:
        """A scratch buffer for an MSM of `n` points, reused by the calling
        thread only."""
        by_n: Optional[Dict[int, Tuple[int, "Scratch"]]] = getattr(self._scratch, "by_n", None)
        if by_n is None:
            by_n = self._scratch.by_n = {}
        got = by_n.get(n)
        if got is None:
            size = _lib.g1_msm_scratch_size(n)
            got = (size, _lib.scratch(size))
            by_n[n] = got
        return got

    def __repr__(self) -> str:
        return f"<TrustedSetup {FIELD_ELEMENTS_PER_BLOB} G1, {len(self.g2_monomial)} G2, precompute={self.precompute}>"


def _shipped_fk20_table(digest: bytes) -> List[bytes]:
    """MAINNET_FK20's rows if it was made for the setup with this digest."""
    try:
        with open(MAINNET_FK20, "rb") as f:
            data = f.read()
    except OSError:
        return []
    if len(data) != 32 + 128 * 64 * 48 or data[:32] != digest:
        return []
    flags = _abi.PYBLS_DECODE_SKIP_SUBGROUP_CHECK  # on-curve checks only: the file ships with pybls
    points = _lib.g1_decode_batch(128 * 64, data[32:], 48, flags)
    return [points[_G1 * 64 * t : _G1 * 64 * (t + 1)] for t in range(128)]


_cache: Dict[Tuple[str, int], TrustedSetup] = {}


def check_setup(ts: object) -> TrustedSetup:
    """`ts` if it is a TrustedSetup, else :class:`TypeError` (the functions
    taking one check it first)."""
    if not isinstance(ts, TrustedSetup):
        raise TypeError(f"expected a TrustedSetup (kzg.load_trusted_setup(...)), not {type(ts).__name__}")
    return ts


def _decode_points(lines: List[str], decode: Callable[[bytes, int, int], bytes], size: int, what: str, flags: int) -> List[bytes]:
    out = []
    for k, line in enumerate(lines):
        try:
            raw = bytes.fromhex(line)
        except ValueError:
            raise KzgInputError(f"trusted setup: {what} point {k} is not hex") from None
        if len(raw) != size:
            raise KzgInputError(f"trusted setup: {what} point {k} must be {size} bytes, got {len(raw)}")
        try:
            out.append(decode(raw, size, flags))
        except DecodeError as e:
            raise KzgInputError(f"trusted setup: {what} point {k} is invalid ({e})") from None
    return out


def _decode_packed(
    lines: List[str], decode_batch: Callable[[int, bytes, int, int], bytes], decode: Callable[[bytes, int, int], bytes],
    size: int, what: str, flags: int,
) -> bytes:
    """The points of `lines` (hex), packed internal: decoded in one call,
    point by point only to say which one is bad."""
    if all(len(line) == 2 * size for line in lines):
        try:
            return decode_batch(len(lines), bytes.fromhex("".join(lines)), size, flags)
        except (ValueError, DecodeError):
            pass
    b"".join(_decode_points(lines, decode, size, what, flags))  # raises the error of the first bad point
    raise KzgInputError(f"trusted setup: invalid {what} points")  # pragma: no cover


def parse_trusted_setup(data: bytes, precompute: int = 0, check_subgroup: bool = True) -> TrustedSetup:
    """Parse c-kzg-4844's trusted setup file (see the module docstring);
    the subgroup checks are skipped for the file of MAINNET only."""
    digest = hashlib.sha256(data).digest()
    check_subgroup = check_subgroup and digest != MAINNET_SHA256
    words = data.decode("ascii", "replace").split()
    if len(words) < 2 or not words[0].isdigit() or not words[1].isdigit():
        raise KzgInputError("trusted setup: must start with the counts of G1 and G2 points")
    n1, n2 = int(words[0]), int(words[1])
    if n1 != FIELD_ELEMENTS_PER_BLOB or n2 != G2_POINTS:
        raise KzgInputError(f"trusted setup: expected {FIELD_ELEMENTS_PER_BLOB} G1 and {G2_POINTS} G2 points, got {n1} and {n2}")
    body = words[2:]
    if len(body) != 2 * n1 + n2:
        raise KzgInputError(f"trusted setup: expected {2 * n1 + n2} points, got {len(body)}")
    flags = 0 if check_subgroup else _abi.PYBLS_DECODE_SKIP_SUBGROUP_CHECK
    lagrange = _decode_packed(body[:n1], _lib.g1_decode_batch, _lib.g1_decode, 48, "G1 Lagrange", flags)
    g2 = _decode_packed(body[n1 : n1 + n2], _lib.g2_decode_batch, _lib.g2_decode, 96, "G2", flags)
    lines = body[n1 + n2 :]

    def monomial() -> bytes:
        return _decode_packed(lines, _lib.g1_decode_batch, _lib.g1_decode, 48, "G1 monomial", flags)

    head = b""
    if digest == MAINNET_SHA256:  # the rest on first use
        head = _decode_packed(lines[:MONOMIAL_HEAD], _lib.g1_decode_batch, _lib.g1_decode, 48, "G1 monomial", flags)
    lagrange_brp = b"".join(bit_reversal_permutation_bytes([lagrange[_G1 * i : _G1 * (i + 1)] for i in range(n1)]))
    g2_points = [g2[_G2 * i : _G2 * (i + 1)] for i in range(n2)]
    return TrustedSetup(lagrange_brp, monomial if head else monomial(), g2_points, precompute, digest, head)


def bit_reversal_permutation_bytes(points: List[bytes]) -> List[bytes]:
    """`points` in bit-reversed index order."""
    order = bit_reversal_permutation(list(range(len(points))))
    return [points[i] for i in order]


def load_trusted_setup(path_or_bytes: Union[str, "os.PathLike[str]", bytes], precompute: int = 0) -> TrustedSetup:
    """Load a trusted setup from a file path or from the file's contents.

    `precompute` (0 to 15) is c-kzg's fixed-base table parameter: 0 keeps
    the Lagrange points (and, on first use, the cell-proof points) in
    affine form only; larger values add up to 2^(precompute-1) shifted
    copies of each point (pybls.kzg._fixed_base), which make commitments and
    proofs faster for more memory and a longer load (about 8 MB and 1 s
    natively for the Lagrange points from 6 up, as many again for the cell
    proofs). :data:`MAINNET` is loaded once per process and precompute
    value and cached (its points are the ceremony's published output,
    checked by the test suite).

    >>> load_trusted_setup(MAINNET) is load_trusted_setup(MAINNET)
    True
    """
    if isinstance(precompute, bool) or not isinstance(precompute, int):
        raise TypeError("precompute must be an int")
    if not 0 <= precompute <= MAX_PRECOMPUTE:
        raise KzgInputError(f"precompute must be between 0 and {MAX_PRECOMPUTE}, got {precompute}")
    if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
        return parse_trusted_setup(bytes(path_or_bytes), precompute)
    path = os.fspath(path_or_bytes)
    key = (os.path.abspath(path), precompute)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise KzgInputError(f"trusted setup: cannot read {path!r} ({e.strerror})") from None
    ts = parse_trusted_setup(data, precompute)
    if key[0] == os.path.abspath(MAINNET):
        _cache[key] = ts
    return ts
