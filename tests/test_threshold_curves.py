"""pybls.threshold on every curve with signatures (the variants whose
signature group the curve hashes to; BLS12-381's thorough tests are in
test_threshold.py and test_threshold_dkg.py): a dealt key's partial
signatures recover the signature of the shared secret itself, and the
encodings of shares and commitments round-trip on their curve."""

import pytest

from pybls import curves, sig, threshold

from curve_cases import SLOW_CURVES, sig_cases

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

CASES = sig_cases()


@pytest.mark.parametrize("key, variant", CASES)
def test_deal_sign_recover(key, variant):
    module = curves.CURVES[key]
    secret = module.Scalar(123456789)
    for kind in ("PoP",) if key in SLOW_CURVES else ("PoP", "Aug"):
        d = threshold.deal(2, 3, variant, kind, secret=secret, curve=module)
        scheme = sig.scheme(module, variant, kind)
        assert d.scheme is scheme and type(d.public_key) is scheme.variant.PublicKey
        assert d.public_key.point == d.public_key.GROUP.generator() * secret
        assert all(type(s.value) is module.Scalar and threshold.verify_share(s, d.public_polynomial) for s in d.shares)
        partials = [s.sign(b"msg") for s in d.shares]
        assert threshold.batch_verify_partials(partials, d.public_polynomial, b"msg", scheme)
        recovered = threshold.recover(partials[1:], 2, public_polynomial=d.public_polynomial, msg=b"msg",
                                      scheme=scheme)
        # The recovered signature is the shared secret's own signature.
        assert recovered == scheme.sign(sig.SecretKey.from_scalar(secret), b"msg")
        assert scheme.verify(d.public_key, b"msg", recovered)
        bad = partials[:1] + [threshold.PartialSignature(2, partials[0].signature)] + partials[2:]
        assert threshold.find_invalid_partials(bad, d.public_polynomial, b"msg", scheme) == [2]
        assert not threshold.verify_partial(bad[1], d.public_polynomial, b"msg", scheme)
    # Encodings name no curve: the decoder is told.
    share = d.shares[0]
    assert threshold.Share.from_bytes(share.to_bytes(), d.scheme) == share
    assert threshold.PublicPolynomial.from_bytes(d.public_polynomial.to_bytes(), curve=module) == d.public_polynomial
    p = partials[0]
    assert threshold.PartialSignature.from_bytes(p.to_bytes(), d.scheme) == p
    # Lagrange coefficients modulo the curve's r.
    assert sum(threshold.lagrange_coefficients([2, 5, 9], scalar=module.Scalar)) == module.Scalar(1)


def test_schemes_and_values_of_one_curve_only():
    bn254 = curves.get("bn254")
    with pytest.raises(ValueError):
        threshold.deal(2, 3, sig.MinPk, curve=bn254)  # a BLS12-381 variant
    with pytest.raises(TypeError):
        threshold.Share(1, bn254.Scalar(5), sig.MinPk.PoP)  # a BN254 value, a BLS12-381 scheme
    with pytest.raises(TypeError):
        threshold.Polynomial([bn254.Scalar(1)]).commit(curves.get("bls12_381").G1)
