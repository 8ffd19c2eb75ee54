#!/usr/bin/env node
// Run the pybls test suite inside Pyodide, under Node, with pytest itself.
//
//   node tests/pyodide/run_pytest.mjs --wheels DIR [--install WHEEL] [--vectors DIR] [--json FILE]
//        [--jobs N | --shard K/N] [-- PYTEST ARGS]
//   e.g. node tests/pyodide/run_pytest.mjs --wheels build/pyodide-wheels -- tests/test_fp.py -x
//
// Boots Pyodide through web/pybls.mjs (which installs the pybls wasm wheel
// from web/dist/) or, with --install WHEEL, boots a fresh Pyodide and
// installs that pybls wheel with micropip (which checks that its tags fit
// this Pyodide; `make test-dist`, with PYBLS_DIST_TESTS=1 set in Python);
// installs every pure-Python wheel in DIR (pytest, pluggy,
// iniconfig, packaging, pygments, hypothesis, attrs, sortedcontainers, as
// fetched by `pip download`), mounts tests/ and the shared vectors into the
// Pyodide file system and runs
//
//   pytest tests -m "not native_only and not once" [PYTEST ARGS]
//
// The exit status is pytest's (0: all passed); failures are reported by
// pytest with the test's name and traceback. --json FILE writes the outcome
// counts and timings. --jobs N splits the run over N processes (shards.mjs);
// --shard K/N runs the K-th of them (every N-th selected test from the K-th).

import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countsText, runShards, writeSummary } from "./shards.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "..", "..");

function usage(message) {
  if (message) console.error(`run_pytest.mjs: ${message}`);
  console.error(
    "usage: node tests/pyodide/run_pytest.mjs --wheels DIR [--install WHEEL] [--vectors DIR] [--json FILE] " +
      "[--jobs N | --shard K/N] [-- PYTEST ARGS]",
  );
  process.exit(2);
}

function parseArgs(argv) {
  const opts = {
    wheels: null,
    vectors: process.env.PYBLS_VECTORS || path.resolve(REPO, "..", "shared", "vectors"),
    json: null,
    install: null,
    jobs: 1,
    shard: null,
    pytestArgs: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      opts.pytestArgs = argv.slice(i + 1);
      break;
    } else if (arg === "--wheels" || arg === "--vectors" || arg === "--json" || arg === "--install") {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      opts[arg.slice(2)] = argv[++i];
    } else if (arg === "--jobs") {
      opts.jobs = Number(argv[++i]);
      if (!Number.isInteger(opts.jobs) || opts.jobs < 1) usage("--jobs needs a whole number of processes, 1 or more");
    } else if (arg === "--shard") {
      const m = /^(\d+)\/(\d+)$/.exec(argv[++i] || "");
      if (!m || +m[1] < 1 || +m[1] > +m[2]) usage("--shard needs K/N with 1 <= K <= N");
      opts.shard = { index: +m[1] - 1, count: +m[2] };
    } else if (arg === "-h" || arg === "--help") {
      usage();
    } else {
      usage(`unknown argument ${arg}`);
    }
  }
  if (!opts.wheels) usage("--wheels is required");
  if (opts.jobs > 1 && opts.shard) usage("--jobs and --shard exclude each other");
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
if (opts.jobs > 1) process.exit(await runShards(fileURLToPath(import.meta.url), opts, opts.jobs));
const wheelsDir = path.resolve(opts.wheels);
if (!existsSync(wheelsDir) || !statSync(wheelsDir).isDirectory()) {
  usage(`wheel directory ${wheelsDir} does not exist (fetch the wheels with \`make test\`)`);
}
const wheels = readdirSync(wheelsDir).filter((f) => f.endsWith(".whl")).sort();
for (const needed of ["pytest-", "pluggy-", "iniconfig-", "packaging-"]) {
  if (!wheels.some((w) => w.startsWith(needed))) usage(`no ${needed}*.whl in ${wheelsDir}`);
}
const vectorsDir = path.resolve(opts.vectors);
if (!existsSync(path.join(vectorsDir, "SOURCES.md"))) {
  usage(`test vectors not found at ${vectorsDir} (pass --vectors or set PYBLS_VECTORS)`);
}

const onProgress = (e) => {
  if (e.stage === "pyodide-ready") timings.pyodide_startup_ms = e.elapsedMs;
  if (e.stage === "import") timings.before_import_ms = e.elapsedMs;
  if (e.stage === "ready") timings.import_pybls_ms = e.elapsedMs - timings.before_import_ms;
};
const timings = {};
const t0 = performance.now();
let pyodide;
if (opts.install) {
  if (!existsSync(opts.install)) usage(`wheel ${opts.install} does not exist`);
  if (!wheels.some((w) => w.startsWith("micropip-"))) usage(`no micropip-*.whl in ${wheelsDir}`);
  const { loadPyodide } = await import(new URL("../../web/node_modules/pyodide/pyodide.mjs", import.meta.url).href);
  pyodide = await loadPyodide({ indexURL: path.join(REPO, "web", "node_modules", "pyodide") + path.sep });
  onProgress({ stage: "pyodide-ready", elapsedMs: performance.now() - t0 });
} else {
  const { loadPybls } = await import(new URL("../../web/pybls.mjs", import.meta.url).href);
  pyodide = await loadPybls({ onProgress });
}
delete timings.before_import_ms;
// Unbuffered output, so that pytest's progress dots stay on one line.
const writer = (stream) => ({
  write: (buffer) => {
    stream.write(buffer);
    return buffer.length;
  },
});
pyodide.setStdout(writer(process.stdout));
pyodide.setStderr(writer(process.stderr));

// The test dependencies, from local files only.
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const wheel of wheels) {
  const bytes = readFileSync(path.join(wheelsDir, wheel));
  pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), "wheel", {
    extractDir: sitePackages,
  });
}

// The pybls wheel under test, installed as a user would (micropip checks
// its platform tag against this Pyodide's).
if (opts.install) {
  const name = path.basename(opts.install);
  pyodide.FS.mkdirTree("/dist");
  pyodide.FS.writeFile(`/dist/${name}`, new Uint8Array(readFileSync(opts.install)));
  const tImport = performance.now();
  try {
    await pyodide.runPythonAsync(`
import micropip
await micropip.install("emfs:/dist/${name}", deps=False)
import os
os.environ["PYBLS_DIST_TESTS"] = "1"
import pybls
`);
  } catch (error) {
    console.error(`run_pytest.mjs: installing ${name} failed: ${error.message}`);
    process.exit(1);
  }
  timings.import_pybls_ms = performance.now() - tImport;
}

// tests/ and the vectors, mounted from the host (read by the tests; pytest is
// told below not to write caches or bytecode into them).
const ROOT = "/pybls-tests";
const VECTORS = "/shared/vectors";
pyodide.FS.mkdirTree(ROOT);
pyodide.mountNodeFS(`${ROOT}/tests`, path.join(REPO, "tests"));
pyodide.mountNodeFS(VECTORS, vectorsDir);
timings.setup_ms = performance.now() - t0;

// Test paths given after `--` (tests/test_fp.py, tests/test_sig.py::name)
// replace the default `tests`.
const givenPaths = opts.pytestArgs.some((a) => a === "tests" || a.startsWith("tests/"));
const args = [
  ...(givenPaths ? [] : ["tests"]),
  "-m",
  "not native_only and not once",
  "-p",
  "no:cacheprovider",
  "-o",
  "addopts=",
  "--rootdir",
  ROOT,
  "-ra",
  // hypothesis is imported before pytest starts (for the profile above).
  "-W",
  "ignore::pytest.PytestAssertRewriteWarning",
  ...opts.pytestArgs,
];
pyodide.globals.set("pytest_args", pyodide.toPy(args));
pyodide.globals.set("vectors_dir", VECTORS);
pyodide.globals.set("root_dir", ROOT);
const shard = opts.shard || { index: 0, count: 1 };
pyodide.globals.set("shard", pyodide.toPy([shard.index, shard.count]));

const tRun = performance.now();
const result = pyodide.runPython(`
import json, os, sys
sys.dont_write_bytecode = True
os.environ["PYBLS_VECTORS"] = vectors_dir
os.environ.setdefault("PYBLS_HYPOTHESIS_PROFILE", "pyodide")
os.chdir(root_dir)

# Fewer hypothesis examples than natively: the same properties, at wasm speed.
from hypothesis import HealthCheck, settings
settings.register_profile(
    "pyodide",
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)

import pytest
import pybls._lib

class _Counts:
    def __init__(self):
        self.counts = {}

    def pytest_collectreport(self, report):
        if report.failed:
            self.counts["error"] = self.counts.get("error", 0) + 1

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or report.outcome != "passed":
            key = "xfailed" if hasattr(report, "wasxfail") and report.skipped else report.outcome
            if report.when != "call" and report.outcome == "failed":
                key = "error"
            self.counts[key] = self.counts.get(key, 0) + 1

class _Shard:
    """Keeps every count-th selected test from the index-th (--shard)."""

    def __init__(self, index, count):
        self.index, self.count = index, count
        self.collected = None

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        # What was split, for the parent to check that every process
        # collected the same tests in the same order.
        import hashlib
        ids = "\\n".join(item.nodeid for item in items)
        self.collected = [len(items), hashlib.sha256(ids.encode()).hexdigest()]
        dropped = [item for i, item in enumerate(items) if i % self.count != self.index]
        items[:] = items[self.index::self.count]
        if dropped:
            config.hook.pytest_deselected(items=dropped)

_counts = _Counts()
_shard = _Shard(*shard)
_plugins = [_counts] + ([_shard] if shard[1] > 1 else [])
_status = int(pytest.main(list(pytest_args), plugins=_plugins))
json.dumps({
    "status": _status,
    "counts": _counts.counts,
    "backend": pybls._lib.BACKEND,
    "limb_bits": pybls._lib.limb_bits,
    "library": pybls._lib.library_path,
    "python": sys.version.split()[0],
    "platform": sys.platform,
    "collected": _shard.collected,
})
`);
timings.pytest_ms = performance.now() - tRun;

const outcome = JSON.parse(result);
const summary = { ...outcome, pyodide: pyodide.version, timings };
console.log(
  `pyodide ${pyodide.version} (Python ${outcome.python}, ${outcome.backend}, ` +
    `${outcome.limb_bits}-bit limbs): ${countsText(outcome.counts)}; ` +
    `start-up ${(timings.pyodide_startup_ms / 1000).toFixed(1)} s, ` +
    `import pybls ${timings.import_pybls_ms.toFixed(0)} ms, ` +
    `pytest ${(timings.pytest_ms / 1000).toFixed(1)} s`,
);
writeSummary(opts.json, summary);
process.exit(outcome.status);
