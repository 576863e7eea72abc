# Every target sets up what it needs itself, so a fresh clone needs only `make run` or
# `make test`: Debian packages (tmux for the trainer's terminal test, chromium for the
# browser tests), then .venv with the package and its dev extras.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SYSTEM_STAMP := $(VENV)/.system
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test check lint types docs bench clean

$(SYSTEM_STAMP):
	@missing=""; \
	command -v tmux >/dev/null || missing="$$missing tmux"; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q $$missing; \
	fi
	$(PYTHON) -m venv $(VENV)
	touch $(SYSTEM_STAMP)

$(STAMP): pyproject.toml $(SYSTEM_STAMP)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Every kernel compiled once, in parallel (a few minutes after an install, seconds after),
# so that no page waits for a compile.
run: $(STAMP)
	$(BIN)/pokerlab compile
	$(BIN)/pokerlab serve

# Tests run in one process per core (pytest-xdist), each test file in one process, so a
# file's Numba kernels compile once and its fixtures (a browser, a server) start once.
PYTEST := $(BIN)/python -m pytest -n auto --dist loadfile

# Everything, each step stopping make on failure: lint, types, the docs with warnings as
# errors, then every test (pytest also fails when it collects none).
test: lint types docs
	$(PYTEST)

# The inner loop: lint, types and the tests not marked slow.
check: lint types
	$(PYTEST) -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check src tests docs

types: $(STAMP)
	$(BIN)/mypy

# The API reference, built from the docstrings into site/; any warning fails the build.
# NO_MKDOCS_2_WARNING silences the theme's notice about its successor, printed on every build.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

bench: $(STAMP)
	$(BIN)/pokerlab bench --markdown BENCHMARKS.md

clean:
	rm -rf $(VENV) build site src/*.egg-info
