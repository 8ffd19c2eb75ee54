"""The Python side of the overhead benchmark (benchmarks/browser/overhead.mjs),
run inside Pyodide next to pybls_bench.py, in Node or in a page: the browser
table's operations (pybls_bench) and, for each row, the prepared call of the
core's function through pybls._lib, the same function through ctypes
directly, the Python layer with the C calls stubbed out, and one trivial
ctypes call, each timed here in a loop of a given number of milliseconds.
"""

import ctypes
import json
import time

import pybls_bench as pb
from pybls import _lib, bn254, G1, G2


def _rows(table, rows, prepare):
    out = prepare(0)
    ns = dict(vars(pb)); ns.update(_closure_values(table))
    binding = _lib if table == "bls12_381" else _lib.curve_binding(table)
    ns["scratch"] = binding.scratch
    raw_lib = _raw_library(binding)
    made = {}
    for op, (fn, arg_src) in rows.items():
        a = eval(arg_src, ns)
        bound = getattr(binding, fn)
        cfn = _raw_function(raw_lib, table, fn)
        size = len(bound(*a))
        out_buf = (ctypes.c_char * size)()
        made[op] = {
            "total": pb._ops[table][op],
            "binding": (lambda bound=bound, a=a: bound(*a)),
            "ctypes": (lambda cfn=cfn, o=out_buf, a=a: cfn(o, *a)),
            "args": a, "size": size, "cname": cfn.__name__,
        }
    return made


def _closure_values(table):
    # The values the table's lambdas close over, by name.
    vals = {}
    for op, f in pb._ops[table].items():
        if f.__closure__:
            vals.update(zip(f.__code__.co_freevars, (c.cell_contents for c in f.__closure__)))
    from pybls import Scalar
    vals.update(G1=G1, G2=G2, bn254=bn254, msg=b"message 1", Scalar=Scalar)
    return vals


def _raw_library(binding):
    return ctypes.CDLL(binding.library_path) if binding is not _lib else ctypes.CDLL(_lib.library_path)


def _raw_function(dll, table, fn):
    prefix = "pybls_" if table == "bls12_381" else f"pybls_{table}_"
    f = getattr(dll, prefix + fn)
    f.restype = ctypes.c_int
    return f


class Stubbed:
    """The curve's C functions replaced by Python stubs, for timing the
    Python layer alone and counting the C calls of an operation: each
    wrapper's ctypes function returns 0 (its output stays zero), and each
    function without an output buffer (the scratch sizes) what the real one
    returned for the same arguments."""

    def __init__(self, table):
        binding = _lib if table == "bls12_381" else _lib.curve_binding(table)
        mod = __import__("pybls" if table == "bls12_381" else f"pybls.{table}", fromlist=["G1"])
        self.calls = 0
        self.patches = []  # (namespace or class, name, original, stub)
        for name in dir(binding):
            f = getattr(binding, name)
            if hasattr(f, "__globals__") and "fn" in f.__globals__:
                self.patches.append((f.__globals__, "fn", f.__globals__["fn"], self._stub(lambda *a: 0)))
        for cls in (mod.G1, mod.G2, mod.Scalar):
            for name, f in list(vars(cls).items()):
                if isinstance(f, staticmethod) and isinstance(f.__func__, ctypes._CFuncPtr):
                    self.patches.append((cls, name, f, staticmethod(self._stub(self._memo(f.__func__)))))

    def _stub(self, f):
        def stub(*a):
            self.calls += 1
            return f(*a)
        return stub

    @staticmethod
    def _memo(f):
        seen = {}
        def g(*a):
            if a not in seen:
                seen[a] = f(*a)
            return seen[a]
        return g

    def __enter__(self):
        for where, name, _, stub in self.patches:
            if isinstance(where, dict):
                where[name] = stub
            else:
                setattr(where, name, stub)
        return self

    def __exit__(self, *exc):
        for where, name, original, _ in self.patches:
            if isinstance(where, dict):
                where[name] = original
            else:
                setattr(where, name, original)


def python_layer(table, op, ms):
    """The operation's time with its C calls stubbed (the Python layer
    alone, with ctypes' calls left out), per call."""
    with STUBS[table]:
        return run(table, op, "total", ms)


def c_calls(table, op):
    """How many C functions one call of the operation calls."""
    stubs = STUBS[table]
    with stubs:
        stubs.calls = 0
        MADE[table][op]["total"]()
        return stubs.calls


_trivial = None


def ctypes_call(ms):
    """One ctypes call of a C function doing almost nothing (whether a
    point is the identity), with a bytes argument as the core's take."""
    global _trivial
    if _trivial is None:
        f = ctypes.CDLL(_lib.library_path).pybls_g1_is_identity
        f.restype, f.argtypes = ctypes.c_int, [ctypes.c_char_p]
        p = G1.generator()._b
        _trivial = lambda: f(p)
    n, start = 0, time.perf_counter()
    end = start + ms / 1000
    while True:
        _trivial(); n += 1
        t = time.perf_counter()
        if t >= end:
            return (t - start) / n


MADE, STUBS = {}, {}


def prepare(table, rows_json):
    rows = {op: (r["fn"], r["args"]) for op, r in json.loads(rows_json).items()}
    prep = pb.prepare_bls12_381 if table == "bls12_381" else pb.prepare_bn254
    MADE[table] = _rows(table, rows, prep)
    STUBS[table] = Stubbed(table)
    ref = None
    if table == "bn254":
        ref = pb.prepare_bn254(0)["ref"]
    def arg(a):
        # bytes and ctypes buffers as hex, numbers as they are
        return a.hex() if isinstance(a, bytes) else (bytes(a).hex() if isinstance(a, ctypes.Array) else a)
    rows_out = {op: {"args": [arg(a) for a in m["args"]], "size": m["size"], "cname": m["cname"]}
                for op, m in MADE[table].items()}
    return json.dumps({"ref": ref, "rows": rows_out})


def run(table, op, variant, ms):
    fn = MADE[table][op][variant]
    n, start = 0, time.perf_counter()
    end = start + ms / 1000
    while True:
        fn(); n += 1
        t = time.perf_counter()
        if t >= end:
            return (t - start) / n
