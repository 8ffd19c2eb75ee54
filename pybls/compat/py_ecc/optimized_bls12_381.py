"""A drop-in replacement for the curve and pairing functions of
``py_ecc.optimized_bls12_381`` whose scalar multiplications and pairings run
in pybls's C core.

It has py_ecc's names and types: field elements are py_ecc's own
``optimized_bls12_381`` ``FQ``, ``FQ2`` and ``FQ12`` (so py_ecc must be
installed), points are projective triples ``(x, y, z)`` standing for
``(x/z, y/z)``, with ``z == 0`` at infinity:

>>> from pybls.compat.py_ecc import optimized_bls12_381 as bls
>>> P = bls.multiply(bls.G1, 5)
>>> bls.eq(P, bls.add(bls.double(bls.G1), bls.multiply(bls.G1, 3)))
True
>>> bls.is_inf(bls.multiply(bls.G2, bls.curve_order))
True
>>> e = bls.pairing(bls.G2, P)
>>> e == bls.pairing(bls.multiply(bls.G2, 5), bls.G1) and e != bls.FQ12.one()
True
>>> f = bls.pairing(bls.G2, P, final_exponentiate=False) * bls.pairing(bls.G2, bls.neg(P), False)
>>> bls.final_exponentiate(f) == bls.FQ12.one()
True

``multiply`` of a point of G1 or G2 (on the curve and in the subgroup),
``pairing``, ``miller_loop`` and ``final_exponentiate`` run in the core;
other points are multiplied in Python as py_ecc does. Pairing values are
py_ecc's (pybls's own pairing is their cube; the core takes the cube root
in GT). Miller loop values (``final_exponentiate=False``) are pybls's,
which differ from py_ecc's by a factor that the final exponentiation
removes. py_ecc's hash-to-curve helpers of this module
(``optimized_swu_G2``, ``iso_map_G2``, ``multiply_clear_cofactor_G2``, ...)
are not provided.
"""

from __future__ import annotations

from typing import Any, Tuple

from ... import bls12_381 as _bls12_381
from ._core import Curve  # first: it names py_ecc in the ImportError when it is missing

from py_ecc.fields import optimized_bls12_381_FQ as FQ  # noqa: E402 (isort: skip)
from py_ecc.fields import optimized_bls12_381_FQ2 as FQ2  # noqa: E402
from py_ecc.fields import optimized_bls12_381_FQ12 as FQ12  # noqa: E402
from py_ecc.fields import optimized_bls12_381_FQP as FQP  # noqa: E402

from . import _projective  # noqa: E402
from ._projective import add, double, eq, is_inf, is_on_curve, neg, normalize  # noqa: E402

__all__ = [
    "FQ", "FQ2", "FQ12", "FQP", "field_modulus", "curve_order", "b", "b2", "b12",
    "G1", "G2", "G12", "Z1", "Z2", "add", "double", "multiply", "neg", "eq", "is_inf",
    "is_on_curve", "normalize", "twist", "pairing", "miller_loop", "final_exponentiate",
]

Point3 = Tuple[Any, Any, Any]
# py_ecc's w is minus the tower's, and pybls's pairing the cube of py_ecc's.
_curve = Curve(_bls12_381, 1, -1, gt_root=True)

field_modulus: int = _curve.P
curve_order: int = _curve.R

b = FQ(4)
b2 = FQ2((4, 4))
b12 = FQ12((4,) + (0,) * 11)

_g1x, _g1y = _bls12_381.G1.generator().to_affine()
G1: Point3 = (FQ(_g1x), FQ(_g1y), FQ(1))
_g2x, _g2y = _bls12_381.G2.generator().to_affine()
G2: Point3 = (FQ2(list(_g2x)), FQ2(list(_g2y)), FQ2.one())
Z1: Point3 = (FQ.one(), FQ.one(), FQ.zero())
Z2: Point3 = (FQ2.one(), FQ2.one(), FQ2.zero())


def multiply(pt: Point3, n: int) -> Point3:
    """n pt. The public key of the Ethereum consensus tests
    (ethereum/bls12-381-tests) for its secret key (the x coordinate is the
    compressed key without its three flag bits); and the multiple of G2
    that py_ecc itself computes:

    >>> sk = 0x328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216
    >>> pk = bytes.fromhex("b53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394"
    ...                    "dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f")
    >>> x, y = normalize(multiply(G1, sk))
    >>> int(x) == int.from_bytes(pk, "big") & ((1 << 381) - 1)
    True
    >>> import py_ecc.optimized_bls12_381 as reference
    >>> eq(multiply(G2, 5), reference.multiply(reference.G2, 5)), is_inf(multiply(G1, curve_order))
    (True, True)
    """
    return _projective.multiply(_curve, pt, n, b, b2, FQ, FQ2)


# w, a root of the modulus of FQ12: w^12 = 2 w^6 - 2.
_w = FQ12([0, 1] + [0] * 10)
_w3 = _w ** 3


def _fq2_in_fq12(e: Any) -> Any:
    # c0 + c1 u with u = w^6 - 1
    c0, c1 = (int(c) for c in e.coeffs)
    return FQ12([c0 - c1] + [0] * 5 + [c1] + [0] * 5)


def twist(pt: Point3) -> Point3:
    """The point of the twist E'(Fp2) as a point of E(Fp12): in affine terms
    (x / w^2, y / w^3), as py_ecc maps it.

    >>> import py_ecc.optimized_bls12_381 as reference
    >>> twist(G2) == reference.twist(reference.G2) == G12, is_on_curve(twist(G2), b12)
    (True, True)
    """
    x, y, z = pt
    return (_fq2_in_fq12(x) * _w, _fq2_in_fq12(y), _fq2_in_fq12(z) * _w3)


G12: Point3 = twist(G2)


def final_exponentiate(p: Any) -> Any:
    """p^((field_modulus^12 - 1) / curve_order).

    It completes a Miller loop to the pairing; the elements of the
    subfields Fp, Fp2 and Fp6 map to one (the exponent is a multiple of
    field_modulus^k - 1 for k = 1, 2, 6):

    >>> final_exponentiate(miller_loop(G2, G1, False)) == pairing(G2, G1)
    True
    >>> final_exponentiate(FQ12([2] + [0] * 11)) == FQ12.one()
    True
    """
    return _projective.final_exponentiate(_curve, p, FQ12)


def pairing(Q: Point3, P: Point3, final_exponentiate: bool = True) -> Any:
    """e(P, Q) for Q on the twist (FQ2) and P on the curve (FQ), G2 first as
    in py_ecc; with ``final_exponentiate=False`` the Miller loop value.

    e(G1, G2) is the test vector of the IRTF pairing-friendly-curves draft.
    The draft's first coefficient e_0 + e_1·u (that of 1 in its tower) is
    here, as u = w^6 - 1, e_0 = (coefficient of 1) + (coefficient of w^6)
    and e_1 = (coefficient of w^6):

    >>> e = pairing(G2, G1)
    >>> hex(int(e.coeffs[0] + e.coeffs[6]) % field_modulus)
    '0x11619b45f61edfe3b47a15fac19442526ff489dcda25e59121d9931438907dfd448299a87dde3a649bdba96e84d54558'
    >>> hex(int(e.coeffs[6]))
    '0x153ce14a76a53e205ba8f275ef1137c56a566f638b52d34ba3bf3bf22f277d70f76316218c0dfd583a394b8448d2be7f'
    >>> e ** curve_order == FQ12.one(), pairing(multiply(G2, 2), G1) == e * e
    (True, True)
    """
    return _projective.pairing(_curve, Q, P, final_exponentiate, b, b2, FQ12)


def miller_loop(Q: Point3, P: Point3, final_exponentiate: bool = True) -> Any:
    """py_ecc's ``optimized_pairing.miller_loop(Q, P)``: the pairing of Q
    (FQ2) and P (FQ) without the curve checks of :func:`pairing`.

    >>> miller_loop(G2, G1) == pairing(G2, G1)
    True
    >>> f = miller_loop(G2, G1, False) * miller_loop(G2, neg(G1), False)
    >>> final_exponentiate(f) == FQ12.one()
    True
    """
    if is_inf(Q) or is_inf(P):
        return FQ12.one()
    qx, qy = normalize(Q)
    px, py = normalize(P)
    q = (_curve.fq2_ints(qx), _curve.fq2_ints(qy))
    return _projective.core_pairing(_curve, q, (int(px), int(py)), final_exponentiate, FQ12)
