/*
 * Cachegrind's client requests for Python (no-ops on a real CPU), and what a region's start needs to
 * count the same whatever ran before it. docs/python.md has the design, the figures and the private
 * CPython API used, with its versions.
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
#endif

/* Deterministic allocation (docs/python.md, "Why the count does not move when imports do"): the MEM and
 * OBJ allocators wrapped over areas at fixed addresses, one per phase; blocks from outside go back out. */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
/* 3.11 to 3.14 with the GIL: the collector's lists (struct _gc_runtime_state), walked without a list. */
#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030F0000 && !defined(PYPY_VERSION) && !defined(Py_GIL_DISABLED)
#  define Py_BUILD_CORE 1 /* the internal headers need it; no header is included after them */
#  undef _PyGC_FINALIZED /* objimpl.h's, which pycore_gc.h defines again */
#  include <internal/pycore_interp.h>
#  include <internal/pycore_gc.h> /* 3.14's own (_PyGC_NEXT_MASK_OLD_SPACE_1: 3.14.0-3.14.4) */
#endif

#define AREA_BASE ((uintptr_t)CG_BENCH_AREA_BASE)
#ifndef CG_BENCH_AREA_BASE
#  define CG_BENCH_AREA_BASE 0x800000000ULL /* 32 GiB: Valgrind (amd64) gives the client mappings from low addresses up, and keeps 64 GiB up for itself */
#endif
#if UINTPTR_MAX > 0xffffffffu
/* Reserved with MAP_NORESERVE: pages exist once touched. 28 GiB from 32 GiB: Valgrind 3.24 refuses
 * client mappings that end beyond 64 GiB (measured: 28 GiB mapped there, 60 GiB not). */
#  define AREA_SIZE ((size_t)4 << 30)        /* the region, set-up and start-up areas */
#  define SLOT_SIZE ((size_t)16 << 20)       /* each import slot: a multiple of every cache's way size */
#  define N_SLOTS 1024
#  define AREA_POSSIBLE 1
#else
#  define AREA_SIZE ((size_t)1 << 26)        /* 32-bit: not used (no fixed address to count on) */
#  define SLOT_SIZE ((size_t)1 << 20)
#  define N_SLOTS 16
#  define AREA_POSSIBLE 0
#endif
#define N_AREAS 3                             /* region, set-up, start-up: in this order from AREA_BASE */
#define SLOTS_BASE (AREA_BASE + N_AREAS * AREA_SIZE)
#define RESERVED (N_AREAS * AREA_SIZE + N_SLOTS * SLOT_SIZE)
#define PAGE_SHIFT 12
#define PAGE_BYTES ((size_t)1 << PAGE_SHIFT)
#define POOL_PAGES 16                         /* 64 KiB pools for the size classes */
#define LARGE_CLASS 0xFF                      /* page_class of a page run's first page */
#define SMALL_MAX 512

/* Size classes: 16..512 by 16 (1..32), then these (33..48); beyond, page runs. */
static const size_t medium_sizes[] = {640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096, 5120, 6144, 7168, 8192};
#define N_MEDIUM (sizeof medium_sizes / sizeof medium_sizes[0])
#define N_CLASSES (32 + N_MEDIUM)
#define MEDIUM_MAX 8192

typedef struct {
    PyMemAllocatorEx prev; /* the allocator wrapped: blocks from outside the areas */
} domain_ctx;

/* At the start of each area, so that the allocator's own data sits at the same addresses always. */
struct area_state_ {
    size_t pages;                     /* of the area: the lower half for pools, the upper for page runs */
    size_t line_aligned;              /* blocks start at a cache line (an import slot's) */
    int active;                       /* the region area: a region is running */
    Py_ssize_t live;                  /* blocks of the area not freed */
    size_t next_page;                 /* first page of the lower half never handed out */
    size_t first_page;                /* after the page tables */
    size_t large_next;                /* first page of the upper half never handed out */
    void *free_runs;                  /* free page runs, by address, coalesced (a free_run in each) */
    void *free_list[N_CLASSES + 1];
    char *pool_next[N_CLASSES + 1];
    char *pool_end[N_CLASSES + 1];
    domain_ctx domains[2];            /* the region area's state only: the wrapper's */
    int starting;                     /* the region area's state only: before the script runs (start_early) */
    uint64_t slot_owner[N_SLOTS];     /* the region area's state only: each slot's module, hashed (0: free) */
    Py_ssize_t quarantined;           /* blocks freed but kept out of use (area_release) */
    int restarted;                    /* an import slot: its module's own blocks are past the finding's */
    /* then, page aligned: one byte per page of the area (its size class, LARGE_CLASS for a run's
     * first page), then the length in pages of each run, by its first page */
};
typedef struct area_state_ area_state;

typedef struct free_run {
    struct free_run *next;
    size_t pages;
} free_run;

#define AREA(i) ((area_state *)(AREA_BASE + (size_t)(i) * AREA_SIZE))
#define SLOT(i) ((area_state *)(SLOTS_BASE + (size_t)(i) * SLOT_SIZE))
#define REGION AREA(0)
#define SETUP AREA(1)
#define STARTUP AREA(2)
#define STATE_BYTES ((sizeof(area_state) + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1))

static int allocator_enabled = 0;

/* The slot of the import running on this thread: per thread, for threads import at the same time
 * (the GIL is released during an import's I/O); initial-exec TLS: read without a call. */
#if defined(__GNUC__)
#  define CG_TLS _Thread_local __attribute__((tls_model("initial-exec")))
#else
#  define CG_TLS _Thread_local
#endif
static CG_TLS struct area_state_ *importing = NULL; /* NULL: no import running */
static PyObject *wrapped_import = NULL;

static inline uint8_t *page_class(area_state *st) { return (uint8_t *)st + STATE_BYTES; }
static inline uint32_t *run_pages(area_state *st) { return (uint32_t *)(page_class(st) + st->pages); }
static inline size_t large_first(area_state *st) { return st->pages / 2; }
static inline size_t page_of(area_state *st, const void *p) { return ((uintptr_t)p - (uintptr_t)st) >> PAGE_SHIFT; }
static inline char *page_addr(area_state *st, size_t i) { return (char *)st + (i << PAGE_SHIFT); }
/* The area a block of memory is from, or NULL. */
static inline area_state *area_of(const void *p) {
    uintptr_t offset = (uintptr_t)p - AREA_BASE;
    if (offset < N_AREAS * AREA_SIZE)
        return AREA(offset / AREA_SIZE);
    offset -= N_AREAS * AREA_SIZE;
    return offset < N_SLOTS * SLOT_SIZE ? SLOT(offset / SLOT_SIZE) : NULL;
}

/* Where new blocks come from now. */
static inline area_state *serving(void) {
    if (REGION->active)
        return REGION;
    if (importing != NULL)
        return importing;
    return REGION->starting ? STARTUP : SETUP;
}

static inline size_t class_size(unsigned c) {
    return c <= 32 ? (size_t)c << 4 : medium_sizes[c - 33];
}

static inline unsigned size_class(size_t n) {
    if (n <= SMALL_MAX)
        return n == 0 ? 1 : (unsigned)((n + 15) >> 4);
    unsigned c = 0;
    while (medium_sizes[c] < n)
        c++;
    return 33 + c;
}

static char *take_pages(area_state *st, size_t pages, uint8_t cls) {
    if (pages > large_first(st) - st->next_page)
        return NULL; /* the lower half is full: the wrapped allocator serves */
    size_t first = st->next_page;
    st->next_page += pages;
    memset(page_class(st) + first, cls, pages);
    return page_addr(st, first);
}

/* A run of whole pages for a block above MEDIUM_MAX: the first free run that holds it (its front),
 * or the top of the upper half. NULL when the area is full (the wrapped allocator serves). */
static void *run_alloc(area_state *st, size_t n) {
    size_t pages = (n + PAGE_BYTES - 1) >> PAGE_SHIFT;
    if (pages > UINT32_MAX)
        return NULL;
    size_t first;
    free_run **link = (free_run **)&st->free_runs;
    while (*link != NULL && (*link)->pages < pages)
        link = &(*link)->next;
    if (*link != NULL) {
        free_run *run = *link;
        first = page_of(st, run);
        if (run->pages == pages) {
            *link = run->next;
        } else {
            free_run *rest = (free_run *)page_addr(st, first + pages);
            rest->next = run->next;
            rest->pages = run->pages - pages;
            *link = rest;
        }
    } else {
        if (pages > st->pages - st->large_next)
            return NULL;
        first = st->large_next;
        st->large_next += pages;
    }
    page_class(st)[first] = LARGE_CLASS;
    run_pages(st)[first] = (uint32_t)pages;
    st->live++;
    return page_addr(st, first);
}

/* A run back: into the list by address, merged with free neighbours; a free run at the top lowers it. */
__attribute__((noinline)) static void run_free(area_state *st, size_t first) {
    size_t pages = run_pages(st)[first];
    page_class(st)[first] = 0;
    free_run *prev = NULL, *next = st->free_runs;
    while (next != NULL && page_of(st, next) < first) {
        prev = next;
        next = next->next;
    }
    free_run *run = (free_run *)page_addr(st, first);
    run->pages = pages;
    run->next = next;
    if (next != NULL && first + pages == page_of(st, next)) {
        run->pages += next->pages;
        run->next = next->next;
    }
    if (prev != NULL && page_of(st, prev) + prev->pages == first) {
        prev->pages += run->pages;
        prev->next = run->next;
    } else if (prev != NULL) {
        prev->next = run;
    } else {
        st->free_runs = run;
    }
    /* The last free run, if it ends at the top, lowers the top instead. */
    free_run **last = (free_run **)&st->free_runs;
    while ((*last)->next != NULL)
        last = &(*last)->next;
    if (page_of(st, *last) + (*last)->pages == st->large_next) {
        st->large_next = page_of(st, *last);
        *last = NULL;
    }
    st->live--;
}

/* Blocks up to MEDIUM_MAX from the size classes, larger ones as page runs of the upper half. An
 * import slot's blocks are whole cache lines: a string another module interned first lies at the same
 * offset in a line as the code under test's own would (measured: +36 instructions, -320 cycles). */
static inline unsigned area_class(area_state *st, size_t n) {
    return size_class(st->line_aligned ? ((n ? n : 1) + 63) & ~(size_t)63 : n);
}

static void *area_alloc(area_state *st, size_t n) {
    if (n > MEDIUM_MAX)
        return run_alloc(st, n);
    unsigned c = area_class(st, n);
    size_t size = class_size(c);
    void *block = st->free_list[c];
    if (block != NULL) {
        st->free_list[c] = *(void **)block;
    } else {
        if ((size_t)(st->pool_end[c] - st->pool_next[c]) < size) {
            char *pool = take_pages(st, POOL_PAGES, (uint8_t)c);
            if (pool == NULL)
                return NULL;
            st->pool_next[c] = pool;
            st->pool_end[c] = pool + POOL_PAGES * PAGE_BYTES;
        }
        block = st->pool_next[c];
        st->pool_next[c] += size;
    }
    st->live++;
    return block;
}

/* How many bytes the block can hold. */
static inline size_t area_usable(area_state *st, const void *p) {
    size_t page = page_of(st, p);
    uint8_t c = page_class(st)[page];
    return c == LARGE_CLASS ? (size_t)run_pages(st)[page] << PAGE_SHIFT : class_size(c);
}

static inline void area_free(area_state *st, void *p) {
    uint8_t c = page_class(st)[page_of(st, p)];
    if (c == LARGE_CLASS) {
        run_free(st, page_of(st, p));
        return;
    }
    *(void **)p = st->free_list[c];
    st->free_list[c] = p;
    st->live--;
}

/* Empty again: the next region allocates exactly as the first did. Only when nothing is alive. */
static void area_reset(area_state *st) {
    memset(page_class(st) + st->first_page, 0, st->next_page - st->first_page);
    memset(page_class(st) + large_first(st), 0, st->large_next - large_first(st));
    st->next_page = st->first_page;
    st->large_next = large_first(st);
    st->free_runs = NULL;
    memset(st->free_list, 0, sizeof st->free_list);
    memset(st->pool_next, 0, sizeof st->pool_next);
    memset(st->pool_end, 0, sizeof st->pool_end);
}

static void area_init(area_state *st, size_t bytes) {
    st->pages = bytes >> PAGE_SHIFT;
    st->first_page = ((uintptr_t)run_pages(st) - (uintptr_t)st + st->pages * sizeof(uint32_t) + PAGE_BYTES - 1) >> PAGE_SHIFT;
    st->next_page = st->first_page;
    st->large_next = large_first(st);
}

/* A block of an area back to it, unless an import frees it from the set-up area or from the slot of
 * the module it loads: the same program without that import would have no such hole to fill. */
/* An import opens its first file (the module's code): what finding the module made depends on what was
 * imported before (a zipimporter tried: 240 or 176 bytes); the module's own start 2 MiB in, new pools. */
static void slot_restart(area_state *st) {
    st->next_page = st->next_page > st->first_page + 512 ? st->next_page : st->first_page + 512;
    st->large_next = st->large_next > large_first(st) + 512 ? st->large_next : large_first(st) + 512;
    st->free_runs = NULL;
    memset(st->free_list, 0, sizeof st->free_list);
    memset(st->pool_next, 0, sizeof st->pool_next);
    memset(st->pool_end, 0, sizeof st->pool_end);
    st->restarted = 1;
}
static inline void area_release(area_state *st, void *p) {
    if (!REGION->active && importing != NULL && (st == SETUP || st == importing)) {
        st->quarantined++;
        return;
    }
    area_free(st, p);
}

static void *wrap_malloc(void *ctx, size_t n) {
    domain_ctx *d = ctx;
    area_state *st = serving();
    if (st != NULL) {
        void *p = area_alloc(st, n);
        if (p != NULL)
            return p;
    }
    return d->prev.malloc(d->prev.ctx, n);
}

static void *wrap_calloc(void *ctx, size_t nelem, size_t elsize) {
    domain_ctx *d = ctx;
    area_state *st = serving();
    if (st != NULL && (elsize == 0 || nelem <= SIZE_MAX / elsize)) {
        void *p = area_alloc(st, nelem * elsize);
        if (p != NULL) {
            memset(p, 0, nelem * elsize);
            return p;
        }
    }
    return d->prev.calloc(d->prev.ctx, nelem, elsize);
}

static void wrap_free(void *ctx, void *p) {
    area_state *st = area_of(p);
    if (st != NULL)
        area_release(st, p);
    else
        ((domain_ctx *)ctx)->prev.free(((domain_ctx *)ctx)->prev.ctx, p);
}

static void *wrap_realloc(void *ctx, void *p, size_t n) {
    domain_ctx *d = ctx;
    if (p == NULL)
        return wrap_malloc(ctx, n);
    area_state *st = area_of(p);
    if (st == NULL)
        return d->prev.realloc(d->prev.ctx, p, n);
    size_t old = area_usable(st, p);
    size_t page = page_of(st, p);
    uint8_t c = page_class(st)[page];
    if (c == LARGE_CLASS && n > MEDIUM_MAX) {
        size_t pages = (n + PAGE_BYTES - 1) >> PAGE_SHIFT, have = run_pages(st)[page];
        if (pages <= have)
            return p; /* shrinking a run keeps it whole */
        if (st == serving() && page + have == st->large_next && pages - have <= st->pages - st->large_next && pages <= UINT32_MAX) {
            st->large_next += pages - have; /* the top run grows in place */
            run_pages(st)[page] = (uint32_t)pages;
            return p;
        }
    } else if (c != LARGE_CLASS && n <= MEDIUM_MAX && area_class(st, n) == c) {
        return p;
    }
    void *q = wrap_malloc(ctx, n);
    if (q == NULL)
        return NULL;
    memcpy(q, p, old < n ? old : n);
    area_release(st, p);
    return q;
}

/* 64-bit FNV-1a, never 0 (0 marks a free slot). */
static uint64_t fnv1a(uint64_t h, const char *bytes, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)bytes[i]) * 0x100000001b3ULL;
    return h;
}

static area_state *slot_of(uint64_t h) {
    if (h == 0)
        h = 1;
    uint64_t *owner = REGION->slot_owner;
    for (size_t i = h % N_SLOTS, tries = 0; tries < N_SLOTS; i = (i + 1) % N_SLOTS, tries++) {
        if (owner[i] == h)
            return SLOT(i);
        if (owner[i] == 0) {
            owner[i] = h;
            area_init(SLOT(i), SLOT_SIZE);
            SLOT(i)->line_aligned = 1;
            return SLOT(i);
        }
    }
    return NULL;
}

/* An import's level argument, never raising (a level too large for a long counts as 1: relative). */
static long import_level(PyObject *value) {
    if (!PyLong_Check(value))
        return 0;
    int overflow = 0;
    long level = PyLong_AsLongAndOverflow(value, &overflow);
    if (level == -1 && PyErr_Occurred())
        PyErr_Clear();
    return overflow || level < 0 ? 1 : level;
}

/* The slot of the module an import names (for a relative import, with the package and level); a
 * collision takes the next slot, a multiple of SLOT_SIZE away (the same cache sets). NULL: none. */
static area_state *slot_for_name(PyObject *name, PyObject *package, long level) {
    if (!PyUnicode_Check(name))
        return NULL;
    Py_ssize_t n;
    const char *utf8 = PyUnicode_AsUTF8AndSize(name, &n);
    if (utf8 == NULL) {
        PyErr_Clear();
        return NULL;
    }
    uint64_t h = fnv1a(0xcbf29ce484222325ULL, utf8, n);
    if (level > 0 && package != NULL && PyUnicode_Check(package)) {
        const char *p = PyUnicode_AsUTF8AndSize(package, &n);
        if (p == NULL) {
            PyErr_Clear();
            return NULL;
        }
        char dots[8];
        Py_ssize_t d = 0;
        while (d < level && d < (Py_ssize_t)sizeof dots)
            dots[d++] = '.';
        h = fnv1a(fnv1a(h, dots, d), p, n);
    }
    return slot_of(h);
}

/* __import__(name, globals, locals, fromlist, level): for a relative import, the importing package. */
static area_state *slot_for(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    if (nargs < 1 || kwnames != NULL)
        return NULL;
    long level = nargs >= 5 ? import_level(args[4]) : 0;
    PyObject *package = level > 0 && nargs >= 2 && PyDict_Check(args[1]) ? PyDict_GetItemString(args[1], "__package__") : NULL;
    return slot_for_name(args[0], package, level);
}

/* Python's free lists (tuples, lists, dicts, floats) would hand a module what earlier code freed, in
 * that code's area: a full collection empties them. Not inside a region. */
static void empty_free_lists(void) {
    if (REGION->active)
        return;
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    (void)PyGC_Collect();
    PyErr_Restore(type, value, traceback);
}

/* Whether an outermost import statement loads a module not loaded yet (level 0: the name says). */
static int loads_new_module(PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1 || !PyUnicode_Check(args[0]) || (nargs >= 5 && import_level(args[4]) != 0))
        return 0;
    PyObject *module = PyImport_GetModule(args[0]);
    if (module != NULL) {
        Py_DECREF(module);
        return 0;
    }
    PyErr_Clear();
    return 1;
}

/* Calls an import function with `slot` serving (the enclosing import's when NULL), and with free
 * lists emptied before and after when it loads a new module (`fresh`). */
static PyObject *import_in_slot(PyObject *import, area_state *slot, int fresh, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    area_state *outer = importing;
    if (fresh)
        empty_free_lists();
    importing = slot != NULL ? slot : outer != NULL ? outer : SETUP;
    if (slot != NULL)
        slot->restarted = 0;
    /* The name becomes the module's __name__, which its functions refer to: a new module gets a copy
     * made in its slot, not the caller's string (pytest computes a test module's name). */
    PyObject *call[8];
    Py_ssize_t total = nargs + (kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0);
    PyObject *name = NULL;
    if (fresh && slot != NULL && nargs >= 1 && total <= 8 && PyUnicode_CheckExact(args[0])) {
        Py_ssize_t length = PyUnicode_GET_LENGTH(args[0]);
        name = PyUnicode_New(length, PyUnicode_MAX_CHAR_VALUE(args[0]));
        if (name == NULL || PyUnicode_CopyCharacters(name, 0, args[0], 0, length) < 0) {
            importing = outer;
            Py_XDECREF(name);
            return NULL;
        }
        memcpy(call, args, (size_t)total * sizeof *args);
        call[0] = name;
        args = call;
    }
    PyObject *result = PyObject_Vectorcall(import, args, (size_t)nargs, kwnames);
    Py_XDECREF(name);
    importing = outer;
    if (fresh)
        empty_free_lists();
    return result;
}

/* builtins.__import__ while the allocator is enabled: an import statement allocates from the slot of
 * the module it names; an outermost one that loads a new module starts and ends with empty free lists. */
static PyObject *area_import(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    if (REGION->active) /* the region's area serves; no slot is claimed by measured code */
        return PyObject_Vectorcall(wrapped_import, args, (size_t)nargs, kwnames);
    int fresh = importing == NULL && loads_new_module(args, nargs);
    return import_in_slot(wrapped_import, slot_for(args, nargs, kwnames), fresh, args, nargs, kwnames);
}

static PyMethodDef area_import_def = {"__import__", (PyCFunction)(void (*)(void))area_import, METH_FASTCALL | METH_KEYWORDS,
                                      "__import__ as the interpreter's, allocating from cg_bench's import area."};

/* importlib.import_module(name, package=None), which pytest uses for test modules: as area_import. */
static PyObject *wrapped_import_module = NULL;

static PyObject *area_import_module(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    if (REGION->active)
        return PyObject_Vectorcall(wrapped_import_module, args, (size_t)nargs, kwnames);
    PyObject *name = nargs >= 1 ? args[0] : NULL;
    PyObject *package = nargs >= 2 ? args[1] : NULL;
    long level = 0;
    if (name != NULL && PyUnicode_Check(name))
        while (level < PyUnicode_GET_LENGTH(name) && PyUnicode_READ_CHAR(name, level) == '.')
            level++;
    int fresh = importing == NULL && level == 0 && loads_new_module(args, nargs > 1 ? 1 : nargs);
    area_state *slot = kwnames == NULL && name != NULL ? slot_for_name(name, package, level) : NULL;
    return import_in_slot(wrapped_import_module, slot, fresh, args, nargs, kwnames);
}

static PyMethodDef area_import_module_def = {"import_module", (PyCFunction)(void (*)(void))area_import_module, METH_FASTCALL | METH_KEYWORDS,
                                             "importlib.import_module, allocating from cg_bench's import slots."};

/* builtins.__import__ and importlib.import_module replaced by the wrappers above; -1 (with nothing
 * replaced) on failure. */
static int wrap_import(void) {
    PyObject *builtins = PyEval_GetBuiltins(); /* borrowed */
    PyObject *original = builtins ? PyDict_GetItemString(builtins, "__import__") : NULL; /* borrowed */
    if (original == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ImportError, "cg_bench: builtins.__import__ is missing");
        return -1;
    }
    Py_INCREF(original); /* importing importlib below may run code that replaces it */
    PyObject *importlib = PyImport_ImportModule("importlib");
    PyObject *import_module = importlib ? PyObject_GetAttrString(importlib, "import_module") : NULL;
    PyObject *module_wrapper = import_module ? PyCFunction_New(&area_import_module_def, NULL) : NULL;
    PyObject *wrapper = module_wrapper ? PyCFunction_New(&area_import_def, NULL) : NULL;
    int failed = wrapper == NULL || PyObject_SetAttrString(importlib, "import_module", module_wrapper) < 0;
    if (!failed && PyDict_SetItemString(builtins, "__import__", wrapper) < 0) {
        (void)PyObject_SetAttrString(importlib, "import_module", import_module);
        failed = 1;
    }
    if (!failed) {
        wrapped_import = original;
        original = NULL;
        wrapped_import_module = import_module; /* the reference taken above */
        import_module = NULL;
    }
    Py_XDECREF(original);
    Py_XDECREF(importlib);
    Py_XDECREF(import_module);
    Py_XDECREF(module_wrapper);
    Py_XDECREF(wrapper);
    return failed ? -1 : 0;
}

/* Audit events: an import's first file opened (slot_restart); the script starts (the set-up area serves
 * from then on): the first "exec" after start_early with a code object, outside an import (site.py's
 * exec of .pth lines passes a string). */
static int command_mode = 0; /* python -c: the script's code is "<string>" too */
static int audit_event(const char *event, PyObject *args, void *unused) {
    if (importing != NULL && importing->line_aligned && !importing->restarted && strcmp(event, "open") == 0)
        slot_restart(importing);
    if (REGION->starting && importing == NULL && strcmp(event, "exec") == 0 && PyTuple_Check(args) &&
        PyTuple_GET_SIZE(args) >= 1 && PyCode_Check(PyTuple_GET_ITEM(args, 0)) &&
        (command_mode || PyUnicode_CompareWithASCIIString(((PyCodeObject *)PyTuple_GET_ITEM(args, 0))->co_filename, "<string>") != 0)) {
        REGION->starting = 0;
        empty_free_lists(); /* of what compiling the script freed */
    }
    return 0;
}

static PyObject *enable_allocator(PyObject *self, PyObject *unused) {
#if defined(Py_GIL_DISABLED) || !AREA_POSSIBLE
    Py_RETURN_FALSE; /* free-threaded builds (allocations without a GIL, mimalloc) and 32-bit: not wrapped */
#else
    if (allocator_enabled)
        Py_RETURN_TRUE;
    void *areas = mmap((void *)AREA_BASE, RESERVED, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (areas == MAP_FAILED)
        Py_RETURN_FALSE;
    if ((uintptr_t)areas != AREA_BASE) { /* the address is taken: addresses would not repeat */
        munmap(areas, RESERVED);
        Py_RETURN_FALSE;
    }
    for (int i = 0; i < N_AREAS; i++)
        area_init(AREA(i), AREA_SIZE);
    if (wrap_import() < 0) { /* before the areas serve: the wrapper is not in them */
        PyErr_Clear();
        munmap(areas, RESERVED);
        Py_RETURN_FALSE;
    }
    const PyMemAllocatorDomain domains[2] = {PYMEM_DOMAIN_MEM, PYMEM_DOMAIN_OBJ};
    for (int i = 0; i < 2; i++) {
        domain_ctx *d = &REGION->domains[i];
        PyMem_GetAllocator(domains[i], &d->prev);
        PyMemAllocatorEx wrapper = {d, wrap_malloc, wrap_calloc, wrap_realloc, wrap_free};
        PyMem_SetAllocator(domains[i], &wrapper);
    }
    if (PySys_AddAuditHook(audit_event, NULL) < 0) /* refused only by a hook of Python's own: no restarts */
        PyErr_Clear();
    allocator_enabled = 1;
    /* Inside cg_bench's import, which the wrapper did not see: its slot serves until end_import. */
    area_state *own = slot_of(fnv1a(0xcbf29ce484222325ULL, "cg_bench", 8));
    importing = own != NULL ? own : SETUP;
    Py_RETURN_TRUE;
#endif
}

static PyObject *start_early(PyObject *self, PyObject *unused) {
    if (!allocator_enabled || REGION->starting)
        Py_RETURN_FALSE;
    /* sys.argv is ['-c'] for python -c, whose code is "<string>" like the .pth lines after this one. */
    PyObject *argv = PySys_GetObject("argv"); /* borrowed */
    PyObject *first = argv && PyList_Check(argv) && PyList_GET_SIZE(argv) > 0 ? PyList_GET_ITEM(argv, 0) : NULL;
    command_mode = first == NULL || (PyUnicode_Check(first) && PyUnicode_CompareWithASCIIString(first, "-c") == 0);
    REGION->starting = 1;
    Py_RETURN_TRUE;
}

static PyObject *end_import(PyObject *self, PyObject *unused) {
    if (allocator_enabled)
        importing = NULL;
    Py_RETURN_NONE;
}

/* The region area's live blocks and pages used (all, and by page runs), the start-up area's under
 * "startup"; None when not enabled. */
static PyObject *allocator_stats(PyObject *self, PyObject *unused) {
    if (!allocator_enabled)
        Py_RETURN_NONE;
    area_state *st = REGION;
    return Py_BuildValue("{s:n,s:n,s:n,s:{s:n}}", "live_blocks", st->live, "pages_used",
                         (Py_ssize_t)(st->next_page - st->first_page + st->large_next - large_first(st)), "run_pages_used",
                         (Py_ssize_t)(st->large_next - large_first(st)), "startup", "live_blocks", STARTUP->live);
}

static PyObject *start_instrumentation(PyObject *self, PyObject *unused) {
    if (allocator_enabled) {
        if (REGION->live == 0)
            area_reset(REGION);
        REGION->active = 1;
    }
    CACHEGRIND_START_INSTRUMENTATION;
    Py_RETURN_NONE;
}

static PyObject *stop_instrumentation(PyObject *self, PyObject *unused) {
    CACHEGRIND_STOP_INSTRUMENTATION;
    if (allocator_enabled)
        REGION->active = 0;
    Py_RETURN_NONE;
}

/* Type version tags. CPython's type attribute cache (4,096 entries) is indexed by a type's tag and the
 * name's address; a type first looked up in a region takes the next tag of a counter (the
 * interpreter's for classes, a global one for immutable types, 3.12+) that earlier code advanced. At
 * a region's start both are advanced to a fixed residue modulo 4,096 by probe types, made before the
 * region's collection and kept (each takes at most 1,000 tags, CPython's limit per type). */
#define TYPE_CACHE_ENTRIES 4096u
#define PROBE_TAGS 1000u
#define MAX_PROBES 64
enum { HEAP_PROBES, IMMUTABLE_PROBES };
typedef struct {
    PyObject *types[MAX_PROBES];
    unsigned int used[MAX_PROBES]; /* tags taken by each; PROBE_TAGS once it can take no more */
    int count;
} probe_pool;
static probe_pool probe_pools[2];
static PyObject *probe_name = NULL;
/* The global counter holds 131,071 tags for the whole process: past half of them, its alignment
 * stops, and so does untag() for immutable types (each would take a new one every region). */
#define GLOBAL_TAGS_KEPT 65536u
static int global_tags_low = 0;

static PyType_Spec *probe_spec(int kind) {
    static PyType_Slot slots[] = {{0, NULL}};
    static PyType_Spec specs[2] = {
        {"cg_bench._client.VersionTags", sizeof(PyObject), 0, Py_TPFLAGS_DEFAULT, slots},
        {"cg_bench._client.ImmutableVersionTags", sizeof(PyObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, slots},
    };
    return &specs[kind];
}

/* Probes enough for `tags` more tags, made before the region's collection; spent ones let go. */
static int reserve_probes(int kind, unsigned int tags) {
    probe_pool *pool = &probe_pools[kind];
    unsigned int left = 0;
    int kept = 0;
    for (int i = 0; i < pool->count; i++) {
        if (pool->used[i] >= PROBE_TAGS) {
            Py_DECREF(pool->types[i]);
            continue;
        }
        pool->types[kept] = pool->types[i];
        pool->used[kept++] = pool->used[i];
        left += PROBE_TAGS - pool->used[i];
    }
    pool->count = kept;
    while (left < tags && pool->count < MAX_PROBES) {
        PyObject *type = PyType_FromSpec(probe_spec(kind));
        if (type == NULL)
            return -1;
        pool->types[pool->count] = type;
        pool->used[pool->count++] = 0;
        left += PROBE_TAGS;
    }
    return 0;
}

/* Takes the counter's next tag with a probe: the tag, or 0 when no probe can take one. */
static unsigned int take_tag(int kind) {
    probe_pool *pool = &probe_pools[kind];
    for (int i = 0; i < pool->count; i++) {
        if (pool->used[i] >= PROBE_TAGS)
            continue;
        PyTypeObject *type = (PyTypeObject *)pool->types[i];
        PyType_Modified(type);
        (void)_PyType_Lookup(type, probe_name);
        if (type->tp_version_tag != 0) {
            pool->used[i]++;
            return type->tp_version_tag;
        }
        pool->used[i] = PROBE_TAGS; /* CPython refuses it more tags */
    }
    return 0;
}

static int reserve_tags(void) {
    if (probe_name == NULL && (probe_name = PyUnicode_InternFromString("_cg_bench_version_tag")) == NULL)
        return -1;
    if (reserve_probes(HEAP_PROBES, TYPE_CACHE_ENTRIES) < 0)
        return -1;
#if PY_VERSION_HEX >= 0x030C0000
    if (reserve_probes(IMMUTABLE_PROBES, TYPE_CACHE_ENTRIES) < 0)
        return -1;
#endif
    return 0;
}

/* PyType_ClearCache returns the interpreter's counter (and empties the cache); the global counter is
 * told by a probe's tag and brought to 1 modulo 4,096 while that leaves the program half its tags. */
static PyObject *align_type_versions(PyObject *self, PyObject *unused) {
#ifndef Py_GIL_DISABLED
    if (probe_name == NULL && reserve_tags() < 0)
        return NULL;
    unsigned int next = PyType_ClearCache() + 1;
    for (unsigned int left = (TYPE_CACHE_ENTRIES - next % TYPE_CACHE_ENTRIES) % TYPE_CACHE_ENTRIES; left > 0; left--)
        if (take_tag(HEAP_PROBES) == 0)
            break;
#if PY_VERSION_HEX >= 0x030C0000
    unsigned int tag = global_tags_low ? 0 : take_tag(IMMUTABLE_PROBES);
    next = tag + 1;
    unsigned int left = (TYPE_CACHE_ENTRIES + 1 - next % TYPE_CACHE_ENTRIES) % TYPE_CACHE_ENTRIES;
    if (tag == 0 || next + left > GLOBAL_TAGS_KEPT) {
        global_tags_low = 1;
    } else {
        for (; left > 0; left--) {
            if (take_tag(IMMUTABLE_PROBES) == 0)
                break;
        }
    }
#endif
    PyType_ClearCache();
#endif
    Py_RETURN_NONE;
}

/* Specialization: CPython 3.11+ rewrites bytecode in place as it runs, so code that ran before a
 * region enters it warmer. Back to a new code object's state: a fresh copy's bytes (replace()) over
 * its own (3.11: and its warm-up counter); not for instrumented code or code with executors. 1 if
 * reset, 0 if left, -1 with an exception set. Private layout: 3.11 to 3.14 (RESETS_BYTECODE). */
#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030F0000 && !defined(PYPY_VERSION) && !defined(Py_GIL_DISABLED)
#  define RESETS_BYTECODE 1
#else
#  define RESETS_BYTECODE 0
#endif
static int reset_code(PyObject *code) {
#if RESETS_BYTECODE
    PyCodeObject *co = (PyCodeObject *)code;
#if PY_VERSION_HEX >= 0x030C0000
    if (co->_co_monitoring != NULL)
        return 0;
#endif
#if PY_VERSION_HEX >= 0x030D0000
    if (co->co_executors != NULL)
        return 0;
#endif
    PyObject *fresh = PyObject_CallMethod(code, "replace", NULL);
    if (fresh == NULL)
        return -1;
    int same = PyCode_Check(fresh) && Py_SIZE(fresh) == Py_SIZE(co);
    if (same) {
        memcpy(co->co_code_adaptive, ((PyCodeObject *)fresh)->co_code_adaptive, (size_t)Py_SIZE(co) * 2 /* bytes per code unit */);
#if PY_VERSION_HEX < 0x030C0000
        co->co_warmup = ((PyCodeObject *)fresh)->co_warmup; /* 3.11 quickens once this counter runs out */
#endif
    }
    Py_DECREF(fresh);
    return same;
#else
    (void)code;
    return 0;
#endif
}

/* A heap type's tag given up (PyType_Modified): a type earlier code looked up is tagged again in the
 * region, from the aligned counter, where it is when nothing did. */
static int untag(PyObject *type) {
    PyTypeObject *tp = (PyTypeObject *)type;
    if (!(tp->tp_flags & Py_TPFLAGS_HEAPTYPE) || tp->tp_version_tag == 0)
        return 0;
    if ((tp->tp_flags & Py_TPFLAGS_IMMUTABLETYPE) && global_tags_low)
        return 0;
#if PY_VERSION_HEX >= 0x030D0000
    /* 3.13 gives a type at most 1,000 tags; one is kept for the program's own changes. */
    if (tp->tp_versions_used >= 999)
        return 0;
#endif
    PyType_Modified(tp);
    return 1;
}

/* The code objects reset so far and a hash of the bytes each reset left: a code whose bytes hash the
 * same has not run since and is left alone (a code.replace() costs ~10 us under Valgrind). */
typedef struct {
    PyObject *code;
    uint64_t hash;
} known_code;
static known_code *known = NULL;
static size_t known_size = 0, known_count = 0;
static Py_ssize_t codes_reset = 0; /* by the current walk */

static uint64_t bytes_hash(PyCodeObject *co) {
#if RESETS_BYTECODE
    const unsigned char *p = (const unsigned char *)co->co_code_adaptive;
    size_t n = (size_t)Py_SIZE(co) * 2, i = 0;
    uint64_t h = 0xcbf29ce484222325ULL, word;
    for (; i + 8 <= n; i += 8) {
        memcpy(&word, p + i, 8);
        h = (h ^ word) * 0x100000001b3ULL;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
#if PY_VERSION_HEX < 0x030C0000
    h = (h ^ (uint64_t)(uint16_t)co->co_warmup) * 0x100000001b3ULL;
#endif
    return h ^ (uint64_t)n;
#else
    (void)co;
    return 0;
#endif
}

/* Where `code` is in `table`, or the empty entry it would take. Addresses mixed: codes in slots 16 MiB
 * apart share their low bits, which alone made probe chains of hundreds (2.2M instructions a walk). */
static inline size_t known_place(known_code *table, size_t size, PyObject *code) {
    size_t i = (size_t)(((uint64_t)(uintptr_t)code * 0x9E3779B97F4A7C15ULL) >> 32) & (size - 1);
    while (table[i].code != NULL && table[i].code != code)
        i = (i + 1) & (size - 1);
    return i;
}
/* The entry for `code`, added if missing (NULL when memory runs out). */
static known_code *known_entry(PyObject *code) {
    if (2 * (known_count + 1) > known_size) {
        size_t size = known_size ? known_size * 2 : 4096;
        known_code *table = PyMem_RawCalloc(size, sizeof(known_code));
        if (table == NULL)
            return NULL;
        for (size_t i = 0; i < known_size; i++)
            if (known[i].code != NULL)
                table[known_place(table, size, known[i].code)] = known[i];
        PyMem_RawFree(known);
        known = table;
        known_size = size;
    }
    size_t i = known_place(known, known_size, code);
    if (known[i].code == NULL) {
        known[i].code = code;
        known[i].hash = 0;
        known_count++;
    }
    return &known[i];
}

static int reset_code_tree(PyObject *code) {
    known_code *entry = known_entry(code);
    if (entry == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (entry->hash == 0 || entry->hash != bytes_hash((PyCodeObject *)code)) {
        int reset = reset_code(code);
        if (reset < 0)
            return -1;
        codes_reset += reset;
        entry->hash = reset ? bytes_hash((PyCodeObject *)code) : 0;
    }
    PyObject *consts = ((PyCodeObject *)code)->co_consts;
    for (Py_ssize_t i = 0; consts != NULL && PyTuple_Check(consts) && i < PyTuple_GET_SIZE(consts); i++) {
        PyObject *item = PyTuple_GET_ITEM(consts, i);
        if (PyCode_Check(item) && reset_code_tree(item) < 0)
            return -1;
    }
    return 0;
}

/* The heap's types and functions (told by their C type: isinstance could run a proxy's code), each with a
 * new reference, in a raw allocator's array (not the areas); keep_found only tests (7 instructions, was 15). */
typedef struct {
    PyObject **items;
    Py_ssize_t count, size;
    int failed;
} found_objects;

static Py_NO_INLINE int keep(PyObject *obj, found_objects *found) {
    if (found->count == found->size) {
        Py_ssize_t size = found->size ? found->size * 2 : 4096;
        PyObject **items = PyMem_RawRealloc(found->items, (size_t)size * sizeof(PyObject *));
        if (items == NULL) {
            found->failed = 1;
            return 0;
        }
        found->items = items;
        found->size = size;
    }
    Py_INCREF(obj);
    found->items[found->count++] = obj;
    return 1;
}

static int keep_found(PyObject *obj, void *arg) {
    return PyType_Check(obj) || PyFunction_Check(obj) ? keep(obj, (found_objects *)arg) : 1;
}

/* Every function's bytecode reset and every heap type untagged, with no other thread able to run while
 * it holds objects (collector off, no Python code, the GIL kept): 3.11 to 3.14 walk the collector's lists (3.11:
 * gc.get_objects()'s; 3.12+: and the frozen ones, as 3.13.5's visitor); others visit (3.13: 40 ms per 1M objects). */
static PyObject *forget_learned_state(PyObject *self, PyObject *unused) {
    found_objects found = {NULL, 0, 0, 0};
    codes_reset = 0;
    int collecting = PyGC_Disable();
#if defined(Py_INTERNAL_INTERP_H) && !defined(_PyGC_NEXT_MASK_OLD_SPACE_1) /* not 3.14.0-3.14.4's young, old[2] */
    struct _gc_runtime_state *gc = &PyInterpreterState_Get()->gc;
    for (int i = 0; i < NUM_GENERATIONS + (PY_VERSION_HEX >= 0x030C0000) && !found.failed; i++) {
        PyGC_Head *head = i < NUM_GENERATIONS ? &gc->generations[i].head : &gc->permanent_generation.head;
        for (PyGC_Head *g = _PyGCHead_NEXT(head); g != head && keep_found((PyObject *)(g + 1), &found); g = _PyGCHead_NEXT(g))
            ;
    }
#elif PY_VERSION_HEX >= 0x030C0000 /* 3.15+, free-threaded builds, PyPy, 3.14.0-3.14.4 */
    PyUnstable_GC_VisitObjects(keep_found, &found);
#endif
    int failed = found.failed;
    if (failed)
        PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < found.count; i++) {
        PyObject *obj = found.items[i];
        if (!failed && PyType_Check(obj)) {
            (void)untag(obj);
        } else if (!failed && PyFunction_Check(obj)) {
            PyObject *code = PyFunction_GET_CODE(obj);
            if (code != NULL && PyCode_Check(code) && reset_code_tree(code) < 0)
                failed = 1;
        }
        Py_DECREF(obj);
    }
    PyMem_RawFree(found.items);
    if (collecting)
        PyGC_Enable();
#ifndef Py_GIL_DISABLED
    if (!failed && reserve_tags() < 0) /* the probes align_type_versions will use, before the collection */
        failed = 1;
#endif
    if (failed)
        return NULL;
    return PyLong_FromSsize_t(codes_reset);
}

static PyObject *type_version_tag(PyObject *self, PyObject *type) {
    if (!PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "type_version_tag() needs a type");
        return NULL;
    }
    return PyLong_FromUnsignedLong(((PyTypeObject *)type)->tp_version_tag);
}

/* A measured call's (args, kwargs or None) copied into the region's area: the caller made them wherever
 * its earlier work left room (pytest with more plugins installed). */
static PyObject *pack_call(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
    if (argc != 2 || !PyTuple_Check(argv[0]) || (argv[1] != Py_None && !PyDict_Check(argv[1]))) {
        PyErr_SetString(PyExc_TypeError, "pack_call(args: tuple, kwargs: dict | None)");
        return NULL;
    }
    int packing = allocator_enabled && !REGION->active;
    if (packing) {
        if (REGION->live == 0)
            area_reset(REGION);
        REGION->active = 1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(argv[0]);
    PyObject *args = PyTuple_New(n);
    for (Py_ssize_t i = 0; args != NULL && i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(argv[0], i);
        Py_INCREF(item);
        PyTuple_SET_ITEM(args, i, item);
    }
    PyObject *kwargs = args == NULL ? NULL : argv[1] == Py_None ? (Py_INCREF(Py_None), Py_None) : PyDict_Copy(argv[1]);
    PyObject *packed = kwargs == NULL ? NULL : PyTuple_Pack(2, args, kwargs);
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
    if (packing)
        REGION->active = 0;
    return packed;
}

/* Where the next Python frame goes (3.11+ keep frames on a per-thread stack of their own), or None. */
static PyObject *frame_stack_top(PyObject *self, PyObject *unused) {
#if PY_VERSION_HEX >= 0x030B0000 && !defined(PYPY_VERSION)
    return PyLong_FromVoidPtr((void *)PyThreadState_Get()->datastack_top);
#else
    Py_RETURN_NONE;
#endif
}

/* How many bytes a frame of this code takes on that stack, or None. */
static PyObject *frame_bytes(PyObject *self, PyObject *code) {
    if (!PyCode_Check(code)) {
        PyErr_SetString(PyExc_TypeError, "frame_bytes() needs a code object");
        return NULL;
    }
#if PY_VERSION_HEX >= 0x030C0000 && !defined(PYPY_VERSION)
    return PyLong_FromSsize_t((Py_ssize_t)((PyCodeObject *)code)->co_framesize * (Py_ssize_t)sizeof(PyObject *));
#else
    Py_RETURN_NONE;
#endif
}

static PyObject *running_on_valgrind(PyObject *self, PyObject *unused) {
    return PyLong_FromUnsignedLong((unsigned long)RUNNING_ON_VALGRIND);
}

static PyMethodDef switch_defs[] = {
    {"start_instrumentation", start_instrumentation, METH_NOARGS, "CACHEGRIND_START_INSTRUMENTATION: a no-op outside Valgrind."},
    {"stop_instrumentation", stop_instrumentation, METH_NOARGS, "CACHEGRIND_STOP_INSTRUMENTATION: a no-op outside Valgrind."},
};

/* New function objects for the two switches, from the area serving now (cg_bench's slot): the
 * module's own were made before the areas existed. */
static PyObject *region_switches(PyObject *self, PyObject *unused) {
    PyObject *start = PyCFunction_New(&switch_defs[0], NULL);
    PyObject *stop = start ? PyCFunction_New(&switch_defs[1], NULL) : NULL;
    PyObject *pair = stop ? PyTuple_Pack(2, start, stop) : NULL;
    Py_XDECREF(start);
    Py_XDECREF(stop);
    return pair;
}

static PyMethodDef methods[] = {
    {"region_switches", region_switches, METH_NOARGS, "(start_instrumentation, stop_instrumentation), made now: from the area serving."},
    {"start_instrumentation", start_instrumentation, METH_NOARGS, "CACHEGRIND_START_INSTRUMENTATION: a no-op outside Valgrind."},
    {"stop_instrumentation", stop_instrumentation, METH_NOARGS, "CACHEGRIND_STOP_INSTRUMENTATION: a no-op outside Valgrind."},
    {"enable_allocator", enable_allocator, METH_NOARGS, "Wraps the MEM and OBJ allocators over areas at fixed addresses (the region, one slot per imported module, set-up, start-up), and builtins.__import__ and importlib.import_module. False if that cannot be done."},
    {"start_early", start_early, METH_NOARGS, "Called before the script is compiled (cg-bench-early.pth): the start-up area serves until the script runs."},
    {"end_import", end_import, METH_NOARGS, "The end of cg_bench's own import, which started before builtins.__import__ was wrapped: the set-up area serves again."},
    {"allocator_stats", allocator_stats, METH_NOARGS, "The region area's live blocks and pages used (all, and by page runs), the start-up area's live blocks under 'startup'; or None when not enabled."},
    {"type_version_tag", type_version_tag, METH_O, "A type's tp_version_tag (0: none yet)."},
    {"align_type_versions", align_type_versions, METH_NOARGS, "Advances the version-tag counters to a fixed residue modulo 4,096 (and empties the type attribute cache): types first looked up in a region take the same cache entries whatever ran before."},
    {"forget_learned_state", forget_learned_state, METH_NOARGS, "Every function's bytecode back to a new code object's (3.11 to 3.14) and every heap type's version tag given up, walking the heap in C without letting another thread run (3.11+); then makes the probe types align_type_versions will use. Returns how many code objects it reset (those whose bytes changed since their last reset)."},
    {"pack_call", (PyCFunction)(void (*)(void))pack_call, METH_FASTCALL, "(args, kwargs) copied into the region's area (under Valgrind, with the areas): where a measured call's arguments lie does not depend on earlier work."},
    {"frame_stack_top", frame_stack_top, METH_NOARGS, "The address where the next Python frame goes (3.11+), or None."},
    {"frame_bytes", frame_bytes, METH_O, "The bytes a frame of this code object takes on the frame stack (3.12+), or None."},
    {"running_on_valgrind", running_on_valgrind, METH_NOARGS, "RUNNING_ON_VALGRIND: 0 on a real CPU, the Valgrind nesting depth under it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "cg_bench._client", NULL, -1, methods};

PyMODINIT_FUNC PyInit__client(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "RESETS_BYTECODE", RESETS_BYTECODE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
