/*
 * cg-bench's stopwatch (x86-64 Linux, no libc): runs one command natively and says how long it took.
 *
 *   stopwatch CPU NOASLR COUNTERS NICE PROGRAM [ARG...]
 *
 * CPU >= 0: pins itself (and so the command) to that CPU with sched_setaffinity. NOASLR 1: turns
 * address-space randomisation off with personality(ADDR_NO_RANDOMIZE), inherited across exec.
 * COUNTERS 1: opens user-space cycles and instructions with perf_event_open on the child, enabled
 * at its exec. NICE: the scheduling priority (setpriority; -20 to 19, negative needs CAP_SYS_NICE),
 * inherited across exec, so that other processes on a shared machine preempt the command less
 * often; 0 leaves it. The child waits on a pipe until all that is done; the clock starts when it is let
 * go and stops when wait4 reaps it, so neither this program's start nor the fork is timed. PROGRAM
 * is a path (no PATH search); its stdin, stdout and stderr are /dev/null; the environment is this
 * program's own.
 *
 * Prints one line to stdout: "wall_ns=N utime_us=N stime_us=N status=N [signal=N] pin=E aslr=E
 * nice=E [cycles=N instructions=N | counters=E]", E being 0 or a negative errno. Exits 0 when it could run
 * the command (whatever the command's status), 125 on a usage or system error.
 * Built by scripts/build-stopwatch.sh into src/stopwatch/helper.ts.
 */
typedef unsigned long u64;
typedef unsigned int u32;

__asm__(".global _start\n_start:\n xor %rbp, %rbp\n mov %rsp, %rdi\n and $-16, %rsp\n call cmain\n hlt\n");

static long sys(long n, long a, long b, long c, long d, long e, long f) {
    long r;
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    register long r9 __asm__("r9") = f;
    __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9) : "rcx", "r11", "memory");
    return r;
}

enum { SYS_read = 0, SYS_write = 1, SYS_open = 2, SYS_close = 3, SYS_dup2 = 33, SYS_getpid = 39, SYS_fork = 57, SYS_execve = 59,
       SYS_exit = 60, SYS_wait4 = 61, SYS_getppid = 110, SYS_personality = 135, SYS_setpriority = 141, SYS_prctl = 157,
       SYS_sched_setaffinity = 203, SYS_clock_gettime = 228, SYS_exit_group = 231, SYS_pipe2 = 293, SYS_perf_event_open = 298 };
enum { PR_SET_PDEATHSIG = 1, SIGKILL = 9 };

/* Dies (SIGKILL) when the process that started this one ends, even by SIGKILL; 0 if that one is already gone. */
static long bound_to(long parent) {
    sys(SYS_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0, 0);
    return sys(SYS_getppid, 0, 0, 0, 0, 0, 0) == parent;
}

void *memset(void *d, int c, unsigned long n) {
    unsigned char *p = d;
    while (n--) *p++ = (unsigned char)c;
    return d;
}

struct timespec { long sec, nsec; };
struct timeval { long sec, usec; };
struct rusage { struct timeval utime, stime; long rest[14]; };

/* perf_event_attr up to config1: PERF_ATTR_SIZE_VER0 (64 bytes), which every kernel accepts. */
struct perf_attr { u32 type, size; u64 config, sample_period, sample_type, read_format, flags; u32 wakeup_events, bp_type; u64 config1; };
enum { ATTR_DISABLED = 1, ATTR_INHERIT = 2, ATTR_EXCLUDE_KERNEL = 32, ATTR_EXCLUDE_HV = 64, ATTR_ENABLE_ON_EXEC = 4096 };
enum { READ_TIME_ENABLED = 1, READ_TIME_RUNNING = 2 };

/* The output line; on the stack: the program has no writable segment (it would share the text's page). */
struct line { char s[512]; int len; };

static void put(struct line *o, const char *s) { while (*s && o->len < (int)sizeof o->s - 1) o->s[o->len++] = *s++; }
static void num(struct line *o, long v) {
    char b[24];
    int i = 0;
    u64 u = v < 0 ? (u64)-v : (u64)v;
    if (v < 0) put(o, "-");
    do b[i++] = (char)('0' + u % 10); while ((u /= 10) && i < 23);
    while (i--) { char c[2] = {b[i], 0}; put(o, c); }
}
static void field(struct line *o, const char *name, long v) {
    if (o->len) put(o, " ");
    put(o, name);
    put(o, "=");
    num(o, v);
}

static long parse(const char *s) {
    long sign = 1, v = 0;
    if (*s == '-') { sign = -1; s++; }
    if (!*s) return -1000000;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1000000;
        v = v * 10 + (*s - '0');
    }
    return sign * v;
}

static void die(const char *why) {
    sys(SYS_write, 2, (long)"stopwatch: ", 11, 0, 0, 0);
    long n = 0;
    while (why[n]) n++;
    sys(SYS_write, 2, (long)why, n, 0, 0, 0);
    sys(SYS_write, 2, (long)"\n", 1, 0, 0, 0);
    sys(SYS_exit_group, 125, 0, 0, 0, 0, 0);
}

static long counter(long pid, u64 config) {
    struct perf_attr a;
    memset(&a, 0, sizeof a);
    a.type = 0; /* PERF_TYPE_HARDWARE */
    a.size = sizeof a;
    a.config = config; /* 0: cycles, 1: instructions */
    a.read_format = READ_TIME_ENABLED | READ_TIME_RUNNING;
    a.flags = ATTR_DISABLED | ATTR_INHERIT | ATTR_EXCLUDE_KERNEL | ATTR_EXCLUDE_HV | ATTR_ENABLE_ON_EXEC;
    return sys(SYS_perf_event_open, (long)&a, pid, -1, -1, 8 /* PERF_FLAG_FD_CLOEXEC */, 0);
}

/* The count, scaled when the kernel multiplexed the counter (ran it part of the time); -1 when it never ran. */
static long reading(long fd) {
    u64 v[3];
    if (sys(SYS_read, fd, (long)v, sizeof v, 0, 0, 0) != sizeof v || v[2] == 0) return -1;
    return v[2] == v[1] ? (long)v[0] : (long)((double)v[0] * ((double)v[1] / (double)v[2]));
}

void cmain(long *sp) {
    long argc = sp[0];
    char **argv = (char **)(sp + 1);
    char **envp = argv + argc + 1;
    if (argc < 6) die("usage: stopwatch CPU NOASLR COUNTERS NICE PROGRAM [ARG...]");
    long cpu = parse(argv[1]), noaslr = parse(argv[2]), counters = parse(argv[3]), nice = parse(argv[4]);
    if (cpu < -1 || cpu >= 1024 || (noaslr != 0 && noaslr != 1) || (counters != 0 && counters != 1) || nice < -20 || nice > 19) die("bad CPU, NOASLR, COUNTERS or NICE");

    /* cg-bench killed outright (SIGKILL, no handler runs): this process dies with it, and the command
       with this process (below), so a run at raised priority cannot outlive them. A command that changes
       uid (setpriv) loses the binding: the kernel clears it then. */
    if (!bound_to(sys(SYS_getppid, 0, 0, 0, 0, 0, 0))) die("parent gone");

    long pin = 0, aslr = 0, niced = 0;
    if (cpu >= 0) {
        u64 mask[16];
        memset(mask, 0, sizeof mask);
        mask[cpu / 64] = 1UL << (cpu % 64);
        pin = sys(SYS_sched_setaffinity, 0, sizeof mask, (long)mask, 0, 0, 0);
    }
    if (noaslr) {
        long current = sys(SYS_personality, 0xffffffffL, 0, 0, 0, 0, 0);
        aslr = current < 0 ? current : sys(SYS_personality, current | 0x0040000 /* ADDR_NO_RANDOMIZE */, 0, 0, 0, 0, 0);
        if (aslr > 0) aslr = 0; /* personality returns the previous persona */
    }

    if (nice) niced = sys(SYS_setpriority, 0 /* PRIO_PROCESS */, 0, nice, 0, 0, 0);

    int go[2];
    if (sys(SYS_pipe2, (long)go, 02000000 /* O_CLOEXEC */, 0, 0, 0, 0) < 0) die("pipe2 failed");
    long self = sys(SYS_getpid, 0, 0, 0, 0, 0, 0);
    long pid = sys(SYS_fork, 0, 0, 0, 0, 0, 0);
    if (pid < 0) die("fork failed");
    if (pid == 0) {
        if (!bound_to(self)) sys(SYS_exit_group, 127, 0, 0, 0, 0, 0);
        long null = sys(SYS_open, (long)"/dev/null", 2 /* O_RDWR */, 0, 0, 0, 0);
        if (null >= 0) for (int fd = 0; fd < 3; fd++) sys(SYS_dup2, null, fd, 0, 0, 0, 0);
        sys(SYS_close, go[1], 0, 0, 0, 0, 0);
        char c;
        sys(SYS_read, go[0], (long)&c, 1, 0, 0, 0); /* end of file: the parent let go */
        sys(SYS_execve, (long)argv[5], (long)(argv + 5), (long)envp, 0, 0, 0);
        sys(SYS_exit_group, 127, 0, 0, 0, 0, 0);
    }
    sys(SYS_close, go[0], 0, 0, 0, 0, 0);
    long cyclesFd = 0, instructionsFd = 0;
    if (counters) {
        cyclesFd = counter(pid, 0);
        instructionsFd = cyclesFd < 0 ? cyclesFd : counter(pid, 1);
    }
    struct timespec t0, t1;
    struct rusage ru;
    int status = 0;
    sys(SYS_clock_gettime, 1 /* CLOCK_MONOTONIC */, (long)&t0, 0, 0, 0, 0);
    sys(SYS_close, go[1], 0, 0, 0, 0, 0);
    long w;
    do w = sys(SYS_wait4, pid, (long)&status, 0, (long)&ru, 0, 0); while (w == -4 /* EINTR */);
    sys(SYS_clock_gettime, 1, (long)&t1, 0, 0, 0, 0);
    if (w != pid) die("wait4 failed");

    struct line out;
    out.len = 0;
    field(&out, "wall_ns", (t1.sec - t0.sec) * 1000000000L + (t1.nsec - t0.nsec));
    field(&out, "utime_us", ru.utime.sec * 1000000L + ru.utime.usec);
    field(&out, "stime_us", ru.stime.sec * 1000000L + ru.stime.usec);
    if ((status & 0x7f) == 0) field(&out, "status", (status >> 8) & 0xff);
    else { field(&out, "status", -1); field(&out, "signal", status & 0x7f); }
    field(&out, "pin", pin);
    field(&out, "aslr", aslr);
    field(&out, "nice", niced);
    if (counters && instructionsFd >= 0 && cyclesFd >= 0) {
        field(&out, "cycles", reading(cyclesFd));
        field(&out, "instructions", reading(instructionsFd));
    } else if (counters) field(&out, "counters", cyclesFd < 0 ? cyclesFd : instructionsFd);
    put(&out, "\n");
    sys(SYS_write, 1, (long)out.s, out.len, 0, 0, 0);
    sys(SYS_exit_group, 0, 0, 0, 0, 0, 0);
}
