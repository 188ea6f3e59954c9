#!/bin/sh
# Starts a throwaway PostgreSQL cluster on loopback for the test suite and prints its URL.
# Reuses the cluster when it is already running, so repeated `make test` runs stay fast.
set -e
PORT="${TEST_PG_PORT:-54329}"
DATA="${TEST_PG_DATA:-/tmp/tournament-test-pg}"
BINDIR="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$BINDIR" ] || BINDIR="$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")"
[ -x "$BINDIR/initdb" ] || { echo "PostgreSQL server binaries not found" >&2; exit 1; }

# PostgreSQL refuses to run as root, so root runs it as the postgres user.
if [ "$(id -u)" = "0" ]; then
    as_owner() { runuser -u postgres -- "$@"; }
    OWNER=postgres
else
    as_owner() { "$@"; }
    OWNER="$(id -un)"
fi

if [ ! -f "$DATA/PG_VERSION" ]; then
    mkdir -p "$DATA"
    [ "$(id -u)" = "0" ] && chown postgres "$DATA"
    as_owner "$BINDIR/initdb" -D "$DATA" -U "$OWNER" -A trust --no-sync >/dev/null
fi
if ! as_owner "$BINDIR/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    as_owner "$BINDIR/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w start \
        -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null
fi
as_owner "$BINDIR/psql" -h 127.0.0.1 -p "$PORT" -U "$OWNER" -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname='tournament_test'" | grep -q 1 ||
    as_owner "$BINDIR/createdb" -h 127.0.0.1 -p "$PORT" -U "$OWNER" tournament_test
echo "postgresql+psycopg://$OWNER@127.0.0.1:$PORT/tournament_test"
