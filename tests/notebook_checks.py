"""What each example notebook in notebooks/ promises, checked on its outputs.

Used by tests/test_notebooks.py (run natively with nbclient) and by
tests/notebooks/browser_notebooks.py (run in JupyterLite in Chromium): both
hand over the executed notebook as nbformat JSON, and
:func:`problems` lists what is wrong with it (an empty list: all is well).
"""

from __future__ import annotations

import pathlib
import re
from typing import Any, Dict, List

NOTEBOOKS_DIR = pathlib.Path(__file__).resolve().parents[1] / "notebooks"

# Lines each notebook must print, exactly (the results that do not depend on
# random keys or on timing). Every notebook in notebooks/ needs an entry.
EXPECTED_LINES: Dict[str, List[str]] = {
    "01-curve-tour.ipynb": [
        "6 * 7 == 42: True",
        "(-1) mod r == r - 1: True",
        "7 * 7^-1 == 1: True",
        "P + P == 2P == P.double(): True",
        "3P - P == 2P: True",
        "rP is the identity: True",
        "rQ is the identity: True",
        "P is on the curve: True",
        "G1: compressed 48 bytes, uncompressed 96 bytes, round trip: True",
        "G2: compressed 96 bytes, uncompressed 192 bytes, round trip: True",
        # The standard generator's encoding (Zcash serialization format).
        "generator of G1: 97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
        "flags of P: 0x80  flags of the identity: 0xc0",
        "rejected: InvalidFlagsError",
        "rejected: NotInSubgroupError",
        "rejected: InvalidLengthError",
        "H in the subgroup: True",
        "deterministic: True",
        "equals RFC 9380's test vector: True",
        "bilinear: True",
        "non-degenerate: True",
        "e(P, Q)^r == 1: True",
        "e(P, Q) * e(-P, Q) == 1: True",
    ],
    "02-bls-signatures.ipynb": [
        "SecretKey(<hidden>)",
        "signature verifies: True",
        "another message verifies: False",
        "from the bytes alone: True",
        "proof of possession verifies: True",
        "MinSig sizes: public key 96 bytes, signature 48 bytes",
        "8 signatures aggregate into 96 bytes",
        "fast aggregate verifies: True",
        "without one signer: False",
        "aggregate of distinct messages verifies: True",
        "batch verifies: True",
        "batch with a forgery verifies: False",
        "invalid triples: [5]",
    ],
    "03-threshold-signatures.ipynb": [
        "share indices: [1, 2, 3, 4, 5]",
        "every share matches the commitment: True",
        "partials verify: True",
        "recovered signature verifies under the group key: True",
        "parties {2, 4, 5} give the same signature: True",
        "two partials: TooFewPartialsError",
        "batch of partials verifies: False",
        "bad partials from parties: [4]",
        "complaints: [(4, 2)]",
        "qualified dealers: [1, 3, 4, 5]",
        "excluded: {2: 'did not answer the complaints of players [4]'}",
        "every new share matches the public polynomial: True",
        "DKG key: signature from parties {1, 3, 5} verifies: True",
    ],
    "04-ibe-timelock.ipynb": [
        "ciphertext of a 15-byte message: 193 bytes",
        "Alice's key matches the master public key: True",
        "Alice decrypts: b'meet me at noon'",
        "Bob's key: DecryptionError",
        "a tampered ciphertext: DecryptionError",
        "quicknet: a round every 3 s; round 1000 was published at 2023-08-23 15:59:24 UTC",
        "the beacon of round 1000 verifies: True",
        "as the beacon of round 1001: False",
        # drand's published randomness of quicknet round 1000.
        "randomness of round 1000: fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd",
        "-----BEGIN AGE ENCRYPTED FILE-----",
        "locked to quicknet round 1000: True",
        "decrypted with the beacon of round 1000: b'the answer is 42'",
        "too early: RoundNotReachedError",
        "after the wait: b'open after two seconds'",
    ],
    "05-kzg-blobs.ipynb": [
        "<TrustedSetup 4096 G1, 65 G2, precompute=0>",
        "blob: 131072 bytes",
        "commitment: 48 bytes, proof: 48 bytes",
        "blob proof verifies: True",
        "evaluation proof verifies: True",
        "wrong value verifies: False",
        "another proof verifies: False",
        "another blob verifies: False",
        "rejected: NotInSubgroupError",
        "128 cells of 2048 bytes",
        "cell proofs verify: True",
        "recovered from half the cells: True",
    ],
}

# Lines whose values vary (timings, random bytes), by their shape.
EXPECTED_PATTERNS: Dict[str, List[str]] = {
    "01-curve-tour.ipynb": [
        r"e\(aP, bQ\)   = [0-9a-f]{32}\.\.\. \(576 bytes, [0-9.]+ ms\)",
    ],
    "02-bls-signatures.ipynb": [
        r"public key 48 bytes: [0-9a-f]{32}\.\.\.",
        r"signature 96 bytes: [0-9a-f]{32}\.\.\.",
        r"sign +[0-9.]+ ms",
        r"verify +[0-9.]+ ms",
        r"batch verify \(8 triples\) +[0-9.]+ ms",
        r"batch verification is [0-9.]+x faster than 8 single verifies",
    ],
    "03-threshold-signatures.ipynb": [
        r"3-of-5 sharing; group public key [0-9a-f]{32}\.\.\.",
    ],
}

# The first cell says where it runs: "pybls 0.1.0 on emscripten, backend ctypes".
SETUP_LINE = re.compile(r"pybls (\S+) on (\S+), backend (\S+)")


def notebook_names() -> List[str]:
    return sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb"))


def stdout_lines(notebook: Dict[str, Any]) -> List[str]:
    """Every line the code cells printed to stdout, in order."""
    text = ""
    for cell in notebook["cells"]:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream" and out.get("name") == "stdout":
                chunk = out["text"]
                text += "".join(chunk) if isinstance(chunk, list) else chunk
    return text.splitlines()


def problems(name: str, notebook: Dict[str, Any], platform: str) -> List[str]:
    """What is wrong with executed notebook `name` (nbformat JSON) run on
    `platform` (``sys.platform`` of the kernel): unexecuted cells, errors,
    missing or different results."""
    found: List[str] = []
    if name not in EXPECTED_LINES:
        return [f"{name} has no expected outputs in tests/notebook_checks.py"]
    for i, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        if cell.get("execution_count") is None:
            found.append(f"cell {i} was not executed")
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                found.append(f"cell {i} raised {out.get('ename')}: {out.get('evalue')}")
    lines = stdout_lines(notebook)
    setup = [m for m in map(SETUP_LINE.fullmatch, lines) if m]
    if not setup:
        found.append("the first cell did not print which pybls it runs")
    elif setup[0].group(2) != platform:
        found.append(f"ran on {setup[0].group(2)}, expected {platform}")
    for line in EXPECTED_LINES[name]:
        if line not in lines:
            found.append(f"missing output line: {line!r}")
    for pattern in EXPECTED_PATTERNS.get(name, []):
        if not any(re.fullmatch(pattern, line) for line in lines):
            found.append(f"no output line matching {pattern!r}")
    return found
