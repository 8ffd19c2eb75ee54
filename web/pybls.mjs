// pybls in the browser and in Node: boot Pyodide from the local copy, install
// the pybls wheel (the pure-Python package plus the WebAssembly core) and
// import it.
//
//   import { loadPybls } from "./pybls.mjs";
//   const pyodide = await loadPybls({ onProgress: (e) => console.log(e.stage, e.message) });
//   pyodide.runPython("from pybls import G1; print(G1.generator().to_bytes().hex())");
//
// Pyodide comes from web/node_modules/pyodide (`npm ci` in web/) and the
// wheel from web/dist/ (`make wasm`); nothing is fetched from a CDN. Works as
// an ES module in the browser (serve the directory holding web/ over HTTP)
// and in Node 18+.

const IS_NODE =
  typeof process !== "undefined" && process.versions != null && process.versions.node != null;

const HERE = new URL("./", import.meta.url);
const DEFAULT_PYODIDE = new URL("node_modules/pyodide/", HERE);
const DEFAULT_DIST = new URL("dist/", HERE);
const MANIFEST = "pybls-wheel.json";

/** The error thrown when a piece (Pyodide, the wheel) cannot be found or installed. */
export class PyblsLoadError extends Error {
  constructor(message, options) {
    super(message, options);
    this.name = "PyblsLoadError";
  }
}

function asURL(where, base = HERE) {
  if (where instanceof URL) return where;
  if (IS_NODE && (where.startsWith("/") || /^[A-Za-z]:[\\/]/.test(where))) {
    return new URL(`file://${where.startsWith("/") ? "" : "/"}${where.replaceAll("\\", "/")}`);
  }
  return new URL(where, base);
}

function directoryURL(where) {
  const url = asURL(where);
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url;
}

async function readBytes(url) {
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    const { fileURLToPath } = await import("node:url");
    return new Uint8Array(await readFile(fileURLToPath(url)));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function sha256Hex(bytes) {
  let subtle = globalThis.crypto?.subtle;
  if (!subtle && IS_NODE) subtle = (await import("node:crypto")).webcrypto.subtle; // Node 18
  if (!subtle) return null; // insecure browser context: skip the integrity check
  const digest = new Uint8Array(await subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Boot Pyodide, install pybls into it and import it.
 *
 * @param {object} [options]
 * @param {string|URL} [options.indexURL] directory of the Pyodide distribution
 *   (default: node_modules/pyodide/ next to this file)
 * @param {string|URL} [options.wheelURL] the pybls Pyodide wheel (default: the
 *   one named by dist/pybls-wheel.json next to this file)
 * @param {Uint8Array|ArrayBuffer} [options.wheel] the wheel's bytes, instead of wheelURL
 * @param {object} [options.pyodide] an already booted Pyodide to install into
 * @param {object} [options.pyodideOptions] extra options for loadPyodide
 *   (stdout, stderr, env, ...)
 * @param {(event: {stage: string, message: string, elapsedMs: number}) => void}
 *   [options.onProgress] called at each stage: "pyodide", "pyodide-ready",
 *   "wheel", "install", "import", "ready"
 * @returns {Promise<object>} the Pyodide instance, with pybls imported
 */
export async function loadPybls(options = {}) {
  const start = performance.now();
  const progress = (stage, message) => {
    if (typeof options.onProgress === "function") {
      options.onProgress({ stage, message, elapsedMs: performance.now() - start });
    }
  };

  let pyodide = options.pyodide;
  if (!pyodide) {
    const indexURL = directoryURL(options.indexURL ?? DEFAULT_PYODIDE);
    const moduleURL = new URL("pyodide.mjs", indexURL);
    progress("pyodide", `loading Pyodide from ${indexURL.href}`);
    let loadPyodide;
    try {
      ({ loadPyodide } = await import(moduleURL.href));
    } catch (error) {
      throw new PyblsLoadError(
        `pybls: Pyodide not found at ${moduleURL.href} (run \`npm ci\` in web/, ` +
          `or pass indexURL): ${error.message}`,
        { cause: error },
      );
    }
    const { fileURLToPath } = IS_NODE ? await import("node:url") : {};
    const index = indexURL.protocol === "file:" ? fileURLToPath(indexURL) : indexURL.href;
    try {
      pyodide = await loadPyodide({ indexURL: index, ...options.pyodideOptions });
    } catch (error) {
      throw new PyblsLoadError(`pybls: Pyodide failed to start from ${index}: ${error.message}`, {
        cause: error,
      });
    }
    progress("pyodide-ready", `Pyodide ${pyodide.version} is up`);
  }

  let bytes;
  let expectedSha256 = null;
  if (options.wheel) {
    bytes = options.wheel instanceof Uint8Array ? options.wheel : new Uint8Array(options.wheel);
    progress("wheel", "using the wheel passed in");
  } else {
    let wheelURL;
    if (options.wheelURL) {
      wheelURL = asURL(options.wheelURL);
    } else {
      const manifestURL = new URL(MANIFEST, DEFAULT_DIST);
      let manifest;
      try {
        manifest = JSON.parse(new TextDecoder().decode(await readBytes(manifestURL)));
      } catch (error) {
        throw new PyblsLoadError(
          `pybls: no wheel manifest at ${manifestURL.href} (build the wheel with \`make wasm\`, ` +
            `or pass wheelURL): ${error.message}`,
          { cause: error },
        );
      }
      wheelURL = new URL(manifest.wheel, DEFAULT_DIST);
      expectedSha256 = manifest.sha256 ?? null;
    }
    progress("wheel", `fetching ${wheelURL.href}`);
    try {
      bytes = await readBytes(wheelURL);
    } catch (error) {
      throw new PyblsLoadError(
        `pybls: wheel not found at ${wheelURL.href} (build it with \`make wasm\`): ${error.message}`,
        { cause: error },
      );
    }
    if (expectedSha256) {
      const actual = await sha256Hex(bytes);
      if (actual !== null && actual !== expectedSha256) {
        throw new PyblsLoadError(
          `pybls: ${wheelURL.href} does not match its manifest (sha256 ${actual}, ` +
            `expected ${expectedSha256}); rebuild with \`make wasm\``,
        );
      }
    }
  }

  progress("install", `installing the pybls wheel (${bytes.length} bytes)`);
  try {
    // unpackArchive wants a Uint8Array proper (a Node Buffer is refused).
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    pyodide.unpackArchive(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), "wheel", {
      extractDir: sitePackages,
    });
  } catch (error) {
    throw new PyblsLoadError(`pybls: installing the wheel failed: ${error.message}`, {
      cause: error,
    });
  }

  progress("import", "import pybls");
  try {
    pyodide.runPython("import pybls");
  } catch (error) {
    throw new PyblsLoadError(`pybls: \`import pybls\` failed inside Pyodide: ${error.message}`, {
      cause: error,
    });
  }
  progress("ready", "pybls is ready");
  return pyodide;
}

export default loadPybls;
