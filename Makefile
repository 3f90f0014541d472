# The Codex's commands. The README promises two of them on a fresh machine:
#   make serve   install what is needed, then serve the site at http://127.0.0.1:8000
#   make test    install what is needed (Chromium too, as root), then run every test
# Python versions are pinned in requirements.txt, Pyodide in package.json/package-lock.json.

SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
export PYTHONPATH := $(CURDIR)
export DISABLE_MKDOCS_2_WARNING := true
# Reproducible builds: the sitemap's dates come from the last commit, not from the clock.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
CHROMIUM ?= /usr/bin/chromium

.PHONY: setup serve build chromium test test-fast bench measure stress anchors wheel clean

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt pyproject.toml
	@command -v python3 >/dev/null || { echo "Install Python 3.11+ (python3, python3-venv)"; exit 1; }
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "Install Node.js 20+ and npm (for the self-hosted Pyodide)"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

serve: setup
	$(VENV)/bin/mkdocs serve --dev-addr 127.0.0.1:8000 --livereload

build: setup
	$(VENV)/bin/mkdocs build --strict

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

test: setup chromium
	CODEX_CHROMIUM=$(CHROMIUM) $(PY) -m pytest

test-fast: setup
	$(PY) -m pytest -m "not browser"

bench: setup
	$(PY) -m scripts.bench

measure: setup chromium
	$(PY) -m scripts.measure_boot

stress: setup chromium
	CODEX_CHROMIUM=$(CHROMIUM) $(PY) -m pytest -m slow --run-slow

anchors: setup
	$(PY) -m scripts.anchors --write

clean:
	rm -rf site dist build .pytest_cache
