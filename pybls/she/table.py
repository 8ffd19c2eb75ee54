"""Decryption tables: small discrete logarithms by baby-step giant-step.

Decrypting a SHE ciphertext yields m·P (or e(P, Q)^m); m is recovered by
looking points up in a table. A table of `baby_steps` = N entries holds a
64-bit key of each of P, 2P, ..., NP (the low bits of the x coordinate;
P and -P share x, so the table covers -N..N), and finds m with
|m| < `bound` by walking giant steps of (2N + 1)P from the target in both
directions, the keys of a batch of steps computed by the core in one call.
Every answer is checked on the points (target - k(2N + 1)P = ±jP, jP a
sum of cached multiples of P), so a key collision never
yields a wrong number; a value outside the range raises :class:`RangeError`.

>>> from pybls import bn254_nogami as curve
>>> from pybls.she import DecryptionTable
>>> table = DecryptionTable.build("bn254_nogami", "g1", baby_steps=64, bound=10_000)
>>> table.log(curve.G1.generator() * -9_876)
-9876
>>> DecryptionTable.from_bytes(table.to_bytes()).log(curve.G1.generator() * 4242)
4242

Decryption time grows with |m| / N and building time with N: the default
tables (:meth:`DecryptionTable.default`, built once per process on first
use) decrypt |m| < 2**31 in G1 and G2 and |m| < 2**24 in GT. The walk is
variable time in m, as in every table-based decryption. A level-1
decryption computes S - x·T (constant time in the secret x) and the keys
of the first giant steps (k = 0..8: with the default 2**16 entries, every
|m| < 2**20) in one call into the core; the default G1 table takes about
8 MB in memory.
"""

from __future__ import annotations

import abc
import array
import struct
import sys
import threading
from types import ModuleType
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .._convert import as_bytes, as_int
from ..points import _wrap as _wrap_point
from ..errors import ArgumentError, PlaintextRangeError, TableFormatError
from ._curve import CurveLike, DEFAULT_CURVE, name_of, resolve

__all__ = ["DecryptionTable", "RangeError", "DEFAULT_RANGES"]

RangeError = PlaintextRangeError

GROUPS = ("g1", "g2", "gt")

#: (baby_steps, bound) of the default table of each group.
DEFAULT_RANGES: Dict[str, Tuple[int, int]] = {"g1": (1 << 16, 1 << 31), "g2": (1 << 16, 1 << 31), "gt": (1 << 13, 1 << 24)}

_MAGIC = b"PYBLS-SHE-DLP\x01"
_MAX_BABY = 1 << 26
_MAX_BOUND = 1 << 62
_BLOCK = 256  # baby steps per call into the core
_GT_BLOCK = 1024  # GT giant steps per call into the core (16 KB of keys)
_KEY_MASK = (1 << 64) - 1  # a key: the low 64 bits of x (of x's c0 in Fp2)
_FIRST_GIANTS = 8  # giant steps tried first (small values decrypt fast)

_defaults: Dict[Tuple[str, str], "DecryptionTable"] = {}  # by (curve module name, group)


class DecryptionTable:
    """A table to decrypt values m with |m| < `bound` in one group (``"g1"``,
    ``"g2"`` or ``"gt"``) of one curve; build it with :meth:`build`, save
    it with :meth:`to_bytes` and load it with :meth:`from_bytes`.

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(); pk = sk.public_key()
    >>> table = she.DecryptionTable.build(bound=5000, baby_steps=64)
    >>> loaded = she.DecryptionTable.from_bytes(table.to_bytes())
    >>> sk.decrypt(pk.enc_g1(-4321), loaded)
    -4321
    """

    __slots__ = ("_curve", "_group", "_n", "_bound", "_keys", "_index", "_extra", "_impl", "_s", "_k_max", "_hi")
    _curve: ModuleType
    _group: str
    _n: int
    _bound: int
    _keys: "array.array[int]"
    _index: Dict[int, int]
    _extra: Dict[int, List[int]]
    _impl: "_Impl"
    _s: int  # the giant step, 2n + 1 entries' span
    _k_max: int  # the last giant step k a value |m| < bound can need
    _hi: int  # the last giant step of the first batch

    def __init__(self) -> None:
        raise TypeError("use DecryptionTable.build(), .default() or .from_bytes() to make a table")

    # -- construction -------------------------------------------------------

    @classmethod
    def build(
        cls,
        curve: CurveLike = DEFAULT_CURVE,
        group: str = "g1",
        *,
        bound: Optional[int] = None,
        baby_steps: Optional[int] = None,
    ) -> "DecryptionTable":
        """A table for `group` of `curve` that decrypts |m| < `bound` with
        `baby_steps` entries (defaults: :data:`DEFAULT_RANGES`). More
        entries cost build time and memory (8 bytes each) and make
        decryption of large values faster."""
        mod = resolve(curve)
        g = _group(group)
        n0, b0 = DEFAULT_RANGES[g]
        n = n0 if baby_steps is None else as_int(baby_steps, "baby_steps")
        b = b0 if bound is None else as_int(bound, "bound")
        _check_sizes(n, b)
        impl = _impl(mod, g)
        return cls._make(mod, g, n, b, impl, impl.baby_keys(n))

    @classmethod
    def default(cls, curve: CurveLike = DEFAULT_CURVE, group: str = "g1") -> "DecryptionTable":
        """The table that decryption uses when given none: the one installed
        with :meth:`set_default`, else one of :data:`DEFAULT_RANGES` built
        on first use and kept for the process."""
        if isinstance(curve, ModuleType) and type(group) is str:  # the common case first: no validation
            table = _defaults.get((curve.__name__, group))
            if table is not None:
                return table
        mod, g = resolve(curve), _group(group)
        key = (mod.__name__, g)
        table = _defaults.get(key)
        if table is None:
            table = _defaults[key] = cls.build(mod, g)
        return table

    def set_default(self) -> None:
        """Make this table the one decryption uses for its curve and group
        (a table loaded with :meth:`from_bytes`, built once elsewhere)."""
        _defaults[(self._curve.__name__, self._group)] = self

    @classmethod
    def _make(cls, mod: ModuleType, g: str, n: int, b: int, impl: "_Impl", keys: Sequence[int]) -> "DecryptionTable":
        t: DecryptionTable = object.__new__(cls)
        t._curve, t._group, t._n, t._bound, t._impl = mod, g, n, b, impl
        t._s = 2 * n + 1
        t._k_max = max(0, -(-(b - 1 - n) // t._s))
        t._hi = min(t._k_max, _FIRST_GIANTS)
        t._keys = keys if isinstance(keys, array.array) else array.array("Q", keys)
        t._index = dict(zip(t._keys, range(1, n + 1)))
        t._extra = {}
        if len(t._index) != n:  # a 64-bit key shared by two entries (rare): keep every index
            for j, k in enumerate(t._keys, 1):
                if t._index[k] != j:
                    t._extra.setdefault(k, []).append(j)
        return t

    # -- properties ---------------------------------------------------------

    @property
    def curve(self) -> ModuleType:
        """The curve module."""
        return self._curve

    @property
    def group(self) -> str:
        """``"g1"``, ``"g2"`` or ``"gt"``."""
        return self._group

    @property
    def bound(self) -> int:
        """Values m with |m| < bound decrypt."""
        return self._bound

    @property
    def baby_steps(self) -> int:
        """The number of entries."""
        return self._n

    def __repr__(self) -> str:
        return f"DecryptionTable({name_of(self._curve)!r}, {self._group!r}, bound={self._bound}, baby_steps={self._n})"

    # -- saving and loading -------------------------------------------------

    def to_bytes(self) -> bytes:
        """The table as bytes for :meth:`from_bytes`: a header (format,
        curve, group, sizes) and the keys, 8 bytes little-endian each."""
        name = name_of(self._curve).encode()
        keys = array.array("Q", self._keys)
        if sys.byteorder == "big":
            keys.byteswap()
        header = _MAGIC + bytes([len(name)]) + name + bytes([GROUPS.index(self._group) + 1])
        return header + self._n.to_bytes(4, "little") + self._bound.to_bytes(8, "little") + keys.tobytes()

    def __reduce__(self) -> Any:
        # pickled as to_bytes(), which names the curve (a module does not pickle)
        return (DecryptionTable.from_bytes, (self.to_bytes(),))

    @classmethod
    def from_bytes(cls, data: Any) -> "DecryptionTable":
        """Load a table saved by :meth:`to_bytes`; :class:`TableFormatError`
        for bytes that are not one (its first and last keys are checked
        against the curve)."""
        data = as_bytes(data, "decryption table")
        if not data.startswith(_MAGIC) or len(data) < len(_MAGIC) + 1:
            raise TableFormatError("not a pybls SHE decryption table (wrong header or version)")
        pos = len(_MAGIC)
        name_len = data[pos]
        name = data[pos + 1 : pos + 1 + name_len].decode("ascii", "replace")
        pos += 1 + name_len
        try:
            mod = resolve(name)
        except LookupError:
            raise TableFormatError(f"decryption table for an unknown curve {name!r}") from None
        if len(data) < pos + 13 or not 1 <= data[pos] <= 3:
            raise TableFormatError("decryption table: truncated header or unknown group")
        g = GROUPS[data[pos] - 1]
        n = int.from_bytes(data[pos + 1 : pos + 5], "little")
        b = int.from_bytes(data[pos + 5 : pos + 13], "little")
        try:
            _check_sizes(n, b)
        except ArgumentError as e:
            raise TableFormatError(f"decryption table: {e}") from None
        body = data[pos + 13 :]
        if len(body) != 8 * n:
            raise TableFormatError(f"decryption table: {n} entries need {8 * n} bytes, got {len(body)}")
        keys = array.array("Q")
        keys.frombytes(body)
        if sys.byteorder == "big":
            keys.byteswap()
        impl = _impl(mod, g)
        if keys[0] != impl.key_of_multiple(1) or keys[n - 1] != impl.key_of_multiple(n):
            raise TableFormatError(f"decryption table: its entries are not those of {g.upper()} of {name}")
        return cls._make(mod, g, n, b, impl, keys)

    def save(self, path: Any) -> None:
        """Write :meth:`to_bytes` to the file `path`."""
        with open(path, "wb") as f:
            f.write(self.to_bytes())

    @classmethod
    def load(cls, path: Any) -> "DecryptionTable":
        """Read a table saved with :meth:`save`."""
        with open(path, "rb") as f:
            return cls.from_bytes(f.read())

    # -- discrete logarithms ------------------------------------------------

    def log(self, element: Any) -> int:
        """The m with ``element == m * base`` (G1, G2: the generator) or
        ``element == base ** m`` (GT: e(G1 generator, G2 generator)), for
        |m| < bound; :class:`RangeError` if there is none."""
        impl = self._impl
        target = impl.check(element)
        if impl.is_zero(target):
            return 0
        return self._walk(target, impl.giant_keys(impl.prepare(target), self._s, 0, self._hi))

    def _log_difference(self, s_point: Any, t_point: Any, scalar: Any) -> int:
        """:meth:`log` of ``s_point - t_point * scalar`` (G1 or G2), the
        level-1 decryption of (S, T) with the secret `scalar`: the core
        computes that point, in constant time in the scalar, and the keys
        of the first giant steps in one call."""
        impl = self._impl
        if type(impl) is not _PointImpl:
            raise TypeError("a level-1 decryption takes a G1 or G2 table")
        target, keys = impl.difference_keys(s_point, t_point, scalar, self._s, self._hi)
        return self._walk(target, keys)

    def _walk(self, target: Any, keys: Sequence[int]) -> int:
        """The m of `target` from the keys of its first giant steps
        k = 0.._hi (`keys`), walking further steps while |m| may still be
        in range."""
        impl, bound, index, special, s = self._impl, self._bound, self._index, self._impl.special_key, self._s
        lo, hi = 0, self._hi
        # keys[2i] is that of target - k·s·base for k = lo + i (target =
        # (k·s ± j)·base), keys[2i + 1] that of target + k·s·base.
        while True:
            for i in [i for i, key in enumerate(keys) if key in index or key == special]:
                key, k, sign = keys[i], lo + i // 2, 1 - 2 * (i & 1)
                if key == special:  # maybe the identity: target = ±k·s·base (0 for k = 0)
                    ks = k * s * sign
                    for c in (ks, -ks):
                        if abs(c) < bound and impl.is_multiple(target, c):
                            return c
                    if key not in index:
                        continue
                # Keys are 64 bits of x: a match is checked on the group elements.
                extra = self._extra.get(key)
                for j in ([index[key]] + extra) if extra else (index[key],):
                    m = impl.locate(target, s, k, sign, j)
                    if m is not None and abs(m) < bound:
                        return m
            if hi >= self._k_max:
                break
            lo, hi = hi + 1, min(self._k_max, hi + 2 * (hi - lo + 1))
            keys = impl.giant_keys(impl.prepare(target), s, lo, hi)
        raise PlaintextRangeError(
            f"the plaintext is not in the range of the decryption table (|m| < {bound}); "
            "use a table with a larger bound"
        )


def _group(group: Any) -> str:
    if not isinstance(group, str) or group.lower() not in GROUPS:
        raise ArgumentError(f"group must be one of {', '.join(map(repr, GROUPS))}, not {group!r}")
    return group.lower()


def _check_sizes(n: int, b: int) -> None:
    if not 1 <= n <= _MAX_BABY:
        raise ArgumentError(f"baby_steps must be in [1, {_MAX_BABY}], got {n}")
    if not 1 <= b <= _MAX_BOUND:
        raise ArgumentError(f"bound must be in [1, 2**62], got {b}")


class _Impl(abc.ABC):
    """The group operations a table needs, for one group of one curve."""

    @abc.abstractmethod
    def check(self, element: Any) -> Any:
        """The element, validated as a member of the group."""

    @abc.abstractmethod
    def is_zero(self, element: Any) -> bool:
        """Whether the element is the group's identity."""

    @abc.abstractmethod
    def prepare(self, element: Any) -> Any:
        """The element in the form the table's steps take."""

    @abc.abstractmethod
    def baby_keys(self, n: int) -> List[int]:
        """The keys of 1, 2, ..., n times the base, in order."""

    @abc.abstractmethod
    def key_of_multiple(self, j: int) -> int:
        """The key of j times the base."""

    #: The key of the identity, which no table entry stands for.
    special_key: int

    @abc.abstractmethod
    def giant_keys(self, prepared: Any, s: int, lo: int, hi: int) -> Sequence[int]:
        """For k = lo..hi, the keys of prepared / h^k and prepared · h^k
        (h = base^s, written multiplicatively), one after the other."""

    @abc.abstractmethod
    def is_multiple(self, element: Any, m: int) -> bool:
        """Whether the element is m times the base (m may be negative)."""

    def locate(self, element: Any, s: int, k: int, sign: int, j: int) -> Optional[int]:
        """sign·k·s + j or sign·k·s - j, whichever `element` is the multiple
        of the base by; None if neither."""
        ks = sign * k * s
        for c in (ks + j, ks - j):
            if self.is_multiple(element, c):
                return c
        return None


class _PointImpl(_Impl):
    """G1 or G2: the table's keys from affine x coordinates computed in
    Python integers, many points per inversion (see _affine); the keys of
    the giant steps from the core (its step_keys), in one call per batch."""

    special_key = 0  # the core's key of the identity

    def __init__(self, cls: Any, degree: int) -> None:
        self.cls, self.base, self.degree = cls, cls.generator(), degree
        # The core's internal forms of the giant multiples k·s·base, k = 0, 1, ..., by s.
        self.giants: Dict[int, List[bytes]] = {}
        self.first_steps: Dict[Tuple[int, int], bytes] = {}  # (s, hi): giants 0..hi, joined
        self.neg_giants: Dict[Tuple[int, int], bytes] = {}  # (s, k): -k·s·base, as answers are checked
        self.lock = threading.Lock()  # tables of one curve and group share the lists
        # digits[i][d]: d·256^i·base, d = 0..255, for j·base as a sum of a few.
        self.digits: List[List[bytes]] = []
        # The core's keys must be those of the affine coordinates (of c0 in
        # Fp2: a saved table's entries are checked with them).
        core_keys = cls._step_keys(16, self.base.mul_vartime(3)._b, self.base._b, 1)
        if core_keys != struct.pack("<QQ", self.key_of_multiple(2), self.key_of_multiple(4)):
            raise NotImplementedError(f"decryption tables do not support {cls.__module__}.{cls.__name__}")

    def check(self, element: Any) -> Any:
        if type(element) is not self.cls:
            raise TypeError(f"this table takes {self.cls.__module__}.{self.cls.__name__} points")
        return element

    def is_zero(self, element: Any) -> bool:
        return element.is_identity()  # type: ignore[no-any-return]

    def prepare(self, element: Any) -> bytes:
        return element._b  # type: ignore[no-any-return]

    def key_of_multiple(self, j: int) -> int:
        x = self.base.mul_vartime(j).to_affine()[0]
        return (x if self.degree == 1 else x[0]) & _KEY_MASK  # type: ignore[no-any-return]

    def _step_keys(self, center: bytes, steps: Sequence[bytes]) -> "array.array[int]":
        keys = array.array("Q", self.cls._step_keys(16 * len(steps), center, b"".join(steps), len(steps)))
        if sys.byteorder == "big":
            keys.byteswap()
        return keys

    def baby_keys(self, n: int) -> List[int]:
        block = min(n, _BLOCK)
        add, base = self.cls._add, self.base._b
        steps = [self.cls.identity()._b, base]  # 0, 1, ..., block times base
        for _ in range(block - 1):
            steps.append(add(steps[-1], base))
        keys = list(self._step_keys(steps[0], steps)[2::2])  # 1..block
        stride = self.base.mul_vartime(2 * block + 1)._b
        center = stride
        while len(keys) < n:  # c·base - i·base, ..., c·base + i·base: entries c - block .. c + block
            around = self._step_keys(center, steps)
            keys.extend(around[-2:0:-2])
            keys.extend(around[1::2])
            center = add(center, stride)
        return keys[:n]

    def _giants(self, s: int, count: int) -> List[bytes]:
        """At least `count` giant multiples (k = 0..count - 1)."""
        g = self.giants.get(s)
        if g is not None and len(g) >= count:  # lists only grow: no lock to read
            return g
        with self.lock:
            g = self.giants.get(s)
            if g is None:
                g = self.giants[s] = [self.cls.identity()._b, self.base.mul_vartime(s)._b]
            if len(g) < count:
                add, step, acc = self.cls._add, g[1], g[-1]
                for _ in range(count - len(g)):
                    acc = add(acc, step)
                    g.append(acc)
            return g

    def giant_keys(self, prepared: bytes, s: int, lo: int, hi: int) -> Sequence[int]:
        return self._step_keys(prepared, self._giants(s, hi + 1)[lo : hi + 1])

    def difference_keys(self, s_point: Any, t_point: Any, scalar: Any, s: int, hi: int) -> Tuple[Any, Sequence[int]]:
        """R = s_point - t_point * scalar (constant time in the scalar) and
        the keys of R -/+ k·s·base, k = 0..hi, from one call into the core."""
        cls = self.cls
        steps = self.first_steps.get((s, hi))
        if steps is None:
            steps = self.first_steps[(s, hi)] = b"".join(self._giants(s, hi + 1))
        if type(s_point) is not cls or type(t_point) is not cls:
            self.check(t_point if type(s_point) is cls else s_point)  # raises TypeError
        size = len(cls._GENERATOR)
        sub = s_point._s & t_point._s  # both known to be in the subgroup
        out = cls._decrypt_keys(size + 16 * (hi + 1), s_point._b, t_point._b, scalar._b, sub, steps, hi + 1)
        keys = array.array("Q", out[size:])
        if sys.byteorder == "big":
            keys.byteswap()
        return _wrap_point(cls, out[:size], sub), keys

    def _multiple(self, j: int) -> bytes:
        """j·base (0 < j < 2^32) from its base-256 digits: a few additions."""
        add, digits, i = self.cls._add, self.digits, 0
        out: Optional[bytes] = None
        while j:
            if i == len(digits):
                with self.lock:
                    if i == len(digits):
                        step = self.base.mul_vartime(256**i)._b
                        row = [self.cls.identity()._b, step]
                        for _ in range(254):
                            row.append(add(row[-1], step))
                        digits.append(row)
            d = digits[i][j & 255]
            out = d if out is None else add(out, d)
            j, i = j >> 8, i + 1
        assert out is not None
        return out

    def locate(self, element: Any, s: int, k: int, sign: int, j: int) -> Optional[int]:
        # element - sign·k·s·base = ±j·base, j·base from small multiples.
        cls = self.cls
        if sign > 0:
            minus = self.neg_giants.get((s, k))
            if minus is None:
                minus = self.neg_giants[(s, k)] = cls._neg(self._giants(s, k + 1)[k])
        else:
            minus = self._giants(s, k + 1)[k]
        d = cls._add(element._b, minus)
        r = self._multiple(j)
        if cls._eq(d, r):
            return sign * k * s + j
        if cls._eq(d, cls._neg(r)):
            return sign * k * s - j
        return None

    def is_multiple(self, element: Any, m: int) -> bool:
        # A negative m as -(|m|·base): the core's scalar is then short.
        if m < 0:
            return self.base.mul_vartime(-m) == -element  # type: ignore[no-any-return]
        return self.base.mul_vartime(m) == element  # type: ignore[no-any-return]


class _GTImpl(_Impl):
    """GT: keys from the constant coefficient of the Fp12 encoding, which
    x and 1/x (its conjugate) share; products computed by the core, the
    keys of the giant steps in one call per batch (its gt_step_keys)."""

    special_key = 1  # the key of 1

    def __init__(self, cls: Any) -> None:
        self.cls = cls
        self.base = cls.generator()
        self.mul, self.inv, self.enc = cls._f_mul, cls._f_inv, cls._f_encode
        self.giants: Dict[int, List[bytes]] = {}  # h^k, h = base^s, k = 0, 1, ...
        self.lock = threading.Lock()
        if self.key_of(self.base._b) != self.key_of(self.inv(self.base._b)):
            raise NotImplementedError(f"decryption tables do not support {cls.__module__}.GT")

    def key_of(self, internal: bytes) -> int:
        return int.from_bytes(self.enc(internal)[-8:], "big")

    def check(self, element: Any) -> Any:
        if type(element) is not self.cls:
            raise TypeError(f"this table takes {self.cls.__module__}.GT elements")
        return element

    def is_zero(self, element: Any) -> bool:
        return element.is_one()  # type: ignore[no-any-return]

    def prepare(self, element: Any) -> bytes:
        return element._b  # type: ignore[no-any-return]

    def _power(self, j: int) -> bytes:
        """base^j (variable time; j is public here)."""
        return self.base.pow_vartime(j)._b  # type: ignore[no-any-return]

    def key_of_multiple(self, j: int) -> int:
        return self.key_of(self._power(j))

    def baby_keys(self, n: int) -> List[int]:
        mul, key_of, g = self.mul, self.key_of, self.base._b
        keys, acc = [], g
        for _ in range(n):
            keys.append(key_of(acc))
            acc = mul(acc, g)
        return keys

    def giant_keys(self, prepared: bytes, s: int, lo: int, hi: int) -> Sequence[int]:
        with self.lock:
            g = self.giants.setdefault(s, [])
            if not g:
                g += [self.cls._f_one(), self._power(s)]
            while len(g) <= hi:
                g.append(self.mul(g[-1], g[1]))
        # prepared / h^k and prepared * h^k, k = lo..hi, _GT_BLOCK per call.
        keys = array.array("Q")
        for a in range(lo, hi + 1, _GT_BLOCK):
            b = min(hi + 1, a + _GT_BLOCK)
            keys.frombytes(self.cls._f_step_keys(16 * (b - a), prepared, b"".join(g[a:b]), b - a))
        if sys.byteorder == "big":
            keys.byteswap()
        return keys

    def is_multiple(self, element: Any, m: int) -> bool:
        return self.cls._f_eq(self._power(m), element._b) == 1  # type: ignore[no-any-return]


_impls: Dict[Tuple[str, str], _Impl] = {}


def _impl(mod: ModuleType, g: str) -> _Impl:
    key = (name_of(mod), g)
    impl = _impls.get(key)
    if impl is None:
        if g == "gt":
            impl = _GTImpl(mod.GT)
        else:
            impl = _PointImpl(getattr(mod, g.upper()), 1 if g == "g1" else 2)
        _impls[key] = impl
    return impl
