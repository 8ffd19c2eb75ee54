"""Verifying partial signatures and recovering the group signature.

A partial signature of share i verifies under the public share
``f(i) G``, which anyone computes from the public polynomial. Any t valid
partials interpolate (in the exponent, at 0) to the signature of the
group key: an ordinary BLS signature that any verifier accepts.

>>> from pybls import threshold
>>> from pybls.sig import MinPk
>>> d = threshold.deal(3, 5)
>>> partials = [s.sign(b"hello") for s in d.shares]
>>> threshold.verify_partial(partials[0], d.public_polynomial, b"hello")
True
>>> threshold.batch_verify_partials(partials, d.public_polynomial, b"hello")
True
>>> sig = threshold.recover(partials[2:], 3)
>>> MinPk.PoP.verify(d.public_key, b"hello", sig), sig == threshold.recover(partials[:3], 3)
(True, True)
>>> threshold.recover(partials[:2], 3)
Traceback (most recent call last):
...
pybls.threshold.errors.TooFewPartialsError: 2 partial signatures, the threshold is 3
"""

from __future__ import annotations

import secrets
from typing import Any, Iterable, List, Optional, Sequence

from .. import workers as _workers
from .._convert import as_bytes, as_int
from ..sig import Scheme, Signature
from ._util import check_distinct
from .ciphersuite import core_scheme, resolve_scheme, variant_of_group
from .commitment import PublicPolynomial, as_public_polynomial
from .errors import InvalidDegreeError, InvalidPartialError, TooFewPartialsError, UnknownIndexError
from .lagrange import lagrange_ints
from .share import PartialSignature
from ..errors import ArgumentError

__all__ = ["verify_partial", "batch_verify_partials", "find_invalid_partials", "recover"]

#: Bits of the random coefficients of batch verification (a bad batch passes with probability <= 2^-64).
COEFFICIENT_BITS = 64


def _scheme_for(public_polynomial: PublicPolynomial, scheme: Any) -> Any:
    return resolve_scheme(variant_of_group(as_public_polynomial(public_polynomial).group), scheme)


def _partials(partials: Iterable[Any]) -> List[PartialSignature]:
    """`partials` as a list, each checked to be a PartialSignature."""
    ps = list(partials)
    for p in ps:
        if not isinstance(p, PartialSignature):
            raise TypeError(f"expected PartialSignature objects, not {type(p).__name__}")
    return ps


def _hashed(scheme: Scheme, public_polynomial: PublicPolynomial, msg: Any) -> bytes:
    """H(msg) in the signature group (the core's internal form), as every
    share signs it (Aug prepends the group key)."""
    core, m = core_scheme(scheme, public_polynomial.public_key, as_bytes(msg, "message"))
    return core._hash(m)


def _pairing_check(scheme: Scheme, key: Any, h: bytes, sig: Any) -> bool:
    """e(key, H) == e(G, sig), as one product of two pairings (groups swap for MinSig).

    The key is computed from a validated commitment and the signature was
    validated when made or decoded, so no subgroup check is repeated here.
    """
    c = scheme.curve
    if type(key) is c.G1:
        return c.product_is_one([key._b, c.neg_g1], [h, sig._b])
    return c.product_is_one([h, sig._b], [key._b, c.neg_g2])


def _check_known(indices: Iterable[int], n: Optional[int]) -> None:
    if n is None:
        return
    nn = as_int(n, "n")
    for i in indices:
        if not 1 <= i <= nn:
            raise UnknownIndexError(f"index {i} is not a participant (1..{nn})")


def verify_partial(partial: PartialSignature, public_polynomial: PublicPolynomial, msg: Any,
                   scheme: Any = None, *, n: Optional[int] = None) -> bool:
    """Whether `partial` is share ``partial.index``'s signature of `msg`.

    `scheme` is the one the shares sign with (default: ``PoP`` of the
    polynomial's variant). With `n`, an index outside 1..n raises
    :class:`~pybls.threshold.errors.UnknownIndexError`.

    >>> from pybls import threshold
    >>> d = threshold.deal(2, 3)
    >>> p = d.shares[0].sign(b"msg")
    >>> verify_partial(p, d.public_polynomial, b"msg"), verify_partial(p, d.public_polynomial, b"other")
    (True, False)
    """
    if not isinstance(partial, PartialSignature):
        raise TypeError(f"expected a PartialSignature, not {type(partial).__name__}")
    _check_known([partial.index], n)
    s = _scheme_for(public_polynomial, scheme)
    if type(partial.signature) is not s.variant.Signature:
        return False
    key = public_polynomial.public_share(partial.index)
    if key.is_identity():
        return False
    return _pairing_check(s, key, _hashed(s, public_polynomial, msg), partial.signature.point)


def _weights(indices: Sequence[int], coeffs: Sequence[int], t: int, r: int) -> List[int]:
    """w_k = sum_i coeffs[i] * indices[i]^k mod r, for k < t."""
    w = [0] * t
    for x, c in zip(indices, coeffs):
        p = c
        for k in range(t):
            w[k] += p
            p = p * x % r
    return [v % r for v in w]


def batch_verify_partials(partials: Sequence[PartialSignature], public_polynomial: PublicPolynomial,
                          msg: Any, scheme: Any = None, *, n: Optional[int] = None,
                          workers: Optional[int] = _workers.DEFAULT) -> bool:
    """Whether every partial signature of `msg` verifies, in one check.

    With random 64-bit coefficients r_i, checks that ``sum r_i sigma_i``
    verifies under ``sum r_i f(i) G = sum_k (sum_i r_i i^k) c_k G``: two
    multi-scalar multiplications and one two-pairing verification, however
    many partials. A set with an invalid partial passes with probability
    at most 2^-64. Repeated indices raise
    :class:`~pybls.threshold.errors.DuplicateIndexError`. ``workers=k``
    runs the multi-scalar multiplications on k threads
    (:mod:`pybls.workers`; default 1, ``None`` for one per CPU).

    >>> from pybls import threshold
    >>> d = threshold.deal(2, 3)
    >>> partials = [s.sign(b"msg") for s in d.shares]
    >>> batch_verify_partials(partials, d.public_polynomial, b"msg", workers=2)
    True
    """
    ps = _partials(partials)
    idx = check_distinct([p.index for p in ps])
    _check_known(idx, n)
    if not ps:
        return True
    s = _scheme_for(public_polynomial, scheme)
    if any(type(p.signature) is not s.variant.Signature for p in ps):
        return False
    top = (1 << COEFFICIENT_BITS) - 1
    rs = [secrets.randbelow(top) + 1 for _ in ps]
    group = public_polynomial.group
    weights = _weights(idx, rs, public_polynomial.threshold, group._SCALAR.R)
    key = group.msm(public_polynomial.coefficients, weights, workers)
    sig = s.variant.Signature.GROUP.msm([p.signature.point for p in ps], rs, workers)
    if key.is_identity():
        return False
    return _pairing_check(s, key, _hashed(s, public_polynomial, msg), sig)


def find_invalid_partials(partials: Sequence[PartialSignature], public_polynomial: PublicPolynomial,
                          msg: Any, scheme: Any = None, *, workers: Optional[int] = _workers.DEFAULT) -> List[int]:
    """The sorted share indices (``partial.index``) of the partial signatures that do not verify
    (by bisection with batch checks, each on `workers` threads as in
    :func:`batch_verify_partials`).

    >>> from pybls import threshold
    >>> d = threshold.deal(2, 4)
    >>> partials = [s.sign(b"msg") for s in d.shares[:3]] + [d.shares[3].sign(b"other")]
    >>> find_invalid_partials(partials, d.public_polynomial, b"msg")    # share indices
    [4]
    >>> find_invalid_partials(partials, d.public_polynomial, b"msg", workers=2)
    [4]
    """
    ps = _partials(partials)
    check_distinct([p.index for p in ps])
    bad: List[int] = []

    def search(group: List[PartialSignature], known_bad: bool) -> None:
        if not known_bad and batch_verify_partials(group, public_polynomial, msg, scheme, workers=workers):
            return
        if len(group) == 1:
            bad.append(group[0].index)
            return
        half = len(group) // 2
        left, right = group[:half], group[half:]
        if batch_verify_partials(left, public_polynomial, msg, scheme, workers=workers):
            search(right, True)
        else:
            search(left, True)
            search(right, False)

    if ps:
        search(ps, False)
    return sorted(bad)


def recover(partials: Iterable[PartialSignature], t: int, *, public_polynomial: Optional[PublicPolynomial] = None,
            msg: Any = None, scheme: Any = None, n: Optional[int] = None) -> Signature:
    """The group signature from at least `t` partial signatures.

    Uses the first `t` partials (any t valid ones give the same
    signature), interpolated by one multi-scalar multiplication. Raises
    :class:`~pybls.threshold.errors.TooFewPartialsError` for fewer than t,
    :class:`~pybls.threshold.errors.InvalidDegreeError` for a t below the
    threshold of `public_polynomial` (t partials cannot interpolate it),
    :class:`~pybls.threshold.errors.DuplicateIndexError` for a repeated
    index, and with `n` :class:`~pybls.threshold.errors.UnknownIndexError`
    for an index outside 1..n. Given `public_polynomial` and `msg`, the
    partials used are verified first (one batch check) and any invalid
    ones are named in :class:`~pybls.threshold.errors.InvalidPartialError`;
    without them, an invalid partial gives a signature that does not
    verify.

    >>> from pybls import threshold
    >>> from pybls.sig import MinPk
    >>> d = threshold.deal(2, 3)
    >>> sig = recover([d.shares[2].sign(b"msg"), d.shares[0].sign(b"msg")], 2)
    >>> MinPk.PoP.verify(d.public_key, b"msg", sig)
    True
    """
    tt = as_int(t, "t")
    if tt < 1:
        raise ArgumentError(f"the threshold must be at least 1, got {tt}")
    ps = _partials(partials)
    idx = check_distinct([p.index for p in ps])
    _check_known(idx, n)
    if public_polynomial is not None and tt < as_public_polynomial(public_polynomial).threshold:
        raise InvalidDegreeError(
            f"t = {tt} is below the threshold of the public polynomial, {public_polynomial.threshold}: "
            f"{tt} partial signatures cannot interpolate it")
    if len(ps) < tt:
        raise TooFewPartialsError(f"{len(ps)} partial signatures, the threshold is {tt}")
    ps = ps[:tt]
    cls = type(ps[0].signature)
    if any(type(p.signature) is not cls for p in ps):
        raise TypeError("partial signatures of different variants")
    if public_polynomial is not None and msg is not None:
        if not batch_verify_partials(ps, public_polynomial, msg, scheme):
            bad = find_invalid_partials(ps, public_polynomial, msg, scheme)
            raise InvalidPartialError(f"invalid partial signatures from {bad}", indices=bad)
    # The partials may be shares of a secret point (a threshold IBE's
    # identity key): combined with constant-time inversions.
    weights = lagrange_ints(idx[:tt], 0, cls.GROUP._SCALAR.R)
    return cls(cls.GROUP._msm_of_secret_points([p.signature.point for p in ps], weights))
