"""demo/sign.html: the curve selector, keys, signing, tampering, aggregation,
batches and the curves compared, checked against native pybls (cffi)
computing the same values."""

import re

import pytest

from pybls import curves, sig
from pybls.sig import MinPk, MinSig, key_gen

IKM = b"demo page test key material, 32+"
SECRET = key_gen(IKM).to_bytes().hex()
# The curves the page offers, in its order: BLS48-581 once pybls has it.
OFFERED = ["bls12_381", "bn254", "bn462"] + (["bls48_581"] if "bls48_581" in list(curves.CURVES) else [])
# The security level the CFRG pairing-friendly-curves draft classes each at.
SECURITY = {"bls12_381": 128, "bn254": 100, "bn462": 128, "bls48_581": 256}
NAMES = {"bls12_381": "BLS12-381", "bn254": "BN254", "bn462": "BN462", "bls48_581": "BLS48-581"}


@pytest.fixture(scope="module")
def sign(open_page):
    return open_page("sign.html")


def python(sign, code):
    """The value of `code` run by the page's Python (in a namespace of its own)."""
    return sign.page.evaluate("async (code) => (await window.pyblsDemo.exec(code, { ns: 'test' })).value", code)


def pick_curve(sign, curve):
    if sign.page.input_value("#curve") != curve:
        sign.page.select_option("#curve", curve)  # loads the curve, a new random key, signed
        sign.idle()


def use_key(sign, variant, secret, curve="bls12_381"):
    page = sign.page
    pick_curve(sign, curve)
    if not page.is_checked(f"input[name=variant][value={variant}]"):  # the property, not the attribute
        page.check(f"input[name=variant][value={variant}]")  # a new random key, signed
        sign.idle()
    page.fill("#secret", secret)
    page.fill("#message", "Hello, BLS!")
    sign.click_and_wait("#use-key", "#keys-out")


def test_selector_offers_the_curves_and_loads_only_the_first(sign):
    page = sign.page
    assert page.eval_on_selector_all("#curve option", "os => os.map(o => o.value)") == OFFERED
    labels = page.eval_on_selector_all("#curve option", "os => os.map(o => o.textContent)")
    assert labels == [f"{NAMES[c]} ({SECURITY[c]}-bit security)" for c in OFFERED]
    assert page.input_value("#curve") == "bls12_381"
    # no other curve's module imported, no other core opened
    loaded = python(sign, "import sys, pybls._lib as L\n"
                          "[m for m in sys.modules if m.startswith('pybls.') and m.removeprefix('pybls.') in "
                          f"{OFFERED[1:]!r}] + sorted(L._curves)")
    assert loaded == []
    assert "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_" in page.inner_text("#curve-out")
    sign.assert_clean()


@pytest.mark.parametrize("curve", OFFERED)
def test_each_curve_signs_verifies_and_rejects_a_tampered_message(sign, curve):
    page = sign.page
    schemes = sig.for_curve(curve)
    have = [v.name for v in schemes.variants]
    if not have:  # a curve pybls has before it hashes to either group: offered, then disabled
        before = page.input_value("#curve")
        page.select_option("#curve", curve)
        sign.idle()
        assert page.input_value("#curve") == before
        assert page.eval_on_selector(f"#curve option[value={curve}]", "o => o.disabled") is True
        state, text = page.get_attribute("#keys-out", "data-state"), page.inner_text("#keys-out")
        assert state == "error" and "no BLS signatures" in text, text
        return
    pick_curve(sign, curve)
    radios = page.eval_on_selector_all("input[name=variant]", "rs => rs.map(r => [r.value, r.disabled, r.checked])")
    assert {v: not disabled for v, disabled, _ in radios} == {v: v in have for v in ("MinPk", "MinSig")}
    variant = next(v for v, _, checked in radios if checked)
    assert variant in have
    scheme = schemes.variant(variant).PoP
    sk = schemes.key_gen(IKM)
    assert page.inner_text("#secret-bytes") == str(len(sk.to_bytes()))
    page.fill("#secret", sk.to_bytes().hex())
    page.fill("#message", "Hello, BLS!")
    sign.click_and_wait("#use-key", "#keys-out")
    assert page.inner_text("#keys-out").split("\n")[-1] == scheme.sk_to_pk(sk).to_bytes().hex()
    sig_hex = page.inner_text("#sign-out").split("\n")[-1]
    assert sig_hex == scheme.sign(sk, b"Hello, BLS!").to_bytes().hex()  # deterministic: the native value
    assert sign.click_and_wait("#verify", "#verify-out")[0] == "valid"
    state, text = sign.click_and_wait("#flip-message", "#tamper-out")
    assert state == "invalid" and "flipping a bit of the message" in text, text
    sign.assert_clean()


@pytest.mark.parametrize("variant,scheme", [("MinPk", MinPk.PoP), ("MinSig", MinSig.PoP)])
def test_pasted_key_sign_verify_tamper(sign, variant, scheme):
    use_key(sign, variant, SECRET)
    page = sign.page
    sk = scheme.key_gen(b"demo page test key material, 32+")
    pk = scheme.sk_to_pk(sk).to_bytes().hex()
    assert page.inner_text("#keys-out").split("\n")[-1] == pk
    sig = page.inner_text("#sign-out").split("\n")[-1]
    assert sig == scheme.sign(sk, b"Hello, BLS!").to_bytes().hex()  # deterministic: the native value
    assert sign.click_and_wait("#verify", "#verify-out")[0] == "valid"
    for button, what in [("#flip-message", "message"), ("#flip-key", "public key"), ("#flip-signature", "signature")]:
        state, text = sign.click_and_wait(button, "#tamper-out")
        assert state == "invalid" and f"flipping a bit of the {what}" in text, text
    # an edited message no longer verifies
    page.fill("#message", "Hello, BLS?")
    assert sign.click_and_wait("#verify", "#verify-out")[0] == "invalid"
    sign.click_and_wait("#sign", "#sign-out")
    assert sign.click_and_wait("#verify", "#verify-out")[0] == "valid"
    assert page.inner_text("#sign-out").split("\n")[-1] == scheme.sign(sk, b"Hello, BLS?").to_bytes().hex()
    sign.assert_clean()


def test_random_key_and_bad_pasted_key(sign):
    page = sign.page
    use_key(sign, "MinPk", "")
    secret = page.input_value("#secret")
    assert len(secret) == 64 and secret != SECRET
    page.fill("#secret", "00" * 32)  # zero is not a secret key
    state, text = sign.click_and_wait("#use-key", "#keys-out")
    assert state == "error" and "InvalidKeyError" in text, text
    sign.assert_clean()


def test_aggregate(sign):
    page = sign.page
    use_key(sign, "MinPk", SECRET)
    page.fill("#n", "24")
    page.dispatch_event("#n", "input")
    assert page.inner_text("#n-value") == "24"
    state, text = sign.click_and_wait("#aggregate", "#agg-out")
    assert state == "valid" and "for 24 signers" in text, text
    rows = page.eval_on_selector_all("#agg-table tbody tr", "rs => rs.map(r => r.dataset.step)")
    assert rows == ["24 key pairs", "24 signatures", "aggregate", "fast_aggregate_verify"]
    fav = page.inner_text("#agg-table tbody tr:last-child td:nth-child(2)")
    assert fav == "valid; without the first signer: invalid"
    assert page.get_attribute("#n", "max") == "1000"
    sign.assert_clean()


def test_batch(sign):
    page = sign.page
    page.fill("#batch-size", "8")
    state, text = sign.click_and_wait("#batch", "#batch-out")
    assert state == "valid" and "(found: [7])" in text, text
    bad = page.inner_text("#batch-table tbody tr:last-child td:nth-child(2)")
    assert bad == "invalid; find_invalid: [7]"
    sign.assert_clean()
    sign.screenshot()


def test_keyboard_only(sign):
    page = sign.page
    page.focus("#message")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "sign"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "verify"
    page.keyboard.press("Enter")
    sign.idle()
    assert page.get_attribute("#verify-out", "data-state") == "valid"
    sign.assert_clean()


def test_curves_compared(sign):
    """Each curve measured in the page: sizes as native pybls encodes them,
    times positive, every signature verified, and the chart drawn."""
    page = sign.page
    use_key(sign, "MinPk", SECRET)
    state, text = sign.click_and_wait("#compare", "#compare-out")
    signing = [c for c in OFFERED if sig.for_curve(c).variants]
    assert state == "valid" and text.startswith(f"{len(signing)} of {len(signing)} curves measured"), text
    rows = page.eval_on_selector_all(
        "#compare-table tbody tr", "rs => rs.map(r => [r.dataset.curve, ...[...r.cells].map(c => c.textContent)])")
    assert [r[0] for r in rows] == OFFERED
    for key, name, security, *cells in rows:
        assert (name, security) == (NAMES[key], f"{SECURITY[key]}-bit")
        if key not in signing:
            assert cells == ["hashes to neither G1 nor G2: no BLS signatures"]
            continue
        variant, public, signature, *times = cells
        have = {v.name: v for v in sig.for_curve(key).variants}
        v = have.get("MinPk") or next(iter(have.values()))  # the variant picked, or the one the curve has
        assert variant == v.name
        assert public == f"{len(v.PublicKey.GROUP.generator().to_bytes())} B"
        assert signature == f"{len(v.Signature.GROUP.generator().to_bytes())} B"
        for t in times:
            value, unit = re.fullmatch(r"([0-9.]+) (ms|s)", t).groups()
            assert float(value) > 0
    for chart, series in [("#chart-sizes", 2), ("#chart-times", 3)]:
        widths = page.eval_on_selector_all(f"{chart} rect[data-series]", "rs => rs.map(r => Number(r.getAttribute('width')))")
        assert len(widths) == series * len(OFFERED)
        assert sum(w > 0 for w in widths) == series * len(signing)  # a curve without signatures: empty bars
        groups = page.eval_on_selector_all(f"{chart} g[data-group]", "gs => gs.map(g => g.dataset.group)")
        assert groups == [NAMES[c] for c in OFFERED]
    sign.assert_clean()
    sign.screenshot("compare")
