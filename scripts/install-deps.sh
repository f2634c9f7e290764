#!/usr/bin/env bash
# Installs what cg-bench's examples and tests need on a fresh Debian/Ubuntu machine (as root), then
# the npm dependencies. Idempotent: it only calls apt-get when something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v valgrind >/dev/null || need+=(valgrind)
command -v cc >/dev/null || need+=(gcc libc6-dev)
command -v python3 >/dev/null || need+=(python3)
command -v python3-config >/dev/null || need+=(python3-dev)   # builds cg_bench's C extension for a unit test
command -v cargo >/dev/null || need+=(cargo)
command -v setarch >/dev/null || need+=(util-linux)
command -v chromium >/dev/null || need+=(chromium fonts-dejavu-core)   # tests/unit/svg-render.test.ts renders the SVGs
if [ "${CG_BENCH_IMAGE_TESTS:-1}" != 0 ]; then
  command -v podman >/dev/null || need+=(podman)
  command -v runc >/dev/null || need+=(runc)
  command -v debootstrap >/dev/null || need+=(debootstrap)
  command -v rsync >/dev/null || need+=(rsync)   # gitlab-ci-local copies the checkout with it
  command -v flock >/dev/null || need+=(util-linux)
fi
if [ ${#need[@]} -gt 0 ]; then
  sudo=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: missing ${need[*]}; run as root or install them" >&2; exit 1; }
    sudo=(sudo)
  fi
  echo "install-deps: apt-get install ${need[*]}" >&2
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# --system: the system packages only (scripts/test.sh starts the image build before the rest).
[ "${1:-}" = --system ] && exit 0

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# The real CI runners of tests/runners (act, gitlab-ci-local on Node 22), into .cache/.
if [ "${CG_BENCH_IMAGE_TESTS:-1}" != 0 ]; then
  bash scripts/install-runners.sh
fi
