# The two commands of the README: `make serve` runs the service, `make test` runs the checks.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: install serve test lint typecheck unit bench

$(BIN)/polis: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(BIN)/polis

install: $(BIN)/polis

serve: install
	$(BIN)/polis serve

lint: install
	$(BIN)/ruff check .

typecheck: install
	$(BIN)/mypy

unit: install
	$(BIN)/python -m pytest

test: lint typecheck unit

bench: install
	$(BIN)/python -m tests.benchmarks.bench_engine
