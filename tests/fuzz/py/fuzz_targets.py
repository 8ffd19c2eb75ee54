"""The Python fuzz targets: every decoder and verifier of the public API.

Each entry of :data:`TARGETS` is a function of one ``bytes`` argument that
drives one entry point with it and checks what the documentation promises:
it returns normally, or raises one of the exceptions listed for the target
(:class:`pybls.errors.PyblsError` subclasses, :class:`TypeError` where
documented). Anything else -- another exception, a wrong answer, a decoder
accepting what it does not re-encode to -- propagates as a failure.

The targets need neither atheris nor anything native: the test suite
replays the regression cases through them everywhere, Pyodide included;
``run_py_fuzz.py`` runs them under atheris.

Adding a decoder is one entry::

    decoder("ibe_ciphertext", lambda: pybls.ibe.Ciphertext.from_bytes)

(a round trip through ``to_bytes()`` is checked when the decoded object has
one), or one decorated function for anything else::

    @target("tlock_decrypt", PyblsError)
    def _(data): ...
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Dict, List, Sequence, Tuple, Type

import pybls
from pybls import G1, G2, GT, Scalar
from pybls.errors import PyblsError
from pybls.sig import MinPk, MinSig, PublicKey, SecretKey, Signature
from pybls.sig.values import MinPkPublicKey, MinPkSignature, MinSigPublicKey, MinSigSignature
from pybls.threshold import PartialSignature, PublicPolynomial, Share
from pybls.threshold.dkg import messages as dkg

Allowed = Tuple[Type[BaseException], ...]


@dataclasses.dataclass(frozen=True)
class Target:
    name: str
    run: Callable[[bytes], None]
    #: the exceptions the entry point documents for bad input
    allowed: Allowed
    #: targets of a group are fuzzed together (see :func:`run_group`)
    group: str


TARGETS: Dict[str, Target] = {}


def target(name: str, *allowed: Type[BaseException],
           group: str = "api") -> Callable[[Callable[[bytes], None]], Callable[[bytes], None]]:
    """Register `fn(data)` as the target `name`, allowed to raise `allowed`."""

    def register(fn: Callable[[bytes], None]) -> Callable[[bytes], None]:
        if name in TARGETS:
            raise ValueError(f"duplicate fuzz target {name}")
        TARGETS[name] = Target(name, fn, tuple(allowed), group)
        return fn

    return register


DECODERS: Dict[str, Tuple[Callable[[], Callable[[bytes], Any]], bool]] = {}


def decoder(name: str, get: Callable[[], Callable[[bytes], Any]], *allowed: Type[BaseException],
            round_trip: bool = True, text: bool = False) -> None:
    """Register a ``from_bytes``-like decoder: it raises a PyblsError (or
    one of `allowed`) or returns an object whose ``to_bytes()`` gives the
    input back (every encoding pybls accepts is canonical). `text`: the
    decoder documents ``str`` input too (armored files)."""

    def run(data: bytes) -> None:
        obj = get()(data)
        if round_trip and hasattr(obj, "to_bytes"):
            again = obj.to_bytes()
            if len(again) != len(data) and isinstance(obj, (G1, G2)):
                again = obj.to_bytes(compressed=False)
            assert again == data, f"{name}: accepted {data.hex()} but re-encodes to {again.hex()}"

    target(name, PyblsError, *allowed, group="decoders")(run)
    DECODERS[name] = (get, text)


def run_target(name: str, data: bytes) -> None:
    """Run one target; an exception it is allowed to raise is swallowed."""
    t = TARGETS[name]
    try:
        t.run(data)
    except t.allowed:
        pass


def group_targets(group: str) -> List[str]:
    return sorted(name for name, t in TARGETS.items() if t.group == group)


def groups() -> List[str]:
    return sorted({t.group for t in TARGETS.values()})


def run_group(group: str, data: bytes) -> None:
    """One fuzz input for a group: its first byte picks the target, the
    rest is that target's input (one fuzzer process covers the group)."""
    if not data:
        return
    names = group_targets(group)
    run_target(names[data[0] % len(names)], data[1:])


def for_group(group: str, name: str, data: bytes) -> bytes:
    """The group input that runs `data` through target `name`."""
    return bytes([group_targets(group).index(name)]) + data


class Cursor:
    """Splits the fuzzer's bytes into fields (atheris's FuzzedDataProvider
    would tie the replay to atheris). Past the end, fields are empty."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def byte(self) -> int:
        b = self.data[self.pos] if self.pos < len(self.data) else 0
        self.pos += 1
        return b

    def take(self, n: int) -> bytes:
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def chunk(self) -> bytes:
        """A length byte, then that many bytes."""
        return self.take(self.byte())

    def sized(self, sizes: Sequence[int]) -> bytes:
        """Mostly one of the expected sizes, sometimes any length."""
        sel = self.byte()
        return self.take(sizes[sel % len(sizes)]) if sel < 0xF0 else self.chunk()

    def rest(self) -> bytes:
        out = self.data[self.pos:]
        self.pos = len(self.data)
        return out


# -- decoders --------------------------------------------------------------------
decoder("scalar", lambda: Scalar.from_bytes)
decoder("scalar_wide", lambda: Scalar.from_bytes_wide, round_trip=False)
decoder("g1", lambda: G1.from_bytes)
decoder("g1_no_subgroup_check", lambda: lambda d: G1.from_bytes(d, subgroup_check=False))
decoder("g2", lambda: G2.from_bytes)
decoder("g2_no_subgroup_check", lambda: lambda d: G2.from_bytes(d, subgroup_check=False))
decoder("gt", lambda: GT.from_bytes)
decoder("public_key", lambda: PublicKey.from_bytes)
decoder("signature", lambda: Signature.from_bytes)
decoder("minpk_public_key", lambda: MinPkPublicKey.from_bytes)
decoder("minpk_signature", lambda: MinPkSignature.from_bytes)
decoder("minsig_public_key", lambda: MinSigPublicKey.from_bytes)
decoder("minsig_signature", lambda: MinSigSignature.from_bytes)
decoder("secret_key", lambda: SecretKey.from_bytes)
decoder("dkg_message", lambda: dkg.decode)
decoder("dkg_deal", lambda: dkg.Deal.from_bytes)
decoder("dkg_private_share", lambda: dkg.PrivateShare.from_bytes)
decoder("dkg_complaint", lambda: dkg.Complaint.from_bytes)
decoder("dkg_justification", lambda: dkg.Justification.from_bytes)
decoder("public_polynomial", lambda: PublicPolynomial.from_bytes)
decoder("share", lambda: Share.from_bytes)
decoder("partial_signature", lambda: PartialSignature.from_bytes)

# identity-based and timelock encryption, drand beacons
decoder("ibe_ciphertext", lambda: pybls.ibe.Ciphertext.from_bytes)
decoder("ibe_identity_key", lambda: pybls.ibe.IdentityKey.from_bytes)
decoder("ibe_master_key", lambda: pybls.ibe.MasterKey.from_bytes)
decoder("tlock_inspect", lambda: pybls.tlock.inspect, round_trip=False, text=True)

def _outcome(fn: Callable[[], Any]) -> Any:
    try:
        obj = fn()
    except PyblsError as e:
        return type(e)
    return obj.to_bytes() if hasattr(obj, "to_bytes") else obj


@target("decoder_argument_types", TypeError)
def _decoder_argument_types(data: bytes) -> None:
    """Every decoder takes any bytes-like object as it takes bytes, and
    raises TypeError for anything else (an int or str above all)."""
    cur = Cursor(data)
    names = sorted(DECODERS)
    get, text = DECODERS[names[cur.byte() % len(names)]]
    kind = cur.byte() % 8
    raw = cur.rest()
    if kind < 3:
        arg: Any = (bytearray(raw), memoryview(raw), memoryview(bytearray(raw)).toreadonly())[kind]
        want, got = _outcome(lambda: get()(raw)), _outcome(lambda: get()(arg))
        assert want == got, f"{type(arg).__name__} decodes differently from bytes: {got!r} != {want!r}"
        return
    arg = (None, len(raw), raw.hex(), list(raw), float(len(raw)))[kind - 3]
    try:
        get()(arg)
    except TypeError:
        return
    except PyblsError:
        if text and isinstance(arg, str):
            return
        raise
    if not (text and isinstance(arg, str)):
        raise AssertionError(f"a decoder accepted {type(arg).__name__}")


# -- verifiers: bytes in, a bool out, never an exception --------------------------
SCHEMES = [MinPk.Basic, MinPk.Aug, MinPk.PoP, MinSig.Basic, MinSig.Aug, MinSig.PoP]
_PK_SIZES = {id(MinPk): (48, 96), id(MinSig): (96, 48)}


def _scheme(cur: Cursor) -> Any:
    return SCHEMES[cur.byte() % len(SCHEMES)]


def _sizes(scheme: Any) -> Tuple[int, int]:
    return _PK_SIZES[id(MinPk if scheme in SCHEMES[:3] else MinSig)]


def _is_bool(name: str, value: Any) -> None:
    assert value is True or value is False, f"{name} returned {value!r}, not a bool"


@target("verify")
def _verify(data: bytes) -> None:
    cur = Cursor(data)
    scheme = _scheme(cur)
    pk_size, sig_size = _sizes(scheme)
    pk, sig = cur.sized([pk_size]), cur.sized([sig_size])
    _is_bool("verify", scheme.verify(pk, cur.rest(), sig))


@target("key_validate")
def _key_validate(data: bytes) -> None:
    cur = Cursor(data)
    scheme = _scheme(cur)
    _is_bool("key_validate", scheme.key_validate(cur.rest()))


@target("aggregate_verify")
def _aggregate_verify(data: bytes) -> None:
    cur = Cursor(data)
    scheme = _scheme(cur)
    pk_size, sig_size = _sizes(scheme)
    n = cur.byte() % 5
    pks = [cur.sized([pk_size]) for _ in range(n)]
    msgs = [cur.chunk() for _ in range(cur.byte() % 5 if cur.byte() & 1 else n)]
    _is_bool("aggregate_verify", scheme.aggregate_verify(pks, msgs, cur.sized([sig_size])))


@target("fast_aggregate_verify")
def _fast_aggregate_verify(data: bytes) -> None:
    cur = Cursor(data)
    scheme = (MinPk.PoP, MinSig.PoP)[cur.byte() & 1]
    pk_size, sig_size = _sizes(scheme)
    pks = [cur.sized([pk_size]) for _ in range(cur.byte() % 5)]
    sig = cur.sized([sig_size])
    _is_bool("fast_aggregate_verify", scheme.fast_aggregate_verify(pks, cur.rest(), sig))
    _is_bool("pop_verify", scheme.pop_verify(pks[0] if pks else b"", sig))


@target("hashing", PyblsError)
def _hashing(data: bytes) -> None:
    """hash_to_curve / encode_to_curve with any message and DST (long DSTs
    included) land in the subgroup; hash_to_field with any count returns
    that many elements or raises ArgumentError."""
    cur = Cursor(data)
    sel = cur.byte()
    group = G2 if sel & 1 else G1
    dst = cur.take(cur.byte() | (cur.byte() << 8 if sel & 2 else 0))
    count = cur.byte() - 16
    msg = cur.rest()
    p = group.encode_to_curve(msg, dst) if sel & 4 else group.hash_to_curve(msg, dst)
    assert p.in_subgroup(), "hash output outside the subgroup"
    try:
        elements = pybls.hash_to_field(msg, dst, count, group)
    except pybls.errors.ArgumentError:
        assert not 1 <= count <= (127 if group is G1 else 63), f"count {count} refused"
    else:
        assert len(elements) == count, f"{len(elements)} elements for count {count}"


_IBE_KEYS: Dict[str, Any] = {}
IBE_IDENTITY = b"fuzz identity"
IBE_MASTER = bytes(31) + b"\x2a"


def _ibe_key(variant: str) -> Any:
    """A fixed identity key of each orientation (made once)."""
    if variant not in _IBE_KEYS:
        master = pybls.ibe.MasterKey.from_bytes(IBE_MASTER, variant)
        _IBE_KEYS[variant] = master.extract(IBE_IDENTITY)
    return _IBE_KEYS[variant]


@target("ibe_decrypt", PyblsError)
def _ibe_decrypt(data: bytes) -> None:
    """Decryption of arbitrary bytes under a fixed identity key: bytes or a
    DecryptionError (or another PyblsError), never another exception."""
    cur = Cursor(data)
    key = _ibe_key(("MinSig", "MinPk")[cur.byte() & 1])
    pt = pybls.ibe.decrypt(key, cur.rest())
    assert isinstance(pt, bytes)


@target("aead_decrypt", PyblsError)
def _aead_decrypt(data: bytes) -> None:
    """ChaCha20-Poly1305 opening of arbitrary bytes: DecryptionError, or a
    plaintext that seals back to exactly the input (the AEAD is
    deterministic)."""
    cur = Cursor(data)
    key, nonce, aad = cur.sized([32]), cur.sized([12]), cur.chunk()
    ct = cur.rest()
    pt = pybls.aead.chacha20poly1305_decrypt(key, nonce, ct, aad)
    again = pybls.aead.chacha20poly1305_encrypt(key, nonce, pt, aad)
    assert again == ct, "opened a ciphertext that does not seal back to itself"


@target("tlock_decrypt", PyblsError)
def _tlock_decrypt(data: bytes) -> None:
    """A timelock file (binary or armored) with a beacon signature, both
    arbitrary: a plaintext or a PyblsError (DecryptionError, AgeFormatError,
    ...), never another exception."""
    cur = Cursor(data)
    signature = cur.sized([48, 96])
    out = pybls.tlock.decrypt(cur.rest(), signature)
    assert isinstance(out, bytes)


@target("drand_verify")
def _drand_verify(data: bytes) -> None:
    """Beacon verification on every bundled chain with any round and
    signature bytes: a bool, never an exception."""
    cur = Cursor(data)
    names = sorted(pybls.drand.CHAINS)
    chain = names[cur.byte() % len(names)]
    rnd = int.from_bytes(cur.take(9), "big") >> cur.byte() % 72
    signature, previous = cur.sized([48, 96]), cur.sized([48, 96, 0])
    _is_bool("verify_beacon", pybls.drand.verify_beacon(chain, rnd, signature, previous or None))


# -- the py_ecc compatibility layer ------------------------------------------------
def _compat() -> Tuple[Any, List[Any], Allowed]:
    from pybls.compat import py_ecc as compat

    return compat, [compat.G2Basic, compat.G2MessageAugmentation, compat.G2ProofOfPossession], (compat.ValidationError,)


@target("compat_py_ecc")
def _compat_py_ecc(data: bytes) -> None:
    compat, suites, _ = _compat()
    cur = Cursor(data)
    op = cur.byte()
    bls = suites[op % 3]
    if op >> 2 & 3 == 0:
        _is_bool("Verify", bls.Verify(cur.sized([48]), cur.chunk(), cur.sized([96])))
    elif op >> 2 & 3 == 1:
        n = cur.byte() % 4
        pks = [cur.sized([48]) for _ in range(n)]
        msgs = [cur.chunk() for _ in range(n)]
        _is_bool("AggregateVerify", bls.AggregateVerify(pks, msgs, cur.sized([96])))
    elif op >> 2 & 3 == 2:
        _is_bool("KeyValidate", bls.KeyValidate(cur.sized([48])))
        if bls is compat.G2ProofOfPossession:
            pks = [cur.sized([48]) for _ in range(cur.byte() % 4)]
            _is_bool("FastAggregateVerify", bls.FastAggregateVerify(pks, cur.chunk(), cur.sized([96])))
            _is_bool("PopVerify", bls.PopVerify(cur.sized([48]), cur.sized([96])))
    else:
        # documented to raise ValidationError / ValueError on bad input
        try:
            sigs = [cur.sized([96]) for _ in range(cur.byte() % 3)]
            out = bls.Aggregate(sigs)
            assert isinstance(out, bytes) and len(out) == 96
        except (compat.ValidationError, ValueError):
            pass
        try:
            out = bls.SkToPk(int.from_bytes(cur.take(33), "big"))
            assert isinstance(out, bytes) and len(out) == 48
        except compat.ValidationError:
            pass


# -- KZG (EIP-4844 / EIP-7594): the blob and cell decoders ---------------------
def _tiled(cur: Cursor, size: int) -> bytes:
    """`size` bytes (sometimes one more or less) made of the rest of the input."""
    sel = cur.byte()
    size += {0: 1, 1: -1}.get(sel % 16, 0)
    rest = cur.rest() or b"\x00"
    return (rest * (size // len(rest) + 1))[:size]


@target("kzg_blob", group="kzg")
def _kzg_blob(data: bytes) -> None:
    from pybls import kzg
    from pybls.errors import KzgInputError
    from pybls.kzg.eip4844 import blob_internal
    from pybls.kzg._field import R, from_internal

    blob = _tiled(Cursor(data), kzg.BYTES_PER_BLOB)
    values = [int.from_bytes(blob[i:i + 32], "big") for i in range(0, len(blob), 32)]
    bad = len(blob) != kzg.BYTES_PER_BLOB or any(v >= R for v in values)
    try:
        internal = blob_internal(blob)
    except KzgInputError:
        assert bad, "a valid blob was rejected"
        return
    assert not bad, "an invalid blob was accepted"
    assert from_internal(internal, len(values)) == values


@target("kzg_cell", PyblsError, group="kzg")
def _kzg_cell(data: bytes) -> None:
    from pybls import kzg
    from pybls.kzg._field import R

    cur = Cursor(data)
    index = cur.byte() % 130  # 128 and 129 are out of range
    commitment = cur.sized([48])
    proof = cur.sized([48])
    cell = _tiled(cur, kzg.BYTES_PER_CELL)
    values = [int.from_bytes(cell[i:i + 32], "big") for i in range(0, len(cell), 32)]
    ts = kzg.load_trusted_setup(kzg.MAINNET)
    # raises a PyblsError (allowed) for bad input, else answers
    ok = kzg.verify_cell_kzg_proof_batch([commitment], [index], [cell], [proof], ts)
    assert isinstance(ok, bool)
    assert index < 128 and len(cell) == kzg.BYTES_PER_CELL and all(v < R for v in values), "a bad cell was accepted"
