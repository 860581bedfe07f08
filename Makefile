# Two commands for users: `make run` and `make test`. Both set everything up first.
VENV := .venv
PY := $(VENV)/bin/python
SYSTEM_PYTHON ?= python3
# Debian packages the companion needs (braille, speech, audio, terminal tests).
DEB_PACKAGES := liblouis20 liblouis-data liblouis-bin python3-louis espeak-ng libespeak-ng1 sox \
                python3-speechd python3-brlapi python3-venv tmux \
                speech-dispatcher speech-dispatcher-espeak-ng brltty chromium chromium-driver libnss3-tools $(if $(wildcard /usr/bin/pipewire-pulse),,pulseaudio)
# Debian modules made importable from the venv (and only these: the PyPI "louis" is unrelated).
SYSTEM_MODULES := louis speechd brlapi
STAMP := $(VENV)/.setup-done
GAME ?= gauntlet

.PHONY: setup run test lint bench clean

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

# Types and lint first (seconds), then every test.
test: setup lint
	@$(PY) -m pytest

lint: setup
	@$(PY) -m mypy
	@$(PY) -m ruff check --quiet .

bench: setup
	@for f in benchmarks/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info

# Opt-in, not part of `make test`: a French game in a terminal under the real Orca, on a private X
# server, session bus and Speech Dispatcher (scripts/check_orca.py says what it checks).
.PHONY: check-orca
check-orca: setup
	@bash scripts/setup-system.sh orca xvfb xfce4-terminal dbus-x11 xdotool
	@$(PY) scripts/check_orca.py
