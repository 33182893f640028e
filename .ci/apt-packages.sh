#!/usr/bin/env bash
# Installs the Debian packages CI needs: PostgreSQL 15 (server + headers for building pgvector),
# Debian's chromium for the browser tests, and docker-compose for validating the compose file.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

required=(postgresql-15 postgresql-server-dev-15 chromium make g++ dpkg-dev)

# A previous apt run that was interrupted leaves packages half-configured ("iU"), which makes
# every later install fail until they are configured.
ci_wait_for_apt
if [[ -n $(dpkg --audit 2>/dev/null) ]]; then
  ci_log "finishing half-configured packages (dpkg --configure -a)"
  DEBIAN_FRONTEND=noninteractive dpkg --configure -a
fi

missing=()
for p in "${required[@]}"; do ci_pkg_installed "$p" || missing+=("$p"); done
compose_missing=0
ci_pkg_installed docker-compose || compose_missing=1

if (( ${#missing[@]} == 0 && compose_missing == 0 )); then
  ci_log "all packages already installed: ${required[*]} docker-compose"
  exit 0
fi

ci_apt_get update
if (( ${#missing[@]} > 0 )); then
  ci_log "installing: ${missing[*]}"
  ci_apt_get install "${missing[@]}"
fi

if (( compose_missing )); then
  # docker-compose only parses the compose file here; its recommended docker.io daemon is not wanted.
  if apt-cache show docker-compose >/dev/null 2>&1; then
    ci_log "installing: docker-compose"
    ci_apt_get install --no-install-recommends docker-compose \
      || ci_log "docker-compose could not be installed; the compose-file check will be skipped"
  else
    ci_log "docker-compose is not available from apt here; the compose-file check will be skipped"
  fi
fi

for p in "${required[@]}"; do ci_pkg_installed "$p" || ci_die "package $p is still not installed"; done
[[ -x /usr/bin/chromium ]] || ci_die "/usr/bin/chromium is missing after installing chromium"
