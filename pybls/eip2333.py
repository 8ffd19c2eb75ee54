"""Hierarchical BLS12-381 key derivation: EIP-2333 and EIP-2334 paths.

EIP-2333 derives a tree of BLS secret keys from one seed (at least 32 bytes
of entropy, typically the BIP-39 seed of a mnemonic). The root is
``derive_master_SK(seed)``; every node has 2**32 children,
``derive_child_SK(parent_SK, index)``, and as a side product every step
defines a Lamport key pair usable as a post-quantum fallback. EIP-2334 names
nodes with paths such as ``m/12381/3600/0/0/0`` (purpose 12381, coin type
3600 for Ethereum, account 0, then 0 for the withdrawal key and 0/0 for the
signing key).

Secret keys are returned as Python ints in ``[1, r)``, exactly as the EIP
specifies them; :func:`secret_key_from_path` returns a
:class:`pybls.sig.SecretKey` instead.

>>> seed = bytes.fromhex(
...     "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e5349553"
...     "1f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04")
>>> master = derive_master_SK(seed)
>>> master
6083874454709270928345386274498605044986640685124978867557563392430687146096
>>> derive_child_SK(master, 0) == derive_SK_from_path(seed, "m/0")
True

Hashing is :mod:`hashlib`'s SHA-256 and the HKDF of :mod:`pybls.aead` (over
:mod:`hmac`), so this module works unchanged inside Pyodide (which lacks
``hashlib.pbkdf2_hmac``). ``HKDF_mod_r`` is the code of
:func:`pybls.sig.key_gen`, which reduces modulo r in the C core; the rest of
the arithmetic is plain Python integer and byte-string code: it does not
have the constant-time guarantees of the C core, and keys should be derived
on a machine the user trusts.
"""

from __future__ import annotations

import hashlib
from typing import Any, List, Sequence

from .aead import hkdf_expand, hkdf_extract
from .scalar import R
from .sig.keys import SecretKey, _key_gen_bytes
from .errors import ArgumentError

__all__ = [
    "CURVE_ORDER",
    "derive_master_SK",
    "derive_child_SK",
    "derive_SK_from_path",
    "path_to_indices",
    "hkdf_mod_r",
    "parent_SK_to_lamport_PK",
    "secret_key_from_path",
]

#: r, the order of the BLS12-381 groups (secret keys live in [1, r)); the
#: same int as ``pybls.CURVE_ORDER`` and ``pybls.Scalar.R``.
CURVE_ORDER = R

_LAMPORT_CHUNKS = 255
_HASH_LEN = 32
_UINT32_LIMIT = 1 << 32
_MASK_256 = (1 << 256) - 1


# ---------------------------------------------------------------------------
# EIP-2333 building blocks


def hkdf_mod_r(IKM: bytes, key_info: bytes = b"") -> int:
    """``HKDF_mod_r`` of EIP-2333: a secret key in ``[1, r)`` from key material.

    This is ``KeyGen`` of the IETF BLS signature draft (version 4 and
    later), salt loop included: the salt is hashed again until the result is
    non-zero. It runs the code of :func:`pybls.sig.key_gen` (the reduction
    modulo r in the C core) but returns an int, and imposes no minimum
    length on `IKM` (see :func:`derive_master_SK` for the check of the EIP).

    >>> hkdf_mod_r(b"\\x00" * 32) == hkdf_mod_r(b"\\x00" * 32, b"")
    True
    >>> 0 < hkdf_mod_r(b"\\x00" * 32, b"info") < CURVE_ORDER
    True
    >>> from pybls.sig import key_gen
    >>> hkdf_mod_r(bytes(32), b"info").to_bytes(32, "big") == key_gen(bytes(32), b"info").to_bytes()
    True
    """
    return int.from_bytes(_key_gen_bytes(IKM, key_info), "big")


def _ikm_to_lamport_SK(IKM: bytes, salt: bytes) -> List[bytes]:
    okm = hkdf_expand(hkdf_extract(salt, IKM), b"", _LAMPORT_CHUNKS * _HASH_LEN)
    return [okm[i * _HASH_LEN : (i + 1) * _HASH_LEN] for i in range(_LAMPORT_CHUNKS)]


def _lamport_SKs(parent_SK: int, index: int) -> "tuple[List[bytes], List[bytes]]":
    """The two Lamport secret keys (255 chunks of 32 bytes each) of a step."""
    salt = index.to_bytes(4, "big")
    lamport_0 = _ikm_to_lamport_SK(parent_SK.to_bytes(32, "big"), salt)
    lamport_1 = _ikm_to_lamport_SK((parent_SK ^ _MASK_256).to_bytes(32, "big"), salt)
    return lamport_0, lamport_1


def parent_SK_to_lamport_PK(parent_SK: int, index: int) -> bytes:
    """The 32-byte compressed Lamport public key of EIP-2333 for one step.

    It is the SHA-256 of the concatenated SHA-256 hashes of the 510 Lamport
    secret chunks derived from `parent_SK` and its bitwise complement, with
    the big-endian `index` as HKDF salt.

    >>> len(parent_SK_to_lamport_PK(1, 0))
    32
    """
    parent_SK = _check_sk(parent_SK, "parent_SK")
    index = _check_index(index)
    lamport_0, lamport_1 = _lamport_SKs(parent_SK, index)
    lamport_PK = b"".join(hashlib.sha256(chunk).digest() for chunk in lamport_0 + lamport_1)
    return hashlib.sha256(lamport_PK).digest()


# ---------------------------------------------------------------------------
# argument checks (messages never contain secret values)


def _check_sk(sk: Any, name: str) -> int:
    if isinstance(sk, bool) or not isinstance(sk, int):
        raise TypeError(f"{name} must be an int, not {type(sk).__name__}")
    if not 0 <= sk < CURVE_ORDER:
        raise ArgumentError(f"{name} must be in the range [0, r)")
    return sk


def _check_index(index: Any) -> int:
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError(f"index must be an int, not {type(index).__name__}")
    if not 0 <= index < _UINT32_LIMIT:
        raise ArgumentError(f"index must be a uint32 (0 <= index < 2**32), got {index}")
    return index


def _check_seed(seed: Any) -> bytes:
    if not isinstance(seed, (bytes, bytearray, memoryview)):
        raise TypeError(f"seed must be bytes, not {type(seed).__name__}")
    b = bytes(seed)
    if len(b) < 32:
        raise ArgumentError(f"seed must be at least 32 bytes long, got {len(b)}")
    return b


# ---------------------------------------------------------------------------
# public derivation functions


def derive_master_SK(seed: bytes) -> int:
    """The master secret key of EIP-2333: ``HKDF_mod_r(seed)``.

    `seed` must have at least 32 bytes (256 bits of entropy).

    >>> derive_master_SK(bytes(31))
    Traceback (most recent call last):
    ...
    pybls.errors.ArgumentError: seed must be at least 32 bytes long, got 31
    """
    return hkdf_mod_r(_check_seed(seed))


def derive_child_SK(parent_SK: int, index: int) -> int:
    """Child `index` (a uint32) of the secret key `parent_SK`, per EIP-2333.

    >>> child = derive_child_SK(12345, 0)
    >>> 0 < child < CURVE_ORDER and child != derive_child_SK(12345, 1)
    True
    >>> derive_child_SK(12345, 2**32)
    Traceback (most recent call last):
    ...
    pybls.errors.ArgumentError: index must be a uint32 (0 <= index < 2**32), got 4294967296
    """
    return hkdf_mod_r(parent_SK_to_lamport_PK(parent_SK, index))


def path_to_indices(path: str) -> List[int]:
    """The child indices of an EIP-2334 path such as ``"m/12381/3600/0/0/0"``.

    The path starts with ``m`` (the master key) and continues with ``/`` and
    decimal uint32 indices. EIP-2334 has no hardened notation (every
    EIP-2333 derivation is hardened), so ``'`` and ``h`` suffixes are refused.

    >>> path_to_indices("m/12381/3600/0/0/0")
    [12381, 3600, 0, 0, 0]
    >>> path_to_indices("m")
    []
    >>> path_to_indices("m/12381'/3600")
    Traceback (most recent call last):
    ...
    pybls.errors.ArgumentError: invalid EIP-2334 path "m/12381'/3600": component 1 ("12381'") is not a decimal index (EIP-2334 paths have no hardened ' notation)
    """
    if not isinstance(path, str):
        raise TypeError(f"path must be a str, not {type(path).__name__}")
    parts = path.split("/")
    if parts[0] != "m":
        raise ArgumentError(f"invalid EIP-2334 path {path!r}: it must start with 'm'")
    indices: List[int] = []
    for position, part in enumerate(parts[1:], start=1):
        if part == "":
            raise ArgumentError(f"invalid EIP-2334 path {path!r}: component {position} is empty")
        if not (part.isascii() and part.isdigit()):
            hint = " (EIP-2334 paths have no hardened ' notation)" if part.endswith(("'", "h", "H")) else ""
            raise ArgumentError(
                f"invalid EIP-2334 path {path!r}: component {position} ({part!r}) is not a decimal index{hint}"
            )
        index = int(part)
        if index >= _UINT32_LIMIT:
            raise ArgumentError(
                f"invalid EIP-2334 path {path!r}: component {position} ({index}) is not below 2**32"
            )
        indices.append(index)
    return indices


def derive_SK_from_path(seed: bytes, path: str) -> int:
    """The secret key at an EIP-2334 `path` of the tree rooted at `seed`.

    ``derive_SK_from_path(seed, "m")`` is the master key, and each further
    ``/index`` applies :func:`derive_child_SK`.

    >>> seed = bytes(range(32))
    >>> sk = derive_SK_from_path(seed, "m/12381/3600/0/0/0")
    >>> sk == derive_child_SK(derive_SK_from_path(seed, "m/12381/3600/0/0"), 0)
    True
    >>> derive_SK_from_path(seed, "12381/3600")
    Traceback (most recent call last):
    ...
    pybls.errors.ArgumentError: invalid EIP-2334 path '12381/3600': it must start with 'm'
    """
    indices = path_to_indices(path)
    sk = derive_master_SK(seed)
    for index in indices:
        sk = derive_child_SK(sk, index)
    return sk


def secret_key_from_path(seed: bytes, path: str = "m/12381/3600/0/0/0") -> SecretKey:
    """:func:`derive_SK_from_path` as a :class:`pybls.sig.SecretKey`.

    The default path is the signing key of the first Ethereum validator
    (EIP-2334).

    >>> from pybls.sig import MinPk
    >>> seed = bytes(range(32))
    >>> sk = secret_key_from_path(seed)
    >>> sk.to_bytes() == derive_SK_from_path(seed, "m/12381/3600/0/0/0").to_bytes(32, "big")
    True
    >>> MinPk.PoP.verify(MinPk.PoP.sk_to_pk(sk), b"msg", MinPk.PoP.sign(sk, b"msg"))
    True
    """
    return SecretKey.from_bytes(derive_SK_from_path(seed, path).to_bytes(32, "big"))


def _lamport_intermediates(parent_SK: int, index: int) -> "tuple[Sequence[bytes], Sequence[bytes]]":
    """Both Lamport secret keys of a derivation step (for tests and audits)."""
    return _lamport_SKs(_check_sk(parent_SK, "parent_SK"), _check_index(index))
