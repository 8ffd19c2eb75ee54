// sign.html: BLS signatures with pybls.sig (the Python is demo/py/sign.py).
import { startDemo, setResult, onClick, fmtMs, shortHex, addRow, clearRows } from "./demo.mjs";

const $ = (id) => document.getElementById(id);
const demo = await startDemo({ python: "py/sign.py" });

const variant = () => document.querySelector('input[name="variant"]:checked').value;
const message = () => $("message").value;

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
for (const radio of document.querySelectorAll('input[name="variant"]')) {
  radio.addEventListener("change", () => {
    $("secret").value = "";
    $("gen-key").click();
demo.ready();
  });
}

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
    `${ok ? "valid" : "invalid"}: one ${variant() === "MinPk" ? 96 : 48}-byte signature for ${n} signers; ` +
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

// A key and a signature to start from.
$("gen-key").click();
demo.ready();
