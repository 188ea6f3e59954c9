# Two commands for a fresh machine with only Python, pip and make:
#   make run   - install into .venv, upgrade the database, serve the app on the LAN
#   make test  - lint, install test tools (and, as root, Chromium and PostgreSQL), run every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 0.0.0.0
PORT ?= 5000
WORKERS ?= 4

.PHONY: catalogs run hall hall-load lint test test-sqlite test-postgres system-deps bench load crash dev clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The translations: messages marked in code and templates -> messages.pot, every .po -> .mo
# (`python scripts/i18n.py update` brings the .po files in line with the .pot for translators).
catalogs: $(STAMP)
	$(BIN)/python scripts/i18n.py extract compile

run: $(STAMP) catalogs
	$(BIN)/flask --app tournament db-upgrade
	$(BIN)/flask --app tournament serve --host $(HOST) --port $(PORT)

# A big hall: WORKERS gunicorn processes (Linux/macOS) on PostgreSQL, e.g.
#   make hall DATABASE_URL=postgresql+psycopg://user@127.0.0.1/tournament WORKERS=4
hall: $(STAMP)
	@test -n "$(DATABASE_URL)" || { echo "make hall needs DATABASE_URL=postgresql+psycopg://..." >&2; exit 2; }
	DATABASE_URL="$(DATABASE_URL)" $(BIN)/flask --app tournament db-upgrade
	DATABASE_URL="$(DATABASE_URL)" $(BIN)/flask --app tournament serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

dev: $(STAMP)
	$(BIN)/flask --app tournament db-upgrade
	$(BIN)/flask --app tournament run --debug

system-deps:
	@scripts/install-system-deps.sh

# Style and likely bugs (ruff, settings in pyproject.toml), then strict types of the rules and
# the game seam (mypy.ini). Strict: any finding fails the target.
lint: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy --config-file mypy.ini

# Lint first (seconds), then the suite twice: on the embedded SQLite default and on a real PostgreSQL server.
test: lint system-deps catalogs
	@scripts/run-tests.sh

# Timed runs on loopback (docs/performance.md, docs/reliability.md); pass ARGS="--database-url ..." for PostgreSQL,
# ARGS="--wall" to add the time from a phone's result to every projector showing it.
bench: $(STAMP)
	$(BIN)/python -m benchmarks $(ARGS)

load: $(STAMP)
	$(BIN)/python benchmarks/load.py $(ARGS)

# The big-hall load (1,000 players, 250 phones, 50 projectors, WORKERS processes); WIPES the database given.
hall-load: $(STAMP)
	$(BIN)/python benchmarks/load.py --hall --workers $(WORKERS) $(ARGS)

crash: $(STAMP)
	$(BIN)/python benchmarks/crash.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache
