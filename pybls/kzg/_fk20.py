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

from typing import TYPE_CHECKING, List

from .. import _lib
from ._field import R, reverse_bits, roots_of_unity, scalar

if TYPE_CHECKING:
    from .trusted_setup import TrustedSetup

_N = 128  # the DFT size: twice the Toeplitz size
_L = 64  # field elements per cell
_G1 = 144  # bytes of an internal G1 point
_CELL_ORDER = [reverse_bits(i, 7) for i in range(_N)]  # cell i's proof is DFT entry reverse7(i)


def g1_dft(points: bytes, n: int, inverse: bool = False) -> bytes:
    """sum_k points[k] w^(tk) for t < n (w^-1 with `inverse`, unscaled), on
    n packed internal points in the prime-order subgroup, in one core call."""
    w = roots_of_unity(n)[1] if n > 1 else 1
    root = scalar(pow(w, -1, R) if inverse else w)
    return _lib.g1_fft(n, points, root)


def setup_column(ts: "TrustedSetup", b: int) -> List[bytes]:
    """DFT(rev s_b): the 128 transformed points of s_b = [tau^(64k+b)]G1."""
    mono = ts.g1_monomial
    s = [mono[_G1 * (_L * k + b) : _G1 * (_L * k + b + 1)] for k in range(_L)]
    rev = b"".join([s[0]] + [_lib.g1_identity()] * _L + [s[_L - k] for k in range(1, _L)])
    out = g1_dft(rev, _N)
    return [out[_G1 * t : _G1 * (t + 1)] for t in range(_N)]


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
    h = ts.fk20_fixed().msm(ks)
    ws = g1_dft(h, _N, inverse=True)
    x = ws[_G1 : _G1 * _L] + _lib.g1_identity() * (_N - _L + 1)  # W_1 .. W_63, then zeros
    p = g1_dft(x, _N)
    return [p[_G1 * t : _G1 * (t + 1)] for t in _CELL_ORDER]
