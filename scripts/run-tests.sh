#!/bin/sh
# Runs the whole suite on SQLite, then again on PostgreSQL, each in parallel processes
# (pytest-xdist; TEST_WORKERS=1 for one process). Tests sharing an expensive fixture share an
# xdist group, so they run on one worker and pay for it once.
# pytest's exit code 5 ("no tests collected") is treated as a failure: an empty run
# means the suite is broken, not that everything passed.
set -u
PY=.venv/bin/python
WORKERS="${TEST_WORKERS:-auto}"
run_pytest() {
    "$PY" -m pytest -n "$WORKERS" --dist loadgroup --durations=10 "$@"
    rc=$?
    if [ "$rc" = "5" ]; then
        echo "pytest collected no tests; treating that as a failure" >&2
        return 1
    fi
    return "$rc"
}

echo "== tests on SQLite =="
# Both passes run even when the first fails, so one run tells everything; either failing fails it.
status=0
TEST_DATABASE_URL= run_pytest --junitxml=test-artifacts/junit-sqlite.xml || status=1

if pg_url="$(scripts/pg-test-server.sh)"; then
    echo "== tests on PostgreSQL ($pg_url) =="
    # The pure core, the lock, type checks and browser pages (Chromium, WebKit, Firefox) do not
    # depend on the database; running them twice adds nothing.
    TEST_DATABASE_URL="$pg_url" run_pytest -m "not browser and not engines and not no_database" --ignore=tests/core \
        --junitxml=test-artifacts/junit-postgres.xml || status=1
elif [ "${CI:-}" = "true" ]; then
    echo "CI=true and PostgreSQL could not be started: failing" >&2
    exit 1
else
    echo "PostgreSQL not available: skipped the PostgreSQL run (install postgresql to include it)" >&2
fi
exit "$status"
