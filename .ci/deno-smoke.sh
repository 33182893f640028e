#!/usr/bin/env bash
# Smoke test of the server running under Deno on the embedded PGlite: /health answers, and an API
# key made by the CLI authenticates GET /api/sites. Prints bun-style "(pass)"/"(fail)" lines and a
# bun-style summary (" N pass", " N fail", "Ran N tests") so .ci/run counts it like a test suite.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bun=./node_modules/.bin/bun
deno=./node_modules/.bin/deno
health_timeout=${SMOKE_HEALTH_TIMEOUT:-120}
export NO_COLOR=1 DENO_NO_UPDATE_CHECK=1
# The smoke test is about the embedded default; a DATABASE_URL left in the environment would bypass it.
unset DATABASE_URL

data_dir=$(mktemp -d /tmp/ci-deno-smoke.XXXXXX)
# Kept where the caller asks (CI keeps it with its logs), otherwise removed with the data directory.
server_log=${SMOKE_SERVER_LOG:-$data_dir.server.log}
port=${SMOKE_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
base="http://127.0.0.1:$port"
export DATA_DIR=$data_dir PORT=$port
server_pid=

passed=0 failed=0
pass() { passed=$((passed + 1)); echo "(pass) deno smoke > $1"; }
fail() { failed=$((failed + 1)); echo "(fail) deno smoke > $1"; shift; printf '       %s\n' "$@"; }

stop_server() {
  [[ -n $server_pid ]] || return 0
  # deno task runs the server as a child, so signal the whole session started by setsid.
  kill -TERM -- "-$server_pid" 2>/dev/null
  for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$server_pid" 2>/dev/null
  wait "$server_pid" 2>/dev/null
  server_pid=
}
cleanup() {
  stop_server
  rm -rf "$data_dir"
  [[ -n ${SMOKE_SERVER_LOG:-} ]] || rm -f "$server_log"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The server log may hold anything (a crash can dump binary); keep only printable text.
log_tail() { tail -n 20 "$server_log" | tr -d '\000'; }

# Prints the HTTP status of GET $1 (0 when nothing answered); $2 is an optional bearer token.
http_status() {
  node -e '
    const [url, token] = process.argv.slice(1);
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    fetch(url, { headers, signal: AbortSignal.timeout(10000) })
      .then(async (r) => { await r.arrayBuffer(); console.log(r.status); })
      .catch(() => console.log(0));' "$1" "${2:-}"
}

# Reads the CLI output on stdin and prints field $1 of the last JSON object in it; the CLI may log
# lines before the JSON, or pretty-print it across several lines.
json_field() {
  node -e '
    const text = require("fs").readFileSync(0, "utf8");
    const lines = text.split("\n");
    const candidates = [text];
    for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trimStart().startsWith("{")) candidates.push(lines.slice(i).join("\n"), lines[i]);
    for (const c of candidates) {
      try {
        const v = JSON.parse(c);
        if (v && typeof v === "object" && v[process.argv[1]] != null) { console.log(String(v[process.argv[1]])); process.exit(0); }
      } catch {}
    }
    process.exit(1);' "$1"
}

# Returns 0 when deno.json(c) defines a "start" task, so the project's own start command wins.
has_deno_start_task() {
  local f
  for f in deno.json deno.jsonc; do
    [[ -f $f ]] && grep -Eq '"start"[[:space:]]*:' "$f" && return 0
  done
  return 1
}

# 1. The CLI writes the org and key into DATA_DIR before the server opens it: PGlite allows one process.
key=
if [[ ! -f server/cli.ts ]]; then
  key_error="server/cli.ts does not exist"
else
  org_out=$(timeout 120 "$bun" server/cli.ts orgs create --name CI --plan pro --json 2>&1)
  org_id=$(json_field id <<<"$org_out")
  if [[ -z $org_id ]]; then
    key_error="'cli orgs create' printed no JSON with an id: $(tail -n 5 <<<"$org_out")"
  else
    key_out=$(timeout 120 "$bun" server/cli.ts keys create --org "$org_id" --name ci --role owner --json 2>&1)
    key=$(json_field key <<<"$key_out")
    [[ -n $key ]] || key_error="'cli keys create' printed no JSON with a key: $(tail -n 5 <<<"$key_out")"
  fi
fi

# 2. Start the server under Deno.
if has_deno_start_task; then
  start=("$deno" task start)
else
  start=("$deno" run -A --unstable-sloppy-imports server/deno.ts)
fi
if [[ ${start[1]} == run && ! -f server/deno.ts ]]; then
  fail "/health answers 200" "server/deno.ts does not exist and deno.json has no start task"
  fail "GET /api/sites with the CLI's key answers 200" "no server to ask"
else
  echo "deno smoke: ${start[*]} (PORT=$port DATA_DIR=$data_dir)"
  setsid "${start[@]}" >"$server_log" 2>&1 </dev/null &
  server_pid=$!

  t0=$(date +%s) health=0
  while (( $(date +%s) - t0 < health_timeout )); do
    if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
    health=$(http_status "$base/health")
    [[ $health == 200 ]] && break
    sleep 0.5
  done
  if [[ $health == 200 ]]; then
    pass "/health answers 200 [$(( $(date +%s) - t0 ))s after start]"
  elif ! kill -0 "$server_pid" 2>/dev/null; then
    fail "/health answers 200" "the server exited before answering; last lines of its log:" \
      "$(log_tail)"
  else
    fail "/health answers 200" "last status $health after ${health_timeout}s; last lines of the server log:" \
      "$(log_tail)"
  fi

  if [[ -z $key ]]; then
    fail "GET /api/sites with the CLI's key answers 200" "$key_error"
  elif [[ $health != 200 ]]; then
    fail "GET /api/sites with the CLI's key answers 200" "skipped: the server never became healthy"
  else
    status=$(http_status "$base/api/sites" "$key")
    if [[ $status == 200 ]]; then
      pass "GET /api/sites with the CLI's key answers 200"
    else
      fail "GET /api/sites with the CLI's key answers 200" "got $status"
    fi
  fi
  stop_server
fi

echo
echo " $passed pass"
echo " $failed fail"
echo "Ran $((passed + failed)) tests across 1 file (deno smoke)."
(( failed == 0 ))
