"""Decryption tables: small discrete logarithms by baby-step giant-step.

Decrypting a SHE ciphertext yields m·P (or e(P, Q)^m); m is recovered by
looking points up in a table. A table of `baby_steps` = N entries holds a
64-bit key of each of P, 2P, ..., NP (the low bits of the x coordinate;
P and -P share x, so the table covers -N..N), and finds m with
|m| < `bound` by walking giant steps of (2N + 1)P from the target in both
directions. Every answer is checked by recomputing m·P (a variable-time
multiplication by the small m), so a key collision never yields a wrong
number; a value outside the range raises :class:`RangeError`.

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
variable time in m, as in every table-based decryption.
"""

from __future__ import annotations

import abc
import array
import sys
import threading
from types import ModuleType
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .. import _lib
from .._convert import as_bytes, as_int
from ..errors import ArgumentError, PlaintextRangeError, TableFormatError
from ._affine import Affine, Field
from ._curve import CurveLike, DEFAULT_CURVE, name_of, resolve

__all__ = ["DecryptionTable", "RangeError", "DEFAULT_RANGES"]

RangeError = PlaintextRangeError

GROUPS = ("g1", "g2", "gt")

#: (baby_steps, bound) of the default table of each group.
DEFAULT_RANGES: Dict[str, Tuple[int, int]] = {"g1": (1 << 16, 1 << 31), "g2": (1 << 16, 1 << 31), "gt": (1 << 13, 1 << 24)}

_MAGIC = b"PYBLS-SHE-DLP\x01"
_MAX_BABY = 1 << 26
_MAX_BOUND = 1 << 62
_BLOCK = 256  # baby steps computed per shared inversion
_FIRST_GIANTS = 8  # giant steps tried first (small values decrypt fast)

_defaults: Dict[Tuple[str, str], "DecryptionTable"] = {}


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

    __slots__ = ("_curve", "_group", "_n", "_bound", "_keys", "_index", "_extra", "_impl")
    _curve: ModuleType
    _group: str
    _n: int
    _bound: int
    _keys: "array.array[int]"
    _index: Dict[int, int]
    _extra: Dict[int, List[int]]
    _impl: "_Impl"

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
        mod, g = resolve(curve), _group(group)
        key = (name_of(mod), g)
        table = _defaults.get(key)
        if table is None:
            table = _defaults[key] = cls.build(mod, g)
        return table

    def set_default(self) -> None:
        """Make this table the one decryption uses for its curve and group
        (a table loaded with :meth:`from_bytes`, built once elsewhere)."""
        _defaults[(name_of(self._curve), self._group)] = self

    @classmethod
    def _make(cls, mod: ModuleType, g: str, n: int, b: int, impl: "_Impl", keys: Sequence[int]) -> "DecryptionTable":
        t: DecryptionTable = object.__new__(cls)
        t._curve, t._group, t._n, t._bound, t._impl = mod, g, n, b, impl
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
        n, s, bound = self._n, 2 * self._n + 1, self._bound
        pos = impl.prepare(target)
        # k = 0: the target itself is ±j·base.
        m = self._match(impl.key_of(pos), 0, target)
        if m is not None:
            return m
        k_max = max(0, -(-(bound - 1 - n) // s))
        lo, size = 1, _FIRST_GIANTS
        while lo <= k_max:
            hi = min(k_max, lo + size - 1)
            for k, (key_minus, key_plus) in zip(range(lo, hi + 1), impl.giant_keys(pos, s, lo, hi)):
                # key_minus is that of target - k·s·base: target = (k·s ± j)·base.
                for key, ks in ((key_minus, k * s), (key_plus, -k * s)):
                    if key is None:  # target = ±k·s·base
                        for c in (ks, -ks):
                            if abs(c) < bound and impl.is_multiple(target, c):
                                return c
                        continue
                    m = self._match(key, ks, target)
                    if m is not None:
                        return m
            lo, size = hi + 1, size * 2
        raise PlaintextRangeError(
            f"the plaintext is not in the range of the decryption table (|m| < {bound}); "
            "use a table with a larger bound"
        )

    def _match(self, key: int, ks: int, target: Any) -> Optional[int]:
        j = self._index.get(key)
        if j is None:
            return None
        for jj in [j] + self._extra.get(key, []):
            for c in (ks + jj, ks - jj):
                if abs(c) < self._bound and self._impl.is_multiple(target, c):
                    return c
        return None


def _known(key: Optional[int]) -> int:
    if key is None:  # c·base = ±i·base cannot happen for i <= block < c < r / 2
        raise AssertionError("decryption table: unexpected coincident points")
    return key


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

    def key_of(self, prepared: Any) -> int:
        raise NotImplementedError

    def baby_keys(self, n: int) -> List[int]:
        raise NotImplementedError

    def key_of_multiple(self, j: int) -> int:
        raise NotImplementedError

    def giant_keys(self, prepared: Any, s: int, lo: int, hi: int) -> List[Tuple[Optional[int], Optional[int]]]:
        raise NotImplementedError

    def is_multiple(self, element: Any, m: int) -> bool:
        raise NotImplementedError


class _PointImpl(_Impl):
    """G1 or G2: keys from affine x coordinates computed in Python
    integers, many points per inversion (see _affine)."""

    def __init__(self, cls: Any, degree: int, modulus: int, inverse: Callable[[int], int]) -> None:
        self.cls, self.base = cls, cls.generator()
        self.field = Field(modulus, degree, inverse)
        self.giants: Dict[int, List[Affine]] = {}  # giant multiples k·s·base by s, k = 1, 2, ...
        self.lock = threading.Lock()  # tables of one curve and group share the lists
        # The Python arithmetic assumes Fp2 = Fp[u]/(u² + 1): check it on small multiples.
        one, three = self.affine(self.base), self.affine(self.base.mul_vartime(3))
        four = self.field.add_to_all([one], three)[0]
        around = self.field.keys_around(three, [one])[0]
        if four is None or self.field.key(four[0]) != self.key_of_multiple(4) or four != self.affine(self.base.mul_vartime(4)) \
                or around != (self.key_of_multiple(2), self.key_of_multiple(4)):
            raise NotImplementedError(f"decryption tables do not support {cls.__module__}.{cls.__name__}")

    def affine(self, P: Any) -> Affine:
        return P.to_affine()  # type: ignore[no-any-return]

    def check(self, element: Any) -> Any:
        if type(element) is not self.cls:
            raise TypeError(f"this table takes {self.cls.__module__}.{self.cls.__name__} points")
        return element

    def is_zero(self, element: Any) -> bool:
        return element.is_identity()  # type: ignore[no-any-return]

    def prepare(self, element: Any) -> Affine:
        return self.affine(element)

    def key_of(self, prepared: Affine) -> int:
        return self.field.key(prepared[0])

    def key_of_multiple(self, j: int) -> int:
        return self.field.key(self.affine(self.base.mul_vartime(j))[0])

    def baby_keys(self, n: int) -> List[int]:
        key, block = self.field.key, min(n, _BLOCK)
        near: List[Affine] = []  # i·base, i = 1..block, through the core
        acc = self.base
        for _ in range(block):
            near.append(self.affine(acc))
            acc = acc + self.base
        keys = [key(x) for x, _ in near]
        c = 2 * block + 1
        while len(keys) < n:  # c·base ± i·base: entries c - block .. c + block
            center = self.affine(self.base.mul_vartime(c))
            around = self.field.keys_around(center, near)
            keys.extend(_known(k) for k, _ in reversed(around))
            keys.append(key(center[0]))
            keys.extend(_known(k) for _, k in around)
            c += 2 * block + 1
        return keys[:n]

    def _giants(self, s: int, count: int) -> List[Affine]:
        with self.lock:
            return self._extend_giants(s, count)

    def _extend_giants(self, s: int, count: int) -> List[Affine]:
        g = self.giants.get(s)
        if g is None:
            g = self.giants[s] = [self.affine(self.base.mul_vartime(s))]
        while len(g) < count:  # (L + i)·s·base = L·s·base + i·s·base, i = 1..L
            length = len(g)
            nxt = self.field.add_to_all(g, g[-1])
            for i, p in enumerate(nxt):
                g.append(p if p is not None else self.affine(self.base.mul_vartime((length + i + 1) * s)))
        return g

    def giant_keys(self, prepared: Affine, s: int, lo: int, hi: int) -> List[Tuple[Optional[int], Optional[int]]]:
        g = self._giants(s, hi)
        return self.field.keys_around(prepared, g[lo - 1 : hi])

    def is_multiple(self, element: Any, m: int) -> bool:
        return self.base.mul_vartime(m) == element  # type: ignore[no-any-return]


class _GTImpl(_Impl):
    """GT: keys from the constant coefficient of the Fp12 encoding, which
    x and 1/x (its conjugate) share; products computed by the core."""

    def __init__(self, cls: Any) -> None:
        self.cls = cls
        self.base = cls.generator()
        self.mul, self.inv, self.enc, self.sqr = cls._f_mul, cls._f_inv, cls._f_encode, cls._f_sqr
        self.giants: Dict[int, List[Tuple[bytes, bytes]]] = {}  # (h^k, h^-k), h = base^s
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
        """base^|j| by square-and-multiply (variable time; j is public here)."""
        e, g = abs(j), self.base._b
        acc = self.cls._f_one()
        for bit in bin(e)[2:]:
            acc = self.sqr(acc)
            if bit == "1":
                acc = self.mul(acc, g)
        return acc if j >= 0 else self.inv(acc)  # type: ignore[no-any-return]

    def key_of_multiple(self, j: int) -> int:
        return self.key_of(self._power(j))

    def baby_keys(self, n: int) -> List[int]:
        mul, key_of, g = self.mul, self.key_of, self.base._b
        keys, acc = [], g
        for _ in range(n):
            keys.append(key_of(acc))
            acc = mul(acc, g)
        return keys

    def giant_keys(self, prepared: bytes, s: int, lo: int, hi: int) -> List[Tuple[Optional[int], Optional[int]]]:
        with self.lock:
            g = self.giants.setdefault(s, [])
            if not g:
                h = self._power(s)
                g.append((h, self.inv(h)))
            while len(g) < hi:
                h = self.mul(g[-1][0], g[0][0])
                g.append((h, self.inv(h)))
        mul, key_of, one = self.mul, self.key_of, self.cls._f_is_one
        out: List[Tuple[Optional[int], Optional[int]]] = []
        for h, hinv in g[lo - 1 : hi]:  # prepared / h^k and prepared * h^k
            a, b = mul(prepared, hinv), mul(prepared, h)
            ka, kb = key_of(a), key_of(b)
            # 1 (whose key is 1) is not in the table: None makes the caller try ±k·s.
            out.append((None if ka == 1 and one(a) else ka, None if kb == 1 and one(b) else kb))
        return out

    def is_multiple(self, element: Any, m: int) -> bool:
        return self.cls._f_eq(self._power(m), element._b) == 1  # type: ignore[no-any-return]


_impls: Dict[Tuple[str, str], _Impl] = {}


def _fp_inverse(mod: ModuleType) -> Callable[[int], int]:
    """The inverse mod p of the curve's core, for ints (public values)."""
    name = name_of(mod)
    b: Any = _lib if name == "bls12_381" else _lib.curve_binding(name)
    size: int = mod.G1._FP
    to_fp, inv, from_fp = b.fp_from_bytes, b.fp_inv, b.fp_to_bytes

    def inverse(a: int) -> int:
        return int.from_bytes(from_fp(inv(to_fp(a.to_bytes(size, "big")))), "big")

    return inverse


def _impl(mod: ModuleType, g: str) -> _Impl:
    key = (name_of(mod), g)
    impl = _impls.get(key)
    if impl is None:
        if g == "gt":
            impl = _GTImpl(mod.GT)
        else:
            impl = _PointImpl(getattr(mod, g.upper()), 1 if g == "g1" else 2, mod.FIELD_MODULUS, _fp_inverse(mod))
        _impls[key] = impl
    return impl
