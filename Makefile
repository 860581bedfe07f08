# For users: `make run` to try a game, `make install` (then `companion …`) for daily use, `make test`.
VENV := .venv
PY := $(VENV)/bin/python
SYSTEM_PYTHON ?= python3
# Debian packages the companion needs to play (braille, speech, audio), and those only its tests need.
RUN_PACKAGES := liblouis20 liblouis-data liblouis-bin python3-louis espeak-ng libespeak-ng1 sox \
                python3-speechd python3-brlapi python3-venv \
                speech-dispatcher speech-dispatcher-espeak-ng brltty xbrlapi $(if $(wildcard /usr/bin/pipewire-pulse),,pulseaudio)
DEB_PACKAGES := $(RUN_PACKAGES) tmux chromium chromium-driver libnss3-tools libcairo2 \
                $(if $(wildcard /usr/bin/pipewire-pulse),,pulseaudio-utils)  # libcairo2: cairosvg (sticker tests); pulseaudio-utils: parec records the tests' null sink
# Debian modules made importable from the venv (and only these: the PyPI "louis" is unrelated).
SYSTEM_MODULES := louis speechd brlapi
STAMP := $(VENV)/.setup-done
GAME ?= gauntlet
# `make install`: a venv of its own in the user's data folder, the command linked into ~/.local/bin.
INSTALL_HOME := $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/companion
INSTALL_VENV := $(INSTALL_HOME)/venv
# Each install builds a venv of its own beside the working one; INSTALL_VENV is then switched to it (scripts/install.sh).
INSTALL_NEW := $(INSTALL_HOME)/venv-$(shell date +%Y%m%d%H%M%S)
INSTALL_TMP := $(INSTALL_HOME)/tmp
BIN_DIR := $(HOME)/.local/bin

.PHONY: setup run test lint bench clean install uninstall

setup: $(STAMP)

# Recipes are not echoed: at the table a screen reader would read every command line aloud.
$(STAMP): pyproject.toml Makefile scripts/setup-system.sh scripts/step.sh scripts/link_system_modules.py
	@bash scripts/step.sh "paquets Debian / Debian packages" bash scripts/setup-system.sh $(DEB_PACKAGES)
	@bash scripts/step.sh "environnement Python / Python environment" \
		sh -c 'test -x $(PY) || $(SYSTEM_PYTHON) -m venv $(VENV)'
	@bash scripts/step.sh "paquets Python / Python packages" \
		$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@bash scripts/step.sh "modules système / system modules" $(PY) scripts/link_system_modules.py $(SYSTEM_MODULES)
	@bash scripts/step.sh "traductions / translations" $(PY) -m companion.i18n compile
	@touch $(STAMP)

run: setup
	@COMPANION_RESUME_COMMAND="make run GAME=$(GAME)" $(VENV)/bin/companion play $(GAME)

# The companion for daily use, as the current user (root too): its own venv, no test tools; only setup.log is written here.
install:
	@bash scripts/step.sh "paquets Debian / Debian packages" bash scripts/setup-system.sh $(RUN_PACKAGES)
	@bash scripts/step.sh "dossier d'installation / install folder" \
		bash scripts/install.sh begin "$(INSTALL_HOME)" "$(BIN_DIR)"
	@bash scripts/step.sh "environnement Python / Python environment" \
		env TMPDIR="$(INSTALL_TMP)" $(SYSTEM_PYTHON) -m venv "$(INSTALL_NEW)"
	@bash scripts/step.sh "companion et ses paquets Python / companion and its Python packages" \
		env TMPDIR="$(INSTALL_TMP)" bash scripts/install.sh package "$(INSTALL_NEW)/bin/python"
	@bash scripts/step.sh "modules système / system modules" \
		"$(INSTALL_NEW)/bin/python" scripts/link_system_modules.py $(SYSTEM_MODULES)
	@bash scripts/step.sh "commande / command" bash scripts/install.sh switch "$(INSTALL_NEW)" "$(BIN_DIR)"
	@bash scripts/install.sh said "$(BIN_DIR)"

# The command and its venv; saved games and records stay.
uninstall:
	@bash scripts/install.sh uninstall "$(INSTALL_VENV)" "$(BIN_DIR)"

# Types and lint first (seconds), then every test, the test files spread over one worker more than the machine has
# cores (many tests wait on real time: speech played aloud, daemons, browsers, the package index; on 2 cores 3 workers
# took the suite from 8.5-9.3 to 6.3 minutes), the longest first (tests/conftest.py LONGEST_FIRST: collection order,
# not xdist's files-of-most-tests-first).
TEST_WORKERS ?= $(shell expr $$(nproc) + 1)
test: setup lint
	@$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

lint: setup
	@$(PY) -m mypy
	@$(PY) -m ruff check --quiet .

# Every benchmark, one after the other; at the end, which failed and which goals were missed (benchmarks/run_all.py).
bench: setup
	@$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info

# Opt-in, not part of `make test`: a French game in a terminal under the real Orca, on a private X
# server, session bus and Speech Dispatcher (scripts/check_orca.py says what it checks).
.PHONY: check-orca
check-orca: setup
	@bash scripts/setup-system.sh orca xvfb xfce4-terminal dbus-x11 xdotool
	@$(PY) scripts/check_orca.py

# Opt-in too: the table's own page (--page) in a real Chromium under the real Orca, the same private set-up
# (scripts/check_orca_page.py says what it checks).
.PHONY: check-orca-page
check-orca-page: setup
	@bash scripts/setup-system.sh orca xvfb dbus-x11 xdotool
	@$(PY) scripts/check_orca_page.py
