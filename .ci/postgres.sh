#!/usr/bin/env bash
# Starts (or creates) the PostgreSQL 15 cluster, creates the test role and a fresh test database (a machine that ran CI
# before keeps its cluster, and a previous run's rows must not reach this one's tests), and checks
# that pgvector loads over a password-authenticated TCP connection. Prints the URL it verified,
# and writes it to $CI_DB_URL_FILE when that is set.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

db=${CI_DB_NAME:-site_search_test}
user=${CI_DB_USER:-site_search}
password=${CI_DB_PASSWORD:-site_search}

if [[ -z $(pg_lsclusters -h 2>/dev/null | awk '$1 == 15') ]]; then
  ci_log "no PostgreSQL 15 cluster; creating 15/main"
  pg_createcluster 15 main >/dev/null
fi
read -r _ cluster port status _ < <(pg_lsclusters -h | awk '$1 == 15' | head -n1)
if [[ $status != online* ]]; then
  ci_log "starting cluster 15/$cluster"
  pg_ctlcluster 15 "$cluster" start
fi
for _ in $(seq 60); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$port" || ci_die "PostgreSQL 15/$cluster is not accepting connections on 127.0.0.1:$port"

# The role is a superuser because pgvector is not a trusted extension: tests that create their own
# database or recreate the public schema must be able to run CREATE EXTENSION vector themselves.
# This server only listens on loopback and exists for tests.
runuser -u postgres -- psql -q -X -v ON_ERROR_STOP=1 -p "$port" -d postgres \
  -v user="$user" -v password="$password" -v db="$db" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN SUPERUSER PASSWORD %L', :'user', :'password')
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'user') \gexec
SELECT format('ALTER ROLE %I LOGIN SUPERUSER PASSWORD %L', :'user', :'password') \gexec
SELECT format('DROP DATABASE IF EXISTS %I WITH (FORCE)', :'db') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user') \gexec
SQL

url="postgres://$user:$password@127.0.0.1:$port/$db"
version=$(PGOPTIONS="-c client_min_messages=warning" psql -X -q -t -A -v ON_ERROR_STOP=1 "$url" <<'SQL'
CREATE EXTENSION IF NOT EXISTS vector;
SELECT extversion || ' (distance check ' || ('[1,2,3]'::vector <-> '[1,2,5]'::vector) || ')'
  FROM pg_extension WHERE extname = 'vector';
SQL
) || ci_die "could not connect as $user or CREATE EXTENSION vector failed"
ci_log "PostgreSQL $(psql -X -t -A "$url" -c 'SHOW server_version') on 127.0.0.1:$port, pgvector $version"
ci_log "url: $url"
if [[ -n ${CI_DB_URL_FILE:-} ]]; then printf '%s\n' "$url" > "$CI_DB_URL_FILE"; fi
