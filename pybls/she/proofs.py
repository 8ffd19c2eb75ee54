"""Non-interactive zero-knowledge proofs about SHE ciphertexts.

Sigma protocols made non-interactive with the Fiat–Shamir transform. The
challenge is a scalar hashed from the public key, the statement (the
ciphertexts, and the plaintext for a decryption proof) and the prover's
commitments: RFC 9380's expand_message_xmd with SHA-256, 64 bytes reduced
modulo r, under the domain separation tag
``PYBLS-SHE-V01-<CURVE>-<PROOF>`` (for example
``PYBLS-SHE-V01-BLS12_381-ZKPBIN-G1``), so a proof is bound to its key,
its curve and its kind. The relations are those of mcl's SHE (its
misc/she/nizkp.pdf), except ZkpBinEq (an OR of two equality proofs, six
scalars) and the GT decryption proof; the proofs are not mcl's bytes.

* :class:`ZkpBin`: a G1 or G2 ciphertext holds 0 or 1 (an OR proof);
* :class:`ZkpEq`: a G1 and a G2 ciphertext hold the same value;
* :class:`ZkpBinEq`: both, with the value 0 or 1;
* :class:`ZkpDec` and :class:`ZkpDecGT`: a decryption is correct (the
  secret key behind the public key maps the ciphertext to m).

Each proof is a few scalars, encoded 32 bytes each (big-endian);
``from_bytes`` rejects a wrong length or a scalar >= r with a
:mod:`pybls.errors` exception, and verification returns False for a
forged proof or one made for another ciphertext or key.

>>> from pybls import she
>>> pk = she.SecretKey.generate().public_key()
>>> c, proof = pk.enc_with_proof_bin(1)
>>> pk.verify_bin(c, proof), pk.verify_bin(pk.enc_g1(1), proof)
(True, False)
>>> pk.verify_bin(c, she.ZkpBin.from_bytes(proof.to_bytes()))
True
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar, List, Sequence, Tuple, Type, TypeVar

from .._convert import as_bytes, check_length
from ..hashing import expand_message_xmd
from ..points import G1Point, G2Point
from ._curve import CurveLike, DEFAULT_CURVE, name_of, reduce_by_encoding, resolve
from .ciphertexts import CipherTextG1, CipherTextG2, CipherTextGT

__all__ = ["ZkpBin", "ZkpEq", "ZkpBinEq", "ZkpDec", "ZkpDecGT"]

_Z = TypeVar("_Z", bound="_Proof")


class _Proof:
    """A proof: `_COUNT` scalars of one curve; immutable."""

    __slots__ = ("_curve", "_s")
    _curve: ModuleType
    _s: Tuple[Any, ...]
    _COUNT: ClassVar[int]

    def __init__(self) -> None:
        raise TypeError(f"{type(self).__name__} proofs come from the prover or {type(self).__name__}.from_bytes")

    @classmethod
    def _make(cls: Type[_Z], curve: ModuleType, scalars: Sequence[Any]) -> _Z:
        z = object.__new__(cls)
        z._curve, z._s = curve, tuple(scalars)
        assert len(z._s) == cls._COUNT
        return z

    @property
    def curve(self) -> ModuleType:
        """The curve module of the proof."""
        return self._curve

    def to_bytes(self) -> bytes:
        """The scalars, 32 bytes big-endian each."""
        return b"".join(s.to_bytes() for s in self._s)

    __reduce__ = reduce_by_encoding

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @classmethod
    def from_bytes(cls: Type[_Z], data: Any, curve: CurveLike = DEFAULT_CURVE) -> _Z:
        """Decode :meth:`to_bytes`: :class:`~pybls.errors.InvalidLengthError`
        for a wrong length, :class:`~pybls.errors.NonCanonicalError` for a
        scalar >= r."""
        mod = resolve(curve)
        data = as_bytes(data, f"{cls.__name__} encoding")
        n = mod.Scalar._BYTES
        check_length(data, (cls._COUNT * n,), f"a {cls.__name__} of {mod.__name__}")
        return cls._make(mod, [mod.Scalar.from_bytes(data[i * n : (i + 1) * n]) for i in range(cls._COUNT)])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Proof)
        return self._curve is other._curve and self.to_bytes() == other.to_bytes()

    def __hash__(self) -> int:
        return hash(self.to_bytes())

    def __repr__(self) -> str:
        return f"{type(self).__name__}(0x{self.to_bytes().hex()[:16]}\u2026)"


class ZkpBin(_Proof):
    """A G1 or G2 ciphertext encrypts 0 or 1 (``pk.enc_with_proof_bin``,
    ``pk.verify_bin``): challenges d0, d1 and responses s0, s1.

    >>> from pybls import she
    >>> pk = she.SecretKey.generate().public_key()
    >>> ct, proof = pk.enc_with_proof_bin(0, group="g2")
    >>> pk.verify_bin(ct, proof), pk.verify_bin(pk.enc_g2(0), proof)
    (True, False)
    """

    __slots__ = ()
    _COUNT = 4


class ZkpEq(_Proof):
    """A G1 and a G2 ciphertext encrypt the same value
    (``pk.enc_with_proof_eq``, ``pk.verify_eq``).

    >>> from pybls import she
    >>> pk = she.SecretKey.generate().public_key()
    >>> c1, c2, proof = pk.enc_with_proof_eq(12)
    >>> pk.verify_eq(c1, c2, proof), pk.verify_eq(c1, pk.enc_g2(12), proof)
    (True, False)
    """

    __slots__ = ()
    _COUNT = 4


class ZkpBinEq(_Proof):
    """A G1 and a G2 ciphertext encrypt the same value, 0 or 1
    (``pk.enc_with_proof_bin_eq``, ``pk.verify_bin_eq``).

    >>> from pybls import she
    >>> pk = she.SecretKey.generate().public_key()
    >>> c1, c2, proof = pk.enc_with_proof_bin_eq(1)
    >>> pk.verify_bin_eq(c1, c2, proof), she.ZkpBinEq.from_bytes(proof.to_bytes()).to_bytes() == proof.to_bytes()
    (True, True)
    """

    __slots__ = ()
    _COUNT = 6


class ZkpDec(_Proof):
    """A G1 or G2 ciphertext decrypts to m (``sk.decrypt_with_proof``,
    ``pk.verify_decryption``): a Chaum–Pedersen proof that one secret
    scalar links the public key and the ciphertext.

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(); pk = sk.public_key()
    >>> ct = pk.enc_g1(9)
    >>> m, proof = sk.decrypt_with_proof(ct, she.DecryptionTable.build(bound=100, baby_steps=16))
    >>> m, type(proof).__name__, pk.verify_decryption(ct, m, proof), pk.verify_decryption(ct, m + 1, proof)
    (9, 'ZkpDec', True, False)
    """

    __slots__ = ()
    _COUNT = 2


class ZkpDecGT(_Proof):
    """A GT ciphertext decrypts to m (``sk.decrypt_with_proof``,
    ``pk.verify_decryption``).

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(); pk = sk.public_key()
    >>> ct = pk.enc_gt(3)
    >>> m, proof = sk.decrypt_with_proof(ct, she.DecryptionTable.build(group="gt", bound=100, baby_steps=16))
    >>> m, type(proof).__name__, pk.verify_decryption(ct, m, proof)
    (3, 'ZkpDecGT', True)
    """

    __slots__ = ()
    _COUNT = 4


# -- the challenge -----------------------------------------------------------


def challenge(curve: ModuleType, tag: str, pk: Any, *parts: Any) -> Any:
    """The Fiat–Shamir challenge: a scalar hashed from the public key and
    `parts` (points, GT elements, scalars; fixed-size encodings, so their
    concatenation is unambiguous) under the tag's domain."""
    msg = [pk.to_bytes()]
    for p in parts:
        msg.append(p.to_bytes(compressed=True) if isinstance(p, (G1Point, G2Point)) else p.to_bytes())
    dst = f"PYBLS-SHE-V01-{name_of(curve).upper()}-{tag}".encode()
    return curve.Scalar.from_bytes_wide(expand_message_xmd(b"".join(msg), dst, 64))


def _group_of(ct: Any) -> str:
    return "g1" if type(ct) is CipherTextG1 else "g2"


# -- ZkpBin ------------------------------------------------------------------


def prove_bin(pk: Any, group: str, m: int, r: Any, S: Any, T: Any) -> ZkpBin:
    """The OR proof that (S, T) = Enc(m; r) with m in {0, 1}: the branch of
    m is proved, the other simulated with a chosen challenge."""
    curve, Sc = pk.curve, pk.curve.Scalar
    base, pub = pk._bases(group)
    f = 1 - m
    d, s = [Sc(0), Sc(0)], [Sc(0), Sc(0)]
    d[f], s[f], k = Sc.random(), Sc.random(), Sc.random()
    R0, R1 = [base, base], [base, base]
    R0[f] = base * s[f] - T * d[f]
    R1[f] = pub * s[f] - (S - base * f) * d[f]
    R0[m], R1[m] = base * k, pub * k
    c = challenge(curve, f"ZKPBIN-{group.upper()}", pk, S, T, R0[0], R0[1], R1[0], R1[1])
    d[m] = c - d[f]
    s[m] = k + d[m] * r
    return ZkpBin._make(curve, (d[0], d[1], s[0], s[1]))


def verify_bin(pk: Any, ct: Any, proof: Any) -> bool:
    if type(ct) not in (CipherTextG1, CipherTextG2) or type(proof) is not ZkpBin:
        raise TypeError("verify_bin takes a CipherTextG1 or CipherTextG2 and a ZkpBin")
    if ct.curve is not pk.curve or proof.curve is not pk.curve:
        return False
    group = _group_of(ct)
    G = getattr(pk.curve, group.upper())
    base, pub = pk._bases(group)
    S, T = ct.components
    d0, d1, s0, s1 = proof._s
    R00 = G.msm([base, T], [s0, -d0])
    R01 = G.msm([base, T], [s1, -d1])
    R10 = G.msm([pub, S], [s0, -d0])
    R11 = G.msm([pub, S - base], [s1, -d1])
    c = challenge(pk.curve, f"ZKPBIN-{group.upper()}", pk, S, T, R00, R01, R10, R11)
    return bool(c == d0 + d1)


# -- ZkpEq -------------------------------------------------------------------


def prove_eq(pk: Any, m: Any, p: Any, s: Any, c1: CipherTextG1, c2: CipherTextG2) -> ZkpEq:
    """(S1, T1) = Enc1(m; p) and (S2, T2) = Enc2(m; s), one m."""
    curve, Sc = pk.curve, pk.curve.Scalar
    P, xP = pk._bases("g1")
    Q, yQ = pk._bases("g2")
    rm, rp, rs = Sc.random(), Sc.random(), Sc.random()
    R1, R2 = P * rm + xP * rp, P * rp
    R3, R4 = Q * rm + yQ * rs, Q * rs
    (S1, T1), (S2, T2) = c1.components, c2.components
    c = challenge(curve, "ZKPEQ", pk, S1, T1, S2, T2, R1, R2, R3, R4)
    return ZkpEq._make(curve, (c, rp + c * p, rs + c * s, rm + c * m))


def verify_eq(pk: Any, c1: Any, c2: Any, proof: Any) -> bool:
    if type(c1) is not CipherTextG1 or type(c2) is not CipherTextG2 or type(proof) is not ZkpEq:
        raise TypeError("verify_eq takes a CipherTextG1, a CipherTextG2 and a ZkpEq")
    curve = pk.curve
    if c1.curve is not curve or c2.curve is not curve or proof.curve is not curve:
        return False
    P, xP = pk._bases("g1")
    Q, yQ = pk._bases("g2")
    (S1, T1), (S2, T2) = c1.components, c2.components
    c, sp, ss, sm = proof._s
    R1 = curve.G1.msm([P, xP, S1], [sm, sp, -c])
    R2 = curve.G1.msm([P, T1], [sp, -c])
    R3 = curve.G2.msm([Q, yQ, S2], [sm, ss, -c])
    R4 = curve.G2.msm([Q, T2], [ss, -c])
    return bool(challenge(curve, "ZKPEQ", pk, S1, T1, S2, T2, R1, R2, R3, R4) == c)


# -- ZkpBinEq ------------------------------------------------------------------


def prove_bin_eq(pk: Any, m: int, p: Any, s: Any, c1: CipherTextG1, c2: CipherTextG2) -> ZkpBinEq:
    """An OR of two equality statements: for b in {0, 1}, T1 = p·P,
    S1 - b·P = p·xP, T2 = s·Q, S2 - b·Q = s·yQ; the branch b = m is proved."""
    curve, Sc = pk.curve, pk.curve.Scalar
    P, xP = pk._bases("g1")
    Q, yQ = pk._bases("g2")
    (S1, T1), (S2, T2) = c1.components, c2.components
    f = 1 - m
    d, sp, ss = [Sc(0), Sc(0)], [Sc(0), Sc(0)], [Sc(0), Sc(0)]
    d[f], sp[f], ss[f] = Sc.random(), Sc.random(), Sc.random()
    kp, ks = Sc.random(), Sc.random()
    U: List[List[Any]] = [[], []]
    U[f] = [
        P * sp[f] - T1 * d[f],
        xP * sp[f] - (S1 - P * f) * d[f],
        Q * ss[f] - T2 * d[f],
        yQ * ss[f] - (S2 - Q * f) * d[f],
    ]
    U[m] = [P * kp, xP * kp, Q * ks, yQ * ks]
    c = challenge(curve, "ZKPBINEQ", pk, S1, T1, S2, T2, *U[0], *U[1])
    d[m] = c - d[f]
    sp[m] = kp + d[m] * p
    ss[m] = ks + d[m] * s
    return ZkpBinEq._make(curve, (d[0], d[1], sp[0], sp[1], ss[0], ss[1]))


def verify_bin_eq(pk: Any, c1: Any, c2: Any, proof: Any) -> bool:
    if type(c1) is not CipherTextG1 or type(c2) is not CipherTextG2 or type(proof) is not ZkpBinEq:
        raise TypeError("verify_bin_eq takes a CipherTextG1, a CipherTextG2 and a ZkpBinEq")
    curve = pk.curve
    if c1.curve is not curve or c2.curve is not curve or proof.curve is not curve:
        return False
    P, xP = pk._bases("g1")
    Q, yQ = pk._bases("g2")
    (S1, T1), (S2, T2) = c1.components, c2.components
    d0, d1, sp0, sp1, ss0, ss1 = proof._s
    U = []
    for b, d, sp, ss in ((0, d0, sp0, ss0), (1, d1, sp1, ss1)):
        U += [
            curve.G1.msm([P, T1], [sp, -d]),
            curve.G1.msm([xP, S1 - P * b], [sp, -d]),
            curve.G2.msm([Q, T2], [ss, -d]),
            curve.G2.msm([yQ, S2 - Q * b], [ss, -d]),
        ]
    return bool(challenge(curve, "ZKPBINEQ", pk, S1, T1, S2, T2, *U) == d0 + d1)


# -- decryption proofs ---------------------------------------------------------


def prove_dec(pk: Any, secret: Any, ct: Any, m: int) -> ZkpDec:
    """Chaum–Pedersen: the secret scalar w (x for G1, y for G2) with
    pub = w·base also gives S - m·base = w·T."""
    curve, group = pk.curve, _group_of(ct)
    base, _ = pk._bases(group)
    S, T = ct.components
    b = curve.Scalar.random()
    B1, B2 = base * b, T * b
    h = challenge(curve, f"ZKPDEC-{group.upper()}", pk, S, T, curve.Scalar(m), B1, B2)
    return ZkpDec._make(curve, (h, b + h * secret))


def verify_dec(pk: Any, ct: Any, m: int, proof: Any) -> bool:
    curve, group = pk.curve, _group_of(ct)
    if type(proof) is not ZkpDec:
        raise TypeError(f"a {type(ct).__name__} decryption proof is a ZkpDec, not {type(proof).__name__}")
    if ct.curve is not curve or proof.curve is not curve:
        return False
    G = getattr(curve, group.upper())
    base, pub = pk._bases(group)
    S, T = ct.components
    h, d = proof._s
    B1 = G.msm([base, pub], [d, -h])
    B2 = G.msm([T, S, base], [d, -h, h * m])  # d·T - h·(S - m·base)
    return bool(challenge(curve, f"ZKPDEC-{group.upper()}", pk, S, T, curve.Scalar(m), B1, B2) == h)


def prove_dec_gt(pk: Any, x: Any, y: Any, ct: CipherTextGT, m: int) -> ZkpDecGT:
    """With e = e(P, Q) and A = ct / (e^m, 1, 1, 1): knowledge of x, y and
    z = xy with e^x = e(xP, Q), e^y = e(P, yQ), e^z = e(xP, yQ) and
    A0 · A1^-y · A2^-x · A3^z = 1 (A decrypts to 0)."""
    curve = pk.curve
    e, ex, ey, exy = pk._gt_bases()
    g0, A1, A2, A3 = ct.components
    A0 = g0 / e ** m
    b0, b1, b2 = curve.Scalar.random(), curve.Scalar.random(), curve.Scalar.random()
    B0, B1, B2 = e ** b0, e ** b1, e ** b2
    X = (A2 ** b0).inverse() / A1 ** b1 * A3 ** b2
    h = challenge(curve, "ZKPDEC-GT", pk, *ct.components, curve.Scalar(m), B0, B1, B2, X)
    return ZkpDecGT._make(curve, (h, b0 + h * x, b1 + h * y, b2 + h * (x * y)))


def verify_dec_gt(pk: Any, ct: CipherTextGT, m: int, proof: Any) -> bool:
    if type(proof) is not ZkpDecGT:
        raise TypeError(f"a CipherTextGT decryption proof is a ZkpDecGT, not {type(proof).__name__}")
    curve = pk.curve
    if ct.curve is not curve or proof.curve is not curve:
        return False
    e, ex, ey, exy = pk._gt_bases()
    g0, A1, A2, A3 = ct.components
    # Every exponent is public here (m is the statement, h and the d_i the
    # proof's): variable time, as verify_dec's msm.
    A0 = g0 / e.pow_vartime(m)
    h, d0, d1, d2 = proof._s
    B0 = e.pow_vartime(d0) / ex.pow_vartime(h)
    B1 = e.pow_vartime(d1) / ey.pow_vartime(h)
    B2 = e.pow_vartime(d2) / exy.pow_vartime(h)
    X = A2.pow_vartime(d0).inverse() / A1.pow_vartime(d1) * A3.pow_vartime(d2) * A0.pow_vartime(h)
    return bool(challenge(curve, "ZKPDEC-GT", pk, *ct.components, curve.Scalar(m), B0, B1, B2, X) == h)

