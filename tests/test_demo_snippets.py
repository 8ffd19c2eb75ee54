"""The Python the demo pages run (demo/py/*.py), run natively step by step.

Each page shows and runs the "# %%" sections of its file inside Pyodide
(checked by tests/browser/); here the same code runs in CPython, with the
inputs a visitor would give, and its results are checked against
independent facts (a tampered input fails, t - 1 partials fail, ...).
"""

import ast
import pathlib
import re
import sys

import pytest

if sys.platform == "emscripten":
    pytest.skip("reads demo/ from the repository, which the Pyodide runner does not mount; "
                "the browser tests run these snippets inside Pyodide", allow_module_level=True)

from pybls import sig
from pybls.sig import MinPk

# Never in Pyodide (see above): its 32-bit run is the native ctypes pass's.
pytestmark = pytest.mark.native_only

DEMO_PY = pathlib.Path(__file__).resolve().parents[1] / "demo" / "py"
MARKER = re.compile(r"^# %% (\S+)\s*$", re.M)


def sections(name):
    """Section name -> code, split as demo/assets/demo.mjs splits them."""
    text = (DEMO_PY / name).read_text()
    parts = MARKER.split(text)
    return {parts[k]: parts[k + 1].strip("\n") + "\n" for k in range(1, len(parts), 2)}


def run(code, ns):
    """Run `code` in `ns` and return its last expression's value, as Pyodide does."""
    tree = ast.parse(code)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<demo>", "exec"), ns)
    return eval(compile(ast.Expression(last.value), "<demo>", "eval"), ns) if last else None


def test_sections_are_split_like_the_page():
    s = sections("sign.py")
    assert list(s)[:6] == ["curves", "curve", "keys", "sign", "verify", "tamper"]
    assert all(code.strip() and "# %%" not in code for code in s.values())


def test_sign_page_offers_the_curves():
    """BLS12-381, BN254 and BN462, and BLS48-581 once pybls has it; listing
    them loads none of their cores."""
    from pybls import curves

    want = ["bls12_381", "bn254", "bn462"] + (["bls48_581"] if "bls48_581" in list(curves.CURVES) else [])
    offered = run(sections("sign.py")["curves"], {})
    assert [c["key"] for c in offered] == want
    assert {c["key"]: c["security"] for c in offered}.items() >= {"bls12_381": 128, "bn254": 100, "bn462": 128}.items()
    from pybls.sig.curve import sig_curve

    for c in offered:  # the name shown is the curve's own
        assert c["name"] == sig_curve(c["key"]).name


@pytest.mark.parametrize("curve,variant", [
    ("bls12_381", "MinPk"), ("bls12_381", "MinSig"), ("bn254", "MinPk"), ("bn462", "MinSig"),
])
def test_sign_page(curve, variant):
    s = sections("sign.py")
    ns = {"curve": curve, "variant": variant, "secret_hex": "", "message": "hello", "n": 5, "batch_size": 4}
    facts = run(s["curve"], ns)
    scheme = sig.scheme(curve, variant, "PoP")
    group = {"MinPk": ("G1", "G2"), "MinSig": ("G2", "G1")}[variant]
    module = sig.for_curve(curve).curve
    assert facts["variants"][variant] == {
        "public": len(getattr(module, group[0]).generator().to_bytes()),
        "signature": len(getattr(module, group[1]).generator().to_bytes()),
    }
    assert f"{variant} PoP: {scheme.dst.decode()}" in facts["ciphersuites"]
    assert sorted(facts["variants"]) == sorted(v.name for v in sig.for_curve(curve).variants)
    assert facts["secret_bytes"] == len(module.Scalar(1).to_bytes())
    keys = run(s["keys"], ns)
    assert ns["sk"].curve is module
    assert bytes.fromhex(keys["public"]) == scheme.sk_to_pk(ns["sk"]).to_bytes()
    signature = run(s["sign"], ns)
    assert scheme.verify(bytes.fromhex(keys["public"]), b"hello", bytes.fromhex(signature))
    assert run(s["verify"], ns) is True
    for target in ("message", "public key", "signature"):
        ns["target"] = target
        assert run(s["tamper"], ns)["valid"] is False
    # a pasted key gives the same public key
    ns2 = {"curve": curve, "variant": variant, "secret_hex": keys["secret"]}
    run(s["curve"], ns2)
    assert run(s["keys"], ns2)["public"] == keys["public"]
    run(s["signers"], ns)
    run(s["sign-all"], ns)
    agg = run(s["aggregate"], ns)
    assert agg == scheme.aggregate(ns["signatures"]).to_bytes().hex()
    assert run(s["fast-verify"], ns) == {"valid": True, "without_first_signer": False}
    run(s["batch"], ns)
    assert run(s["batch-verify"], ns) is True
    assert run(s["one-by-one"], ns) is True
    assert run(s["batch-bad"], ns) == {"valid": False, "invalid": [3]}


def test_sign_page_measures_a_curve():
    """The comparison's sizes are the encodings' lengths, in the variant
    asked for (every offered curve hashes to both groups)."""
    s = sections("sign.py")
    out = run(s["measure"], {"compare_curve": "bls48_581", "variant": "MinPk"})
    assert out["variant"] == "MinPk" and out["verifies"] is True
    assert (out["public"], out["signature"]) == (73, 584)
    assert all(out[k] > 0 for k in ("keygen", "sign", "verify"))
    out = run(s["measure"], {"compare_curve": "bn462", "variant": "MinPk"})
    assert (out["variant"], out["public"], out["signature"]) == ("MinPk", 58, 116)
    out = run(s["measure"], {"compare_curve": "bls12_381", "variant": "MinPk"})
    assert (out["variant"], out["public"], out["signature"]) == ("MinPk", 48, 96)


@pytest.mark.parametrize("t,n,cheats,excluded", [
    (2, 4, {3: "bad share"}, [3]),
    (3, 5, {1: "wrong degree", 4: "silent", 5: "bad share, then answers"}, [1, 4]),
])
def test_threshold_page(t, n, cheats, excluded):
    s = sections("threshold.py")
    ns = {"t": t, "n": n, "cheats": cheats, "message": "threshold", "new_t": 2, "new_n": 3}
    dkg = run(s["dkg"], ns)
    assert sorted(dkg["disqualified"]) == excluded
    assert dkg["qualified"] == [i for i in range(1, n + 1) if i not in excluded]
    assert sorted(dkg["commitments"]) == [i for i in range(1, n + 1) if cheats.get(i) != "silent"]
    ns["signers"] = list(range(n, n - t, -1))
    assert run(s["partials"], ns) == {j: True for j in ns["signers"]}
    rec = run(s["recover"], ns)
    assert rec["valid"] is True
    assert MinPk.PoP.verify(bytes.fromhex(dkg["group_key"]), b"threshold", bytes.fromhex(rec["signature"]))
    few = run(s["too-few"], ns)
    assert few["valid"] is False and few["refused"].startswith("TooFewPartialsError")
    re_ = run(s["reshare"], ns)
    assert re_["same_key"] is True and re_["group_key"] == dkg["group_key"] and re_["valid"] is True


@pytest.mark.once  # waits for a round of a real-time beacon; one pass is enough
def test_ibe_page():
    import time

    s = sections("ibe.py")
    ns = {"recipient": "alice@example.com", "plaintext": "meet at noon", "holder": "alice@example.com"}
    mpk = run(s["master"], ns)
    run(s["encrypt"], ns)
    ext = run(s["extract"], ns)
    assert ext["valid_for_holder"] is True
    assert run(s["decrypt"], ns) == "meet at noon"
    ns["holder"] = "bob@example.com"
    run(s["extract"], ns)
    assert run(s["decrypt"], ns).startswith("DecryptionError")
    # the master public key shown is the key the box was made for
    from pybls import G2, ibe
    assert ns["mpk"] == G2.from_bytes(bytes.fromhex(mpk))
    assert ibe.decrypt(ns["master"].extract(b"alice@example.com"), ns["box"]) == b"meet at noon"

    ns["seconds_ahead"] = 3  # time enough, on a loaded machine, to ask too early
    lock = run(s["timelock"], ns)
    assert lock["file"].startswith("-----BEGIN AGE ENCRYPTED FILE-----")
    assert run(s["too-early"], ns).startswith("RoundNotReachedError")
    time.sleep(max(0.0, lock["opens_at"] - time.time()) + 0.05)
    opened = run(s["published"], ns)
    assert opened["valid"] is True and opened["plaintext"] == "meet at noon"


def test_ibe_page_opens_a_drand_file():
    """The file and signature the page offers: a quicknet file from drand's tlock tests."""
    html = (DEMO_PY.parent / "ibe.html").read_text()
    tlock_file = html.split('<textarea id="tlock-file"')[1].split(">", 1)[1].split("</textarea>")[0]
    sig = html.split('id="round-signature"')[1].split('value="')[1].split('"')[0]
    s = sections("ibe.py")
    ns = {"tlock_file": tlock_file, "round_signature": sig}
    assert run(s["paste"], ns) == {"round": 12040883, "chain": "quicknet", "opened": "hello world"}
    ns["round_signature"] = sig[:-2] + "00"
    assert run(s["paste"], ns)["opened"].startswith(("InvalidBeaconError", "DecodeError", "NotOnCurveError"))


def test_console_examples():
    out = {}
    for name, code in sections("console.py").items():
        try:
            out[name] = run(code, {})
        except Exception as e:  # the "errors" example raises on purpose
            out[name] = type(e).__name__
    assert out["threshold"] is True and out["ibe"] == b"hello Bob"
    assert out["errors"] == "NotInSubgroupError"
    # RFC 9380 J.10.1, msg "abc": x = c0 + c1 * u, compressed as c1 || c0
    # with the compression flag 0x80 in the first byte (this point's sign
    # bit is clear)
    c0 = "02c2d18e033b960562aae3cab37a27ce00d80ccd5ba4b7fe0e7a210245129dbec7780ccc7954725f4168aff2787776e6"
    c1 = "139cddbccdc5e91b9623efd38c49f81a6f83f175e80b06fc374de9eb4b41dfe4ca3a230ed250fbe3a2acf73a41177fd8"
    assert out["hash-to-curve"] == "93" + c1[2:] + c0


@pytest.mark.parametrize("curve,cheat", [("bls12_381", True), ("bn254_nogami", False)])
def test_she_page(curve, cheat):
    from pybls import she

    s = sections("she.py")
    ns = {"curve": curve, "n": 12, "yes_share": 0.5, "cheat": cheat, "xs": [3, -1, 4], "ys": [2, 7, -10]}
    auth = run(s["authority"], ns)
    assert she.PublicKey.from_bytes(bytes.fromhex(auth["public_key"]), curve) == ns["sk"].public_key()
    assert run(s["vote"], ns)["ballots"] == 12
    tally = run(s["tally"], ns)
    assert tally["rejected"] == ([12] if cheat else [])
    votes = ns["votes"]
    want = sum(votes[:-1]) if cheat else sum(votes)
    out = run(s["decrypt"], ns)
    assert out["total"] == out["expected"] == want and out["proof_valid"] is True
    # the published tally and proof check with a fresh copy of the public key
    pk = she.PublicKey.from_bytes(bytes.fromhex(auth["public_key"]), curve)
    ct = she.CipherTextG1.from_bytes(bytes.fromhex(tally["tally"]), curve)
    assert pk.verify_decryption(ct, want, she.ZkpDec.from_bytes(bytes.fromhex(out["proof"]), curve))
    assert not pk.verify_decryption(ct, want + 1, she.ZkpDec.from_bytes(bytes.fromhex(out["proof"]), curve))
    inner = run(s["inner"], ns)
    assert inner == {"first_product": 6, "inner_product": 6 - 7 - 40, "expected": -41}
