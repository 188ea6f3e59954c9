# Two commands for a fresh machine with only Python, pip and make:
#   make run   - install into .venv, upgrade the database, serve the app on the LAN
#   make test  - lint, install test tools (and, as root, Chromium and PostgreSQL), run every test
# Both install exactly the versions in requirements/ (hashes checked), then the project itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
LATEST := .venv-latest
HOST ?= 0.0.0.0
PORT ?= 5000
WORKERS ?= 4

.PHONY: catalogs run hall hall-load lint lock test test-latest system-deps bench load crash dev clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The app's own packages (and psycopg for PostgreSQL), as locked.
$(RUN_STAMP): requirements/run.txt pyproject.toml | $(BIN)/python
	$(PIP) install --quiet --require-hashes -r requirements/run.txt
	$(PIP) install --quiet --no-deps --no-build-isolation -e .
	touch $@

# The same plus the test and lint tools; requirements/test.txt holds run.txt's versions unchanged.
$(TEST_STAMP): requirements/test.txt pyproject.toml | $(BIN)/python
	$(PIP) install --quiet --require-hashes -r requirements/test.txt
	$(PIP) install --quiet --no-deps --no-build-isolation -e .
	touch $@ $(RUN_STAMP)

# Refreshes both locks from pyproject.toml: the newest releases its ranges allow, for Python
# 3.11+ on Linux, macOS and Windows. Review the diff, then `make test` before committing it.
UV_COMPILE := $(BIN)/uv pip compile --universal --python-version 3.11 --generate-hashes --quiet --upgrade \
	--custom-compile-command "make lock"
lock: $(TEST_STAMP)
	$(UV_COMPILE) pyproject.toml requirements/build.in --extra postgres -o requirements/run.txt
	$(UV_COMPILE) pyproject.toml requirements/build.in --extra postgres --extra test \
		-c requirements/run.txt -o requirements/test.txt

# The translations: messages marked in code and templates -> messages.pot, every .po -> .mo
# (`python scripts/i18n.py update` brings the .po files in line with the .pot for translators).
catalogs: $(RUN_STAMP)
	$(BIN)/python scripts/i18n.py extract compile

run: $(RUN_STAMP) catalogs
	$(BIN)/flask --app tournament db-upgrade
	$(BIN)/flask --app tournament serve --host $(HOST) --port $(PORT)

# A big hall: WORKERS gunicorn processes (Linux/macOS) on PostgreSQL, e.g.
#   make hall DATABASE_URL=postgresql+psycopg://user@127.0.0.1/tournament WORKERS=4
hall: $(RUN_STAMP)
	@test -n "$(DATABASE_URL)" || { echo "make hall needs DATABASE_URL=postgresql+psycopg://..." >&2; exit 2; }
	DATABASE_URL="$(DATABASE_URL)" $(BIN)/flask --app tournament db-upgrade
	DATABASE_URL="$(DATABASE_URL)" $(BIN)/flask --app tournament serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

dev: $(RUN_STAMP)
	$(BIN)/flask --app tournament db-upgrade
	$(BIN)/flask --app tournament run --debug

system-deps:
	@scripts/install-system-deps.sh

# Style and likely bugs (ruff, settings in pyproject.toml), then the types of the whole package
# (mypy.ini: strict but for the blueprints, whose bodies are checked). Any finding fails the target.
lint: $(TEST_STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy --config-file mypy.ini

# Lint first (seconds), then the suite twice: on the embedded SQLite default and on a real PostgreSQL server.
test: lint system-deps catalogs
	@scripts/run-tests.sh

# Tomorrow's install today: a throwaway venv with the newest releases pyproject.toml allows (not
# the lock), then lint and the tests that catch an upstream change first (rules, catalogues,
# games). Green: `make lock` may take them. Red: the lock keeps the next teacher safe meanwhile.
test-latest:
	rm -rf $(LATEST)
	$(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade --no-cache-dir pip
	$(LATEST)/bin/python -m pip install --quiet --upgrade --upgrade-strategy eager --no-cache-dir -e '.[test]'
	$(LATEST)/bin/python -m pip list --format=freeze > $(LATEST)/versions.txt
	$(LATEST)/bin/python -m ruff check .
	$(LATEST)/bin/python -m mypy --config-file mypy.ini --cache-dir $(LATEST)/mypy-cache
	$(LATEST)/bin/python scripts/i18n.py compile
	$(LATEST)/bin/python -m pytest -p no:cacheprovider -n auto tests/core tests/i18n tests/games

# Timed runs on loopback (docs/performance.md, docs/reliability.md); pass ARGS="--database-url ..." for PostgreSQL,
# ARGS="--wall" to add the time from a phone's result to every projector showing it.
bench: $(TEST_STAMP)
	$(BIN)/python -m benchmarks $(ARGS)

load: $(TEST_STAMP)
	$(BIN)/python benchmarks/load.py $(ARGS)

# The big-hall load (1,000 players, 250 phones, 50 projectors, WORKERS processes); WIPES the database given.
hall-load: $(TEST_STAMP)
	$(BIN)/python benchmarks/load.py --hall --workers $(WORKERS) $(ARGS)

crash: $(TEST_STAMP)
	$(BIN)/python benchmarks/crash.py $(ARGS)

clean:
	rm -rf $(VENV) $(LATEST) .pytest_cache .hypothesis .mypy_cache .ruff_cache
