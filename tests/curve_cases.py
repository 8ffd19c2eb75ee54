"""The (curve, variant) pairs that have BLS signatures: every curve of
pybls.curves.CURVES with each variant whose signature group the curve
hashes to (its HASH_SUITES), as pytest parameters "curve-variant"."""

import pytest

from pybls import curves

#: The group of the signatures of each variant.
SIGNATURE_GROUP = {"MinPk": "G2", "MinSig": "G1"}


def sig_cases():
    out = []
    for key in curves.CURVES:
        module = curves.CURVES[key]
        for variant, group in SIGNATURE_GROUP.items():
            if group in module.HASH_SUITES:
                out.append(pytest.param(key, variant, id=f"{key}-{variant}"))
    return out
