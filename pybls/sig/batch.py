"""Batch verification of many ``(public_key, message, signature)`` triples.

The check is the random linear combination

    prod_i e(r_i * pk_i, H(m_i)) * e(-g, sum_i r_i * sig_i) == 1

(for the minimal-signature variant the G1 and G2 sides swap, and the
coefficients go on the G1 side, H(m_i)), with nonzero 64-bit r_i from
:mod:`secrets`, evaluated as one product of pairings sharing one final
exponentiation. Triples with the same message share a pairing: their
scaled keys are summed with a multi-scalar multiplication first. A set
containing an invalid triple passes with probability at most 2^-64 (every
valid set passes).

:func:`find_invalid` locates the failing triples by bisection: a failing
set is split in halves, and a half is checked only when the other half
did not already explain the failure.

With ``workers=n`` both split the triples into n consecutive parts checked
on n threads (each part its own random combination, so the answer is the
single-threaded one); see :mod:`pybls.workers`.

>>> from pybls.sig import MinPk, SecretKey
>>> keys = [SecretKey.from_int(k) for k in (3, 5, 7)]
>>> triples = [(MinPk.PoP.sk_to_pk(k), m, MinPk.PoP.sign(k, m)) for k, m in zip(keys, (b"x", b"y", b"x"))]
>>> MinPk.PoP.batch_verify(triples)
True
>>> bad = triples[:2] + [(triples[2][0], b"z", triples[2][2])]
>>> MinPk.PoP.batch_verify(bad)
False
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Tuple

from .. import workers as _workers
from .._convert import as_bytes, as_tuple
from ..points import _Point
from .values import coerce_or_none

if TYPE_CHECKING:  # pragma: no cover
    from .schemes import Scheme

__all__ = ["batch_verify", "find_invalid", "COEFFICIENT_BITS"]

#: Size of the random coefficients: a bad set passes with probability <= 2^-64.
COEFFICIENT_BITS = 64

_object_new = object.__new__

# A prepared triple: (key point, index of its hashed message, signature point).
_Prepared = Tuple[_Point, int, _Point]
# What each item of a batch is (named by the error for another shape).
TRIPLE = "a (public key, message, signature) triple"


def _prepare(scheme: "Scheme", triples: Iterable[Tuple[Any, Any, Any]]
             ) -> Tuple[List[Optional[_Prepared]], List[bytes]]:
    """Decode and validate every triple (None where invalid) and hash each
    distinct (augmented) message once."""
    pk_cls = scheme._pk_cls
    sig_cls = scheme._sig_cls
    prepared: List[Optional[_Prepared]] = []
    hashes: List[bytes] = []
    index: Dict[bytes, int] = {}
    for triple in triples:
        pk, msg, sig = as_tuple(triple, 3, TRIPLE)
        m = as_bytes(msg, "message")
        p = coerce_or_none(pk_cls, pk)
        s = coerce_or_none(sig_cls, sig)
        if p is None or s is None:
            prepared.append(None)
            continue
        m = scheme._message(p, m)
        i = index.get(m)
        if i is None:
            i = index[m] = len(hashes)
            hashes.append(scheme._hash(m))
        prepared.append((p._point, i, s._point))
    return prepared, hashes


def _coefficients(n: int) -> List[int]:
    top = (1 << COEFFICIENT_BITS) - 1
    return [secrets.randbelow(top) + 1 for _ in range(n)]


def _check(scheme: "Scheme", items: List[_Prepared], hashes: List[bytes]) -> bool:
    """One randomized batch check of valid-looking prepared triples."""
    if not items:
        return True
    pk_group = scheme._pk_group
    sig_group = scheme._sig_group
    min_pk = scheme._min_pk
    curve = scheme.curve
    g1 = curve.G1
    rs = _coefficients(len(items))
    sig_sum = sig_group.msm([it[2] for it in items], rs)
    by_msg: Dict[int, Tuple[List[_Point], List[int]]] = {}
    for it, r in zip(items, rs):
        entry = by_msg.get(it[1])
        if entry is None:
            by_msg[it[1]] = ([it[0]], [r])
        else:
            entry[0].append(it[0])
            entry[1].append(r)
    g1s: List[bytes] = []
    g2s: List[bytes] = []
    for mi, (keys, ks) in by_msg.items():
        h = hashes[mi]
        if min_pk:  # (r * pk in G1, H in G2); keys of one message summed
            if len(keys) == 1:
                g1s.append(g1._mul_vartime(keys[0]._b, g1._SCALAR._from_int(ks[0])))
            else:
                g1s.append(pk_group.msm(keys, ks)._b)
            g2s.append(h)
        else:  # (r * H in G1, pk in G2)
            if len(keys) == 1:
                g1s.append(g1._mul_vartime(h, g1._SCALAR._from_int(ks[0])))
                g2s.append(keys[0]._b)
            else:
                g1s.append(h)
                g2s.append(pk_group.msm(keys, ks)._b)
    if min_pk:
        g1s.append(curve.neg_g1)
        g2s.append(sig_sum._b)
    else:
        g1s.append(sig_sum._b)
        g2s.append(curve.neg_g2)
    return curve.product_is_one(g1s, g2s)


def batch_verify(scheme: "Scheme", triples: Iterable[Tuple[Any, Any, Any]],
                 workers: Optional[int] = _workers.DEFAULT) -> bool:
    """Whether all triples verify under `scheme` (see the module docstring).

    >>> from pybls.sig import MinPk, key_gen
    >>> bls = MinPk.PoP
    >>> keys = [key_gen(bytes([i]) * 32) for i in (1, 2)]
    >>> triples = [(bls.sk_to_pk(k), m, bls.sign(k, m)) for k, m in zip(keys, (b"one", b"two"))]
    >>> batch_verify(bls, triples), batch_verify(bls, triples, workers=2)
    (True, True)
    >>> batch_verify(bls, [triples[0], (triples[1][0], b"three", triples[1][2])])
    False
    """
    n = _workers.resolve(workers)
    if n > 1:
        parts = _workers.split(list(triples), n)
        return all(_workers.map_parts(lambda part: _verify_part(scheme, part), parts, n))
    return _verify_part(scheme, triples)


def _verify_part(scheme: "Scheme", triples: Iterable[Tuple[Any, Any, Any]]) -> bool:
    prepared, hashes = _prepare(scheme, triples)
    items: List[_Prepared] = []
    for p in prepared:
        if p is None:
            return False
        items.append(p)
    return _check(scheme, items, hashes)


def find_invalid(scheme: "Scheme", triples: Iterable[Tuple[Any, Any, Any]],
                 workers: Optional[int] = _workers.DEFAULT) -> List[int]:
    """The sorted indices of the triples that do not verify under `scheme`.

    >>> from pybls.sig import MinSig, key_gen
    >>> bls = MinSig.Basic
    >>> k = key_gen(b"\x07" * 32)
    >>> pk = bls.sk_to_pk(k)
    >>> triples = [(pk, m, bls.sign(k, m)) for m in (b"a", b"b", b"c")]
    >>> triples[1] = (pk, b"b", bls.sign(k, b"not b"))
    >>> find_invalid(bls, triples), find_invalid(bls, triples, workers=2)
    ([1], [1])
    """
    n = _workers.resolve(workers)
    if n > 1:
        parts = _workers.split(list(triples), n)
        found = _workers.map_parts(lambda part: _find_in_part(scheme, part), parts, n)
        out: List[int] = []
        start = 0
        for part, bad in zip(parts, found):
            out.extend(start + i for i in bad)
            start += len(part)
        return out
    return _find_in_part(scheme, triples)


def _find_in_part(scheme: "Scheme", triples: Iterable[Tuple[Any, Any, Any]]) -> List[int]:
    prepared, hashes = _prepare(scheme, triples)
    bad = [i for i, p in enumerate(prepared) if p is None]
    candidates = [i for i, p in enumerate(prepared) if p is not None]

    def items(idx: List[int]) -> List[_Prepared]:
        return [prepared[i] for i in idx]  # type: ignore[misc]

    def search(idx: List[int], known_bad: bool) -> None:
        # known_bad: the set is known to contain an invalid triple.
        if not known_bad and _check(scheme, items(idx), hashes):
            return
        if len(idx) == 1:
            bad.append(idx[0])
            return
        half = len(idx) // 2
        left, right = idx[:half], idx[half:]
        if _check(scheme, items(left), hashes):
            search(right, True)  # the failure is in the right half
        else:
            search(left, True)
            search(right, False)

    if candidates:
        search(candidates, False)
    return sorted(bad)
