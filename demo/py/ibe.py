# Identity-based and timelock encryption with pybls.ibe, pybls.drand and
# pybls.tlock: the code run by ibe.html. Each "# %%" section is one step of
# the page; the page sets the variables named in its form first.

# %% master
from pybls import errors, ibe

master = ibe.MasterKey.generate()  # the key authority's secret (min-sig: public key in G2)
mpk = master.public_key()  # published: anyone encrypts with it
mpk.to_bytes().hex()

# %% encrypt
box = ibe.encrypt(mpk, recipient.encode(), plaintext.encode())
box.hex()

# %% extract
key = master.extract(holder.encode())  # the authority gives `holder` its key
{"key": key.to_bytes().hex(), "valid_for_holder": key.verify(mpk, holder.encode())}

# %% decrypt
try:
    opened = ibe.decrypt(key, box).decode()
except errors.DecryptionError as e:
    opened = f"DecryptionError: {e}"
opened

# %% timelock
import time

from pybls import drand, errors, tlock

beacon = drand.LocalBeacon(period=1)  # a drand-like chain in this page: a round a second
target_round = beacon.current_round() + seconds_ahead
sealed = tlock.encrypt(plaintext.encode(), target_round, chain=beacon.chain)  # an armored age file
{"round": target_round, "opens_at": beacon.chain.time_of_round(target_round), "now": time.time(), "file": sealed}

# %% too-early
try:
    signature = beacon.signature(target_round)
    early = "published already"
except errors.RoundNotReachedError as e:
    early = f"RoundNotReachedError: {e}"
early

# %% published
signature = beacon.signature(target_round)  # the chain publishes the round once its time has come
{"signature": signature.hex(), "valid": drand.verify_beacon(beacon.chain, target_round, signature),
 "plaintext": tlock.decrypt(sealed, signature, chains=[beacon.chain]).decode()}

# %% paste
from pybls import drand, errors, tlock

locked_to = tlock.inspect(tlock_file)  # the round and chain the file waits for
try:
    chain = drand.chain_by_hash(locked_to.chain_hash).beacon_id
except errors.UnknownChainError:
    chain = "an unknown chain " + locked_to.chain_hash.hex()
try:
    opened = tlock.decrypt(tlock_file, round_signature).decode(errors="replace")
except errors.PyblsError as e:
    opened = f"{type(e).__name__}: {e}"
{"round": locked_to.round, "chain": chain, "opened": opened}
