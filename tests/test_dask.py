"""pybls.dask on a LocalCluster of two worker processes: planted invalid
triples and beacons are named, whatever the shape of the input (list,
bag, dataframe); real drand beacons verify; pybls values travel to the
workers and back by pickle, secret keys refuse to."""

import json
import pickle

import pytest

import reference as ref
from pybls import G1, G2, GT, Scalar, bn254, drand, errors, pairing
from pybls.sig import MinPk, MinSig, SecretKey, for_curve

# Pyodide has no dask.distributed; pybls.dask is pure Python over the core,
# so one native pass (cffi) covers it. One pytest-xdist worker runs the
# module (`--dist loadgroup`), so the cluster starts once, not once per worker.
pytestmark = [pytest.mark.native_only, pytest.mark.once, pytest.mark.xdist_group("dask-cluster")]

FOREST = ref.vectors_path() / "drand" / "forest_fixtures"


@pytest.fixture(scope="module")
def client():
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as c:
            yield c


def _triples(bls, n, bad=()):
    """n triples (bad positions signed over another message, or with an
    undecodable or foreign signature)."""
    out = []
    for i in range(n):
        sk = bls.key_gen(i.to_bytes(2, "big") * 16)
        m = b"attestation %d" % (i % 7)
        sig = bls.sign(sk, m)
        if i in bad:
            kind = i % 3
            if kind == 0:
                sig = bls.sign(sk, b"another message")
            elif kind == 1:
                sig = b"\xff" * len(sig.to_bytes())
            else:
                sig = bls.sign(bls.key_gen(b"\x99" * 32), m)
        out.append((bls.sk_to_pk(sk), m, sig))
    return out


BAD = [0, 13, 14, 38, 39]


@pytest.fixture(scope="module")
def triples():
    return _triples(MinPk.PoP, 40, bad=BAD)


def test_verify_many_list(client, triples):
    import pybls.dask

    res = pybls.dask.verify_many(triples, partition_size=8)
    assert (res.valid, res.invalid, res.total) == (False, BAD, 40)
    assert not res
    ok = pybls.dask.verify_many([t for i, t in enumerate(triples) if i not in BAD], partition_size=8)
    assert (ok.valid, ok.invalid, ok.total) == (True, [], 35)
    res = pybls.dask.verify_many(_encoded(triples), MinPk.PoP, partition_size=16)
    assert res.invalid == BAD
    assert pybls.dask.verify_many([]) == pybls.dask.VerifyResult(True, [], 0)


def test_verify_many_infers_variant_and_curve(client):
    import pybls.dask

    for bls in (MinSig.PoP, for_curve(bn254).MinPk.PoP):
        ts = _triples(bls, 6, bad=[3])
        assert pybls.dask.verify_many(ts, partition_size=4).invalid == [3]
    # a scheme with another tag: named, not inferred
    basic = _triples(MinSig.Basic, 5, bad=[1])
    assert pybls.dask.verify_many(basic, MinSig.Basic, partition_size=2).invalid == [1]


def test_verify_many_infers_one_scheme_for_every_partition(client):
    # MinSig objects first, then the same triples as bytes: every partition
    # takes the scheme of the input's first triple, not of its own
    import dask.bag

    import pybls.dask

    ts = _triples(MinSig.PoP, 8, bad=[5])
    mixed = ts[:3] + _encoded(ts[3:])
    for size in (2, 3, 8):
        assert pybls.dask.verify_many(mixed, partition_size=size).invalid == [5]
    # a bag whose first partition is empty
    empty_first = dask.bag.concat([dask.bag.from_sequence([], npartitions=1),
                                   dask.bag.from_sequence(mixed, npartitions=4)])
    assert pybls.dask.verify_many(empty_first).invalid == [5]


def test_verify_many_bag_and_pandas(client, triples):
    import dask.bag
    import pandas

    import pybls.dask

    bag = dask.bag.from_sequence(triples, npartitions=3)
    assert pybls.dask.verify_many(bag).invalid == BAD
    frame = pandas.DataFrame(_encoded(triples), columns=["public_key", "message", "signature"])
    assert pybls.dask.verify_many(frame, partition_size=16).invalid == BAD


def test_verify_many_dask_dataframe(triples):
    # Dask's local scheduler: starting pandas in the cluster's worker
    # processes would cost more than the test. Dask turns object columns
    # into text unless told not to; bytes columns need that.
    import dask
    import dask.dataframe
    import pandas

    import pybls.dask

    frame = pandas.DataFrame([t + (i,) for i, t in enumerate(_encoded(triples))],
                             columns=["public_key", "message", "signature", "slot"])  # a fourth column is ignored
    with dask.config.set({"scheduler": "sync", "dataframe.convert-string": False}):
        res = pybls.dask.verify_many(dask.dataframe.from_pandas(frame, npartitions=4))
    assert (res.valid, res.invalid, res.total) == (False, BAD, 40)


def _encoded(triples):
    return [(pk.to_bytes(), m, s if isinstance(s, bytes) else s.to_bytes()) for pk, m, s in triples]


def _forest(name):
    return json.loads((FOREST / f"drand_{name}.json").read_text())["entries"]


def test_verify_beacon_chain_real_beacons(client):
    import pybls.dask

    entries = _forest("quicknet")  # unchained
    pairs = {e["round"]: e["signature"] for e in entries}
    res = pybls.dask.verify_beacon_chain("quicknet", pairs, partition_size=2)
    assert (res.valid, res.invalid, res.total) == (True, [], len(entries))
    pairs[entries[4]["round"]] = entries[5]["signature"]
    assert pybls.dask.verify_beacon_chain("quicknet", pairs, partition_size=2).invalid == [entries[4]["round"]]

    entries = _forest("mainnet")  # chained: rounds 1, 2, 3, 3907446, 3907447
    rounds = [e["round"] for e in entries]
    assert rounds == [1, 2, 3, 3907446, 3907447]
    full = [(e["round"], e["signature"], e["previous_signature"]) for e in entries]
    assert pybls.dask.verify_beacon_chain("default", full, partition_size=2).valid
    # Without their previous signatures, rounds take them from round - 1's
    # entry: 3907446 has none, so it cannot verify.
    pairs = {e["round"]: e["signature"] for e in entries}
    assert pybls.dask.verify_beacon_chain("default", pairs, partition_size=2).invalid == [3907446]
    # A wrong signature for round 2: round 2 fails, and round 3, which
    # signs it, too, unless it carries the right previous signature.
    pairs[2] = entries[2]["signature"]
    assert pybls.dask.verify_beacon_chain("default", pairs, partition_size=2).invalid == [2, 3, 3907446]
    full[1] = (2, entries[2]["signature"], entries[1]["previous_signature"])
    assert pybls.dask.verify_beacon_chain("default", full, partition_size=2).invalid == [2]

    # evmnet (BN254, Keccak-256): its one beacon under the chain's key
    evm = json.loads((ref.vectors_path() / "drand" / "evmnet_bn254_beacons.json").read_text())["beacons"]
    beacon = next(b for b in evm if b["round"] == 6390578)
    res = pybls.dask.verify_beacon_chain("evmnet", {6390578: beacon["signature"], 6390579: beacon["signature"]})
    assert (res.valid, res.invalid, res.total) == (False, [6390579], 2)
    # a beacon of another shape is named
    with pytest.raises(errors.ArgumentError, match=r"a \(round, signature\) or .* beacon, got 1 values"):
        pybls.dask.verify_beacon_chain("quicknet", [(entries[0]["round"],)])


def test_verify_beacon_chain_local_beacons(client):
    import dask.bag

    import pybls.dask

    for scheme in ("bls-unchained-g1-rfc9380", "pedersen-bls-chained"):
        beacon = drand.LocalBeacon(scheme, genesis_time=0) if scheme != "pedersen-bls-chained" else \
            drand.LocalBeacon(scheme, genesis_time=0, clock=lambda: 3 * 30)
        sigs = [(r, beacon.signature(r)) for r in range(1, 25)]
        sigs[6] = (7, sigs[7][1])                  # round 7 carries round 8's signature
        sigs[15] = (16, b"\x01" * 3)               # not a signature at all
        sigs.append((0, sigs[0][1]))               # round 0 does not exist
        res = pybls.dask.verify_beacon_chain(beacon.chain, sigs, partition_size=5)
        chained = beacon.chain.chained
        expected = [0, 7, 8, 16, 17] if chained else [0, 7, 16]
        assert (res.valid, res.invalid, res.total) == (False, expected, 25)
        if not chained:
            bag = dask.bag.from_sequence(sigs, npartitions=4)
            assert pybls.dask.verify_beacon_chain(beacon.chain, bag).invalid == expected


def _same(x):
    return x


def test_values_pickle_through_the_workers(client):
    sk = SecretKey.from_int(12345)
    values = [G1.generator() * 5, G2.generator() * 7, Scalar(99), pairing(G1.generator(), G2.generator()),
              MinPk.PoP.sk_to_pk(sk), MinSig.Basic.sign(sk, b"m"), MinPk.PoP, bn254.G1.generator() * 3,
              drand.CHAINS["quicknet"]]
    back = client.gather(client.map(_same, values, pure=False))
    assert back == values
    assert isinstance(back[3], GT)
    with pytest.raises((TypeError, pickle.PicklingError, errors.PyblsError)):
        pickle.dumps(sk)


def test_bad_arguments_raise_named_errors():
    import pybls.dask

    with pytest.raises(errors.ArgumentError):
        pybls.dask.verify_many([], partition_size=0)
    with pytest.raises(TypeError):
        pybls.dask.verify_many([], partition_size=2.5)
    pk = MinPk.PoP.sk_to_pk(SecretKey.from_int(7))
    with pytest.raises(TypeError, match="scheme"):
        pybls.dask.verify_many([], "MinSig")
    with pytest.raises(errors.ArgumentError, match="triple"):
        pybls.dask.verify_many([(pk, b"m")])
    with pytest.raises(errors.UnknownChainError):
        pybls.dask.verify_beacon_chain("no such chain", {})
