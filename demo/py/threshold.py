# Threshold BLS with pybls.threshold: the code run by threshold.html.
# Each "# %%" section is one step of the page; the page sets the variables
# named in its form (t, n, cheats, message, signers, new_t, new_n) first.

# %% dkg
from pybls import G1, threshold
from pybls.threshold import Polynomial
from pybls.threshold.dkg import Config, Deal, Dealer, Player, PrivateShare, Transcript

cfg = Config.new(t, n)  # parties 1..n, each a dealer and a player; min-pk PoP
players = {j: Player(cfg, j) for j in cfg.players}
transcript = Transcript(cfg)  # everything broadcast
dealers, sent = {}, {}
for i in cfg.dealers:
    cheat = cheats.get(i)  # how dealer i cheats, if it does (from the form)
    if cheat == "silent":
        continue  # sends nothing
    if cheat == "wrong degree":  # commits to a polynomial of degree t, not t - 1
        f = Polynomial.random(t)
        deal = Deal(i, f.commit(G1))
        shares = {j: PrivateShare(i, j, f.evaluate(j)) for j in cfg.players}
    else:
        dealers[i] = Dealer(cfg, i)
        deal, shares = dealers[i].deal()
    if cheat in ("bad share", "bad share, then answers"):
        victim = cfg.players[i % n]  # the next party gets a wrong value
        shares[victim] = PrivateShare(i, victim, shares[victim].value + 1)
    transcript.add(deal)  # the commitment is broadcast,
    sent[i] = (deal, shares)  # each share goes to its player privately

# each player checks its shares against the commitments
complaints = []
for i, (deal, shares) in sent.items():
    for j, player in players.items():
        complaint = player.receive(deal, shares[j])
        if complaint is not None:
            complaints.append(complaint)
            transcript.add(complaint)

# accused dealers reveal the disputed shares (the "bad share" cheater does not)
for i, dealer in dealers.items():
    if cheats.get(i) != "bad share":
        for answer in dealer.justify([c for c in complaints if c.dealer == i]):
            transcript.add(answer)

result = transcript.result()
shares = {j: player.finalize(result) for j, player in players.items()}
{"commitments": {i: [c.to_bytes().hex() for c in deal.commitment.coefficients]
                 for i, (deal, _) in sent.items()},
 "complaints": [[c.player, c.dealer] for c in complaints],
 "qualified": result.qualified,
 "disqualified": result.disqualified,
 "group_key": result.public_key.to_bytes().hex()}

# %% partials
msg = message.encode()
partials = [shares[j].sign(msg) for j in signers]  # the parties picked
{p.index: threshold.verify_partial(p, result.public_polynomial, msg) for p in partials}

# %% recover
signature = threshold.recover(partials, t)  # any t partials give the same signature
{"signature": signature.to_bytes().hex(),
 "valid": cfg.scheme.verify(result.public_key, msg, signature)}

# %% too-few
fewer = [shares[j].sign(msg) for j in sorted(shares)[: t - 1]]
try:
    threshold.recover(fewer, t)
except threshold.errors.TooFewPartialsError as e:
    refused = f"{type(e).__name__}: {e}"
# interpolating t - 1 partials anyway gives a signature that does not verify
forged = threshold.recover(fewer, t - 1)
{"refused": refused, "valid": cfg.scheme.verify(result.public_key, msg, forged)}

# %% reshare
# the holders of the current shares deal them to a new committee 1..new_n
new_cfg = Config.reshare(result.public_polynomial, sorted(shares), new_t, new_n)
new_players = {j: Player(new_cfg, j) for j in new_cfg.players}
new_transcript = Transcript(new_cfg)
for i, share in shares.items():
    deal, private = Dealer(new_cfg, i, share).deal()
    new_transcript.add(deal)
    for j, player in new_players.items():
        complaint = player.receive(deal, private[j])
        if complaint is not None:
            new_transcript.add(complaint)
new_result = new_transcript.result()
new_shares = {j: player.finalize(new_result) for j, player in new_players.items()}
some = sorted(new_shares)[-new_t:]  # any new_t of the new parties
new_signature = threshold.recover([new_shares[j].sign(msg) for j in some], new_t)
{"group_key": new_result.public_key.to_bytes().hex(),
 "same_key": new_result.public_key == result.public_key,
 "signers": some,
 "valid": cfg.scheme.verify(result.public_key, msg, new_signature)}
