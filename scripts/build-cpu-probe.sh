#!/usr/bin/env bash
# Rebuilds the CPU probe embedded in src/results/cpu-probe.ts from src/results/cpu-probe.c and prints
# its base64 (paste it into CPU_PROBE_X86_64). Needs gcc on x86-64.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
gcc -Os -nostdlib -static -fno-pie -no-pie -fno-asynchronous-unwind-tables -fno-stack-protector \
  -Wl,--build-id=none -Wl,-z,max-page-size=16 -Wl,-z,noseparate-code -s -o "$out" src/results/cpu-probe.c
base64 -w0 "$out"; echo
rm -f "$out"
