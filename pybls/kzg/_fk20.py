"""The 128 cell proofs of a blob at once (Feist-Khovratovich, "FK20").

With p = sum_k c_k X^k (degree < 4096) and a = h_i^64 for cell i, the
quotient of p by X^64 - a has coefficients q_j = sum_{m>=1} c_{j+64m}
a^(m-1), so

    proof_i = sum_{m=1}^{63} a^(m-1) W_m,  W_m = sum_j c_{j+64m} [tau^j]G1.

Writing j = 64k + b (0 <= b < 64), W_m = sum_b sum_k u_b[k+m] s_b[k] with
u_b[k] = c_{64k+b} and s_b[k] = [tau^(64k+b)]G1: for each b a Toeplitz
product of size 64, which is a cyclic convolution of size 128 of u_b with
s_b reversed. So, with DFTs of size 128 (the s_b's transformed once per
setup):

    H[t] = sum_b DFT(u_b)[t] * DFT(rev s_b)[t]   (128 MSMs of 64 points)
    W    = inverse DFT of H                       (a DFT of G1 points)
    proof_i = DFT(W_1 .. W_63, 0 ...)[reverse7(i)]

since the a of cell i is w_128^reverse7(i).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Sequence

from .. import _lib
from ._field import R, reverse_bits, roots_of_unity, scalar

if TYPE_CHECKING:
    from .trusted_setup import TrustedSetup

_N = 128  # the DFT size: twice the Toeplitz size
_L = 64  # field elements per cell
_G1 = 144  # bytes of an internal G1 point
_IN_SUBGROUP_VARTIME = 3  # PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME


def g1_dft(points: Sequence[bytes], inverse: bool = False) -> List[bytes]:
    """sum_k points[k] w^(tk) for t < 128 (w^-1 with `inverse`, unscaled):
    radix-2 decimation in time over internal points."""
    n = len(points)
    bits = n.bit_length() - 1
    roots = roots_of_unity(n)
    twiddles = [scalar(roots[(-k) % n] if inverse else roots[k]) for k in range(n // 2)]
    a = [points[reverse_bits(i, bits)] for i in range(n)]
    identity = _lib.g1_identity()
    size = 2
    while size <= n:
        half, step = size // 2, n // size
        for start in range(0, n, size):
            for j in range(half):
                u, v = a[start + j], a[start + j + half]
                if j and v != identity:
                    v = _lib.g1_mul_flags(v, twiddles[j * step], _IN_SUBGROUP_VARTIME)
                a[start + j] = _lib.g1_add(u, v)
                a[start + j + half] = _lib.g1_add(u, _lib.g1_neg(v))
        size *= 2
    return a


def setup_column(ts: "TrustedSetup", b: int) -> List[bytes]:
    """DFT(rev s_b): the 128 transformed points of s_b = [tau^(64k+b)]G1."""
    mono = ts.g1_monomial
    s = [mono[_G1 * (_L * k + b) : _G1 * (_L * k + b + 1)] for k in range(_L)]
    rev = [s[0]] + [_lib.g1_identity()] * _L + [s[_L - k] for k in range(1, _L)]
    return g1_dft(rev)


def setup_table(ts: "TrustedSetup") -> List[bytes]:
    """The 128 rows DFT(rev s_b)[t] for b < 64, packed per t (computed
    once per trusted setup; shipped for the mainnet setup)."""
    columns = [setup_column(ts, b) for b in range(_L)]
    return [b"".join([columns[b][t] for b in range(_L)]) for t in range(_N)]


def cell_proofs(coeffs: bytes, ts: "TrustedSetup") -> List[bytes]:
    """The 128 cell proofs (internal points, cell order) of the polynomial
    with these 4096 monomial coefficients (packed internal)."""
    w = roots_of_unity(_N)[1]
    # DFT(u_b), scaled by 1/128 for the inverse DFT below
    scale = scalar(pow(_N, -1, R))
    root = scalar(w)
    padding = bytes(32 * (_N - _L))  # internal zeros
    u = _lib.fr_transpose(_L * _L, coeffs[: 32 * _L * _L], _L)  # row b: u_b[k] = c_{64k+b}
    u_hat = b"".join([_lib.fr_fft(_N, u[32 * _L * b : 32 * _L * (b + 1)] + padding, root, scale) for b in range(_L)])
    # row t's scalars are the u_hat[b][t], b < 64; the 128 MSMs in one call
    ks = _lib.fr_transpose(_L * _N, u_hat, _L)
    sums = ts.fk20_fixed().msm(ks)
    h = [sums[_G1 * t : _G1 * (t + 1)] for t in range(_N)]
    ws = g1_dft(h, inverse=True)
    x = ws[1:_L] + [_lib.g1_identity()] * (_N - _L + 1)
    p = g1_dft(x)
    return [p[reverse_bits(i, 7)] for i in range(_N)]
