/**
 * The Valgrind options every run of Valgrind by cg-bench carries, the measured runs and the
 * fingerprint's probes alike: what Valgrind does comes from cg-bench's command line alone.
 */
export const SEALED_VALGRIND_OPTIONS: readonly string[] = [
  // Only the command line counts: no ~/.valgrindrc, ./.valgrindrc or VALGRIND_OPTS, which the
  // benchmark, an earlier benchmark or the caller could plant.
  '--command-line-only=yes',
  // No gdbserver: it would put FIFOs named by pid into the benchmark's TMPDIR.
  '--vgdb=no',
];
