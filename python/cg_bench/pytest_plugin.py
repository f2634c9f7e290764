"""pytest plugin (entry point ``pytest11``): the ``cg_bench`` marker, and the region around its call.

Inert unless pytest runs with ``--cg-bench-measure`` (``python -m cg_bench.pytest NODEID`` passes it):
then the call of each test marked ``@pytest.mark.cg_bench`` is a ``cg_bench.measure()`` region.
Fixtures are set up and torn down outside the region, so set-up belongs in fixtures.
"""
from __future__ import annotations

import inspect
from typing import Any, Generator, Optional

import pytest

import cg_bench

MARKER = "cg_bench"


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("cg-bench")
    group.addoption(
        "--cg-bench-measure",
        action="store_true",
        default=False,
        help="count only the call of tests marked cg_bench (a cg_bench.measure() region); used by python -m cg_bench.pytest",
    )


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "cg_bench: a cg-bench benchmark (python -m cg_bench.pytest --config writes one per marked test)")


def _measuring(pyfuncitem: Any) -> bool:
    return bool(pyfuncitem.config.getoption("cg_bench_measure")) and pyfuncitem.get_closest_marker(MARKER) is not None


def _plain(function: Any) -> bool:
    """A test pytest itself calls: not a coroutine (those are an async plugin's to run)."""
    return not (inspect.iscoroutinefunction(function) or inspect.isasyncgenfunction(function))


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: Any) -> Optional[bool]:
    """Calls a plain test as pytest would, through cg_bench.measure(test): its frames then start at
    the same place whatever pytest and its plugins did before (see cg_bench._region)."""
    if not (_measuring(pyfuncitem) and _plain(pyfuncitem.obj)):
        return None
    funcargs = pyfuncitem.funcargs
    cg_bench.measure(pyfuncitem.obj)(**{name: funcargs[name] for name in pyfuncitem._fixtureinfo.argnames})
    return True


@pytest.hookimpl(hookwrapper=True, specname="pytest_pyfunc_call")
def pytest_pyfunc_call_async(pyfuncitem: Any) -> Generator[None, Any, None]:
    """Any other test (a coroutine run by an async plugin): a region around the plugin's call."""
    if _measuring(pyfuncitem) and not _plain(pyfuncitem.obj):
        with cg_bench.measure():
            yield
    else:
        yield
