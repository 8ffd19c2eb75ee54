"""The (curve, variant) pairs that have BLS signatures: every curve of
pybls.curves.CURVES with each variant whose signature group the curve
hashes to (its HASH_SUITES), as pytest parameters "curve-variant".

SLOW_CURVES pair in a tenth of a second or more: the scheme tests run fewer
cases on them (one scheme of each variant rather than three), since the
code above the pairing is the same on every curve."""

import pytest

from pybls import curves

#: The group of the signatures of each variant.
SIGNATURE_GROUP = {"MinPk": "G2", "MinSig": "G1"}


#: Curves whose pairing is slow (BLS48-581's takes about 0.1 s).
SLOW_CURVES = frozenset({"bls48_581"})


def sig_cases(slow=True):
    """The pairs; without the SLOW_CURVES' if `slow` is false."""
    out = []
    for key in curves.CURVES:
        module = curves.CURVES[key]
        if key in SLOW_CURVES and not slow:
            continue
        for variant, group in SIGNATURE_GROUP.items():
            if group in module.HASH_SUITES:
                out.append(pytest.param(key, variant, id=f"{key}-{variant}"))
    return out
