"""Ethereum's BLS12-381 deserialization vectors (ethereum/bls12-381-tests).

Valid encodings decode and re-encode to the same bytes; invalid ones raise a
DecodeError subclass, the specific one whenever the case name says what is
wrong.
"""

import glob
import json
import os

import pytest

import reference as ref
from pybls import G1, G2
from pybls.errors import (
    DecodeError,
    InvalidFlagsError,
    InvalidLengthError,
    NonCanonicalError,
    NotInSubgroupError,
    NotOnCurveError,
)


def _cases(group_name):
    pattern = os.path.join(ref.vectors_path(), "eth-bls", "bls", f"deserialization_{group_name}", "*.json")
    out = []
    for path in sorted(glob.glob(pattern)):
        with open(path) as f:
            d = json.load(f)
        (hexdata,) = d["input"].values()
        name = os.path.basename(path)[: -len(".json")]
        out.append(pytest.param(name, bytes.fromhex(hexdata[2:]), d["output"], id=name))
    return out


def _zero_x_error(group):
    """x = 0 without the infinity flag: on the curve (and of order 3) when
    x^3 + b is a square, else not on the curve at all."""
    if group is G1:
        on_curve = ref.fp_is_square(ref.B1)
    else:
        on_curve = ref.f2_is_square(ref.B2)
    return NotInSubgroupError if on_curve else NotOnCurveError


def _x_of(data, group):
    flagless = bytes([data[0] & 0x1F]) + data[1:]
    if group is G1:
        return int.from_bytes(flagless, "big")
    return (int.from_bytes(data[48:], "big"), int.from_bytes(flagless[:48], "big"))


def _expected_error(name, data, group):
    """The DecodeError subclass the case name calls for."""
    if "too_few_bytes" in name or "too_many_bytes" in name:
        return InvalidLengthError
    if "infinity_with_false_b_flag" in name:
        return _zero_x_error(group)
    if (
        "mask_bits" in name
        or "wrong_c_flag" in name
        or "b_flag_and_a_flag_true" in name
    ):
        return InvalidFlagsError
    if "infinity_with_true_b_flag" in name or "b_flag_and_x_nonzero" in name:
        # infinity flag with a non-zero payload: a malformed infinity
        # encoding; reporting it as a flag error or as a non-canonical
        # encoding are both fair.
        return (InvalidFlagsError, NonCanonicalError)
    if "modulus" in name:
        return NonCanonicalError
    if "not_in_curve" in name:
        return NotOnCurveError
    if "not_in_G" in name:
        # make sure the vector really is on the curve (else the name lies)
        x = _x_of(data, group)
        if group is G1:
            assert ref.fp_is_square(x**3 + ref.B1)
        else:
            assert ref.f2_is_square(ref.f2_add(ref.f2_mul(ref.f2_mul(x, x), x), ref.B2))
        return NotInSubgroupError
    raise AssertionError(f"unclassified vector {name}")


@pytest.mark.parametrize(
    "group,name,data,valid",
    [pytest.param(G1, *p.values, id="G1-" + p.id) for p in _cases("G1")]
    + [pytest.param(G2, *p.values, id="G2-" + p.id) for p in _cases("G2")],
)
def test_eth_deserialization(group, name, data, valid):
    if valid:
        point = group.from_bytes(data)
        assert point.to_bytes() == data
        assert bytes(point) == data
        assert point.in_subgroup() and point.is_on_curve()
        # and through the uncompressed form
        assert group.from_bytes(point.to_bytes(compressed=False)) == point
    else:
        expected = _expected_error(name, data, group)
        with pytest.raises(expected):
            group.from_bytes(data)
        # flags, lengths and canonicity are checked even without the
        # subgroup check; only the subgroup verdict may change.
        if expected is NotInSubgroupError:
            point = group.from_bytes(data, subgroup_check=False)
            assert point.is_on_curve() and not point.in_subgroup()
            assert point.to_bytes() == data
        else:
            with pytest.raises(expected):
                group.from_bytes(data, subgroup_check=False)


def test_vector_counts(vectors_dir):
    assert len(_cases("G1")) == 16
    assert len(_cases("G2")) == 18
    assert issubclass(InvalidLengthError, DecodeError)
