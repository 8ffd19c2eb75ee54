"""Which signature scheme a threshold key signs with.

A threshold key signs in one variant (``MinPk``: keys in G1, signatures in
G2; ``MinSig``: the reverse) and one scheme (``Basic``, ``Aug`` or ``PoP``,
with the draft's domain separation tags), on one curve. The default is
``MinPk.PoP`` on BLS12-381, Ethereum's ciphersuite; ``curve=`` picks the
variant of another curve. Under ``Aug`` every signer augments the message
with the *group* public key, so that the recovered signature verifies as
an ordinary ``Aug`` signature under it.

>>> from pybls.sig import MinPk, MinSig
>>> from pybls.threshold.ciphersuite import resolve_scheme
>>> resolve_scheme() is MinPk.PoP, resolve_scheme(MinSig, "Basic") is MinSig.Basic
(True, True)
>>> resolve_scheme(curve="bn254").dst
b'BLS_SIG_BN254G2_XMD:SHA-256_SVDW_RO_POP_'
>>> resolve_scheme("MinSig", "Aug", curve="bn254").dst
b'BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_AUG_'
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from ..sig import AugScheme, BasicScheme, PublicKey, Scheme, Variant
from ..sig.curve import CurveLike, curve_of_group, sig_curve
from ..sig.variants import variant_of
from ..errors import ArgumentError

__all__ = ["resolve_scheme", "variant_of_group", "core_scheme"]

_NAMES = {"basic": "Basic", "nul": "Basic", "aug": "Aug", "messageaugmentation": "Aug",
          "pop": "PoP", "proofofpossession": "PoP"}


def resolve_scheme(variant: Any = None, scheme: Any = None, curve: CurveLike = None) -> Scheme:
    """The scheme object for `variant` (a variant object, or its name
    ``"MinPk"`` (default) or ``"MinSig"`` on `curve`, BLS12-381 by default)
    and `scheme`: a scheme object, a name (``"Basic"``, ``"Aug"``,
    ``"PoP"``) or None (``PoP``). A scheme or variant object of another
    curve than a given `curve` is a :class:`ValueError`.

    >>> from pybls import G1
    >>> from pybls.sig import MinPk, MinSig
    >>> resolve_scheme(MinSig, "aug") is MinSig.Aug, resolve_scheme(None, "PoP") is MinPk.PoP
    (True, True)
    >>> resolve_scheme(MinPk, "Schnorr")
    Traceback (most recent call last):
      ...
    pybls.errors.ArgumentError: unknown scheme 'Schnorr': use 'Basic', 'Aug' or 'PoP'
    """
    c = None if curve is None else sig_curve(curve)
    if isinstance(scheme, Scheme):
        if variant is not None and scheme.variant is not variant and scheme.variant.name != variant:
            raise ArgumentError(f"scheme {scheme!r} is not of variant {variant!r}")
        if c is not None and scheme.curve is not c:
            raise ArgumentError(f"scheme {scheme!r} is not a scheme of {c.name}")
        return scheme
    if variant is None or isinstance(variant, str):
        v = variant_of(c, "MinPk" if variant is None else variant)
    else:
        v = variant
    if not isinstance(v, Variant):
        raise TypeError(f"variant must be MinPk or MinSig, not {v!r}")
    if c is not None and v.curve is not c:
        raise ArgumentError(f"variant {v!r} is not a variant of {c.name}")
    if scheme is None:
        return v.PoP
    if isinstance(scheme, str):
        name = _NAMES.get(scheme.lower().replace("_", "").replace("-", ""))
        if name is None:
            raise ArgumentError(f"unknown scheme {scheme!r}: use 'Basic', 'Aug' or 'PoP'")
        return getattr(v, name)  # type: ignore[no-any-return]
    raise TypeError(f"scheme must be a pybls.sig scheme or its name, not {type(scheme).__name__}")


def variant_of_group(group: Any) -> Variant:
    """The variant whose public keys live in `group` (the G1 or G2 of a curve).

    >>> from pybls import G1
    >>> from pybls.sig import MinPk, MinSig
    >>> from pybls import G2
    >>> variant_of_group(G1) is MinPk, variant_of_group(G2) is MinSig
    (True, True)
    """
    c = curve_of_group(group)
    return variant_of(c, "MinPk" if group is c.G1 else "MinSig")


def core_scheme(scheme: Scheme, group_key: Optional[PublicKey], msg: bytes) -> Tuple[Scheme, bytes]:
    """The scheme and message with which each share's public key verifies
    its partial signatures: the scheme itself, except that ``Aug`` signs
    ``group_key || msg`` under the plain (Basic) rule.

    >>> from pybls import G1
    >>> from pybls.sig import MinPk, MinSig
    >>> pk = MinPk.PublicKey(G1.generator())
    >>> scheme, m = core_scheme(MinPk.Aug, pk, b"msg")
    >>> isinstance(scheme, BasicScheme), scheme.dst == MinPk.Aug.dst, m == pk.to_bytes() + b"msg"
    (True, True, True)
    >>> core_scheme(MinPk.PoP, pk, b"msg") == (MinPk.PoP, b"msg")
    True
    """
    if isinstance(scheme, AugScheme):
        if group_key is None:
            raise ArgumentError("the Aug scheme needs the group public key")
        return BasicScheme(scheme.variant, scheme.dst, hash=scheme.hash), group_key.to_bytes() + msg
    return scheme, msg
