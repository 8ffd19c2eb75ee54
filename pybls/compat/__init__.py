"""Drop-in replacements for the APIs of other BLS libraries, built on pybls.

* :mod:`pybls.compat.py_ecc`: the ciphersuites of ``py_ecc.bls``
  (``G2Basic``, ``G2MessageAugmentation``, ``G2ProofOfPossession``);
  :mod:`pybls.compat.py_ecc.bn128`, :mod:`pybls.compat.py_ecc.optimized_bn128`
  and :mod:`pybls.compat.py_ecc.optimized_bls12_381`: py_ecc's curve modules
  of the same names, on py_ecc's field classes.
* :mod:`pybls.compat.ckzg`: the functions of ``ckzg`` (c-kzg-4844's Python
  binding), with its argument types and exceptions.
"""
