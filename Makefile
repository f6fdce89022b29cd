# lfgcombat — build & test harness.
#
#   make lab        create .venv, install the kit (editable) and open JupyterLab on notebooks/
#   make test       install everything (incl. Debian's chromium) and run the whole suite
#   make bench      speed ratios against baselines (tests/bench/bench_*.py)
#   make notebooks  re-execute every notebook in place (outputs committed, widget state stripped)
#   make clean      remove build litter and test output (keeps .venv; `make distclean` drops it)
#
# Nothing here needs to be installed by hand: a fresh machine with Python >= 3.11, git and
# make is enough (plus root, or an already installed /usr/bin/chromium, for `make test`).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON   ?= python3
VENV     ?= .venv
VPY      := $(VENV)/bin/python
STAMP    := $(VENV)/.lfgcombat-installed
CHROMIUM ?= /usr/bin/chromium
ARGS     ?=
# Extra arguments for pytest, e.g. `make test PYTEST_ARGS="-k quickstart -x"`.
PYTEST_ARGS ?=

ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

export PIP_DISABLE_PIP_VERSION_CHECK := 1
# ipykernel's debugger otherwise warns about frozen modules in every kernel's stderr.
export PYDEVD_DISABLE_FILE_VALIDATION := 1

.PHONY: help install lab test bench notebooks chromium clean distclean

help:
	@echo "make lab        install into .venv and open JupyterLab on notebooks/  (ARGS=\"--no-browser --port 8899\")"
	@echo "make test       install (incl. chromium) and run unit, property, notebook (nbval) and browser tests"
	@echo "                (PYTEST_ARGS='-m \"not browser\"' skips the browser tests, PYTEST_ARGS='-k dice -x' selects)"
	@echo "make bench      run tests/bench/bench_dice.py, bench_map.py, bench_attacks.py, bench_encounter.py"
	@echo "make notebooks  re-execute every notebook in place (tools/run_notebooks.py)"
	@echo "make clean      remove build litter and test output; make distclean also removes .venv"

# --- the virtualenv --------------------------------------------------------------------
$(VPY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "lfgcombat needs Python >= 3.11, but $(PYTHON) is " + sys.version.split()[0] + ": run make PYTHON=python3.11 ...")'
	@echo ">>> creating $(VENV) with $$($(PYTHON) -c 'import sys; print(sys.executable, sys.version.split()[0])')"
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "!!! '$(PYTHON) -m venv' failed. On Debian/Ubuntu install the venv module first:"; \
	  echo "!!!     apt-get install python3-venv     (or python3.11-venv)"; exit 1; }

# Reinstalls only when pyproject.toml changes (or the venv is new).
$(STAMP): pyproject.toml | $(VPY)
	@echo ">>> installing lfgcombat (editable) with its test dependencies into $(VENV)"
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e ".[test]"
	@touch $@
	@echo ">>> installed: $$($(VPY) -m pip list 2>/dev/null | grep -iE '^(lfgcombat|jupyterlab|ipywidgets|ipyleaflet|nbval|pytest|playwright) ' | tr -s ' ' | paste -sd, -)"

install: $(STAMP)

# --- Debian's chromium for the browser tests (never a Playwright browser download) --------
chromium:
	@if [ -x "$(CHROMIUM)" ]; then \
	  exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo ">>> $(CHROMIUM) is missing: installing Debian's chromium package"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update && apt-get install -y chromium; \
	  [ -x "$(CHROMIUM)" ] || { echo "!!! apt-get installed chromium but $(CHROMIUM) is still missing"; exit 1; }; \
	else \
	  echo "!!! The browser tests need Chromium at $(CHROMIUM) (Debian's 'chromium' package)."; \
	  echo "!!! Install it as root, then re-run make test:"; \
	  echo "!!!     sudo apt-get update && sudo apt-get install -y chromium"; \
	  echo "!!! (or point CHROMIUM=/path/to/chromium at another Chromium build)."; \
	  echo "!!! Playwright's own browser download ('playwright install') is not used."; \
	  exit 1; \
	fi

# --- targets ---------------------------------------------------------------------------
lab: $(STAMP)
	@echo ">>> starting JupyterLab on notebooks/: open the URL with the token that it prints below (Ctrl-C twice stops it)"
	$(VENV)/bin/jupyter lab --ServerApp.root_dir=notebooks $(ALLOW_ROOT) $(ARGS)

# One pytest run: unit + property tests, every notebook under nbval (strict), then the
# browser tests (tests/browser/conftest.py moves them last). Any failure fails the target.
test: $(STAMP) chromium
	LFG_CHROMIUM="$(CHROMIUM)" LFG_REQUIRE_BROWSER=1 \
	$(VENV)/bin/pytest -ra tests notebooks \
	  --nbval --nbval-current-env --nbval-cell-timeout=300 \
	  --nbval-sanitize-with tests/nbval_sanitize.cfg $(PYTEST_ARGS)

bench: $(STAMP)
	$(VPY) tests/bench/bench_dice.py $(ARGS)
	$(VPY) tests/bench/bench_map.py $(ARGS)
	$(VPY) tests/bench/bench_attacks.py $(ARGS)
	$(VPY) tests/bench/bench_encounter.py $(ARGS)

notebooks: $(STAMP)
	$(VPY) tools/run_notebooks.py $(ARGS)

clean:
	rm -rf build dist *.egg-info .pytest_cache .hypothesis .benchmarks tests/browser/output test-results
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf

distclean: clean
	rm -rf $(VENV)
