#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs, type-checks, then runs every test
# (real Valgrind, and the real image unless CG_BENCH_IMAGE_TESTS=0).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --system
# What the tests make in the temporary directory goes with the run: their own TMPDIR, shared like /tmp.
TMPDIR=$(mktemp -d /tmp/cg-bench-suite.XXXXXX)
chmod 1777 "$TMPDIR"
export TMPDIR
build=
checked=
# (Under set -e a failing command in the trap ends it: a build or checks already done must not fail
# the kill, or the suite's status would be 1 and its TMPDIR left behind.)
# (One line: tests/unit/test-script.test.ts runs it.)
images=
trap 'for job in ${build:-} ${checked:-}; do kill "$job" 2>/dev/null || true; done; if [ -n "${images:-}" ]; then bash tests/image/suite-images.sh "$images" localhost/cg-bench:suites || true; fi; rm -rf "$TMPDIR"' EXIT
files=(tests/unit/*.test.ts tests/engine/*.test.ts tests/bench/*.test.ts)
if [ "${CG_BENCH_IMAGE_TESTS:-1}" != 0 ]; then
  files+=(tests/image/*.test.ts tests/github/*.test.ts tests/gitlab/*.test.ts tests/security/*.test.ts tests/runners/*.test.ts)
  # The image (debootstrap, then the Dockerfile) builds while npm, the runners, tsc, knip and Biome
  # install and run: the first image test would otherwise wait for it. Best effort: every image test
  # builds it again if need be (cached by layers, under the engine lock this build holds), and says
  # why if it fails.
  # Once built, it says so in a stamp and no test file asks for it again (tests/image/container.ts).
  export CG_BENCH_TEST_IMAGE_STAMP="$TMPDIR/image-built"
  # The suite's own image names (its TMPDIR's suffix in the tag), from which the tests derive the
  # others (tests/image/container.ts): a second suite on the machine, with other code or the same,
  # never retags, untags or replaces an image this one uses. Renamed at the end to names that suites
  # share (localhost/cg-bench:suites...), not the default a test file run alone uses (:test).
  if [ -z "${CG_BENCH_TEST_IMAGE:-}" ]; then
    images="localhost/cg-bench:suite-${TMPDIR##*.}"
    export CG_BENCH_TEST_IMAGE=$images
  fi
  bash tests/image/build-image.sh >"$TMPDIR/image-build.log" 2>&1 &
  build=$!
fi
bash scripts/install-deps.sh
# What the tests run needs no network (install-deps.sh above fetched everything): a machine's
# NODE_EXTRA_CA_CERTS would make every Node start of the suite parse that certificate bundle first
# (here: 220 KB, ~0.08 s CPU a start; bad-input-classes.test.ts 28.6 -> 24.0 s CPU without it). CI
# runners do not set it, and cg-bench never reads it.
unset NODE_EXTRA_CA_CERTS
# V8's code cache of dist/cli.cjs, as the image makes it (src/start/code-cache.ts): the tests' many
# host runs of dist/cli.js then start as the image's do, without compiling the bundle each time
# (bad-input-classes.test.ts: 32.7 -> 30.6 s CPU). Ignored by git, npm and the image's build.
node dist/code-cache.js >/dev/null
# The static checks run beside the tests, not before them (about 20 s of a fresh machine's wall time,
# mostly tsc, in which the first test files wait on the image build anyway); their output is printed
# after the tests', and any of them failing fails the suite.
checks() {
  npx tsc --noEmit
  # Nothing unused: no export, file or dependency that nothing imports (knip.json says where the entries are).
  npx --no-install knip --no-progress
  # One shape: the formatter and the linter (biome.json) report nothing; `npx biome check --write .` fixes most.
  npx --no-install biome check --error-on-warnings .
}
(set -e; checks) >"$TMPDIR/checks.log" 2>&1 &
checked=$!
# As `node --test --test-concurrency=2`, in an order that keeps both cores busy (scripts/run-tests.mjs).
status=0
node --import tsx scripts/run-tests.mjs "${files[@]}" || status=$?
if wait "$checked"; then cat "$TMPDIR/checks.log"; else
  cat "$TMPDIR/checks.log"
  echo "test.sh: the static checks failed (tsc, knip or Biome: above)" >&2
  status=1
fi
exit "$status"
