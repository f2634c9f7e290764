#!/usr/bin/env bash
# Test setup only: there is no container registry here, so the Dockerfile's BASE (debian:trixie-slim
# by digest in production) is replaced by a Debian trixie root built with debootstrap from the mirror
# apt already uses, imported into the local container engine under the name printed on stdout.
# The root tarball is cached so later runs on the same machine skip debootstrap.
set -euo pipefail

read -r -a engine <<< "${CG_BENCH_ENGINE:-podman}"
name=${CG_BENCH_TEST_BASE:-localhost/cg-bench-test-base:trixie}
cache_dir=${CG_BENCH_CACHE_DIR:-/var/cache/cg-bench-test}
tarball="$cache_dir/trixie-minbase.tar"

if "${engine[@]}" image exists "$name" 2>/dev/null; then echo "$name"; exit 0; fi

if [ ! -s "$tarball" ]; then
  command -v debootstrap >/dev/null || { echo "base-image: debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
  # The first URIs:/deb line of apt's sources is the mirror this machine is allowed to reach.
  mirror=$( { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } \
    | grep -E '^(URIs:|deb )' | grep -i '/debian' | grep -v security | head -n1 \
    | sed -E 's/^URIs:[[:space:]]*//; s/^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//; s/[[:space:]].*$//' || true)
  [ -n "$mirror" ] || { echo "base-image: no Debian mirror found in apt sources" >&2; exit 1; }
  root=$(mktemp -d)
  trap 'rm -rf "$root"' EXIT
  echo "base-image: debootstrap trixie from $mirror" >&2
  debootstrap --variant=minbase trixie "$root" "$mirror" >&2
  # apt inside the image must find the same mirror the host reaches.
  printf 'Types: deb\nURIs: %s\nSuites: trixie trixie-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$mirror" \
    > "$root/etc/apt/sources.list.d/debian.sources"
  rm -f "$root/etc/apt/sources.list"
  rm -rf "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*
  mkdir -p "$cache_dir"
  tar -C "$root" -cf "$tarball.tmp" .
  mv "$tarball.tmp" "$tarball"
fi
"${engine[@]}" import "$tarball" "$name" >&2
echo "$name"
