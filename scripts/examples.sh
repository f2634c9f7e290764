#!/usr/bin/env bash
# Measures the bundled examples (C, Python, Rust, and the memory-access experiment) on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
CG_BENCH_IMAGE_TESTS=0 bash scripts/install-deps.sh
exec node dist/cli.js run --config examples/cg-bench.yml --out .cg-bench/examples "$@"
