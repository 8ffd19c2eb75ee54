"""Timings of pybls.tlock for one request (shared by the native run and the
Pyodide run of benchmarks/bench_tlock.py).

A request is the JSON object that benchmarks/tlock/tlock_js.mjs takes for
"bench": drand chain info, the beacon of `round`, payload sizes and a
minimum time per measurement. Each file is checked to decrypt to its
payload before it is timed.
"""

import time

from pybls import drand, tlock


def _time(fn, min_time):
    fn()  # warm-up
    runs, start = 0, time.perf_counter()
    while True:
        fn()
        runs += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time and runs >= 3:
            return {"seconds_per_op": elapsed / runs, "runs": runs}


def run(request):
    chain = drand.Chain.from_info(request["chain"])
    beacon = next(b for b in request["beacons"] if b["round"] == request["round"])
    sig = bytes.fromhex(beacon["signature"])
    results = []
    for size in request["sizes"]:
        payload = bytes([7]) * size
        armored = tlock.encrypt(payload, request["round"], chain=chain)
        assert tlock.decrypt(armored, sig, chains=chain) == payload
        results.append({"op": "encrypt", "size": size,
                        **_time(lambda: tlock.encrypt(payload, request["round"], chain=chain), request["min_time"])})
        results.append({"op": "decrypt", "size": size,
                        **_time(lambda: tlock.decrypt(armored, sig, chains=chain), request["min_time"])})
    return {"results": results}
