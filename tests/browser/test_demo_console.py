"""demo/console.html: arbitrary Python with pybls, output, exceptions, examples."""

import pytest


@pytest.fixture(scope="module")
def console(open_page):
    return open_page("console.html")


def run(console, code):
    console.page.fill("#code", code)
    return console.click_and_wait("#run", "#output")


def test_stdout_and_last_value(console):
    state, text = run(console, "import sys\nprint('platform', sys.platform)\nx = 6 * 7\nx")
    assert state == "info" and text.startswith("platform emscripten\n42\n[done in"), text
    state, text = run(console, "x + 1")  # names persist between runs
    assert text.startswith("43\n"), text
    state, text = run(console, "import sys\nprint('oops', file=sys.stderr)")
    assert text.startswith("oops\n"), text


def test_exception_is_shown(console):
    state, text = run(console, "from pybls import G2\nG2.from_bytes(b'\\x00' * 96)")
    assert state == "error", text
    assert text.startswith("Traceback") and 'File "<exec>", line 2' in text
    assert "pybls.errors." in text and "[exception in" in text
    console.assert_clean()


def test_examples(console):
    page = console.page
    names = page.eval_on_selector_all("#example option", "os => os.map(o => o.value)")
    assert {"pairing", "signatures", "threshold", "ibe", "errors"} <= set(names)
    expect = {"pairing": "True\n", "signatures": "valid: True", "threshold": "True\n", "ibe": "b'hello Bob'\n",
              "hash-to-curve": "True\n'", "errors": "NotInSubgroupError", "runtime": "backend: ctypes"}
    for name in names:
        page.select_option("#example", name)
        page.click("#load-example")
        assert page.input_value("#code").strip()
        state, text = console.click_and_wait("#run", "#output")
        assert expect[name] in text, (name, text)
        assert state == ("error" if name == "errors" else "info"), (name, text)
    console.assert_clean()


def test_keyboard(console):
    page = console.page
    page.fill("#code", "print('from the keyboard')")
    page.focus("#code")
    page.keyboard.press("Control+Enter")
    page.wait_for_function("document.querySelector('#output').textContent.startsWith('from the keyboard')")
    page.click("#reset")
    state, text = run(console, "x")
    assert state == "error" and "NameError" in text
    console.assert_clean()
    console.screenshot()


def test_stop_interrupts_a_loop(console):
    page = console.page
    page.fill("#code", "n = 0\nwhile True:\n    n += 1")
    page.click("#run")
    page.wait_for_function("!document.querySelector('#stop').disabled")
    page.wait_for_timeout(300)
    page.click("#stop")
    console.idle(timeout=20_000)
    text = page.inner_text("#output")
    assert page.get_attribute("#output", "data-state") == "error" and "KeyboardInterrupt" in text, text
    state, text = run(console, "n > 0")
    assert text.startswith("True"), text
    console.assert_clean()
