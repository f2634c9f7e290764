/**
 * Run by python3 under `valgrind --tool=none`: prints the CPU that Valgrind synthesises for its
 * guests, by executing CPUID from a few bytes of machine code (x86-64 only). Python is used because
 * it is in the image and can run raw machine code through ctypes without a compiler.
 */
export const CPU_PROBE_PY = String.raw`# Runs under \`valgrind --tool=none\`: prints the CPU that Valgrind synthesises for its guests,
# by executing CPUID from a few bytes of machine code (x86-64 only).
import ctypes, mmap, platform, struct, sys
if platform.machine() not in ("x86_64", "AMD64"):
    sys.exit(0)
# push rbx; mov r8,rdx; mov eax,edi; mov ecx,esi; cpuid; mov [r8],eax; mov [r8+4],ebx;
# mov [r8+8],ecx; mov [r8+12],edx; pop rbx; ret
code = bytes.fromhex("534989d089f889f10fa2" "41890041895804418948084189500c" "5bc3")
buf = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
buf.write(code)
address = ctypes.addressof(ctypes.c_char.from_buffer(buf))
cpuid_fn = ctypes.CFUNCTYPE(None, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_void_p)(address)
def cpuid(leaf, sub=0):
    out = (ctypes.c_uint32 * 4)()
    cpuid_fn(leaf, sub, ctypes.addressof(out))
    return tuple(out)
a, b, c, d = cpuid(0)
print("vendor=" + struct.pack("<III", b, d, c).decode("ascii", "replace"))
if cpuid(0x80000000)[0] >= 0x80000004:
    raw = b"".join(struct.pack("<IIII", *cpuid(leaf)) for leaf in (0x80000002, 0x80000003, 0x80000004))
    print("brand=" + raw.split(b"\0")[0].decode("ascii", "replace").strip())
_, _, c1, d1 = cpuid(1)
_, b7, c7, _ = cpuid(7) if a >= 7 else (0, 0, 0, 0)
flags = {"sse2": (d1, 26), "sse3": (c1, 0), "ssse3": (c1, 9), "sse4_1": (c1, 19), "sse4_2": (c1, 20),
         "popcnt": (c1, 23), "aes": (c1, 25), "avx": (c1, 28), "fma": (c1, 12), "f16c": (c1, 29),
         "rdrand": (c1, 30), "bmi1": (b7, 3), "avx2": (b7, 5), "bmi2": (b7, 8), "rdseed": (b7, 18),
         "adx": (b7, 19), "avx512f": (b7, 16), "sha": (b7, 29), "vaes": (c7, 9)}
print("features=" + ",".join(name for name, (reg, bit) in flags.items() if reg >> bit & 1))
`;
