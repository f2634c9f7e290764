"""Count only the code you mean when cg-bench measures a Python benchmark.

    import cg_bench

    data = load()                                # not counted (``instrument: region`` in cg-bench.yml)
    result = cg_bench.measure(work)(data)        # counted: this call

    @cg_bench.measure             # or @cg_bench.measure(gc=False): every call of work() is a region
    def work(data): ...

    with cg_bench.measure():      # a block of the script
        work(data)

Under Cachegrind (Valgrind >= 3.22), ``measure`` turns instrumentation on for the outermost region
(regions nest and add up; other threads running meanwhile are counted), the collector settled before
it (``gc=True``). In ``instrument: region`` runs
a region's start also forgets what earlier code taught the interpreter, and Python's allocators serve
from areas at fixed addresses (docs/python.md; ``CG_BENCH_PYTHON_ALLOCATOR=0`` turns them off).

Outside Valgrind, and outside cg-bench's attribution pass, ``measure`` does nothing: the decorator
returns the function itself, and ``with measure():`` costs a call and two empty methods.
"""
# The areas first (under Valgrind, in cg-bench's `instrument: region` runs): the code of the modules
# below then lies in the same place whatever ran before. Whole runs keep Python's own allocator.
import os as _os
import sys as _sys

from . import _client

_REGION_RUN = _os.environ.get("CG_BENCH_INSTRUMENT") == "region"  # cg-bench's instrument: region

if _REGION_RUN:
    # Under Valgrind, enable_allocator wraps importlib.import_module. cg-bench's warm-up (natively)
    # imports it too, so that the measured run loads its bytecode rather than compiling its source:
    # compiling it there alone moved a region by one cache miss.
    import importlib as _importlib  # noqa: F401

if _REGION_RUN and _client.running_on_valgrind() and _os.environ.get("CG_BENCH_PYTHON_ALLOCATOR", "1") != "0":
    _tracemalloc = _sys.modules.get("_tracemalloc")
    if _tracemalloc is not None and _tracemalloc.is_tracing():
        # tracemalloc.stop() would reinstall the allocators it saved, without the wrapper that
        # blocks of the areas need when they are freed.
        _sys.stderr.write("cg_bench: tracemalloc is tracing; Python's allocator serves, whose state before a region moves its count a little\n")
    elif not _client.enable_allocator():
        _sys.stderr.write("cg_bench: the allocator's areas are not available (their addresses are taken); Python's allocator serves, whose state before a region moves its count a little\n")

try:
    from ._region import measure, running_on_valgrind  # noqa: E402
finally:
    _client.end_import()


def _start_early() -> None:
    """cg-bench-early.pth, in `instrument: region` runs of the image: Python is about to compile the
    script. What it allocates until the script runs comes from an area of its own."""
    _client.start_early()

__all__ = ["measure", "running_on_valgrind"]
__version__ = "0.1.0"
