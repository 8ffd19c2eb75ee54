"""Fuzz targets of the EVM precompiles' input parsers (group ``evm``).

One target per precompile address: arbitrary bytes go to the precompile,
which must return bytes of the EIP's output length or raise
:class:`pybls.evm.PrecompileError`, never anything else. What it returns
must be what the EIP promises, checked through the precompiles themselves:
a returned point is a canonical encoding of a point on the curve (adding
the point at infinity to it gives it back), a pairing check returns 0 or 1
in 32 bytes. ``gas`` prices every input of any length.

Seeds are the vectors the tests run (go-ethereum's bn256 files and
EIP-2537's own files), valid and failing cases both.
"""

from __future__ import annotations

import gzip
import json
import pathlib
from typing import Dict, Iterator, Tuple

from pybls import evm

from fuzz_targets import for_group, target

#: output length of each precompile
OUT_LEN: Dict[int, int] = {
    0x06: 64, 0x07: 64, 0x08: 32,
    0x0B: 128, 0x0C: 128, 0x0D: 256, 0x0E: 256, 0x0F: 32, 0x10: 128, 0x11: 256,
}

#: the addition precompile that takes back a point each precompile returns
ADD_BACK: Dict[int, int] = {
    0x06: 0x06, 0x07: 0x06, 0x0B: 0x0B, 0x0C: 0x0B, 0x0D: 0x0D, 0x0E: 0x0D, 0x10: 0x0B, 0x11: 0x0D,
}


def _check(address: int, data: bytes) -> None:
    cost = evm.gas(address, data)
    assert isinstance(cost, int) and cost >= 0, f"gas {cost!r}"
    out = evm.PRECOMPILES[address](data)
    assert isinstance(out, bytes) and len(out) == OUT_LEN[address], f"output of {len(out)} bytes"
    if address in (0x08, 0x0F):
        assert out in (bytes(31) + b"\x00", bytes(31) + b"\x01"), f"pairing returned {out.hex()}"
        return
    adder = evm.PRECOMPILES[ADD_BACK[address]]
    # infinity is all zeros in both encodings; adding it must not change a
    # canonical point on the curve (and must not raise)
    assert adder(out + bytes(len(out))) == out, f"returned a non-canonical point {out.hex()}"


def _register(address: int) -> None:
    name = f"evm_{evm.NAMES[address].lower()}"

    @target(name, evm.PrecompileError, group="evm")
    def run(data: bytes) -> None:
        _check(address, data)

    run.__doc__ = f"{evm.NAMES[address]} ({address:#04x}) on arbitrary input."


for _address in sorted(evm.PRECOMPILES):
    _register(_address)


_FILES: Dict[str, int] = {
    "bn254/bn256Add.json": 0x06,
    "bn254/bn256ScalarMul.json": 0x07,
    "bn254/bn256Pairing.json": 0x08,
    "eip2537/add_G1_bls.json": 0x0B,
    "eip2537/fail-add_G1_bls.json": 0x0B,
    "eip2537/mul_G1_bls.json": 0x0C,
    "eip2537/fail-msm_G1_bls.json": 0x0C,
    "eip2537/add_G2_bls.json": 0x0D,
    "eip2537/fail-add_G2_bls.json": 0x0D,
    "eip2537/mul_G2_bls.json": 0x0E,
    "eip2537/fail-msm_G2_bls.json": 0x0E,
    "eip2537/pairing_check_bls.json": 0x0F,
    "eip2537/fail-pairing_check_bls.json": 0x0F,
    "eip2537/map_fp_to_G1_bls.json": 0x10,
    "eip2537/fail-map_fp_to_G1_bls.json": 0x10,
    "eip2537/map_fp2_to_G2_bls.json": 0x11,
    "eip2537/fail-map_fp2_to_G2_bls.json": 0x11,
}

#: cases per file: enough to reach every parser branch the vectors name,
#: few enough that the seed replay stays quick under sanitizers
PER_FILE = 6


def _cases(vectors: pathlib.Path) -> Iterator[Tuple[int, bytes]]:
    for rel, address in _FILES.items():
        path = vectors / rel
        text = gzip.decompress(path.read_bytes()).decode() if rel.endswith(".gz") else path.read_text()
        for case in json.loads(text)[:PER_FILE]:
            yield address, bytes.fromhex(case["Input"])


def seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    """The group's seed inputs (group byte first)."""
    for address, data in _cases(vectors):
        yield for_group("evm", f"evm_{evm.NAMES[address].lower()}", data)
