// she.html: an encrypted poll and an encrypted inner product with
// pybls.she; the Python is demo/py/she.py.
import { startDemo, setResult, onClick, fmtMs, shortHex } from "./demo.mjs";

const $ = (id) => document.getElementById(id);
const demo = await startDemo({ python: "py/she.py" });
const LATER = ["vote-out", "tally-out", "decrypt-out", "inner-out"];

function ints(text, what) {
  const parts = text.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (parts.length === 0 || parts.length > 64 || !parts.every((s) => /^-?\d{1,6}$/.test(s))) {
    throw new Error(`${what}: 1 to 64 integers of at most 6 digits, separated by commas`);
  }
  return parts.map(Number);
}

onClick("#authority", "#authority-out", async () => {
  const { value, ms } = await demo.run("authority", { curve: $("curve").value });
  setResult($("authority-out"), "info",
    `public key (${value.public_key.length / 2} bytes) and decryption table in ${fmtMs(ms)}:\n` +
    `${shortHex(value.public_key, 48)}\n${value.table}`);
  for (const id of LATER) setResult($(id), "info", "");
});

onClick("#vote", "#vote-out", async () => {
  const n = Number($("n").value);
  const yes = Number($("yes-share").value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error("voters: a whole number from 1 to 1000");
  if (!(yes >= 0 && yes <= 1)) throw new Error("share voting yes: a number from 0 to 1");
  const { value, ms } = await demo.run("vote", { n, yes_share: yes, cheat: $("cheat").checked });
  setResult($("vote-out"), "info",
    `${value.ballots} ballots of ${value.bytes_each} bytes (ciphertext and proof) in ${fmtMs(ms)} ` +
    `(${fmtMs(ms / value.ballots)} each); the first ciphertext:\n${shortHex(value.first, 48)}`);
  for (const id of ["tally-out", "decrypt-out"]) setResult($(id), "info", "");
});

onClick("#tally", "#tally-out", async () => {
  const { value, ms } = await demo.run("tally");
  const caught = value.rejected.length > 0;
  setResult($("tally-out"), caught ? "invalid" : "valid",
    (caught ? `proof REJECTED for voter ${value.rejected.join(", ")}: that ballot is left out; `
      : "every proof is valid; ") +
    `checked and summed in ${fmtMs(ms)}. The encrypted tally:\n${shortHex(value.tally, 48)}`);
  setResult($("decrypt-out"), "info", "");
});

onClick("#decrypt", "#decrypt-out", async () => {
  const { value, ms } = await demo.run("decrypt");
  const good = value.proof_valid && value.total === value.expected;
  setResult($("decrypt-out"), good ? "valid" : "invalid",
    `total: ${value.total} yes (decrypted with a proof in ${fmtMs(ms)}); ` +
    `the proof of decryption is ${value.proof_valid ? "valid" : "INVALID"}; ` +
    `the counted ballots held ${value.expected}`);
});

onClick("#inner", "#inner-out", async () => {
  const xs = ints($("xs").value, "x");
  const ys = ints($("ys").value, "y");
  if (xs.length !== ys.length) throw new Error("x and y must have the same length");
  const { value, ms } = await demo.run("inner", { xs, ys });
  const good = value.inner_product === value.expected;
  setResult($("inner-out"), good ? "valid" : "invalid",
    `x·y = ${value.inner_product} (expected ${value.expected}); x[0]·y[0] = ${value.first_product}; ` +
    `encrypted, multiplied and decrypted in ${fmtMs(ms)}`);
});

$("authority").click();
demo.ready();
