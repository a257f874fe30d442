# trunfu — two commands: `make run` and `make test` (see README).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: run test lint bench clean browser

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	touch $@ $(STAMP)

# The dashboard on http://localhost:8501 over the archive built from data/, the last 3
# tricks of its French tarot deals analysed for best play (both are idempotent: what is
# there is skipped; `trunfu analyse --db` without --game analyses every game, slower).
run: $(STAMP)
	$(BIN)/trunfu ingest data/ --db data/archive.duckdb
	$(BIN)/trunfu analyse --db data/archive.duckdb --game french-tarot --tricks 3
	TRUNFU_ARCHIVE=data/archive.duckdb $(BIN)/streamlit run trunfu/dashboard/app.py \
		--server.port 8501 --server.headless true --browser.gatherUsageStats false

lint: $(DEV_STAMP)
	$(BIN)/ruff check .

# The end-to-end dashboard test drives Debian's chromium (Playwright cannot download one).
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

test: $(DEV_STAMP) browser
	$(BIN)/ruff check .
	$(BIN)/pytest -n 2

# The benchmarks of the README's table (a few minutes; bench/ingest.py takes --deals).
bench: $(DEV_STAMP)
	$(BIN)/python bench/parse.py
	$(BIN)/python bench/validate.py
	$(BIN)/python bench/validate.py --game french-tarot --seats 5
	$(BIN)/python bench/ingest.py --deals 20000
	$(BIN)/python bench/dashboard.py
	$(BIN)/python bench/startup.py
	$(BIN)/python bench/analyse.py --deals 3

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
