/*
 * cg-bench's entropy seal (x86-64 Linux, no libc): makes the getrandom system call fail with ENOSYS
 * for this process and everything it starts, then runs a command.
 *
 *   entropy-seal PROGRAM [ARG...]
 *
 * glibc (getrandom, getentropy, arc4random), CPython, Rust's std and OpenSSL then fall back to
 * /dev/urandom (and poll /dev/random), which the sandbox binds to a file of fixed bytes in the
 * benchmark's mount namespace (untrusted/view.ts): every run reads the same entropy. A seccomp
 * filter is inherited across fork and exec and cannot be removed, so a static program, which no
 * preload could reach, is covered too. Sets no_new_privs first (an unprivileged process must).
 * PROGRAM is a path (no PATH search); the environment is passed on. Exits 125 with a message when
 * the filter cannot be installed or PROGRAM not run.
 * Built by scripts/build-entropy-seal.sh into src/untrusted/entropy-seal.ts.
 */
typedef unsigned long u64;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;

__asm__(".global _start\n_start:\n xor %rbp, %rbp\n mov %rsp, %rdi\n and $-16, %rsp\n call cmain\n hlt\n");

static long sys(long n, long a, long b, long c) {
    long r;
    __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return r;
}

enum { SYS_write = 1, SYS_execve = 59, SYS_exit_group = 231, SYS_prctl = 157 };
enum { PR_SET_NO_NEW_PRIVS = 38, PR_SET_SECCOMP = 22, SECCOMP_MODE_FILTER = 2 };

/* Classic BPF over struct seccomp_data { int nr; u32 arch; u64 ip; u64 args[6]; }. */
struct filter { u16 code; u8 jt, jf; u32 k; };
struct fprog { u16 len; struct filter *filter; };
enum { LD_W_ABS = 0x20, JEQ_K = 0x15, RET_K = 0x06 };
enum { ARCH_X86_64 = 0xc000003e, ARCH_I386 = 0x40000003, X32_BIT = 0x40000000 };
enum { GETRANDOM_X86_64 = 318, GETRANDOM_I386 = 355 };
enum { RET_ALLOW = 0x7fff0000, RET_ENOSYS = 0x00050000 | 38 };

static void fail(const char *what) {
    const char *p = what;
    while (*p) p++;
    sys(SYS_write, 2, (long)"cg-bench entropy seal: ", 23);
    sys(SYS_write, 2, (long)what, p - what);
    sys(SYS_write, 2, (long)"\n", 1);
    sys(SYS_exit_group, 125, 0, 0);
}

void cmain(long *sp) {
    long argc = sp[0];
    char **argv = (char **)(sp + 1);
    char **envp = argv + argc + 1;
    if (argc < 2) fail("usage: entropy-seal PROGRAM [ARG...]");
    /* getrandom of x86-64, of x32 (the same number with the x32 bit) and of i386: ENOSYS; all else allowed. */
    struct filter code[] = {
        { LD_W_ABS, 0, 0, 4 },                         /* arch */
        { JEQ_K, 3, 0, ARCH_X86_64 },                  /* → load nr (x86-64, x32) */
        { JEQ_K, 0, 6, ARCH_I386 },                    /* other arch → allow */
        { LD_W_ABS, 0, 0, 0 },
        { JEQ_K, 3, 4, GETRANDOM_I386 },               /* → ENOSYS : allow */
        { LD_W_ABS, 0, 0, 0 },
        { JEQ_K, 1, 0, GETRANDOM_X86_64 },
        { JEQ_K, 0, 1, X32_BIT | GETRANDOM_X86_64 },
        { RET_K, 0, 0, RET_ENOSYS },
        { RET_K, 0, 0, RET_ALLOW },
    };
    struct fprog prog = { sizeof code / sizeof code[0], code };
    if (sys(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0) != 0) fail("prctl(PR_SET_NO_NEW_PRIVS) failed");
    if (sys(SYS_prctl, PR_SET_SECCOMP, SECCOMP_MODE_FILTER, (long)&prog) != 0) fail("prctl(PR_SET_SECCOMP) failed");
    sys(SYS_execve, (long)argv[1], (long)(argv + 1), (long)envp);
    fail("cannot execute the command");
}
