"""The optimal ate pairing e: G1 x G2 -> GT.

>>> from pybls import G1, G2, GT, Scalar, pairing, pairing_product
>>> P, Q = G1.generator(), G2.generator()
>>> a, b = Scalar(6), Scalar(7)
>>> pairing(P * a, Q * b) == pairing(P, Q) ** (a * b)
True
>>> pairing_product([(P, Q), (-P, Q)]) == GT.one()
True

The value is the one blst, noble-curves and kyber/drand compute: the
draft-irtf-cfrg-pairing-friendly-curves pairing cubed.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, List, Sequence, Tuple, Type, TypeVar, cast

from . import _lib
from ._convert import as_tuple
from ._immutable import Immutable
from .errors import NotInSubgroupError
from .gt import GT, GTElement, _wrap
from .points import _IN_SUBGROUP, G1, G1Point, G2, G2Point

__all__ = ["pairing", "pairing_product", "pairing_check", "miller_loop", "final_exponentiation", "Pairing", "MillerLoopValue"]

_P1 = TypeVar("_P1", bound=G1Point)
_P2 = TypeVar("_P2", bound=G2Point)
_T = TypeVar("_T", bound=GTElement)
_PAIR = "a (G1 point, G2 point) pair"


class MillerLoopValue(Immutable, Generic[_T]):
    """The output of a Miller loop, or a product of them: an element of
    Fp12 that is generally not in GT. Multiply such values of one curve
    together and pass the product to that curve's ``final_exponentiation``.

    >>> from pybls import G1, G2, miller_loop, final_exponentiation, pairing
    >>> P, Q = G1.generator(), G2.generator()
    >>> f = miller_loop(P * 2, Q) * miller_loop(P, -Q * 2)
    >>> final_exponentiation(f).is_one()
    True
    """

    __slots__ = ("_b", "_curve")

    def __init__(self, internal: bytes, curve: "Pairing[Any, Any, _T]") -> None:
        self._b, self._curve = internal, curve

    def __mul__(self, other: Any) -> "MillerLoopValue[_T]":
        if not isinstance(other, MillerLoopValue) or other._curve is not self._curve:
            return NotImplemented
        return MillerLoopValue(self._curve._mul(self._b, other._b), self._curve)

    def to_bytes(self) -> bytes:
        """The twelve Fp coefficients, in the encoding of the curve's GT."""
        return self._curve._encode(self._b)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MillerLoopValue) or other._curve is not self._curve:
            return NotImplemented
        return self.to_bytes() == other.to_bytes()

    def __hash__(self) -> int:
        return hash(self.to_bytes())

    def __repr__(self) -> str:
        h = self.to_bytes().hex()
        return f"MillerLoopValue(0x{h[:8]}\u2026{h[-8:]})"

    # Tied to its curve's pairing object, and no decoding exists for a
    # value outside GT: the points, or the GT value after the final
    # exponentiation, pickle instead.
    def __reduce__(self) -> Any:
        raise TypeError("Miller loop values are not pickled: pickle the points, or the GT value "
                        "final_exponentiation() gives")


class Pairing(Generic[_P1, _P2, _T]):
    """The pairing of one curve, over its G1, G2 and GT classes and its
    core's functions (`binding`: pybls._lib, or a curve_binding()). Each
    curve module exposes its methods as module functions.

    >>> from pybls import bn254
    >>> P, Q = bn254.G1.generator(), bn254.G2.generator()
    >>> bn254.pairing(P * 2, Q) == bn254.pairing(P, Q * 2)    # a Pairing's method
    True
    """

    def __init__(self, binding: Any, g1: Type[_P1], g2: Type[_P2], gt: Type[_T]) -> None:
        self._g1, self._g2, self._gt = g1, g2, gt
        self._pairing: Callable[[bytes, bytes], bytes] = binding.pairing
        self._product: Callable[[bytes, bytes, int], bytes] = binding.pairing_product
        self._miller: Callable[[bytes, bytes], bytes] = binding.miller_loop
        self._final: Callable[[bytes], bytes] = binding.final_exponentiation
        self._products: Callable[[int, bytes, bytes, int], bytes] = binding.pairing_products
        self._product_g2_check: Callable[[bytes, bytes, int], bytes] = binding.pairing_product_g2_check
        self._mul: Callable[[bytes, bytes], bytes] = binding.gt_mul
        self._encode: Callable[[bytes], bytes] = binding.gt_encode

    def _check(self, P: Any, Q: Any) -> None:
        if type(P) is not self._g1 or type(Q) is not self._g2:
            raise TypeError(
                f"a pairing takes a {self._g1.__module__} G1 and G2 point, not "
                f"{type(P).__module__}.{type(P).__name__} and {type(Q).__module__}.{type(Q).__name__}"
            )

    def pairing(self, P: _P1, Q: _P2) -> _T:
        """e(P, Q), the optimal ate pairing.

        >>> from pybls import G1, G2, Scalar
        >>> a, b = Scalar(6), Scalar(7)
        >>> pairing(G1.generator() * a, G2.generator() * b) == pairing(G1.generator(), G2.generator()) ** 42
        True
        """
        self._check(P, Q)
        return _wrap(self._gt, self._pairing(P._b, Q._b))

    def pairing_product(self, pairs: Iterable[Tuple[_P1, _P2]]) -> _T:
        """The product of e(P_i, Q_i) over `pairs`, with one final
        exponentiation (a pairing check such as EIP-197's asks whether it is
        1); the empty product is 1.

        >>> from pybls import G1, G2
        >>> P, Q = G1.generator(), G2.generator()
        >>> pairing_product([(P * 3, Q), (-P, Q * 3)]).is_one()
        True
        >>> pairing_product([]).is_one()
        True
        """
        g1s = []
        g2s = []
        for pair in pairs:
            P, Q = cast(Tuple[_P1, _P2], as_tuple(pair, 2, _PAIR))
            self._check(P, Q)
            g1s.append(P._b)
            g2s.append(Q._b)
        if not g1s:
            return self._gt.one()
        return _wrap(self._gt, self._product(b"".join(g1s), b"".join(g2s), len(g1s)))

    def pairing_check(self, pairs: Iterable[Tuple[_P1, _P2]]) -> bool:
        """Whether the product of e(P_i, Q_i) over `pairs` is 1 (a pairing
        check such as EIP-197's), with every point checked for membership of
        its prime-order subgroup, points decoded with ``subgroup_check=False``
        included. On BLS12 and BN curves the G2 points are checked by the
        Miller loop itself, so a check of untrusted G2 points costs little
        more than :meth:`pairing_product`. Raises
        :class:`~pybls.errors.NotInSubgroupError` naming the first pair with
        a point outside its subgroup.

        >>> from pybls import bn254
        >>> P, Q = bn254.G1.generator(), bn254.G2.generator()
        >>> Q3 = bn254.G2.from_bytes((Q * 3).to_bytes(), subgroup_check=False)
        >>> bn254.pairing_check([(P * 3, Q), (-P, Q3)]), bn254.pairing_check([(P, Q3)])
        (True, False)
        """
        g1s: List[bytes] = []
        g2s: List[bytes] = []
        unchecked: List[Tuple[int, _P2]] = []
        for n, pair in enumerate(pairs):
            P, Q = cast(Tuple[_P1, _P2], as_tuple(pair, 2, _PAIR))
            self._check(P, Q)
            if not P.in_subgroup():
                raise NotInSubgroupError(f"pair {n}: G1 point: not in the subgroup of order r")
            if not Q._s & _IN_SUBGROUP:
                unchecked.append((n, Q))
            g1s.append(P._b)
            g2s.append(Q._b)
        if not g1s:
            return True
        if not unchecked:
            return _wrap(self._gt, self._product(b"".join(g1s), b"".join(g2s), len(g1s))).is_one()
        try:
            out = self._product_g2_check(b"".join(g1s), b"".join(g2s), len(g1s))
        except NotInSubgroupError:
            for n, Q in unchecked:  # name the first point outside G2
                if not Q.in_subgroup():
                    raise NotInSubgroupError(f"pair {n}: G2 point: not in the subgroup of order r") from None
            raise
        return _wrap(self._gt, out).is_one()

    def _pairing_products(self, g1s: Sequence[bytes], g2s: Sequence[bytes], count: int) -> List[_T]:
        """`count` products of len(g1s) // count pairings over the internal
        forms of checked points (the k-th: pairs k·n .. k·n + n - 1), each
        with its own final exponentiation, in one call into the core."""
        out = self._products(count, b"".join(g1s), b"".join(g2s), len(g1s) // count)
        size = len(out) // count
        return [_wrap(self._gt, out[k * size : (k + 1) * size]) for k in range(count)]

    def miller_loop(self, P: _P1, Q: _P2) -> MillerLoopValue[_T]:
        """The Miller loop of e(P, Q) before the final exponentiation: an
        Fp12 element generally outside GT, to multiply with others of the
        same curve and pass to :meth:`final_exponentiation`."""
        self._check(P, Q)
        return MillerLoopValue(self._miller(P._b, Q._b), self)

    def final_exponentiation(self, f: "MillerLoopValue[_T] | _T") -> _T:
        """Raise a Miller loop output (or a product of them) to the curve's
        final exponent.

        >>> from pybls import G1, G2
        >>> P, Q = G1.generator(), G2.generator()
        >>> f = miller_loop(P * 2, Q) * miller_loop(P, Q * 3)
        >>> final_exponentiation(f) == pairing(P, Q) ** 5
        True
        """
        # A GT value is accepted too: miller_loop returned GT values before.
        if isinstance(f, MillerLoopValue) and f._curve is self:
            return _wrap(self._gt, self._final(f._b))
        if type(f) is self._gt:
            return _wrap(self._gt, self._final(f._b))
        if isinstance(f, MillerLoopValue):
            raise TypeError(f"final_exponentiation of {self._gt._CURVE} takes a Miller loop value of "
                            f"{self._gt._CURVE}, not one of {f._curve._gt._CURVE}")
        raise TypeError(f"final_exponentiation takes this curve's miller_loop() value, not {type(f).__name__}")


_BLS12_381: Pairing[G1, G2, GT] = Pairing(_lib, G1, G2, GT)


def pairing(P: G1, Q: G2) -> GT:
    """e(P, Q).

    >>> from pybls import G1, G2
    >>> P, Q = G1.generator(), G2.generator()
    >>> e = pairing(P, Q)
    >>> pairing(P * 2, Q) == e * e == pairing(P, Q * 2), e.is_one()
    (True, False)
    """
    return _BLS12_381.pairing(P, Q)


def pairing_product(pairs: Iterable[Tuple[G1, G2]]) -> GT:
    """The product of e(P_i, Q_i) over `pairs`, with one final exponentiation.

    Cheaper than multiplying separate pairings; the empty product is 1.

    >>> from pybls import G1, G2
    >>> P, Q = G1.generator(), G2.generator()
    >>> pairing_product([(P, Q * 5), (P * -5, Q)]).is_one()
    True
    """
    return _BLS12_381.pairing_product(pairs)


def pairing_check(pairs: Iterable[Tuple[G1, G2]]) -> bool:
    """Whether the product of e(P_i, Q_i) is 1, with every point checked for
    membership of its subgroup, G2's by the Miller loop itself (see
    :meth:`Pairing.pairing_check`).

    >>> from pybls import G1, G2
    >>> P, Q = G1.generator(), G2.generator()
    >>> pairing_check([(P, Q * 5), (P * -5, Q)]), pairing_check([(P, Q)])
    (True, False)
    """
    return _BLS12_381.pairing_check(pairs)


def miller_loop(P: G1, Q: G2) -> MillerLoopValue[GT]:
    """The Miller loop of e(P, Q), before the final exponentiation.

    The result is an Fp12 element that is generally *not* in GT (a
    :class:`MillerLoopValue`): multiply such values together and pass the
    product to :func:`final_exponentiation`.

    >>> from pybls import G1, G2
    >>> P, Q = G1.generator(), G2.generator()
    >>> final_exponentiation(miller_loop(P, Q)) == pairing(P, Q)
    True
    """
    return _BLS12_381.miller_loop(P, Q)


def final_exponentiation(f: "MillerLoopValue[GT] | GT") -> GT:
    """Raise a Miller loop output (or a product of them) to 3 (p^12 - 1) / r.

    That is three times the exponent (p^12 - 1) / r of the reduced Tate
    pairing, as the hard part's addition chain gives it: the pairing
    values of blst and noble-curves, the cubes of py_ecc's.

    >>> from pybls import G1, G2
    >>> P, Q = G1.generator(), G2.generator()
    >>> final_exponentiation(miller_loop(P, Q) * miller_loop(-P, Q)).is_one()
    True
    """
    return _BLS12_381.final_exponentiation(f)
