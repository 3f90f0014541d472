# The Codex's commands. The README promises two of them on a fresh machine:
#   make serve   install what is needed, then serve the site at http://127.0.0.1:8000
#   make test    install what is needed (Chromium too, as root), then run every test
# Python packages are locked with hashes in requirements/site.txt (what building the site needs;
# all the deploy installs) and requirements/test.txt (the test tools), both generated from the
# .in files by `make lock` and installed with --require-hashes by uv (itself locked in
# requirements/tools.txt and installed by the venv's pip); Pyodide is pinned in
# package.json/package-lock.json. The site is built and served by ProperDocs (see README).

SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
export PYTHONPATH := $(CURDIR)
# Reproducible builds: the sitemap's dates come from the last commit, not from the clock.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
CHROMIUM ?= /usr/bin/chromium

.PHONY: setup setup-site serve build chromium test durations test-fast test-build bench measure lighthouse stress anchors rulings-lock wheel lock clean

PIP_INSTALL := $(PY) -m pip install --quiet --disable-pip-version-check --require-hashes
# uv fetches and unpacks a lock's wheels in parallel: on a fresh machine the two locks install in
# about 20 s rather than pip's 40 (the same wheels, hash-checked, compiled to bytecode as pip does).
# It hard-links files from its cache into the venv (copying the venv's 320 MB took 9 s more here);
# where the cache is on another disk it copies them instead.
UV_INSTALL := $(VENV)/bin/uv pip install --quiet --python $(PY) --require-hashes --compile-bytecode
DOCS := $(VENV)/bin/properdocs

setup: $(VENV)/.test-installed node_modules/.installed
setup-site: $(VENV)/.site-installed node_modules/.installed

$(VENV)/.tools-installed: requirements/tools.txt
	@command -v python3 >/dev/null || { echo "Install Python 3.11+ (python3, python3-venv)"; exit 1; }
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP_INSTALL) -r requirements/tools.txt
	touch $@

$(VENV)/.site-installed: $(VENV)/.tools-installed requirements/site.txt pyproject.toml
	$(UV_INSTALL) -r requirements/site.txt
	touch $@

# both locks in one uv run (what the site needs is a part of what the tests need)
$(VENV)/.test-installed: $(VENV)/.tools-installed requirements/site.txt requirements/test.txt pyproject.toml
	$(UV_INSTALL) -r requirements/site.txt -r requirements/test.txt
	touch $(VENV)/.site-installed $@

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "Install Node.js 20+ and npm (for the self-hosted Pyodide)"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

serve: setup-site
	$(DOCS) serve -f mkdocs.yml --dev-addr 127.0.0.1:8000

build: setup-site
	$(DOCS) build -f mkdocs.yml --strict

wheel: setup
	$(PY) -m build --wheel --outdir dist .

chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "Browser tests need Debian's Chromium at $(CHROMIUM): run 'sudo apt-get install -y chromium'."; exit 1; \
	  fi; \
	fi

# Test runs keep compiled modules (an environment may say not to: PYTHONDONTWRITEBYTECODE) in
# __pycache__ beside their sources, as Python does by default: each worker, each test build and
# each helper process then compiles calc, macros and the tests' assertions once, not every time
# (about 0.3 CPU-s per process that imports the build's hooks). git ignores them; the wheel and
# the tests' copies of the project leave them out.
TEST_PY := PYTHONDONTWRITEBYTECODE= $(PY)

# Both tiers spread over one worker process per core (pytest-xdist): the browser tests wait on
# Chromium and Pyodide, the unit tests on the CPU. `--dist loadfile` keeps a file's tests in one
# worker, so a module's phone (one Pyodide boot) serves all of them. WORKERS=0 runs in one process.
WORKERS ?= auto

# What the tests need installs side by side (the Python locks, the Node packages and, as root on
# a fresh machine, Debian's Chromium do not depend on one another); the tests start once all are in.
test:
	@$(MAKE) --no-print-directory --jobs=3 --output-sync=target setup chromium
	CODEX_CHROMIUM=$(CHROMIUM) $(TEST_PY) -m pytest -n $(WORKERS) --dist loadfile --no-loadscope-reorder

# `make test` again, writing what each test file took to tests/durations.json (commit it): the
# next runs hand the longest files to the workers first. Every run prints its 10 longest files.
durations:
	CODEX_RECORD_DURATIONS=1 $(MAKE) --no-print-directory test

# Tiers (tests/conftest.py marks them): fast = no site build, no browser,
# a quarter of the property tests' drawn inputs; build = the tests that read a built site or
# build edited copies of the project (no browser). `make test` runs every tier in full.
test-fast: setup
	CODEX_PROPERTY_SCALE=0.25 $(TEST_PY) -m pytest -n $(WORKERS) -m "not browser and not build"

# with workers too: they share the session's one build (tests/support.py), and `--dist loadfile`
# keeps a file's module fixtures (an edited copy of the project, built once) in one worker
test-build: setup
	$(TEST_PY) -m pytest -n $(WORKERS) --dist loadfile -m "build and not browser"

bench: setup
	$(PY) -m scripts.bench

measure: setup chromium
	$(PY) -m scripts.measure_boot

# Lighthouse's mobile performance audit of rk/basics/ and a built link, three runs each (medians;
# scripts/lighthouse.py). Lighthouse is pinned apart, in scripts/lighthouse/ (about 190 MB): only
# this target installs it.
scripts/lighthouse/node_modules/.installed: scripts/lighthouse/package.json scripts/lighthouse/package-lock.json
	cd scripts/lighthouse && npm ci --no-audit --no-fund --loglevel=error
	touch $@

lighthouse: setup chromium scripts/lighthouse/node_modules/.installed
	$(PY) -m scripts.lighthouse

stress: setup chromium
	CODEX_CHROMIUM=$(CHROMIUM) $(TEST_PY) -m pytest -m slow --run-slow

anchors: setup
	$(PY) -m scripts.anchors --write

rulings-lock: setup-site
	$(PY) -m scripts.rulings_lock --write

# Regenerates the hash locks from requirements/*.in with pip-tools, in a throwaway venv
# (PIP_CONFIG_FILE, PIP_FIND_LINKS: a machine's own pip settings, such as local find-links, stay out of the locks).
lock:
	rm -rf .venv-lock && python3 -m venv .venv-lock && .venv-lock/bin/pip install --quiet pip-tools
	cd requirements && for lock in tools site test; do \
	  PIP_CONFIG_FILE=/dev/null PIP_FIND_LINKS= ../.venv-lock/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	    --no-emit-index-url --index-url https://pypi.org/simple --output-file $$lock.txt $$lock.in || exit 1; \
	done
	rm -rf .venv-lock

clean:
	rm -rf site dist build .pytest_cache
