# Two-level homomorphic encryption with pybls.she: the code run by she.html.
# Each "# %% name" section is one step of the page; the page sets the
# variables named in its form (curve, n, yes_share, cheat, xs, ys) first.

# %% authority
from pybls import she

sk = she.SecretKey.generate(curve)  # the key authority's secret (two scalars)
pk = sk.public_key()  # published: voters encrypt with it
table = she.DecryptionTable.build(curve, "g1", bound=1 << 20, baby_steps=1024)  # tallies up to 2**20 - 1
votes, ballots = [], []  # a new poll
{"public_key": pk.to_bytes().hex(), "table": repr(table)}

# %% vote
import random

votes = [1 if random.random() < yes_share else 0 for _ in range(n)]  # what each voter picks (secret)
ballots = [pk.enc_with_proof_bin(v) for v in votes]  # each: a G1 ciphertext and a proof it holds 0 or 1
if cheat:
    # The last voter encrypts 2, to count twice. No 0/1 proof exists for it
    # (enc_with_proof_bin(2) raises ArgumentError), so it sends another ballot's proof.
    votes[-1] = 2
    ballots[-1] = (pk.enc_g1(2), ballots[0][1])
{"ballots": len(ballots), "bytes_each": len(ballots[0][0].to_bytes()) + len(ballots[0][1].to_bytes()),
 "first": ballots[0][0].to_bytes().hex()}

# %% tally
valid = [pk.verify_bin(c, proof) for c, proof in ballots]  # anyone checks every proof
rejected = [i + 1 for i, ok in enumerate(valid) if not ok]
tally = sum((c for (c, _), ok in zip(ballots, valid) if ok), pk.enc_g1(0))  # summed while encrypted
{"rejected": rejected, "tally": tally.to_bytes().hex()}

# %% decrypt
total, proof = sk.decrypt_with_proof(tally, table)  # only the total is decrypted
checked = pk.verify_decryption(tally, total, proof)  # anyone checks the decryption
honest = sum(v for v, ok in zip(votes, valid) if ok)  # the page knows the votes: compare
{"total": total, "proof_valid": checked, "expected": honest, "proof": proof.to_bytes().hex()}

# %% inner
from pybls import she

gt_table = she.DecryptionTable.build(curve, "gt", bound=1 << 24, baby_steps=4096)
cx = [pk.enc_g1(x) for x in xs]  # one party's vector, encrypted in G1
cy = [pk.enc_g2(y) for y in ys]  # another's, encrypted in G2
product = cx[0] * cy[0]  # one multiplication: G1 x G2 -> GT
inner = she.inner_product(cx, cy)  # sum of products, one final exponentiation per component
{"first_product": sk.decrypt(product, gt_table), "inner_product": sk.decrypt(inner, gt_table),
 "expected": sum(x * y for x, y in zip(xs, ys))}
