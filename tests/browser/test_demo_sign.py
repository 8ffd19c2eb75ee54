"""demo/sign.html: keys, signing, tampering, aggregation and batches, checked
against native pybls (cffi) computing the same values."""

import pytest

from pybls.sig import MinPk, MinSig, key_gen

SECRET = key_gen(b"demo page test key material, 32+").to_bytes().hex()


@pytest.fixture(scope="module")
def sign(open_page):
    return open_page("sign.html")


def use_key(sign, variant, secret):
    page = sign.page
    if page.get_attribute(f"input[name=variant][value={variant}]", "checked") is None:
        page.check(f"input[name=variant][value={variant}]")  # a new random key, signed
        sign.idle()
    page.fill("#secret", secret)
    page.fill("#message", "Hello, BLS!")
    sign.click_and_wait("#use-key", "#keys-out")


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
