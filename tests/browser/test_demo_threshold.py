"""demo/threshold.html: a DKG with cheating dealers, threshold signing,
t - 1 partials, resharing; the group signature checked natively."""

import pytest

from pybls.sig import MinPk


@pytest.fixture(scope="module")
def th(open_page):
    p = open_page("threshold.html")
    p.idle()
    assert p.page.get_attribute("#dkg-out", "data-state") == "valid"
    return p


def group_key(page):
    return page.inner_text("#dkg-out").split("group public key: ")[1].split("\n")[0]


def test_dkg_excludes_cheating_dealers(th):
    page = th.page
    page.fill("#n", "5")
    page.dispatch_event("#n", "input")
    page.fill("#t", "3")
    page.select_option("#cheat-2", "bad share")
    page.select_option("#cheat-4", "wrong degree")
    page.select_option("#cheat-5", "bad share, then answers")
    state, text = th.click_and_wait("#run-dkg", "#dkg-out")
    assert state == "valid", text
    assert "qualified: [1, 3, 5]; excluded: [2, 4]" in text
    assert "player 3 → dealer 2" in text and "player 1 → dealer 5" in text  # the victims complained
    outcomes = page.eval_on_selector_all("#dealers tbody tr", "rs => rs.map(r => r.cells[2].textContent)")
    assert outcomes[0] == "qualified" and outcomes[2] == "qualified" and outcomes[4] == "qualified"
    assert outcomes[1].startswith("excluded") and "did not answer" in outcomes[1]
    assert outcomes[3].startswith("excluded") and "degree 3, expected 2" in outcomes[3]
    # each dealer's commitment shows its points (t of them, or t + 1 for the wrong degree)
    points = page.eval_on_selector_all("#dealers tbody tr", "rs => rs.map(r => r.cells[1].textContent.split('\\n').length)")
    assert points == [3, 3, 3, 4, 3]
    th.assert_clean()


def test_any_t_parties_sign(th):
    page = th.page
    key = bytes.fromhex(group_key(page))
    for picks in ([1, 2, 3], [2, 4, 5]):
        for j in range(1, 6):
            page.set_checked(f"#signer-{j}", j in picks)
        state, text = th.click_and_wait("#sign", "#recover-out")
        assert state == "valid", text
        partials = page.inner_text("#partials-out")
        assert all(f"{j} valid" in partials for j in picks), partials
        sig = bytes.fromhex(text.split("signature: ")[1].strip())
        assert MinPk.PoP.verify(key, page.input_value("#message").encode(), sig)  # natively
    th.assert_clean()


def test_too_few(th):
    page = th.page
    for j in range(1, 6):
        page.set_checked(f"#signer-{j}", j in (1, 5))
    state, text = th.click_and_wait("#sign", "#recover-out")
    assert state == "error" and "TooFewPartialsError" in text, text
    state, text = th.click_and_wait("#too-few", "#too-few-out")
    assert state == "invalid" and "refused with TooFewPartialsError" in text, text
    th.assert_clean()


def test_reshare_keeps_the_group_key(th):
    page = th.page
    key = group_key(page)
    page.fill("#new-t", "2")
    page.fill("#new-n", "4")
    state, text = th.click_and_wait("#reshare", "#reshare-out")
    assert state == "valid" and "group key unchanged" in text, text
    assert text.split("group public key: ")[1].strip() == key
    th.assert_clean()
    th.screenshot()
