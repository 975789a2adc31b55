# tarot_learn: two commands on a fresh machine.
#   make lab    create .venv and open JupyterLab on the start-here lesson
#   make test   create .venv and run every test (unit, properties, doctests, notebooks, browser)
#   make bench  print the speed figures of benchmarks/
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8888
# JupyterLab refuses to run as root unless told; say so only when we are root.
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab test test-fast bench images chromium clean help

help:
	@echo "make lab     JupyterLab on notebooks/00_start_here.ipynb (http://127.0.0.1:$(PORT)/lab)"
	@echo "make test    the whole test suite"
	@echo "make bench   speed figures"
	@echo "make lite    build the static site in dist/lite/ (make lite-serve serves it)"
	@echo "make images  redraw the shipped card art (tarot_learn/render/art) and the contact sheets in images/"

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "tarot_learn needs Python >= 3.11; set PYTHON=python3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	@echo "Compiling the solver's core once (about 20 s; kept on disk beside the package)"
	$(PY) -c 'from tarot_learn.solve import native; native.available() and native.warm()'
	touch $@

# A Voila preview's kernel outlives its closed tab: kernels idle 10 minutes with no tab open are
# shut down, so a walk through the lessons does not fill the learner's memory.
lab: $(VENV)/.installed
	@echo "Starting JupyterLab on the start-here lesson: open the URL with the token that it prints (Ctrl-C stops it)."
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(PORT) --no-browser $(ROOT_FLAG) \
		--ServerApp.root_dir="$(CURDIR)" --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb \
		--MappingKernelManager.cull_idle_timeout=600 --MappingKernelManager.cull_interval=60 \
		--MappingKernelManager.cull_connected=False

# The browser tests drive Debian's Chromium; install it when it is missing and we may.
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Debian's chromium for the browser tests"; \
		(apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >/tmp/tarot_learn-apt.log 2>&1 \
		|| { tail -20 /tmp/tarot_learn-apt.log; exit 1; }; \
	else echo "chromium is not installed and we are not root: the browser tests will be skipped"; fi

# Two passes: everything but the browser on two workers (each file stays on one worker, so a
# notebook's cells run in order in one kernel), then the browser tests one at a time, as each
# starts servers and a Chromium of its own. Both passes run; either failing fails the target.
test: $(VENV)/.installed chromium
	@status=0; \
	$(PY) -m pytest tests tarot_learn notebooks --nbval-lax -m "not browser" -n 2 --dist loadfile --durations=15 || status=1; \
	$(PY) -m pytest tests --nbval-lax -m browser --durations=15 || status=1; \
	exit $$status

# The quick loop while coding: no notebooks, no browser.
test-fast: $(VENV)/.installed
	$(PY) -m pytest tests tarot_learn -m "not browser" -q

bench: $(VENV)/.installed
	$(PY) -m pip install --quiet -e ".[bench]"
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done
	@echo "== benchmarks/classroom_load.py (a class of 30 and 3 browsers joining within 10 s)"
	$(PY) benchmarks/classroom_load.py --students 30 --browsers 3
	@echo "== benchmarks/classroom_load.py (a class of 60 joining within 10 s, 60 warm kernels)"
	$(PY) benchmarks/classroom_load.py --students 60 --browsers 0
	@echo "== benchmarks/classroom_attack.py (30 students while one floods pages, table and live sockets)"
	$(PY) benchmarks/classroom_attack.py --students 30
	@echo "== benchmarks/tables_load.py"; $(PY) benchmarks/tables_load.py
	@echo "== benchmarks/tables_load.py: 30 students at 8 tables, strong robots in the empty seats"
	$(PY) benchmarks/tables_load.py --tables 8 --students 30 --robot-level strong
	@echo "== benchmarks/classroom_dashboard.py (the dashboard of 60 while 30 play)"
	$(PY) benchmarks/classroom_dashboard.py --roster 60 --students 30

images: $(VENV)/.installed
	$(PY) -m tarot_learn.render.artbuild
	$(PY) -m tarot_learn.render.sheets images

# One printable page per game (PDF and PNG), every value read from the engine; byte-identical each run.
.PHONY: cheatsheets
cheatsheets: $(VENV)/.installed
	$(PY) -m tarot_learn.render.cheatsheets images

# One printable worksheet per period of docs/teachers_guide/periods.md, its answer key on the PDF's second
# page, every answer computed by the engine; byte-identical each run.
.PHONY: worksheets
worksheets: $(VENV)/.installed
	$(PY) -m tarot_learn.render.worksheets images/worksheets

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache

# The class server: the lessons, the card tables and the class challenge for a room of students.
# `make classroom HOST=0.0.0.0` serves the LAN; the class password and the teacher's are printed
# at start (or give CLASS_ARGS="--password tulip --teacher-password oak").
CLASSROOM_PORT ?= 8890
HOST ?= 127.0.0.1
.PHONY: classroom
classroom: $(VENV)/.installed
	$(VENV)/bin/tarot-learn classroom --host $(HOST) --port $(CLASSROOM_PORT) $(CLASS_ARGS)

# Redraw the README and lesson screenshots from the browser tests (a plain `make test` only writes
# them to test-artifacts/, so it never edits the tree).
.PHONY: screenshots
screenshots: $(VENV)/.installed chromium
	TAROT_LEARN_SCREENSHOTS=1 $(PY) -m pytest tests/browser -q

# The static site: JupyterLite with Python in the browser (Pyodide), every lesson, no server.
#   make lite        builds dist/lite/ (rebuilt only when its inputs change); copy it to any web host
#   make lite-serve  serves it on http://127.0.0.1:$(LITE_PORT)/
# Its build tools need Python >= 3.12: the first found of python3.13, python3.12, pyenv's 3.12+.
LITE_PORT ?= 8800
LITE_VENV ?= .venv-lite
LITE_PYTHON ?= $(shell for p in python3.13 python3.12 $$(pyenv root 2>/dev/null)/versions/3.1[2-9]*/bin/python; do \
	$$p -c 'import sys; assert sys.version_info >= (3, 12)' >/dev/null 2>&1 && { echo $$p; break; }; done)
.PHONY: lite lite-serve

$(LITE_VENV)/.installed: lite/build-requirements.txt
	@test -n "$(LITE_PYTHON)" || { echo "make lite needs Python >= 3.12 (set LITE_PYTHON=/path/to/python3.12)"; exit 1; }
	$(LITE_PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LITE_VENV)/bin/python -m pip install --quiet -r lite/build-requirements.txt
	touch $@

lite: $(LITE_VENV)/.installed
	$(LITE_VENV)/bin/python lite/build.py

lite-serve: lite
	@echo "The static site on http://127.0.0.1:$(LITE_PORT)/ (Ctrl-C stops it); to publish it, copy dist/lite/ to any web host"
	$(PYTHON) -m http.server $(LITE_PORT) --bind 127.0.0.1 --directory dist/lite

# The documentation site: Sphinx reads the repository (conf in docs/), executes every lesson
# (cached in dist/.jupyter_cache until the lesson changes) and fails on any warning; then the
# site's own test checks what was built.
.PHONY: docs
docs: $(VENV)/.installed
	$(PY) -m pip install --quiet -e ".[docs]"
	@mkdir -p dist
	$(PY) -m sphinx -E -b html -c docs -W --keep-going -q -w dist/docs-warnings.log . dist/docs
	TAROT_LEARN_DOCS_SITE=dist/docs $(PY) -m pytest tests/test_docs_site.py -q -p no:cacheprovider
	@echo "The documentation site is in dist/docs/ (open dist/docs/index.html)"

# A school's JupyterHub (school/jupyterhub_config.py) tested for real: the hub from PyPI, its proxy
# from npm (installed beside the config, in school/.hub-proxy), three students in three browsers.
HUB_PROXY := school/.hub-proxy/node_modules/.bin/configurable-http-proxy
.PHONY: test-hub
$(HUB_PROXY):
	@command -v npm >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
		&& (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm) >/tmp/tarot_learn-apt.log 2>&1; } \
		|| { echo "the hub's proxy needs Node.js and npm"; exit 1; }
	npm install --prefix school/.hub-proxy --no-audit --no-fund --loglevel=error "configurable-http-proxy@^5"
test-hub: $(VENV)/.installed chromium $(HUB_PROXY)
	$(PY) -m pip install --quiet -e ".[test,hub]"
	$(PY) -m pytest tests/hub -m hub --durations=5
