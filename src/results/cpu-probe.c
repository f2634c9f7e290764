/* Writes the raw CPUID registers of a few leaves to stdout: what Valgrind presents to guests. */
typedef unsigned int u32;
static const u32 leaves[] = {0, 1, 7, 0x80000000u, 0x80000002u, 0x80000003u, 0x80000004u};
void _start(void) {
    u32 out[7 * 4];
    for (int i = 0; i < 7; i++) {
        u32 a, b, c, d;
        __asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(leaves[i]), "c"(0));
        out[i * 4] = a; out[i * 4 + 1] = b; out[i * 4 + 2] = c; out[i * 4 + 3] = d;
    }
    long ret;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(1), "D"(1), "S"(out), "d"(sizeof out) : "rcx", "r11", "memory");
    __asm__ volatile("syscall" : : "a"(60), "D"(0) : "rcx", "r11", "memory");
    for (;;) {}
}
