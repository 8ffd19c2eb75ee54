"""Proof that `make test-sanitize` can fail: reads one byte past a heap
buffer through the sanitized core, which AddressSanitizer must report.

    LD_PRELOAD=<asan runtime> python tests/fuzz/sanitizer_probe.py build/sanitize/libpybls.so

Exits 0 only if nothing noticed the overflow (then the sanitized run proves
nothing, and the Makefile fails).
"""

import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
# 575 bytes: larger than Python's small-object allocator serves, so the
# buffer comes from malloc, which AddressSanitizer guards with red zones.
src = ctypes.create_string_buffer(575)
out = ctypes.create_string_buffer(576)
lib.pybls_gt_decode(out, src, 576)  # reads src[575]
print("the overflow went unnoticed")
