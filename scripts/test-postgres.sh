#!/usr/bin/env bash
# A throw-away PostgreSQL 15 cluster for the PostgreSQL tests (docs/architecture.md, "Testing on
# PostgreSQL"). Debian's server binaries, a cluster in a temp folder, a free port on 127.0.0.1,
# trust auth (nothing but this machine can reach it), durability off (it is thrown away).
#
#   eval "$(scripts/test-postgres.sh start)"   # exports FORDRAN_TEST_DATABASE_URL and FORDRAN_TEST_PG_DIR
#   npx vitest run packages/store
#   scripts/test-postgres.sh stop              # stops it and deletes the folder ($FORDRAN_TEST_PG_DIR or an argument)
#
#   scripts/test-postgres.sh run npx vitest run packages/store   # start, run the command, stop
#
# As root the server runs as the `postgres` user (initdb refuses root); otherwise as the caller.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

# Runs a command as the user who owns the cluster.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

start() {
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "PostgreSQL 15 server binaries not found in $PG_BIN (apt-get install postgresql-15, or set PG_BIN)" >&2
    exit 1
  fi
  local dir port
  dir="$(mktemp -d "${TMPDIR:-/tmp}/fordran-pg-XXXXXX")"
  port="$(free_port)"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  as_owner "$PG_BIN/initdb" --pgdata="$dir/data" --username=postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    {
      cat "$dir/initdb.log" >&2
      exit 1
    }
  as_owner "$PG_BIN/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --silent \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >&2 ||
    {
      cat "$dir/server.log" >&2
      exit 1
    }
  echo "export FORDRAN_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
  echo "export FORDRAN_TEST_PG_DIR=$dir"
}

stop() {
  local dir="${1:-${FORDRAN_TEST_PG_DIR:-}}"
  if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
    echo "usage: $0 stop DIR (or FORDRAN_TEST_PG_DIR set by start)" >&2
    exit 1
  fi
  as_owner "$PG_BIN/pg_ctl" --pgdata="$dir/data" --mode=immediate --wait --silent stop >&2 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  run)
    shift
    eval "$(start)"
    trap 'stop "$FORDRAN_TEST_PG_DIR"' EXIT
    "$@"
    ;;
  *)
    echo "usage: $0 start | stop [DIR] | run COMMAND…" >&2
    exit 2
    ;;
esac
