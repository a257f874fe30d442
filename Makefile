# trunfu — two commands: `make run` and `make test` (see README).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	touch $@ $(STAMP)

run: $(STAMP)
	$(BIN)/trunfu validate data/

lint: $(DEV_STAMP)
	$(BIN)/ruff check .

test: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest -n 2

bench: $(DEV_STAMP)
	$(BIN)/python bench/parse.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
