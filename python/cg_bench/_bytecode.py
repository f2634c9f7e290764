"""cg-bench's bytecode counter: executed bytecode instructions per Python function.

cg-bench copies this file, as ``sitecustomize.py``, into a directory it puts first on PYTHONPATH for
the unmeasured run it makes of every Python benchmark before measuring it (the run that also writes
the benchmark's bytecode cache). Nothing here runs in the measured run.

Environment: CG_BENCH_BYTECODE_DIR (where each Python process writes ``bytecode.<pid>.json``) and
CG_BENCH_BYTECODE_SCOPE (``whole``: from start-up to exit; ``region``: inside ``cg_bench.measure()``
only). Counts are per code object, summed by file and qualified name; a function's count is its own
bytecode, not that of the functions it calls. Python 3.12+ counts with ``sys.monitoring``
INSTRUCTION events, older Pythons with ``sys.settrace`` opcode events: each counts every bytecode
instruction the interpreter executes once (cache entries are not instructions).
"""
import os
import sys

_OWN_FILES = (os.sep + os.path.join("cg_bench", "__init__.py"),)


class _Counter:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.counts = {}
        self.running = False
        self.pid = os.getpid()
        if hasattr(sys, "monitoring"):
            self.method = "sys.monitoring"
            self._init_monitoring()
        else:
            self.method = "sys.settrace"
            self._init_settrace()

    # -- sys.monitoring (3.12+): one INSTRUCTION event per executed instruction, all threads.
    def _init_monitoring(self):
        mon = sys.monitoring
        free = [i for i in (4, 3, 5, 1, 0, 2) if mon.get_tool(i) is None]
        if not free:
            raise RuntimeError("no free sys.monitoring tool id")
        self.tool = free[0]
        mon.use_tool_id(self.tool, "cg-bench")
        counts = self.counts

        def on_instruction(code, offset):
            try:
                counts[code] += 1
            except KeyError:
                counts[code] = 1

        mon.register_callback(self.tool, mon.events.INSTRUCTION, on_instruction)

    def _start_monitoring(self):
        sys.monitoring.set_events(self.tool, sys.monitoring.events.INSTRUCTION)

    def _stop_monitoring(self):
        sys.monitoring.set_events(self.tool, 0)

    # -- sys.settrace (before 3.12): opcode events, this thread and threads started later.
    def _init_settrace(self):
        counts = self.counts

        def local(frame, event, arg):
            if event == "opcode":
                code = frame.f_code
                try:
                    counts[code] += 1
                except KeyError:
                    counts[code] = 1
            return local

        def on_call(frame, event, arg):
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            return local

        self._local = local
        self._on_call = on_call

    def _start_settrace(self):
        import threading

        sys.settrace(self._on_call)
        threading.settrace(self._on_call)
        # Frames already running (the caller of the region) are traced from here on too.
        frame = sys._getframe(2)
        while frame is not None:
            frame.f_trace = self._local
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
            frame = frame.f_back

    def _stop_settrace(self):
        import threading

        sys.settrace(None)
        threading.settrace(None)

    def start(self):
        if self.running:
            return
        self.running = True
        if self.method == "sys.monitoring":
            self._start_monitoring()
        else:
            self._start_settrace()

    def stop(self):
        if not self.running:
            return
        self.running = False
        if self.method == "sys.monitoring":
            self._stop_monitoring()
        else:
            self._stop_settrace()

    def after_fork(self):
        # The child counts its own work from here; the parent's counts are the parent's.
        self.counts.clear()
        self.pid = os.getpid()

    def dump(self):
        self.stop()
        modules = {}
        for name, module in list(sys.modules.items()):
            path = getattr(module, "__file__", None)
            if isinstance(path, str):
                shown = os.path.splitext(os.path.basename(path))[0] if name == "__main__" else name
                modules.setdefault(os.path.realpath(path), shown)
        rows = {}
        for code, n in list(self.counts.items()):
            path = code.co_filename
            if path.endswith(_OWN_FILES) or path == __file__:
                continue
            qualname = getattr(code, "co_qualname", code.co_name)
            row = rows.get((path, qualname))
            if row is None:
                rows[(path, qualname)] = [code.co_firstlineno, n]
            else:
                row[0] = min(row[0], code.co_firstlineno)
                row[1] += n
        functions = []
        for (path, qualname), (line, n) in rows.items():
            if path.startswith("<"):
                module = path.strip("<>").replace("frozen ", "")
            else:
                module = modules.get(os.path.realpath(path)) or os.path.splitext(os.path.basename(path))[0]
            functions.append({"module": module, "qualname": qualname, "file": path, "line": line, "bytecodes": n})
        functions.sort(key=lambda f: (-f["bytecodes"], f["file"], f["qualname"]))
        import json

        document = {
            "version": 1,
            "method": self.method,
            "python": "%d.%d.%d" % sys.version_info[:3],
            "pid": self.pid,
            "cwd": os.getcwd(),
            "functions": functions,
        }
        final = os.path.join(self.out_dir, "bytecode.%d.json" % self.pid)
        temporary = final + ".tmp"
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump(document, f)
        os.replace(temporary, final)


_counter = None


def region_start():
    if _counter is not None:
        _counter.start()


def region_stop():
    if _counter is not None:
        _counter.stop()


def _install():
    global _counter
    out_dir = os.environ.get("CG_BENCH_BYTECODE_DIR")
    if not out_dir:
        return
    counter = _Counter(out_dir)
    _counter = counter
    sys.modules["_cg_bench_bytecode"] = sys.modules[__name__]
    import atexit

    def dump():
        try:
            counter.dump()
        except Exception as error:  # never fail the benchmark for its attribution
            sys.stderr.write("cg-bench: bytecode counts not written: %r\n" % (error,))

    atexit.register(dump)
    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=counter.after_fork)
    if os.environ.get("CG_BENCH_BYTECODE_SCOPE", "whole") != "region":
        counter.start()
    if __name__ == "sitecustomize":
        _chain()


def _chain():
    """Imports the sitecustomize this file hides (Debian's Python has one), as the measured run will:
    its work is counted, and its bytecode is cached for the measured run like every other module's."""
    here = os.path.dirname(os.path.abspath(__file__))
    saved = sys.path[:]
    me = sys.modules.pop("sitecustomize", None)
    try:
        sys.path[:] = [p for p in saved if os.path.abspath(p or os.curdir) != here]
        __import__("sitecustomize")
    except ImportError:
        if me is not None:
            sys.modules["sitecustomize"] = me
    finally:
        sys.path[:] = saved


try:
    _install()
except Exception as _error:  # never fail the benchmark for its attribution
    sys.stderr.write("cg-bench: bytecode counting unavailable: %r\n" % (_error,))
