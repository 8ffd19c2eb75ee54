#!/usr/bin/env python3
"""Write pybls/kzg/trusted_setup_mainnet_fk20.bin: the cell-proof table of
the mainnet trusted setup (pybls.kzg._fk20.setup_table), so that the first
compute_cells_and_kzg_proofs need not spend seconds (tens in Pyodide) on
the 64 DFTs of G1 points that make it.

Format: the SHA-256 of the trusted setup file it belongs to (32 bytes),
then 128 x 64 G1 points, compressed (48 bytes each, ZCash encoding),
row t holding DFT(rev s_b)[t] for b = 0..63. pybls uses the file only for
a setup whose text has that hash, and checks every point is on the curve.
Compressed, the file is half the size in the wheel (random coordinates do
not deflate) for one square root per point on first use.

Usage: python build-scripts/gen_kzg_fk20_table.py   (needs pybls built)
"""

import hashlib
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pybls import _lib  # noqa: E402
from pybls.kzg import _fk20 as fk20, trusted_setup  # noqa: E402


def main() -> None:
    text = pathlib.Path(trusted_setup.MAINNET).read_bytes()
    ts = trusted_setup.parse_trusted_setup(text)
    rows = fk20.setup_table(ts)
    out = bytearray(hashlib.sha256(text).digest())
    for row in rows:
        for i in range(0, len(row), 144):
            out += _lib.g1_compress(row[i : i + 144])
    pathlib.Path(trusted_setup.MAINNET_FK20).write_bytes(bytes(out))


if __name__ == "__main__":
    main()
