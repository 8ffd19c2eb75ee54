// threshold.html: distributed key generation, threshold signing and
// resharing with pybls.threshold (the Python is demo/py/threshold.py).
import { startDemo, setResult, onClick, fmtMs, shortHex } from "./demo.mjs";

const $ = (id) => document.getElementById(id);
const CHEATS = ["honest", "bad share", "bad share, then answers", "wrong degree", "silent"];
const demo = await startDemo({ python: "py/threshold.py" });
let current = null; // { t, n } of the last key generation

function readInt(id, lo, hi) {
  const v = Number($(id).value);
  if (!Number.isInteger(v) || v < lo || v > hi) {
    throw new Error(`${$(id).labels[0].textContent.trim()} must be a whole number from ${lo} to ${hi}`);
  }
  return v;
}

function renderCheats() {
  const n = Math.max(1, Math.min(16, Number($("n").value) || 1));
  const body = $("cheats").tBodies[0];
  const old = new Map([...body.querySelectorAll("select")].map((s) => [s.id, s.value]));
  body.replaceChildren();
  for (let i = 1; i <= n; i++) {
    const tr = body.insertRow();
    const label = document.createElement("label");
    label.htmlFor = `cheat-${i}`;
    label.textContent = `dealer ${i}`;
    tr.insertCell().append(label);
    const select = document.createElement("select");
    select.id = `cheat-${i}`;
    for (const c of CHEATS) select.append(new Option(c, c));
    select.value = old.get(select.id) ?? "honest";
    tr.insertCell().append(select);
  }
}

function renderSigners(n, t) {
  const box = $("signers");
  box.replaceChildren();
  for (let j = 1; j <= n; j++) {
    const label = document.createElement("label");
    label.className = "inline";
    const cb = Object.assign(document.createElement("input"), { type: "checkbox", id: `signer-${j}`, value: j });
    cb.checked = j <= t;
    label.append(cb, ` party ${j}`);
    box.append(label);
  }
}

async function runDkg() {
  const n = readInt("n", 1, 16);
  const t = readInt("t", 1, n);
  const cheats = new Map();
  for (let i = 1; i <= n; i++) {
    const c = $(`cheat-${i}`).value;
    if (c !== "honest") cheats.set(i, c);
  }
  for (const id of ["partials-out", "recover-out", "too-few-out", "reshare-out"]) setResult($(id), "info", "");
  $("dealers").tBodies[0].replaceChildren();
  const { value, ms } = await demo.run("dkg", { t, n, cheats });
  const body = $("dealers").tBodies[0];
  for (let i = 1; i <= n; i++) {
    const tr = body.insertRow();
    tr.dataset.dealer = i;
    tr.insertCell().textContent = `${i}${cheats.has(i) ? ` (${cheats.get(i)})` : ""}`;
    const c = tr.insertCell();
    c.className = "hex";
    const points = value.commitments[i];
    c.textContent = points ? points.map((p) => shortHex(p, 12)).join("\n") : "(sent nothing)";
    c.style.whiteSpace = "pre-line";
    const outcome = tr.insertCell();
    const reason = value.disqualified[i];
    const tag = Object.assign(document.createElement("span"), {
      className: `tag ${reason ? "bad" : "ok"}`,
      textContent: reason ? "excluded" : "qualified",
    });
    outcome.append(tag, reason ? ` ${reason}` : "");
  }
  const excluded = Object.keys(value.disqualified).map(Number);
  const complaints = value.complaints.map(([p, d]) => `player ${p} → dealer ${d}`).join(", ") || "none";
  setResult($("dkg-out"), "valid",
    `qualified: [${value.qualified.join(", ")}]; excluded: [${excluded.join(", ")}]\n` +
    `complaints: ${complaints}\ngroup public key: ${value.group_key}\n(${fmtMs(ms)})`);
  current = { t, n };
  renderSigners(n, t);
  $("too-few").disabled = t === 1;
}

function picked() {
  return [...$("signers").querySelectorAll("input:checked")].map((cb) => Number(cb.value));
}

onClick("#run-dkg", "#dkg-out", runDkg);
$("n").addEventListener("input", renderCheats);

onClick("#sign", "#recover-out", async () => {
  const signers = picked();
  setResult($("partials-out"), "busy", "running…");
  const partials = await demo.run("partials", { message: $("message").value, signers });
  const all = Object.values(partials.value).every(Boolean);
  setResult($("partials-out"), all ? "valid" : "invalid",
    `${signers.length} partial signatures from parties [${signers.join(", ")}]: ` +
    `${Object.entries(partials.value).map(([j, ok]) => `${j} ${ok ? "valid" : "invalid"}`).join(", ") || "none"} ` +
    `(${fmtMs(partials.ms)})`);
  const { value, ms } = await demo.run("recover");
  setResult($("recover-out"), value.valid ? "valid" : "invalid",
    `recovered from ${current.t} partials: ${value.valid ? "valid" : "invalid"} under the group key (${fmtMs(ms)})\n` +
    `signature: ${value.signature}`);
});

onClick("#too-few", "#too-few-out", async () => {
  const { value, ms } = await demo.run("too-few", { message: $("message").value });
  setResult($("too-few-out"), value.valid ? "valid" : "invalid",
    `${current.t - 1} partials: recover(…, t) refused with ${value.refused}; ` +
    `interpolating them anyway: ${value.valid ? "valid" : "invalid"} (${fmtMs(ms)})`);
});

onClick("#reshare", "#reshare-out", async () => {
  const newN = readInt("new-n", 1, 16);
  const newT = readInt("new-t", 1, newN);
  const { value, ms } = await demo.run("reshare", { new_t: newT, new_n: newN, message: $("message").value });
  const ok = value.same_key && value.valid;
  setResult($("reshare-out"), ok ? "valid" : "invalid",
    `reshared to ${newT} of ${newN}: group key ${value.same_key ? "unchanged" : "CHANGED"}; ` +
    `new parties [${value.signers.join(", ")}] signed: ${value.valid ? "valid" : "invalid"} (${fmtMs(ms)})\n` +
    `group public key: ${value.group_key}`);
});

renderCheats();
$("run-dkg").click();
demo.ready();
