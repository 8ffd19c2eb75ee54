"""Bridges between py_ecc (the independent reference implementation) and the
byte encodings pybls speaks. Native only: py_ecc is not installed under
Pyodide.

Conventions worth knowing:

* py_ecc's ``pairing(Q, P)`` takes the G2 point first and applies the final
  exponent (p^12 - 1)/r literally. pybls (like blst, noble, kyber) computes
  the cube of that value, so ``pybls.pairing(P, Q) == ref_pairing(P, Q)``
  below, which returns ``pairing(Q, P) ** 3``.
* py_ecc represents Fp12 as Fp[w]/(w^12 - 2w^6 + 2). The pybls tower
  Fp2[v][w] with u^2 = -1, v^3 = u + 1, w^2 = v embeds into it through
  w_tower = -w_pyecc (then v = w^2 and u = w^6 - 1), which is the
  isomorphism under which py_ecc's twist and the pybls twist agree; this is
  checked against the draft's pairing vector in test_xref_pairing.py.
"""

from py_ecc.bls.point_compression import (
    compress_G1,
    compress_G2,
    decompress_G1,
    decompress_G2,
)
from py_ecc.fields import optimized_bls12_381_FQ as FQ
from py_ecc.fields import optimized_bls12_381_FQ2 as FQ2
from py_ecc.fields import optimized_bls12_381_FQ12 as FQ12
from py_ecc.optimized_bls12_381 import (
    G1,
    G2,
    Z1,
    Z2,
    add,
    b,
    b2,
    curve_order,
    eq,
    field_modulus,
    is_inf,
    is_on_curve,
    multiply,
    neg,
    normalize,
    pairing,
)

import reference as ref

assert field_modulus == ref.P and curve_order == ref.R


def _int(c):
    return c.n if hasattr(c, "n") else int(c)


# --------------------------------------------------------------------------
# points


def g1_affine(pt):
    """py_ecc G1 point -> None or (x, y) ints."""
    if is_inf(pt):
        return None
    x, y = normalize(pt)
    return _int(x), _int(y)


def g2_affine(pt):
    """py_ecc G2 point -> None or ((x0, x1), (y0, y1)) ints."""
    if is_inf(pt):
        return None
    x, y = normalize(pt)
    return tuple(_int(c) for c in x.coeffs), tuple(_int(c) for c in y.coeffs)


def g1_point(affine):
    if affine is None:
        return Z1
    x, y = affine
    return (FQ(x), FQ(y), FQ.one())


def g2_point(affine):
    if affine is None:
        return Z2
    x, y = affine
    return (FQ2(list(x)), FQ2(list(y)), FQ2.one())


def g1_bytes(pt, compressed=True):
    """Encoding computed with py_ecc's own compression where it has one."""
    if compressed:
        return compress_G1(pt).to_bytes(48, "big")
    return ref.encode_g1(g1_affine(pt), compressed=False)


def g2_bytes(pt, compressed=True):
    if compressed:
        z1, z2 = compress_G2(pt)
        return z1.to_bytes(48, "big") + z2.to_bytes(48, "big")
    return ref.encode_g2(g2_affine(pt), compressed=False)


def g1_from_bytes(data):
    return decompress_G1(int.from_bytes(data, "big"))


def g2_from_bytes(data):
    return decompress_G2(
        (int.from_bytes(data[:48], "big"), int.from_bytes(data[48:], "big"))
    )


# --------------------------------------------------------------------------
# Fp12 <-> tower coefficients <-> pybls GT bytes


def fq12_to_tower(f):
    """py_ecc FQ12 -> 12 tower coefficients, lowest first (see reference)."""
    c = [_int(x) % ref.P for x in f.coeffs]
    out = [0] * 12
    for k in range(6):
        i, j = k % 2, k // 2
        s = -1 if i else 1
        out[i * 6 + j * 2 + 0] = s * (c[k] + c[k + 6]) % ref.P
        out[i * 6 + j * 2 + 1] = s * c[k + 6] % ref.P
    return out


def tower_to_fq12(t):
    c = [0] * 12
    for k in range(6):
        i, j = k % 2, k // 2
        s = -1 if i else 1
        a0, a1 = t[i * 6 + j * 2], t[i * 6 + j * 2 + 1]
        c[k] = s * (a0 - a1) % ref.P
        c[k + 6] = s * a1 % ref.P
    return FQ12(c)


def gt_bytes(f):
    return ref.gt_encode_tower(fq12_to_tower(f))


def gt_from_bytes(data):
    return tower_to_fq12(ref.gt_decode_tower(data))


def ref_pairing(p1, q2):
    """The pairing in pybls's convention (py_ecc value cubed)."""
    return pairing(q2, p1) ** 3


def fq12_conjugate(f):
    """f^(p^6): w -> -w."""
    c = [_int(x) for x in f.coeffs]
    return FQ12([(-x if k % 2 else x) % ref.P for k, x in enumerate(c)])


__all__ = [
    "FQ",
    "FQ2",
    "FQ12",
    "G1",
    "G2",
    "Z1",
    "Z2",
    "add",
    "b",
    "b2",
    "eq",
    "is_inf",
    "is_on_curve",
    "multiply",
    "neg",
    "pairing",
]
