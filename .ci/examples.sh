#!/usr/bin/env bash
# Builds the React and Vue examples against this checkout's widget (`import "site-search/widget"`) and leaves
# examples/<name>/dist for tests/e2e/examples.e2e.test.ts. Builds the root widget first when dist/widget is
# missing or older than its sources. Needs the root node_modules (the examples link the root package, whose
# Lit, Floating UI, marked and DOMPurify they share). Exits non-zero when any install or build fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source .ci/lib.sh

examples=(react vue)

[[ -x node_modules/.bin/vite ]] || ci_die "the root node_modules is missing; run npm ci (or npm install) at the repository root first"

ci_section "widget ES module for the examples (dist/widget)"
module=dist/widget/site-search.mjs
if [[ ! -f $module || ! -f dist/widget/site-search.d.ts ]]; then
  ci_log "$module or its .d.ts is missing; building the widget"
  npm run build:widget
elif [[ -n $(find widget shared -newer "$module" -type f -print -quit) ]]; then
  ci_log "widget/ or shared/ changed since $module was built; rebuilding"
  npm run build:widget
else
  ci_log "$module is up to date"
fi
ci_section_end

for name in "${examples[@]}"; do
  dir=examples/$name
  ci_section "example $name: install"
  # npm records what it installed in node_modules/.package-lock.json; newer than both manifests means nothing to do.
  stamp=$dir/node_modules/.package-lock.json
  if [[ -f $stamp && $stamp -nt $dir/package.json && ( ! -f $dir/package-lock.json || $stamp -nt $dir/package-lock.json ) ]]; then
    ci_log "node_modules is up to date"
  elif [[ -f $dir/package-lock.json ]] && (cd "$dir" && npm ci --no-audit --no-fund); then
    :
  else
    # As at the root: npm ci rejects a lockfile naming platform packages the reachable registry lacks.
    [[ -f $dir/package-lock.json ]] && ci_log "npm ci failed (see above); falling back to npm install"
    (cd "$dir" && npm install --no-audit --no-fund)
  fi
  ci_section_end

  ci_section "example $name: build"
  (cd "$dir" && npm run build)
  [[ -f $dir/dist/index.html ]] || ci_die "$dir: npm run build wrote no dist/index.html"
  ci_log "built $dir/dist: $(cd "$dir/dist" && find . -type f | sort | tr '\n' ' ')"
  ci_section_end
done
