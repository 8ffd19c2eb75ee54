"""demo/ibe.html: identity-based encryption to a name, a key for another
name failing, timelock encryption to a local beacon, a drand file opened."""

import pytest

from pybls import ibe


@pytest.fixture(scope="module")
def page(open_page):
    p = open_page("ibe.html")
    p.idle()
    return p


def test_encrypt_extract_decrypt(page):
    pg = page.page
    pg.fill("#recipient", "alice@example.com")
    pg.fill("#plaintext", "The meeting moves to Thursday.")
    assert page.click_and_wait("#encrypt", "#encrypt-out")[0] == "info"
    pg.fill("#holder", "alice@example.com")
    state, text = page.click_and_wait("#decrypt", "#decrypt-out")
    assert state == "valid" and text.endswith("\nThe meeting moves to Thursday."), text
    state, text = page.click_and_wait("#decrypt-other", "#decrypt-out")
    assert state == "invalid" and "DecryptionError" in text and "mallory@example.com" in text, text
    page.assert_clean()


def test_page_ciphertext_opens_natively(page):
    """What the page encrypted decrypts with native pybls, given the page's keys."""
    pg = page.page
    code = ("from pybls import ibe as _ibe\n"
            "_k = master.extract(b'alice@example.com')\n"
            "(_k.to_bytes().hex(), box.hex())")
    key_hex, box_hex = pg.evaluate("code => window.pyblsDemo.exec(code).then(r => r.value)", code)
    key = ibe.IdentityKey.from_bytes(bytes.fromhex(key_hex))
    assert ibe.decrypt(key, bytes.fromhex(box_hex)) == b"The meeting moves to Thursday."


def test_timelock_countdown(page):
    pg = page.page
    pg.fill("#ahead", "4")
    pg.fill("#plaintext", "open in four seconds")
    page.click_and_wait("#lock", "#lock-out")
    assert "waiting for the beacon" in pg.inner_text("#lock-out")
    assert pg.input_value("#sealed").startswith("-----BEGIN AGE ENCRYPTED FILE-----")
    assert "is published in" in pg.inner_text("#countdown")
    state, text = page.click_and_wait("#early", "#early-out")
    assert state == "invalid" and text.startswith("RoundNotReachedError"), text
    pg.wait_for_function("document.querySelector('#lock-out').dataset.state === 'valid'", timeout=30_000)
    page.idle()
    assert "\nopen in four seconds\n" in pg.inner_text("#lock-out")
    page.assert_clean()


def test_drand_file(page):
    pg = page.page
    state, text = page.click_and_wait("#paste", "#paste-out")
    assert state == "valid" and "round 12040883 of quicknet" in text and text.endswith("\nhello world"), text
    good = pg.input_value("#round-signature")
    pg.fill("#round-signature", good[:-1] + ("5" if good[-1] != "5" else "6"))
    state, text = page.click_and_wait("#paste", "#paste-out")
    assert state == "invalid" and "InvalidBeaconError" in text, text
    pg.fill("#round-signature", good)
    assert page.click_and_wait("#paste", "#paste-out")[0] == "valid"
    page.assert_clean()
    page.screenshot()
