# The check index.html runs once pybls has loaded.

# %% check
from pybls import G1, G2, Scalar, pairing

a, b = Scalar.random(), Scalar.random()
P, Q = G1.generator(), G2.generator()
pairing(P * a, Q * b) == pairing(P, Q) ** (a * b)  # bilinearity
