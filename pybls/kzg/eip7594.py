"""EIP-7594 (PeerDAS) cells and cell proofs (the consensus specs'
``polynomial-commitments-sampling.md``, with c-kzg-4844's names and checks).

The blob's polynomial (degree < 4096) is evaluated over the 8192-th roots
of unity in bit-reversed order; cell i holds the 64 evaluations at
positions 64i .. 64i + 63, which are the coset h_i * <w_64> with
h_i = w_8192^reverse7(i) (the 64-th roots in bit-reversed order). A cell's
proof commits to the quotient of the polynomial by X^64 - h_i^64.

>>> from pybls import kzg
>>> ts = kzg.load_trusted_setup(kzg.MAINNET)
>>> cells, proofs = kzg.compute_cells_and_kzg_proofs(bytes(kzg.BYTES_PER_BLOB), ts)
>>> len(cells), len(proofs), cells[0] == bytes(kzg.BYTES_PER_CELL)
(128, 128, True)
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Dict, List, Optional, Sequence, Tuple

from .. import _lib
from .. import workers as _workers
from ..errors import KzgInputError
from .eip4844 import _check_bytes, _pairing_check, blob_internal, commit_internal, decode_g1
from ._field import (
    PRIMITIVE_ROOT,
    R,
    brp_internal,
    _fft_constants,
    fft_internal,
    internal_from_bytes,
    reverse_bits,
    roots_brp,
    roots_of_unity,
    scalar,
    to_internal,
)
from ._fk20 import cell_proofs
from .trusted_setup import FIELD_ELEMENTS_PER_BLOB, TrustedSetup, check_setup

FIELD_ELEMENTS_PER_EXT_BLOB = 2 * FIELD_ELEMENTS_PER_BLOB
FIELD_ELEMENTS_PER_CELL = 64
CELLS_PER_EXT_BLOB = FIELD_ELEMENTS_PER_EXT_BLOB // FIELD_ELEMENTS_PER_CELL
BYTES_PER_CELL = 32 * FIELD_ELEMENTS_PER_CELL
_CELL_BATCH_DOMAIN = b"RCKZGCBATCH__V1_"
_G1 = 144  # bytes of an internal G1 point

__all__ = ["compute_cells", "compute_cells_and_kzg_proofs", "recover_cells_and_kzg_proofs", "verify_cell_kzg_proof_batch"]


def coset_shift(cell_index: int) -> int:
    """h_i, the first point of cell i's coset."""
    return roots_brp(FIELD_ELEMENTS_PER_EXT_BLOB)[FIELD_ELEMENTS_PER_CELL * cell_index]


@lru_cache(maxsize=None)
def _coset_constants(cell_index: int) -> Tuple[int, bytes]:
    """(h^64, 1/h as an internal element) for cell i's shift h."""
    h = coset_shift(cell_index)
    return pow(h, FIELD_ELEMENTS_PER_CELL, R), scalar(pow(h, -1, R))


def _coefficients(poly_evals_brp: bytes) -> bytes:
    """Monomial coefficients (packed internal) of the blob polynomial from
    its evaluations (packed internal, bit-reversed order)."""
    n = FIELD_ELEMENTS_PER_BLOB
    return fft_internal(brp_internal(poly_evals_brp, n), n, inverse=True)


def _cells_from_coefficients(coeffs: bytes) -> List[bytes]:
    """The 128 cells of the polynomial with these (packed internal) coefficients."""
    n = FIELD_ELEMENTS_PER_EXT_BLOB
    ext = fft_internal(coeffs + bytes(32 * n - len(coeffs)), n)
    raw = _lib.fr_to_bytes_batch(n, brp_internal(ext, n))
    return [raw[i : i + BYTES_PER_CELL] for i in range(0, len(raw), BYTES_PER_CELL)]


def _proofs_from_coefficients(coeffs: bytes, ts: TrustedSetup) -> List[bytes]:
    """The 128 cell proofs, compressed (see pybls.kzg._fk20)."""
    return [_lib.g1_compress(p) for p in cell_proofs(coeffs, ts)]


def compute_cells(blob: bytes, ts: TrustedSetup) -> List[bytes]:
    """The 128 cells (2048 bytes each) of the blob's extension.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> cells = kzg.compute_cells(bytes(kzg.BYTES_PER_BLOB), ts)
    >>> len(cells), cells[5] == bytes(kzg.BYTES_PER_CELL)
    (128, True)
    """
    check_setup(ts)
    return _cells_from_coefficients(_coefficients(blob_internal(blob)))


def compute_cells_and_kzg_proofs(blob: bytes, ts: TrustedSetup) -> Tuple[List[bytes], List[bytes]]:
    """The 128 cells of the blob's extension and their 48-byte proofs.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)    # the first element is 1
    >>> cells, proofs = kzg.compute_cells_and_kzg_proofs(blob, ts)
    >>> c = kzg.blob_to_kzg_commitment(blob, ts)
    >>> kzg.verify_cell_kzg_proof_batch([c, c], [3, 90], [cells[3], cells[90]], [proofs[3], proofs[90]], ts)
    True
    """
    check_setup(ts)
    coeffs = _coefficients(blob_internal(blob))
    return _cells_from_coefficients(coeffs), _proofs_from_coefficients(coeffs, ts)


def _cell_index(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"cell index must be an int, not {type(value).__name__}")
    if not 0 <= value < CELLS_PER_EXT_BLOB:
        raise KzgInputError(f"cell index must be in [0, {CELLS_PER_EXT_BLOB}), got {value}")
    return value


def recover_cells_and_kzg_proofs(
    cell_indices: Sequence[int], cells: Sequence[bytes], ts: TrustedSetup
) -> Tuple[List[bytes], List[bytes]]:
    """All 128 cells and proofs from at least half of the cells, given with
    their indices in strictly increasing order.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)    # the first element is 1
    >>> cells, proofs = kzg.compute_cells_and_kzg_proofs(blob, ts)
    >>> half = list(range(0, 128, 2))                        # any 64 of the 128 cells
    >>> again = kzg.recover_cells_and_kzg_proofs(half, [cells[i] for i in half], ts)
    >>> again == (cells, proofs)
    True
    """
    check_setup(ts)
    indices = [_cell_index(i) for i in cell_indices]
    cells = list(cells)
    if len(indices) != len(cells):
        raise KzgInputError(f"need as many cell indices as cells, got {len(indices)} and {len(cells)}")
    if not CELLS_PER_EXT_BLOB // 2 <= len(cells) <= CELLS_PER_EXT_BLOB:
        raise KzgInputError(f"need between {CELLS_PER_EXT_BLOB // 2} and {CELLS_PER_EXT_BLOB} cells, got {len(cells)}")
    if any(a >= b for a, b in zip(indices, indices[1:])):
        raise KzgInputError("cell indices must be strictly increasing")
    raw = [_check_bytes(c, BYTES_PER_CELL, "cell") for c in cells]
    evals = internal_from_bytes(b"".join(raw), "cell")  # every cell checked (< r) at once
    n = FIELD_ELEMENTS_PER_EXT_BLOB
    if len(cells) == CELLS_PER_EXT_BLOB:
        coeffs = fft_internal(_lib.fr_bit_reverse(n, evals), n, inverse=True)
        out = raw
    else:
        coeffs = _recover_coefficients(indices, evals)
        # As c-kzg: the given cells are returned as they are, the missing
        # ones are evaluations of the recovered polynomial, and the proofs
        # commit to its low 4096 coefficients (for cells that lie on one
        # blob's polynomial all three agree; nothing checks that they do).
        out = _cells_from_coefficients(coeffs)
        for i, c in zip(indices, cells):
            out[i] = bytes(c)
    return out, _proofs_from_coefficients(coeffs[: 32 * FIELD_ELEMENTS_PER_BLOB], ts)


def _recover_coefficients(indices: Sequence[int], evals: bytes) -> bytes:
    """The extended polynomial's 8192 coefficients (packed internal) from the
    known cells (packed internal, in the order of `indices`): with Z
    vanishing on the missing cosets, (E * Z) is known everywhere, and E is
    (E * Z) / Z evaluated on a shifted coset where Z has no zero."""
    n, l, size = FIELD_ELEMENTS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL, 32 * FIELD_ELEMENTS_PER_CELL
    known = set(indices)
    # Z(X) = prod over missing cells of (X^64 - h_i^64): a polynomial in X^64
    # whose roots are the 128-th roots of unity of the missing cells.
    a_roots = roots_of_unity(CELLS_PER_EXT_BLOB)
    short = [1]
    for i in range(CELLS_PER_EXT_BLOB):
        if i in known:
            continue
        a = a_roots[reverse_bits(i, 7)]
        nxt = [0] * (len(short) + 1)
        for k, c in enumerate(short):
            nxt[k] = (nxt[k] - a * c) % R
            nxt[k + 1] = (nxt[k + 1] + c) % R
        short = nxt
    zero_poly = bytearray(32 * n)  # the internal zero is all zero bytes
    short_internal = to_internal(short)
    for k in range(len(short)):
        zero_poly[32 * k * l : 32 * k * l + 32] = short_internal[32 * k : 32 * k + 32]
    ext_brp = bytearray(32 * n)
    for k, i in enumerate(indices):
        ext_brp[size * i : size * (i + 1)] = evals[size * k : size * (k + 1)]
    ext = _lib.fr_bit_reverse(n, bytes(ext_brp))
    zero_evals = fft_internal(bytes(zero_poly), n)
    ez_coeffs = fft_internal(_lib.fr_mul_vec(n, ext, zero_evals), n, inverse=True)
    shift, unshift = scalar(PRIMITIVE_ROOT), scalar(pow(PRIMITIVE_ROOT, -1, R))
    ez_coset = fft_internal(_lib.fr_scale_powers(n, ez_coeffs, shift), n)
    z_coset = fft_internal(_lib.fr_scale_powers(n, bytes(zero_poly), shift), n)
    quotient = _lib.fr_mul_vec(n, ez_coset, _lib.fr_batch_inv(n, z_coset))
    return _lib.fr_scale_powers(n, fft_internal(quotient, n, inverse=True), unshift)


def _decode_points(labelled: List[Tuple[bytes, str]]) -> List[bytes]:
    """Each (encoding, what) decoded as a G1 point (internal)."""
    return [decode_g1(value, what) for value, what in labelled]


def verify_cell_kzg_proof_batch(
    commitments_bytes: Sequence[bytes],
    cell_indices: Sequence[int],
    cells: Sequence[bytes],
    proofs_bytes: Sequence[bytes],
    ts: TrustedSetup,
    workers: Optional[int] = _workers.DEFAULT,
) -> bool:
    """Whether each proof shows that its cell holds the evaluations of the
    committed polynomial on the cell's coset (one pairing check; true for
    an empty batch).

    ``workers=n`` decodes the points and runs the two multi-scalar
    multiplications on n threads (:mod:`pybls.workers`; default 1,
    ``None`` for one per CPU).

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)    # the first element is 1
    >>> cells, proofs = kzg.compute_cells_and_kzg_proofs(blob, ts)
    >>> c = kzg.blob_to_kzg_commitment(blob, ts)
    >>> kzg.verify_cell_kzg_proof_batch([c], [5], [cells[5]], [proofs[5]], ts)
    True
    >>> kzg.verify_cell_kzg_proof_batch([c] * 3, [0, 5, 9], [cells[i] for i in (0, 5, 9)],
    ...                                 [proofs[i] for i in (0, 5, 9)], ts, workers=2)
    True
    >>> tampered = cells[5][:-1] + b"\\x01"
    >>> kzg.verify_cell_kzg_proof_batch([c], [5], [tampered], [proofs[5]], ts)
    False
    """
    check_setup(ts)
    commitments_bytes, cells, proofs_bytes = list(commitments_bytes), list(cells), list(proofs_bytes)
    indices = [_cell_index(i) for i in cell_indices]
    if not len(commitments_bytes) == len(indices) == len(cells) == len(proofs_bytes):
        raise KzgInputError(
            "need as many commitments, cell indices, cells and proofs, got "
            f"{len(commitments_bytes)}, {len(indices)}, {len(cells)}, {len(proofs_bytes)}"
        )
    commitments_bytes = [_check_bytes(c, 48, "commitment") for c in commitments_bytes]
    proofs_bytes = [_check_bytes(p, 48, "proof") for p in proofs_bytes]
    raw_cells = [_check_bytes(c, BYTES_PER_CELL, "cell") for c in cells]
    if not cells:
        return True
    # every cell checked (< r) and decoded at once
    cells_internal = internal_from_bytes(b"".join(raw_cells), "cell")
    unique: Dict[bytes, int] = {}
    for c in commitments_bytes:
        unique.setdefault(c, len(unique))
    n_workers = _workers.resolve(workers)
    labelled = [(c, "commitment") for c in unique] + [(p, "proof") for p in proofs_bytes]
    decoded = [p for part in _workers.map_parts(_decode_points, _workers.split(labelled, n_workers), n_workers)
               for p in part]
    commitment_points, proofs = decoded[: len(unique)], decoded[len(unique):]
    which = [unique[c] for c in commitments_bytes]
    r = verify_cell_batch_challenge(list(unique), which, indices, raw_cells, proofs_bytes)
    num = len(cells)
    powers = [1] * num
    for k in range(1, num):
        powers[k] = powers[k - 1] * r % R
    l = FIELD_ELEMENTS_PER_CELL
    # sum_k r^k C_k, with equal commitments' weights added
    weights = [0] * len(unique)
    for k, j in enumerate(which):
        weights[j] = (weights[j] + powers[k]) % R
    # -sum_k r^k I_k(X), I_k the interpolant of cell k on its coset (in C)
    neg_interpolant = _lib.fr_coset_interpolate_sum(
        l,
        cells_internal,
        to_internal([R - p for p in powers]),
        b"".join([_coset_constants(i)[1] for i in indices]),
        num,
        _fft_constants(l, True)[0],
    )
    shifted = [powers[k] * _coset_constants(i)[0] % R for k, i in enumerate(indices)]
    g1_all = b"".join(commitment_points) + ts.g1_monomial_head[: _G1 * l] + b"".join(proofs)
    scalars = to_internal(weights) + neg_interpolant + to_internal(shifted)
    jobs = [(scalars, g1_all, len(scalars) // 32), (to_internal(powers), b"".join(proofs), num)]
    rhs, lhs = _workers.map_parts(lambda job: commit_internal(job[0], job[1], job[2], ts), jobs, n_workers)
    return _pairing_check([lhs, rhs], [ts.g2_monomial[l], _lib.g2_neg(_lib.g2_generator())])


def verify_cell_batch_challenge(
    commitments: Sequence[bytes],
    commitment_indices: Sequence[int],
    cell_indices: Sequence[int],
    cosets_evals: Sequence[bytes],
    proofs: Sequence[bytes],
) -> int:
    """The random weight of the batch (the specs' Fiat-Shamir hash of every
    input; the cells as their 2048 bytes, canonical elements)."""
    data = bytearray(_CELL_BATCH_DOMAIN)
    for count in (FIELD_ELEMENTS_PER_BLOB, FIELD_ELEMENTS_PER_CELL, len(commitments), len(cell_indices)):
        data += count.to_bytes(8, "big")
    for c in commitments:
        data += c
    for k, e in enumerate(cosets_evals):
        data += commitment_indices[k].to_bytes(8, "big") + cell_indices[k].to_bytes(8, "big")
        data += e + proofs[k]
    return int.from_bytes(hashlib.sha256(bytes(data)).digest(), "big") % R
