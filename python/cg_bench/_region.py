"""Regions: what ``cg_bench.measure`` does (see the package's docstring)."""
from __future__ import annotations

import functools
import gc as _gc
import os as _os
import sys
import threading
import types
from typing import Any, Callable, Optional, TypeVar

from . import _client

F = TypeVar("F", bound=Callable[..., Any])

_ON_VALGRIND = _client.running_on_valgrind() != 0
# cg-bench's attribution pass (unmeasured) loads its bytecode counter first: regions count bytecode.
_COUNTER = sys.modules.get("_cg_bench_bytecode")
_ACTIVE = _ON_VALGRIND or _COUNTER is not None
# The switches, as objects made with this module (its slot), not with _client (before the areas).
_start_instrumentation, _stop_instrumentation = _client.region_switches()
_lock = threading.Lock()
_depth = 0
_froze = False


def running_on_valgrind() -> bool:
    """Whether this process runs under Valgrind (RUNNING_ON_VALGRIND)."""
    return _ON_VALGRIND


def _settle_gc() -> bool:
    """Collect the young generations (a previous region's garbage), freeze, collect again: the region's
    collections see only its objects. (A full collection first cost 160 ms with 1M objects.)"""
    if not _gc.isenabled():
        return False
    if _gc.get_freeze_count():
        # Someone froze objects already (a pre-fork server): leave their freeze alone.
        _gc.collect()
        return False
    _gc.collect(1)
    _gc.freeze()
    _gc.collect()  # zeroes the counters that decide when a collection runs in the region; empties free lists
    return True


# Region runs only: in a whole run, the reset's work and the version tags used up would be counted.
_REGION_RUN = _os.environ.get("CG_BENCH_INSTRUMENT") == "region"


if _REGION_RUN and _ON_VALGRIND and not _client.RESETS_BYTECODE:
    sys.stderr.write(  # to the run's log: the count then depends on what ran before the region
        # The wording is what src/run/seal.ts looks for in the log (results.json then records no resets).
        "cg_bench: this Python (%s) gets no bytecode reset at a region's start (CPython 3.11 to 3.14 with the GIL do): "
        "code that ran before the region enters it specialized, and a heavier import can move its count\n" % sys.version.split()[0]
    )


class _Region:
    """One region: a context manager, and a decorator that makes each call a region."""

    __slots__ = ("_settle",)

    def __init__(self, settle_gc: bool) -> None:
        self._settle = settle_gc

    def __enter__(self) -> "_Region":
        self._begin(None)
        return self

    def _begin(self, call: Any) -> Any:
        """Enters the region; a measured call's (args, kwargs) come back copied to the region's area."""
        global _depth, _froze
        with _lock:
            _depth += 1
            outermost = _depth == 1
        if outermost:
            try:
                call, froze = self._prepare(call)
            except BaseException:
                with _lock:
                    _depth -= 1
                raise
            _froze = froze
            _start_instrumentation()
        return call

    def _prepare(self, call: Any) -> Any:
        """What an outermost region does before Cachegrind counts: (call, whether it froze the heap)."""
        if _REGION_RUN:  # bytecode reset, heap types untagged (in C, no other thread running); makes the probe types
            _client.forget_learned_state()
        if _REGION_RUN or _COUNTER is not None:  # the attribution pass counts what the measured run does
            # re's cache of 512 patterns: a heavier import's decided which of the region's were still there
            # (Debian's Python-Markdown 3.7: 8,948 instructions). Before the collection, which frees them.
            purge = getattr(sys.modules.get("re"), "purge", None)
            if purge is not None:
                purge()
        # Outside the lock: the collection may run a finalizer that enters a region itself.
        froze = _settle_gc() if self._settle else False
        try:
            if call is not None:  # first, while the free lists are empty
                call = _client.pack_call(*call)
            if _REGION_RUN:  # and empties the type attribute cache, which earlier code filled
                _client.align_type_versions()
            if _COUNTER is not None:
                _COUNTER.region_start()
        except BaseException:
            if froze:
                _gc.unfreeze()
            raise
        return call, froze

    def __exit__(self, *exc: object) -> bool:
        global _depth, _froze
        with _lock:
            _depth -= 1
            last = _depth == 0
        if last:
            _stop_instrumentation()
            if _COUNTER is not None:
                _COUNTER.region_stop()
            if _froze:
                _froze = False
                _gc.unfreeze()
        return False

    def __call__(self, fn: F) -> F:
        _refuse_suspendable(fn)
        region = self

        @functools.wraps(fn)
        def measured(*args: Any, **kwargs: Any) -> Any:
            top = _client.frame_stack_top() if _TRAMPOLINE_BYTES is not None else None
            if top is None:
                return _whole(_call_in(region, fn, args, kwargs or None), fn)
            # The region's frames start at the same offset in a page whatever the frames below them
            # (the script's own frame is larger when its code needs a deeper stack).
            return _whole(_padded((-(top + _TRAMPOLINE_BYTES) % _PAGE) // _WORD)(_call_in, region, fn, args, kwargs or None), fn)

        return measured  # type: ignore[return-value]


def _call_in(region: _Region, fn: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    # The caller's args and kwargs stay referenced here: nothing of theirs is freed in the region.
    packed_args, packed_kwargs = region._begin((args, kwargs))
    try:
        return fn(*packed_args, **packed_kwargs) if packed_kwargs is not None else fn(*packed_args)
    finally:
        region.__exit__(None, None, None)


def _trampoline(call: Any, region: Any, fn: Any, args: Any, kwargs: Any) -> Any:
    return call(region, fn, args, kwargs)


# Python 3.12+ frames lie on a stack of their own wherever the frames below end: a measured call goes
# through a copy of _trampoline whose frame (unused locals) makes the region's first start a page.
_PAGE = 4096
_WORD = 8
_TRAMPOLINE_BYTES: Optional[int] = _client.frame_bytes(_trampoline.__code__)
_pads: "dict[int, Callable[..., Any]]" = {0: _trampoline}


def _padded(words: int) -> Callable[..., Any]:
    """_trampoline with a frame `words` words larger."""
    pad = _pads.get(words)
    if pad is None:
        code = _trampoline.__code__
        names = code.co_varnames + tuple("_%d" % i for i in range(words))
        pad = _pads[words] = types.FunctionType(code.replace(co_varnames=names, co_nlocals=len(names)), _trampoline.__globals__)
    return pad


class _Inactive:
    """Outside Valgrind: nothing to toggle."""

    __slots__ = ()

    def __enter__(self) -> "_Inactive":
        return self

    def __exit__(self, *exc: object) -> bool:
        return False

    def __call__(self, fn: F) -> F:
        _refuse_suspendable(fn)  # here too: what fails under Valgrind fails outside it
        return fn


_INACTIVE = _Inactive()
# Made once, with this module (its slot): the same place whatever the program did before.
_REGIONS = {True: _Region(True), False: _Region(False)}


# Code flags of functions whose call only makes a generator or coroutine (inspect's, not imported).
_SUSPENDABLE = ((0x80, "a coroutine function", "coroutine"), (0x200, "an async generator function", "async generator"), (0x20, "a generator function", "generator"))


def _refuse_suspendable(fn: Any) -> None:
    """A generator or coroutine function only makes its generator when called: the region would
    count that, not the run, which happens later, outside it, interleaved with its consumer."""
    plain = fn
    while isinstance(plain, functools.partial):
        plain = plain.func
    code = getattr(getattr(plain, "__func__", plain), "__code__", None)
    flags = code.co_flags if isinstance(code, types.CodeType) else 0
    for flag, kind, made in _SUSPENDABLE:
        if flags & flag:
            raise TypeError(
                "cg_bench.measure(%s): %s; a call only makes the %s, so its run would not be counted. "
                "Measure what runs it instead: e.g. measure(lambda: list(gen()))(), or "
                "`with cg_bench.measure(): asyncio.run(main())`" % (getattr(fn, "__qualname__", fn), kind, made)
            )


def _whole(result: Any, fn: Any) -> Any:
    """A measured call's result, unless it is a generator or coroutine (see _refuse_suspendable)."""
    if isinstance(result, (types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType)):
        close = getattr(result, "close", None)  # never to be run: no "never awaited" warning
        if close is not None:
            close()
        raise TypeError(
            "cg_bench.measure(%s): the call returned a %s without running it, so only its creation was counted; "
            "measure what runs it instead" % (getattr(fn, "__qualname__", fn), type(result).__name__)
        )
    return result


def measure(fn: Optional[F] = None, /, *, gc: bool = True) -> Any:
    """A region counted by Cachegrind: ``with measure():``, ``@measure`` or ``@measure(gc=False)``.

    A generator or coroutine function is refused (TypeError), as is a measured call that returns a
    generator or coroutine: the region would count only its creation."""
    if not _ACTIVE:
        return _INACTIVE(fn) if fn is not None else _INACTIVE
    region = _REGIONS[bool(gc)]
    return region(fn) if fn is not None else region
