"""Drop-in replacements for the APIs of other BLS libraries, built on pybls.

* :mod:`pybls.compat.py_ecc`: the ciphersuites of ``py_ecc.bls``
  (``G2Basic``, ``G2MessageAugmentation``, ``G2ProofOfPossession``).
"""
