"""Timing libraries against each other in one process, in alternation.

A shared machine's speed changes from one second to the next (other
processes, the VM's host). Timing one library's runs and then another's
lets that change into the ratio. Here every round times one loop of each
library back to back, in an order that rotates from round to round, so
that whatever slows a round slows all of them alike; a ratio is the median
of the rounds' ratios, with the lowest and highest round as its spread.

    >>> import time
    >>> res = alternating({"a": lambda: None, "b": lambda: time.sleep(0)}, rounds=3, target_ns=100_000)
    >>> sorted(res.times), len(res.times["a"])
    (['a', 'b'], 3)
    >>> lo, mid, hi = res.ratio("a", "a")
    >>> (lo, mid, hi)
    (1.0, 1.0, 1.0)
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple


class Alternated:
    """Per-call times (ns) of each library, one entry per round."""

    def __init__(self, times: Dict[str, List[float]], iterations: Dict[str, int]) -> None:
        self.times = times
        self.iterations = iterations

    def median_ns(self, name: str) -> float:
        return statistics.median(self.times[name])

    def ratio(self, a: str, b: str) -> Tuple[float, float, float]:
        """(lowest, median, highest) over the rounds of time(a) / time(b)."""
        ratios = [x / y for x, y in zip(self.times[a], self.times[b])]
        return min(ratios), statistics.median(ratios), max(ratios)

    def ratio_to_fastest(self, a: str, others: List[str]) -> Optional[Tuple[float, float, float]]:
        """As ratio, against the fastest of `others` in each round (None if
        `others` is empty)."""
        if not others:
            return None
        rounds = range(len(self.times[a]))
        ratios = [self.times[a][i] / min(self.times[o][i] for o in others) for i in rounds]
        return min(ratios), statistics.median(ratios), max(ratios)

    def summary(self, name: str) -> Dict[str, Any]:
        """The JSON record of one library: median, min, max, runs, loop size."""
        t = self.times[name]
        return {"median_ns": statistics.median(t), "min_ns": min(t), "max_ns": max(t), "runs": len(t),
                "iterations_per_run": self.iterations[name]}


def calls_for(fn: Callable[[], Any], target_ns: int, max_iters: int = 1 << 20) -> int:
    """How many calls of fn make a loop of about target_ns: from the fastest
    of three calls after a first one (which may pay for caches and first
    use, and would make the loops too short)."""
    fn()
    times = []
    for _ in range(3):
        start = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - start)
    return max(1, min(max_iters, target_ns // max(min(times), 1)))


def alternating(fns: Mapping[str, Callable[[], Any]], rounds: int, target_ns: int,
                max_iters: int = 1 << 20, calls: Optional[int] = None) -> Alternated:
    """Time `rounds` rounds of one loop of each function (each loop about
    target_ns long, its size fixed by calibration calls, or `calls` long),
    rotating the order from round to round."""
    names = list(fns)
    iterations = {name: calls or calls_for(fns[name], target_ns, max_iters) for name in names}
    times: Dict[str, List[float]] = {name: [] for name in names}
    for r in range(rounds):
        shift = r % len(names) if names else 0
        for name in names[shift:] + names[:shift]:
            fn, n = fns[name], iterations[name]
            start = time.perf_counter_ns()
            for _ in range(n):
                fn()
            times[name].append((time.perf_counter_ns() - start) / n)
    return Alternated(times, iterations)
