#!/usr/bin/env python3
"""Identity-based encryption benchmark: pybls.ibe and pybls.aead, natively.

Rows, for both orientations (MinSig: master public key in G2, drand
quicknet's layout; MinPk: in G1): key extraction, FullIdent encryption and
decryption of a 16-byte key (what tlock does per file), hybrid encryption
and decryption of a 1 MB message, the IBE layer of a real drand quicknet
tlock ciphertext, and ChaCha20-Poly1305 on 1 MB next to the `cryptography`
package (OpenSSL) when it is installed. Every peer's output is checked
against pybls's before timing. Prints a table and writes JSON to
benchmarks/results/ibe.json.

The module is importable: ``build(inputs, args)`` returns the ``Bench``
rows, each holding one callable per library in ``LIBRARIES``, so other
scripts can add rows or libraries and reuse ``run``.

Usage:
    python benchmarks/bench_ibe.py [--quick] [--json PATH] [--only SUBSTR]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import sys
from typing import Any, Callable, Dict, List, Optional

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

import pybls  # noqa: E402
from bench_native import fmt_ns, measure  # noqa: E402
from pybls import G1, aead, ibe  # noqa: E402

try:
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305 as _OpenSSLChaCha
    CRYPTOGRAPHY_ERROR = ""
except Exception as e:  # pragma: no cover - optional peer
    _OpenSSLChaCha = None
    CRYPTOGRAPHY_ERROR = str(e)

LIBRARIES: List[str] = ["pybls", "cryptography"]
MB = 1 << 20
VECTORS = pathlib.Path(os.environ.get("PYBLS_VECTORS") or HERE.parent.parent / "shared" / "vectors")


class Bench:
    """One row: an operation and, per library, the callable that performs it."""

    def __init__(self, op: str, note: str = "") -> None:
        self.op, self.note = op, note
        self.impls: Dict[str, Callable[[], Any]] = {}
        self.checks: Dict[str, Callable[[], bool]] = {}

    def add(self, lib: str, fn: Callable[[], Any], check: Callable[[], bool] = lambda: True) -> None:
        self.impls[lib], self.checks[lib] = fn, check


class Inputs:
    """Keys, ciphertexts and messages shared by the rows."""

    def __init__(self) -> None:
        self.masters = {v.name: ibe.MasterKey.generate(v) for v in (ibe.MinSig, ibe.MinPk)}
        self.mpks = {n: m.public_key() for n, m in self.masters.items()}
        self.identity = b"alice@example.com"
        self.keys = {n: m.extract(self.identity) for n, m in self.masters.items()}
        self.key16 = os.urandom(16)
        self.bf = {n: ibe.bf_encrypt(self.mpks[n], getattr(ibe, n).hash_identity(self.identity), self.key16)
                   for n in self.masters}
        self.big = os.urandom(MB)
        self.boxes = {n: ibe.encrypt(self.mpks[n], self.identity, self.big) for n in self.masters}
        self.aead_key, self.nonce = os.urandom(32), os.urandom(12)
        self.sealed = aead.chacha20poly1305_encrypt(self.aead_key, self.nonce, self.big)
        self.tlock = _quicknet_vector()


def _quicknet_vector() -> Optional[Dict[str, Any]]:
    """A decryptable drand quicknet tlock vector's IBE layer, if the vectors are here."""
    path = VECTORS / "drand" / "tlock_vectors.json"
    if not path.is_file():
        return None
    doc = json.loads(path.read_text(encoding="utf-8"))
    for v in doc["vectors"]:
        if v["chain"] == "quicknet" and v.get("signature"):
            return {
                "ct": ibe.Ciphertext.from_bytes(bytes.fromhex(v["ibe_body_hex"])),
                "sig": G1.from_bytes(bytes.fromhex(v["signature"])),
                "plaintext": bytes.fromhex(v["derived"]["ibe_plaintext"]),
                "round": int(v["round"]),
            }
    return None


def build(inp: Inputs, args: argparse.Namespace) -> List[Bench]:
    benches: List[Bench] = []
    for name in ("MinSig", "MinPk"):
        variant = getattr(ibe, name)
        master, mpk, key = inp.masters[name], inp.mpks[name], inp.keys[name]
        groups = f"mpk in {variant.key_group.__name__}"

        b = Bench(f"extract ({name})", f"hash the identity to {variant.id_group.__name__}, one constant-time mul")
        b.add("pybls", lambda m=master: m.extract(inp.identity))
        benches.append(b)

        q_id = variant.hash_identity(inp.identity)
        b = Bench(f"encrypt 16-byte key ({name})", f"bf_encrypt, {groups}: H3, two muls, one pairing")
        b.add("pybls", lambda mpk=mpk, q=q_id: ibe.bf_encrypt(mpk, q, inp.key16))
        benches.append(b)

        b = Bench(f"decrypt 16-byte key ({name})", "bf_decrypt: one pairing, H3, one mul (FO check)")
        b.add("pybls", lambda k=key.point, ct=inp.bf[name]: ibe.bf_decrypt(k, ct),
              check=lambda k=key.point, ct=inp.bf[name]: ibe.bf_decrypt(k, ct) == inp.key16)
        benches.append(b)

        b = Bench(f"encrypt 1 MB hybrid ({name})", "encrypt(): identity hash, FullIdent of a 32-byte key, "
                  "HKDF, ChaCha20-Poly1305")
        b.add("pybls", lambda mpk=mpk: ibe.encrypt(mpk, inp.identity, inp.big))
        benches.append(b)

        b = Bench(f"decrypt 1 MB hybrid ({name})", "decrypt(): FullIdent, HKDF, ChaCha20-Poly1305 open")
        b.add("pybls", lambda k=key, box=inp.boxes[name]: ibe.decrypt(k, box),
              check=lambda k=key, box=inp.boxes[name]: ibe.decrypt(k, box) == inp.big)
        benches.append(b)

    if inp.tlock is not None:
        t = inp.tlock
        b = Bench("tlock IBE layer, quicknet vector", f"bf_decrypt of round {t['round']} with its beacon")
        b.add("pybls", lambda: ibe.bf_decrypt(t["sig"], t["ct"]),
              check=lambda: ibe.bf_decrypt(t["sig"], t["ct"]) == t["plaintext"])
        benches.append(b)

    # (row, note, pybls function, cryptography method name, input, expected output)
    aead_rows = [
        ("seal", "RFC 8439 AEAD, portable C (no SIMD) vs OpenSSL", aead.chacha20poly1305_encrypt, "encrypt",
         inp.big, inp.sealed),
        ("open", "tag check and decryption", aead.chacha20poly1305_decrypt, "decrypt", inp.sealed, inp.big),
    ]
    for what, note, ours, theirs, data, expected in aead_rows:
        b = Bench(f"ChaCha20-Poly1305 {what} 1 MB", note)
        b.add("pybls", lambda f=ours, d=data: f(inp.aead_key, inp.nonce, d),
              check=lambda f=ours, d=data, e=expected: f(inp.aead_key, inp.nonce, d) == e)
        if _OpenSSLChaCha is not None:
            method = getattr(_OpenSSLChaCha(inp.aead_key), theirs)
            b.add("cryptography", lambda m=method, d=data: m(inp.nonce, d, None),
                  check=lambda m=method, d=data, e=expected: m(inp.nonce, d, None) == e)
        benches.append(b)
    return benches


def run(benches: List[Bench], runs: int, target: int) -> "tuple[List[Dict[str, Any]], List[Any]]":
    """Time every row (checking each library's result first); results and table rows."""
    results, rows = [], []
    for bench in benches:
        row: Dict[str, Optional[float]] = {lib: None for lib in LIBRARIES}
        for lib, fn in bench.impls.items():
            if not bench.checks[lib]():
                raise SystemExit(f"{lib} gives a wrong result for {bench.op}")
            m = measure(fn, runs, target)
            row[lib] = m["median_ns"]
            results.append({"op": bench.op, "library": lib, "note": bench.note if lib == "pybls" else "", **m})
            print(f"  {bench.op:<40} {lib:<14} {fmt_ns(m['median_ns']):>10}", file=sys.stderr)
        rows.append((bench.op, row))
    return results, rows


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    ap.add_argument("--json", default=str(HERE / "results" / "ibe.json"))
    ap.add_argument("--only", default="")
    args = ap.parse_args(argv)
    runs, target = (3, 100_000_000) if args.quick else (7, 400_000_000)

    print(f"pybls {pybls.__version__}, backend {pybls.backend()} ({pybls._lib.limb_bits}-bit limbs)")
    if CRYPTOGRAPHY_ERROR:
        print(f"cryptography: not available ({CRYPTOGRAPHY_ERROR})")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; median of {runs} runs")
    inp = Inputs()
    if inp.tlock is None:
        print(f"tlock vectors not found under {VECTORS}; skipping that row (set PYBLS_VECTORS)")
    benches = [b for b in build(inp, args) if args.only in b.op]
    results, rows = run(benches, runs, target)

    header = f"{'operation':<40}" + "".join(f"{lib:>15}" for lib in LIBRARIES)
    print(header)
    print("-" * len(header))
    for op, row in rows:
        print(f"{op:<40}" + "".join(f"{fmt_ns(row[lib]):>15}" for lib in LIBRARIES))
    print("\nWhat each row measures:")
    for bench in benches:
        if bench.note:
            print(f"  {bench.op}: {bench.note}")

    out = pathlib.Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        from importlib.metadata import version

        crypto_version: Optional[str] = version("cryptography")
    except Exception:
        crypto_version = None
    doc = {
        "meta": {
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "pybls": pybls.__version__, "backend": pybls.backend(), "limb_bits": pybls._lib.limb_bits,
            "versions": {"cryptography": crypto_version}, "quick": args.quick, "runs": runs,
            "timer": "time.perf_counter_ns, median of per-call times over runs",
        },
        "results": results,
    }
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
