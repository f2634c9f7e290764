#!/usr/bin/env bash
# The images a suite made under its own names (scripts/test.sh: localhost/cg-bench:suite-XXXXXX, and
# the ones the tests derive from it, NAME-examples, NAME-gcl-helper, ...) are renamed at its end to
# names suites share (localhost/cg-bench:suites, -examples, ...): the next suite's builds find their
# layers cached, and the store keeps one set of names, not one per suite ever run. (Not the names a
# test file run alone uses, localhost/cg-bench:test...: a suite ending never renames what such a run uses.)
# Only names are moved (a name the image also has elsewhere is untagged, never the image removed),
# so a second suite running meanwhile keeps every image it uses. The image a shared name held before
# is removed once no name is left on it (with no force: one a container still uses stays): else each
# suite run left its predecessors' images nameless, ~1.8 GB a run. Checked and removed under the
# engine's exclusive lock (engine-lock.sh): no build of another suite names it, or starts from it as
# its cache, between the check and the removal.
#   suite-images.sh SUITE_NAME SHARED_NAME      CG_BENCH_TEST_ENGINE as in tests/image/container.ts
set -euo pipefail
suite=$1 shared=$2
read -r -a engine <<< "${CG_BENCH_TEST_ENGINE:-podman --runtime runc}"
lock=${CG_BENCH_TEST_ENGINE_LOCK:-/tmp/cg-bench-test-engine.lock}
"${engine[@]}" images --format '{{.Repository}}:{{.Tag}}' --filter "reference=$suite*" | sort -u | while read -r name; do
  case "$name" in "$suite" | "$suite"-*) ;; *) continue ;; esac
  target=$shared${name#"$suite"}
  before=$("${engine[@]}" image inspect --format '{{.Id}}' "$target" 2>/dev/null || true)
  "${engine[@]}" tag "$name" "$target" && "${engine[@]}" rmi "$name" >/dev/null || echo "suite-images: $name kept" >&2
  [ -n "$before" ] || continue
  # shellcheck disable=SC2016 # expanded by the inner bash, from its arguments
  flock "$lock.gate" flock "$lock" bash -c '
    id=$1; shift
    [ "$("$@" image inspect --format "{{len .RepoTags}}" "$id" 2>/dev/null || echo gone)" = 0 ] || exit 0
    "$@" rmi "$id" >/dev/null' suite-images "$before" "${engine[@]}" || echo "suite-images: the image $target held before is kept" >&2
done
