"""Drop-in replacements for the APIs of other BLS libraries, built on pybls.

* :mod:`pybls.compat.py_ecc`: the ciphersuites of ``py_ecc.bls``
  (``G2Basic``, ``G2MessageAugmentation``, ``G2ProofOfPossession``);
  :mod:`pybls.compat.py_ecc.bn128`, :mod:`pybls.compat.py_ecc.optimized_bn128`
  and :mod:`pybls.compat.py_ecc.optimized_bls12_381`: py_ecc's curve modules
  of the same names, on py_ecc's field classes.
* :mod:`pybls.compat.ckzg`: the functions of ``ckzg`` (c-kzg-4844's Python
  binding), with its argument types and exceptions.

The public key and a signature of the Ethereum consensus tests
(ethereum/bls12-381-tests), through py_ecc's API:

>>> from pybls.compat.py_ecc import G2ProofOfPossession as bls
>>> sk = 0x328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216
>>> pk = bls.SkToPk(sk)
>>> pk.hex()
'b53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f'
>>> bls.Sign(sk, b"\\xab" * 32).hex()[:32]
'ae82747ddeefe4fd64cf9cedb9b04ae3'
"""
