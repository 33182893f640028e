# Stages, background lanes and test suites for .ci/run: each is timed, each suite's bun summary is added to the
# totals, and the report at the end says where the time went. Sourced after lib.sh, never executed.

total_passed=0 total_failed=0 broken=()
declare -a ci_stage_names=() ci_stage_seconds=()
declare -A ci_background_pids=() ci_background_t0=()

ci_record_stage() { ci_stage_names+=("$1"); ci_stage_seconds+=("$2"); }

# Runs one foreground stage under a section header; returns its exit status.
ci_stage() {
  local title=$1; shift
  ci_section "$title"
  local t0=$SECONDS rc
  "$@"
  rc=$?
  ci_record_stage "$title" $((SECONDS - t0))
  ci_section_end
  return "$rc"
}

# Starts a lane beside the foreground; its output goes to $log_dir/<name>.log.
ci_background() {
  local name=$1; shift
  ci_log "started in the background: $name (log: $log_dir/$name.log)"
  ci_background_t0[$name]=$SECONDS
  timeout --kill-after=15 "$suite_timeout" "$@" > "$log_dir/$name.log" 2>&1 &
  ci_background_pids[$name]=$!
}

# Waits for a lane, shows its output and returns its exit status.
ci_wait_background() {
  local name=$1 rc
  wait "${ci_background_pids[$name]}"
  rc=$?
  ci_section "$name (ran in the background; exit $rc)"
  cat "$log_dir/$name.log"
  ci_record_stage "$name (background)" $((SECONDS - ci_background_t0[$name]))
  ci_section_end
  return "$rc"
}

# Runs one bun suite, keeps its output in $log_dir/<name>.log (shown live) and adds its summary to the totals.
run_suite() {
  local name=$1; shift
  local t0=$SECONDS rc
  ci_section "tests: $name"
  timeout --kill-after=15 "$suite_timeout" "$@" 2>&1 | tee "$log_dir/$name.log"
  rc=${PIPESTATUS[0]}
  ci_record_stage "tests: $name" $((SECONDS - t0))
  ci_count_suite "$name" "$rc"
  ci_section_end
}

# Waits for a bun suite started with ci_background, shows its output and adds its summary to the totals.
ci_wait_suite() {
  local name=$1 rc
  ci_wait_background "$name"
  rc=$?
  ci_count_suite "$name" "$rc"
}

# Adds a suite's bun summary (" N pass", " N fail", "Ran N tests") to the totals. No summary, no tests, a time-out,
# or a non-zero exit without a failing test (an error outside any test) counts as broken.
ci_count_suite() {
  local name=$1 rc=$2 log="$log_dir/$1.log"
  local clean ran pass fail
  clean=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
  ran=$(grep -Eo '^Ran [0-9]+ tests?' <<<"$clean" | tail -n1 | grep -Eo '[0-9]+' || true)
  pass=$(grep -E '^ *[0-9]+ pass$' <<<"$clean" | tail -n1 | grep -Eo '[0-9]+' || true)
  fail=$(grep -E '^ *[0-9]+ fail$' <<<"$clean" | tail -n1 | grep -Eo '[0-9]+' || true)
  pass=${pass:-0} fail=${fail:-0}

  if (( rc == 124 || rc == 137 )); then
    broken+=("$name: timed out after ${suite_timeout}s")
  elif grep -q 'No tests found' <<<"$clean"; then
    broken+=("$name: bun found no test files")
  elif [[ -z $ran ]]; then
    broken+=("$name: exited $rc without a test summary (crashed?)")
  elif (( ran == 0 || pass + fail == 0 )); then
    broken+=("$name: ran no tests")
  elif (( rc != 0 && fail == 0 )); then
    broken+=("$name: exited $rc although no test failed (error outside a test?)")
  fi
  total_passed=$((total_passed + pass))
  total_failed=$((total_failed + fail))
  ci_log "$name: $pass passed, $fail failed, exit $rc (log: $log)"
}

# Each static check written by .ci/static-checks.sh counts as one test.
ci_count_static_checks() {
  local dir=$1 name status
  for name in typecheck lint knip sizes lint-deps widget-size; do
    status=$(cat "$dir/$name.status" 2>/dev/null || echo missing)
    if [[ $status == 0 ]]; then
      total_passed=$((total_passed + 1))
    else
      total_failed=$((total_failed + 1))
      ci_log "static check $name failed (exit $status):"
      tail -n 60 "$dir/$name.log" 2>/dev/null | sed 's/^/      /'
    fi
  done
}

# The repository's own compose file (if any) and the deployment example's: docker-compose config, 1 test each.
ci_check_compose_files() {
  local files=() f
  for f in compose.yaml compose.yml docker-compose.yaml docker-compose.yml examples/deploy/docker-compose.yml; do
    [[ -f $f ]] && files+=("$f")
  done
  (( ${#files[@]} > 0 )) || return 0
  ci_section "compose files (${files[*]})"
  if ! command -v docker-compose >/dev/null; then
    ci_log "docker-compose is not installed; skipping the compose-file check"
  else
    for f in "${files[@]}"; do
      if docker-compose -f "$f" config -q; then
        total_passed=$((total_passed + 1)); ci_log "docker-compose config $f: valid"
      else
        total_failed=$((total_failed + 1)); ci_log "docker-compose config $f: INVALID"
      fi
    done
  fi
  ci_section_end
}

# Where the time went: each stage's wall time (background lanes overlap the foreground).
ci_stage_report() {
  local i
  ci_log "wall time per stage:"
  for i in "${!ci_stage_names[@]}"; do
    printf '      %5ss  %s\n' "${ci_stage_seconds[$i]}" "${ci_stage_names[$i]}"
  done
  ci_log "total: $(ci_elapsed)"
}

# The slowest test files, from the suites' JUnit reports (each file's time, hooks included).
ci_slowest_files() {
  local count=$1; shift
  local files=() f
  for f in "$@"; do [[ -f $f ]] && files+=("$f"); done
  (( ${#files[@]} > 0 )) || return 0
  ci_log "the $count slowest test files:"
  python3 - "$count" "${files[@]}" <<'PY'
import os, sys
import xml.etree.ElementTree as ET
count, rows = int(sys.argv[1]), []
for path in sys.argv[2:]:
    label = os.path.basename(path).removeprefix("junit-").removesuffix(".xml")
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        continue
    for suite in root.findall("testsuite"):
        rows.append((float(suite.get("time", 0)), label, suite.get("file") or suite.get("name")))
for seconds, label, name in sorted(rows, reverse=True)[:count]:
    print(f"      {seconds:6.1f}s  {label:<9} {name}")
PY
}

# The machine's CPU use over the test stages, from /proc/stat: how many cores were busy on average, so a run can
# tell whether the cores or the waits (pages, timers, one PGlite thread) set its pace.
ci_cpu_mark() { read -r _ ci_cpu_user ci_cpu_nice ci_cpu_system ci_cpu_idle ci_cpu_iowait _ < /proc/stat; ci_cpu_t0=$SECONDS; }
ci_cpu_report() {
  [[ -n ${ci_cpu_t0:-} ]] || return 0
  local _ user nice system idle iowait busy total
  read -r _ user nice system idle iowait _ < /proc/stat
  busy=$(( (user - ci_cpu_user) + (nice - ci_cpu_nice) + (system - ci_cpu_system) ))
  total=$(( busy + (idle - ci_cpu_idle) + (iowait - ci_cpu_iowait) ))
  (( total > 0 )) || return 0
  printf '    cores busy while testing: %d.%02d of %d over %ds (%d%% idle)\n' $(( busy * $(nproc) / total )) \
    $(( busy * $(nproc) * 100 / total % 100 )) "$(nproc)" $((SECONDS - ci_cpu_t0)) $(( (total - busy) * 100 / total ))
}
