#!/usr/bin/env node
// tlock-js (drand's JavaScript timelock encryption) driven from a JSON request,
// with no network: the drand chain client is a stub that serves the chain
// info and the beacons given in the request (tlock-js still verifies each
// beacon against the chain key, as it does with drand's HTTP client).
//
//   node benchmarks/tlock/tlock_js.mjs REQUEST.json     (or - for stdin)
//
// Requests (one JSON object):
//   {"op": "decrypt", "chain": INFO, "beacons": [BEACON], "ciphertext": STR}
//       -> {"plaintext_b64": ...}; STR is the armored file, or the binary one
//          as "binary_b64" instead of "ciphertext"
//   {"op": "encrypt", "chain": INFO, "round": N, "plaintext_b64": ...}
//       -> {"ciphertext": armored}
//   {"op": "bench", "chain": INFO, "beacons": [BEACON], "round": N,
//    "sizes": [bytes...], "min_time": seconds}
//       -> {"results": [{"op", "size", "seconds_per_op", "runs"}]}
// INFO is drand's /info JSON, BEACON drand's /public/<round> JSON.
// A JSON list of requests is answered by a list (a failed request by
// {"error": message}). The answer is written to stdout as one JSON line;
// tlock-js's own logging is silenced.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { timelockEncrypt, timelockDecrypt, Buffer } = require("tlock-js");

function stubClient(info, beacons) {
  const byRound = new Map(beacons.map((b) => [b.round, b]));
  const chain = { baseUrl: "local:", info: async () => info };
  return {
    options: {
      disableBeaconVerification: false,
      noCache: true,
      chainVerificationParams: { chainHash: info.hash, publicKey: info.public_key },
    },
    chain: () => chain,
    latest: async () => beacons[beacons.length - 1],
    get: async (round) => {
      const beacon = byRound.get(round);
      if (!beacon) throw new Error(`no beacon for round ${round} in the request`);
      return beacon;
    },
  };
}

async function timeIt(fn, minTime) {
  await fn(); // warm-up (JIT, noble's precomputation)
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minTime * 1000 || runs < 3) {
    await fn();
    runs += 1;
    elapsed = performance.now() - start;
  }
  return { seconds_per_op: elapsed / 1000 / runs, runs };
}

async function answer(request) {
  const client = stubClient(request.chain, request.beacons || []);
  if (request.op === "decrypt") {
    const input = request.ciphertext ?? Buffer.from(request.binary_b64, "base64").toString("binary");
    const plaintext = await timelockDecrypt(input, client);
    return { plaintext_b64: Buffer.from(plaintext).toString("base64") };
  } else if (request.op === "encrypt") {
    const ciphertext = await timelockEncrypt(request.round, Buffer.from(request.plaintext_b64, "base64"), client);
    return { ciphertext };
  } else if (request.op === "bench") {
    const results = [];
    for (const size of request.sizes) {
      const payload = Buffer.alloc(size, 7);
      const ciphertext = await timelockEncrypt(request.round, payload, client);
      results.push({ op: "encrypt", size, ...(await timeIt(() => timelockEncrypt(request.round, payload, client), request.min_time)) });
      results.push({ op: "decrypt", size, ...(await timeIt(() => timelockDecrypt(ciphertext, client), request.min_time)) });
    }
    return { results, node: process.version };
  }
  throw new Error(`unknown op ${request.op}`);
}

// A list of requests gets a list of answers; a failed request answers
// {"error": message} so that one run can check many files.
async function main() {
  const source = process.argv[2] && process.argv[2] !== "-" ? process.argv[2] : 0; // 0: stdin
  const request = JSON.parse(readFileSync(source, "utf8"));
  const log = console.log;
  console.log = () => {}; // tlock-js prints every beacon it fetches
  let out;
  if (Array.isArray(request)) {
    out = [];
    for (const r of request) {
      try {
        out.push(await answer(r));
      } catch (e) {
        out.push({ error: String(e && e.message ? e.message : e) });
      }
    }
  } else {
    out = await answer(request);
  }
  console.log = log;
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch((e) => {
  process.stderr.write(`tlock_js.mjs: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
