"""Scalars (Fr) against Python integers modulo r."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from pybls import Scalar
from pybls.errors import DecodeError, InvalidLengthError, NonCanonicalError

R = ref.R

EDGE = [0, 1, 2, R - 1, R - 2, (R - 1) // 2, (R + 1) // 2, 2**255 - 19, 2**128, 2**64 - 1]
elements = st.one_of(st.integers(0, R - 1), st.sampled_from(EDGE))
any_int = st.one_of(
    st.integers(-(2**300), 2**300),
    st.sampled_from([R, R + 1, 2 * R, -1, -R, 2**256 - 1, 2**256, 2**512 - 1]),
)


@given(elements)
def test_roundtrip(a):
    s = Scalar(a)
    assert int(s) == a % R
    assert s.to_bytes() == (a % R).to_bytes(32, "big")
    assert Scalar.from_bytes(s.to_bytes()) == s
    assert Scalar.from_bytes((a % R).to_bytes(32, "big")) == s


@given(any_int)
def test_constructor_reduces(a):
    assert int(Scalar(a)) == a % R
    assert Scalar(a) == Scalar(a % R)


@given(elements, elements)
def test_arithmetic(a, b):
    sa, sb = Scalar(a), Scalar(b)
    assert int(sa + sb) == (a + b) % R
    assert int(sa - sb) == (a - b) % R
    assert int(sa * sb) == (a * b) % R
    assert int(-sa) == (-a) % R
    # ints on either side
    assert int(sa + b) == (a + b) % R
    assert int(a + sb) == (a + b) % R
    assert int(sa - b) == (a - b) % R
    assert int(a - sb) == (a - b) % R
    assert int(sa * b) == (a * b) % R
    assert int(a * sb) == (a * b) % R
    if b % R:
        inv_b = pow(b, -1, R)
        assert int(sb.inverse()) == inv_b
        assert int(sa / sb) == a * inv_b % R
        assert int(sa / b) == a * inv_b % R
        assert int(a / sb) == a * inv_b % R


@given(elements, st.integers(0, 2**300))
def test_pow(a, e):
    assert int(Scalar(a) ** e) == pow(a, e, R)


@given(st.integers(1, R - 1), st.integers(1, 2**260))
def test_negative_pow(a, e):
    assert int(Scalar(a) ** -e) == pow(pow(a, -1, R), e, R)


def test_pow_edges():
    assert int(Scalar(0) ** 0) == 1
    assert int(Scalar(5) ** 0) == 1
    assert int(Scalar(5) ** (R - 1)) == 1  # Fermat
    assert int(Scalar(7) ** (R - 2)) == pow(7, R - 2, R)


def test_inverse_of_zero():
    with pytest.raises(ZeroDivisionError):
        Scalar(0).inverse()
    with pytest.raises(ZeroDivisionError):
        Scalar(R).inverse()
    with pytest.raises(ZeroDivisionError):
        Scalar(1) / Scalar(0)
    with pytest.raises(ZeroDivisionError):
        Scalar(1) / 0
    with pytest.raises(ZeroDivisionError):
        Scalar(0) ** -1


@given(elements)
def test_equality_and_hash(a):
    s, t = Scalar(a), Scalar(a)
    assert s == t and not (s != t)
    assert hash(s) == hash(t)
    assert len({s, t, Scalar(a + 1)}) == 2
    assert Scalar(a + 1) != s


def test_repr_shows_no_digit_of_the_value():
    # scalars hold secrets (a key's scalar, a share's value)
    from pybls.sig import MinPk

    secret = MinPk.PoP.key_gen(bytes(range(32))).scalar()
    data = secret.to_bytes()
    for shown in (repr(secret), str(secret), f"{secret}", repr([secret])):
        assert "hidden" in shown
        assert data[:2].hex() not in shown.lower() and str(int(secret))[:4] not in shown


def test_comparison_with_other_types():
    assert Scalar(5) != "5"
    assert Scalar(5) != None  # noqa: E711
    assert Scalar(5) != b"\x05"
    Scalar(5) == 5  # whatever the verdict, it must not raise


@given(st.one_of(st.binary(min_size=0, max_size=64), st.binary(min_size=48, max_size=64)))
def test_from_bytes_wide(data):
    assert int(Scalar.from_bytes_wide(data)) == int.from_bytes(data, "big") % R


@pytest.mark.parametrize("length", [65, 96, 1000])
def test_from_bytes_wide_too_long(length):
    # documented limit: at most 64 bytes
    with pytest.raises(InvalidLengthError):
        Scalar.from_bytes_wide(b"\x01" * length)


def test_from_bytes_wide_edges():
    assert int(Scalar.from_bytes_wide(b"\xff" * 64)) == (2**512 - 1) % R
    assert int(Scalar.from_bytes_wide(R.to_bytes(32, "big"))) == 0
    assert int(Scalar.from_bytes_wide(b"")) == 0


@pytest.mark.parametrize(
    "value", [R, R + 1, 2 * R, 2**255, 2**256 - 1], ids=["r", "r+1", "2r", "2^255", "2^256-1"]
)
def test_from_bytes_non_canonical(value):
    with pytest.raises(NonCanonicalError):
        Scalar.from_bytes(value.to_bytes(32, "big"))
    assert issubclass(NonCanonicalError, DecodeError)
    assert issubclass(NonCanonicalError, ValueError)


@pytest.mark.parametrize("length", [0, 1, 31, 33, 48, 64])
def test_from_bytes_length(length):
    with pytest.raises(InvalidLengthError):
        Scalar.from_bytes(bytes(length))


def test_from_bytes_types():
    good = (5).to_bytes(32, "big")
    assert Scalar.from_bytes(bytearray(good)) == Scalar(5)
    assert Scalar.from_bytes(memoryview(good)) == Scalar(5)
    for bad in (good.hex(), 5, None, [0] * 32):
        with pytest.raises(TypeError):
            Scalar.from_bytes(bad)


def test_constructor_types():
    for bad in (1.0, "5", b"\x05", None, [5]):
        with pytest.raises(TypeError):
            Scalar(bad)


def test_operator_types():
    s = Scalar(3)
    for bad in (1.5, "x", None, b"\x01"):
        with pytest.raises(TypeError):
            s + bad
        with pytest.raises(TypeError):
            s * bad
        with pytest.raises(TypeError):
            bad - s


def test_random():
    values = {int(Scalar.random()) for _ in range(16)}
    assert len(values) == 16
    assert all(0 <= v < R for v in values)
