"""EIP-4844 blob commitments and proofs (the consensus specs'
``polynomial-commitments.md``, with c-kzg-4844's names and checks).

A blob is 4096 big-endian field elements, the evaluations of a polynomial
of degree < 4096 over the 4096-th roots of unity in bit-reversed order.
Commitments and proofs are 48-byte compressed G1 points.

>>> from pybls import kzg
>>> ts = kzg.load_trusted_setup(kzg.MAINNET)
>>> blob = b"".join(i.to_bytes(32, "big") for i in range(kzg.FIELD_ELEMENTS_PER_BLOB))
>>> c = kzg.blob_to_kzg_commitment(blob, ts)
>>> kzg.verify_blob_kzg_proof(blob, c, kzg.compute_blob_kzg_proof(blob, c, ts), ts)
True
"""

from __future__ import annotations

import hashlib
import threading
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from .. import _lib
from .. import workers as _workers
from ..errors import KzgInputError
from ._field import (
    R,
    element_from_bytes,
    element_to_bytes,
    elements_from_bytes,
    internal_from_bytes,
    roots_brp_internal,
    scalar,
    scalar_int,
    to_internal,
)
from .trusted_setup import FIELD_ELEMENTS_PER_BLOB, TrustedSetup, check_setup

if TYPE_CHECKING:
    from .._lib._functions import Scratch

BYTES_PER_BLOB = 32 * FIELD_ELEMENTS_PER_BLOB
BYTES_PER_COMMITMENT = 48
BYTES_PER_PROOF = 48
BYTES_PER_FIELD_ELEMENT = 32
_FIAT_SHAMIR_DOMAIN = b"FSBLOBVERIFY_V1_"
_BATCH_DOMAIN = b"RCKZGBATCH___V1_"

__all__ = ["blob_to_kzg_commitment", "compute_kzg_proof", "compute_blob_kzg_proof", "verify_kzg_proof", "verify_blob_kzg_proof", "verify_blob_kzg_proof_batch"]


# -- decoding ----------------------------------------------------------------


def _check_bytes(value: object, size: int, what: str) -> bytes:
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{what} must be bytes, not {type(value).__name__}")
    b = bytes(value)
    if len(b) != size:
        raise KzgInputError(f"{what} must be {size} bytes, got {len(b)}")
    return b


def decode_g1(value: object, what: str) -> bytes:
    """A commitment or proof (compressed G1, the identity allowed) as an
    internal point; raises the DecodeError that says what is wrong."""
    return _lib.g1_decode(_check_bytes(value, 48, what), 48, 0)


def blob_internal(blob: object) -> bytes:
    """The blob's 4096 field elements (each checked < r), packed internal."""
    return internal_from_bytes(_check_bytes(blob, BYTES_PER_BLOB, "blob"), "blob")


def blob_elements(blob: object) -> List[int]:
    """The blob's 4096 field elements (each checked < r)."""
    return elements_from_bytes(_check_bytes(blob, BYTES_PER_BLOB, "blob"), FIELD_ELEMENTS_PER_BLOB, "blob")


def commit_internal(scalars: bytes, points: bytes, n: int, ts: TrustedSetup) -> bytes:
    """sum scalars[i] * points[i] over packed internal values (an internal point)."""
    size, scratch = ts.msm_scratch(n)
    return _lib.g1_msm(points, scalars, n, scratch, size)


def _g1_lagrange_msm(values: Sequence[int], ts: TrustedSetup) -> bytes:
    return ts.lagrange.msm(to_internal(values))


# -- polynomial helpers ------------------------------------------------------


def compute_challenge(blob: bytes, commitment: bytes) -> int:
    """The Fiat-Shamir evaluation point of a blob and its commitment."""
    data = _FIAT_SHAMIR_DOMAIN + FIELD_ELEMENTS_PER_BLOB.to_bytes(16, "big") + blob + commitment
    return int.from_bytes(hashlib.sha256(data).digest(), "big") % R


def evaluate(poly: bytes, z: int) -> int:
    """The polynomial given by its evaluations over the blob's domain
    (packed internal elements), at z (the barycentric formula; the stored
    value when z is in the domain)."""
    n = FIELD_ELEMENTS_PER_BLOB
    size, scratch = _eval_scratch()
    return scalar_int(_lib.fr_eval_barycentric(poly, roots_brp_internal(n), n, scalar(z), scratch))


# One evaluation scratch per thread: evaluations run without the GIL.
_eval_local = threading.local()


def _eval_scratch() -> Tuple[int, "Scratch"]:
    got: Optional[Tuple[int, "Scratch"]] = getattr(_eval_local, "scratch", None)
    if got is None:
        size = 32 * FIELD_ELEMENTS_PER_BLOB
        got = _eval_local.scratch = (size, _lib.scratch(size))
    return got


def quotient_proof(poly: bytes, z: int, ts: TrustedSetup) -> Tuple[bytes, int]:
    """The proof (internal point) that the polynomial (packed internal
    evaluations) takes y at z, and y."""
    n = FIELD_ELEMENTS_PER_BLOB
    y = evaluate(poly, z)
    quotient = _lib.fr_quotient(n, poly, roots_brp_internal(n), scalar(z), scalar(y))
    return ts.lagrange.msm(quotient), y


def _pairing_check(g1s: Sequence[bytes], g2s: Sequence[bytes]) -> bool:
    gt = _lib.pairing_product(b"".join(g1s), b"".join(g2s), len(g1s))
    return bool(_lib.gt_is_one(gt))


def verify_internal(commitment: bytes, z: int, y: int, proof: bytes, ts: TrustedSetup) -> bool:
    """e(C - [y]G1, G2) == e(proof, [tau - z]G2), rearranged so that only G1
    is multiplied: e(C - [y]G1 + [z]proof, -G2) * e(proof, [tau]G2) == 1."""
    g1 = _lib.g1_generator()
    lhs = commit_internal(to_internal([1, (-y) % R, z]), commitment + g1 + proof, 3, ts)
    return _pairing_check([lhs, proof], [_lib.g2_neg(_lib.g2_generator()), ts.g2_monomial[1]])


# -- the public functions ----------------------------------------------------


def blob_to_kzg_commitment(blob: bytes, ts: TrustedSetup) -> bytes:
    """The 48-byte commitment to a blob.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> kzg.blob_to_kzg_commitment(bytes(kzg.BYTES_PER_BLOB), ts).hex()[:8]
    'c0000000'
    """
    check_setup(ts)
    b = _check_bytes(blob, BYTES_PER_BLOB, "blob")
    scalars = internal_from_bytes(b, "blob")
    return _lib.g1_compress(ts.lagrange.msm(scalars))


def compute_kzg_proof(blob: bytes, z_bytes: bytes, ts: TrustedSetup) -> Tuple[bytes, bytes]:
    """(proof, y): the proof that the blob's polynomial takes y at z.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)    # the first element is 1
    >>> z = (5).to_bytes(32, "big")
    >>> proof, y = kzg.compute_kzg_proof(blob, z, ts)
    >>> kzg.verify_kzg_proof(kzg.blob_to_kzg_commitment(blob, ts), z, y, proof, ts)
    True
    """
    check_setup(ts)
    poly = blob_internal(blob)
    z = element_from_bytes(_check_bytes(z_bytes, 32, "z"), "z")
    proof, y = quotient_proof(poly, z, ts)
    return _lib.g1_compress(proof), element_to_bytes(y)


def compute_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, ts: TrustedSetup) -> bytes:
    """The proof of the blob's value at its Fiat-Shamir challenge.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)    # the first element is 1
    >>> c = kzg.blob_to_kzg_commitment(blob, ts)
    >>> proof = kzg.compute_blob_kzg_proof(blob, c, ts)
    >>> len(proof), kzg.verify_blob_kzg_proof(blob, c, proof, ts)
    (48, True)
    """
    check_setup(ts)
    poly = blob_internal(blob)
    decode_g1(commitment_bytes, "commitment")
    z = compute_challenge(bytes(blob), bytes(commitment_bytes))
    return _lib.g1_compress(quotient_proof(poly, z, ts)[0])


def verify_kzg_proof(commitment_bytes: bytes, z_bytes: bytes, y_bytes: bytes, proof_bytes: bytes, ts: TrustedSetup) -> bool:
    """Whether `proof` shows that the committed polynomial takes y at z.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)    # the first element is 1
    >>> c, z = kzg.blob_to_kzg_commitment(blob, ts), (7).to_bytes(32, "big")
    >>> proof, y = kzg.compute_kzg_proof(blob, z, ts)
    >>> kzg.verify_kzg_proof(c, z, y, proof, ts), kzg.verify_kzg_proof(c, z, bytes(32), proof, ts)
    (True, False)
    """
    check_setup(ts)
    c = decode_g1(commitment_bytes, "commitment")
    z = element_from_bytes(_check_bytes(z_bytes, 32, "z"), "z")
    y = element_from_bytes(_check_bytes(y_bytes, 32, "y"), "y")
    p = decode_g1(proof_bytes, "proof")
    return verify_internal(c, z, y, p, ts)


def verify_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, proof_bytes: bytes, ts: TrustedSetup) -> bool:
    """Whether `proof` is the blob proof of `blob` against `commitment`.

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)    # the first element is 1
    >>> c = kzg.blob_to_kzg_commitment(blob, ts)
    >>> proof = kzg.compute_blob_kzg_proof(blob, c, ts)
    >>> kzg.verify_blob_kzg_proof(blob, c, proof, ts), kzg.verify_blob_kzg_proof(bytes(len(blob)), c, proof, ts)
    (True, False)
    """
    check_setup(ts)
    poly = blob_internal(blob)
    c = decode_g1(commitment_bytes, "commitment")
    p = decode_g1(proof_bytes, "proof")
    z = compute_challenge(bytes(blob), bytes(commitment_bytes))
    return verify_internal(c, z, evaluate(poly, z), p, ts)


def _blob_claims(items: List[Tuple[bytes, bytes, bytes]]) -> List[Tuple[bytes, bytes, int, int]]:
    """For each (blob, commitment, proof): the decoded commitment and proof,
    the challenge z and the blob's value y at z."""
    out = []
    for blob, cb, pb in items:
        poly = blob_internal(blob)
        c = decode_g1(cb, "commitment")
        p = decode_g1(pb, "proof")
        z = compute_challenge(bytes(blob), bytes(cb))
        out.append((c, p, z, evaluate(poly, z)))
    return out


def verify_blob_kzg_proof_batch(
    blobs: Sequence[bytes], commitments_bytes: Sequence[bytes], proofs_bytes: Sequence[bytes], ts: TrustedSetup,
    workers: Optional[int] = _workers.DEFAULT,
) -> bool:
    """Whether every proof is its blob's against its commitment, with one
    pairing check for the batch (true for an empty batch).

    ``workers=n`` decodes the inputs and evaluates the blobs on n threads
    (:mod:`pybls.workers`; default 1, ``None`` for one per CPU).

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)    # the first element is 1
    >>> blobs = [blob, bytes(kzg.BYTES_PER_BLOB)]
    >>> cs = [kzg.blob_to_kzg_commitment(b, ts) for b in blobs]
    >>> ps = [kzg.compute_blob_kzg_proof(b, c, ts) for b, c in zip(blobs, cs)]
    >>> kzg.verify_blob_kzg_proof_batch(blobs, cs, ps, ts), kzg.verify_blob_kzg_proof_batch(blobs, cs, ps[::-1], ts)
    (True, False)
    >>> kzg.verify_blob_kzg_proof_batch(blobs, cs, ps, ts, workers=2)
    True
    """
    check_setup(ts)
    blobs, commitments_bytes, proofs_bytes = list(blobs), list(commitments_bytes), list(proofs_bytes)
    if not len(blobs) == len(commitments_bytes) == len(proofs_bytes):
        raise KzgInputError(
            f"need as many blobs, commitments and proofs, got {len(blobs)}, {len(commitments_bytes)}, {len(proofs_bytes)}"
        )
    n = len(blobs)
    if n == 0:
        return True
    workers_n = _workers.resolve(workers)
    parts = _workers.split(list(zip(blobs, commitments_bytes, proofs_bytes)), workers_n)
    cs, ps, zs, ys = [], [], [], []
    for part in _workers.map_parts(_blob_claims, parts, workers_n):
        for c, p, z, y in part:
            cs.append(c)
            ps.append(p)
            zs.append(z)
            ys.append(y)
    if n == 1:
        return verify_internal(cs[0], zs[0], ys[0], ps[0], ts)
    # A random linear combination of the n checks, its weights derived
    # from every input (the specs' verify_kzg_proof_batch).
    data = bytearray(_BATCH_DOMAIN + FIELD_ELEMENTS_PER_BLOB.to_bytes(8, "big") + n.to_bytes(8, "big"))
    for cb, z, y, pb in zip(commitments_bytes, zs, ys, proofs_bytes):
        data += bytes(cb) + element_to_bytes(z) + element_to_bytes(y) + bytes(pb)
    r = int.from_bytes(hashlib.sha256(bytes(data)).digest(), "big") % R
    powers = [1] * n
    for i in range(1, n):
        powers[i] = powers[i - 1] * r % R

    def msm(pts: List[bytes], ks: List[int]) -> bytes:
        return commit_internal(to_internal(ks), b"".join(pts), len(pts), ts)

    proof_lincomb = msm(ps, powers)
    # sum r^i (C_i - [y_i]G1 + [z_i]proof_i) as one MSM over C_i, proof_i, G1
    g1 = _lib.g1_generator()
    y_total = sum(p * y for p, y in zip(powers, ys)) % R
    rhs = msm(cs + ps + [g1], powers + [p * z % R for p, z in zip(powers, zs)] + [(-y_total) % R])
    return _pairing_check([proof_lincomb, rhs], [_lib.g2_neg(ts.g2_monomial[1]), _lib.g2_generator()])
