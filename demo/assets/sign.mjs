// sign.html: BLS signatures with pybls.sig on the curve picked (the Python
// is demo/py/sign.py), and the curves compared in a chart.
import { startDemo, setResult, enqueue, onClick, describeError, fmtMs, shortHex, addRow, clearRows } from "./demo.mjs";
import { barChart } from "./chart.mjs";

const $ = (id) => document.getElementById(id);
const demo = await startDemo({ python: "py/sign.py" });

const variant = () => document.querySelector('input[name="variant"]:checked').value;
const message = () => $("message").value;
const radio = (name) => document.querySelector(`input[name="variant"][value="${name}"]`);
const GROUP = { MinPk: "G2", MinSig: "G1" }; // each variant's signature group

// The curves offered ({key, name, security}, the "curves" section's value)
// and the current curve's facts (the "curve" section's) once it has loaded.
const offered = (await demo.run("curves")).value;
let current = null;

for (const { key, name, security } of offered) {
  $("curve").append(new Option(`${name} (${security}-bit security)`, key));
}

// Load curve `key` (its core, on first use), show its facts and sizes, and
// pick a variant it has.
async function pickCurve(key) {
  let value, ms;
  try {
    ({ value, ms } = await demo.run("curve", { curve: key }));
    if (Object.keys(value.variants).length === 0) {
      throw new Error(`${value.name} hashes to neither G1 nor G2, so it has no BLS signatures (yet)`);
    }
  } catch (error) {
    // A curve pybls lists but that cannot sign here: it stays in the list, disabled.
    const option = [...$("curve").options].find((o) => o.value === key);
    option.disabled = true;
    option.textContent += " (unavailable)";
    if (current) $("curve").value = current.key;
    throw error;
  }
  const { security } = offered.find((c) => c.key === key);
  current = { key, security, ...value };
  for (const name of Object.keys(GROUP)) {
    const sizes = value.variants[name];
    radio(name).disabled = !sizes;
    document.querySelector(`[data-sizes="${name}"]`).textContent = sizes
      ? `: ${sizes.public}-byte keys, ${sizes.signature}-byte signatures`
      : `: not on ${value.name}, which has no hash to ${GROUP[name]}`;
  }
  if (!value.variants[variant()]) radio(Object.keys(value.variants)[0]).checked = true;
  $("secret-bytes").textContent = value.secret_bytes;
  const suites = value.ciphersuites.join("\n");
  const missing = Object.keys(GROUP).filter((name) => !value.variants[name])
    .map((name) => `\nno ${name}: ${value.name} has no hash to ${GROUP[name]}`).join("");
  setResult($("curve-out"), "info",
    `${value.name}, ${security}-bit security; ${value.secret_bytes}-byte secret keys (${fmtMs(ms)})\n${suites}${missing}`);
}

async function keys(secretHex) {
  const { value, ms } = await demo.run("keys", { variant: variant(), secret_hex: secretHex });
  $("secret").value = value.secret;
  setResult($("keys-out"), "info", `public key (${value.public.length / 2} bytes, ${fmtMs(ms)}):\n${value.public}`);
  for (const id of ["sign-out", "verify-out", "tamper-out"]) setResult($(id), "info", "");
  await sign();
}

async function sign() {
  const { value, ms } = await demo.run("sign", { message: message() });
  setResult($("sign-out"), "info", `signature (${value.length / 2} bytes, ${fmtMs(ms)}):\n${value}`);
  setResult($("verify-out"), "info", "");
}

async function verify() {
  const { value, ms } = await demo.run("verify", { message: message() });
  setResult($("verify-out"), value ? "valid" : "invalid",
    `${value ? "valid" : "invalid"}: verify returned ${value ? "True" : "False"} (${fmtMs(ms)})`);
}

async function tamper(target) {
  const { value, ms } = await demo.run("tamper", { target, message: message() });
  const changed = target === "message" ? `message now ${JSON.stringify(value.message)}`
    : target === "public key" ? `public key now ${shortHex(value.public)}`
    : `signature now ${shortHex(value.signature)}`;
  setResult($("tamper-out"), value.valid ? "valid" : "invalid",
    `${value.valid ? "valid" : "invalid"} after flipping a bit of the ${target}: ${changed} (${fmtMs(ms)})`);
}

async function steps(table, out, list) {
  clearRows(table);
  setResult(out, "busy", "running…");
  let total = 0;
  const results = {};
  for (const [name, label, inputs, show] of list) {
    const { value, ms } = await demo.run(name, inputs);
    total += ms;
    const [text, state] = show(value);
    results[name] = value;
    addRow(table, label, text, ms, state);
  }
  return { results, total };
}

onClick("#gen-key", "#keys-out", () => keys(""));
onClick("#use-key", "#keys-out", () => keys($("secret").value.trim()));
onClick("#sign", "#sign-out", sign);
onClick("#verify", "#verify-out", verify);
onClick("#flip-message", "#tamper-out", () => tamper("message"));
onClick("#flip-key", "#tamper-out", () => tamper("public key"));
onClick("#flip-signature", "#tamper-out", () => tamper("signature"));
for (const r of document.querySelectorAll('input[name="variant"]')) {
  r.addEventListener("change", () => {
    $("secret").value = "";
    $("gen-key").click();
  });
}
$("curve").addEventListener("change", () => {
  const key = $("curve").value;
  $("secret").value = "";
  enqueue($("keys-out"), async () => {
    await pickCurve(key);
    await keys("");
  });
});

$("n").addEventListener("input", () => ($("n-value").textContent = $("n").value));
onClick("#aggregate", "#agg-out", async () => {
  const n = Number($("n").value);
  const msg = message();
  const { results, total } = await steps("#agg-table", $("agg-out"), [
    ["signers", `${n} key pairs`, { n }, () => ["", ""]],
    ["sign-all", `${n} signatures`, { message: msg }, () => ["", ""]],
    ["aggregate", "aggregate", {}, (v) => [shortHex(v), ""]],
    ["fast-verify", "fast_aggregate_verify", { message: msg },
      (v) => [`${v.valid ? "valid" : "invalid"}; without the first signer: ${v.without_first_signer ? "valid" : "invalid"}`,
        v.valid && !v.without_first_signer ? "valid" : "invalid"]],
  ]);
  const ok = results["fast-verify"].valid && !results["fast-verify"].without_first_signer;
  setResult($("agg-out"), ok ? "valid" : "invalid",
    `${ok ? "valid" : "invalid"}: one ${current.variants[variant()].signature}-byte signature for ${n} signers; ` +
    `all steps ${fmtMs(total)}`);
});

onClick("#batch", "#batch-out", async () => {
  const size = Math.max(2, Math.min(256, Number($("batch-size").value) || 32));
  const { results, total } = await steps("#batch-table", $("batch-out"), [
    ["batch", `${size} signers sign`, { batch_size: size, message: message() }, () => ["", ""]],
    ["batch-verify", "batch_verify", {}, (v) => [v ? "valid" : "invalid", v ? "valid" : "invalid"]],
    ["one-by-one", `verify one by one (${size})`, {}, (v) => [v ? "valid" : "invalid", v ? "valid" : "invalid"]],
    ["batch-bad", "one message changed", {},
      (v) => [`${v.valid ? "valid" : "invalid"}; find_invalid: [${v.invalid.join(", ")}]`, v.valid ? "valid" : "invalid"]],
  ]);
  const ok = results["batch-verify"] && results["one-by-one"] && !results["batch-bad"].valid;
  setResult($("batch-out"), ok ? "valid" : "invalid",
    `${ok ? "valid" : "invalid"}: the batch of ${size} verifies, the altered one does not ` +
    `(found: [${results["batch-bad"].invalid.join(", ")}]); all steps ${fmtMs(total)}`);
});

// The curves compared: each measured in turn (the table and the chart grow
// as they come in); a curve that fails to load gets a row saying why.
function drawCharts(rows) {
  const groups = rows.map((r) => ({
    label: r.name,
    note: [`${r.security}-bit`, r.variant ?? (r.unavailable ? "no signatures" : "failed")].join(", "),
  }));
  const measured = (field) => rows.map((r) => (r.error || r.unavailable ? null : r[field]));
  $("chart-sizes").replaceChildren(barChart({
    title: "Sizes (bytes, compressed)",
    groups,
    series: [{ name: "public key", values: measured("public") }, { name: "signature", values: measured("signature") }],
    format: (v) => `${v} B`,
  }));
  $("chart-times").replaceChildren(barChart({
    title: "Times in this tab (ms)",
    groups,
    series: [
      { name: "key generation", values: measured("keygen") },
      { name: "sign", values: measured("sign") },
      { name: "verify", values: measured("verify") },
    ],
    format: fmtMs,
  }));
  $("compare-chart").hidden = false;
}

onClick("#compare", "#compare-out", async () => {
  const table = $("compare-table").tBodies[0];
  table.replaceChildren();
  $("compare-chart").hidden = true;
  const rows = [];
  let total = 0;
  for (const { key, name, security } of offered) {
    setResult($("compare-out"), "busy", `measuring ${name}…`);
    const row = { key, name, security };
    try {
      const { value, ms } = await demo.run("measure", { compare_curve: key, variant: variant() });
      Object.assign(row, value);
      total += ms;
    } catch (error) {
      row.error = describeError(error);
    }
    rows.push(row);
    const tr = table.insertRow();
    tr.dataset.curve = key;
    tr.insertCell().textContent = row.name;
    tr.insertCell().textContent = `${security}-bit`;
    if (row.error || row.unavailable) {
      const cell = tr.insertCell();
      cell.colSpan = 6;
      if (row.error) cell.dataset.state = "error";
      cell.textContent = row.error ?? row.unavailable;
    } else {
      tr.insertCell().textContent = row.variant;
      for (const [field, text] of [["public", `${row.public} B`], ["signature", `${row.signature} B`],
        ["keygen", fmtMs(row.keygen)], ["sign", fmtMs(row.sign)], ["verify", fmtMs(row.verify)]]) {
        const cell = tr.insertCell();
        cell.className = "num";
        cell.dataset.field = field;
        cell.textContent = text;
      }
    }
    drawCharts(rows);
  }
  const signing = rows.filter((r) => !r.unavailable);
  const failed = signing.filter((r) => r.error || !r.verifies);
  const without = rows.filter((r) => r.unavailable).map((r) => `; ${r.name}: ${r.unavailable}`).join("");
  setResult($("compare-out"), failed.length ? "invalid" : "valid",
    `${signing.length - failed.length} of ${signing.length} curves measured, every signature verified` +
    (failed.length ? `; failed: ${failed.map((r) => r.name).join(", ")}` : "") + `${without} (${fmtMs(total)} in all)`);
});

// The first curve offered, a key and a signature to start from.
enqueue($("keys-out"), async () => {
  $("curve").value = offered[0].key;
  await pickCurve(offered[0].key);
  await keys("");
});
demo.ready();
