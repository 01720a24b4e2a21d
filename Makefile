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

# Optional: the rules' hot modules compiled with Cython, in place beside their sources (Python
# imports an extension module before the source of the same name). Needs a C compiler and
# the Python headers; nothing else needs them. The pure-Python modules stay the reference:
# `test-compiled` checks that both give the same games, moves, views and traces, and the
# service and the tests refuse an extension older than its source. Annotations are not read
# as C types (`annotation_typing=False`): the compiled modules keep Python's semantics.
# Left out: text, names, catalogs and trace formats (not on the hot path, slow to compile).
ENGINE_SOURCES = $(shell find domain -name '*.py' ! -name '__init__.py' ! -name 'names_*' \
	! -name '*effect_text.py' ! -name 'description*' ! -name 'describe*' ! -name 'trace*' \
	! -name 'catalog*' ! -name 'localisation.py' | sort)
ENGINE_JOBS ?= 2
engines-compiled: install
	$(PIP) install --quiet -c $(CONSTRAINTS) Cython
	$(BIN)/cythonize -i -q -3 -j $(ENGINE_JOBS) -X annotation_typing=False $(ENGINE_SOURCES)

# The list alone, for the image's build stage (Dockerfile, ENGINES=compiled).
engine-sources:
	@echo $(ENGINE_SOURCES)

engines-pure:
	find domain \( -name '*.so' -o -name '*.pyd' -o -name '*.c' \) -delete

# The compiled build against the reference: the seeded games of every kind, the recorded
# traces, the kernel and the bots on compiled modules, then traces written both ways.
test-compiled: engines-compiled
	POLIS_REQUIRE_COMPILED=1 $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile \
		tests/domain tests/kernel tests/bots tests/traces tests/cli \
		tests/packaging/test_wheel_install.py

# Upgrading the pinned versions, on purpose: resolve the newest versions pyproject.toml allows
# in a scratch venv and write them to constraints.txt; review the diff and run `make test`.
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet --upgrade pip setuptools
	.lock-venv/bin/python -m pip install --quiet ".[test,embedded,compiled]"
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
