# citadel: `make demo` and `make test` work on a fresh machine; `make install` is idempotent.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEMO_STORE := .citadel-demo
DEMO_QUESTION ?= How long does it take to process a refund?

.PHONY: install demo test lint bench clean

install: $(STAMP)

# Re-runs only when the lock or the project metadata changed.
$(STAMP): pyproject.toml requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $(STAMP)

demo: install
	@rm -rf $(DEMO_STORE)
	$(BIN)/citadel --store $(DEMO_STORE) ingest samples/docs
	$(BIN)/citadel --store $(DEMO_STORE) ingest samples/restricted --groups hr
	@echo
	@echo "Q: $(DEMO_QUESTION)"
	@$(BIN)/citadel --store $(DEMO_STORE) search "$(DEMO_QUESTION)" --k 3

test: install
	$(BIN)/python -m pytest -q

bench: install
	$(BIN)/python bench/ingest.py

clean:
	rm -rf $(VENV) $(DEMO_STORE) .pytest_cache
