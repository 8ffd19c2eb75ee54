"""demo/she.html: an encrypted poll (ballots with 0/1 proofs, a cheating
voter caught, the tally decrypted with a proof) and an encrypted inner
product; the page's published values checked natively."""

import pytest

from pybls import she


@pytest.fixture(scope="module")
def page(open_page):
    p = open_page("she.html")
    p.idle()
    assert p.page.get_attribute("#authority-out", "data-state") == "info"
    return p


def run_poll(page, n, cheat):
    pg = page.page
    pg.fill("#n", str(n))
    pg.fill("#yes-share", "0.5")
    if pg.is_checked("#cheat") != cheat:
        pg.click("#cheat")
    state, text = page.click_and_wait("#vote", "#vote-out")
    assert state == "info" and text.startswith(f"{n} ballots of "), text
    tally = page.click_and_wait("#tally", "#tally-out")
    decrypt = page.click_and_wait("#decrypt", "#decrypt-out")
    return tally, decrypt


def test_honest_poll(page):
    (state, text), (dstate, dtext) = run_poll(page, 40, cheat=False)
    assert state == "valid" and text.startswith("every proof is valid"), text
    assert dstate == "valid" and "the proof of decryption is valid" in dtext, dtext
    total = int(dtext.split("total: ")[1].split(" ")[0])
    assert dtext.endswith(f"the counted ballots held {total}")
    page.assert_clean()


def test_cheating_voter_is_caught(page):
    (state, text), (dstate, dtext) = run_poll(page, 10, cheat=True)
    assert state == "invalid" and text.startswith("proof REJECTED for voter 10:"), text
    assert dstate == "valid", dtext
    page.assert_clean()


def test_published_tally_checks_natively(page):
    """The public key, encrypted tally, total and proof the page holds verify
    with native pybls, and a wrong total does not."""
    code = ("(curve, pk.to_bytes().hex(), tally.to_bytes().hex(), total, proof.to_bytes().hex())")
    curve, pk_hex, tally_hex, total, proof_hex = page.page.evaluate(
        "code => window.pyblsDemo.exec(code).then(r => r.value)", code)
    pk = she.PublicKey.from_bytes(bytes.fromhex(pk_hex), curve)
    ct = she.CipherTextG1.from_bytes(bytes.fromhex(tally_hex), curve)
    proof = she.ZkpDec.from_bytes(bytes.fromhex(proof_hex), curve)
    assert pk.verify_decryption(ct, total, proof) and not pk.verify_decryption(ct, total + 1, proof)


@pytest.mark.parametrize("curve", ["bn254_nogami", "bls12_381"])
def test_inner_product(page, curve):
    pg = page.page
    pg.select_option("#curve", curve)
    assert page.click_and_wait("#authority", "#authority-out")[0] == "info"
    pg.fill("#xs", "3, -1, 4, 1, 5")
    pg.fill("#ys", "2, 7, -1, 8, 2")
    state, text = page.click_and_wait("#inner", "#inner-out")
    assert state == "valid" and text.startswith("x·y = 13 (expected 13); x[0]·y[0] = 6;"), text
    pg.fill("#ys", "2, 7")
    page.page.click("#inner")
    page.idle()
    assert "same length" in pg.inner_text("#inner-out")
    page.assert_clean()
    page.screenshot()
