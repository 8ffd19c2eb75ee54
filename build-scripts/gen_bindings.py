#!/usr/bin/env python3
"""Generate pybls/_lib/_abi.py and pybls/_lib/_functions.pyi from csrc/include/pybls.h.

The header is the single description of the C ABI. This script turns it into
the data both Python bindings need:

* the integer ``#define`` constants (sizes, status codes, flags);
* ``CDEF``: the function declarations, as cffi's ``cdef`` accepts them;
* ``SIGNATURES``: ``name -> (restype, [argtype, ...])`` with argument types
  written ``"u8*"``, ``"const u8*"`` or ``"u32"``, for the ctypes binding;
* ``OUTPUT_SIZES``: for each function whose first parameter is an output
  buffer of fixed size, the number of bytes that buffer must hold;
* ``VARIABLE_OUTPUTS``: for each function whose output length is an argument
  (the second parameter is ``uint32_t out_len`` or ``uint32_t count``), the
  position of that argument after ``out`` and the bytes per unit of it.

Each curve other than BLS12-381 is a library of its own (csrc/manifest.txt)
exporting the groups of functions its manifest entry names, under names that
carry the curve (``pybls_bn254_g1_add``), with sizes scaled to its field
(every size that is a multiple of BLS12-381's 48-byte Fp becomes the same
multiple of the curve's). For those the script also writes
``pybls/_lib/_abi_<curve>.py`` and ``csrc/include/pybls_curve_names.h``, the
macros that give the functions those names when the core is compiled for
that curve. The stub _functions.pyi gives the signature of each function as
pybls._lib binds it (``bytes`` for buffers, ``int`` for ``uint32_t``; the
output buffer is the return value), which pybls/_lib/__init__.py imports
for type checkers only.

Usage::

    python build-scripts/gen_bindings.py           # rewrite the generated files
    python build-scripts/gen_bindings.py --check   # exit 1 if one is stale

The outputs depend only on the header, so re-running it is byte-for-byte
reproducible.
"""

from __future__ import annotations

import argparse
import keyword
import re
import runpy
import sys
from pathlib import Path
from typing import Dict, List, NamedTuple, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
HEADER = ROOT / "csrc" / "include" / "pybls.h"
OUTPUT = ROOT / "pybls" / "_lib" / "_abi.py"
NAMES_HEADER = ROOT / "csrc" / "include" / "pybls_curve_names.h"
MANIFEST = runpy.run_path(str(ROOT / "build-scripts" / "core_manifest.py"))

# The group of functions a name belongs to, for the manifest's `abi` lines:
# by the word after `pybls_` (see abi_group), hashing to the curve wherever
# it appears: `hash` for the byte strings, Fp and G1, `hash_g2` for Fp2 and
# G2 (which a curve may not hash to).
_SECTIONS = {
    "abi": "info", "limb": "info", "cpu": "info",
    "gt": "pairing", "pairing": "pairing", "miller": "pairing", "final": "pairing",
    "expand": "hash", "hash": "hash", "keccak256": "hash",
    "chacha20": "aead", "poly1305": "aead", "aead": "aead",
}
# Sizes that are multiples of the field's bytes (48 on BLS12-381): of its
# internal form (whole limbs) and of its encoding (the fewest bytes that
# hold p), which differ on BN462 (64 and 58).
_FIELD_SIZES = ("PYBLS_FP_SIZE", "PYBLS_G1_SIZE", "PYBLS_G2_SIZE", "PYBLS_GT_SIZE")
_FIELD_ENCODED_SIZES = (
    "PYBLS_FP_BYTES", "PYBLS_G1_COMPRESSED_BYTES", "PYBLS_G1_UNCOMPRESSED_BYTES",
    "PYBLS_G2_COMPRESSED_BYTES", "PYBLS_G2_UNCOMPRESSED_BYTES", "PYBLS_GT_BYTES",
)
_BLS12_381_FP_BYTES = 48
# The same for the scalars (32 on BLS12-381; 48 on BN381_1, whose r has
# 382 bits).
_SCALAR_SIZES = ("PYBLS_SCALAR_SIZE",)
_SCALAR_ENCODED_SIZES = ("PYBLS_SCALAR_BYTES",)
_BLS12_381_FR_BYTES = 32
STUB = ROOT / "pybls" / "_lib" / "_functions.pyi"

# C parameter types and the names the bindings use for them.
_ARG_TYPES = {
    "uint8_t *": "u8*",
    "const uint8_t *": "const u8*",
    "uint32_t": "u32",
}

# Size of a plain `out` buffer, by the function's group (the word after
# `pybls_`). Buffers whose size differs carry it in their name (`out48`).
_GROUP_OUTPUT = {
    "scalar": "PYBLS_SCALAR_SIZE",
    "fr": "PYBLS_SCALAR_SIZE",
    "fp": "PYBLS_FP_SIZE",
    "g1": "PYBLS_G1_SIZE",
    "g2": "PYBLS_G2_SIZE",
    "gt": "PYBLS_GT_SIZE",
    "pairing": "PYBLS_GT_SIZE",
    "miller": "PYBLS_GT_SIZE",
    "final": "PYBLS_GT_SIZE",
}

_DEFINE = re.compile(r"^\s*#\s*define\s+(PYBLS_[A-Z0-9_]+)\s+(-?(?:0x[0-9A-Fa-f]+|\d+))\s*(?:/\*(.*?)\*/)?\s*$")
_DECL = re.compile(r"^\s*int\s+(pybls_[a-z0-9_]+)\s*\((.*)\)\s*;\s*$")
_PARAM = re.compile(r"^(const\s+)?(uint8_t|uint32_t)\s*(\*)?\s*([A-Za-z_][A-Za-z0-9_]*)$")


class Constant(NamedTuple):
    name: str
    value: int
    comment: str


class Function(NamedTuple):
    name: str
    declaration: str
    params: List[Tuple[str, str]]  # (binding type, parameter name)


class HeaderError(Exception):
    """The header does not follow the one-line declaration convention."""


def _strip_block_comments(text: str) -> str:
    # Keep line structure so error messages can cite line numbers.
    return re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)


def parse_header(text: str) -> Tuple[List[Constant], List[Function]]:
    """Return the integer constants and the function declarations of `text`."""
    constants: List[Constant] = []
    for line in text.splitlines():
        m = _DEFINE.match(line)
        if m:
            comment = (m.group(3) or "").strip()
            constants.append(Constant(m.group(1), int(m.group(2), 0), comment))

    functions: List[Function] = []
    for lineno, line in enumerate(_strip_block_comments(text).splitlines(), 1):
        line = line.split("//", 1)[0].strip()
        if not line or line.startswith("#") or line in ("{", "}"):
            continue
        if "pybls_" not in line:
            continue
        m = _DECL.match(line)
        if not m:
            raise HeaderError(f"pybls.h:{lineno}: not a one-line `int pybls_name(args);` declaration: {line!r}")
        name, args = m.group(1), m.group(2).strip()
        params: List[Tuple[str, str]] = []
        if args != "void":
            for raw in args.split(","):
                pm = _PARAM.match(raw.strip())
                if not pm:
                    raise HeaderError(f"pybls.h:{lineno}: unsupported parameter {raw.strip()!r} in {name}")
                const, base, star, pname = pm.groups()
                ctype = ("const " if const else "") + base + (" *" if star else "")
                if ctype not in _ARG_TYPES:
                    raise HeaderError(f"pybls.h:{lineno}: unsupported parameter type {ctype!r} in {name}")
                params.append((_ARG_TYPES[ctype], pname))
        functions.append(Function(name, re.sub(r"\s+", " ", line), params))
    if not functions:
        raise HeaderError("pybls.h declares no functions")
    return constants, functions


# Bytes per element of a `count`-sized output, by the function name's last
# word; for other names, one internal element of the function's group.
_COUNT_UNIT = {"fp": "PYBLS_FP_SIZE", "fp2": "2*PYBLS_FP_SIZE"}


def abi_group(short: str) -> str:
    """The manifest's group of the function pybls_<short>."""
    word = short.split("_", 1)[0]
    if short.endswith("_mcl"):  # mcl's own hashing, on mcl's curves only
        return "mcl"
    section = "hash" if "_to_curve" in short else _SECTIONS.get(word, word)
    if section == "hash" and (word == "g2" or short.startswith("hash_to_field_fp2")):
        return "hash_g2"
    return section


def variable_output(fn: Function, constants: Dict[str, int], prefix: str = "pybls_") -> Optional[Tuple[int, int]]:
    """(position of the length argument after `out`, bytes per unit), or None if fixed."""
    if len(fn.params) < 2 or fn.params[1] not in (("u32", "out_len"), ("u32", "count")):
        return None
    if fn.params[1][1] == "out_len":
        return 0, 1
    # The element's word: the last one, before an expander's name.
    suffix = fn.name.removesuffix("_keccak256").rsplit("_", 1)[1]
    group = fn.name[len(prefix):].split("_", 1)[0]
    unit = _COUNT_UNIT.get(suffix) or _GROUP_OUTPUT.get(group)
    if unit is None:
        raise HeaderError(f"{fn.name}: cannot tell the element size of `count`; extend _COUNT_UNIT")
    factor, _, name = unit.rpartition("*")
    return 0, int(factor or 1) * constants[name]


def output_size(fn: Function, constants: Dict[str, int], prefix: str = "pybls_") -> int:
    """Bytes needed by the fixed-size output buffer that is `fn`'s first parameter."""
    pname = fn.params[0][1]
    m = re.fullmatch(r"out(\d*)", pname)
    if not m:
        raise HeaderError(f"{fn.name}: first writable parameter {pname!r} is not named out/outN")
    group = fn.name[len(prefix):].split("_", 1)[0]
    if m.group(1):
        n = int(m.group(1))
        if group == "scalar" and n == _BLS12_381_FR_BYTES:
            return constants["PYBLS_SCALAR_BYTES"]  # a scalar's encoding
        # outN names BLS12-381's size; G2's and GT's scale with their
        # encodings (their fields' degrees differ on BLS48 curves), other
        # multiples of its Fp with the field.
        if group == "g2" and n % 96 == 0:
            return n // 96 * constants["PYBLS_G2_COMPRESSED_BYTES"]
        if group == "gt" and n % 576 == 0:
            return n // 576 * constants["PYBLS_GT_BYTES"]
        fp_bytes = constants["PYBLS_FP_BYTES"]
        return n // _BLS12_381_FP_BYTES * fp_bytes if n % _BLS12_381_FP_BYTES == 0 else n
    if group not in _GROUP_OUTPUT:
        raise HeaderError(f"{fn.name}: cannot tell the size of `out`; name it outN or extend _GROUP_OUTPUT")
    return constants[_GROUP_OUTPUT[group]]


def render(constants: List[Constant], functions: List[Function], curve: str = "") -> str:
    """The text of _abi.py (of _abi_<curve>.py for another curve than BLS12-381)."""
    values = {c.name: c.value for c in constants}
    prefix = f"pybls_{curve}_" if curve else "pybls_"
    title = f"The C ABI of the pybls core for {curve}" if curve else "The C ABI of the pybls core"
    out: List[str] = [
        "# Generated by build-scripts/gen_bindings.py from csrc/include/pybls.h; do not edit.",
        "# Regenerate with: python build-scripts/gen_bindings.py",
        f'"""{title}, as data for the cffi and ctypes bindings."""',
        "",
        "from typing import Dict, List, Tuple",
        "",
    ]
    if curve:
        out += [f"PREFIX = {prefix!r}", ""]
    for c in constants:
        line = f"{c.name} = {c.value}"
        if c.comment:
            line += f"  # {c.comment}"
        out.append(line)
    out += ["", "# Function declarations for cffi's cdef.", 'CDEF = """\\']
    out += [fn.declaration for fn in functions]
    out += ['"""', "", "# name -> (restype, argtypes); argtypes are 'u8*', 'const u8*' or 'u32'."]
    out += ["SIGNATURES: Dict[str, Tuple[str, List[str]]] = {"]
    for fn in functions:
        argtypes = ", ".join(repr(t) for t, _ in fn.params)
        out.append(f"    {fn.name!r}: ('int', [{argtypes}]),")
    writers = [fn for fn in functions if fn.params and fn.params[0][0] == "u8*"]
    variable = {fn.name: variable_output(fn, values, prefix) for fn in writers}
    out += ["}", "", "# name -> size in bytes of the output buffer passed as the first argument."]
    out += ["OUTPUT_SIZES: Dict[str, int] = {"]
    for fn in writers:
        if variable[fn.name] is None:
            out.append(f"    {fn.name!r}: {output_size(fn, values, prefix)},")
    out += ["}", "", "# name -> (position of the size argument after `out`, bytes per unit of it)."]
    out += ["VARIABLE_OUTPUTS: Dict[str, Tuple[int, int]] = {"]
    for fn in writers:
        size = variable[fn.name]
        if size is not None:
            out.append(f"    {fn.name!r}: {size!r},")
    out += ["}", ""]
    return "\n".join(out)


# The Python types of the bound functions' arguments; `u8*` after `out` is
# the scratch buffer of the *_msm and *_sum functions, made by scratch().
_STUB_TYPES = {"const u8*": "bytes", "u32": "int", "u8*": "Scratch"}

# Functions pybls/_lib/__init__.py calls once at import instead of
# exporting them (limb_bits and abi_version become ints).
_NOT_EXPORTED = ("pybls_abi_version", "pybls_limb_bits", "pybls_cpu_supported", "pybls_cpu_adx")


def render_stub(functions: List[Function]) -> str:
    """The text of _functions.pyi."""
    exported = [fn for fn in functions if fn.name not in _NOT_EXPORTED]
    out: List[str] = [
        "# Generated by build-scripts/gen_bindings.py from csrc/include/pybls.h; do not edit.",
        "# Regenerate with: python build-scripts/gen_bindings.py",
        '"""The C functions as pybls._lib binds them, for type checkers (a stub only).',
        "",
        "Each ``pybls_NAME`` is ``NAME``: functions with an output buffer take the",
        "arguments after it and return the output as bytes; the others return the C int.",
        '"""',
        "",
        "__all__ = [",
    ]
    out += [f'    "{fn.name[len("pybls_"):]}",' for fn in exported]
    out += [
        "]",
        "",
        "class Scratch:",
        '    """The writable buffer made by pybls._lib.scratch() (a cffi or ctypes object)."""',
        "",
    ]
    for fn in exported:
        params = fn.params[1:] if fn.params and fn.params[0][0] == "u8*" else fn.params
        args = [f"{pname + '_' if keyword.iskeyword(pname) else pname}: {_STUB_TYPES[t]}" for t, pname in params]
        if args:
            args.append("/")
        result = "int" if params is fn.params else "bytes"
        out.append(f"def {fn.name[len('pybls_'):]}({', '.join(args)}) -> {result}: ...")
    out.append("")
    return "\n".join(out)


# Groups a curve's library exports only when its manifest names them: not
# part of "all" (BLS12-381's library).
_CURVE_ONLY_GROUPS = {"mcl"}


def default_abi(functions: List[Function]) -> List[Function]:
    """The functions of the default library (BLS12-381's, `abi all`)."""
    return [fn for fn in functions if abi_group(fn.name[len("pybls_"):]) not in _CURVE_ONLY_GROUPS]


def generate(header: Path = HEADER) -> str:
    constants, functions = parse_header(header.read_text(encoding="utf-8"))
    return render(constants, default_abi(functions))


def generate_stub(header: Path = HEADER) -> str:
    return render_stub(parse_header(header.read_text(encoding="utf-8"))[1])


def _curve_param(curve: str, name: str) -> int:
    params = (ROOT / "csrc" / "curves" / curve / "params.h").read_text(encoding="utf-8")
    m = re.search(rf"^#define {name} (\d+)$", params, re.M)
    if not m:
        raise HeaderError(f"csrc/curves/{curve}/params.h defines no {name}")
    return int(m.group(1))


def curve_abi(curve: str, constants: List[Constant], functions: List[Function]) -> Tuple[List[Constant], List[Function]]:
    """The constants and functions of `curve`'s library: its manifest groups,
    renamed pybls_<curve>_*, with the sizes of its Fp and Fr."""
    groups = MANIFEST["abi_groups"](str(ROOT), curve)
    known = set(_SECTIONS.values()) | {"scalar", "fp", "g1", "g2", "hash_g2"} | _CURVE_ONLY_GROUPS
    unknown = [g for g in groups if g not in known]
    if unknown:
        raise HeaderError(f"csrc/manifest.txt: library {curve}: unknown abi groups {unknown}")
    per_unit = {
        _FIELD_SIZES: (_BLS12_381_FP_BYTES, _curve_param(curve, "CURVE_FP_BITS") // 8),
        _FIELD_ENCODED_SIZES: (_BLS12_381_FP_BYTES, _curve_param(curve, "CURVE_FP_BYTES")),
        _SCALAR_SIZES: (_BLS12_381_FR_BYTES, _curve_param(curve, "CURVE_FR_BITS") // 8),
        _SCALAR_ENCODED_SIZES: (_BLS12_381_FR_BYTES, _curve_param(curve, "CURVE_FR_BYTES")),
    }

    # G2's coordinates and GT lie in extensions of degree 2 and 12 on
    # BLS12-381, 8 and 48 on BLS48 curves.
    degree = {
        "PYBLS_G2": (2, _curve_param(curve, "CURVE_G2_DEGREE")),
        "PYBLS_GT": (12, _curve_param(curve, "CURVE_GT_DEGREE")),
    }

    def scale(c: Constant) -> Constant:
        for names, (theirs, ours) in per_unit.items():
            if c.name in names:
                value = c.value // theirs * ours
                for group, (their_degree, our_degree) in degree.items():
                    if c.name.startswith(group + "_"):
                        value = value // their_degree * our_degree
                return c._replace(value=value)
        return c

    scaled = [scale(c) for c in constants]
    prefix = f"pybls_{curve}_"
    chosen = []
    for fn in functions:
        short = fn.name[len("pybls_"):]
        if abi_group(short) in groups:
            chosen.append(Function(prefix + short, fn.declaration.replace(fn.name, prefix + short, 1), fn.params))
    return scaled, chosen


def other_curves() -> List[str]:
    return [c for c in MANIFEST["libraries"](str(ROOT)) if c != "bls12_381"]


def render_names(header: Path = HEADER) -> str:
    """csrc/include/pybls_curve_names.h: each curve's names for the functions."""
    _, functions = parse_header(header.read_text(encoding="utf-8"))
    out = [
        "/* Generated by build-scripts/gen_bindings.py from csrc/include/pybls.h and",
        " * csrc/manifest.txt; do not edit. A library of another curve than BLS12-381",
        " * exports the functions of pybls.h with the curve in their names. */",
        "#ifndef PYBLS_CURVE_NAMES_H",
        "#define PYBLS_CURVE_NAMES_H",
    ]
    for i, curve in enumerate(other_curves()):
        out.append(f"{'#if' if i == 0 else '#elif'} defined(PYBLS_CURVE_{curve.upper()})")
        for fn in functions:
            out.append(f"#define {fn.name} pybls_{curve}_{fn.name[len('pybls_'):]}")
    if other_curves():
        out.append("#endif")
    out += ["#endif /* PYBLS_CURVE_NAMES_H */", ""]
    return "\n".join(out)


def outputs(header: Path = HEADER, output: Path = OUTPUT) -> Dict[Path, str]:
    constants, functions = parse_header(header.read_text(encoding="utf-8"))
    out = {output: render(constants, default_abi(functions)), NAMES_HEADER: render_names(header)}
    for curve in other_curves():
        out[output.with_name(f"_abi_{curve}.py")] = render(*curve_abi(curve, constants, functions), curve=curve)
    return out


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if an output file is not up to date")
    ap.add_argument("--header", type=Path, default=HEADER)
    ap.add_argument("--output", type=Path, default=OUTPUT)
    ap.add_argument("--stub", type=Path, default=STUB)
    args = ap.parse_args(argv)
    try:
        texts = outputs(args.header, args.output)
        texts[args.stub] = generate_stub(args.header)
    except HeaderError as e:
        print(f"gen_bindings: {e}", file=sys.stderr)
        return 2
    stale = False
    for path, text in texts.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            print(f"gen_bindings: {path} is stale; run python build-scripts/gen_bindings.py", file=sys.stderr)
            stale = True
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
