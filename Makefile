# Two entry points for people (README Quick start): `make run` and `make test`.
# Each creates .venv on first use, so a fresh machine needs only Python 3.11+ and make; the venv
# holds exactly the versions locked in requirements/dev.txt (`make lock` refreshes the lock files
# from pyproject.toml; docs/development.md).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
LOCK   := requirements/dev.txt
PORT   ?= 8000
# Compiled catalogues (*.mo) are not committed; the install step builds them from these.
PO_FILES := $(wildcard webapp/translations/*/LC_MESSAGES/messages.po)

.PHONY: run test lint typecheck bench clean translations-extract screenshots lock

# Only hashed, locked files are installed; pip-sync then removes whatever the lock does not name,
# and the project goes in editable, built by the locked setuptools (no build isolation).
$(STAMP): $(LOCK) $(PO_FILES)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r $(LOCK)
	$(VENV)/bin/pip-sync --quiet $(LOCK)
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	$(PY) scripts/locked.py $(LOCK)
	$(VENV)/bin/pybabel compile -d webapp/translations
	touch $(STAMP)

# After any change to pyproject.toml's dependencies. Keeps every pin that still fits;
# `make lock UPGRADE=1` moves every package to its newest fitting version.
PIP_COMPILE := CUSTOM_COMPILE_COMMAND="make lock" $(VENV)/bin/pip-compile --quiet \
	--generate-hashes --allow-unsafe --all-build-deps --strip-extras \
	--no-emit-index-url --no-emit-find-links $(if $(UPGRADE),--upgrade)
lock: $(STAMP)
	$(PIP_COMPILE) --output-file requirements/site.txt pyproject.toml
	$(PIP_COMPILE) --extra dev --constraint requirements/site.txt --output-file $(LOCK) pyproject.toml

run: $(STAMP)
	mkdir -p instance
	$(VENV)/bin/flask --app webapp db upgrade
	$(VENV)/bin/gunicorn --bind 127.0.0.1:$(PORT) --workers 2 --access-logfile - webapp.wsgi:app

# One pytest-xdist worker a core, each on its own databases (tests/web/conftest.py);
# TEST_WORKERS=0 runs the suite in one process. Work stealing: an idle worker takes queued tests
# from a busy one, so a long test never finishes alone at the end of one worker's queue.
# PYTEST_ARGS goes to pytest as well: CI's PostgreSQL pass is `make test PYTEST_ARGS="-m db"`
# (docs/development.md); FULL_TESTS=1 runs the generated tests at their full sizes.
TEST_WORKERS ?= auto
PYTEST_ARGS ?=
test: $(STAMP)
	scripts/ensure-chromium
	scripts/ensure-nginx
	scripts/ensure-redis
	scripts/ensure-w3m
	$(PY) -m pytest -q -n $(TEST_WORKERS) $(if $(filter 0,$(TEST_WORKERS)),,--dist worksteal) $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy --strict gin_engine romme_engine engine_common webapp
	$(PY) scripts/deadcode.py

# Refresh the .po files after changing translatable strings in code or templates.
translations-extract: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg -k _l -k lazy_gettext -k lazy_pgettext:1c,2 -k _lp:1c,2 --no-location \
		--sort-output -o $(VENV)/messages.pot .
	$(VENV)/bin/pybabel update -i $(VENV)/messages.pot -d webapp/translations \
		--ignore-obsolete

# The table, a showdown and the leaderboard, phone and desktop, three languages → screenshots/
screenshots: $(STAMP)
	scripts/ensure-chromium
	$(PY) scripts/screenshots.py

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
