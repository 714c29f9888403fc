# Two entry points for people (README Quick start): `make run` and `make test`.
# Each creates .venv on first use, so a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PORT   ?= 8000
# Compiled catalogues (*.mo) are not committed; the install step builds them from these.
PO_FILES := $(wildcard webapp/translations/*/LC_MESSAGES/messages.po)

.PHONY: run test lint typecheck bench clean translations-extract screenshots

$(STAMP): pyproject.toml $(PO_FILES)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	$(VENV)/bin/pybabel compile -d webapp/translations
	touch $(STAMP)

run: $(STAMP)
	mkdir -p instance
	$(VENV)/bin/flask --app webapp db upgrade
	$(VENV)/bin/gunicorn --bind 127.0.0.1:$(PORT) --workers 2 --access-logfile - webapp.wsgi:app

test: $(STAMP)
	scripts/ensure-chromium
	scripts/ensure-nginx
	$(PY) -m pytest -q

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
