"""The constant-time Legendre symbol of Fp (fp_is_square), checked against
Euler's criterion in Python's integers, pow(x, (p - 1) // 2, p), on every
curve with both limb widths.

tests/legendre_check.c is linked to each curve's library and driven line by
line. The values cover the edges (0, 1, p - 1, (p +- 1) / 2), powers of two
and their neighbours (long runs of equal bits through the binary GCD),
squares and non-residues times squares, small values and random ones, and
for each curve inputs that take the batched GCD's rarer paths (RARE_PATHS)."""

import pathlib
import random

import pytest
from c_tools import CURVE_WIDTH_IDS, CURVE_WIDTHS, FieldTool, curve_tool

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "legendre_check.c"

# Inputs found by searching values near p, p / 2, p / 3, 2^k: for each
# curve, ones whose batch ends with x < 0 and y = 3 mod 4 (the (-1 / y)
# flip), ones ending with y < 0, and those that took the most batches to
# reach y = 1 (at most 82% of the batches run; after y = 1 nothing changes
# the answer) and x = 0. Random values almost never take the first two
# paths.
RARE_PATHS = {
    "bls12_381": [
        0x7ffffffffffffffffffffffffffffffffffffffffffffffffffff80db1e6ab2d5e1d71d82702f45b05a729e567663ba,
        0x800000000000000000000000ab20777c277a41d82a1c9404964b77f9800d6325dde137f89ca0a628399392c1758de60,
        0x6b9145fe52e18a7a57b2692eee9c058d980c2a90859ac73d9ee,
        0x53369fba51994854238bb2473dbef5e474b0f1a971a9d597b09c3b9caf0313a3c3c362ac1923371ea74f64258b4be27,
        0x53369fba51994854238bb2473dbef5e474b0f1a971a9d597b09c3b9caf0313a6c88cccdaeff73ca4f307bbc228281f7,
        0xd0088f51cbff34d258dd3db21a5d66bb23ba5c279c2895fb40e171461abbfbdb3e35d60cc0429a39bfad4db35d51cef,
        0xd0088f51cbff34d258dd3db21a5d66bb23ba5c279c2895fb39869507b587b1206afa5f14142b46b45a27cb18b3e7ccb,
    ],
    "bn254": [
        0x3021422641668b9d089980bb2e673d2703c601b7d6,
        0x30644e72e131a029b85045b68181585d97816a916871ca8c6079e3fb6216e693,
        0x2042def740cbc01bd03583cf0100e593ba56470b9af66ee89e54891994aead52,
        0x9ada94a2d09ecd524dcdabe19e6ab45eb19e21d14e38ee90c0680b6dc1e6ddb,
        0x10216f7ba065e00de81ac1e780822a134ba565357be382d99de05be097e47bdd,
        0x1000000000000000000000000000000000000000000000496b46e12ce1d3b068,
        0x2042def740d89a10c0d79c893738ec54f62ecd38b6e4161f5755dc301f091341,
    ],
    "bn254_nogami": [
        0xc612180c00000009366c47ffffe5647bf94535e129c5b488d0c172906676ad1,
        0x26b9461424b3c,
        0x2523648240000001ba344d800000000860fe3030f03002d45f283e060297d093,
        0x18c243018000000126cd890000000005961600000000000931f83c0304138c3a,
        0xc612180c00000009366c47ff9d4834bd63e3a8dea84278dd93acfbc04ab7fd5,
        0x1291b24120000000dd1a26c00000000402c616e2843b4c2da213ac7388374104,
    ],
    "bn381": [
        0xc000cc0051480e64c0f4b0c90007b5891e6c8b9c35f9cf513cb8342307b986a73a473db1cdb99bdb5b997d07c3da701,
        0xc000cc0051480e64c0f4b0c9000791ed01ca1d51933fbf1d9abe8ff8478d0cb9b47de6cb97a6da6d7ba53c5b6fd8101,
        0xdf039959ef1dbb190ccff679091ab127d1fc766d9df284cd36c53835c503fb264a5987163f5,
        0x240026400f3d82b2e42de125b00158405b710818abffec64cee1a80b6be6a62e266e1566476cb42fb7c9e7a189419de7,
        0x240026400f3d82b2e42de125b00158405b710818abfee360a954eac510fb28ca7a4ba4c753c4c78f4c4cb88f1cd47997,
        0x1fffffffffffffffffffffffffffffffffffffffffffffffffffffaa3e9ec8b2bf22672bba8fdd8c5c9a9ab52ccb5ae6,
        0x9aa8b9b87c11137c9082e2e2e6764fd77ab33d69b3e1e315a55db6ab1437c93b8ba41d111938fc852d70f63e89acb1b,
    ],
    "bn462": [
        0x73419a466a0007333333333316635caf191f3286666666666912a939e34f3134bcbb7413211c4e853469fb4d92fcfa8ca79a191c3dab0f4cfdf,
        0x201d608126694b1f5cd9b4016e2b32d7fddb2f176c5ca88b83ef035eb3d2237daca20a22f9efb9f80e3e0b,
        0x240480360120023ffffffffff6ff0cf6b7d9bfca0000000000d812908f41c8020ffffffffff6ff66fc6ff687f6400000000023feecdad0d77397,
        0x73419a466a000726fbb91420d22b5fc62f315cfd37f77950787caeb99d81ad7d6e8d4a6489ced9a6c2076625f680c1db644fe18e90eaf44444f,
        0x1803002400c0017ffffffffff9ff5d3da5a733ededed9861bad0b82769c1ec5abee58faaee11ddc069be58ced3b38755cdad1129b3f1d5e5d52a,
        0x1803002400c0017ffffffffff9ff5df9cfe67fdbffffeee72eb003ee38133496666094a584c952a1f819f770781e98c9ec1ce9b9725849d7ccbc,
    ],
    "bls48_581": [
        0x1280f73ff3476f313824e31d47012a0056e84f8d122131bb3be6c0f1f3975444a48ae43af6e082acd9cd30394f4736daef17cc2e1b5910f5738bca72d3e8d98f005d9817d3cbe26ded,
        0x1280f73ff3476f313824e31d46feff801bd101852dae09039576ceff17abf191692b2cd61b1ea96b7d0e4068ca8dba7cf2038774f61030fd0bb008367e4d894aa7d43c461064d066eb,
        0xc55fa2aa22f9f76256decbe2f561c0039f035089f23557a8e59dfe96eb4b1d0258dd003a64ae6bdff2db0094b58061d7b18b6d90eeb5605b264bd188f88d5f06e4deeebd0c74cd8b1,
        0x1280f73ff3476f313824e31d47012a0056e84f8d122131bb3bd863be5f082dd072e649bbea94c0365c8037e9be79e2a16a3ea8c813a85809540d1142234010ea7b02bbade4f29fc941,
        0x62afd155117cfbb12b6f65f17ab0e001cf81a845b6065e9144c175abd7f7f8b1a39114d27c90ac66a1bcdaaf566321e7c178e4a7e98d323a4300508faeea575874d5f4fd0692bf82d,
        0x9407b9ff9a3b7989c12718ea38095002b7427c6891098dd9df36078f9cbaa225245721d7b7041566ce6981ca7a39b6d7b41b3d2a898b87705413ffbbbe5530556da43cb9578b664c0,
    ],
}


class Tool(FieldTool):
    def is_square(self, values):
        return [o == "1" for o in self.run(*(f"sq {v.to_bytes(self.nbytes, 'big').hex()}" for v in values))]


@pytest.fixture(scope="module", params=CURVE_WIDTHS, ids=CURVE_WIDTH_IDS)
def tool(request, tmp_path_factory):
    return curve_tool(request, tmp_path_factory, SOURCE, lambda exe, curve: Tool(exe))


def _euler(x, p):
    """RFC 9380's is_square: x^((p - 1) / 2) is 0 or 1."""
    return pow(x, (p - 1) // 2, p) in (0, 1)


def _non_residue(p):
    return next(n for n in range(2, 1000) if not _euler(n, p))


def _values(p, rng):
    vals = [0, 1, 2, 3, p - 1, p - 2, (p - 1) // 2, (p + 1) // 2]
    for k in range(1, p.bit_length()):
        vals += [(1 << k) - 1, 1 << k, (1 << k) + 1]
    vals += list(range(1, 201))
    n = _non_residue(p)
    for _ in range(200):
        x = rng.randrange(1, p)
        vals += [x * x % p, n * x * x % p]
    vals += [rng.randrange(p) for _ in range(2000)]
    return [v % p for v in vals]


def test_against_euler(tool):
    rng = random.Random(f"fp_is_square {tool.p}")
    vals = _values(tool.p, rng) + RARE_PATHS[tool.curve]
    got = tool.is_square(vals)
    bad = [v for v, g in zip(vals, got) if g != _euler(v, tool.p)]
    assert not bad, f"{len(bad)} wrong, first {bad[:3]}"


def test_both_answers_seen(tool):
    """Non-residues exist and are told apart (a constant answer would pass
    neither half)."""
    p = tool.p
    n = _non_residue(p)
    assert tool.is_square([4, n, n * 4 % p, 0]) == [True, False, False, True]
