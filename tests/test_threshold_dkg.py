"""Distributed key generation and resharing among simulated parties, with
misbehaving dealers, and the protocol messages' encodings; thoroughly on
BLS12-381, and a run with faults plus a resharing on every curve and
variant with signatures (curve_cases.sig_cases)."""

import itertools
import random

import pytest

from pybls import G1, Scalar, curves, threshold
from pybls.sig import MinPk, MinSig
from pybls.threshold import Polynomial, PublicPolynomial, errors, interpolate, verify_share
from pybls.threshold.dkg import (
    Complaint,
    Config,
    Deal,
    Dealer,
    Justification,
    Player,
    PrivateShare,
    Transcript,
    decode,
)

from curve_cases import sig_cases

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

MSG = b"dkg message"

# What a misbehaving dealer does (and whether it is excluded for it).
EXCLUDED = {
    "silent": True,               # sends nothing
    "wrong_degree": True,         # commitment of degree t instead of t - 1
    "bad_share_unanswered": True,  # a wrong share, no answer to the complaint
    "bad_justification": True,    # a wrong share, answered with another wrong one
    "many_bad_shares": True,      # wrong shares to t players
    "equivocate": True,           # two different deals
    "wrong_secret": True,         # (resharing) deals a new secret, not its share
    "bad_share_answered": False,  # a wrong share, then the right one revealed: stays
}


def _wire(msg, curve=None):
    """Every message crosses the 'network' as bytes (decoded as messages
    of `curve`'s run)."""
    data = msg.to_bytes()
    back = decode(data, curve)
    assert back == msg and type(back) is type(msg)
    return back


def run(cfg, faults=None, old_shares=None, rng=None):
    """One run; `faults` maps dealer index -> a kind above. Returns the
    transcript's result and the players' shares (None where finalize failed)."""
    faults = faults or {}
    rng = rng or random.Random(0)
    t = cfg.threshold
    group = cfg.scheme.variant.PublicKey.GROUP
    scalar, curve = cfg.scalar, cfg.curve

    players = {j: Player(cfg, j) for j in cfg.players}
    transcript = Transcript(cfg)
    dealers = {}
    outbox = {}  # dealer -> (deal, shares, extra deal)
    for i in cfg.dealers:
        kind = faults.get(i)
        if kind == "silent":
            continue
        if kind == "wrong_degree":
            f = Polynomial.random(t, scalar=scalar)
            deal = Deal(i, f.commit(group))
            shares = {j: PrivateShare(i, j, f.evaluate(j)) for j in cfg.players}
        elif kind == "wrong_secret":
            f = Polynomial.random(t - 1, scalar=scalar)
            deal = Deal(i, f.commit(group))
            shares = {j: PrivateShare(i, j, f.evaluate(j)) for j in cfg.players}
        else:
            dealers[i] = Dealer(cfg, i, old_shares.get(i) if old_shares else None)
            deal, shares = dealers[i].deal()
        victims = []
        if kind in ("bad_share_unanswered", "bad_justification", "bad_share_answered"):
            victims = [rng.choice(cfg.players)]
        elif kind == "many_bad_shares":
            victims = rng.sample(cfg.players, t)
        for v in victims:
            shares[v] = PrivateShare(i, v, shares[v].value + 1)
        outbox[i] = (deal, shares)
        transcript.add(_wire(deal, curve))
        if kind == "equivocate":
            transcript.add(_wire(Deal(i, Polynomial.random(t - 1, scalar=scalar).commit(group)), curve))
    complaints = []
    for i, (deal, shares) in outbox.items():
        for j, p in players.items():
            c = p.receive(_wire(deal, curve), _wire(shares[j], curve))
            if c is not None:
                complaints.append(c)
                transcript.add(_wire(c, curve))
    for i, d in dealers.items():
        kind = faults.get(i)
        against = [c for c in complaints if c.dealer == i]
        if kind == "bad_share_unanswered":
            continue
        for j in d.justify(against):
            if kind == "bad_justification":
                j = Justification(j.dealer, j.player, j.value + 2)
            transcript.add(_wire(j, curve))
    result = transcript.result()
    shares = {}
    for j, p in players.items():
        shares[j] = p.finalize(result)
    return result, shares


def _check_key(result, shares, t, rng):
    poly = result.public_polynomial
    assert poly.threshold == t
    assert poly.public_key == result.public_key
    assert all(verify_share(s, poly) for s in shares.values())
    scheme = result.config.scheme
    partials = {j: s.sign(MSG) for j, s in shares.items()}
    assert threshold.batch_verify_partials(list(partials.values()), poly, MSG, scheme)
    subsets = list(itertools.combinations(sorted(partials), t))
    rng.shuffle(subsets)
    sigs = {bytes(threshold.recover([partials[j] for j in sub], t)) for sub in subsets[:3]}
    assert len(sigs) == 1
    sig = scheme.variant.Signature.from_bytes(sigs.pop())
    assert scheme.verify(result.public_key, MSG, sig)
    if t > 1:
        some = [partials[j] for j in subsets[0][: t - 1]]
        assert not scheme.verify(result.public_key, MSG, threshold.recover(some, t - 1))
    return sig


DKG_CASES = [
    (1, 1, []),
    (1, 3, []),
    (2, 3, ["bad_share_unanswered"]),
    (3, 3, ["bad_share_answered", "bad_justification"]),
    (3, 5, ["wrong_degree", "silent"]),
    (4, 7, ["many_bad_shares", "equivocate", "bad_share_answered"]),
    (4, 6, []),
]


@pytest.mark.parametrize("t,n,kinds", DKG_CASES)
def test_dkg(t, n, kinds):
    rng = random.Random(t * 100 + n)
    faulty = rng.sample(range(1, n + 1), len(kinds))
    faults = dict(zip(faulty, kinds))
    result, shares = run(Config.new(t, n), faults, rng=rng)
    expected = sorted(d for d, k in faults.items() if EXCLUDED[k])
    assert sorted(result.disqualified) == expected
    assert result.qualified == [d for d in range(1, n + 1) if d not in expected]
    for d in expected:
        assert isinstance(result.disqualified[d], str) and result.disqualified[d]
    _check_key(result, shares, t, rng)


@pytest.mark.parametrize("variant,name", [(MinSig, "PoP"), (MinPk, "Aug"), (MinSig, "Basic")])
def test_dkg_other_ciphersuites(variant, name):
    cfg = Config.new(2, 3, variant, name)
    result, shares = run(cfg)
    assert type(result.public_key) is variant.PublicKey
    _check_key(result, shares, 2, random.Random(1))


@pytest.mark.parametrize("variant", [MinPk, MinSig])
def test_dkg_with_threshold_contributors(variant):
    # Dealers 1 and 3 are excluded, so the key is made of the polynomials
    # of the three lowest-indexed qualified dealers, 2, 4 and 5.
    t, n = 3, 6
    faults = {1: "silent", 3: "bad_share_unanswered", 4: "bad_share_answered"}
    result, shares = run(Config.new(t, n, variant, contributors=t), faults, rng=random.Random(7))
    assert result.qualified == [2, 4, 5, 6]
    assert result.contributors == [2, 4, 5]
    assert sorted(result.commitments) == [2, 4, 5]
    group = variant.PublicKey.GROUP
    key = group.identity()
    for d in (2, 4, 5):  # one addition at a time, not the column sums the transcript uses
        key = key + result.commitments[d].constant
    assert bytes(result.public_key) == key.to_bytes()
    _check_key(result, shares, t, random.Random(8))


def test_contributors_rejections():
    with pytest.raises(errors.InvalidDegreeError):
        Config.new(3, 5, contributors=2)  # fewer than t could all be faulty
    with pytest.raises(errors.InvalidDegreeError):
        Config.new(3, 5, contributors=6)
    with pytest.raises(TypeError):
        Config.new(3, 5, contributors=True)
    with pytest.raises(TypeError):
        Config.new(3, 5, contributors=3.0)
    with pytest.raises(ValueError):
        Config(2, [1, 2, 3], previous=threshold.deal(2, 3).public_polynomial, contributors=2)
    assert Config.new(3, 5).contributors is None


def test_dkg_fails_with_too_few_qualified_dealers():
    with pytest.raises(errors.ProtocolError) as e:  # 4 - 3 + 1 = 2 needed
        run(Config.new(3, 4), {1: "silent", 2: "wrong_degree", 4: "equivocate"})
    assert sorted(e.value.disqualified) == [1, 2, 4]
    result, _ = run(Config.new(3, 4, min_dealers=1), {1: "silent", 2: "wrong_degree", 4: "equivocate"})
    assert result.qualified == [3]


RESHARE_CASES = [
    # old (t, n), new (t, n), faulty old holders
    ((2, 3), (3, 5), ["wrong_secret"]),
    ((3, 4), (2, 3), ["silent"]),
    ((3, 5), (3, 3), ["bad_share_unanswered", "wrong_degree"]),
    ((1, 2), (1, 1), ["equivocate"]),
    ((2, 2), (4, 6), []),
]


@pytest.mark.parametrize("old,new,kinds", RESHARE_CASES)
def test_reshare_keeps_the_group_key(old, new, kinds):
    rng = random.Random(sum(old) * 10 + sum(new))
    d = threshold.deal(*old)
    old_shares = {s.index: s for s in d.shares}
    faulty = rng.sample(sorted(old_shares), len(kinds))
    faults = dict(zip(faulty, kinds))
    cfg = Config.reshare(d.public_polynomial, sorted(old_shares), *new)
    result, shares = run(cfg, faults, old_shares, rng)
    assert result.public_key == d.public_key
    assert sorted(result.disqualified) == sorted(faulty)
    if new[0] > 1:  # (with threshold 1, every share is the secret)
        for s in shares.values():
            assert all(s.value != o.value for o in d.shares)
    sig = _check_key(result, shares, new[0], rng)
    # the same signature the old committee makes
    old_sig = threshold.recover([s.sign(MSG) for s in d.shares[: old[0]]], old[0])
    assert old_sig == sig


def test_reshare_with_only_threshold_old_holders():
    d = threshold.deal(3, 5)
    holders = {s.index: s for s in d.shares if s.index in (2, 4, 5)}
    cfg = Config.reshare(d.public_polynomial, sorted(holders), 2, 4)
    result, shares = run(cfg, old_shares=holders)
    assert result.public_key == d.public_key
    _check_key(result, shares, 2, random.Random(2))
    with pytest.raises(errors.InvalidDegreeError):
        Config.reshare(d.public_polynomial, [1, 2], 2, 4)
    with pytest.raises(errors.ProtocolError):
        run(cfg, {2: "silent"}, holders)


def test_config_and_protocol_rejections():
    cfg = Config.new(2, 3)
    with pytest.raises(errors.InvalidDegreeError):
        Config.new(4, 3)
    with pytest.raises(errors.DuplicateIndexError):
        Config(2, [1, 2, 2])
    with pytest.raises(errors.UnknownIndexError):
        Dealer(cfg, 4)
    with pytest.raises(errors.UnknownIndexError):
        Player(cfg, 0 + 9)
    transcript = Transcript(cfg)
    deal, shares = Dealer(cfg, 1).deal()
    with pytest.raises(errors.UnknownIndexError):
        transcript.add(Deal(7, deal.commitment))
    with pytest.raises(errors.UnknownIndexError):
        transcript.add(Complaint(9, 1))
    with pytest.raises(errors.ProtocolError):
        transcript.add(shares[1])
    transcript.add(deal)
    with pytest.raises(errors.ProtocolError):  # answers no complaint
        transcript.add(Justification(1, 2, shares[2].value))
    with pytest.raises(errors.ProtocolError):  # someone else's share
        Player(cfg, 2).receive(deal, shares[1])
    p = Player(cfg, 3)
    assert p.receive(deal, None) == Complaint(3, 1)  # a missing share is a complaint
    with pytest.raises(errors.ProtocolError):  # resharing needs the old share
        Dealer(Config.reshare(threshold.deal(2, 3).public_polynomial, [1, 2, 3], 2, 3), 1)


def test_player_without_share_cannot_finalize():
    cfg = Config.new(1, 2)
    transcript = Transcript(cfg)
    dealers = [Dealer(cfg, i) for i in cfg.dealers]
    for d in dealers:
        transcript.add(d.deal()[0])
    p = Player(cfg, 1)
    p.receive(*[(d.deal()[0], d.deal()[1][1]) for d in dealers][0])
    with pytest.raises(errors.ProtocolError):
        p.finalize(transcript.result())


def test_message_encodings():
    cfg = Config.new(2, 3)
    deal, shares = Dealer(cfg, 2).deal()
    msgs = [deal, shares[1], Complaint(3, 2), Justification(2, 3, shares[3].value)]
    for m in msgs:
        data = m.to_bytes()
        assert decode(data) == m and type(m).from_bytes(data) == m
        assert hash(decode(data)) == hash(m)
        with pytest.raises(errors.MalformedMessageError):
            decode(data[:-1])
        with pytest.raises(errors.MalformedMessageError):
            decode(data + b"\x00")
        with pytest.raises(errors.MalformedMessageError):  # index 0
            decode(data[:1] + bytes(4) + data[5:])
    assert len(deal.to_bytes()) == 1 + 4 + 1 + 4 + 2 * 48
    assert len(shares[1].to_bytes()) == 1 + 8 + 32 and "hidden" in repr(shares[1])
    for bad in (b"", b"\x09", b"\x00" + bytes(8)):
        with pytest.raises(errors.MalformedMessageError):
            decode(bad)
    with pytest.raises(errors.MalformedMessageError):  # a complaint is not a deal
        Deal.from_bytes(Complaint(1, 2).to_bytes())
    with pytest.raises(errors.MalformedMessageError):  # scalar >= r
        PrivateShare.from_bytes(shares[1].to_bytes()[:9] + b"\xff" * 32)
    data = bytearray(deal.to_bytes())
    data[10] ^= 0x01  # corrupt the first committed point
    with pytest.raises(errors.MalformedMessageError):
        decode(bytes(data))
    assert isinstance(PublicPolynomial.from_bytes(deal.to_bytes()[5:]), PublicPolynomial)


def test_public_messages_pickle_and_copy_private_shares_only_copy():
    import copy
    import pickle

    deal, shares = Dealer(Config.new(2, 3), 2).deal()
    for m in (deal, Complaint(3, 2), Justification(2, 3, shares[3].value)):
        back = pickle.loads(pickle.dumps(m))
        assert type(back) is type(m) and back == m and back.to_bytes() == m.to_bytes()
        assert copy.copy(m) is m and copy.deepcopy(m) is m
    with pytest.raises(TypeError, match="private shares are not pickled"):
        pickle.dumps(shares[1])
    assert copy.deepcopy(shares[1]) is shares[1]


def test_player_ignores_publicly_bad_deals():
    cfg = Config.new(2, 3)
    f = Polynomial.random(2)
    bad = Deal(1, f.commit(G1))
    assert Player(cfg, 1).receive(bad, PrivateShare(1, 1, f.evaluate(1))) is None
    transcript = Transcript(cfg)
    transcript.add(Deal(1, Polynomial([Scalar(0), Scalar(5)]).commit(G1)))
    for i in (2, 3):
        transcript.add(Dealer(cfg, i).deal()[0])
    result = transcript.result()
    assert result.qualified == [2, 3] and "zero" in result.disqualified[1]
    with pytest.raises(errors.InvalidDegreeError):
        Config.new(2, 3, min_dealers=4)


@pytest.mark.parametrize("variant", [MinPk, MinSig], ids=lambda v: v.name)
def test_receive_all_batch_check(variant):
    cfg = Config.new(3, 5, variant)
    dealers = [Dealer(cfg, i) for i in cfg.dealers]
    deals = [d.deal() for d in dealers]
    good = [(deal, shares[2]) for deal, shares in deals]
    p = Player(cfg, 2)
    assert p.receive_all(good) == []
    bad = list(good)
    bad[1] = (bad[1][0], PrivateShare(2, 2, bad[1][1].value + 1))
    bad[3] = (bad[3][0], None)
    f = Polynomial.random(3)  # wrong degree: a public fault, no complaint
    bad[4] = (Deal(5, f.commit(variant.PublicKey.GROUP)), PrivateShare(5, 2, f.evaluate(2)))
    q = Player(cfg, 2)
    assert q.receive_all(bad) == [Complaint(2, 2), Complaint(2, 4)]
    from pybls.errors import ArgumentError

    with pytest.raises(ArgumentError, match=r"a \(Deal, PrivateShare or None\) pair, got 1 values"):
        Player(cfg, 2).receive_all([(good[0][0],)])
    import pickle

    with pytest.raises(TypeError, match="DKG players are not pickled"):
        pickle.dumps(p)  # it holds the private shares received
    with pytest.raises(errors.ProtocolError):
        Player(cfg, 3).receive_all(good)  # player 2's shares
    transcript = Transcript(cfg)
    for deal, _ in deals:
        transcript.add(deal)
    result = transcript.result()
    share = p.finalize(result)
    assert verify_share(share, result.public_polynomial)


@pytest.mark.parametrize("variant", [MinPk, MinSig], ids=lambda v: v.name)
def test_receive_all_names_bad_dealers_among_many(variant, monkeypatch):
    """One batch check for many good shares; a wrong share among many, and
    two wrong shares whose errors cancel in an unweighted sum, are caught
    and blamed on exactly their dealers."""
    cfg = Config.new(8, 12, variant)
    deals = [Dealer(cfg, i).deal() for i in cfg.dealers]
    me = 5
    good = [(deal, shares[me]) for deal, shares in deals]
    calls = []
    real = Player.receive
    monkeypatch.setattr(Player, "receive", lambda self, d, s: calls.append(d.dealer) or real(self, d, s))
    p = Player(cfg, me)
    assert p.receive_all(good) == [] and calls == []  # the batch alone decided
    delta = Scalar(random.randrange(1, 1 << 64))

    def tamper(changes):
        items = list(good)
        for dealer, change in changes.items():
            deal, share = items[dealer - 1]
            items[dealer - 1] = (deal, PrivateShare(dealer, me, share.value + change))
        return items

    assert Player(cfg, me).receive_all(tamper({7: Scalar(1)})) == [Complaint(me, 7)]
    assert len(calls) == 12  # fell back to one check per share
    q = Player(cfg, me)
    assert q.receive_all(tamper({3: delta, 10: -delta})) == [Complaint(me, 3), Complaint(me, 10)]
    transcript = Transcript(cfg)
    for deal, _ in deals:
        transcript.add(deal)
    with pytest.raises(errors.ProtocolError):  # q holds no valid share from dealers 3 and 10
        q.finalize(transcript.result())
    share = p.finalize(transcript.result())
    assert verify_share(share, transcript.result().public_polynomial)


def test_false_complaint_is_answered_and_dealer_stays():
    cfg = Config.new(2, 4)
    dealers = {i: Dealer(cfg, i) for i in cfg.dealers}
    players = {j: Player(cfg, j) for j in cfg.players}
    transcript = Transcript(cfg)
    for i, d in dealers.items():
        deal, shares = d.deal()
        transcript.add(deal)
        for j, p in players.items():
            assert p.receive(deal, shares[j]) is None
    lie = Complaint(3, 1)  # player 3 got a good share but complains anyway
    transcript.add(lie)
    for j in dealers[1].justify([lie]):
        transcript.add(j)
    result = transcript.result()
    assert result.qualified == [1, 2, 3, 4] and result.disqualified == {}
    assert (1, 3) in result.revealed
    shares = {j: p.finalize(result) for j, p in players.items()}
    _check_key(result, shares, 2, random.Random(3))


def test_late_complaint_counts_as_unanswered():
    cfg = Config.new(2, 3)
    transcript = Transcript(cfg)
    for i in cfg.dealers:
        transcript.add(Dealer(cfg, i).deal()[0])
    assert transcript.result().qualified == [1, 2, 3]
    transcript.add(Complaint(1, 2))
    result = transcript.result()
    assert result.qualified == [1, 3] and "complaints of players [1]" in result.disqualified[2]


@pytest.mark.parametrize("indices", [[1], [2, 5], [1, 2, 3, 4], [3, 9, 14, 20, 21], list(range(1, 15)),
                                     list(range(40, 80))])
def test_reshare_combination_matches_lagrange(indices):
    """The resharing's public polynomial, by small integer weights and one
    scaling when few dealers contribute, equals the combination with the
    Lagrange coefficients mod r."""
    from pybls.threshold.dkg.transcript import _combine_lagrange
    from pybls.threshold.lagrange import lagrange_ints
    comms = [Polynomial.random(3).commit(G1) for _ in indices]
    weights = lagrange_ints(indices)
    assert _combine_lagrange(comms, indices, weights) == PublicPolynomial.combine(comms, weights)


# -- every curve ------------------------------------------------------------


@pytest.mark.parametrize("key, variant", sig_cases())
def test_dkg_and_reshare_on_every_curve(key, variant):
    """A run with a dealer whose bad share is answered and one that is
    silent, then a resharing to a larger committee with a dealer that
    deals a new secret: the key and the shares belong to the curve, the
    shares interpolate to the key's secret, and the resharing keeps the key
    and its signatures."""
    module = curves.CURVES[key]
    rng = random.Random(key + variant)
    cfg = Config.new(2, 4, variant, curve=module)
    assert cfg.curve is module and cfg.scalar is module.Scalar
    assert cfg.scheme is threshold.deal(1, 1, variant, curve=module).scheme
    result, shares = run(cfg, {2: "bad_share_answered", 4: "silent"}, rng=rng)
    assert result.qualified == [1, 2, 3] and sorted(result.disqualified) == [4]
    assert all(type(s.value) is module.Scalar for s in shares.values())
    group = cfg.scheme.variant.PublicKey.GROUP
    secret = interpolate({j: shares[j].value for j in (1, 4)})
    assert group.generator() * secret == result.public_key.point
    sig = _check_key(result, shares, 2, rng)

    reshare = Config.reshare(result.public_polynomial, [1, 2, 3], 3, 5)
    assert reshare.curve is module and reshare.scheme is cfg.scheme
    old = {j: shares[j] for j in (1, 2, 3)}
    result2, shares2 = run(reshare, {3: "wrong_secret"}, old, rng)
    assert result2.public_key == result.public_key and sorted(result2.disqualified) == [3]
    assert interpolate({j: shares2[j].value for j in (1, 3, 5)}) == secret
    assert _check_key(result2, shares2, 3, rng) == sig


def test_dkg_messages_name_no_curve():
    """Messages of a run on one curve decode only as that curve's: a share
    value or commitment of another curve is rejected."""
    bn462, bn254 = curves.get("BN462"), curves.get("bn254")
    cfg = Config.new(2, 3, curve=bn462)
    deal, shares = Dealer(cfg, 1).deal()
    for msg in (deal, shares[2], Justification(1, 2, shares[2].value)):
        assert decode(msg.to_bytes(), curve="bn462") == msg
        with pytest.raises(errors.MalformedMessageError):
            decode(msg.to_bytes())
        with pytest.raises(errors.MalformedMessageError):
            type(msg).from_bytes(msg.to_bytes(), curve=bn254)
    # Another curve's deal is a public fault; its values are not this curve's.
    other = Dealer(Config.new(2, 3), 1).deal()
    transcript = Transcript(cfg)
    transcript.add(Deal(2, other[0].commitment))
    assert Player(cfg, 1).receive(Deal(2, other[0].commitment), None) is None
    with pytest.raises(TypeError):
        Dealer(Config.reshare(deal.commitment, [1, 2], 2, 3), 1, threshold.deal(2, 3).shares[0])
    with pytest.raises(ValueError):
        Config.new(2, 3, MinPk, curve=bn462)  # a BLS12-381 variant
    for d in (1, 3):
        transcript.add(Dealer(cfg, d).deal()[0])
    assert transcript.result().disqualified == {2: "commitment in BLS12-381 G1, expected BN462 G1"}
