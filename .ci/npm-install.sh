#!/usr/bin/env bash
# Installs the root node_modules. npm ci unpacks ~1 GB (bun, deno, ONNX Runtime, Biome), which took a minute of a
# six-minute CI run, so a machine that ran CI before keeps a copy keyed by the lockfile, the Node.js version and the
# platform, and a later run with the same key links it in (hard links: seconds). A fresh machine, or a new lockfile,
# installs with npm ci and fills the copy. CI_NPM_CACHE=off always installs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source .ci/lib.sh

cache_root=${CI_NPM_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/site-search-ci/node_modules}
key=$(cat package-lock.json .npmrc 2>/dev/null | sha256sum | cut -c1-16)-$(node --version)-$(uname -m)
cached=$cache_root/$key

if [[ ${CI_NPM_CACHE:-on} != off && -f $cached/.complete ]]; then
  rm -rf node_modules
  # Hard links need one file system; elsewhere a plain install follows.
  if cp -al "$cached/node_modules" node_modules 2>/dev/null; then
    ci_log "node_modules linked from $cached (same lockfile, node $(node --version))"
    exit 0
  fi
  rm -rf node_modules
fi

# npm ci refuses a lockfile that lacks optional platform packages the registry cannot serve; npm install then
# resolves the same versions (and may rewrite the lockfile, so that install is not kept).
if npm ci --no-audit --no-fund; then
  if [[ ${CI_NPM_CACHE:-on} != off ]]; then
    # Filling the copy is best effort: a failure leaves no .complete marker, and the next run installs again.
    (
      set -e
      mkdir -p "$cache_root"
      rm -rf "$cached.tmp" "$cached"
      mkdir -p "$cached.tmp"
      cp -al node_modules "$cached.tmp/node_modules"
      touch "$cached.tmp/.complete"
      mv "$cached.tmp" "$cached"
      # Older keys are other lockfiles' installs.
      find "$cache_root" -mindepth 1 -maxdepth 1 -not -name "$key" -exec rm -rf {} +
    ) && ci_log "node_modules kept in $cached for the next run with this lockfile" || ci_log "could not keep a copy of node_modules"
  fi
else
  ci_log "npm ci failed (see above); falling back to npm install"
  npm install --no-audit --no-fund
fi
