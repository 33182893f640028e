# Shared helpers for the CI scripts: section headers with elapsed time, logging, and waiting
# for apt/dpkg locks held by another process. Sourced, never executed.

CI_T0=${CI_T0:-$(date +%s)}
export CI_T0

ci_elapsed() {
  local s=$(( $(date +%s) - CI_T0 ))
  printf '%02d:%02d' $((s / 60)) $((s % 60))
}

# Prints "==> [mm:ss] title" and remembers when the section began so ci_section_end can say how long it took.
ci_section() {
  CI_SECTION_TITLE=$1
  CI_SECTION_T0=$(date +%s)
  printf '\n==> [%s] %s\n' "$(ci_elapsed)" "$1"
}

ci_section_end() {
  printf -- '--- [%s] %s: done in %ss\n' "$(ci_elapsed)" "$CI_SECTION_TITLE" $(( $(date +%s) - CI_SECTION_T0 ))
}

ci_log() { printf '    %s\n' "$*"; }
ci_die() { printf 'ci: error: %s\n' "$*" >&2; exit 1; }

# apt takes fcntl locks, so `flock` cannot see them; python's lockf uses the same kind of lock.
# Returns 0 when every lock is free (and releases it again at once).
ci_apt_locks_free() {
  python3 - <<'PY'
import fcntl, os, sys
for path in ("/var/lib/dpkg/lock-frontend", "/var/lib/dpkg/lock", "/var/lib/apt/lists/lock",
             "/var/cache/apt/archives/lock"):
    if not os.path.exists(path):
        continue
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        sys.exit(1)
    finally:
        os.close(fd)
PY
}

# Another apt run (unattended upgrades, a provisioning script) may still hold the locks on a fresh
# machine; waiting is cheaper than failing the whole build.
ci_wait_for_apt() {
  local waited=0 limit=${1:-900}
  until ci_apt_locks_free; do
    if (( waited == 0 )); then ci_log "apt/dpkg is busy in another process; waiting (up to ${limit}s)"; fi
    if (( waited >= limit )); then ci_die "apt/dpkg locks still held after ${limit}s"; fi
    sleep 5
    waited=$((waited + 5))
  done
  if (( waited > 0 )); then ci_log "apt/dpkg became free after ${waited}s"; fi
}

# apt-get with the options every CI call wants; DPkg::Lock::Timeout covers a lock taken between our
# check and apt's own.
ci_apt_get() {
  ci_wait_for_apt
  DEBIAN_FRONTEND=noninteractive apt-get -q -y -o DPkg::Lock::Timeout=600 \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "$@"
}

ci_pkg_installed() {
  [[ $(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null) == installed ]]
}
