#!/usr/bin/env bash
# Renders SVG figures to PNG in a real browser (Debian's headless Chromium), to look at them as a
# reader's browser draws them: fonts, clipping, overlapping labels. Installs chromium with apt-get
# when it is missing (as root).
#
#   bash scripts/render-svg.sh                      # docs/history.svg and docs/fidelity.svg → docs/*.png
#   bash scripts/render-svg.sh --out /tmp/png a.svg  # any SVG, PNGs into /tmp/png
#
# Each page is the SVG's own width × height (its root element's width and height attributes);
# --scale N renders at N device pixels per CSS pixel (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."

out=''
scale=1
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done
[ ${#files[@]} -gt 0 ] || files=(docs/history.svg docs/fidelity.svg)

browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  if [ "$(id -u)" != 0 ]; then echo "render-svg: chromium is not installed, and installing it needs root (apt-get install chromium)" >&2; exit 2; fi
  echo "render-svg: installing chromium (apt-get)" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
  browser="$(command -v chromium)"
fi

profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
for svg in "${files[@]}"; do
  [ -f "$svg" ] || { echo "render-svg: $svg: no such file" >&2; exit 2; }
  root="$(grep -o -m1 '<svg [^>]*>' "$svg")"
  width="$(sed -n 's/.* width="\([0-9.]*\)".*/\1/p' <<<"$root")"
  height="$(sed -n 's/.* height="\([0-9.]*\)".*/\1/p' <<<"$root")"
  [ -n "$width" ] && [ -n "$height" ] || { echo "render-svg: $svg: no width and height on its <svg> element" >&2; exit 2; }
  dir="${out:-$(dirname "$svg")}"
  mkdir -p "$dir"
  png="$dir/$(basename "${svg%.svg}").png"
  # --no-sandbox: Chromium refuses to run as root with its sandbox (and a container has no user namespace for it).
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$profile" \
    --force-device-scale-factor="$scale" --default-background-color=ffffffff \
    --window-size="${width%.*},${height%.*}" --screenshot="$(realpath -m "$png")" "file://$(realpath "$svg")" \
    >/dev/null 2>"$profile/stderr" || { cat "$profile/stderr" >&2; exit 1; }
  [ -s "$png" ] || { cat "$profile/stderr" >&2; echo "render-svg: $svg: no picture written" >&2; exit 1; }
  echo "$png ($(wc -c <"$png") bytes, ${width}×${height} at scale $scale)"
done
