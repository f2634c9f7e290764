#!/bin/sh
# The tests' container engine behind a readers-writer lock:  engine-lock.sh shared|exclusive ENGINE...
# A Python count follows the device number of the container's root filesystem, which the kernel
# takes from those free when the overlay is mounted, so a test that compares Python counts across
# containers runs each of them alone (exclusive). Every other container only checks behaviour or C
# counts, which no other container moves: those share the lock and run side by side.
# The gate gives a waiting exclusive user precedence: it holds the gate while it waits, so no new
# shared user slips in ahead of it (flock alone would let a stream of shared users starve it).
set -eu
mode=$1
shift
lock=${CG_BENCH_TEST_ENGINE_LOCK:-/tmp/cg-bench-test-engine.lock}
case "$mode" in
  exclusive) exec flock "$lock.gate" flock "$lock" "$@" ;;
  shared)
    flock "$lock.gate" true
    exec flock -s "$lock" "$@"
    ;;
  *)
    echo "engine-lock.sh: shared or exclusive, not '$mode'" >&2
    exit 2
    ;;
esac
