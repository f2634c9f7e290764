#!/usr/bin/env bash
# What glibc's debug files cost every start of Valgrind's tools in the image, side by side (A B A B):
# the image as built (libc, ld.so and libm's symbol tables alone: the Dockerfile's libc-debug stage)
# against the same image with libc6-dbg's whole debug files (DWARF line tables too) where Valgrind
# looks them up. CPU seconds (user + system), medians of the pairs; the counts of both must be equal.
#   bench/valgrind-start.sh [PAIRS]     (default 5; CG_BENCH_TEST_ENGINE / _BUILD_FLAGS / _RUN_FLAGS as in the tests)
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-5}
read -r -a engine <<< "${CG_BENCH_TEST_ENGINE:-podman --runtime runc}"
read -r -a flags <<< "${CG_BENCH_TEST_BUILD_FLAGS:---network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024}"
read -r -a run_flags <<< "${CG_BENCH_TEST_RUN_FLAGS:---network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024}"
tag=localhost/cg-bench:bench-start
stage=localhost/cg-bench:bench-start-libc-debug
dir=$(mktemp -d)
cid=
cleanup() {
  [ -n "$cid" ] && "${engine[@]}" rm "$cid" >/dev/null 2>&1
  "${engine[@]}" rmi "$tag" "$stage" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

# The image as the tests build it (layers cached), and its libc-debug stage, whose /usr/lib/debug is libc6-dbg whole.
CG_BENCH_TEST_IMAGE=$tag bash tests/image/build-image.sh
base=$(CG_BENCH_ENGINE="${engine[*]}" bash tests/image/base-image.sh)
"${engine[@]}" build "${flags[@]}" --build-arg "BASE=$base" --target libc-debug -t "$stage" . >"$dir/build.log" 2>&1 || { tail -n 40 "$dir/build.log"; exit 1; }
cid=$("${engine[@]}" create "$stage" true)
"${engine[@]}" cp "$cid:/usr/lib/debug" "$dir/whole"
mkdir -p "$dir/project"
printf 'benchmarks:\n  - name: trivial\n    run: [/bin/true]\n' >"$dir/project/cg-bench.yml"
chmod -R a+rwX "$dir/project"

# One container: five bare starts of each Valgrind tool cg-bench runs, then a trivial cg-bench run
# (the second: the first fills the probe cache); prints the tools' and the run's CPU seconds, then Ir.
script='TIMEFORMAT="%U %S"
bare() { { for i in 1 2 3 4 5; do time valgrind "$@" /bin/true 2>/dev/null; done; } 2>&1 | awk "{ s += \$1 + \$2 } END { printf \"%.3f \", s / NR }"; }
bare --tool=cachegrind --cachegrind-out-file=/dev/null
bare --tool=dhat --dhat-out-file=/dev/null
bare --tool=callgrind --callgrind-out-file=/dev/null
cd /work && node /opt/cg-bench/dist/cli.js run --out /tmp/first >/dev/null 2>&1
{ time node /opt/cg-bench/dist/cli.js run --out /tmp/second >/dev/null 2>&1; } 2>&1 | awk "{ printf \"%.3f \", \$1 + \$2 }"
grep -o "\"Ir\":[0-9]*" /tmp/second/results.json | head -n1'
measure() { "${engine[@]}" run --rm "${run_flags[@]}" -v "$dir/project:/work" "$@" --entrypoint bash "$tag" -c "$script"; }

: >"$dir/symbols"; : >"$dir/whole.txt"
for ((i = 1; i <= pairs; i++)); do
  measure >>"$dir/symbols"
  measure -v "$dir/whole:/usr/lib/debug:ro" >>"$dir/whole.txt"
done
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
names=('a bare valgrind --tool=cachegrind /bin/true' 'a bare valgrind --tool=dhat /bin/true' 'a bare valgrind --tool=callgrind /bin/true' 'a trivial cg-bench run (one benchmark)')
counts=$(cut -d' ' -f5 "$dir/symbols" "$dir/whole.txt" | sort -u | tr '\n' ' ')
for col in 1 2 3 4; do
  s=$(cut -d' ' -f$col "$dir/symbols" | median); w=$(cut -d' ' -f$col "$dir/whole.txt" | median)
  printf '%-46s symbols only %.3f s, whole debug files %.3f s CPU: %.2f (medians of %d pairs)\n' "${names[col - 1]}" "$s" "$w" "$(echo "$s / $w" | bc -l)" "$pairs"
done
echo "counts of the trivial benchmark, both ways: $counts"
[ "$(echo "$counts" | wc -w)" = 1 ] || { echo "valgrind-start: the counts differ" >&2; exit 1; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
