"""The groups G1 (over Fp) and G2 (over Fp2) of BLS12-381, written additively.

>>> from pybls import G1, G2, Scalar
>>> P = G1.generator()
>>> P * 3 == P + P + P
True
>>> 2 * P - P == P
True
>>> (P * Scalar.R).is_identity()
True
>>> G1.from_bytes(bytes(P)) == P
True
>>> Q = G2.generator()
>>> G2.from_affine(*Q.to_affine()) == Q
True
>>> H = G2.hash_to_curve(b"message", b"MY-APP-V01-CS01-with-BLS12381G2_XMD:SHA-256_SSWU_RO_")
>>> H.in_subgroup() and H == G2.hash_to_curve(b"message", b"MY-APP-V01-CS01-with-BLS12381G2_XMD:SHA-256_SSWU_RO_")
True

Points are immutable and hashable, compare by value, and hold the core's
internal projective form; ``to_bytes()`` / ``from_bytes()`` use the standard
ZCash/IETF encodings (compressed by default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Callable, ClassVar, Dict, Iterable, List, Sequence, Tuple, Type, TypeVar

from . import _lib
from . import workers as _workers
from ._convert import as_bytes, as_dst, as_int, check_length, int_to_fp_bytes
from ._immutable import Immutable
from ._lib import _abi
from .errors import ArgumentError, status_error
from .scalar import Scalar, ScalarField, ScalarLike

if TYPE_CHECKING:
    from ._curve_module import CurveCore
    from ._lib._functions import Scratch

__all__ = ["G1", "G2", "FIELD_MODULUS", "G1Point", "G2Point"]

#: The base field modulus p.
FIELD_MODULUS = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB

_SKIP_SUBGROUP = _abi.PYBLS_DECODE_SKIP_SUBGROUP_CHECK
# For multiples of the generator, which the core may then split with the
# group's endomorphism without checking the subgroup first.
_IN_SUBGROUP = _abi.PYBLS_MUL_IN_SUBGROUP
_VARTIME = _abi.PYBLS_MUL_VARTIME
_object_new = object.__new__

_PointT = TypeVar("_PointT", bound="_Point")

# The hashes expand_message_xmd may use (RFC 9380 5.3.1), by the name the
# hashing methods take, and the suffix of the functions that use them (the
# core's, or for SHA-512 pybls._svdw_sha512's).
_XMD_HASHES = {"sha256": "", "keccak256": "_keccak256", "sha512": "_sha512"}
# expand_message_xmd's longest output (255 hash outputs), and RFC 9380's
# security level k of the suites of each hash (hash_to_field's
# L = ceil((ceil(log2 p) + k) / 8)).
_XMD_MAX = {"sha256": 255 * 32, "keccak256": 255 * 32, "sha512": 255 * 64}
_H2F_K = {"sha256": 128, "keccak256": 128, "sha512": 256}


def _refuse_mixed(a: "_Point", op: str, b: Any) -> None:
    """For an operand that is a point of another group or curve, the
    TypeError that names both: Python's own message would name two classes
    called G1 for points of two curves. Other operands are left to Python."""
    if not isinstance(b, _Point):
        return
    raise TypeError(f"unsupported operand for {op}: a {type(a).__name__} point of {type(a)._CURVE} "
                    f"and a {type(b).__name__} point of {type(b)._CURVE} (groups and curves do not mix)")


class _Point(Immutable):
    """Operations shared by G1 and G2 of every curve; each group's class
    supplies its curve's C functions, scalars and field (see
    ``__init_subclass__``)."""

    # _b: the core's internal bytes; _s: _IN_SUBGROUP if the point is known
    # to be in the prime-order subgroup (generator multiples, checked
    # decodings, hash outputs and what the group law makes of them), else 0.
    # Multiplications of such points split the scalar with the endomorphism.
    __slots__ = ("_b", "_s")
    _b: bytes
    _s: int

    # Set per group by __init_subclass__: the encoding sizes, and each C
    # function pybls_<prefix>_<op> as the static method _<op>.
    _COMPRESSED: ClassVar[int]
    _GENERATOR: ClassVar[bytes]  # internal bytes of generator()
    _UNCOMPRESSED: ClassVar[int]
    _generator: ClassVar[Callable[[], bytes]]
    _identity: ClassVar[Callable[[], bytes]]
    _add: ClassVar[Callable[[bytes, bytes], bytes]]
    _dbl: ClassVar[Callable[[bytes], bytes]]
    _neg: ClassVar[Callable[[bytes], bytes]]
    _eq: ClassVar[Callable[[bytes, bytes], int]]
    _is_identity: ClassVar[Callable[[bytes], int]]
    _is_on_curve: ClassVar[Callable[[bytes], int]]
    _in_subgroup: ClassVar[Callable[[bytes], int]]
    _clear_cofactor: ClassVar[Callable[[bytes], bytes]]
    _mul: ClassVar[Callable[[bytes, bytes], bytes]]
    _mul_vartime: ClassVar[Callable[[bytes, bytes], bytes]]
    _mul_flags: ClassVar[Callable[[bytes, bytes, int], bytes]]
    _msm_scratch_size: ClassVar[Callable[[int], int]]
    _sum_scratch_size: ClassVar[Callable[[int], int]]
    _sum: ClassVar[Callable[[bytes, int, Scratch, int], bytes]]
    _msm: ClassVar[Callable[[bytes, bytes, int, Scratch, int], bytes]]
    _msm_secret_points: ClassVar[Callable[[bytes, bytes, int, Scratch, int], bytes]]
    _poly_eval: ClassVar[Callable[[bytes, int, int], bytes]]
    _sum_columns: ClassVar[Callable[[int, bytes, int, Scratch, int], bytes]]
    _compress: ClassVar[Callable[[bytes], bytes]]
    _serialize: ClassVar[Callable[[bytes], bytes]]
    _decode: ClassVar[Callable[[bytes, int, int], bytes]]
    _from_affine_bytes: ClassVar[Callable[[bytes, bytes, int], bytes]]
    _to_affine_bytes: ClassVar[Callable[[bytes], bytes]]
    _step_keys: ClassVar[Callable[[int, bytes, bytes, int], bytes]]
    _decrypt_keys: ClassVar[Callable[[int, bytes, bytes, bytes, int, bytes, int], bytes]]
    _hash_to_curve: ClassVar[Callable[[bytes, int, bytes, int], bytes]]
    _encode_to_curve: ClassVar[Callable[[bytes, int, bytes, int], bytes]]
    _hash_to_curve_keccak256: ClassVar[Callable[[bytes, int, bytes, int], bytes]]
    _encode_to_curve_keccak256: ClassVar[Callable[[bytes, int, bytes, int], bytes]]
    _hash_to_curve_sha512: ClassVar[Callable[[bytes, int, bytes, int], bytes]]
    _encode_to_curve_sha512: ClassVar[Callable[[bytes, int, bytes, int], bytes]]
    _map_to_curve: ClassVar[Callable[[bytes], bytes]]
    # Not named after the group: hash_to_field_fp / _fp2 (+ _keccak256),
    # the field of the group's coordinates, and the Fp conversions.
    _hash_to_field: ClassVar[Callable[[int, bytes, int, bytes, int], bytes]]
    _hash_to_field_keccak256: ClassVar[Callable[[int, bytes, int, bytes, int], bytes]]
    _hash_to_field_sha512: ClassVar[Callable[[int, bytes, int, bytes, int], bytes]]
    _fp_from_bytes: ClassVar[Callable[[bytes], bytes]]
    _fp_to_bytes: ClassVar[Callable[[bytes], bytes]]

    # Set per group by __init_subclass__: the curve's scalars, field modulus
    # and encoding sizes, and its scratch allocator.
    _SCALAR: ClassVar[Type[ScalarField]]
    _P: ClassVar[int]
    _FP: ClassVar[int]
    # Bytes of an Fp element in the core's internal form (whole limbs: more
    # than _FP, its encoding, on BN462).
    _FP_SIZE: ClassVar[int]
    _COMPRESSED_BY_DEFAULT: ClassVar[bool]
    _CURVE: ClassVar[str]
    # The hash of the group's suite, which the hashing methods use by default.
    _DEFAULT_HASH: ClassVar[str] = "sha256"
    # The hashing functions by op and hash name (_HashFunctions), per group.
    _hash_fns: ClassVar[Dict[str, "_HashFunctions"]]
    _FIELD: ClassVar[str]  # "fp" or "fp2", set by G1Point and G2Point
    _scratch: ClassVar[Callable[[int], "Scratch"]]

    def __init_subclass__(
        cls,
        *,
        prefix: str = "",
        binding: Any = _lib,
        scalar: Type[ScalarField] = Scalar,
        modulus: int = FIELD_MODULUS,
        compressed_by_default: bool = True,
        curve: str = "BLS12-381",
        core: Optional["CurveCore"] = None,
        **kwargs: Any,
    ) -> None:
        """Bind a group: `prefix` ("g1" or "g2") names its C functions in
        `binding` (pybls._lib, or pybls._lib.curve_binding(curve) for another
        curve), `scalar` is its curve's scalar class, `modulus` its p and
        `curve` its name in messages; or `core`, the curve's
        :class:`~pybls._curve_module.CurveCore`, gives them all (the prefix
        is then the group's). A function the binding lacks (hashing
        to a curve with no suite for that group) raises NotImplementedError
        when called.
        A subclass without `prefix` or `core` is a template for groups (G1Point)."""
        super().__init_subclass__(**kwargs)
        if core is not None:
            prefix = "g1" if cls._FIELD == "fp" else "g2"
            binding, scalar, modulus = core.binding, core.scalar, core.modulus
            compressed_by_default, curve = core.compressed_by_default, core.name
        if not prefix:
            return
        abi = binding.abi if binding is not _lib else _abi
        cls._COMPRESSED = getattr(abi, f"PYBLS_{prefix.upper()}_COMPRESSED_BYTES")
        cls._UNCOMPRESSED = getattr(abi, f"PYBLS_{prefix.upper()}_UNCOMPRESSED_BYTES")
        cls._SCALAR, cls._P, cls._FP = scalar, modulus, abi.PYBLS_FP_BYTES
        cls._FP_SIZE = abi.PYBLS_FP_SIZE
        cls._COMPRESSED_BY_DEFAULT = compressed_by_default
        cls._CURVE = curve
        cls._scratch = staticmethod(binding.scratch)
        cls._hash_fns = {op: _HashFunctions(cls, op) for op in ("hash_to_curve", "encode_to_curve", "hash_to_field")}
        for name, annotation in _Point.__annotations__.items():
            if annotation.startswith("ClassVar[Callable") and name not in ("_scratch",):
                if name.startswith("_hash_to_field"):
                    cname = name[1:].replace("field", f"field_{cls._FIELD}", 1)
                elif name.startswith("_fp_"):
                    cname = name[1:]
                else:
                    cname = prefix + name
                fn = getattr(binding, cname, None)
                setattr(cls, name, staticmethod(fn if fn is not None else _unavailable(cls, name)))
        cls._GENERATOR = cls._generator()

    def __init__(self) -> None:
        raise TypeError(
            f"use {type(self).__name__}.generator(), .identity(), .from_bytes() or .from_affine() to make a point"
        )

    # -- construction -------------------------------------------------------

    @classmethod
    def generator(cls: Type[_PointT]) -> _PointT:
        """The standard generator of the group."""
        return _wrap(cls, cls._generator(), _IN_SUBGROUP)

    @classmethod
    def identity(cls: Type[_PointT]) -> _PointT:
        """The identity element (the point at infinity)."""
        return _wrap(cls, cls._identity(), _IN_SUBGROUP)

    @classmethod
    def random(cls: Type[_PointT]) -> _PointT:
        """A uniformly random point: the generator times a random scalar."""
        return _wrap(cls, cls._mul_flags(cls._GENERATOR, cls._SCALAR.random()._b, _IN_SUBGROUP), _IN_SUBGROUP)

    @classmethod
    def from_bytes(cls: Type[_PointT], data: Any, *, subgroup_check: bool = True) -> _PointT:
        """Decode a compressed or uncompressed point.

        The length selects the form. Raises a subclass of
        :class:`~pybls.errors.DecodeError` naming what is wrong: the length,
        the flag bits, a coordinate >= p, a point off the curve, or (unless
        ``subgroup_check=False``) a point outside the prime-order subgroup.
        """
        # The checks' messages are formatted only when they fail: decoding
        # is called once per point received, and in Pyodide the Python
        # around the C call is a visible part of its time.
        if type(data) is not bytes:
            data = as_bytes(data, f"{cls.__name__} encoding")
        n = len(data)
        if n != cls._COMPRESSED and n != cls._UNCOMPRESSED:
            check_length(data, (cls._COMPRESSED, cls._UNCOMPRESSED), f"a {cls.__name__} encoding")
        if subgroup_check is True:
            return _wrap(cls, cls._decode(data, n, 0), _IN_SUBGROUP)
        if subgroup_check is False:
            return _wrap(cls, cls._decode(data, n, _SKIP_SUBGROUP))
        raise _not_a_bool("subgroup_check", subgroup_check)

    @classmethod
    def hash_to_curve(cls: Type[_PointT], msg: Any, dst: Any, hash: Optional[str] = None) -> _PointT:
        """Hash `msg` to a point with the domain separation tag `dst` (both
        bytes-like): RFC 9380's hash_to_curve, the sum of the maps of two
        field elements, cofactor cleared, with expand_message_xmd over
        `hash`, ``"sha256"``, ``"keccak256"`` (Ethereum's Keccak-256) or
        ``"sha512"``; by default the hash of the group's suite (SHA-512 on
        BLS48-581, SHA-256 elsewhere).

        The suites: on BLS12-381 ``BLS12381G1_XMD:SHA-256_SSWU_RO_`` and
        ``BLS12381G2_XMD:SHA-256_SSWU_RO_`` (G1 also with Keccak-256); on
        BN254, ``BN254G1_XMD:SHA-256_SVDW_RO_`` and, with
        ``hash="keccak256"``, ``BN254G1_XMD:KECCAK-256_SVDW_RO_``, the hash
        of drand's evmnet chain (its DST is
        ``b"BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_"``), and
        ``BN254G2_XMD:SHA-256_SVDW_RO_``; on BN381_1 and BN462 the SHA-256
        SvdW suites of both groups (``BN381G1_...``, ``BN462G2_...``).
        On BLS48-581, ``BLS48581G1_XMD:SHA-512_SVDW_RO_`` and
        ``BLS48581G2_XMD:SHA-512_SVDW_RO_``.
        NotImplementedError where the curve has no such suite (BN254
        Nogami's, whose hashing is mcl's own: ``hash_and_map_to_g1``), and
        :class:`~pybls.errors.ArgumentError` for an empty `dst`.
        """
        return cls._hash_to_curve_any_dst(msg, as_dst(dst), hash)

    @classmethod
    def _hash_to_curve_any_dst(cls: Type[_PointT], msg: Any, d: bytes, hash: Optional[str] = None) -> _PointT:
        """hash_to_curve with any tag, the empty one included (py_ecc's,
        which pybls.compat.py_ecc stands in for, takes one)."""
        fn = cls._hash_fns["hash_to_curve"][hash]
        m = as_bytes(msg, "message")
        return _wrap(cls, fn(m, len(m), d, len(d)), _IN_SUBGROUP)

    @classmethod
    def encode_to_curve(cls: Type[_PointT], msg: Any, dst: Any, hash: Optional[str] = None) -> _PointT:
        """The non-uniform encoding of `msg` (RFC 9380's encode_to_curve,
        suites ``..._NU_``): the map of one field element, cofactor
        cleared; `hash` as for :meth:`hash_to_curve`."""
        fn = cls._hash_fns["encode_to_curve"][hash]
        m = as_bytes(msg, "message")
        d = as_dst(dst)
        return _wrap(cls, fn(m, len(m), d, len(d)), _IN_SUBGROUP)

    @classmethod
    def _hash_fn(cls, op: str, hash: Optional[str]) -> Callable[..., bytes]:
        """The function of `op` (hash_to_curve, encode_to_curve,
        hash_to_field) with expand_message_xmd over `hash` (None: the
        group's default): ``cls._hash_fns[op][hash]``."""
        return cls._hash_fns[op][hash]

    @classmethod
    def _hash_to_field_raw(cls, msg: Any, dst: Any, count: int, hash: Optional[str], degree: int) -> List[int]:
        """hash_to_field's `count` elements as `degree` ints each."""
        fn = cls._hash_fn("hash_to_field", hash)
        hash = hash or cls._DEFAULT_HASH
        m = as_bytes(msg, "message")
        d = as_dst(dst)
        n = as_int(count, "count")
        limit = _XMD_MAX[hash] // (degree * ((cls._P.bit_length() + _H2F_K[hash] + 7) // 8))
        if not 1 <= n <= limit:
            raise ArgumentError(f"count must be in [1, {limit}] for {cls.__name__} of {cls._CURVE}, got {n}")
        raw, size = fn(n, m, len(m), d, len(d)), cls._FP_SIZE
        return [int.from_bytes(cls._fp_to_bytes(raw[i : i + size]), "big") for i in range(0, len(raw), size)]

    @classmethod
    def _from_coords(cls: Type[_PointT], x: bytes, y: bytes, subgroup_check: bool) -> _PointT:
        if subgroup_check is True:
            return _wrap(cls, cls._from_affine_bytes(x, y, 0), _IN_SUBGROUP)
        if subgroup_check is False:
            return _wrap(cls, cls._from_affine_bytes(x, y, _SKIP_SUBGROUP))
        raise _not_a_bool("subgroup_check", subgroup_check)

    # -- encoding -----------------------------------------------------------

    def to_bytes(self, compressed: Optional[bool] = None) -> bytes:
        """The compressed or uncompressed encoding of the curve's users: on
        BLS12-381 ZCash/IETF's, compressed by default; on BN254 EIP-196/197's,
        uncompressed by default. `compressed` is True, False or None (the
        default); anything else is a :class:`TypeError` (``"no"`` would
        otherwise count as true)."""
        cls = type(self)
        if compressed is None:
            compressed = cls._COMPRESSED_BY_DEFAULT
        elif not isinstance(compressed, bool):
            raise _not_a_bool("compressed", compressed, " or None")
        return cls._compress(self._b) if compressed else cls._serialize(self._b)

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    def _affine_bytes(self) -> bytes:
        """x || y big-endian (an Fp2 coordinate c1 || c0), whatever the
        curve's encodings; ValueError for the identity."""
        if type(self)._is_identity(self._b) == 1:
            raise ArgumentError(f"the identity of {type(self).__name__} has no affine coordinates")
        return type(self)._to_affine_bytes(self._b)

    # -- group law ----------------------------------------------------------

    def __add__(self: _PointT, other: Any) -> _PointT:
        cls = type(self)
        if type(other) is not cls:
            _refuse_mixed(self, "+", other)
            return NotImplemented
        return _wrap(cls, cls._add(self._b, other._b), self._s & other._s)

    def __sub__(self: _PointT, other: Any) -> _PointT:
        cls = type(self)
        if type(other) is not cls:
            _refuse_mixed(self, "-", other)
            return NotImplemented
        return _wrap(cls, cls._add(self._b, cls._neg(other._b)), self._s & other._s)

    def __neg__(self: _PointT) -> _PointT:
        cls = type(self)
        return _wrap(cls, cls._neg(self._b), self._s)

    def __pos__(self: _PointT) -> _PointT:
        return self

    def double(self: _PointT) -> _PointT:
        """``self + self``."""
        cls = type(self)
        return _wrap(cls, cls._dbl(self._b), self._s)

    def __mul__(self: _PointT, k: Any) -> _PointT:
        # Constant time: k may be secret.
        try:
            cls = type(self)
            s = k._b if type(k) is cls._SCALAR else cls._SCALAR._internal(k)
        except TypeError:
            if isinstance(k, (ScalarField, bool)):
                raise  # the message says why (another curve's scalar, a bool)
            return NotImplemented
        return _wrap(cls, cls._mul_flags(self._b, s, self._s), self._s)

    __rmul__ = __mul__

    def mul_vartime(self: _PointT, k: ScalarLike) -> _PointT:
        """``self * k`` in variable time (faster), for a public `k` and a
        public point only."""
        cls = type(self)
        return _wrap(cls, cls._mul_flags(self._b, cls._SCALAR._internal(k), _VARTIME | self._s), self._s)

    @classmethod
    def msm(cls: Type[_PointT], points: Iterable[_PointT], scalars: Iterable[ScalarLike],
            workers: Optional[int] = _workers.DEFAULT) -> _PointT:
        """The multi-scalar multiplication sum(k_i * P_i), in variable time.

        For public points and scalars (verification, aggregation): much
        faster than separate products. ``workers=n`` computes n parts on n threads and
        adds their sums (:mod:`pybls.workers`; default 1, ``None`` for one
        per CPU): worth it from a few thousand points on.

        >>> g = G1.generator()
        >>> G1.msm([g, g * 2], [3, 4]) == g * 11 == G1.msm([g, g * 2], [3, 4], workers=2)
        True
        """
        args = cls._msm_args(points, scalars)
        if args is None:
            return cls.identity()
        sub, internal = args
        n = _workers.resolve(workers)
        if n == 1:
            return _wrap(cls, cls._msm_internal(internal), sub)
        parts = [(internal[0][r[0]:r[-1] + 1], internal[1][r[0]:r[-1] + 1])
                 for r in _workers.split(range(len(internal[0])), n)]
        sums = _workers.map_parts(cls._msm_internal, parts, n)
        return _wrap(cls, cls._sum_internal(sums), sub)

    @classmethod
    def _msm_of_secret_points(cls: Type[_PointT], points: Sequence[_PointT], scalars: Sequence[ScalarLike]) -> _PointT:
        """:meth:`msm` for points that may be secret (shares of a secret
        point) and public scalars: the field inversions are constant time."""
        args = cls._msm_args(points, scalars)
        if args is None:
            return cls.identity()
        sub, internal = args
        return _wrap(cls, cls._msm_internal(internal, cls._msm_secret_points), sub)

    @classmethod
    def _msm_args(cls, points: Iterable[_PointT],
                  scalars: Iterable[ScalarLike]) -> Optional[Tuple[int, Tuple[List[bytes], List[bytes]]]]:
        """An MSM's checked input: the subgroup flag of the result and the
        internal points and scalars; None for no points."""
        pts, ks = list(points), list(scalars)
        if len(pts) != len(ks):
            raise ArgumentError(f"msm needs as many scalars as points, got {len(ks)} and {len(pts)}")
        if not pts:
            return None
        return _members(cls, pts, "msm"), ([p._b for p in pts], cls._SCALAR._public_internals(ks))

    @classmethod
    def _msm_internal(cls, part: Tuple[List[bytes], List[bytes]],
                      core: Optional[Callable[[bytes, bytes, int, Scratch, int], bytes]] = None) -> bytes:
        """sum(k_i * P_i) for internal points P_i and internal scalars k_i,
        by `core` (default: the variable-time ``_msm``)."""
        points, scalars = part
        n = len(points)
        size = cls._msm_scratch_size(n)
        if size < 0:
            raise status_error(size, f"{cls.__name__} msm")
        return (core or cls._msm)(b"".join(points), b"".join(scalars), n, cls._scratch(size), size)

    @classmethod
    def sum(cls: Type[_PointT], points: Iterable[_PointT]) -> _PointT:
        """The sum of `points` (the identity for none), in variable time.

        For public points (aggregation, commitments): pairs are added as
        affine points sharing one field inversion per round, several times
        faster than adding one point at a time.

        >>> g = G1.generator()
        >>> G1.sum([g, g * 2, -g]) == g * 2, G2.sum([]) == G2.identity()
        (True, True)
        """
        pts = list(points)
        sub = _members(cls, pts, "sum")
        return _wrap(cls, cls._sum_internal([p._b for p in pts]), sub)

    @classmethod
    def sum_columns(cls: Type[_PointT], rows: Iterable[Sequence[_PointT]]) -> List[_PointT]:
        """The column sums of equally long rows of points: ``out[j] =
        sum_i rows[i][j]`` (the coefficient-wise sum of committed
        polynomials), in variable time, each column as :meth:`sum`.

        >>> g = G1.generator()
        >>> G1.sum_columns([[g, g * 2], [g * 3, -g]]) == [g * 4, g]
        True
        """
        rs = [list(r) for r in rows]
        if not rs:
            raise ArgumentError("sum_columns needs at least one row")
        width = len(rs[0])
        if any(len(r) != width for r in rs):
            raise ArgumentError("sum_columns needs rows of equal length")
        if width == 0:
            return []
        sub = _members(cls, (p for r in rs for p in r), "sum_columns")
        return cls._sum_rows(rs, width, sub)

    @classmethod
    def _sum_rows(cls: Type[_PointT], rs: Sequence[Sequence[_PointT]], width: int, sub: int) -> List[_PointT]:
        # Up to 16 columns go through the core's addition tree together (the
        # scratch sized for them), in blocks that keep the buffers small.
        size = cls._sum_scratch_size(len(rs) * min(width, 16))
        if size < 0:
            size = cls._sum_scratch_size(len(rs))
        if size < 0:
            raise status_error(size, f"{cls.__name__} sum_columns")
        scratch = cls._scratch(max(size, 1))
        out: List[_PointT] = []
        for j0 in range(0, width, 128):  # blocks of columns: bounded output buffers
            block = [r[j0:j0 + 128] for r in rs]
            raw = cls._sum_columns(len(block[0]), b"".join([p._b for r in block for p in r]), len(rs), scratch, size)
            step = len(raw) // len(block[0])
            out.extend(_wrap(cls, raw[j:j + step], sub) for j in range(0, len(raw), step))
        return out

    @classmethod
    def poly_eval(cls: Type[_PointT], coefficients: Iterable[_PointT], x: int) -> _PointT:
        """sum_k x^k * coefficients[k] for a public integer 0 <= x < 2**32,
        in variable time (a committed polynomial at a small point).

        By Horner's rule with multiplications by the small x: much faster
        than :meth:`msm` with the full-width scalars x^k mod r.

        >>> g = G1.generator()
        >>> G1.poly_eval([g, g * 2, g * 3], 5) == g * (1 + 2 * 5 + 3 * 25)
        True
        """
        pts = list(coefficients)
        x = as_int(x, "x")
        if not 0 <= x < 1 << 32:
            raise ArgumentError("poly_eval takes an integer 0 <= x < 2**32")
        if not pts:
            return cls.identity()
        sub = _members(cls, pts, "poly_eval")
        return _wrap(cls, cls._poly_eval(b"".join([p._b for p in pts]), len(pts), x), sub)

    @classmethod
    def _sum_internal(cls, internals: List[bytes]) -> bytes:
        """The sum of points given by their internal bytes."""
        n = len(internals)
        if n == 0:
            return cls._identity()
        if n == 1:
            return internals[0]
        size = cls._sum_scratch_size(n)
        if size < 0:
            raise status_error(size, f"{cls.__name__} sum")
        return cls._sum(b"".join(internals), n, cls._scratch(size), size)

    # -- predicates and maps ------------------------------------------------

    def is_identity(self) -> bool:
        """Whether this is the identity (point at infinity)."""
        return type(self)._is_identity(self._b) == 1

    def is_on_curve(self) -> bool:
        """Whether the point satisfies the curve equation (always true for decoded points)."""
        return type(self)._is_on_curve(self._b) == 1

    def in_subgroup(self) -> bool:
        """Whether the point is in the subgroup of prime order r."""
        if self._s & _IN_SUBGROUP:  # checked when it was made (decoded, hashed, derived)
            return True
        return type(self)._in_subgroup(self._b) == 1

    def clear_cofactor(self: _PointT) -> _PointT:
        """Map a curve point into the prime-order subgroup (as hash-to-curve does)."""
        cls = type(self)
        return _wrap(cls, cls._clear_cofactor(self._b), _IN_SUBGROUP)

    # -- comparison, hashing, display ---------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Point)
        return type(self)._eq(self._b, other._b) == 1

    def __hash__(self) -> int:
        return hash(type(self)._compress(self._b))

    def __repr__(self) -> str:
        h = type(self)._compress(self._b).hex()
        return f"{type(self).__name__}(0x{h[:8]}\u2026{h[-8:]})"

    def __reduce__(self) -> "tuple[Any, ...]":
        return (_unpickle, (type(self), type(self)._compress(self._b)))


def _members(cls: Type[_PointT], pts: Iterable[_PointT], what: str) -> int:
    """Check that every point is of group `cls`; the "known in subgroup"
    flag their combination carries (set only if it is set on all)."""
    sub = _IN_SUBGROUP
    for p in pts:
        if type(p) is not cls:
            got = (f"a {type(p).__name__} point of {type(p)._CURVE}" if isinstance(p, _Point)
                   else type(p).__name__)
            raise TypeError(f"{cls.__name__}.{what} takes {cls.__name__} points of {cls._CURVE}, not {got}")
        sub &= p._s
    return sub


class _HashFunctions(Dict[Optional[str], Callable[..., bytes]]):
    """A group's functions of one op (hash_to_curve, encode_to_curve or
    hash_to_field) by the name of their hash (None: the group's default),
    each found by name the first time it is asked for and kept: the lookup
    by name is a visible part of a hash's time in Pyodide, a subscript
    is not. An unknown name raises ValueError (and is not kept)."""

    __slots__ = ("_group", "_op")

    def __init__(self, group: Type[_Point], op: str) -> None:
        super().__init__()
        self._group, self._op = group, op

    def __missing__(self, hash: Optional[str]) -> Callable[..., bytes]:
        name = self._group._DEFAULT_HASH if hash is None else hash
        if name not in _XMD_HASHES:
            raise ArgumentError(f"hash must be one of {', '.join(map(repr, _XMD_HASHES))}, not {name!r}")
        fn: Callable[..., bytes] = getattr(self._group, f"_{self._op}{_XMD_HASHES[name]}")
        self[hash] = fn
        return fn


def _unavailable(cls: Type[_Point], name: str) -> Callable[..., Any]:
    what = name[1:]
    for hash, suffix in _XMD_HASHES.items():
        if suffix and what.endswith(suffix):
            what = f"{what[: -len(suffix)]} with hash={hash!r}"

    def missing(*args: Any) -> Any:
        shown = what
        if what == name[1:] and name.startswith(("_hash_to_", "_encode_to_")) and cls._DEFAULT_HASH != "sha256":
            # the unsuffixed function is SHA-256's; this group hashes with another
            shown = f"{what} with hash='sha256'"
        raise NotImplementedError(
            f"{cls.__module__}.{cls.__name__}: {shown} is not available for {cls.__name__} of {cls._CURVE}"
        )

    return missing


def _not_a_bool(name: str, value: Any, extra: str = "") -> TypeError:
    # a flag that changes what is checked or written takes True or False
    # only: "no" or 0.0 would count as true or false silently
    return TypeError(f"{name} must be True or False{extra}, not {type(value).__name__}")


def _wrap(cls: Type[_PointT], internal: bytes, sub: int = 0) -> _PointT:
    p = _object_new(cls)
    p._b = internal
    p._s = sub
    return p


def _unpickle(cls: Type[_PointT], data: bytes) -> _PointT:
    # Pickles are trusted input; the point may be outside the subgroup on purpose.
    return cls.from_bytes(data, subgroup_check=False)


class G1Point(_Point):
    """A point of G1 of some curve (E(Fp)); affine coordinates are ints.
    Each curve's ``G1`` is a subclass.

    BN254's generator is EIP-197's (1, 2), and its double the sum in
    go-ethereum's ecAdd test vectors (EIP-196); BLS12-381's generator
    encodes as in the IRTF pairing-friendly-curves draft:

    >>> from pybls import bn254
    >>> issubclass(bn254.G1, G1Point) and issubclass(G1, G1Point)
    True
    >>> bn254.G1.generator().to_affine()
    (1, 2)
    >>> x, y = bn254.G1.generator().double().to_affine()
    >>> hex(x), hex(y)  # doctest: +NORMALIZE_WHITESPACE
    ('0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3',
     '0x15ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4')
    >>> G1.generator().to_bytes().hex()[:32]
    '97f1d3a73197d7942695638c4fa9ac0f'
    """

    __slots__ = ()
    _FIELD = "fp"

    @classmethod
    def hash_to_field(cls, msg: Any, dst: Any, count: int, hash: Optional[str] = None) -> List[int]:
        """RFC 9380's hash_to_field to Fp: `count` field elements from `msg`
        and the domain separation tag `dst`, each reduced from L bytes of
        expand_message_xmd over `hash` (``"sha256"`` or ``"keccak256"``,
        L = 64 on BLS12-381 and BN381_1, 48 on BN254, 74 on BN462, at most
        8160 // L elements; on BLS48-581 ``"sha512"``, the default there, with
        L = 105 for its 256-bit security, at most 16320 // L), or
        :class:`~pybls.errors.ArgumentError`.

        >>> from pybls import bn254
        >>> u0, u1 = bn254.G1.hash_to_field(b"abc", b"DST", 2, hash="keccak256")
        >>> bn254.G1.hash_to_curve(b"abc", b"DST", hash="keccak256") == (
        ...     bn254.G1.map_to_curve(u0) + bn254.G1.map_to_curve(u1))
        True
        """
        return cls._hash_to_field_raw(msg, dst, count, hash, 1)

    @classmethod
    def map_to_curve(cls: Type[_G1T], u: int) -> _G1T:
        """RFC 9380's map_to_curve of the field element `u` (an int in
        [0, p)), without clearing the cofactor: on BLS12-381 the simplified
        SWU map and its 11-isogeny, on BN254 the Shallue-van de Woestijne
        map (Z = 1; every point is in G1 there). The core's map runs in
        constant time, for protocols where `u` derives from a secret; on
        BLS48-581 the map (SvdW, Z = 2) runs in Python, in variable time, for
        public inputs only.

        >>> from pybls import bn254
        >>> P = bn254.G1.map_to_curve(0)       # x = -Z / 2 = (p - 1) / 2 for u = 0
        >>> P.to_affine()[0] == (bn254.FIELD_MODULUS - 1) // 2, P.is_on_curve()
        (True, True)
        """
        fn = cls._map_to_curve
        return _wrap(cls, fn(cls._fp_from_bytes(_fp_bytes(cls, u, "u"))))

    @classmethod
    def from_affine(cls: Type[_G1T], x: int, y: int, *, subgroup_check: bool = True) -> _G1T:
        """The point with affine coordinates (x, y), ints in [0, p).

        Raises :class:`~pybls.errors.NonCanonicalError` for a coordinate
        outside [0, p), :class:`~pybls.errors.NotOnCurveError`, and (unless
        ``subgroup_check=False``) :class:`~pybls.errors.NotInSubgroupError`.
        """
        return cls._from_coords(_fp_bytes(cls, x, "G1 x"), _fp_bytes(cls, y, "G1 y"), subgroup_check)

    def to_affine(self) -> Tuple[int, int]:
        """The affine coordinates (x, y); :class:`ValueError` for the identity."""
        raw, n = self._affine_bytes(), self._FP
        return _fp_int(raw[:n]), _fp_int(raw[n:])


class G2Point(_Point):
    """A point of G2 of some curve (the twist E'(Fp2)); affine coordinates
    are pairs ``(c0, c1)`` of ints for ``c0 + c1·u``. Each curve's ``G2`` is
    a subclass. On BLS48-581, whose twist is over Fp8, they are 8-tuples
    ``(c0, ..., c7)``, lowest tower coefficient first (see
    :mod:`pybls.bls48_581`).

    BN254's generator is EIP-197's (there written imaginary part first);
    BLS12-381's encodes as in the IRTF pairing-friendly-curves draft:

    >>> from pybls import bn254
    >>> issubclass(bn254.G2, G2Point) and issubclass(G2, G2Point)
    True
    >>> (x0, x1), (y0, y1) = bn254.G2.generator().to_affine()
    >>> x0, x1  # doctest: +NORMALIZE_WHITESPACE
    (10857046999023057135944570762232829481370756359578518086990519993285655852781,
     11559732032986387107991004021392285783925812861821192530917403151452391805634)
    >>> y0, y1  # doctest: +NORMALIZE_WHITESPACE
    (8495653923123431417604973247489272438418190587263600148770280649306958101930,
     4082367875863433681332203403145435568316851327593401208105741076214120093531)
    >>> G2.generator().to_bytes().hex()[:32]
    '93e02b6052719f607dacd3a088274f65'
    """

    __slots__ = ()
    _FIELD = "fp2"
    # The degree of G2's field over Fp (2, or 8 on BLS48-581), from the ABI.
    _DEGREE: ClassVar[int]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kwargs.get("prefix") or kwargs.get("core") is not None:
            cls._DEGREE = cls._COMPRESSED // cls._FP

    @classmethod
    def hash_to_field(cls, msg: Any, dst: Any, count: int, hash: Optional[str] = None) -> List[Tuple[int, ...]]:
        """RFC 9380's hash_to_field to Fp2: `count` elements ``(c0, c1)``,
        as :meth:`G1Point.hash_to_field` (at most 8160 // 2L of them). On
        BLS48-581 to Fp8 (m = 8, SHA-512, L = 105, at most 16320 // 8L = 19):
        8-tuples ``(c0, ..., c7)`` over 1, u, v, uv, w, uw, vw, uvw.

        >>> from pybls import bls48_581
        >>> u0, u1 = bls48_581.G2.hash_to_field(b"abc", b"DST", 2)
        >>> len(u0), bls48_581.G2.hash_to_curve(b"abc", b"DST") == (
        ...     bls48_581.G2.map_to_curve(u0) + bls48_581.G2.map_to_curve(u1)).clear_cofactor()
        (8, True)
        """
        d = cls._DEGREE
        fps = cls._hash_to_field_raw(msg, dst, count, hash, d)
        return [tuple(fps[i : i + d]) for i in range(0, len(fps), d)]

    @classmethod
    def map_to_curve(cls: Type[_G2T], u: Tuple[int, ...]) -> _G2T:
        """RFC 9380's map_to_curve of `u` = (c0, c1) in Fp2, without
        clearing the cofactor (BLS12-381: simplified SWU and the 3-isogeny).
        On BLS48-581, `u` = (c0, ..., c7) in Fp8 and the map is the SvdW
        map (Z = 2), in Python and variable time, for public inputs only."""
        fn = cls._map_to_curve
        if cls._DEGREE == 2:
            coeffs: Tuple[Any, ...] = _fp2_pair(u, "u")
        else:
            coeffs = _fpk_tuple(u, "u", cls._DEGREE)
        # The internal element is its coefficients' internal Fp forms, c0 first.
        internal = b"".join(cls._fp_from_bytes(_fp_bytes(cls, c, f"u.c{i}")) for i, c in enumerate(coeffs))
        return _wrap(cls, fn(internal))

    @classmethod
    def from_affine(
        cls: Type[_G2T], x: Tuple[int, ...], y: Tuple[int, ...], *, subgroup_check: bool = True
    ) -> _G2T:
        """The point with affine coordinates x = (x0, x1), y = (y0, y1), ints in [0, p)
        (8-tuples on BLS48-581).

        Raises :class:`~pybls.errors.NonCanonicalError` for a coordinate
        outside [0, p), :class:`~pybls.errors.NotOnCurveError`, and (unless
        ``subgroup_check=False``) :class:`~pybls.errors.NotInSubgroupError`.
        """
        return cls._from_coords(
            _fpk_bytes(cls, x, "G2 x", cls._DEGREE), _fpk_bytes(cls, y, "G2 y", cls._DEGREE), subgroup_check
        )

    def to_affine(self) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
        """The affine coordinates ((x0, x1), (y0, y1)) (8-tuples on
        BLS48-581); :class:`ValueError` for the identity."""
        raw, n, d = self._affine_bytes(), self._FP, self._DEGREE
        return _fpk_int(raw[: d * n], n), _fpk_int(raw[d * n :], n)


_G1T = TypeVar("_G1T", bound=G1Point)
_G2T = TypeVar("_G2T", bound=G2Point)


class G1(G1Point, prefix="g1"):
    """A point of G1 ⊂ E(Fp): y² = x³ + 4; affine coordinates are ints.

    Encodings: 48 bytes compressed, 96 uncompressed.

    >>> x, y = G1.generator().to_affine()
    >>> (y * y - x ** 3 - 4) % FIELD_MODULUS
    0
    >>> len(G1.identity().to_bytes()), len(G1.generator().to_bytes(compressed=False))
    (48, 96)
    """

    __slots__ = ()


class G2(G2Point, prefix="g2"):
    """A point of G2 ⊂ E'(Fp2): y² = x³ + 4(u + 1).

    Affine coordinates are pairs ``(c0, c1)`` of ints for ``c0 + c1·u``.
    Encodings: 96 bytes compressed, 192 uncompressed.

    >>> (x0, x1), (y0, y1) = G2.generator().to_affine()
    >>> 0 <= x0 < FIELD_MODULUS and 0 <= y1 < FIELD_MODULUS
    True
    >>> len(bytes(G2.identity())), len(G2.generator().to_bytes(compressed=False))
    (96, 192)
    """

    __slots__ = ()


def _fp_bytes(cls: Type[_Point], value: Any, what: str) -> bytes:
    return int_to_fp_bytes(value, cls._P, what, cls._FP)


def _fp_int(data: bytes) -> int:
    # Uncompressed encodings of points other than the identity carry no flags.
    return int.from_bytes(data, "big")


def _fp2_pair(value: Any, what: str) -> Tuple[Any, Any]:
    try:
        c0, c1 = value
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a pair (c0, c1) of ints") from None
    return c0, c1


def _fp2_bytes(cls: Type[_Point], value: Any, what: str) -> bytes:
    # c0 + c1*u is encoded c1 || c0.
    c0, c1 = _fp2_pair(value, what)
    return _fp_bytes(cls, c1, f"{what}.c1") + _fp_bytes(cls, c0, f"{what}.c0")


def _fp2_int(data: bytes, n: int) -> Tuple[int, int]:
    return _fp_int(data[n:]), _fp_int(data[:n])


def _fpk_tuple(value: Any, what: str, degree: int) -> Tuple[Any, ...]:
    try:
        coeffs = tuple(value)
    except TypeError:
        coeffs = ()
    if len(coeffs) != degree:
        raise TypeError(f"{what} must be a tuple of {degree} ints (c0, ..., c{degree - 1})")
    return coeffs


def _fpk_bytes(cls: Type[_Point], value: Any, what: str, degree: int) -> bytes:
    # c0 + c1 e1 + ... is encoded highest coefficient first.
    if degree == 2:
        return _fp2_bytes(cls, value, what)
    coeffs = _fpk_tuple(value, what, degree)
    return b"".join(_fp_bytes(cls, c, f"{what}.c{i}") for i, c in reversed(list(enumerate(coeffs))))


def _fpk_int(data: bytes, n: int) -> Tuple[int, ...]:
    return tuple(_fp_int(data[i : i + n]) for i in range(len(data) - n, -1, -n))
