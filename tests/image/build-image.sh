#!/usr/bin/env bash
# Test setup: builds the real Dockerfile on the debootstrapped base. Test files run in parallel and
# each asks for the image, so the build holds a lock: the first builds, the others reuse its layers.
#   CG_BENCH_TEST_ENGINE, CG_BENCH_TEST_BUILD_FLAGS, CG_BENCH_TEST_IMAGE as in tests/image/container.ts
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
exec 9>/tmp/cg-bench-test-engine.lock
flock 9
read -r -a engine <<< "${CG_BENCH_TEST_ENGINE:-podman --runtime runc}"
read -r -a flags <<< "${CG_BENCH_TEST_BUILD_FLAGS:---network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024}"
# base-image.sh runs the engine itself: under this lock already, so without flock.
base=$(CG_BENCH_ENGINE="${engine[*]}" bash "$root/tests/image/base-image.sh")
log=$(mktemp)
if ! "${engine[@]}" build "${flags[@]}" --build-arg "BASE=$base" -t "${CG_BENCH_TEST_IMAGE:-localhost/cg-bench:test}" "$root" >"$log" 2>&1; then
  tail -n 60 "$log" >&2
  exit 1
fi
rm -f "$log"
