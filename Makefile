# lfgcombat — build & test harness.
#
#   make lab        create .venv, install the kit with its [lab] extra (editable) and open
#                   JupyterLab on work/, a working copy of notebooks/ (the reference stays clean)
#   make test       install everything ([test]; incl. Debian's chromium) and run the whole suite
#                   (runs `make lint` first; LINT=0 skips it)
#   make lint       ruff (lfgcombat, widgets, tools, tests) and mypy (lfgcombat/)
#   make targets    the restructuring targets of issue 10 (sizes, cycles, lint counts)
#   make bench      speed ratios against baselines (tests/bench/bench_*.py)
#   make notebooks  re-execute the reference notebooks in place (maintainers; outputs committed)
#   make docs       build the rulebook site into build/docs/html (Sphinx + MyST-NB; the committed
#                   notebooks as they are, never re-executed; docs/ holds its pages)
#   make rulesmap   write the rules map (docs/rulesmap.md, .csv) and README's counts from the
#                   rules texts ($LFG_SEEDS or ../shared/seeds; tools/rulesmap.py)
#   make clean      remove build litter and test output (keeps .venv and work/;
#                   `make distclean` drops .venv)
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
LAB_STAMP := $(VENV)/.lfgcombat-lab
# make lab's working copy of notebooks/ (git-ignored; tools/lab_workspace.py keeps it fresh).
WORK     ?= work
# The lint gates run before pytest in `make test` once they pass (issue 10): flip to 1 then.
LINT     ?= 1
CHROMIUM ?= /usr/bin/chromium
ARGS     ?=
# Extra arguments for pytest, e.g. `make test PYTEST_ARGS="-k quickstart -x"`.
PYTEST_ARGS ?=
# The rulebook site: where make docs builds it (tests/browser/test_docs_site.py reads it there).
DOCS_OUT ?= build/docs
SPHINXOPTS ?= -j auto

ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

export PIP_DISABLE_PIP_VERSION_CHECK := 1
# ipykernel's debugger otherwise warns about frozen modules in every kernel's stderr.
export PYDEVD_DISABLE_FILE_VALIDATION := 1

.PHONY: help install install-lab lab test lint targets bench notebooks docs rulesmap chromium clean distclean

help:
	@echo "make lab        install the kit and JupyterLab ([lab]) into .venv and open JupyterLab on"
	@echo "                $(WORK)/, your working copy of notebooks/  (ARGS=\"--no-browser --port 8899\")"
	@echo "make test       install ([test]; incl. chromium) and run unit, property, notebook (nbval) and browser tests"
	@echo "                (PYTEST_ARGS='-m \"not browser\"' skips the browser tests, PYTEST_ARGS='-k dice -x' selects;"
	@echo "                make lint runs first; LINT=0 skips it)"
	@echo "make lint       ruff on lfgcombat/ widgets/ tools/ tests/ and mypy on lfgcombat/"
	@echo "make targets    module/class/function sizes, import cycles, mypy and ruff counts (issue 10)"
	@echo "make bench      run tests/bench/bench_dice.py, bench_map.py, bench_attacks.py, bench_encounter.py, bench_prep.py,"
	@echo "                bench_engine.py (the engine against a144a90: fights/s per ruleset, one attack vs d20, load, undo)"
	@echo "make notebooks  re-execute the reference notebooks in place (tools/run_notebooks.py; maintainers)"
	@echo "make docs       build the rulebook site into $(DOCS_OUT)/html (notebooks as committed, API, rules map)"
	@echo "make rulesmap   write docs/rulesmap.md and .csv and README's counts (needs the rules texts)"
	@echo "make clean      remove build litter and test output; make distclean also removes .venv"

# --- the virtualenv --------------------------------------------------------------------
$(VPY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "lfgcombat needs Python >= 3.11, but $(PYTHON) is " + sys.version.split()[0] + ": run make PYTHON=python3.11 ...")'
	@echo ">>> creating $(VENV) with $$($(PYTHON) -c 'import sys; print(sys.executable, sys.version.split()[0])')"
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "!!! '$(PYTHON) -m venv' failed. On Debian/Ubuntu install the venv module first:"; \
	  echo "!!!     apt-get install python3-venv     (or python3.11-venv)"; exit 1; }

# Reinstalls only when pyproject.toml changes (or the venv is new). [test] includes [lab],
# [fast] and [dask], so a test install is a lab install too.
$(STAMP): pyproject.toml | $(VPY)
	@echo ">>> installing lfgcombat (editable) with its test dependencies ([test]) into $(VENV)"
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e ".[test]"
	@touch $@ $(LAB_STAMP)
	@echo ">>> installed: $$($(VPY) -m pip list 2>/dev/null | grep -iE '^(lfgcombat|jupyterlab|ipywidgets|ipyleaflet|nbval|pytest|playwright|ruff|mypy) ' | tr -s ' ' | paste -sd, -)"

$(LAB_STAMP): pyproject.toml | $(VPY)
	@echo ">>> installing lfgcombat (editable) with the widgets and JupyterLab ([lab]) into $(VENV)"
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e ".[lab]"
	@touch $@

install: $(STAMP)

install-lab: $(LAB_STAMP)

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
# JupyterLab autosaves what is open: it runs on a working copy, never on the reference
# notebooks that nbval compares (tools/lab_workspace.py copies new notebooks and refreshes
# the ones you have not edited).
lab: $(LAB_STAMP)
	$(VPY) tools/lab_workspace.py --dest "$(WORK)"
	@echo ">>> starting JupyterLab on $(WORK)/ (your copy of notebooks/): open the URL with the token that it prints below (Ctrl-C twice stops it)"
	$(VENV)/bin/jupyter lab --ServerApp.root_dir="$(WORK)" $(ALLOW_ROOT) $(ARGS)

# Both gates always run, so one report shows everything; either failing fails the target.
lint: $(STAMP)
	@status=0; \
	echo ">>> ruff check (rules in pyproject.toml [tool.ruff])"; \
	$(VENV)/bin/ruff check lfgcombat widgets tools tests || status=1; \
	echo ">>> mypy lfgcombat (settings in pyproject.toml [tool.mypy])"; \
	$(VENV)/bin/mypy || status=1; \
	exit $$status

targets: $(STAMP)
	$(VPY) tools/targets.py $(ARGS)

# Two pytest runs; any failure fails the target (exit 5, "nothing collected", is no failure:
# PYTEST_ARGS may select tests of one run only).
# 1. The unit and property tests (tests/, but the browser's) on every core (pytest-xdist,
#    TEST_WORKERS: `auto`, one worker per core; `0` runs them in this process).
# 2. Every notebook under nbval (strict), then the browser tests, one at a time (they share
#    one Chromium and the kernels they start), among them the rulebook site's (built first
#    by `make docs`, so a broken build fails before the suite runs; the test rebuilds it
#    incrementally, which takes seconds).
TEST_WORKERS ?= auto
test: $(STAMP) chromium
	@if [ "$(LINT)" = 1 ]; then $(MAKE) --no-print-directory lint; fi
	@$(MAKE) --no-print-directory docs
	LFG_CHROMIUM="$(CHROMIUM)" LFG_REQUIRE_BROWSER=1 \
	$(VENV)/bin/pytest -ra tests --ignore=tests/browser -n $(TEST_WORKERS) $(PYTEST_ARGS); \
	  status=$$?; [ $$status = 0 ] || [ $$status = 5 ] || exit $$status
	LFG_CHROMIUM="$(CHROMIUM)" LFG_REQUIRE_BROWSER=1 \
	$(VENV)/bin/pytest -ra notebooks tests/browser \
	  --nbval --nbval-current-env --nbval-cell-timeout=300 \
	  --nbval-sanitize-with tests/nbval_sanitize.cfg $(PYTEST_ARGS); \
	  status=$$?; [ $$status = 0 ] || [ $$status = 5 ] || exit $$status

bench: $(STAMP)
	$(VPY) tests/bench/bench_dice.py $(ARGS)
	$(VPY) tests/bench/bench_map.py $(ARGS)
	$(VPY) tests/bench/bench_attacks.py $(ARGS)
	$(VPY) tests/bench/bench_encounter.py $(ARGS)
	$(VPY) tests/bench/bench_prep.py $(ARGS)
	$(VPY) tests/bench/bench_engine.py $(ARGS)
	$(VPY) tests/bench/bench_fast_rulesets.py $(ARGS)

notebooks: $(STAMP)
	$(VPY) tools/run_notebooks.py $(ARGS)

# The site, incrementally (doctrees kept in $(DOCS_OUT)/doctrees). No network but the package
# index: no intersphinx, no CDN (docs/conf.py).
docs: $(STAMP)
	@echo ">>> building the rulebook site into $(DOCS_OUT)/html (sphinx-build; docs/conf.py)"
	@start=$$(date +%s); \
	$(VENV)/bin/sphinx-build -q -b html $(SPHINXOPTS) -d $(DOCS_OUT)/doctrees docs $(DOCS_OUT)/html; \
	echo ">>> built $$(find $(DOCS_OUT)/html -name '*.html' | wc -l) pages in $$(( $$(date +%s) - start )) s: open $(DOCS_OUT)/html/index.html"

rulesmap: $(STAMP)
	$(VPY) tools/rulesmap.py $(ARGS)

clean:
	rm -rf build dist docs/api *.egg-info .pytest_cache .hypothesis .benchmarks .mypy_cache .ruff_cache tests/browser/output test-results
	find . \( -path ./$(VENV) -o -path ./$(WORK) \) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf

distclean: clean
	rm -rf $(VENV)
