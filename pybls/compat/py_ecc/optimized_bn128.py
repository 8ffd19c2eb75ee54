"""A drop-in replacement for ``py_ecc.optimized_bn128`` (alt_bn128, the curve
of Ethereum's EIP-196/197 precompiles) whose scalar multiplications and
pairings run in pybls's C core.

It has py_ecc's names and types: field elements are py_ecc's own
``optimized_bn128`` ``FQ``, ``FQ2`` and ``FQ12`` (so py_ecc must be
installed), points are projective triples ``(x, y, z)`` standing for
``(x/z, y/z)``, with ``z == 0`` at infinity:

>>> from pybls.compat.py_ecc import optimized_bn128 as bn128
>>> P = bn128.multiply(bn128.G1, 5)
>>> bn128.normalize(P) == bn128.normalize(bn128.add(bn128.double(bn128.G1), bn128.multiply(bn128.G1, 3)))
True
>>> bn128.is_inf(bn128.multiply(bn128.G2, bn128.curve_order))
True
>>> e = bn128.pairing(bn128.G2, P)
>>> e == bn128.pairing(bn128.multiply(bn128.G2, 5), bn128.G1) and e != bn128.FQ12.one()
True
>>> f = bn128.pairing(bn128.G2, P, final_exponentiate=False) * bn128.pairing(bn128.G2, bn128.neg(P), False)
>>> bn128.final_exponentiate(f) == bn128.FQ12.one()
True

``multiply`` of a point of G1, or of G2 (on the twist and in the subgroup),
and ``pairing``, ``miller_loop`` and ``final_exponentiate`` run in the core;
other points (off the curve, outside G2, over FQ12) are multiplied in
Python as py_ecc does. Results equal py_ecc's as points (``eq``, or after
``normalize``); ``multiply`` returns its points with ``z == 1``.

Differences: the value of ``pairing(..., final_exponentiate=False)`` and
of ``miller_loop(..., final_exponentiate=False)`` is pybls's Miller loop,
which differs from py_ecc's by a factor that the final exponentiation
removes, so products of them give py_ecc's result once passed to
``final_exponentiate``. ``miller_loop`` takes, as in py_ecc, a point of the
twist mapped into FQ12 by :func:`twist` and a point of G1 with FQ12
coordinates, and raises :class:`ValueError` for FQ12 points of any other
form.
"""

from __future__ import annotations

from typing import Any, Tuple

from ... import bn254 as _bn254
from ._core import Curve  # first: it names py_ecc in the ImportError when it is missing

from py_ecc.fields import optimized_bn128_FQ as FQ  # noqa: E402 (isort: skip)
from py_ecc.fields import optimized_bn128_FQ2 as FQ2  # noqa: E402
from py_ecc.fields import optimized_bn128_FQ12 as FQ12  # noqa: E402
from py_ecc.fields import optimized_bn128_FQP as FQP  # noqa: E402

from . import _projective  # noqa: E402
from ._projective import add, double, eq, is_inf, is_on_curve, neg, normalize  # noqa: E402

__all__ = [
    "FQ", "FQ2", "FQ12", "FQP", "field_modulus", "curve_order", "b", "b2", "b12",
    "G1", "G2", "G12", "Z1", "Z2", "add", "double", "multiply", "neg", "eq", "is_inf",
    "is_on_curve", "normalize", "twist", "pairing", "miller_loop", "final_exponentiate",
]

Point3 = Tuple[Any, Any, Any]
_curve = Curve(_bn254, 9, 1, gt_root=False)

field_modulus: int = _curve.P
curve_order: int = _curve.R

b = FQ(3)
b2 = FQ2([3, 0]) / FQ2([9, 1])
b12 = FQ12([3] + [0] * 11)

G1: Point3 = (FQ(1), FQ(2), FQ(1))
_g2x, _g2y = _bn254.G2.generator().to_affine()
G2: Point3 = (FQ2(list(_g2x)), FQ2(list(_g2y)), FQ2.one())
Z1: Point3 = (FQ.one(), FQ.one(), FQ.zero())
Z2: Point3 = (FQ2.one(), FQ2.one(), FQ2.zero())


def multiply(pt: Point3, n: int) -> Point3:
    """n pt. A case of the ecMul test vectors of go-ethereum (EIP-196), 9
    times a point of G1; and the multiple of G2 that py_ecc itself computes:

    >>> P = (FQ(0x1a87b0584ce92f4593d161480614f2989035225609f08058ccfa3d0f940febe3),
    ...      FQ(0x1a2f3c951f6dadcc7ee9007dff81504b0fcd6d7cf59996efdc33d92bf7f9f8f6), FQ(1))
    >>> x, y = normalize(multiply(P, 9))
    >>> hex(int(x)), hex(int(y))  # doctest: +NORMALIZE_WHITESPACE
    ('0x1dbad7d39dbc56379f78fac1bca147dc8e66de1b9d183c7b167351bfe0aeab74',
     '0x2cd757d51289cd8dbd0acf9e673ad67d0f0a89f912af47ed1be53664f5692575')
    >>> import py_ecc.optimized_bn128 as reference
    >>> eq(multiply(G2, 5), reference.multiply(reference.G2, 5)), is_inf(multiply(G1, curve_order))
    (True, True)
    """
    return _projective.multiply(_curve, pt, n, b, b2, FQ, FQ2)


# w, a root of the modulus of FQ12: w^12 = 18 w^6 - 82.
_w = FQ12([0, 1] + [0] * 10)
_w2, _w3 = _w ** 2, _w ** 3


def _fq2_in_fq12(e: Any) -> Any:
    # c0 + c1 u with u = w^6 - 9
    c0, c1 = (int(c) for c in e.coeffs)
    return FQ12([c0 - 9 * c1] + [0] * 5 + [c1] + [0] * 5)


def twist(pt: Point3) -> Point3:
    """The point of the twist E'(Fp2) as a point of E(Fp12): (x w^2, y w^3),
    as py_ecc maps it.

    >>> import py_ecc.optimized_bn128 as reference
    >>> twist(G2) == reference.twist(reference.G2) == G12, is_on_curve(twist(G2), b12)
    (True, True)
    """
    x, y, z = pt
    return (_fq2_in_fq12(x) * _w2, _fq2_in_fq12(y) * _w3, _fq2_in_fq12(z))


G12: Point3 = twist(G2)


def final_exponentiate(p: Any) -> Any:
    """p^((field_modulus^12 - 1) / curve_order).

    It completes a Miller loop to the pairing; the elements of the
    subfields Fp, Fp2 and Fp6 map to one (the exponent is a multiple of
    field_modulus^k - 1 for k = 1, 2, 6):

    >>> final_exponentiate(pairing(G2, G1, final_exponentiate=False)) == pairing(G2, G1)
    True
    >>> final_exponentiate(FQ12([2] + [0] * 11)) == FQ12.one()
    True
    """
    return _projective.final_exponentiate(_curve, p, FQ12)


def pairing(Q: Point3, P: Point3, final_exponentiate: bool = True) -> Any:
    """e(P, Q) for Q on the twist (FQ2) and P on the curve (FQ), G2 first as
    in py_ecc; with ``final_exponentiate=False`` the Miller loop value.

    Bilinear, of order curve_order; e(P, Q) e(-P, Q) = 1 is the kind of
    product the EIP-197 precompile checks:

    >>> e = pairing(G2, G1)
    >>> e != FQ12.one() and e ** curve_order == FQ12.one()
    True
    >>> pairing(G2, multiply(G1, 6)) == pairing(multiply(G2, 2), multiply(G1, 3)) == e ** 6
    True
    >>> e * pairing(G2, neg(G1)) == FQ12.one()
    True
    """
    return _projective.pairing(_curve, Q, P, final_exponentiate, b, b2, FQ12)


def miller_loop(Q: Point3, P: Point3, final_exponentiate: bool = True) -> Any:
    """The pairing of a twisted point ``twist(Q)`` and a point of G1 with FQ12
    coordinates, as py_ecc's ``optimized_pairing.miller_loop``.

    >>> P12 = (FQ12([1] + [0] * 11), FQ12([2] + [0] * 11), FQ12.one())    # G1 in FQ12
    >>> miller_loop(twist(G2), P12) == pairing(G2, G1)
    True
    """
    if is_inf(Q) or is_inf(P):
        return FQ12.one()
    qx, qy = normalize(Q)
    px, py = normalize(P)
    q = _curve.untwist(qx, qy)
    x, y = _curve.fq12_constant(px), _curve.fq12_constant(py)
    if q is None or x is None or y is None:
        raise ValueError("miller_loop takes twist(Q) and a point of G1 with FQ12 coordinates")
    return _projective.core_pairing(_curve, q, (x, y), final_exponentiate, FQ12)
