#!/usr/bin/env bash
# Builds pgvector for PostgreSQL 15 from Debian trixie's source package (bookworm ships no
# pgvector new enough) and installs it into the PG15 extension directory.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}
[[ -x $PG_CONFIG ]] || ci_die "$PG_CONFIG not found; install postgresql-server-dev-15 first"
control="$("$PG_CONFIG" --sharedir)/extension/vector.control"
if [[ -f $control ]]; then
  ci_log "pgvector already installed: $(grep -h default_version "$control")"
  exit 0
fi

# Use the mirror the machine already trusts, so CI behind a local mirror keeps working.
mirror=$(python3 - <<'PY'
import glob, re
uri = None
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in re.split(r"\n\s*\n", open(path).read()):
        fields = dict(re.findall(r"^([A-Za-z-]+):\s*(.*)$", stanza, re.M))
        if "deb" in fields.get("Types", "").split() and re.search(r"\b(bookworm|stable)\b(?!-)", fields.get("Suites", "")):
            uri = uri or fields.get("URIs", "").split()[0]
for path in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
    try:
        for line in open(path):
            m = re.match(r"\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(bookworm|stable)\s", line)
            if m:
                uri = uri or m.group(1)
    except OSError:
        pass
print(uri or "http://deb.debian.org/debian")
PY
)
ci_log "mirror: $mirror"

# deb-src only: apt reads no binary package index from this entry, and the pin below keeps
# trixie binaries uninstallable even if someone later adds a "deb" line for it.
cat > /etc/apt/sources.list.d/ci-trixie-src.sources <<SRC
# Added by .ci/pgvector.sh to build pgvector from source; source packages only.
Types: deb-src
URIs: $mirror
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
cat > /etc/apt/preferences.d/ci-no-trixie-binaries <<'PIN'
# Added by .ci/pgvector.sh: trixie is used for source packages only.
Package: *
Pin: release n=trixie
Pin-Priority: -1
PIN

ci_apt_get update
if apt-cache policy | grep -q 'trixie'; then
  ci_die "apt now sees trixie binary packages; only the deb-src entry should exist"
fi

work=$(mktemp -d /tmp/ci-pgvector.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
# _apt must be able to write here, or apt downloads unsandboxed and says so at length.
chown _apt "$work" 2>/dev/null || true
ci_apt_get source --download-only pgvector/trixie
dsc=$(ls pgvector_*.dsc | head -n1)
ci_log "unpacking $dsc"
dpkg-source -q -x "$dsc" src >/dev/null

make -s -C src -j"$(nproc)" PG_CONFIG="$PG_CONFIG"
make -s -C src install PG_CONFIG="$PG_CONFIG"
[[ -f $control ]] || ci_die "make install finished but $control does not exist"
ci_log "installed pgvector $(grep -h default_version "$control")"
