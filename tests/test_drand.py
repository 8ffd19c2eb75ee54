"""pybls.drand: real drand beacons of five chains verify under their chain
keys, every alteration of them does not, round/time conversion, and the
local beacon used by the timelock tests and demos."""

import datetime as dt
import hashlib
import json
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from pybls import G1, G2, drand, errors
from pybls.drand import CHAINS, Chain, LocalBeacon, verify_beacon

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

VECTORS = ref.vectors_path() / "drand"
BEACONS = json.loads((VECTORS / "beacons.json").read_text())
FOREST = {name: json.loads((VECTORS / "forest_fixtures" / f"drand_{name}.json").read_text())
          for name in ("quicknet", "mainnet")}
FOREST_CHAIN = {"quicknet": "quicknet", "mainnet": "default"}


def _bid(b):
    return f"{b['chain']}-{b['round']}"


def _flip(data, bit):
    out = bytearray(data)
    out[bit // 8] ^= 1 << (bit % 8)
    return bytes(out)


# --------------------------------------------------------------------------
# chain descriptions


def test_shipped_chains_are_the_published_ones():
    for name, info in BEACONS["chains"].items():
        chain = CHAINS[name]
        assert chain.info() == {k: info[k] for k in chain.info()}
        assert Chain.from_info(info) == chain
    for name, fixture in FOREST.items():
        assert CHAINS[FOREST_CHAIN[name]].info() == fixture["info"]
    assert {"quicknet", "default"} <= set(CHAINS)
    # quicknet-t (testnet) is not among the vectors: its chain hash, which
    # binds every other field, is the one drand's tlock tests and tlock-js use.
    assert CHAINS["quicknet-t"].hash.hex() == "cc9c398442737cbd141526600919edd69f1d6f9b4adb67e4d912fbc64341a9a5"
    assert CHAINS["quicknet-t"].public_key.hex().startswith("b15b65b46fb29104f6a4b5d1e11a8da6")


def test_modules_reachable_from_the_package():
    import pybls

    assert pybls.drand.CHAINS is CHAINS and pybls.tlock.decrypt is not None
    with pytest.raises(AttributeError):
        pybls.no_such_module


def test_chain_groups_and_tags():
    qn, df, fn, tu = CHAINS["quicknet"], CHAINS["default"], CHAINS["fastnet"], CHAINS["testnet-unchained-3s"]
    assert (qn.signature_group, qn.public_key_group, qn.chained) == (G1, G2, False)
    assert (df.signature_group, df.public_key_group, df.chained) == (G2, G1, True)
    assert (tu.signature_group, tu.chained) == (G2, False)
    assert fn.signature_group is G1
    assert qn.dst == b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"
    # the legacy quirk: fastnet hashes to G1 with the G2 tag
    assert fn.dst == df.dst == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_"
    for scheme, info in BEACONS["schemes"].items():
        spec = drand.SCHEMES[scheme]
        assert spec.bls.dst.decode() == info["dst"]
        assert spec.bls.variant.Signature.GROUP.__name__ == info["signature_group"]


def test_chain_info_rejections():
    info = CHAINS["quicknet"].info()
    with pytest.raises(errors.ArgumentError):
        Chain.from_info({**info, "hash": "00" * 32})
    with pytest.raises(errors.ArgumentError):
        Chain.from_info({**info, "schemeID": "bls-unknown-scheme"})
    with pytest.raises(errors.DecodeError):  # a BLS12-381 key under the BN254 scheme
        Chain.from_info({**info, "schemeID": "bls-bn254-unchained-on-g1"})
    with pytest.raises(errors.ArgumentError):
        Chain.from_info({k: v for k, v in info.items() if k != "public_key"})
    with pytest.raises(errors.DecodeError):  # a G2 key where the scheme wants G1
        Chain.from_info({**info, "schemeID": "pedersen-bls-unchained"})
    with pytest.raises(errors.ArgumentError):
        Chain.from_info({**info, "period": 0})
    with pytest.raises(errors.ArgumentError):
        Chain.from_info({**info, "public_key": "not hex"})
    with pytest.raises(TypeError):
        Chain.from_info({**info, "groupHash": None})
    for t in (2 ** 63, -(2 ** 63) - 1, 2 ** 70):  # drand hashes the genesis time as an int64
        with pytest.raises(errors.ArgumentError):
            Chain.from_info({k: v for k, v in {**info, "genesis_time": t}.items() if k != "hash"})
    with pytest.raises(TypeError):
        Chain.from_info({**info, "metadata": {"beaconID": 5}})
    with pytest.raises(errors.ArgumentError):  # a hex string that is not hex
        drand.randomness("not hex")
    with pytest.raises(errors.ArgumentError):
        CHAINS["quicknet"].message(2 ** 64)
    with pytest.raises(errors.UnknownChainError):
        drand.get_chain("nonet")
    with pytest.raises(errors.UnknownChainError):
        drand.chain_by_hash(b"\x00" * 32)
    assert drand.get_chain(CHAINS["default"].hash.hex()) is CHAINS["default"]


# --------------------------------------------------------------------------
# real beacons


@pytest.mark.parametrize("beacon", BEACONS["beacons"], ids=_bid)
def test_beacon_verifies(beacon):
    chain = CHAINS[beacon["chain"]]
    sig = bytes.fromhex(beacon["signature"])
    prev = beacon.get("previous_signature")
    prev_b = bytes.fromhex(prev) if prev else None
    assert chain.message(beacon["round"], prev_b).hex() == beacon["message"]
    assert verify_beacon(beacon["chain"], beacon["round"], sig, prev_b)
    assert verify_beacon(chain, beacon["round"], beacon["signature"], prev)  # hex strings too
    assert drand.randomness(sig).hex() == beacon["randomness"]
    if chain.chained and beacon["round"] == 1:  # predecessor: the genesis seed
        assert prev_b == chain.genesis_seed
        assert verify_beacon(chain, 1, sig)


@pytest.mark.parametrize("beacon", BEACONS["beacons"], ids=_bid)
def test_altered_beacon_fails(beacon):
    chain = CHAINS[beacon["chain"]]
    rnd, sig = beacon["round"], bytes.fromhex(beacon["signature"])
    prev = bytes.fromhex(beacon["previous_signature"]) if beacon.get("previous_signature") else None
    for bit in (0, 3, 7, 8 * 10 + 2, 8 * len(sig) // 2, 8 * len(sig) - 1):
        assert not verify_beacon(chain, rnd, _flip(sig, bit), prev), bit
    assert not verify_beacon(chain, rnd + 1, sig, prev)
    assert not verify_beacon(chain, rnd - 1, sig, prev) if rnd > 1 else True
    assert not verify_beacon(chain, 0, sig, prev)
    assert not verify_beacon(chain, rnd, sig[:-1], prev)
    assert not verify_beacon(chain, rnd, sig + b"\x00", prev)
    assert not verify_beacon(chain, rnd, "zz" + beacon["signature"][2:], prev)
    assert not verify_beacon(chain, rnd, b"", prev)
    if chain.chained:
        assert not verify_beacon(chain, rnd, sig, _flip(prev, 5))
        assert not verify_beacon(chain, rnd, sig, prev[:-1])
        if rnd > 1:
            assert not verify_beacon(chain, rnd, sig)  # no previous signature
    # the same key under another scheme (tag or chaining) rejects it
    for other in drand.SCHEMES:
        if other == chain.scheme or drand.SCHEMES[other].bls.variant is not drand.SCHEMES[chain.scheme].bls.variant:
            continue
        moved = Chain(chain.public_key, chain.genesis_time, chain.period, other, chain.genesis_seed, chain.beacon_id)
        assert not moved.verify(rnd, sig, prev if prev is not None else chain.genesis_seed)


def test_beacon_of_another_chain_fails():
    qn = next(b for b in BEACONS["beacons"] if b["chain"] == "quicknet")
    assert not verify_beacon("quicknet-t", qn["round"], qn["signature"])
    assert not verify_beacon("fastnet", qn["round"], qn["signature"])
    df = next(b for b in BEACONS["beacons"] if b["chain"] == "default")
    assert not verify_beacon("testnet-default", df["round"], df["signature"], df["previous_signature"])
    assert not verify_beacon("testnet-unchained-3s", df["round"], df["signature"])


@pytest.mark.parametrize("name", sorted(FOREST))
def test_forest_fixtures(name):
    chain = CHAINS[FOREST_CHAIN[name]]
    entries = FOREST[name]["entries"]
    assert entries
    for e in entries:
        assert verify_beacon(chain, e["round"], e["signature"], e.get("previous_signature"))
        assert drand.randomness(e["signature"]).hex() == e["randomness"]
        assert not verify_beacon(chain, e["round"] + 2, e["signature"], e.get("previous_signature"))


def test_consecutive_chained_beacons_link():
    by_round = {b["round"]: b for b in BEACONS["beacons"] if b["chain"] == "default"}
    linked = [r for r in by_round if r - 1 in by_round]
    assert linked
    for r in linked:
        assert by_round[r]["previous_signature"] == by_round[r - 1]["signature"]
        assert verify_beacon("default", r, by_round[r]["signature"], by_round[r - 1]["signature"])


def test_verify_beacon_argument_types():
    with pytest.raises(TypeError):
        verify_beacon("quicknet", "1", b"\x00" * 48)
    with pytest.raises(TypeError):
        verify_beacon("quicknet", 1, 12345)
    with pytest.raises(errors.UnknownChainError):
        verify_beacon("mainnet-but-not", 1, b"\x00" * 48)
    assert not verify_beacon("quicknet", 2 ** 64, b"\x00" * 48)
    assert not verify_beacon("quicknet", -1, b"\x00" * 48)
    # the identity point and an uncompressed encoding are not beacons
    assert not verify_beacon("quicknet", 1, G1.identity().to_bytes())
    qn1 = next(b for b in BEACONS["beacons"] if b["chain"] == "quicknet" and b["round"] == 1)
    uncompressed = G1.from_bytes(bytes.fromhex(qn1["signature"])).to_bytes(compressed=False)
    assert not verify_beacon("quicknet", 1, uncompressed)


# --------------------------------------------------------------------------
# rounds and time


def test_round_times_of_real_chains():
    qn, df = CHAINS["quicknet"], CHAINS["default"]
    assert qn.round_at(1692803367) == 1 and qn.time_of_round(1) == 1692803367
    assert qn.round_at(1692803366) == 0 and qn.time_of_round(0) == 1692803367
    assert qn.round_at(1692803369.999) == 1 and qn.round_at(1692803370) == 2
    assert df.round_at(1595431050 + 30 * 1336) == 1337
    assert df.time_of_round(1337) == 1595431050 + 30 * 1336
    for b in BEACONS["beacons"]:
        chain = CHAINS[b["chain"]]
        t = chain.time_of_round(b["round"])
        assert chain.round_at(t) == b["round"] == chain.round_at(t + chain.period - 1)
        assert chain.round_at(t - 1) == b["round"] - 1
    # the round of the quicknet tlock vector: 12040882 periods after genesis
    when = dt.datetime.fromtimestamp(qn.time_of_round(12040883), dt.timezone.utc)
    assert when.isoformat() == "2024-10-14T17:13:33+00:00"
    assert qn.round_at(when) == 12040883
    with pytest.raises(errors.ArgumentError):
        qn.round_at(dt.datetime(2024, 1, 1))
    with pytest.raises(TypeError):
        qn.round_at("2024-01-01")
    with pytest.raises(errors.ArgumentError):
        qn.time_of_round(-1)
    # the last round a beacon can carry, and a second after the one past it
    last = qn.time_of_round(2 ** 64 - 1)
    assert qn.round_at(last) == qn.round_at(last + qn.period - 1) == 2 ** 64 - 1
    for t in (last + qn.period, float(last + 2 * qn.period), 10 ** 30):
        with pytest.raises(errors.ArgumentError, match="past the last round"):
            qn.round_at(t)


@given(st.integers(min_value=0, max_value=10 ** 10), st.sampled_from(sorted(CHAINS)))
def test_round_at_inverts_time_of_round(t, name):
    chain = CHAINS[name]
    r = chain.round_at(t)
    if t < chain.genesis_time:
        assert r == 0
    else:
        assert chain.time_of_round(r) <= t < chain.time_of_round(r + 1)
        assert chain.round_at(float(t)) == r


# --------------------------------------------------------------------------
# the local beacon


class _Clock:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


@pytest.mark.parametrize("scheme", sorted(drand.SCHEMES))
def test_local_beacon_signs_verifiable_rounds(scheme):
    clock = _Clock(1_000_000.5)
    beacon = LocalBeacon(scheme, period=2, genesis_time=1_000_000 - 10, clock=clock)
    chain = beacon.chain
    assert chain.scheme == scheme and chain.period == 2
    assert beacon.current_round() == 6
    assert Chain.from_info(chain.info()) == chain
    for r in (1, 2, 6):
        b = beacon.beacon(r)
        assert verify_beacon(chain, r, b.signature, b.previous_signature)
        assert not verify_beacon(chain, r + 1, b.signature, b.previous_signature)
        assert b.to_json()["randomness"] == hashlib.sha256(b.signature).hexdigest()
        if chain.chained:
            assert b.previous_signature == (chain.genesis_seed if r == 1 else beacon.signature(r - 1))
    with pytest.raises(errors.RoundNotReachedError):
        beacon.signature(7)
    clock.now += 2
    assert verify_beacon(chain, 7, beacon.signature(7), beacon.beacon(7).previous_signature)
    assert drand.chain_by_hash(chain.hash, [chain]) is chain
    with pytest.raises(errors.UnknownChainError):
        drand.chain_by_hash(chain.hash)
    assert "sk" not in repr(beacon) and "Secret" not in repr(beacon)


def test_local_beacon_waits_for_a_round():
    beacon = LocalBeacon(period=1)
    r = beacon.current_round() + 1
    sig = beacon.signature(r, wait=True)
    assert beacon.current_round() >= r
    assert verify_beacon(beacon.chain, r, sig)


def test_local_beacons_differ():
    a, b = LocalBeacon(genesis_time=0), LocalBeacon(genesis_time=0)
    assert a.chain.hash != b.chain.hash
    assert not verify_beacon(b.chain, 5, a.signature(5))
    with pytest.raises(errors.ArgumentError):
        LocalBeacon("bls-unknown-scheme")


def test_chained_local_beacon_refuses_a_long_fill_instead_of_hanging():
    # Chained rounds are signed in order from the genesis; a genesis long ago
    # would mean signing ~10^9 rounds.
    beacon = LocalBeacon("pedersen-bls-chained", period=1, genesis_time=0)
    with pytest.raises(errors.ArgumentError, match="genesis_time"):
        beacon.signature(beacon.current_round())
    near = LocalBeacon("pedersen-bls-chained", period=1, genesis_time=int(time.time()) - 5)
    r = near.current_round()
    b = near.beacon(r)
    assert verify_beacon(near.chain, r, b.signature, b.previous_signature)
