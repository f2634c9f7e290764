"""pytest plugin (entry point ``pytest11``): the ``cg_bench`` marker, and the region around its call.

Inert unless pytest runs with ``--cg-bench-measure`` (``python -m cg_bench.pytest NODEID`` passes it):
then the call of each test marked ``@pytest.mark.cg_bench`` is a ``cg_bench.measure()`` region.
Fixtures are set up and torn down outside the region, so set-up belongs in fixtures.
"""
from __future__ import annotations

from typing import Any, Generator

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


@pytest.hookimpl(hookwrapper=True)
def pytest_pyfunc_call(pyfuncitem: Any) -> Generator[None, Any, None]:
    if pyfuncitem.config.getoption("cg_bench_measure") and pyfuncitem.get_closest_marker(MARKER) is not None:
        with cg_bench.measure():
            yield
    else:
        yield
