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

/*
 * The region's own allocator. pymalloc's state when a region starts (which pools are current, how
 * full, which arenas are free) decides how many instructions each allocation of the region costs,
 * and the addresses it returns decide the cache misses; that state is whatever the code before the
 * region left (a heavier import moves it). So under Valgrind, cg_bench wraps the PYMEM_DOMAIN_MEM
 * and PYMEM_DOMAIN_OBJ allocators (those run with the GIL held): while a region is active, every
 * allocation comes from a private area mapped at a fixed address, with a simple deterministic
 * scheme (size classes, LIFO free lists, pools and large runs cut from a bump pointer), and frees of
 * older blocks are deferred to the region's end, so that they cost the same whatever pymalloc's
 * state. The area starts empty at each outermost region whenever none of its blocks is still
 * alive; otherwise it continues from its state (deterministic too, given the same program). The
 * wrapper stays installed once enabled, so blocks of the area freed after the region come back to
 * it; everything else goes to the allocator it wraps.
 */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#define AREA_BASE ((uintptr_t)CG_BENCH_AREA_BASE)
#ifndef CG_BENCH_AREA_BASE
#  define CG_BENCH_AREA_BASE 0x800000000ULL /* 32 GiB: Valgrind (amd64) gives the client mappings from low addresses up, and keeps 64 GiB up for itself */
#endif
#if UINTPTR_MAX > 0xffffffffu
#  define AREA_SIZE ((size_t)8 << 30)        /* reserved, MAP_NORESERVE: pages exist once touched */
#  define AREA_POSSIBLE 1
#else
#  define AREA_SIZE ((size_t)1 << 28)        /* 32-bit: not used (no fixed address to count on) */
#  define AREA_POSSIBLE 0
#endif
#define PAGE_SHIFT 12
#define PAGE_BYTES ((size_t)1 << PAGE_SHIFT)
#define AREA_PAGES (AREA_SIZE >> PAGE_SHIFT)
#define POOL_PAGES 16                         /* 64 KiB pools for the size classes */
#define SMALL_MAX 512

/* Size classes: 16..512 by 16 (1..32), then these (33..48); beyond, the wrapped allocator. */
static const size_t medium_sizes[] = {640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096, 5120, 6144, 7168, 8192};
#define N_MEDIUM (sizeof medium_sizes / sizeof medium_sizes[0])
#define N_CLASSES (32 + N_MEDIUM)
#define MEDIUM_MAX 8192

typedef struct area_state area_state;

typedef struct {
    PyMemAllocatorEx prev; /* the allocator wrapped: blocks from outside the area */
    void *deferred;        /* blocks from outside the area freed during the region, freed at its end */
    area_state *st;
} domain_ctx;

/* At the start of the area, so that the allocator's own data sits at the same addresses always. */
struct area_state {
    int active;
    Py_ssize_t live;                  /* blocks of the area not freed */
    size_t next_page;                 /* first page never handed out (after the page table) */
    size_t first_page;
    void *free_list[N_CLASSES + 1];
    char *pool_next[N_CLASSES + 1];
    char *pool_end[N_CLASSES + 1];
    domain_ctx domains[2];
    /* then, page aligned: one byte per page of the area, its size class */
};

#define STATE ((area_state *)AREA_BASE)
#define PAGE_CLASS ((uint8_t *)(AREA_BASE + ((sizeof(area_state) + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1))))

static int allocator_enabled = 0;

static inline int in_area(const void *p) {
    return (uintptr_t)p - AREA_BASE < AREA_SIZE;
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
    if (pages > AREA_PAGES - st->next_page)
        return NULL; /* the area is full: the wrapped allocator serves */
    size_t first = st->next_page;
    st->next_page += pages;
    memset(PAGE_CLASS + first, cls, pages);
    return (char *)(AREA_BASE + (first << PAGE_SHIFT));
}

/* Blocks up to MEDIUM_MAX from the size classes; larger ones (NULL here) from the wrapped allocator:
 * page runs in the area would never be given back, and a buffer grown by realloc (s += 'x') would
 * leave a trail of them (measured: 1.9 GB for a 4 MB string). */
static void *area_alloc(area_state *st, size_t n) {
    if (n > MEDIUM_MAX)
        return NULL;
    unsigned c = size_class(n);
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
static inline size_t area_usable(const void *p) {
    return class_size(PAGE_CLASS[((uintptr_t)p - AREA_BASE) >> PAGE_SHIFT]);
}

static void area_free(area_state *st, void *p) {
    uint8_t c = PAGE_CLASS[((uintptr_t)p - AREA_BASE) >> PAGE_SHIFT];
    *(void **)p = st->free_list[c];
    st->free_list[c] = p;
    st->live--;
}

/* Empty again: the next region allocates exactly as the first did. Only when nothing is alive. */
static void area_reset(area_state *st) {
    memset(PAGE_CLASS + st->first_page, 0, st->next_page - st->first_page);
    st->next_page = st->first_page;
    memset(st->free_list, 0, sizeof st->free_list);
    memset(st->pool_next, 0, sizeof st->pool_next);
    memset(st->pool_end, 0, sizeof st->pool_end);
}

static void *wrap_malloc(void *ctx, size_t n) {
    domain_ctx *d = ctx;
    if (d->st->active) {
        void *p = area_alloc(d->st, n);
        if (p != NULL)
            return p;
    }
    return d->prev.malloc(d->prev.ctx, n);
}

static void *wrap_calloc(void *ctx, size_t nelem, size_t elsize) {
    domain_ctx *d = ctx;
    if (d->st->active && (elsize == 0 || nelem <= SIZE_MAX / elsize)) {
        void *p = area_alloc(d->st, nelem * elsize);
        if (p != NULL) {
            memset(p, 0, nelem * elsize);
            return p;
        }
    }
    return d->prev.calloc(d->prev.ctx, nelem, elsize);
}

static void wrap_free(void *ctx, void *p) {
    domain_ctx *d = ctx;
    if (in_area(p)) {
        area_free(d->st, p);
    } else if (d->st->active && p != NULL) {
        /* Freeing into pymalloc costs what its state decides: at the region's end instead. */
        *(void **)p = d->deferred;
        d->deferred = p;
    } else {
        d->prev.free(d->prev.ctx, p);
    }
}

static void *wrap_realloc(void *ctx, void *p, size_t n) {
    domain_ctx *d = ctx;
    if (p == NULL)
        return wrap_malloc(ctx, n);
    if (!in_area(p))
        return d->prev.realloc(d->prev.ctx, p, n);
    size_t old = area_usable(p);
    uint8_t c = PAGE_CLASS[((uintptr_t)p - AREA_BASE) >> PAGE_SHIFT];
    if (n <= MEDIUM_MAX && size_class(n) == c)
        return p;
    void *q = wrap_malloc(ctx, n);
    if (q == NULL)
        return NULL;
    memcpy(q, p, old < n ? old : n);
    area_free(d->st, p);
    return q;
}

static void flush_deferred(area_state *st) {
    for (int i = 0; i < 2; i++) {
        domain_ctx *d = &st->domains[i];
        while (d->deferred != NULL) {
            void *p = d->deferred;
            d->deferred = *(void **)p;
            d->prev.free(d->prev.ctx, p);
        }
    }
}

static PyObject *enable_allocator(PyObject *self, PyObject *unused) {
#if defined(Py_GIL_DISABLED) || !AREA_POSSIBLE
    Py_RETURN_FALSE; /* free-threaded builds (allocations without a GIL, mimalloc) and 32-bit: not wrapped */
#else
    if (allocator_enabled)
        Py_RETURN_TRUE;
    void *area = mmap((void *)AREA_BASE, AREA_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (area == MAP_FAILED)
        Py_RETURN_FALSE;
    if ((uintptr_t)area != AREA_BASE) { /* the address is taken: addresses would not repeat */
        munmap(area, AREA_SIZE);
        Py_RETURN_FALSE;
    }
    area_state *st = STATE;
    st->first_page = ((uintptr_t)PAGE_CLASS - AREA_BASE + AREA_PAGES + PAGE_BYTES - 1) >> PAGE_SHIFT;
    st->next_page = st->first_page;
    const PyMemAllocatorDomain domains[2] = {PYMEM_DOMAIN_MEM, PYMEM_DOMAIN_OBJ};
    for (int i = 0; i < 2; i++) {
        domain_ctx *d = &st->domains[i];
        d->st = st;
        PyMem_GetAllocator(domains[i], &d->prev);
        PyMemAllocatorEx wrapper = {d, wrap_malloc, wrap_calloc, wrap_realloc, wrap_free};
        PyMem_SetAllocator(domains[i], &wrapper);
    }
    allocator_enabled = 1;
    Py_RETURN_TRUE;
#endif
}

static PyObject *allocator_stats(PyObject *self, PyObject *unused) {
    if (!allocator_enabled)
        Py_RETURN_NONE;
    area_state *st = STATE;
    return Py_BuildValue("{s:n,s:n,s:i}", "live_blocks", st->live, "pages_used",
                         (Py_ssize_t)(st->next_page - st->first_page), "active", st->active);
}

static PyObject *start_instrumentation(PyObject *self, PyObject *unused) {
    if (allocator_enabled) {
        area_state *st = STATE;
        if (st->live == 0)
            area_reset(st);
        st->active = 1;
    }
    CACHEGRIND_START_INSTRUMENTATION;
    Py_RETURN_NONE;
}

static PyObject *stop_instrumentation(PyObject *self, PyObject *unused) {
    CACHEGRIND_STOP_INSTRUMENTATION;
    if (allocator_enabled) {
        STATE->active = 0;
        flush_deferred(STATE);
    }
    Py_RETURN_NONE;
}

static PyObject *running_on_valgrind(PyObject *self, PyObject *unused) {
    return PyLong_FromUnsignedLong((unsigned long)RUNNING_ON_VALGRIND);
}

static PyMethodDef methods[] = {
    {"start_instrumentation", start_instrumentation, METH_NOARGS, "CACHEGRIND_START_INSTRUMENTATION: a no-op outside Valgrind."},
    {"stop_instrumentation", stop_instrumentation, METH_NOARGS, "CACHEGRIND_STOP_INSTRUMENTATION: a no-op outside Valgrind."},
    {"enable_allocator", enable_allocator, METH_NOARGS, "Wraps the MEM and OBJ allocators: regions then allocate from a private area at a fixed address. False if that address is taken."},
    {"allocator_stats", allocator_stats, METH_NOARGS, "The private area's live blocks and pages used, or None when not enabled."},
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
