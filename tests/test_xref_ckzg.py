"""pybls.kzg and pybls.compat.ckzg against ckzg (c-kzg-4844 over blst),
natively: identical outputs on random and edge-case blobs and cells, and the
same rejections (ckzg's exception types and messages through the drop-in).

Left out of the 32-bit passes (``once``): at 32-bit limbs pybls's KZG
meets the consensus-spec vectors of test_kzg_vectors, natively and in
Pyodide, and repeating this comparison there cost half a minute.
"""

import random

import ckzg
import pytest

import pybls.compat.ckzg as compat
from pybls import kzg
from pybls.kzg._field import R, roots_brp

pytestmark = [pytest.mark.native_only, pytest.mark.once]

N = kzg.FIELD_ELEMENTS_PER_BLOB


@pytest.fixture(scope="module")
def setups():
    return kzg.load_trusted_setup(kzg.MAINNET), ckzg.load_trusted_setup(kzg.MAINNET, 0)


def _blob(values):
    return b"".join(v.to_bytes(32, "big") for v in values)


def _random_blob(rng):
    return _blob(rng.randrange(R) for _ in range(N))


RNG = random.Random(4844)
BLOBS = {
    "random": _random_blob(RNG),
    "zero": bytes(kzg.BYTES_PER_BLOB),
    "all_r_minus_1": _blob([R - 1] * N),
    "one_at_2111": _blob([0] * 2111 + [1] + [0] * (N - 2112)),
    "sparse": _blob(RNG.randrange(R) if i % 97 == 0 else 0 for i in range(N)),
}


@pytest.mark.parametrize("name", list(BLOBS))
def test_eip4844_functions_agree(setups, name):
    ts, cts = setups
    blob = BLOBS[name]
    c = kzg.blob_to_kzg_commitment(blob, ts)
    assert c == ckzg.blob_to_kzg_commitment(blob, cts)
    for z in (RNG.randrange(R), 0, 1, roots_brp(N)[RNG.randrange(N)], R - 1):
        zb = z.to_bytes(32, "big")
        proof, y = kzg.compute_kzg_proof(blob, zb, ts)
        assert (proof, y) == ckzg.compute_kzg_proof(blob, zb, cts)
        assert kzg.verify_kzg_proof(c, zb, y, proof, ts) is True
        wrong_y = ((int.from_bytes(y, "big") + 1) % R).to_bytes(32, "big")
        assert kzg.verify_kzg_proof(c, zb, wrong_y, proof, ts) is ckzg.verify_kzg_proof(c, zb, wrong_y, proof, cts) is False
    p = kzg.compute_blob_kzg_proof(blob, c, ts)
    assert p == ckzg.compute_blob_kzg_proof(blob, c, cts)
    assert kzg.verify_blob_kzg_proof(blob, c, p, ts) is ckzg.verify_blob_kzg_proof(blob, c, p, cts) is True


def test_blob_batches_agree(setups):
    ts, cts = setups
    blobs = [BLOBS["random"], BLOBS["sparse"], BLOBS["one_at_2111"]]
    cs = [kzg.blob_to_kzg_commitment(b, ts) for b in blobs]
    ps = [kzg.compute_blob_kzg_proof(b, c, ts) for b, c in zip(blobs, cs)]
    for proofs, expected in ((ps, True), (ps[:2] + [ps[0]], False), ([ps[1], ps[0], ps[2]], False)):
        assert kzg.verify_blob_kzg_proof_batch(blobs, cs, proofs, ts) is expected
        assert ckzg.verify_blob_kzg_proof_batch(b"".join(blobs), b"".join(cs), b"".join(proofs), cts) is expected
        assert compat.verify_blob_kzg_proof_batch(b"".join(blobs), b"".join(cs), b"".join(proofs), ts) is expected


@pytest.fixture(scope="module")
def cells_and_proofs(setups):
    ts, cts = setups
    blob = BLOBS["random"]
    ours = kzg.compute_cells_and_kzg_proofs(blob, ts)
    theirs = ckzg.compute_cells_and_kzg_proofs(blob, cts)
    return blob, ours, theirs


def test_cells_agree(setups, cells_and_proofs):
    ts, cts = setups
    blob, ours, theirs = cells_and_proofs
    assert ours == theirs
    assert kzg.compute_cells(BLOBS["all_r_minus_1"], ts) == ckzg.compute_cells(BLOBS["all_r_minus_1"], cts)


def test_recovery_agrees(setups, cells_and_proofs):
    ts, cts = setups
    _, (cells, proofs), _ = cells_and_proofs
    rng = random.Random(7594)
    for count in (64, 100, 128):
        idx = sorted(rng.sample(range(128), count))
        got = kzg.recover_cells_and_kzg_proofs(idx, [cells[i] for i in idx], ts)
        assert got == (cells, proofs)
        # cells that do not lie on one blob's polynomial: whatever c-kzg
        # makes of them, the same
        bad = [cells[i] for i in idx]
        bad[3] = bytes(31) + b"\x01" + bytes(kzg.BYTES_PER_CELL - 32)
        assert kzg.recover_cells_and_kzg_proofs(idx, bad, ts) == ckzg.recover_cells_and_kzg_proofs(idx, bad, cts)


def test_cell_batches_agree(setups, cells_and_proofs):
    ts, cts = setups
    blob, (cells, proofs), _ = cells_and_proofs
    c = kzg.blob_to_kzg_commitment(blob, ts)
    zero_c = kzg.blob_to_kzg_commitment(BLOBS["zero"], ts)
    zero_cells, zero_proofs = bytes(kzg.BYTES_PER_CELL), bytes([0xC0]) + bytes(47)
    idx = [5, 127, 0, 5, 64]
    cms = [c, c, zero_c, c, c]
    cl = [cells[i] for i in idx]
    cl[2] = zero_cells
    pr = [proofs[i] for i in idx]
    pr[2] = zero_proofs
    tampered = list(pr)
    tampered[4] = proofs[63]
    for p, expected in ((pr, True), (tampered, False)):
        assert kzg.verify_cell_kzg_proof_batch(cms, idx, cl, p, ts) is expected
        assert ckzg.verify_cell_kzg_proof_batch(cms, idx, cl, p, cts) is expected


def _outcome(fn, *args):
    try:
        return ("ok", fn(*args))
    except Exception as e:  # noqa: BLE001 - comparing what each library raises
        return (type(e).__name__, str(e))


def test_rejections_match_ckzg(setups, cells_and_proofs):
    ts, cts = setups
    _, (cells, proofs), _ = cells_and_proofs
    blob = BLOBS["zero"]
    c = bytes([0xC0]) + bytes(47)
    not_in_g1 = bytes.fromhex("8123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
    r_bytes = R.to_bytes(32, "big")
    calls = [
        ("blob_to_kzg_commitment", (b"\xff" * kzg.BYTES_PER_BLOB,)),
        ("blob_to_kzg_commitment", (blob[:-1],)),
        ("blob_to_kzg_commitment", (bytearray(blob),)),
        ("blob_to_kzg_commitment", (_blob([0] * 100 + [R] + [0] * (N - 101)),)),
        ("compute_kzg_proof", (blob, r_bytes)),
        ("compute_kzg_proof", (blob, bytes(31))),
        ("compute_blob_kzg_proof", (blob, not_in_g1)),
        ("compute_blob_kzg_proof", (blob, c[:47])),
        ("verify_kzg_proof", (c, bytes(32), r_bytes, c)),
        ("verify_kzg_proof", (not_in_g1, bytes(32), bytes(32), c)),
        ("verify_kzg_proof", (c, bytes(32), bytes(32), b"\xff" * 48)),
        ("verify_kzg_proof", (c, bytes(32), bytes(32), c[:47])),
        ("verify_blob_kzg_proof", (blob, c, not_in_g1)),
        ("verify_blob_kzg_proof_batch", (blob + b"1", c, c)),
        ("verify_blob_kzg_proof_batch", (blob, c + c, c)),
        ("verify_blob_kzg_proof_batch", (blob, c, not_in_g1)),
        ("verify_blob_kzg_proof_batch", ([blob], [c], [c])),
        ("compute_cells", (blob[:-1],)),
        ("compute_cells_and_kzg_proofs", (b"\xff" * kzg.BYTES_PER_BLOB,)),
        ("recover_cells_and_kzg_proofs", ([], [])),
        ("recover_cells_and_kzg_proofs", (list(range(63)), cells[:63])),
        ("recover_cells_and_kzg_proofs", ([0] + list(range(64)), cells[:65])),
        ("recover_cells_and_kzg_proofs", ([1, 0] + list(range(2, 64)), cells[:64])),
        ("recover_cells_and_kzg_proofs", (list(range(63)) + [128], cells[:64])),
        ("recover_cells_and_kzg_proofs", (list(range(65)), cells[:64])),
        ("recover_cells_and_kzg_proofs", (list(range(64)), [b"\xff" * kzg.BYTES_PER_CELL] * 64)),
        ("recover_cells_and_kzg_proofs", (list(range(64)), [cells[0][:-1]] * 64)),
        ("recover_cells_and_kzg_proofs", (list(range(128)) + [0], cells + cells[:1])),
        ("verify_cell_kzg_proof_batch", ([c], [128], [cells[0]], [proofs[0]])),
        ("verify_cell_kzg_proof_batch", ([c], [-1], [cells[0]], [proofs[0]])),
        ("verify_cell_kzg_proof_batch", ([c], ["a"], [cells[0]], [proofs[0]])),
        ("verify_cell_kzg_proof_batch", ([c], [0], [b"\xff" * kzg.BYTES_PER_CELL], [proofs[0]])),
        ("verify_cell_kzg_proof_batch", ([not_in_g1], [0], [cells[0]], [proofs[0]])),
        ("verify_cell_kzg_proof_batch", ([c], [0], [cells[0]], [not_in_g1])),
        ("verify_cell_kzg_proof_batch", ([c, c], [0], [cells[0]], [proofs[0]])),
        ("verify_cell_kzg_proof_batch", ([c], [0, 1], [cells[0]], [proofs[0]])),
        ("verify_cell_kzg_proof_batch", ([c], [0], [cells[0]], [])),
        ("verify_cell_kzg_proof_batch", ((c,), (0,), (cells[0],), (proofs[0],))),
        ("verify_cell_kzg_proof_batch", ([], [], [], [])),
    ]
    for name, args in calls:
        expected = _outcome(getattr(ckzg, name), *args, cts)
        assert _outcome(getattr(compat, name), *args, ts) == expected, (name, expected)
        # the native API rejects what ckzg rejects, with pybls's named errors
        if expected[0] == "RuntimeError":
            with pytest.raises(kzg_errors()):
                getattr(kzg, name)(*_native_args(name, args), ts)


def kzg_errors():
    from pybls.errors import PyblsError

    return PyblsError


def _native_args(name, args):
    if name == "verify_blob_kzg_proof_batch":
        blobs, cs, ps = args
        return (
            [blobs[i : i + kzg.BYTES_PER_BLOB] for i in range(0, len(blobs), kzg.BYTES_PER_BLOB)],
            [cs[i : i + 48] for i in range(0, len(cs), 48)],
            [ps[i : i + 48] for i in range(0, len(ps), 48)],
        )
    return args


def test_trusted_setup_rejections_match_ckzg(tmp_path):
    bad = tmp_path / "bad.txt"
    text = open(kzg.MAINNET).read().split("\n")
    text[5] = "ff" * 48  # a G1 Lagrange point that is not on the curve
    bad.write_text("\n".join(text))
    for args in ((str(tmp_path / "missing.txt"), 0), (str(bad), 0), (kzg.MAINNET, 16), (kzg.MAINNET.encode(), 0)):
        assert _outcome(compat.load_trusted_setup, *args) == _outcome(ckzg.load_trusted_setup, *args)


def test_precomputed_tables_agree(setups):
    """With fixed-base tables of shifted copies (precompute > 0), for the
    commitment, the blob proof and the cell proofs."""
    _, cts = setups
    ts = kzg.load_trusted_setup(kzg.MAINNET, 2)
    blob = BLOBS["random"]
    c = kzg.blob_to_kzg_commitment(blob, ts)
    assert c == ckzg.blob_to_kzg_commitment(blob, cts)
    assert kzg.compute_blob_kzg_proof(blob, c, ts) == ckzg.compute_blob_kzg_proof(blob, c, cts)
    assert kzg.compute_cells_and_kzg_proofs(blob, ts) == ckzg.compute_cells_and_kzg_proofs(blob, cts)


def test_concurrent_commitments_agree(setups):
    """Threads sharing one setup (the core runs without the GIL): each MSM
    has its own scratch."""
    from concurrent.futures import ThreadPoolExecutor

    ts, cts = setups
    blobs = [BLOBS["random"], BLOBS["sparse"], BLOBS["all_r_minus_1"]] * 2
    with ThreadPoolExecutor(max_workers=3) as pool:
        got = list(pool.map(lambda b: kzg.blob_to_kzg_commitment(b, ts), blobs))
    assert got == [ckzg.blob_to_kzg_commitment(b, cts) for b in blobs]
