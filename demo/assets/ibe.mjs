// ibe.html: identity-based encryption (pybls.ibe) and timelock encryption
// (pybls.tlock with a local pybls.drand beacon); the Python is demo/py/ibe.py.
import { startDemo, setResult, onClick, enqueue, fmtMs, shortHex } from "./demo.mjs";

const $ = (id) => document.getElementById(id);
const demo = await startDemo({ python: "py/ibe.py" });
let ticker = null;

onClick("#master", "#master-out", async () => {
  const { value, ms } = await demo.run("master");
  setResult($("master-out"), "info", `master public key (${value.length / 2} bytes, ${fmtMs(ms)}):\n${value}`);
  for (const id of ["encrypt-out", "decrypt-out"]) setResult($(id), "info", "");
});

onClick("#encrypt", "#encrypt-out", async () => {
  const recipient = $("recipient").value;
  const { value, ms } = await demo.run("encrypt", { recipient, plaintext: $("plaintext").value });
  setResult($("encrypt-out"), "info",
    `ciphertext for ${JSON.stringify(recipient)} (${value.length / 2} bytes, ${fmtMs(ms)}):\n${shortHex(value, 48)}`);
  setResult($("decrypt-out"), "info", "");
});

async function decryptAs(holder) {
  const extract = await demo.run("extract", { holder });
  const { value, ms } = await demo.run("decrypt");
  const failed = value.startsWith("DecryptionError");
  setResult($("decrypt-out"), failed ? "invalid" : "valid",
    `${failed ? "not decrypted" : "decrypted"} with the key of ${JSON.stringify(holder)} ` +
    `(extract ${fmtMs(extract.ms)}, decrypt ${fmtMs(ms)}):\n${value}`);
}
onClick("#decrypt", "#decrypt-out", () => decryptAs($("holder").value));
onClick("#decrypt-other", "#decrypt-out", () => decryptAs("mallory@example.com"));

function stopTicker() {
  if (ticker !== null) clearInterval(ticker);
  ticker = null;
}

onClick("#lock", "#lock-out", async () => {
  stopTicker();
  const ahead = Number($("ahead").value);
  if (!Number.isInteger(ahead) || ahead < 1 || ahead > 60) throw new Error("seconds ahead: a whole number from 1 to 60");
  setResult($("early-out"), "info", "");
  const { value, ms } = await demo.run("timelock", { plaintext: $("plaintext").value, seconds_ahead: ahead });
  $("sealed").value = value.file;
  // The page's clock and Python's are the same; count down to the round's time.
  const opensAt = performance.now() + (value.opens_at - value.now) * 1000;
  setResult($("lock-out"), "info", `locked to round ${value.round} (${fmtMs(ms)}); waiting for the beacon…`);
  $("lock-out").dataset.round = value.round;
  const countdown = $("countdown");
  countdown.hidden = false;
  const tick = () => {
    const left = Math.max(0, opensAt - performance.now()) / 1000;
    countdown.textContent = left > 0 ? `round ${value.round} is published in ${left.toFixed(1)} s`
      : `round ${value.round} is published`;
    if (left <= 0) {
      stopTicker();
      // A little after the round's time, as a beacon client polls.
      setTimeout(() => enqueue($("lock-out"), () => open(value.round)), 150);
    }
  };
  tick();
  ticker = setInterval(tick, 100);
});

async function open(round) {
  const { value, ms } = await demo.run("published");
  setResult($("lock-out"), value.valid ? "valid" : "invalid",
    `decrypted with the beacon's signature of round ${round} ` +
    `(${value.valid ? "a valid" : "an INVALID"} beacon signature, ${fmtMs(ms)}):\n${value.plaintext}\n` +
    `signature: ${value.signature}`);
}

onClick("#early", "#early-out", async () => {
  const { value } = await demo.run("too-early");
  setResult($("early-out"), value.startsWith("RoundNotReachedError") ? "invalid" : "info", value);
});

onClick("#paste", "#paste-out", async () => {
  const { value, ms } = await demo.run("paste", {
    tlock_file: $("tlock-file").value,
    round_signature: $("round-signature").value.trim(),
  });
  const failed = /^[A-Za-z]+Error: /.test(value.opened);
  setResult($("paste-out"), failed ? "invalid" : "valid",
    `locked to round ${value.round} of ${value.chain}; ${failed ? "not decrypted" : "decrypted"} (${fmtMs(ms)}):\n` +
    value.opened);
});

$("master").click();
demo.ready();
