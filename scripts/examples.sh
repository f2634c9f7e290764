#!/usr/bin/env bash
# Measures the bundled examples (C, Python, Rust, and the memory-access experiment) on this machine.
# Runs from any directory: every path given to cg-bench is absolute, and any extra arguments
# (--baseline FILE, --save-baseline FILE) are relative to your directory, as cg-bench's own are.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
CG_BENCH_IMAGE_TESTS=0 bash "$root/scripts/install-deps.sh"
exec node "$root/dist/cli.js" run --config "$root/examples/cg-bench.yml" --out "$root/.cg-bench/examples" "$@"
