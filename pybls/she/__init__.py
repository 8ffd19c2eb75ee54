"""SHE: two-level homomorphic encryption over a pairing, as in mcl's she.

ElGamal-style ("lifted") encryption of integers in G1, G2 and GT of any
pybls curve (default BLS12-381; mcl's default curve is ``"bn254_nogami"``).
Ciphertexts of one level add, subtract and multiply by integers without
limit; a G1 ciphertext times a G2 ciphertext gives a GT ciphertext of the
product (one multiplication), so sums and inner products of encrypted
values can be computed by anyone holding the ciphertexts, and only the
secret key's holder decrypts. Decryption solves a small discrete
logarithm with a :class:`DecryptionTable`; zero-knowledge proofs show a
ciphertext holds 0 or 1 (:class:`ZkpBin`), that a G1 and a G2 ciphertext
hold the same value (:class:`ZkpEq`, :class:`ZkpBinEq`), or that a
decryption is correct (:class:`ZkpDec`, :class:`ZkpDecGT`).

>>> from pybls import she
>>> sk = she.SecretKey.generate()
>>> pk = sk.public_key()
>>> c = pk.enc_g1(3) + pk.enc_g1(4)
>>> sk.decrypt(c) == 7
True
>>> sk.decrypt(pk.enc_g1(6) * pk.enc_g2(7)) == 42
True
>>> ct, proof = pk.enc_with_proof_bin(1)
>>> pk.verify_bin(ct, proof)
True

An encrypted poll: each ballot is 0 or 1 with a proof, the tally is their
sum, and the key holder publishes the total with a proof of decryption.

>>> ballots = [pk.enc_with_proof_bin(v) for v in (1, 0, 1)]
>>> all(pk.verify_bin(c, z) for c, z in ballots)
True
>>> tally = sum((c for c, _ in ballots[1:]), ballots[0][0])
>>> total, dproof = sk.decrypt_with_proof(tally)
>>> total, pk.verify_decryption(tally, total, dproof)
(2, True)

Values outside a table's range raise :data:`RangeError` (never a wrong
number):

>>> small = she.DecryptionTable.build(bound=100, baby_steps=16)
>>> sk.decrypt(pk.enc_g1(99), small)
99
>>> sk.decrypt(pk.enc_g1(100), small)
Traceback (most recent call last):
...
pybls.errors.PlaintextRangeError: the plaintext is not in the range of the decryption table (|m| < 100); use a table with a larger bound

Differences from mcl's SHE: the bases are the curves' generators (mcl
hashes "0" to G1 and G2), the proofs' hashes are domain separated and
cover the public key, and the encodings are pybls's (compressed points of
each curve, GT as twelve coefficients); so keys, ciphertexts and proofs
are not exchanged with mcl, and the tests check the scheme's identities
rather than mcl's bytes (mcl's own SHE tests publish no known answers).
"""

from __future__ import annotations

from ..errors import PlaintextRangeError, TableFormatError
from .ciphertexts import CipherTextG1, CipherTextG2, CipherTextGT, inner_product
from .keys import PublicKey, SecretKey
from .proofs import ZkpBin, ZkpBinEq, ZkpDec, ZkpDecGT, ZkpEq
from .table import DEFAULT_RANGES, DecryptionTable

#: Raised when a plaintext lies outside the decryption table's range
#: (:class:`pybls.errors.PlaintextRangeError`).
RangeError = PlaintextRangeError

__all__ = [
    "SecretKey",
    "PublicKey",
    "CipherTextG1",
    "CipherTextG2",
    "CipherTextGT",
    "inner_product",
    "DecryptionTable",
    "DEFAULT_RANGES",
    "ZkpBin",
    "ZkpEq",
    "ZkpBinEq",
    "ZkpDec",
    "ZkpDecGT",
    "RangeError",
    "TableFormatError",
]
