"""Count only the code you mean when cg-bench measures a Python benchmark.

    import cg_bench

    data = load()                 # not counted (with ``instrument: region`` in cg-bench.yml)
    with cg_bench.measure():
        work(data)                # counted

    @cg_bench.measure             # or @cg_bench.measure(): every call of work() is a region
    def work(data): ...

Under Cachegrind, ``measure`` turns instrumentation on at the start of the outermost region and off
at its end (Valgrind's CACHEGRIND_START/STOP_INSTRUMENTATION client requests, Valgrind >= 3.22).
Regions nest: an inner region is part of the outer one and toggles nothing. Repeated regions add up,
and the simulated caches keep what the previous region left in them (the code between regions is
not simulated at all). Instrumentation is process-wide: other threads running during a region are
counted too.

Before the outermost region starts, the garbage collector is settled (``gc=True``, the default):
everything is collected and frozen, so collections inside the region see only the region's own
objects and start from zeroed counters, whatever was imported or allocated before. ``gc=False``
leaves the collector alone. The type attribute cache is emptied too. Under Valgrind, allocations
inside a region come from an area of the region's own at a fixed address (the C extension wraps
the allocator), so pymalloc's state before the region does not reach the count
(``CG_BENCH_PYTHON_ALLOCATOR=0`` turns that off). What still carries over is what the region's code
reads of older objects: their addresses (cache lines, the type cache's slots) and namespaces
(docs/python.md measures how much).

Outside Valgrind, and outside cg-bench's attribution pass, ``measure`` does nothing: the decorator
returns the function itself, and ``with measure():`` costs a call and two empty methods.
"""
from __future__ import annotations

import functools
import gc as _gc
import os
import sys
import threading
from typing import Any, Callable, Optional, TypeVar

from . import _client

__all__ = ["measure", "running_on_valgrind"]
__version__ = "0.1.0"

F = TypeVar("F", bound=Callable[..., Any])

_ON_VALGRIND = _client.running_on_valgrind() != 0
# cg-bench's attribution pass (a second, unmeasured run) loads its bytecode counter as sitecustomize,
# before any code of the benchmark: regions then count bytecode instead of instructions.
_COUNTER = sys.modules.get("_cg_bench_bytecode")
_ACTIVE = _ON_VALGRIND or _COUNTER is not None
# Under Valgrind, regions allocate from an area of their own (see _client.c): the count then does not
# depend on the state the code before the region left pymalloc in. CG_BENCH_PYTHON_ALLOCATOR=0: not.
_PRIVATE_ALLOCATOR = False
if _ON_VALGRIND and os.environ.get("CG_BENCH_PYTHON_ALLOCATOR", "1") != "0":
    _PRIVATE_ALLOCATOR = _client.enable_allocator()
    if not _PRIVATE_ALLOCATOR:
        sys.stderr.write("cg_bench: the address of the regions' allocator is taken; regions use pymalloc, whose state before a region moves its count a little\n")

_lock = threading.Lock()
_depth = 0
_froze = False


def running_on_valgrind() -> bool:
    """Whether this process runs under Valgrind (RUNNING_ON_VALGRIND)."""
    return _ON_VALGRIND


def _settle_gc() -> bool:
    """Collect, freeze what survives, collect again: the region's collections see only its objects."""
    if not _gc.isenabled():
        return False
    _gc.collect()
    if _gc.get_freeze_count():
        # Someone froze objects already (a pre-fork server): leave their freeze alone.
        return False
    _gc.freeze()
    # Resets every generation's counters and the old generation's size, which would otherwise
    # decide when a full collection runs inside the region.
    _gc.collect()
    return True


def _clear_caches() -> None:
    """Empty the type attribute cache: what earlier code left in it would decide which lookups of the
    region hit (measured: a heavier import moved a region by 5,573 Ir with it, 1,198 without)."""
    clear = getattr(sys, "_clear_internal_caches", None) or getattr(sys, "_clear_type_cache", None)
    if clear is not None:
        clear()


class _Region:
    """One region: a context manager, and a decorator that makes each call a region."""

    __slots__ = ("_settle",)

    def __init__(self, settle_gc: bool) -> None:
        self._settle = settle_gc

    def __enter__(self) -> "_Region":
        global _depth, _froze
        with _lock:
            _depth += 1
            if _depth == 1:
                _froze = _settle_gc() if self._settle else False
                _clear_caches()
                if _COUNTER is not None:
                    _COUNTER.region_start()
                _client.start_instrumentation()
        return self

    def __exit__(self, *exc: object) -> bool:
        global _depth, _froze
        with _lock:
            _depth -= 1
            if _depth == 0:
                _client.stop_instrumentation()
                if _COUNTER is not None:
                    _COUNTER.region_stop()
                if _froze:
                    _froze = False
                    _gc.unfreeze()
        return False

    def __call__(self, fn: F) -> F:
        @functools.wraps(fn)
        def measured(*args: Any, **kwargs: Any) -> Any:
            with _Region(self._settle):
                return fn(*args, **kwargs)

        return measured  # type: ignore[return-value]


class _Inactive:
    """Outside Valgrind: nothing to toggle."""

    __slots__ = ()

    def __enter__(self) -> "_Inactive":
        return self

    def __exit__(self, *exc: object) -> bool:
        return False

    def __call__(self, fn: F) -> F:
        return fn


_INACTIVE = _Inactive()


def measure(fn: Optional[F] = None, /, *, gc: bool = True) -> Any:
    """A region counted by Cachegrind: ``with measure():``, ``@measure`` or ``@measure(gc=False)``."""
    if not _ACTIVE:
        return fn if fn is not None else _INACTIVE
    region = _Region(gc)
    return region(fn) if fn is not None else region
