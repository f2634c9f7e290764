#!/usr/bin/env bash
# Prints the image's size and build time. Here the base is a debootstrapped trixie root (no registry
# is reachable), which is ~130 MB fatter than debian:trixie-slim, so the figure that matters is what
# the Dockerfile adds on top of its base.
#   bench/image.sh            (CG_BENCH_TEST_ENGINE / CG_BENCH_TEST_BUILD_FLAGS as in the tests)
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a engine <<< "${CG_BENCH_TEST_ENGINE:-podman --runtime runc}"
read -r -a flags <<< "${CG_BENCH_TEST_BUILD_FLAGS:---network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024}"
tag=localhost/cg-bench:bench

start=$(date +%s.%N)
base=$(CG_BENCH_ENGINE="${engine[*]}" bash tests/image/base-image.sh)
base_s=$(echo "$(date +%s.%N) - $start" | bc)

start=$(date +%s.%N)
log=$(mktemp)
"${engine[@]}" build "${flags[@]}" --no-cache --build-arg "BASE=$base" -t "$tag" . >"$log" 2>&1 || { cat "$log"; exit 1; }
build_s=$(echo "$(date +%s.%N) - $start" | bc)

size() { "${engine[@]}" image inspect --format '{{.Size}}' "$1"; }
mb() { echo "scale=1; $1 / 1000000" | bc; }
base_b=$(size "$base"); image_b=$(size "$tag")
printf 'base image (%s):          %6s MB\n' "$base" "$(mb "$base_b")"
printf 'cg-bench image:                     %6s MB\n' "$(mb "$image_b")"
printf 'added by the Dockerfile:            %6s MB\n' "$(mb $((image_b - base_b)))"
printf 'with debian:trixie-slim (~78 MB):  ~%6s MB\n' "$(mb $((image_b - base_b + 78000000)))"
printf 'build time, no cache:               %6.1f s (base: %.1f s, cached after the first run)\n' "$build_s" "$base_s"
"${engine[@]}" run --rm ${CG_BENCH_TEST_RUN_FLAGS:---network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024} --entrypoint sh "$tag" \
  -c 'echo "largest parts:"; du -sh /usr/lib/x86_64-linux-gnu/libnode.so.* /usr/lib/x86_64-linux-gnu/libicudata.so.* /usr/lib/python3.13 /usr/lib/git-core /usr/libexec/valgrind 2>/dev/null | sed "s/^/  /"'
"${engine[@]}" rmi "$tag" >/dev/null
