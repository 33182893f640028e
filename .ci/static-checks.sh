#!/usr/bin/env bash
# The static checks, one after another (tsc alone keeps a core busy), each counted as one test: its output goes to
# LOG_DIR/<name>.log and its exit status to LOG_DIR/<name>.status, which .ci/run reads (ci_count_static_checks).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
log_dir=${1:-.ci/logs}
bin=./node_modules/.bin

check() {
  local name=$1; shift
  local t0=$SECONDS
  timeout --kill-after=15 600 "$@" > "$log_dir/$name.log" 2>&1
  echo $? > "$log_dir/$name.status"
  printf '    %-10s exit %s in %ss\n' "$name" "$(<"$log_dir/$name.status")" $((SECONDS - t0))
}

check typecheck npm run --silent typecheck
# Biome's ci mode writes nothing and fails on any unformatted file or lint error (rules in biome.json).
check lint npm run --silent lint
# Entry points that knip cannot see (workers, IIFE bundles, manual scripts) are listed in knip.json.
check knip "$bin/knip" --no-progress
# No source file over 300 lines, no function over 60 (tests exempt).
check sizes "$bin/bun" scripts/check-sizes.ts
check lint-deps npm run --silent lint:deps
# The gzip budgets read dist/: .ci/run builds it beside these checks and leaves build.done when it is written.
for ((waited = 0; waited < 600; waited++)); do [[ -f $log_dir/build.done ]] && break; sleep 1; done
check widget-size "$bin/bun" bench/widget-size.ts --no-build
