"""Timelock encryption to a future round of a drand chain, as drand's tlock does.

A file encrypted to round ``r`` of a chain can be decrypted by anyone once
the chain has published its beacon for ``r``: the beacon signature is the
Boneh–Franklin identity key of the identity "round r" (:mod:`pybls.ibe`).
Files are age v1 (``age-encryption.org/v1``) with a ``tlock`` recipient
stanza, binary or ASCII-armored, byte-compatible with drand's ``tlock``
(Go) and ``tlock-js``: theirs decrypt here and ours decrypt there.

>>> from pybls import drand, tlock
>>> beacon = drand.LocalBeacon(period=1)      # a local chain, one round a second
>>> r = beacon.current_round() + 1            # the next round
>>> armored = tlock.encrypt(b"see you later", r, chain=beacon.chain)
>>> armored.splitlines()[0]
'-----BEGIN AGE ENCRYPTED FILE-----'
>>> tlock.inspect(armored) == (r, beacon.chain.hash)
True

Decrypting needs the beacon of that round (here from the local chain, once
published; with drand, fetched from its API); the chain is found from the
file among :data:`pybls.drand.CHAINS` and the ``chains`` given:

>>> sig = beacon.signature(r, wait=True)      # at most a second
>>> tlock.decrypt(armored, sig, chains=[beacon.chain])
b'see you later'

A signature that is not the chain's beacon of the file's round raises
:class:`~pybls.errors.InvalidBeaconError`; a tampered or truncated file
:class:`~pybls.errors.DecryptionError` (a malformed one its subclass
:class:`~pybls.errors.AgeFormatError`); a file for a chain that is not known
:class:`~pybls.errors.UnknownChainError`. No plaintext is returned unless
the header MAC and every payload chunk authenticate.

The format: the header is ``age-encryption.org/v1``, the stanza
``-> tlock <round> <chain hash hex>`` whose body is the IBE ciphertext
U ‖ V ‖ W of the 16-byte file key (unpadded base64 in 64-column lines), and
``--- <MAC>`` with MAC = HMAC-SHA256(HKDF-SHA256(file key, "", "header"),
header up to ``---``). The payload is a 16-byte nonce and the plaintext in
64 KiB chunks, each sealed with ChaCha20-Poly1305 under HKDF-SHA256(file key,
nonce, "payload") with the nonce ``uint88_be(chunk index) ‖ last-chunk flag``.
The armor is strict PEM (``AGE ENCRYPTED FILE``, padded base64, 64 columns).
"""

from __future__ import annotations

import base64
import binascii
import hmac
import os
import re
from typing import Any, Iterable, List, NamedTuple, Tuple, Union

from ._convert import as_bytes
from .aead import chacha20poly1305_decrypt, chacha20poly1305_encrypt, hkdf_sha256, hmac_sha256
from .drand import Chain, chain_by_hash, check_round, get_chain
from .errors import AgeFormatError, ArgumentError, DecodeError, DecryptionError, InvalidBeaconError
from .ibe import Ciphertext, bf_decrypt, bf_encrypt

__all__ = ["encrypt", "decrypt", "inspect", "Recipient", "identity_point"]

_VERSION = b"age-encryption.org/v1"
_BEGIN = "-----BEGIN AGE ENCRYPTED FILE-----"
_END = "-----END AGE ENCRYPTED FILE-----"
_COLUMNS = 64
_CHUNK = 64 * 1024
_TAG = 16
_NONCE = 16
_FILE_KEY = 16
_B64_LINE = re.compile(rb"[A-Za-z0-9+/]*")
_VCHAR = re.compile(rb"[\x21-\x7e]+")

ChainLike = Union[str, Chain]


class Recipient(NamedTuple):
    """What a timelock file is locked to: a round of the chain with this hash.

    >>> Recipient(5, bytes(32)).round
    5
    """

    round: int
    chain_hash: bytes


def identity_point(chain: Chain, round: int) -> Any:
    """Q_id of `round`: the hash to the signature group of sha256(uint64_be(round)).

    drand quicknet's published signature of round 12040883 is the chain key's
    signature of this point: e(sig, g2) = e(Q_id, pk).

    >>> from pybls import G1, G2, drand, pairing
    >>> qn = drand.CHAINS["quicknet"]
    >>> sig = G1.from_bytes(bytes.fromhex("929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394"))
    >>> pairing(sig, G2.generator()) == pairing(identity_point(qn, 12040883), qn.public_key_point)
    True
    """
    return chain.signature_group.hash_to_curve(chain.message(round), chain.dst)


def _timelock_chain(chain: ChainLike) -> Chain:
    c = get_chain(chain)
    if c.chained:
        raise ArgumentError(f"chain {c.beacon_id!r} ({c.scheme}) signs the previous round too; "
                            "timelock encryption needs an unchained scheme")
    if c.curve != "bls12_381":
        raise ArgumentError(f"chain {c.beacon_id!r} ({c.scheme}) is on {c.curve}; timelock encryption, "
                            "as tlock and tlock-js do it, runs on BLS12-381 chains")
    return c


def _b64(data: bytes) -> bytes:
    return base64.b64encode(data).rstrip(b"=")


def _unb64(text: bytes, what: str) -> bytes:
    """Canonical unpadded base64, as age requires."""
    if not _B64_LINE.fullmatch(text) or len(text) % 4 == 1:
        raise AgeFormatError(f"{what}: not unpadded base64")
    data = base64.b64decode(text + b"=" * (-len(text) % 4))
    if _b64(data) != text:
        raise AgeFormatError(f"{what}: non-canonical base64")
    return data


def _wrap(encoded: bytes) -> bytes:
    lines = [encoded[i:i + _COLUMNS] for i in range(0, len(encoded), _COLUMNS)]
    if len(encoded) % _COLUMNS == 0:
        lines.append(b"")  # the body always ends with a short line
    return b"\n".join(lines) + b"\n"


def _stream_nonce(index: int, last: bool) -> bytes:
    return index.to_bytes(11, "big") + (b"\x01" if last else b"\x00")


# -- encryption ---------------------------------------------------------------


def encrypt(plaintext: Any, round: int, chain: ChainLike = "quicknet", armor: bool = True) -> Union[bytes, str]:
    """Encrypt `plaintext` so that it opens with `chain`'s beacon of `round`.

    `chain` is a :class:`~pybls.drand.Chain` (for instance a
    :class:`~pybls.drand.LocalBeacon`'s) or a name in
    :data:`~pybls.drand.CHAINS`; it must be unchained (quicknet, fastnet,
    quicknet-t, testnet-unchained-3s). Returns the armored file as ``str``,
    or with ``armor=False`` the binary age file as ``bytes``.

    >>> from pybls import drand
    >>> sealed = encrypt(b"see you in round 20000000", 20000000)
    >>> sealed.splitlines()[0]
    '-----BEGIN AGE ENCRYPTED FILE-----'
    >>> inspect(sealed).round, inspect(sealed).chain_hash == drand.CHAINS["quicknet"].hash
    (20000000, True)
    """
    data = as_bytes(plaintext, "plaintext")
    check_round(round)
    c = _timelock_chain(chain)
    file_key = os.urandom(_FILE_KEY)
    ct = bf_encrypt(c.public_key_point, identity_point(c, round), file_key)
    body = ct.to_bytes()
    header = (_VERSION + b"\n" + b"-> tlock %d %s\n" % (round, c.hash.hex().encode())
              + _wrap(_b64(body)) + b"---")
    mac = hmac_sha256(hkdf_sha256(file_key, b"", b"header", 32), header)
    nonce = os.urandom(_NONCE)
    key = hkdf_sha256(file_key, nonce, b"payload", 32)
    parts = [header, b" ", _b64(mac), b"\n", nonce]
    count = max(1, -(-len(data) // _CHUNK))
    for i in range(count):
        chunk = data[i * _CHUNK:(i + 1) * _CHUNK]
        parts.append(chacha20poly1305_encrypt(key, _stream_nonce(i, i == count - 1), chunk))
    out = b"".join(parts)
    return _armor(out) if armor else out


def _armor(data: bytes) -> str:
    text = base64.b64encode(data).decode()
    lines = [text[i:i + _COLUMNS] for i in range(0, len(text), _COLUMNS)]
    return "\n".join([_BEGIN, *lines, _END]) + "\n"


# -- parsing ------------------------------------------------------------------


def _dearmor(text: str) -> bytes:
    """The bytes of a strict-PEM armored age file (LF or CRLF line ends)."""
    try:
        raw = text.encode("ascii")
    except UnicodeEncodeError:
        raise AgeFormatError("armored age file: not ASCII") from None
    lines = raw.strip(b" \t\r\n").replace(b"\r\n", b"\n").split(b"\n")
    if len(lines) < 3 or lines[0] != _BEGIN.encode() or lines[-1] != _END.encode():
        raise AgeFormatError("armored age file: missing BEGIN/END AGE ENCRYPTED FILE lines")
    body = lines[1:-1]
    if any(len(line) != _COLUMNS for line in body[:-1]) or not 0 < len(body[-1]) <= _COLUMNS:
        raise AgeFormatError("armored age file: lines must be 64 columns (the last one 1 to 64)")
    joined = b"".join(body)
    try:
        data = base64.b64decode(joined, validate=True)
    except (binascii.Error, ValueError):
        raise AgeFormatError("armored age file: invalid base64") from None
    if base64.b64encode(data) != joined:
        raise AgeFormatError("armored age file: non-canonical base64")
    return data


def _as_file(data: Any) -> bytes:
    if isinstance(data, str):
        return _dearmor(data)
    raw = as_bytes(data, "age file")
    if raw.lstrip(b" \t\r\n").startswith(b"-----BEGIN"):
        try:
            return _dearmor(raw.decode("ascii"))
        except UnicodeDecodeError:
            raise AgeFormatError("armored age file: not ASCII") from None
    return raw


class _Header(NamedTuple):
    stanzas: List[Tuple[List[bytes], bytes]]
    mac_input: bytes
    mac: bytes
    payload: bytes


def _parse(data: bytes) -> _Header:
    pos = 0

    def line() -> bytes:
        nonlocal pos
        end = data.find(b"\n", pos)
        if end < 0:
            raise AgeFormatError("age header: truncated")
        out, pos = data[pos:end], end + 1
        return out

    if line() != _VERSION:
        raise AgeFormatError("not an age v1 file (no 'age-encryption.org/v1' line)")
    stanzas: List[Tuple[List[bytes], bytes]] = []
    while True:
        start = pos
        text = line()
        if text.startswith(b"---"):
            if not text.startswith(b"--- ") or not stanzas:
                raise AgeFormatError("age header: malformed MAC line or no recipient stanza")
            mac = _unb64(text[4:], "header MAC")
            if len(mac) != 32:
                raise AgeFormatError("age header: the MAC is 32 bytes")
            return _Header(stanzas, data[:start + 3], mac, data[pos:])
        if not text.startswith(b"-> "):
            raise AgeFormatError("age header: expected a '-> ' stanza line")
        args = text[3:].split(b" ")
        if not all(_VCHAR.fullmatch(a) for a in args):
            raise AgeFormatError("age header: malformed stanza arguments")
        encoded = []
        while True:
            body_line = line()
            if len(body_line) > _COLUMNS:
                raise AgeFormatError("age header: stanza body line longer than 64 columns")
            encoded.append(body_line)
            if len(body_line) < _COLUMNS:
                break
        stanzas.append((args, _unb64(b"".join(encoded), "stanza body")))


def _tlock_stanza(header: _Header) -> Tuple[Recipient, bytes]:
    for args, body in header.stanzas:
        if args[0] != b"tlock":
            continue
        if len(args) != 3 or not args[1].isdigit() or not re.fullmatch(rb"[0-9a-f]{64}", args[2]):
            raise AgeFormatError("tlock stanza: expected '-> tlock <round> <chain hash>'")
        digits = args[1].lstrip(b"0")  # leading zeros are allowed, as drand's tlock parses the round
        if len(digits) > 20:  # above 2**64, and int() refuses numbers past 4300 digits
            raise AgeFormatError("tlock stanza: round out of range")
        round = int(digits or b"0")
        if not 1 <= round < 1 << 64:
            raise AgeFormatError("tlock stanza: round out of range")
        return Recipient(round, bytes.fromhex(args[2].decode())), body
    raise AgeFormatError("the age file has no tlock recipient stanza")


def inspect(data: Union[bytes, str]) -> Recipient:
    """The round and chain hash a timelock file is locked to (nothing is decrypted).

    Raises :class:`~pybls.errors.AgeFormatError` for a file that is not a
    well-formed age file with a tlock stanza.

    >>> from pybls import drand
    >>> r = inspect(encrypt(b"x", 1000, chain="quicknet", armor=False))
    >>> r.round, drand.chain_by_hash(r.chain_hash).beacon_id
    (1000, 'quicknet')
    """
    return _tlock_stanza(_parse(_as_file(data)))[0]


# -- decryption ---------------------------------------------------------------


def decrypt(data: Union[bytes, str], signature: Any, *, chains: Union[Chain, Iterable[Chain], None] = None) -> bytes:
    """Decrypt a timelock file with the beacon signature of its round.

    `data` is the binary file (bytes) or the armored one (str or bytes);
    `signature` the beacon signature (bytes or hex). The chain is found from
    the file's chain hash among :data:`~pybls.drand.CHAINS` and `chains`
    (a :class:`~pybls.drand.Chain` or several, e.g. a local beacon's).
    The signature is verified as the chain's beacon of that round before use.

    A payload must hold at least one chunk, as age requires (an empty
    plaintext is one empty final chunk): tlock-js 0.9 writes none for an
    empty plaintext, and such files are refused like any file cut after its
    nonce.

    >>> import time
    >>> from pybls import drand
    >>> beacon = drand.LocalBeacon(genesis_time=int(time.time()) - 30)
    >>> r = beacon.current_round()
    >>> decrypt(encrypt(b"opened", r, chain=beacon.chain), beacon.signature(r), chains=[beacon.chain])
    b'opened'
    """
    raw = _as_file(data)
    header = _parse(raw)
    recipient, body = _tlock_stanza(header)
    extra = [chains] if isinstance(chains, Chain) else list(chains or ())
    if isinstance(chains, (str, bytes)) or not all(isinstance(c, Chain) for c in extra):
        raise TypeError("chains must be a drand Chain or an iterable of them")
    chain = _timelock_chain(chain_by_hash(recipient.chain_hash, extra))
    key_point = chain.verified_signature(recipient.round, signature)
    if key_point is None:
        raise InvalidBeaconError(
            f"the signature is not the beacon of round {recipient.round} of drand chain {chain.beacon_id!r}")
    u_size = chain.public_key_group._COMPRESSED
    if len(body) != u_size + 2 * _FILE_KEY:
        raise AgeFormatError(f"tlock stanza: the body is {len(body)} bytes, not {u_size + 2 * _FILE_KEY}")
    try:
        u = chain.public_key_group.from_bytes(body[:u_size])
    except DecodeError:
        raise DecryptionError("tlock stanza: U is not a valid point") from None
    file_key = bf_decrypt(key_point, Ciphertext(U=u, V=body[u_size:u_size + _FILE_KEY], W=body[u_size + _FILE_KEY:]))
    mac = hmac_sha256(hkdf_sha256(file_key, b"", b"header", 32), header.mac_input)
    if not hmac.compare_digest(mac, header.mac):
        raise DecryptionError("age header MAC does not match")
    return _open_payload(file_key, header.payload)


def _open_payload(file_key: bytes, payload: bytes) -> bytes:
    if len(payload) < _NONCE + _TAG:
        raise DecryptionError("age payload truncated")
    key = hkdf_sha256(file_key, payload[:_NONCE], b"payload", 32)
    ct = payload[_NONCE:]
    step = _CHUNK + _TAG
    count = -(-len(ct) // step)
    out = []
    for i in range(count):
        chunk = ct[i * step:(i + 1) * step]
        last = i == count - 1
        if len(chunk) < _TAG or (last and count > 1 and len(chunk) == _TAG):
            raise DecryptionError("age payload truncated or with an empty final chunk")
        out.append(chacha20poly1305_decrypt(key, _stream_nonce(i, last), chunk))
    return b"".join(out)
