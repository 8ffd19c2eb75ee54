"""A drop-in for ``ckzg``, the Python binding of c-kzg-4844, on
:mod:`pybls.kzg`: ``import pybls.compat.ckzg as ckzg`` in code written for
ckzg.

The same names, argument order and types as ckzg 2.x: bytes only (not
bytearray), lists for the cell functions, concatenated bytes for the blobs,
commitments and proofs of ``verify_blob_kzg_proof_batch``. The same
exceptions: ``ValueError`` for arguments of the wrong type or length,
``RuntimeError("<function> failed")`` for inputs the library rejects
(field elements >= r, points that are not G1 points, bad cell indices), and
``RuntimeError`` when a trusted setup cannot be read or loaded.

>>> import pybls.compat.ckzg as ckzg
>>> from pybls.kzg import MAINNET
>>> ts = ckzg.load_trusted_setup(MAINNET, 0)
>>> blob = bytes(ckzg.BYTES_PER_BLOB)
>>> c = ckzg.blob_to_kzg_commitment(blob, ts)
>>> ckzg.verify_blob_kzg_proof(blob, c, ckzg.compute_blob_kzg_proof(blob, c, ts), ts)
True
>>> ckzg.blob_to_kzg_commitment(b"\\xff" * ckzg.BYTES_PER_BLOB, ts)
Traceback (most recent call last):
RuntimeError: blob_to_kzg_commitment failed
"""

from __future__ import annotations

import os
from typing import Any, Callable, List, Tuple, TypeVar

from .. import kzg
from ..errors import PyblsError
from ..kzg import TrustedSetup

__all__ = [
    "load_trusted_setup",
    "blob_to_kzg_commitment",
    "compute_kzg_proof",
    "compute_blob_kzg_proof",
    "verify_kzg_proof",
    "verify_blob_kzg_proof",
    "verify_blob_kzg_proof_batch",
    "compute_cells",
    "compute_cells_and_kzg_proofs",
    "recover_cells_and_kzg_proofs",
    "verify_cell_kzg_proof_batch",
]

BYTES_PER_BLOB = kzg.BYTES_PER_BLOB
BYTES_PER_CELL = kzg.BYTES_PER_CELL
BYTES_PER_COMMITMENT = kzg.BYTES_PER_COMMITMENT
BYTES_PER_PROOF = kzg.BYTES_PER_PROOF
BYTES_PER_FIELD_ELEMENT = kzg.BYTES_PER_FIELD_ELEMENT

_T = TypeVar("_T")


def _run(name: str, fn: Callable[[], _T]) -> _T:
    try:
        return fn()
    except PyblsError:
        raise RuntimeError(f"{name} failed") from None


def _bytes(value: object, size: int, what: str, constant: str, args: str) -> bytes:
    if type(value) is not bytes:
        raise ValueError(f"expected {args}")
    if len(value) != size:
        raise ValueError(f"expected {what} to be {constant} bytes")
    return value


def _setup(ts: object, args: str) -> TrustedSetup:
    if not isinstance(ts, TrustedSetup):
        raise ValueError(f"expected {args}")
    return ts


def load_trusted_setup(file: str, precompute: int) -> TrustedSetup:
    """Load a trusted setup file (c-kzg's text format) by path.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> type(ckzg.load_trusted_setup(MAINNET, 0)).__name__
    'TrustedSetup'
    """
    if not isinstance(file, str) or isinstance(precompute, bool) or not isinstance(precompute, int):
        raise ValueError("expected string and int")
    if not os.path.isfile(file):
        raise RuntimeError("error reading trusted setup")
    try:
        return kzg.load_trusted_setup(file, precompute)
    except PyblsError:
        raise RuntimeError("error loading trusted setup") from None


def blob_to_kzg_commitment(blob: bytes, s: TrustedSetup) -> bytes:
    """The commitment to a blob.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> ckzg.blob_to_kzg_commitment(blob, ts).hex()[:16]
    'a0413c0dcafec6db'
    """
    args = "bytes and trusted setup"
    ts = _setup(s, args)
    b = _bytes(blob, BYTES_PER_BLOB, "blobs", "BYTES_PER_BLOB", args)
    return _run("blob_to_kzg_commitment", lambda: kzg.blob_to_kzg_commitment(b, ts))


def compute_kzg_proof(blob: bytes, z_bytes: bytes, s: TrustedSetup) -> Tuple[bytes, bytes]:
    """(proof, y) for the blob's polynomial at z.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> proof, y = ckzg.compute_kzg_proof(blob, bytes(32), ts)
    >>> ckzg.verify_kzg_proof(ckzg.blob_to_kzg_commitment(blob, ts), bytes(32), y, proof, ts)
    True
    """
    args = "bytes, bytes, trusted setup"
    ts = _setup(s, args)
    b = _bytes(blob, BYTES_PER_BLOB, "blob", "BYTES_PER_BLOB", args)
    z = _bytes(z_bytes, BYTES_PER_FIELD_ELEMENT, "z", "BYTES_PER_FIELD_ELEMENT", args)
    return _run("compute_kzg_proof", lambda: kzg.compute_kzg_proof(b, z, ts))


def compute_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, s: TrustedSetup) -> bytes:
    """The blob proof against a commitment.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> c = ckzg.blob_to_kzg_commitment(blob, ts)
    >>> ckzg.verify_blob_kzg_proof(blob, c, ckzg.compute_blob_kzg_proof(blob, c, ts), ts)
    True
    """
    args = "bytes, bytes, trusted setup"
    ts = _setup(s, args)
    b = _bytes(blob, BYTES_PER_BLOB, "blob", "BYTES_PER_BLOB", args)
    c = _bytes(commitment_bytes, BYTES_PER_COMMITMENT, "commitment", "BYTES_PER_COMMITMENT", args)
    return _run("compute_blob_kzg_proof", lambda: kzg.compute_blob_kzg_proof(b, c, ts))


def verify_kzg_proof(commitment_bytes: bytes, z_bytes: bytes, y_bytes: bytes, proof_bytes: bytes, s: TrustedSetup) -> bool:
    """Whether the proof shows that the committed polynomial takes y at z.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> c = ckzg.blob_to_kzg_commitment(blob, ts)
    >>> proof, y = ckzg.compute_kzg_proof(blob, (3).to_bytes(32, "big"), ts)
    >>> ckzg.verify_kzg_proof(c, (3).to_bytes(32, "big"), y, proof, ts)
    True
    """
    args = "bytes, bytes, bytes, bytes, trusted setup"
    ts = _setup(s, args)
    c = _bytes(commitment_bytes, BYTES_PER_COMMITMENT, "commitment", "BYTES_PER_COMMITMENT", args)
    z = _bytes(z_bytes, BYTES_PER_FIELD_ELEMENT, "z", "BYTES_PER_FIELD_ELEMENT", args)
    y = _bytes(y_bytes, BYTES_PER_FIELD_ELEMENT, "y", "BYTES_PER_FIELD_ELEMENT", args)
    p = _bytes(proof_bytes, BYTES_PER_PROOF, "proof", "BYTES_PER_PROOF", args)
    return _run("verify_kzg_proof", lambda: kzg.verify_kzg_proof(c, z, y, p, ts))


def verify_blob_kzg_proof(blob: bytes, commitment_bytes: bytes, proof_bytes: bytes, s: TrustedSetup) -> bool:
    """Whether the proof is the blob's against the commitment.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> c = ckzg.blob_to_kzg_commitment(blob, ts)
    >>> ckzg.verify_blob_kzg_proof(blob, c, c, ts)        # a commitment is no proof
    False
    """
    args = "bytes, bytes, bytes, trusted setup"
    ts = _setup(s, args)
    b = _bytes(blob, BYTES_PER_BLOB, "blob", "BYTES_PER_BLOB", args)
    c = _bytes(commitment_bytes, BYTES_PER_COMMITMENT, "commitment", "BYTES_PER_COMMITMENT", args)
    p = _bytes(proof_bytes, BYTES_PER_PROOF, "proof", "BYTES_PER_PROOF", args)
    return _run("verify_blob_kzg_proof", lambda: kzg.verify_blob_kzg_proof(b, c, p, ts))


def _split(data: object, size: int, what: str, constant: str, args: str) -> List[bytes]:
    if type(data) is not bytes:
        raise ValueError(f"expected {args}")
    if len(data) % size:
        raise ValueError(f"expected {what} to be a multiple of {constant} bytes")
    return [data[i : i + size] for i in range(0, len(data), size)]


def verify_blob_kzg_proof_batch(blobs: bytes, commitments_bytes: bytes, proofs_bytes: bytes, s: TrustedSetup) -> bool:
    """Whether every proof is its blob's against its commitment (the blobs,
    commitments and proofs each concatenated into one bytes object).

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> c = ckzg.blob_to_kzg_commitment(blob, ts)
    >>> p = ckzg.compute_blob_kzg_proof(blob, c, ts)
    >>> ckzg.verify_blob_kzg_proof_batch(blob + blob, c + c, p + p, ts)     # concatenated, as ckzg
    True
    """
    args = "bytes, bytes, bytes, trusted setup"
    ts = _setup(s, args)
    bs = _split(blobs, BYTES_PER_BLOB, "blobs", "BYTES_PER_BLOB", args)
    cs = _split(commitments_bytes, BYTES_PER_COMMITMENT, "commitments", "BYTES_PER_COMMITMENT", args)
    ps = _split(proofs_bytes, BYTES_PER_PROOF, "proofs", "BYTES_PER_PROOF", args)
    if not len(bs) == len(cs) == len(ps):
        raise ValueError("expected same number of blobs/commitments/proofs")
    return _run("verify_blob_kzg_proof_batch", lambda: kzg.verify_blob_kzg_proof_batch(bs, cs, ps, ts))


def compute_cells(blob: bytes, s: TrustedSetup) -> List[bytes]:
    """The 128 cells of the blob's extension.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> cells = ckzg.compute_cells(blob, ts)
    >>> len(cells), len(cells[127])
    (128, 2048)
    """
    args = "bytes and trusted setup"
    ts = _setup(s, args)
    b = _bytes(blob, BYTES_PER_BLOB, "blob", "BYTES_PER_BLOB", args)
    return _run("compute_cells", lambda: kzg.compute_cells(b, ts))


def compute_cells_and_kzg_proofs(blob: bytes, s: TrustedSetup) -> Tuple[List[bytes], List[bytes]]:
    """The 128 cells of the blob's extension and their proofs.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, ts)
    >>> c = ckzg.blob_to_kzg_commitment(blob, ts)
    >>> ckzg.verify_cell_kzg_proof_batch([c], [9], [cells[9]], [proofs[9]], ts)
    True
    """
    args = "bytes and trusted setup"
    ts = _setup(s, args)
    b = _bytes(blob, BYTES_PER_BLOB, "blob", "BYTES_PER_BLOB", args)
    return _run("compute_cells_and_kzg_proofs", lambda: kzg.compute_cells_and_kzg_proofs(b, ts))


def _list(value: object, args: str) -> List[Any]:
    if type(value) is not list:
        raise ValueError(f"expected {args}")
    return value


def _index(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("expected column index to be an integer")
    if not 0 <= value < 1 << 64:
        raise ValueError("failed to convert column index to uint64_t")
    return value


def _cell(value: object) -> bytes:
    if type(value) is not bytes:
        raise ValueError("expected cell to be bytes")
    if len(value) != BYTES_PER_CELL:
        raise ValueError("expected cell to be BYTES_PER_CELL bytes")
    return value


def recover_cells_and_kzg_proofs(cell_indices: List[int], cells: List[bytes], s: TrustedSetup) -> Tuple[List[bytes], List[bytes]]:
    """All cells and proofs from at least half of the cells (indices
    strictly increasing).

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, ts)
    >>> ckzg.recover_cells_and_kzg_proofs(list(range(64)), cells[:64], ts) == (cells, proofs)
    True
    """
    args = "list, list, trusted setup"
    ts = _setup(s, args)
    indices = [_index(i) for i in _list(cell_indices, args)]
    cs = [_cell(c) for c in _list(cells, args)]
    if len(indices) != len(cs):
        raise ValueError("expected same number of cell_indices and cells")
    return _run("recover_cells_and_kzg_proofs", lambda: kzg.recover_cells_and_kzg_proofs(indices, cs, ts))


def verify_cell_kzg_proof_batch(
    commitments_bytes: List[bytes], cell_indices: List[int], cells: List[bytes], proofs_bytes: List[bytes], s: TrustedSetup
) -> bool:
    """Whether every cell proof is valid for its commitment and cell.

    >>> import pybls.compat.ckzg as ckzg
    >>> from pybls.kzg import MAINNET
    >>> ts = ckzg.load_trusted_setup(MAINNET, 0)
    >>> blob = bytes(31) + b"\\x01" + bytes(ckzg.BYTES_PER_BLOB - 32)
    >>> cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, ts)
    >>> c = ckzg.blob_to_kzg_commitment(blob, ts)
    >>> ckzg.verify_cell_kzg_proof_batch([c], [1], [cells[0]], [proofs[1]], ts)
    False
    """
    args = "list, list, list, list, trusted setup"
    ts = _setup(s, args)
    commitments = _list(commitments_bytes, args)
    indices = _list(cell_indices, args)
    cs = _list(cells, args)
    proofs = _list(proofs_bytes, args)
    if len(commitments) != len(cs):
        raise ValueError("expected same number of commitments and cells")
    if len(indices) != len(cs):
        raise ValueError("expected same number of column indices and cells")
    if len(proofs) != len(cs):
        raise ValueError("expected same number of proofs and cells")
    cm = [_bytes(c, BYTES_PER_COMMITMENT, "commitment", "BYTES_PER_COMMITMENT", args) for c in commitments]
    ix = [_index(i) for i in indices]
    cl = [_cell(c) for c in cs]
    pr = [_bytes(p, BYTES_PER_PROOF, "proof", "BYTES_PER_PROOF", args) for p in proofs]
    return _run("verify_cell_kzg_proof_batch", lambda: kzg.verify_cell_kzg_proof_batch(cm, ix, cl, pr, ts))
