#!/usr/bin/env bash
# Runs a command beside a throw-away PostgreSQL 15 of its own, then stops it and removes it:
#
#   scripts/with-throwaway-postgresql.sh COMMAND [ARGUMENT...]
#
# The command gets DOSSIER_TEST_POSTGRES_URL, a libpq URL of the form
#   postgresql:///postgres?host=/tmp/dossier-postgresql.XXXXXX&user=dossier
# for the role dossier, which may log in and create databases (and owns those it creates) but is
# no superuser, as a server in production should not be; the superuser is postgres (the same URL
# with user=postgres). PostgreSQL 15's programs (psql, createdb …) come first on the command's
# PATH. No PG* variable is set, so that libpq finds the server only through the URLs it is given.
#
# The cluster lives in a fresh temporary folder and listens only on a Unix socket there, never on
# TCP, so that runs side by side never meet. It trusts every connection, and only its user (and
# root) may enter the folder. initdb refuses to run as root: as root, the cluster runs as the
# system user dossier-test (created when missing, with no home and no login shell); otherwise as
# the user running the script.
#
# The script exits with the command's status, and prints nothing of its own unless the cluster
# cannot start. The server and its folder are gone at the end whether the command succeeded or
# failed; a Ctrl-C or a SIGTERM to the process group (make, a CI timeout) stops the command and
# then them; a signal to this script alone takes effect when the command ends (the shell waits for
# it); only SIGKILL leaves them behind.
#
# DOSSIER_TEST_POSTGRES_MAX_CONNECTIONS: the cluster's max_connections (default 1000, see below).
set -euo pipefail

if (($# == 0)); then
  echo "usage: $0 COMMAND [ARGUMENT...]" >&2
  echo "runs COMMAND with DOSSIER_TEST_POSTGRES_URL naming a throw-away PostgreSQL 15" >&2
  exit 64
fi

bin=/usr/lib/postgresql/15/bin
if [[ ! -x $bin/initdb || ! -x $bin/pg_ctl || ! -x $bin/psql ]]; then
  echo "$0: PostgreSQL 15 is not installed ($bin has no initdb, pg_ctl or psql): run make setup" >&2
  exit 69
fi

# An environment's connection pool holds 24 × cores + 5 connections (53 on 2 cores, for a test
# server's two I/O threads: core/capacity.cpp), and the SQLite pool opens them all at start. If
# PostgreSQL's does so too, an API test server on the five test environments holds 265, and two
# test files at once 530. 1000 costs 116 MB of shared memory (mostly never touched), 300 85 MB.
max_connections=${DOSSIER_TEST_POSTGRES_MAX_CONNECTIONS:-1000}

# A Unix socket's path may have at most 107 bytes: a long or unusual TMPDIR falls back to /tmp.
base=${TMPDIR:-/tmp}
if ((${#base} > 60)) || [[ ! $base =~ ^/[A-Za-z0-9/._-]*$ ]] || [[ ! -d $base ]]; then
  base=/tmp
fi
folder=$(mktemp -d "${base%/}/dossier-postgresql.XXXXXX")

owner_command=()
if ((EUID == 0)); then
  owner=dossier-test
  if ! id -u "$owner" >/dev/null 2>&1; then
    # Another run may create the user at the same moment: its existence afterwards is what counts.
    useradd --system --user-group --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin --comment "Dossier's throw-away test databases" "$owner" \
      2>/dev/null || id -u "$owner" >/dev/null
  fi
  chown "$owner:" "$folder"
  owner_command=(runuser -u "$owner" --)
fi
# The cluster's programs start in its folder, which its user can always enter.
as_owner() { (cd "$folder" && "${owner_command[@]}" "$@"); }

# shellcheck disable=SC2317 # (run from the EXIT trap)
# Whether the process is still this cluster's server (and not a later process given its number).
is_our_server() {
  local command_line
  command_line=$(tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null) || return 1
  [[ $command_line == *" -D $folder/data"* ]]
}

# shellcheck disable=SC2317 # (the EXIT trap)
stop_and_remove() {
  local status=$?
  trap - EXIT INT TERM HUP
  local pid=""
  if [[ -f $folder/data/postmaster.pid ]]; then
    pid=$(head -n 1 "$folder/data/postmaster.pid" 2>/dev/null || true)
    as_owner "$bin/pg_ctl" -D "$folder/data" -m immediate -w -t 30 -s stop >/dev/null 2>&1 || true
  fi
  # pg_ctl returns once the lock file is gone, a moment before the server process itself ends.
  if [[ $pid =~ ^[0-9]+$ ]]; then
    local waited=0
    while is_our_server "$pid" && ((waited < 100)); do
      sleep 0.05
      waited=$((waited + 1))
    done
    if is_our_server "$pid"; then
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -rf "$folder"
  exit "$status"
}
trap stop_and_remove EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

fail_with_log() {
  echo "$0: $1; its log follows" >&2
  cat "$2" >&2 || true
  exit 1
}

# -E UTF8 --locale=C: text compares byte by byte, as SQLite's BINARY collation does (for UTF-8,
# in code point order), and lower()/upper() change only ASCII letters, as SQLite's do; the
# C.UTF-8 locale would send every comparison through glibc's strcoll, whose order is glibc's.
# --no-sync: the cluster is thrown away, nothing needs to reach the disk.
as_owner "$bin/initdb" -D "$folder/data" -U postgres -A trust -E UTF8 --locale=C --no-sync \
  --no-instructions >"$folder/initdb.log" 2>&1 ||
  fail_with_log "initdb could not create the throw-away cluster" "$folder/initdb.log"

# Settings for a cluster that lives for one run: durability off (a crash loses nothing worth
# keeping), no background vacuum or JIT competing with the tests for the two cores, and times in
# UTC so that nothing depends on the machine's time zone.
cat >>"$folder/data/postgresql.conf" <<EOF

# Throw-away test cluster (scripts/with-throwaway-postgresql.sh)
listen_addresses = ''
unix_socket_directories = '$folder'
max_connections = $max_connections
shared_buffers = 64MB
fsync = off
synchronous_commit = off
full_page_writes = off
wal_level = minimal
max_wal_senders = 0
max_wal_size = 1GB
autovacuum = off
jit = off
timezone = 'UTC'
log_timezone = 'UTC'
log_checkpoints = off
log_min_messages = warning
EOF

as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/postgresql.log" -w -t 60 -s start \
  >/dev/null 2>&1 ||
  fail_with_log "the throw-away PostgreSQL did not start" "$folder/postgresql.log"

"$bin/psql" -X -q -v ON_ERROR_STOP=1 "postgresql:///postgres?host=$folder&user=postgres" \
  -c 'CREATE ROLE dossier LOGIN CREATEDB' >/dev/null ||
  fail_with_log "the role dossier could not be created" "$folder/postgresql.log"

export DOSSIER_TEST_POSTGRES_URL="postgresql:///postgres?host=$folder&user=dossier"
export PATH="$bin:$PATH"
status=0
"$@" || status=$?
exit "$status"
