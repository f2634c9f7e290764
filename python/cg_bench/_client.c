/*
 * Cachegrind's client requests for Python: a few instructions that Valgrind recognises and that
 * do nothing at all on a real CPU. Built against the Valgrind headers of the machine (the image's
 * Valgrind 3.24 ships <valgrind/cachegrind.h>; Valgrind < 3.22 has no such request, and then the
 * request numbers below, the ones 3.22 defines, reach a Cachegrind that ignores them).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#if defined(__has_include)
#  if __has_include(<valgrind/valgrind.h>)
#    include <valgrind/valgrind.h>
#  endif
#  if __has_include(<valgrind/cachegrind.h>)
#    include <valgrind/cachegrind.h>
#  endif
#endif

#ifndef RUNNING_ON_VALGRIND
#  error "cg_bench needs <valgrind/valgrind.h>: install Valgrind's headers (Debian/Ubuntu: valgrind; Fedora: valgrind-devel)"
#endif

#ifndef CACHEGRIND_START_INSTRUMENTATION
/* Valgrind < 3.22: the numbers of 3.22's cachegrind.h, which an older Cachegrind does not handle. */
#  define CG_BENCH_START_REQUEST (VG_USERREQ_TOOL_BASE('C', 'G'))
#  define CG_BENCH_STOP_REQUEST (VG_USERREQ_TOOL_BASE('C', 'G') + 1)
#  define CACHEGRIND_START_INSTRUMENTATION VALGRIND_DO_CLIENT_REQUEST_STMT(CG_BENCH_START_REQUEST, 0, 0, 0, 0, 0)
#  define CACHEGRIND_STOP_INSTRUMENTATION VALGRIND_DO_CLIENT_REQUEST_STMT(CG_BENCH_STOP_REQUEST, 0, 0, 0, 0, 0)
#  define CG_BENCH_HEADER_HAS_REGIONS 0
#else
#  define CG_BENCH_HEADER_HAS_REGIONS 1
#endif

static PyObject *start_instrumentation(PyObject *self, PyObject *unused) {
    CACHEGRIND_START_INSTRUMENTATION;
    Py_RETURN_NONE;
}

static PyObject *stop_instrumentation(PyObject *self, PyObject *unused) {
    CACHEGRIND_STOP_INSTRUMENTATION;
    Py_RETURN_NONE;
}

static PyObject *running_on_valgrind(PyObject *self, PyObject *unused) {
    return PyLong_FromUnsignedLong((unsigned long)RUNNING_ON_VALGRIND);
}

static PyMethodDef methods[] = {
    {"start_instrumentation", start_instrumentation, METH_NOARGS, "CACHEGRIND_START_INSTRUMENTATION: a no-op outside Valgrind."},
    {"stop_instrumentation", stop_instrumentation, METH_NOARGS, "CACHEGRIND_STOP_INSTRUMENTATION: a no-op outside Valgrind."},
    {"running_on_valgrind", running_on_valgrind, METH_NOARGS, "RUNNING_ON_VALGRIND: 0 on a real CPU, the Valgrind nesting depth under it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "cg_bench._client", NULL, -1, methods};

PyMODINIT_FUNC PyInit__client(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "HEADER_HAS_REGIONS", CG_BENCH_HEADER_HAS_REGIONS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
