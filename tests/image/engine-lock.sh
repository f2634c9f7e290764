#!/bin/sh
# The tests' container engine behind a readers-writer lock:  engine-lock.sh shared|exclusive ENGINE...
# A Python count follows the device number of the container's root filesystem, which the kernel
# takes from those free when the overlay is mounted, so a test that compares Python counts across
# containers runs each of them alone (exclusive). Every other container only checks behaviour or C
# counts, which no other container moves, or Python counts measured in that one container (or with
# the same device numbers): those share the lock and run side by side.
# The gate gives a waiting exclusive user precedence: it holds the gate while it waits, so no new
# shared user slips in ahead of it (flock alone would let a stream of shared users starve it).
# Only what starts a container or builds takes the lock: `image inspect`, `pull`, `rm` and the like
# run at once (the action inspects the image under a 60 s timeout; waiting behind an exclusive user
# it got no digest, and a sharded run's parts then disagreed on their image).
set -eu
mode=$1
shift
lock=${CG_BENCH_TEST_ENGINE_LOCK:-/tmp/cg-bench-test-engine.lock}
# The engine's subcommand: the first word that names one (the engine's own options come before it).
for word in "$@"; do
  case "$word" in
    run | build | create | start | exec) break ;;
    image | images | inspect | pull | rm | rmi | ps | kill | stop | wait | logs | version | info | tag | volume | system) exec "$@" ;;
  esac
done
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
