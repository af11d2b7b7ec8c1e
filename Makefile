# Boardstate: the two commands a newcomer needs are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck unit nginx chromium js-clients ts-client clients bench figures golden schema clean

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

unit: $(STAMP) nginx chromium js-clients ts-client
	$(BIN)/pytest -n 2 --dist loadgroup

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python -m bench.engine_bench

# The layout figures (docs/layout.md): lines, the service object's public methods, import
# cycles, schema imports from service/, duplicate pairs; then the modules one accepted move runs
# through each door (starts its own throw-away redis-server).
figures: $(STAMP)
	$(BIN)/python -m bench.layout_figures
	$(BIN)/python -m bench.move_path

golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

# The committed schemas: GraphQL SDL (schema/schema.graphql) and OpenAPI (schema/openapi.json).
schema: $(STAMP)
	$(BIN)/python scripts/export_schema.py
	$(BIN)/python scripts/export_openapi.py
	$(BIN)/python scripts/export_dump_schema.py

# The generated halves of the SDKs (clients/python/boardstate_api, clients/typescript/src/
# schema.ts) from schema/openapi.json; a test regenerates them and compares.
clients: $(STAMP) ts-client
	$(BIN)/python scripts/generate_clients.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
