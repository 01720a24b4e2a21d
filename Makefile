# The two commands of the README: `make serve` runs the service, `make test` runs the checks.
# Both install into $(VENV) with the pinned versions of constraints.txt and the embedded servers.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip
CONSTRAINTS := constraints.txt
SHARED_SRC ?= ../shared

.PHONY: install serve test lint typecheck unit smoke bench lock shared-data clients-install clients-test web-install documents

$(BIN)/polis: pyproject.toml $(CONSTRAINTS)
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet -c $(CONSTRAINTS) pip setuptools
	$(PIP) install --quiet -c $(CONSTRAINTS) --no-build-isolation -e ".[test,embedded]"
	touch $(BIN)/polis

install: $(BIN)/polis

serve: install
	$(BIN)/polis serve

lint: install
	$(BIN)/ruff check .

typecheck: install
	$(BIN)/mypy
	$(BIN)/mypy clients/python/polis_client

# Two worker processes by default, a test file on each at a time (module fixtures start API
# processes and browsers once per file); each worker has its own database and channel.
# TEST_WORKERS=0 runs everything in one process.
TEST_WORKERS ?= 2
unit: install clients-install web-install
	$(BIN)/python -m pytest $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)

# The client libraries (clients/): the TypeScript client's npm packages, exactly as locked
# (package-lock.json), for the tests of tests/clients that `unit` runs with the rest.
CLIENT_TS := clients/typescript
clients-install: $(CLIENT_TS)/node_modules/.package-lock.json

$(CLIENT_TS)/node_modules/.package-lock.json: $(CLIENT_TS)/package-lock.json
	cd $(CLIENT_TS) && npm ci --no-audit --no-fund

# The browser client's npm packages (its TypeScript compiler and axe-core, which the Chromium
# tests load into the page), exactly as locked (web/package-lock.json).
web-install: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

clients-test: install clients-install
	$(BIN)/python -m pytest tests/clients

# Regenerate everything derived from the registry and the routes, after adding a game kind,
# an expansion or a route: both documents, then each client's generated types.
documents: install clients-install
	$(BIN)/polis export-openapi
	$(BIN)/polis export-asyncapi
	$(BIN)/python clients/python/generate.py
	cd $(CLIENT_TS) && npm run --silent generate

test: lint typecheck unit

# A quick check of an install (another Python, a new pin) before the whole `make test`: the
# wheel without extras serving a WebSocket game, and the embedded servers' life cycle.
smoke: install
	$(BIN)/polis --version
	$(BIN)/python -m pytest tests/packaging tests/infra/test_embedded_lifecycle.py tests/kernel

bench: install
	$(BIN)/python -m tests.benchmarks.bench_engine

# Upgrading the pinned versions, on purpose: resolve the newest versions pyproject.toml allows
# in a scratch venv and write them to constraints.txt; review the diff and run `make test`.
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet --upgrade pip setuptools
	.lock-venv/bin/python -m pip install --quiet ".[test,embedded]"
	{ echo "# Pinned versions for make, CI and the Dockerfile. Upgrade with 'make lock' (see README)."; \
	  .lock-venv/bin/python -m pip freeze --all --exclude polis; } > $(CONSTRAINTS)
	rm -rf .lock-venv build

# Refresh the repository's copy of the shared data (tests/data/shared/PROVENANCE.md).
shared-data:
	for d in traces reference seeds; do rm -rf tests/data/shared/$$d; \
	  cp -R $(SHARED_SRC)/$$d tests/data/shared/$$d; done
	chmod -R u+w tests/data/shared
	cd tests/data/shared && find . -type f ! -name SHA256SUMS ! -name PROVENANCE.md \
	  | LC_ALL=C sort | xargs sha256sum > SHA256SUMS
