"""pybls timings inside Pyodide, measured from Python (run by bench.html).

Each table's function checks pybls, prepares its operations and returns
what the page needs; the page then times every operation with
:func:`time_ops`, a run of calls at a time, in alternation with the JavaScript
peers' calls (benchmarks/browser/alternate.mjs):
``prepare_bls12_381(min_ms)`` the operations the BLS12-381 peers are timed
on; ``prepare_bn254(min_ms)`` those of pybls.bn254 with the inputs and
results the BN254 peers are given and checked against; ``run_kzg(min_runs,
min_ms)`` those of pybls.kzg with the blobs, commitments and proofs
kzg-wasm must reproduce. ``run_she(min_runs, min_ms)`` times pybls.she on
BLS12-381 against the pairing (no peer has an SHE API in the browser).
``prepare_curves(min_ms)`` the operations of BLS12-381, BN381_1, BN462 and
BLS48-581, which the page times in alternation with each other (no peer
serves the last three). ``prepare_kernels(curve, min_ms)`` the pairing of
one curve, which the page times in alternation with the radix-2^30 kernels
and the pairing of benchmarks/wasm/kernels.c's module.
"""

import time

from pybls import G1, G2, Scalar, pairing
from pybls.sig import MinPk, key_gen

DST = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
N_AGG = 128


def median(fn, min_runs=5, min_ms=400.0, max_runs=200):
    fn()  # warm-up
    times = []
    start = time.perf_counter()
    while len(times) < min_runs or ((time.perf_counter() - start) * 1000 < min_ms and len(times) < max_runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return times[len(times) // 2]


def warm_up(curve, min_ms):
    """Pairings and products of `curve` for a while before anything is
    timed: the engine first runs WebAssembly from a baseline compiler and
    swaps in optimised code compiled in the background, later on a loaded
    machine; without this the first rows measure the baseline code."""
    P, Q = curve.G1.generator() * 12345, curve.G2.generator() * 67890
    end = time.perf_counter() + max(0.5, 3 * min_ms / 1000)
    while time.perf_counter() < end:
        curve.pairing(P, Q) ** 3, P * 5, Q * 7, P.to_affine(), Q.to_affine()


_ops = {}  # table -> operation -> function making one call


def time_ops(table: str, op: str, n: int) -> float:
    """`n` calls of `op` of `table` in one timing, in ms: the page
    alternates such runs with the peers' (a run of at least a millisecond: a
    page's clock ticks in 5 us steps, which would blur short calls timed
    one by one)."""
    fn = _ops[table][op]
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) * 1000


def prepare_bls12_381(min_ms=400.0):
    """Prepares the BLS12-381 operations the peers are timed on (after a
    warm-up) and returns their names, in the table's order."""
    from pybls import bls12_381

    warm_up(bls12_381, min_ms)
    bls = MinPk.PoP.with_dst(DST) if hasattr(MinPk.PoP, "with_dst") else MinPk.PoP
    sks = [key_gen(i.to_bytes(2, "big") * 16) for i in range(N_AGG)]
    pks = [bls.sk_to_pk(sk) for sk in sks]
    msg = b"message 0"
    sigs = [bls.sign(sk, msg) for sk in sks]
    agg = bls.aggregate(sigs)
    assert bls.fast_aggregate_verify(pks, msg, agg)
    sig_bytes = sigs[0].to_bytes()
    P, Q = G1.generator() * 12345, G2.generator() * 67890
    k = Scalar(-1234567891011)
    _ops["bls12_381"] = {
        "pairing": lambda: pairing(P, Q),
        "hash_to_G2": lambda: G2.hash_to_curve(b"message 1", DST),
        "sign": lambda: bls.sign(sks[0], msg),
        "verify": lambda: bls.verify(pks[0], msg, sigs[0]),
        "g1_mul": lambda: P * k,
        "g1_mul_vartime": lambda: P.mul_vartime(k),
        "aggregate_128": lambda: bls.aggregate(sigs),
        "g2_decompress": lambda: G2.from_bytes(sig_bytes),
        "fast_aggregate_verify_128": lambda: bls.fast_aggregate_verify(pks, msg, agg),
    }
    return list(_ops["bls12_381"])


# -- BN254 (alt_bn128) ------------------------------------------------------

BN_DST_RO = b"QUUX-V01-CS02-with-BN254G1_XMD:SHA-256_SVDW_RO_"
BN_DST_NU = b"QUUX-V01-CS02-with-BN254G1_XMD:SHA-256_SVDW_NU_"
N_MSM = 64


def _bn_inputs():
    """The BN254 points and scalars every library is timed on, derived from
    fixed seeds so that each run measures the same work."""
    import hashlib

    from pybls import bn254

    r = bn254.CURVE_ORDER
    seed = lambda tag, i: int.from_bytes(hashlib.sha256(b"%s %d" % (tag, i)).digest(), "big") % r  # noqa: E731
    P, Q = bn254.G1.generator() * 12345, bn254.G2.generator() * 67890
    k = bn254.Scalar(-1234567891011)
    points = [bn254.G1.generator() * (seed(b"point", i) or 1) for i in range(N_MSM)]
    scalars = [seed(b"scalar", i) for i in range(N_MSM)]
    return P, Q, k, points, scalars


def _fp12_lowest_first(e):
    """GT element's twelve coefficients as mcl prints them and noble stores
    them (c0.c0.c0, c0.c0.c1, c0.c1.c0, ...): pybls's encoding reversed."""
    data = e.to_bytes()
    return [str(int.from_bytes(data[i:i + 32], "big")) for i in range(0, len(data), 32)][::-1]


def prepare_bn254(min_ms=400.0):
    """Prepares the operations of pybls.bn254 (after a warm-up) and returns
    their names and the reference values the peers are checked against
    (decimal strings): ``{"ops": [...], "ref": {...}, "import_ms": ...}``."""
    t = time.perf_counter()
    from pybls import bn254

    import_ms = (time.perf_counter() - t) * 1000
    warm_up(bn254, min_ms)
    P, Q, k, points, scalars = _bn_inputs()
    p_packed, q_packed = P.to_bytes(compressed=True), Q.to_bytes(compressed=True)
    msg = b"message 1"
    _ops["bn254"] = {
        "pairing": lambda: bn254.pairing(P, Q),
        "g1_mul": lambda: P * k,
        "g2_mul": lambda: Q * k,
        "g1_decompress": lambda: bn254.G1.from_bytes(p_packed),
        "g2_decompress": lambda: bn254.G2.from_bytes(q_packed),
        "g1_msm64": lambda: bn254.G1.msm(points, scalars),
        "hash_to_G1": lambda: bn254.G1.hash_to_curve(msg, BN_DST_RO),
        "encode_to_G1": lambda: bn254.G1.encode_to_curve(msg, BN_DST_NU),
    }
    u = 0x44E992B44A6909F1
    # noble's and mcl's final exponentiations give e(P, Q) to this fixed
    # power (coprime to r); see pybls.bn254's documentation.
    peer_power = 2 * u * (6 * u * u + 3 * u + 1)
    g1 = lambda pt: [str(c) for c in pt.to_affine()]  # noqa: E731
    g2 = lambda pt: [str(c) for xy in pt.to_affine() for c in xy]  # noqa: E731
    ref = {
        "P": g1(P),
        "Q": g2(Q),  # x.c0, x.c1, y.c0, y.c1
        "k": str(int(k)),
        "kP": g1(P * k),
        "kQ": g2(Q * k),
        "pairing_peer": _fp12_lowest_first(bn254.pairing(P, Q) ** (peer_power % bn254.CURVE_ORDER)),
        "msm_points": [g1(p) for p in points],
        "msm_scalars": [str(s) for s in scalars],
        "msm": g1(bn254.G1.msm(points, scalars)),
    }
    assert bn254.G1.from_bytes(p_packed) == P and bn254.G2.from_bytes(q_packed) == Q
    return {"ops": list(_ops["bn254"]), "ref": ref, "import_ms": import_ms}


# -- KZG (EIP-4844) ---------------------------------------------------------

N_KZG_BATCH = 4


def kzg_blobs(n):
    """`n` blobs of canonical field elements (each below r), derived from
    fixed seeds so that every run and every library gets the same work."""
    import hashlib

    from pybls import Scalar
    from pybls.kzg import FIELD_ELEMENTS_PER_BLOB

    r = Scalar.R
    element = lambda b, i: (  # noqa: E731
        int.from_bytes(hashlib.sha256(b"blob %d element %d" % (b, i)).digest(), "big") % r
    ).to_bytes(32, "big")
    return [b"".join(element(b, i) for i in range(FIELD_ELEMENTS_PER_BLOB)) for b in range(n)]


def kzg_reference(blobs, ts):
    """pybls's commitments and proofs of `blobs`, hex: what the peer must
    reproduce byte for byte before it is timed."""
    from pybls import kzg

    commitments = [kzg.blob_to_kzg_commitment(b, ts) for b in blobs]
    proofs = [kzg.compute_blob_kzg_proof(b, c, ts) for b, c in zip(blobs, commitments)]
    return {
        "blobs": [b.hex() for b in blobs],
        "commitments": [c.hex() for c in commitments],
        "proofs": [p.hex() for p in proofs],
    }


def run_kzg(min_runs=5, min_ms=400.0):
    """Loads the mainnet setup (precompute 0, as kzg-wasm loads it), times
    that load and prepares the operations that :func:`time_ops` times in
    alternation with kzg-wasm's: ``{"times": {"load_trusted_setup": ...},
    "ref": {...}, "import_ms": ...}``, `ref` being what the peer is checked
    against."""
    t = time.perf_counter()
    from pybls import kzg

    import_ms = (time.perf_counter() - t) * 1000
    from pybls import bls12_381

    warm_up(bls12_381, min_ms)
    with open(kzg.MAINNET, "rb") as f:
        setup_file = f.read()
    # From the file's bytes: load_trusted_setup caches the MAINNET path.
    load_ms = median(lambda: kzg.load_trusted_setup(setup_file), 3, 0.0)
    ts = kzg.load_trusted_setup(kzg.MAINNET)
    blobs = kzg_blobs(N_KZG_BATCH)
    ref = kzg_reference(blobs, ts)
    cs = [bytes.fromhex(c) for c in ref["commitments"]]
    ps = [bytes.fromhex(p) for p in ref["proofs"]]
    assert kzg.verify_blob_kzg_proof_batch(blobs, cs, ps, ts)
    assert not kzg.verify_blob_kzg_proof(blobs[0], cs[0], ps[1], ts)
    _ops["kzg"] = {
        "blob_to_kzg_commitment": lambda: kzg.blob_to_kzg_commitment(blobs[0], ts),
        "compute_blob_kzg_proof": lambda: kzg.compute_blob_kzg_proof(blobs[0], cs[0], ts),
        "verify_blob_kzg_proof": lambda: kzg.verify_blob_kzg_proof(blobs[0], cs[0], ps[0], ts),
        "verify_blob_kzg_proof_batch": lambda: kzg.verify_blob_kzg_proof_batch(blobs, cs, ps, ts),
    }
    return {"times": {"load_trusted_setup": load_ms}, "ref": ref, "import_ms": import_ms}


# -- SHE on BLS12-381 -------------------------------------------------------

SHE_M20, SHE_M31 = 2**20 - 1, 2**31 - 1


def with_pairings(fn, pair, min_runs=5, min_ms=400.0, max_runs=200):
    """Medians of `fn` and of `pair` (one pairing) timed in alternation,
    round after round, in ms, the median of their per-round ratios (on a
    loaded machine both see the same load), and the fastest time of each
    (the least disturbed by other work)."""
    fn(), pair()  # warm-up
    ops, pairings, ratios = [], [], []
    start = time.perf_counter()
    while len(ops) < min_runs or ((time.perf_counter() - start) * 1000 < min_ms and len(ops) < max_runs):
        t = time.perf_counter()
        pair()
        t_pair = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        fn()
        t_op = (time.perf_counter() - t) * 1000
        ops.append(t_op)
        pairings.append(t_pair)
        ratios.append(t_op / t_pair)
    mid = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731
    return mid(ops), mid(pairings), mid(ratios), min(ops), min(pairings)


def run_she(min_runs=5, min_ms=400.0):
    """Times of pybls.she on BLS12-381, each with one pairing timed in
    alternation with it (:func:`with_pairings`): ``{"times": {...},
    "pairings": {...}, "pairing_ms": ..., "import_ms": ...}``, the ratios
    being the medians of each round's operation / pairing; ``"fastest"``
    and ``"pairing_fastest_ms"`` are the fastest times (ms)."""
    t = time.perf_counter()
    from pybls import she

    import_ms = (time.perf_counter() - t) * 1000
    from pybls import bls12_381

    warm_up(bls12_381, min_ms)
    P, Q = G1.generator() * 12345, G2.generator() * 67890
    pair = lambda: pairing(P, Q)  # noqa: E731
    t = time.perf_counter()
    table = she.DecryptionTable.default("bls12_381", "g1")  # built once, then shared
    table_ms = (time.perf_counter() - t) * 1000
    after_table = median(pair, 3, 0.0)
    sk = she.SecretKey.generate("bls12_381")
    pk = sk.public_key()
    a, b = pk.enc_g1(SHE_M20), pk.enc_g1(-5)
    v = pk.enc_g2(7)
    c31 = pk.enc_g1(SHE_M31)
    assert sk.decrypt(a + b) == SHE_M20 - 5 and sk.decrypt(a * v) == SHE_M20 * 7
    assert sk.decrypt(c31, table) == SHE_M31 and sk.decrypt(pk.enc_g2(-3)) == -3
    ops = {
        "enc_g1": lambda: pk.enc_g1(SHE_M31),
        "enc_g2": lambda: pk.enc_g2(SHE_M31),
        "add G1": lambda: a + b,
        "mul G1 x G2 -> GT": lambda: a * v,
        "decrypt G1 20-bit": lambda: sk.decrypt(a, table),
        "decrypt G1 31-bit": lambda: sk.decrypt(c31, table),
    }
    times, pairings, pairing_ms, fastest, pairing_fastest = {}, {}, [], {}, []
    for name, fn in ops.items():
        times[name], p_ms, pairings[name], fastest[name], p_min = with_pairings(fn, pair, min_runs, min_ms)
        pairing_ms.append(p_ms)
        pairing_fastest.append(p_min)
    # Built once: its ratio is to the pairings timed right after it.
    times["default G1 table (once)"] = table_ms
    pairings["default G1 table (once)"] = table_ms / after_table
    return {"times": times, "pairings": pairings, "pairing_ms": sorted(pairing_ms)[len(pairing_ms) // 2],
            "fastest": fastest, "pairing_fastest_ms": min(pairing_fastest), "import_ms": import_ms}


# -- The higher-security curves against BLS12-381 -----------------------------

CURVES = ["bls12_381", "bn381", "bn462", "bls48_581"]


def _seeded(tag, name, r):
    """A full-width value below `r` from a fixed seed: every run and every
    curve's operations get the same kind of work."""
    import hashlib

    return int.from_bytes(hashlib.sha512(b"%s %s" % (tag, name.encode())).digest(), "big") % r


def prepare_curves(min_ms=400.0):
    """Prepares the pairing and the G1 and G2 multiplications by a secret
    scalar (constant time) of each of CURVES, after a warm-up of each, and
    returns ``{"ops": [...], "tables": {curve: table name for time_ops},
    "import_ms": {curve: ms}}``; the page times the curves in alternation,
    BLS12-381 first, so that each ratio to it is the median of the rounds'."""
    import importlib

    mods, import_ms = {}, {}
    for name in CURVES:
        t = time.perf_counter()
        mods[name] = importlib.import_module(f"pybls.{name}")
        import_ms[name] = (time.perf_counter() - t) * 1000
    tables = {}
    for name, mod in mods.items():
        warm_up(mod, min_ms)
        r = mod.Scalar.R
        P, Q = mod.G1.generator() * _seeded(b"P", name, r), mod.G2.generator() * _seeded(b"Q", name, r)
        k = mod.Scalar(_seeded(b"k", name, r))
        assert mod.pairing(P * k, Q) == mod.pairing(P, Q * k) == mod.pairing(P, Q) ** k
        tables[name] = f"curves/{name}"
        _ops[tables[name]] = {
            "pairing": lambda mod=mod, P=P, Q=Q: mod.pairing(P, Q),
            "g1_mul": lambda P=P, k=k: P * k,
            "g2_mul": lambda Q=Q, k=k: Q * k,
        }
        settle(list(_ops[tables[name]].values()))
    return {"ops": ["pairing", "g1_mul", "g2_mul"], "tables": tables, "import_ms": import_ms}


def settle(fns, patience=5, cap_s=20.0):
    """Calls all of `fns` in turn until `patience` turns in a row are no
    faster than 0.97 of the fastest yet (at most `cap_s` seconds): the
    engine compiles optimised code for a module's functions in the
    background once they are hot, which on a loaded machine can take
    seconds for the larger curves' modules; a curve timed before that
    would be measured partly on its baseline code."""
    best, stale = float("inf"), 0
    end = time.perf_counter() + cap_s
    while stale < patience and time.perf_counter() < end:
        t = time.perf_counter()
        for fn in fns:
            fn()
        t = time.perf_counter() - t
        best, stale = (t, 0) if t < 0.97 * best else (best, stale + 1)


# -- The pairing against the kernel floor (benchmarks/wasm/kernels.c) ---------


def prepare_kernels(curve: str, min_ms: float = 400.0) -> str:
    """Prepares the pairing of `curve` (``pybls.<curve>``) on the
    generators, the points kernels.c's module pairs, after a warm-up and
    until its time settles, and returns the table :func:`time_ops` times it
    under: ``pairing`` as users call it, ``binding_pairing`` the call of the
    core's function alone (bytes in, bytes out: no type checks, no GT
    object). The page times both in alternation with the module's kernels
    and pairing (benchmarks/wasm/kernels_timing.mjs)."""
    import importlib

    from pybls import _lib

    mod = importlib.import_module(f"pybls.{curve}")
    binding = _lib if curve == "bls12_381" else _lib.curve_binding(curve)
    warm_up(mod, min_ms)
    P, Q = mod.G1.generator(), mod.G2.generator()
    assert mod.pairing(P * 3, Q) == mod.pairing(P, Q) ** 3
    assert binding.pairing(P._b, Q._b) == mod.pairing(P, Q)._b
    table = f"kernels/{curve}"
    _ops[table] = {
        "pairing": lambda: mod.pairing(P, Q),
        "binding_pairing": lambda: binding.pairing(P._b, Q._b),
    }
    settle(list(_ops[table].values()))
    return table
