"""SHE keys: encryption, decryption and the proofs that go with them.

The secret key is a pair of scalars (x, y); the public key is (xP, yQ)
for the generators P of G1 and Q of G2 (mcl's SHE uses the same keys over
hashed bases; these use the curve's generators).

>>> from pybls import she
>>> sk = she.SecretKey.generate()
>>> pk = sk.public_key()
>>> c = pk.enc_g1(3) + pk.enc_g1(4)
>>> sk.decrypt(c)
7
>>> sk.decrypt(pk.enc_g1(6) * pk.enc_g2(7))
42
>>> sk.is_zero(pk.enc_g2(5) - pk.enc_g2(5))
True
>>> she.PublicKey.from_bytes(pk.to_bytes()) == pk
True
>>> sk
SecretKey(<hidden>)
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Optional, Tuple, Union

from .._convert import as_bytes, as_int, check_length
from .._immutable import Immutable
from ..errors import ArgumentError, InvalidKeyError
from . import proofs
from ._curve import CurveLike, DEFAULT_CURVE, name_of, reduce_by_encoding, resolve
from .ciphertexts import CipherTextG1, CipherTextG2, CipherTextGT
from .table import DecryptionTable

__all__ = ["SecretKey", "PublicKey"]

CipherText = Union[CipherTextG1, CipherTextG2, CipherTextGT]
_GROUP_OF = {CipherTextG1: "g1", CipherTextG2: "g2", CipherTextGT: "gt"}


def _plaintext(curve: ModuleType, m: Any) -> Any:
    return curve.Scalar(as_int(m, "plaintext"))


def _bit(m: Any) -> int:
    # a yes/no vote: here a bool is the natural plaintext
    b = as_int(int(m) if isinstance(m, bool) else m, "plaintext")
    if b not in (0, 1):
        raise ArgumentError("this proof is for a plaintext 0 or 1 (the value is not shown: it is secret)")
    return b


class PublicKey:
    """A SHE public key (xP, yQ) of one curve: encryption, rerandomization
    and proof verification.

    >>> from pybls import she
    >>> pk = she.SecretKey.generate().public_key()
    >>> again = she.PublicKey.from_bytes(pk.to_bytes())
    >>> again.to_bytes() == pk.to_bytes(), again.curve.__name__
    (True, 'pybls.bls12_381')
    """

    __slots__ = ("_curve", "_xP", "_yQ", "_gt")
    _curve: ModuleType
    _xP: Any
    _yQ: Any
    _gt: Optional[Tuple[Any, Any, Any, Any]]

    def __init__(self) -> None:
        raise TypeError("use SecretKey.public_key() or PublicKey.from_bytes() to make a public key")

    @classmethod
    def _make(cls, curve: ModuleType, xP: Any, yQ: Any) -> "PublicKey":
        pk = object.__new__(cls)
        pk._curve, pk._xP, pk._yQ, pk._gt = curve, xP, yQ, None
        return pk

    @property
    def curve(self) -> ModuleType:
        """The curve module of the key."""
        return self._curve

    def _bases(self, group: str) -> Tuple[Any, Any]:
        """(P, xP) for ``"g1"``, (Q, yQ) for ``"g2"``."""
        if group == "g1":
            return self._curve.G1.generator(), self._xP
        return self._curve.G2.generator(), self._yQ

    def _gt_bases(self) -> Tuple[Any, Any, Any, Any]:
        """e(P, Q), e(xP, Q), e(P, yQ), e(xP, yQ), computed once."""
        if self._gt is None:
            c = self._curve
            P, Q = c.G1.generator(), c.G2.generator()
            self._gt = (c.GT.generator(), c.pairing(self._xP, Q), c.pairing(P, self._yQ), c.pairing(self._xP, self._yQ))
        return self._gt

    def precompute(self) -> "PublicKey":
        """Compute now the three pairings of the key that GT encryption and
        the GT decryption proof use (otherwise computed on first use and
        kept); returns the key itself."""
        self._gt_bases()
        return self

    # -- encryption ---------------------------------------------------------

    def _enc_point(self, group: str, m: Any, r: Any) -> Tuple[Any, Any]:
        base, pub = self._bases(group)
        return base * m + pub * r, base * r

    def enc_g1(self, m: int) -> CipherTextG1:
        """Encrypt the integer `m` (taken modulo r; decryption recovers
        small |m|) in G1: (m·P + r·xP, r·P) for a random r."""
        r = self._curve.Scalar.random()
        return CipherTextG1._make(self._curve, *self._enc_point("g1", _plaintext(self._curve, m), r))

    def enc_g2(self, m: int) -> CipherTextG2:
        """Encrypt `m` in G2: (m·Q + r·yQ, r·Q)."""
        r = self._curve.Scalar.random()
        return CipherTextG2._make(self._curve, *self._enc_point("g2", _plaintext(self._curve, m), r))

    def enc_gt(self, m: int) -> CipherTextGT:
        """Encrypt `m` in GT: with e = e(P, Q) and random a, b, c,
        (e^m · e(xP, yQ)^a, e(xP, Q)^b, e(P, yQ)^c, e^(b + c - a))."""
        Sc = self._curve.Scalar
        e, ex, ey, exy = self._gt_bases()
        a, b, c = Sc.random(), Sc.random(), Sc.random()
        return CipherTextGT._make(self._curve, (e ** _plaintext(self._curve, m) * exy ** a, ex ** b, ey ** c, e ** (b + c - a)))

    def rerandomize(self, ct: CipherText) -> CipherText:
        """``ct.rerandomize(self)``."""
        return ct.rerandomize(self)

    # -- proofs -------------------------------------------------------------

    def enc_with_proof_bin(self, m: int, group: str = "g1") -> Tuple[Union[CipherTextG1, CipherTextG2], proofs.ZkpBin]:
        """Encrypt `m`, which must be 0 or 1 (or False or True), in ``group``
        (``"g1"`` or ``"g2"``), with a :class:`~pybls.she.ZkpBin` proof that
        it is 0 or 1."""
        b = _bit(m)
        if group not in ("g1", "g2"):
            raise ArgumentError(f"group must be 'g1' or 'g2', not {group!r}")
        r = self._curve.Scalar.random()
        S, T = self._enc_point(group, self._curve.Scalar(b), r)
        cls = CipherTextG1 if group == "g1" else CipherTextG2
        return cls._make(self._curve, S, T), proofs.prove_bin(self, group, b, r, S, T)

    def verify_bin(self, ct: Union[CipherTextG1, CipherTextG2], proof: proofs.ZkpBin) -> bool:
        """Whether `proof` shows that `ct` (G1 or G2) encrypts 0 or 1 under this key."""
        return proofs.verify_bin(self, ct, proof)

    def enc_with_proof_eq(self, m: int) -> Tuple[CipherTextG1, CipherTextG2, proofs.ZkpEq]:
        """Encrypt `m` in G1 and in G2, with a :class:`~pybls.she.ZkpEq`
        proof that the two ciphertexts hold the same value."""
        Sc, mm = self._curve.Scalar, _plaintext(self._curve, m)
        p, s = Sc.random(), Sc.random()
        c1 = CipherTextG1._make(self._curve, *self._enc_point("g1", mm, p))
        c2 = CipherTextG2._make(self._curve, *self._enc_point("g2", mm, s))
        return c1, c2, proofs.prove_eq(self, mm, p, s, c1, c2)

    def verify_eq(self, c1: CipherTextG1, c2: CipherTextG2, proof: proofs.ZkpEq) -> bool:
        """Whether `proof` shows that `c1` and `c2` hold the same value."""
        return proofs.verify_eq(self, c1, c2, proof)

    def enc_with_proof_bin_eq(self, m: int) -> Tuple[CipherTextG1, CipherTextG2, proofs.ZkpBinEq]:
        """Encrypt `m`, 0 or 1, in G1 and in G2, with a
        :class:`~pybls.she.ZkpBinEq` proof that both hold the same bit."""
        b = _bit(m)
        Sc = self._curve.Scalar
        p, s = Sc.random(), Sc.random()
        c1 = CipherTextG1._make(self._curve, *self._enc_point("g1", Sc(b), p))
        c2 = CipherTextG2._make(self._curve, *self._enc_point("g2", Sc(b), s))
        return c1, c2, proofs.prove_bin_eq(self, b, p, s, c1, c2)

    def verify_bin_eq(self, c1: CipherTextG1, c2: CipherTextG2, proof: proofs.ZkpBinEq) -> bool:
        """Whether `proof` shows that `c1` and `c2` hold the same bit."""
        return proofs.verify_bin_eq(self, c1, c2, proof)

    def verify_decryption(self, ct: CipherText, m: int, proof: Union[proofs.ZkpDec, proofs.ZkpDecGT]) -> bool:
        """Whether `proof` (from :meth:`SecretKey.decrypt_with_proof`) shows
        that `ct` decrypts to `m` under this key. The plaintexts are the
        integers modulo r, and `m` is taken as decryption gives it: the
        signed representative, |m| <= (r - 1) / 2; any other integer (m
        plus a multiple of r) is not what `ct` decrypts to, and gets False.

        >>> from pybls import she
        >>> sk = she.SecretKey.generate(); pk = sk.public_key()
        >>> ct = pk.enc_g1(-7)
        >>> m, proof = sk.decrypt_with_proof(ct)
        >>> m, pk.verify_decryption(ct, m, proof), pk.verify_decryption(ct, m + pk.curve.Scalar.R, proof)
        (-7, True, False)
        """
        mm = as_int(m, "plaintext")
        if abs(mm) > (self._curve.Scalar.R - 1) // 2:
            return False
        if type(ct) is CipherTextGT:
            return proofs.verify_dec_gt(self, ct, mm, proof)
        if type(ct) in (CipherTextG1, CipherTextG2):
            return proofs.verify_dec(self, ct, mm, proof)
        raise TypeError(f"verify_decryption takes a ciphertext, not {type(ct).__name__}")

    # -- encoding -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """xP then yQ, in the curve's compressed encodings."""
        return self._xP.to_bytes(compressed=True) + self._yQ.to_bytes(compressed=True)  # type: ignore[no-any-return]

    __reduce__ = reduce_by_encoding

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @classmethod
    def from_bytes(cls, data: Any, curve: CurveLike = DEFAULT_CURVE) -> "PublicKey":
        """Decode :meth:`to_bytes`; the points are checked as by the
        decoders, and an identity point raises
        :class:`~pybls.errors.InvalidKeyError`."""
        mod = resolve(curve)
        data = as_bytes(data, "SHE public key")
        n1, n2 = mod.G1._COMPRESSED, mod.G2._COMPRESSED
        check_length(data, (n1 + n2,), f"a SHE public key of {mod.__name__}")
        xP, yQ = mod.G1.from_bytes(data[:n1]), mod.G2.from_bytes(data[n1:])
        if xP.is_identity() or yQ.is_identity():
            raise InvalidKeyError("a SHE public key has no identity point")
        return cls._make(mod, xP, yQ)

    def __eq__(self, other: object) -> bool:
        if type(other) is not PublicKey:
            return NotImplemented
        return self._curve is other._curve and self._xP == other._xP and self._yQ == other._yQ

    def __hash__(self) -> int:
        return hash(self.to_bytes())

    def __repr__(self) -> str:
        return f"PublicKey({name_of(self._curve)}, 0x{self.to_bytes().hex()[:16]}\u2026)"


class SecretKey(Immutable):
    """A SHE secret key (x, y), two nonzero scalars of one curve.

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(curve="bn254_nogami")
    >>> pk = sk.public_key()
    >>> table = she.DecryptionTable.build("bn254_nogami", bound=1000, baby_steps=32)
    >>> sk.decrypt(pk.enc_g1(-12) * 3, table), sk.is_zero(pk.enc_g1(5) - pk.enc_g1(5))
    (-36, True)
    """

    __slots__ = ("_curve", "_x", "_y", "_pk")
    _curve: ModuleType
    _x: Any
    _y: Any
    _pk: Optional[PublicKey]

    def __init__(self) -> None:
        raise TypeError("use SecretKey.generate() or SecretKey.from_bytes() to make a secret key")

    @classmethod
    def _make(cls, curve: ModuleType, x: Any, y: Any) -> "SecretKey":
        if x.is_zero() or y.is_zero():
            raise InvalidKeyError("a SHE secret key has nonzero scalars")
        sk = object.__new__(cls)
        sk._curve, sk._x, sk._y, sk._pk = curve, x, y, None
        return sk

    @classmethod
    def generate(cls, curve: CurveLike = DEFAULT_CURVE) -> "SecretKey":
        """A random key on `curve` (a name or module; default BLS12-381,
        ``"bn254_nogami"`` is mcl's default curve)."""
        mod = resolve(curve)
        while True:
            x, y = mod.Scalar.random(), mod.Scalar.random()
            if not (x.is_zero() or y.is_zero()):
                return cls._make(mod, x, y)

    @property
    def curve(self) -> ModuleType:
        """The curve module of the key."""
        return self._curve

    def public_key(self) -> PublicKey:
        """(x·P, y·Q)."""
        if self._pk is None:
            c = self._curve
            self._pk = PublicKey._make(c, c.G1.generator() * self._x, c.G2.generator() * self._y)
        return self._pk

    # -- decryption ---------------------------------------------------------

    def _level1_point(self, ct: Union[CipherTextG1, CipherTextG2]) -> Any:
        """m·P (or m·Q): S - x·T (S - y·T), in constant time."""
        S, T = ct.components
        return S - T * (self._x if type(ct) is CipherTextG1 else self._y)

    def _gt_value(self, ct: CipherTextGT) -> Any:
        """e(P, Q)^m = g0 · (g3^x / g1)^y / g2^x."""
        g0, g1, g2, g3 = ct.components
        return g0 * (g3 ** self._x / g1) ** self._y / g2 ** self._x

    def _check(self, ct: Any) -> str:
        group = _GROUP_OF.get(type(ct))
        if group is None:
            raise TypeError(f"decryption takes a SHE ciphertext, not {type(ct).__name__}")
        if ct.curve is not self._curve:
            raise TypeError("the ciphertext is of another curve than the key")
        return group

    def decrypt(self, ct: CipherText, table: Optional[DecryptionTable] = None) -> int:
        """The plaintext of `ct` (any level) as a signed integer, found with
        `table` (default: :meth:`DecryptionTable.default` of the
        ciphertext's curve and group; |m| < 2**31 at level 1, 2**24 in GT);
        :class:`~pybls.she.RangeError` when it is outside the table's range."""
        group = self._check(ct)
        if table is None:
            table = DecryptionTable.default(self._curve, group)
        elif type(table) is not DecryptionTable or table.curve is not self._curve or table.group != group:
            raise TypeError(f"decrypting a {type(ct).__name__} needs a {group.upper()} table of {name_of(self._curve)}")
        if group == "gt":
            return table.log(self._gt_value(ct))  # type: ignore[arg-type]
        return table._log_difference(ct._S, ct._T, self._x if group == "g1" else self._y)  # type: ignore[union-attr]

    def is_zero(self, ct: CipherText) -> bool:
        """Whether `ct` encrypts 0 (no table needed)."""
        group = self._check(ct)
        if group == "gt":
            return self._gt_value(ct).is_one()  # type: ignore[arg-type, no-any-return]
        S, T = ct.components
        return S == T * (self._x if group == "g1" else self._y)  # type: ignore[no-any-return]

    def decrypt_with_proof(
        self, ct: CipherText, table: Optional[DecryptionTable] = None
    ) -> Tuple[int, Union[proofs.ZkpDec, proofs.ZkpDecGT]]:
        """The plaintext m of `ct` and a proof, checked by
        ``pk.verify_decryption(ct, m, proof)``, that `ct` decrypts to m.

        >>> from pybls import she
        >>> sk = she.SecretKey.generate("bn254")
        >>> pk = sk.public_key()
        >>> tally = sum((pk.enc_g1(v) for v in [1, 0, 1, 1]), pk.enc_g1(0))
        >>> m, proof = sk.decrypt_with_proof(tally)
        >>> m, pk.verify_decryption(tally, m, proof), pk.verify_decryption(tally, m + 1, proof)
        (3, True, False)
        """
        m = self.decrypt(ct, table)
        pk = self.public_key()
        if type(ct) is CipherTextGT:
            return m, proofs.prove_dec_gt(pk, self._x, self._y, ct, m)
        return m, proofs.prove_dec(pk, self._x if type(ct) is CipherTextG1 else self._y, ct, m)

    # -- encoding -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """x then y, 32 bytes big-endian each. Keep it secret."""
        return self._x.to_bytes() + self._y.to_bytes()  # type: ignore[no-any-return]

    @classmethod
    def from_bytes(cls, data: Any, curve: CurveLike = DEFAULT_CURVE) -> "SecretKey":
        """Decode :meth:`to_bytes`: :class:`~pybls.errors.InvalidLengthError`,
        :class:`~pybls.errors.NonCanonicalError` for a scalar >= r,
        :class:`~pybls.errors.InvalidKeyError` for a zero scalar."""
        mod = resolve(curve)
        data = as_bytes(data, "SHE secret key")
        n = mod.Scalar._BYTES
        check_length(data, (2 * n,), f"a SHE secret key of {mod.__name__}")
        return cls._make(mod, mod.Scalar.from_bytes(data[:n]), mod.Scalar.from_bytes(data[n:]))

    def __repr__(self) -> str:
        return "SecretKey(<hidden>)"

    def __reduce__(self) -> Any:
        raise TypeError("SHE secret keys are not pickled; use to_bytes() and store it securely")
