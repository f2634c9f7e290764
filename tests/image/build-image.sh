#!/usr/bin/env bash
# Test setup: builds the real Dockerfile on the debootstrapped base. Test files run in parallel and
# each asks for the image, so the build holds the engine lock exclusively (with its gate, as
# engine-lock.sh takes it): the first builds, the others reuse its layers.
#   CG_BENCH_TEST_ENGINE, CG_BENCH_TEST_BUILD_FLAGS, CG_BENCH_TEST_IMAGE as in tests/image/container.ts
# Built, it writes the image's name to CG_BENCH_TEST_IMAGE_STAMP when set (scripts/test.sh sets it in
# the suite's TMPDIR): the test files then take the image as built (container.ts, buildImage).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
lock=${CG_BENCH_TEST_ENGINE_LOCK:-/tmp/cg-bench-test-engine.lock}
exec 8>"$lock.gate" 9>"$lock"
flock 8
flock 9
read -r -a engine <<< "${CG_BENCH_TEST_ENGINE:-podman --runtime runc}"
read -r -a flags <<< "${CG_BENCH_TEST_BUILD_FLAGS:---network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024}"
# base-image.sh runs the engine itself: under this lock already, so without flock.
base=$(CG_BENCH_ENGINE="${engine[*]}" bash "$root/tests/image/base-image.sh")
log=$(mktemp)
build() { "${engine[@]}" build "${flags[@]}" --build-arg "BASE=$base" "$@" -t "${CG_BENCH_TEST_IMAGE:-localhost/cg-bench:test}" "$root" >"$log" 2>&1; }
if ! build; then
  # The Dockerfile pins packages by version, and Debian's mirror serves only the newest of each: after
  # a point release the pins fail the build (by design, for releases). The suite tests the code, not
  # the pins, so it builds with the versions served now and says loudly that the pins need a bump.
  if ! grep -q "^E: Version '.*' for '.*' was not found" "$log"; then tail -n 60 "$log" >&2; exit 1; fi
  args=()
  # One line per pin: ARG name and the version the mirror serves now.
  while read -r arg served; do
    [ -n "$served" ] && [ "$served" != "(none)" ] && args+=(--build-arg "${arg}_VERSION=$served")
  done < <("${engine[@]}" run --rm "${flags[@]}" "$base" sh -c 'apt-get update -qq >/dev/null 2>&1
    for pin in LIBC6:libc6 VALGRIND:valgrind NODEJS:nodejs PYTHON3:python3 GIT:git PYTEST:python3-pytest; do
      echo "${pin%%:*} $(apt-cache policy "${pin#*:}" | sed -n "s/^  Candidate: //p")"
    done')
  echo "build-image: WARNING: the Dockerfile's package pins are no longer served (Debian point release):" >&2
  grep "^E: Version" "$log" | sort -u >&2
  echo "build-image: testing with the versions served now; bump the Dockerfile's ARGs to: ${args[*]}" >&2
  if ! build "${args[@]}"; then tail -n 60 "$log" >&2; exit 1; fi
fi
rm -f "$log"
if [ -n "${CG_BENCH_TEST_IMAGE_STAMP:-}" ]; then printf '%s\n' "${CG_BENCH_TEST_IMAGE:-localhost/cg-bench:test}" >"$CG_BENCH_TEST_IMAGE_STAMP"; fi
