"""pybls.kzg against the consensus-spec KZG reference tests (c-kzg-4844's
copy, the subset in ../shared/vectors/kzg/; its README lists the cases).

A case whose output is null must raise a pybls error (KzgInputError for
malformed inputs, a DecodeError for points that are not G1 points); true
or false outputs are the verifiers' answers.
"""

import pytest

from kzg_vectors import cases
from pybls import kzg
from pybls.errors import PyblsError
from pybls.kzg import eip4844, eip7594
from pybls.kzg._field import R, elements_from_bytes


@pytest.fixture(scope="module")
def ts():
    return kzg.load_trusted_setup(kzg.MAINNET)


def _check(expected, compute):
    if expected is None:
        with pytest.raises(PyblsError):
            compute()
    else:
        assert compute() == expected


def _params(op):
    return pytest.mark.parametrize("data", [d for _, d in cases(op)], ids=[n for n, _ in cases(op)])


@_params("blob_to_kzg_commitment")
def test_blob_to_kzg_commitment(ts, data):
    _check(data["output"], lambda: kzg.blob_to_kzg_commitment(data["input"]["blob"], ts))


@_params("compute_kzg_proof")
def test_compute_kzg_proof(ts, data):
    i = data["input"]
    expected = None if data["output"] is None else tuple(data["output"])
    _check(expected, lambda: kzg.compute_kzg_proof(i["blob"], i["z"], ts))


@_params("compute_blob_kzg_proof")
def test_compute_blob_kzg_proof(ts, data):
    i = data["input"]
    _check(data["output"], lambda: kzg.compute_blob_kzg_proof(i["blob"], i["commitment"], ts))


@_params("verify_kzg_proof")
def test_verify_kzg_proof(ts, data):
    i = data["input"]
    _check(data["output"], lambda: kzg.verify_kzg_proof(i["commitment"], i["z"], i["y"], i["proof"], ts))


@_params("verify_blob_kzg_proof")
def test_verify_blob_kzg_proof(ts, data):
    i = data["input"]
    _check(data["output"], lambda: kzg.verify_blob_kzg_proof(i["blob"], i["commitment"], i["proof"], ts))


@_params("verify_blob_kzg_proof_batch")
def test_verify_blob_kzg_proof_batch(ts, data):
    i = data["input"]
    _check(data["output"], lambda: kzg.verify_blob_kzg_proof_batch(i["blobs"], i["commitments"], i["proofs"], ts))


@_params("compute_challenge")
def test_compute_challenge(data):
    i = data["input"]
    challenge = eip4844.compute_challenge(i["blob"], i["commitment"])
    assert challenge.to_bytes(32, "big") == data["output"]


@_params("compute_cells_and_kzg_proofs")
def test_compute_cells_and_kzg_proofs(ts, data):
    blob = data["input"]["blob"]
    expected = None if data["output"] is None else tuple(data["output"])
    _check(expected, lambda: kzg.compute_cells_and_kzg_proofs(blob, ts))
    # compute_cells has no vectors of its own here: its cases' cells are
    # these (the README's note on compute_cells)
    if expected is not None:
        assert kzg.compute_cells(blob, ts) == expected[0]


@_params("recover_cells_and_kzg_proofs")
def test_recover_cells_and_kzg_proofs(ts, data):
    i = data["input"]
    expected = None if data["output"] is None else tuple(data["output"])
    _check(expected, lambda: kzg.recover_cells_and_kzg_proofs(i["cell_indices"], i["cells"], ts))


@_params("verify_cell_kzg_proof_batch")
def test_verify_cell_kzg_proof_batch(ts, data):
    i = data["input"]
    _check(
        data["output"],
        lambda: kzg.verify_cell_kzg_proof_batch(i["commitments"], i["cell_indices"], i["cells"], i["proofs"], ts),
    )


@_params("compute_verify_cell_kzg_proof_batch_challenge")
def test_verify_cell_batch_challenge(data):
    i = data["input"]
    evals = [b"".join(e) for e in i["cosets_evals"]]
    r = eip7594.verify_cell_batch_challenge(i["commitments"], i["commitment_indices"], i["cell_indices"], evals, i["proofs"])
    assert r.to_bytes(32, "big") == data["output"]


def test_invalid_blobs_rejected_everywhere(ts):
    """The README's invalid blobs 0, 2 and 3, rebuilt: all 0xff, one byte too
    long, one byte too short."""
    commitment = bytes([0xC0]) + bytes(47)
    for blob in (b"\xff" * kzg.BYTES_PER_BLOB, bytes(kzg.BYTES_PER_BLOB + 1), bytes(kzg.BYTES_PER_BLOB - 1)):
        for call in (
            lambda: kzg.blob_to_kzg_commitment(blob, ts),
            lambda: kzg.compute_kzg_proof(blob, bytes(32), ts),
            lambda: kzg.compute_blob_kzg_proof(blob, commitment, ts),
            lambda: kzg.verify_blob_kzg_proof(blob, commitment, commitment, ts),
            lambda: kzg.verify_blob_kzg_proof_batch([blob], [commitment], [commitment], ts),
            lambda: kzg.compute_cells(blob, ts),
        ):
            with pytest.raises(PyblsError):
                call()


def test_a_trusted_setup_is_required():
    blob, c = bytes(kzg.BYTES_PER_BLOB), bytes([0xC0]) + bytes(47)
    for not_a_setup in (None, kzg.MAINNET, b"setup"):
        for call in (
            lambda: kzg.blob_to_kzg_commitment(blob, not_a_setup),
            lambda: kzg.compute_kzg_proof(blob, bytes(32), not_a_setup),
            lambda: kzg.compute_blob_kzg_proof(blob, c, not_a_setup),
            lambda: kzg.verify_kzg_proof(c, bytes(32), bytes(32), c, not_a_setup),
            lambda: kzg.verify_blob_kzg_proof(blob, c, c, not_a_setup),
            lambda: kzg.verify_blob_kzg_proof_batch([blob], [c], [c], not_a_setup),
            lambda: kzg.compute_cells(blob, not_a_setup),
            lambda: kzg.compute_cells_and_kzg_proofs(blob, not_a_setup),
            lambda: kzg.recover_cells_and_kzg_proofs([0], [bytes(kzg.BYTES_PER_CELL)], not_a_setup),
            lambda: kzg.verify_cell_kzg_proof_batch([c], [0], [bytes(kzg.BYTES_PER_CELL)], [c], not_a_setup),
        ):
            with pytest.raises(TypeError, match="TrustedSetup"):
                call()


def test_elements_decoder_rejects_r():
    assert elements_from_bytes((R - 1).to_bytes(32, "big"), 1, "x") == [R - 1]
    with pytest.raises(PyblsError):
        elements_from_bytes(R.to_bytes(32, "big"), 1, "x")
