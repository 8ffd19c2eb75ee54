"""KZG polynomial commitments for Ethereum blobs: EIP-4844 (blob
commitments and proofs) and EIP-7594 (PeerDAS cells and cell proofs), with
the functions, inputs, outputs and checks of c-kzg-4844.

>>> from pybls import kzg
>>> ts = kzg.load_trusted_setup(kzg.MAINNET)
>>> blob = bytes(31) + b"\\x01" + bytes(kzg.BYTES_PER_BLOB - 32)
>>> c = kzg.blob_to_kzg_commitment(blob, ts)
>>> p = kzg.compute_blob_kzg_proof(blob, c, ts)
>>> kzg.verify_blob_kzg_proof(blob, c, p, ts)
True
>>> kzg.verify_blob_kzg_proof(blob, c, c, ts)
False

Inputs that are malformed (wrong lengths, field elements >= r, bad cell
indices) raise :class:`pybls.errors.KzgInputError`; commitments and proofs
that are not G1 points raise the :class:`pybls.errors.DecodeError` saying
why. A verifier returns ``False`` only for well-formed inputs that fail.
"""

from .eip4844 import (
    BYTES_PER_BLOB,
    BYTES_PER_COMMITMENT,
    BYTES_PER_FIELD_ELEMENT,
    BYTES_PER_PROOF,
    blob_to_kzg_commitment,
    compute_blob_kzg_proof,
    compute_kzg_proof,
    verify_blob_kzg_proof,
    verify_blob_kzg_proof_batch,
    verify_kzg_proof,
)
from .eip7594 import (
    BYTES_PER_CELL,
    CELLS_PER_EXT_BLOB,
    FIELD_ELEMENTS_PER_CELL,
    compute_cells,
    compute_cells_and_kzg_proofs,
    recover_cells_and_kzg_proofs,
    verify_cell_kzg_proof_batch,
)
from .trusted_setup import FIELD_ELEMENTS_PER_BLOB, MAINNET, TrustedSetup, load_trusted_setup

__all__ = [
    "BYTES_PER_BLOB",
    "BYTES_PER_CELL",
    "BYTES_PER_COMMITMENT",
    "BYTES_PER_FIELD_ELEMENT",
    "BYTES_PER_PROOF",
    "CELLS_PER_EXT_BLOB",
    "FIELD_ELEMENTS_PER_BLOB",
    "FIELD_ELEMENTS_PER_CELL",
    "MAINNET",
    "TrustedSetup",
    "blob_to_kzg_commitment",
    "compute_blob_kzg_proof",
    "compute_cells",
    "compute_cells_and_kzg_proofs",
    "compute_kzg_proof",
    "load_trusted_setup",
    "recover_cells_and_kzg_proofs",
    "verify_blob_kzg_proof",
    "verify_blob_kzg_proof_batch",
    "verify_cell_kzg_proof_batch",
    "verify_kzg_proof",
]
