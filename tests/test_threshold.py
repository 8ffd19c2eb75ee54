"""Threshold signatures with a trusted dealer: polynomials, commitments,
shares, partial signatures, recovery and every rejection path."""

import itertools
import random

import pytest

from pybls import G1, G2, Scalar, threshold
from pybls.sig import MinPk, MinSig, Signature
from pybls.threshold import (
    PartialSignature,
    Polynomial,
    PublicPolynomial,
    Share,
    batch_verify_partials,
    deal,
    find_invalid_partials,
    interpolate,
    interpolate_points,
    lagrange_coefficients,
    recover,
    verify_partial,
    verify_share,
)
from pybls.threshold import errors

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

MSG = b"threshold message"


# -- polynomials and interpolation --------------------------------------------

def test_polynomial_evaluation_matches_integers():
    cs = [5, 7, 11, 13]
    f = Polynomial([Scalar(c) for c in cs])
    for x in (0, 1, 2, 9, 1000):
        assert int(f.evaluate(x)) == sum(c * x ** k for k, c in enumerate(cs)) % Scalar.R


def test_random_polynomial_degree_and_secret():
    f = Polynomial.random(4, Scalar(99))
    assert f.degree == 4 and f.constant == 99
    assert Polynomial.random(0).degree == 0
    with pytest.raises(errors.InvalidDegreeError):
        Polynomial.random(-1)
    assert "hidden" in repr(f)


@pytest.mark.parametrize("t", [1, 2, 3, 5])
def test_interpolation_of_scalars_and_points(t):
    f = Polynomial.random(t - 1)
    rng = random.Random(t)
    idx = rng.sample(range(1, 50), t)
    assert interpolate({i: f.evaluate(i) for i in idx}) == f.constant
    for group in (G1, G2):
        C = f.commit(group)
        assert interpolate_points({i: C.evaluate(i) for i in idx}) == group.generator() * f.constant
    # t - 1 values give something else (with overwhelming probability)
    if t > 1:
        assert interpolate({i: f.evaluate(i) for i in idx[:-1]}) != f.constant


def test_interpolation_refuses_what_has_no_curve():
    from pybls import bn254

    with pytest.raises(TypeError, match="the scalars of one curve .*, not int"):
        interpolate({1: 5, 2: 7})
    with pytest.raises(TypeError, match="the points of one group .*, not int"):
        interpolate_points({1: 1, 2: 2})
    with pytest.raises(TypeError, match="a mapping of indices to values .*, not list"):
        interpolate([(1, Scalar(5))])
    with pytest.raises(TypeError, match="scalars of different curves"):
        interpolate({1: Scalar(5), 2: bn254.Scalar(5)})
    with pytest.raises(TypeError, match="G1 points of BLS12-381, not a G1 point of BN254"):
        interpolate_points({1: G1.generator(), 2: bn254.G1.generator()})


def _naive_lagrange(xs):
    out = []
    for xi in xs:
        num = den = 1
        for xj in xs:
            if xj != xi:
                num, den = num * xj % Scalar.R, den * (xj - xi) % Scalar.R
        out.append(num * pow(den, Scalar.R - 2, Scalar.R) % Scalar.R)
    return out


def test_lagrange_matches_direct_formula():
    rng = random.Random(7)
    for _ in range(60):
        k = rng.randint(1, 12)
        top = rng.choice([k + 1, k + 3, 2 * k + 2, 100, 2 ** 32 - 1])
        xs = []
        while len(xs) < k:  # (not rng.sample: len(range) overflows on 32-bit Pyodide)
            x = rng.randrange(1, top)
            if x not in xs:
                xs.append(x)
        assert [int(c) for c in lagrange_coefficients(xs)] == _naive_lagrange(xs), xs


def test_lagrange_coefficients():
    idx = [2, 3, 7, 11]
    ls = lagrange_coefficients(idx)
    for k in range(len(idx)):  # reproduce x^k at 0
        assert sum(l * (i ** k) for l, i in zip(ls, idx)) == (1 if k == 0 else 0)
    assert lagrange_coefficients([5], at=0) == [1]
    assert lagrange_coefficients([1, 2], at=2) == [0, 1]
    with pytest.raises(errors.DuplicateIndexError):
        lagrange_coefficients([1, 2, 1])
    with pytest.raises(errors.InvalidIndexError):
        lagrange_coefficients([0, 1])


# -- commitments ----------------------------------------------------------------

def test_commitment_add_evaluate_serialize():
    f, g = Polynomial.random(2), Polynomial.random(1)
    for group in (G1, G2):
        C = f.commit(group) + g.commit(group)
        assert C.threshold == 3
        assert C == (f + g).commit(group)
        assert C.evaluate(6) == group.generator() * (f + g).evaluate(6)
        assert PublicPolynomial.sum([f.commit(group), g.commit(group)]) == C
        assert PublicPolynomial.combine([f.commit(group), g.commit(group)], [2, 3]) == (f * 2 + g * 3).commit(group)
        assert PublicPolynomial.from_bytes(C.to_bytes()) == C
    with pytest.raises(TypeError):
        f.commit(G1) + f.commit(G2)


@pytest.mark.parametrize("mutate", ["truncate", "extend", "tag", "count0", "count_big", "point"])
def test_commitment_rejects_malformed(mutate):
    data = bytearray(Polynomial.random(1).commit(G1).to_bytes())
    if mutate == "truncate":
        data = data[:-1]
    elif mutate == "extend":
        data += b"\x00"
    elif mutate == "tag":
        data[0] = 3
    elif mutate == "count0":
        data[1:5] = bytes(4)
    elif mutate == "count_big":
        data[1:5] = (3).to_bytes(4, "big")
    elif mutate == "point":
        data[5] ^= 0x20  # flip the sign/infinity flags of the first point
        data[6] ^= 0x55
    with pytest.raises(errors.MalformedMessageError):
        PublicPolynomial.from_bytes(bytes(data))


# -- dealer -----------------------------------------------------------------------

def test_deal_defaults_min_pk_pop():
    d = deal(3, 5)
    assert d.scheme is MinPk.PoP and d.scheme.dst == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    assert len(bytes(d.public_key)) == 48 and d.public_key == d.public_polynomial.public_key
    assert [s.index for s in d.shares] == [1, 2, 3, 4, 5]
    assert d.public_polynomial.threshold == 3
    assert all(verify_share(s, d.public_polynomial) for s in d.shares)
    assert interpolate({s.index: s.value for s in d.shares[1:4]}) * G1.generator() == d.public_key.point


def test_deal_parameters():
    for t, n in [(0, 3), (4, 3), (1, 0)]:
        with pytest.raises(errors.InvalidDegreeError):
            deal(t, n)
    with pytest.raises(ValueError):
        deal(2, 3, secret=Scalar(0))
    d = deal(2, 3, secret=Scalar(1234))
    assert d.public_key.point == G1.generator() * 1234


def test_verify_share_rejects_wrong_values():
    d = deal(2, 4)
    s = d.shares[1]
    assert not verify_share(Share(s.index, s.value + 1, d.scheme, d.public_key), d.public_polynomial)
    assert not verify_share(Share(3, s.value, d.scheme, d.public_key), d.public_polynomial)
    assert not verify_share(s, deal(2, 4).public_polynomial)


def test_share_serialization():
    d = deal(2, 3)
    s = d.shares[2]
    back = Share.from_bytes(s.to_bytes(), d.scheme, d.public_key)
    assert back == s and len(s.to_bytes()) == 36
    assert "hidden" in repr(s) and s.value.to_bytes().hex() not in repr(s)
    for bad in (s.to_bytes()[:-1], s.to_bytes() + b"\x00", bytes(4) + s.to_bytes()[4:],
                s.to_bytes()[:4] + b"\xff" * 32):
        with pytest.raises(errors.MalformedMessageError):
            Share.from_bytes(bad)


# -- partial signatures and recovery ------------------------------------------------

def test_partial_signatures_pickle_and_copy():
    import copy
    import pickle

    p = deal(2, 3).shares[0].sign(b"msg")
    back = pickle.loads(pickle.dumps(p))
    assert back == p and back.index == p.index and back.signature == p.signature
    assert copy.copy(p) is p and copy.deepcopy(p) is p
    share = deal(2, 3).shares[0]
    with pytest.raises(TypeError, match="shares are not pickled"):
        pickle.dumps(share)  # a secret
    assert copy.copy(share) is share and copy.deepcopy(share) is share  # immutable


@pytest.mark.parametrize("t,n", [(1, 1), (1, 3), (2, 3), (3, 3), (3, 5), (4, 7)])
def test_any_t_partials_recover_the_same_signature(t, n):
    d = deal(t, n)
    partials = [s.sign(MSG) for s in d.shares]
    assert all(verify_partial(p, d.public_polynomial, MSG) for p in partials)
    assert batch_verify_partials(partials, d.public_polynomial, MSG)
    subsets = list(itertools.combinations(partials, t))
    random.Random(n).shuffle(subsets)
    sigs = {bytes(recover(list(sub), t)) for sub in subsets[:4]}
    assert len(sigs) == 1
    sig = recover(partials[::-1], t, public_polynomial=d.public_polynomial, msg=MSG, n=n)
    assert bytes(sig) in sigs and len(bytes(sig)) == 96
    assert MinPk.PoP.verify(d.public_key, MSG, sig)
    assert MinPk.PoP.verify(bytes(d.public_key), MSG, bytes(sig))
    if t > 1:  # t - 1 partials (with the degree lied about) do not verify
        wrong = recover(partials[: t - 1], t - 1)
        assert not MinPk.PoP.verify(d.public_key, MSG, wrong)
        with pytest.raises(errors.TooFewPartialsError):
            recover(partials[: t - 1], t)


@pytest.mark.parametrize("variant", [MinPk, MinSig])
@pytest.mark.parametrize("name", ["Basic", "Aug", "PoP"])
def test_every_variant_and_scheme(variant, name):
    d = deal(2, 3, variant, name)
    scheme = getattr(variant, name)
    assert d.scheme is scheme
    partials = [s.sign(MSG) for s in d.shares]
    assert all(verify_partial(p, d.public_polynomial, MSG, scheme) for p in partials)
    assert batch_verify_partials(partials, d.public_polynomial, MSG, scheme)
    sig = recover(partials[1:], 2, public_polynomial=d.public_polynomial, msg=MSG, scheme=scheme)
    assert type(sig) is variant.Signature
    assert scheme.verify(d.public_key, MSG, sig)
    assert not scheme.verify(d.public_key, MSG + b"!", sig)
    assert PartialSignature.from_bytes(partials[0].to_bytes()) == partials[0]


def test_partials_for_another_message_or_scheme_fail():
    d = deal(2, 3)
    p = d.shares[0].sign(MSG)
    assert not verify_partial(p, d.public_polynomial, b"other")
    assert not verify_partial(p, d.public_polynomial, MSG, "Basic")
    assert not verify_partial(PartialSignature(2, p.signature), d.public_polynomial, MSG)


def test_forged_partials_detected_and_named():
    d = deal(3, 6)
    partials = [s.sign(MSG) for s in d.shares]
    forged = list(partials)
    forged[1] = PartialSignature(2, partials[4].signature)  # someone else's signature
    forged[3] = d.shares[3].sign(b"other message")
    assert not batch_verify_partials(forged, d.public_polynomial, MSG)
    assert find_invalid_partials(forged, d.public_polynomial, MSG) == [2, 4]
    with pytest.raises(errors.InvalidPartialError) as e:
        recover(forged, 3, public_polynomial=d.public_polynomial, msg=MSG)
    assert e.value.indices == [2]
    # without verification, a forged partial spoils the signature
    assert not MinPk.PoP.verify(d.public_key, MSG, recover(forged, 3))


def test_recover_rejections():
    d = deal(2, 3)
    p = [s.sign(MSG) for s in d.shares]
    with pytest.raises(errors.DuplicateIndexError):
        recover([p[0], p[0], p[1]], 2)
    with pytest.raises(errors.DuplicateIndexError):
        batch_verify_partials([p[0], p[0]], d.public_polynomial, MSG)
    with pytest.raises(errors.TooFewPartialsError):
        recover([p[0]], 2)
    with pytest.raises(errors.TooFewPartialsError):
        recover([], 1)
    stranger = PartialSignature(9, p[2].signature)
    with pytest.raises(errors.UnknownIndexError):
        recover([p[0], stranger], 2, n=3)
    with pytest.raises(errors.UnknownIndexError):
        verify_partial(stranger, d.public_polynomial, MSG, n=3)
    with pytest.raises(errors.InvalidIndexError):
        PartialSignature(0, p[0].signature)
    with pytest.raises(TypeError):
        recover([p[0], b"not a partial"], 2)
    with pytest.raises(TypeError, match="PartialSignature"):
        batch_verify_partials([1, 2], d.public_polynomial, MSG)
    with pytest.raises(TypeError, match="PartialSignature"):
        find_invalid_partials([p[0], "x"], d.public_polynomial, MSG)
    with pytest.raises(TypeError, match="PublicPolynomial"):
        verify_partial(p[0], d.public_key, MSG)
    with pytest.raises(TypeError, match="PublicPolynomial"):
        recover(p[:2], 2, public_polynomial=d.public_key)
    with pytest.raises(TypeError, match="PublicPolynomial"):
        threshold.verify_share(d.shares[0], d.public_key)
    # a t below the public polynomial's threshold would interpolate the
    # wrong polynomial: refused, with or without the message; t above it
    # gives the signature
    d3 = deal(3, 5)
    p3 = [s.sign(MSG) for s in d3.shares]
    for msg in (MSG, None):
        with pytest.raises(errors.InvalidDegreeError):
            recover(p3[:2], 2, public_polynomial=d3.public_polynomial, msg=msg)
    sig = recover(p3[:4], 4, public_polynomial=d3.public_polynomial, msg=MSG)
    assert MinPk.PoP.verify(d3.public_key, MSG, sig)


def test_partial_signature_rejects_malformed():
    p = deal(1, 1).shares[0].sign(MSG)
    data = p.to_bytes()
    for bad in (data[:-1], data + b"\x00", bytes(4) + data[4:], data[:4], data[:4] + bytes(96)):
        with pytest.raises(errors.MalformedMessageError):
            PartialSignature.from_bytes(bad)
    assert isinstance(PartialSignature.from_bytes(data).signature, Signature)
