"""Load pybls in headless Chromium through web/pybls.mjs and check a pairing.

    python tests/browser/smoke.py [--chromium /usr/bin/chromium]

Serves the repository on 127.0.0.1 (a free port), opens
tests/browser/smoke.html with Playwright driving Debian's Chromium (never a
downloaded browser), waits for the page's result and compares the pairing
e(G1, G2) with the native pybls value. Needs `make wasm` first, and the
Python packages playwright and pybls (native) in the running interpreter.
"""

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build-scripts"))

import localweb  # noqa: E402


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chromium", default=None, help="default: chromium on PATH")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds for the page to finish")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    import pybls

    server, base = localweb.start_server({"/": ROOT})
    url = base + "tests/browser/smoke.html"
    try:
        with sync_playwright() as p:
            browser = localweb.launch_chromium(p, args.chromium)
            page = browser.new_page()
            messages = []
            page.on("console", lambda m: messages.append(f"console.{m.type}: {m.text}"))
            page.on("pageerror", lambda e: messages.append(f"page error: {e}"))
            page.goto(url)
            page.wait_for_function("window.pyblsResult !== undefined", timeout=args.timeout * 1000)
            result = page.evaluate("window.pyblsResult")
            browser.close()
    finally:
        server.shutdown()

    if not result.get("ok"):
        print("pybls failed to load in Chromium:\n" + result.get("error", "?"), file=sys.stderr)
        print("\n".join(messages), file=sys.stderr)
        return 1
    native = pybls.pairing(pybls.G1.generator(), pybls.G2.generator()).to_bytes().hex()
    same = result["pairing"] == native and result["g1"] == pybls.G1.generator().to_bytes().hex()
    stages = result["stages"]
    print(
        f"Chromium: {result['platform']}, {result['backend']}, {result['limb_bits']}-bit limbs; "
        f"Pyodide up after {stages['pyodide-ready']:.0f} ms, import pybls "
        f"{stages['ready'] - stages['import']:.0f} ms, first pairing {result['pairing_ms']:.1f} ms; "
        f"pairing {'equals' if same else 'DIFFERS FROM'} the native value"
    )
    return 0 if same and result["platform"] == "emscripten" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
