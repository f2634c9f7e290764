"""pytest tests marked ``@pytest.mark.cg_bench`` as cg-bench benchmarks, one process each.

    python -m cg_bench.pytest --list [PYTEST ARGS]      the marked tests' ids, one a line
    python -m cg_bench.pytest --config [PYTEST ARGS]    a cg-bench.yml measuring each of them
    python -m cg_bench.pytest TEST_ID [PYTEST ARGS]     runs that one test, its call a region

One process per benchmark; no plugin is loaded because it is installed, only cg_bench's, conftest.py
files and those named with ``-p MODULE``; pytest-randomly and the cache provider are off. Ids are
relative to the directory of cg-bench.yml, where the command runs (docs/python.md, "pytest").
"""
from __future__ import annotations

import io
import json
import os
import sys
from contextlib import redirect_stdout
from typing import Any, List, Optional

import pytest

from .pytest_plugin import MARKER

# Installed plugins are not loaded (AUTOLOAD below): cg_bench's own is named, and so are the user's.
# cg_bench is imported before pytest starts, so pytest cannot rewrite its asserts: it has none.
QUIET = ["-p", "cg_bench.pytest_plugin", "-p", "no:randomly", "-p", "no:cacheprovider", "-W", "ignore::pytest.PytestAssertRewriteWarning"]
AUTOLOAD = "PYTEST_DISABLE_PLUGIN_AUTOLOAD"
USAGE = __doc__.split("\n\n")[1] if __doc__ else ""


class _Collector:
    def __init__(self) -> None:
        self.ids: List[str] = []

    def pytest_collection_modifyitems(self, items: List[Any]) -> None:
        for item in items:
            if item.get_closest_marker(MARKER) is None:
                continue
            rest = item.nodeid.split("::", 1)[1] if "::" in item.nodeid else ""
            path = os.path.relpath(str(item.path)) if hasattr(item, "path") else item.nodeid.split("::", 1)[0]
            self.ids.append(f"{path}::{rest}" if rest else path)


def plugin_args(args: List[str]) -> List[str]:
    """The ``-p NAME`` options among pytest's arguments (``-pNAME`` too), to carry into each benchmark."""
    out: List[str] = []
    i = 0
    while i < len(args):
        if args[i] == "-p" and i + 1 < len(args):
            out += args[i : i + 2]
            i += 2
            continue
        if args[i].startswith("-p") and len(args[i]) > 2:
            out += ["-p", args[i][2:]]
        i += 1
    return out


def _main(args: List[str], plugins: List[Any]) -> int:
    os.environ[AUTOLOAD] = "1"  # before pytest reads it; children (subprocesses of tests) inherit it
    return int(pytest.main(args, plugins=plugins))


def collect(args: List[str]) -> List[str]:
    collector = _Collector()
    output = io.StringIO()
    with redirect_stdout(output):
        code = _main(["--collect-only", "-q", *QUIET, *args], [collector])
    if code not in (0, 5):  # 5: nothing collected
        sys.stderr.write(output.getvalue())
        raise SystemExit(f"cg_bench.pytest: collection failed (pytest exit status {int(code)})")
    return collector.ids


def benchmark_name(test_id: str) -> str:
    name = test_id if len(test_id) <= 100 else test_id[:49] + "…" + test_id[-50:]
    return "".join(c if c.isprintable() else "?" for c in name)


def python_path(value: Optional[str], cwd: str) -> Optional[str]:
    """PYTHONPATH as the benchmarks need it: entries inside ``cwd`` relative to it (the benchmarks run
    there, and the checkout may sit elsewhere, e.g. in a container), others as given, empty ones dropped."""
    if not value:
        return None
    entries = []
    for entry in value.split(os.pathsep):
        if not entry:
            continue
        full = os.path.abspath(entry)
        inside = full == cwd or full.startswith(cwd.rstrip(os.sep) + os.sep)
        entries.append(os.path.relpath(full, cwd) if inside else entry)
    return os.pathsep.join(entries) or None


def config_text(ids: List[str], python: str, extra: Optional[List[str]] = None, pythonpath: Optional[str] = None) -> str:
    lines = [
        "# Written by: python -m cg_bench.pytest --config",
        "# One benchmark per test marked @pytest.mark.cg_bench; each counts only the test's call.",
    ]
    if pythonpath:
        # cg-bench starts each benchmark with a fixed environment, not the caller's: the PYTHONPATH the
        # tests were collected with is written here, or their imports could fail under cg-bench.
        lines.append("# PYTHONPATH as the tests were collected with it (benchmarks inherit no variable).")
        lines.append("env:")
        lines.append(f"  PYTHONPATH: {json.dumps(pythonpath, ensure_ascii=False)}")
    lines.append("benchmarks:")
    for test_id in ids:
        lines.append(f"  - name: {json.dumps(benchmark_name(test_id), ensure_ascii=False)}")
        lines.append(f"    run: {json.dumps([python, '-m', 'cg_bench.pytest', test_id, *(extra or [])])}")
        lines.append("    instrument: region")
    return "\n".join(lines) + "\n"


def run_one(test_id: str, args: List[str]) -> int:
    collector = _Collector()
    code = _main(["-q", "--cg-bench-measure", *QUIET, *args, test_id], [collector])
    if code == 0 and len(collector.ids) != 1:
        sys.stderr.write(f"cg_bench.pytest: {test_id} selects {len(collector.ids)} tests marked cg_bench; a benchmark is exactly one\n")
        return 4
    return int(code)


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    if args[0] == "--list":
        print("\n".join(collect(args[1:])))
        return 0
    if args[0] == "--config":
        ids = collect(args[1:])
        if not ids:
            sys.stderr.write("cg_bench.pytest: no test is marked @pytest.mark.cg_bench\n")
            return 5
        pythonpath = python_path(os.environ.get("PYTHONPATH"), os.getcwd())
        sys.stdout.write(config_text(ids, "python3", plugin_args(args[1:]), pythonpath))
        return 0
    return run_one(args[0], args[1:])


if __name__ == "__main__":
    sys.exit(main())
