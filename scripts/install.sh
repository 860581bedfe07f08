#!/usr/bin/env bash
# The parts of `make install` and `make uninstall` that are more than one command (see the Makefile).
# Usage: bash scripts/install.sh begin HOME BIN       what a killed install left in HOME: temporary folder, half-made venvs
#        bash scripts/install.sh package PYTHON       the companion, non-editable, into PYTHON's venv
#        bash scripts/install.sh switch NEW BIN       NEW runs: HOME/venv -> NEW, BIN/companion -> HOME/venv/bin/companion
#        bash scripts/install.sh said BIN             where the command is, and what to add when BIN is not on PATH
#        bash scripts/install.sh uninstall VENV BIN   the link and the venvs; saved games and records stay
# A re-install builds HOME/venv-STAMP beside the working one and switches links by rename (atomic): at every
# instant `companion` runs, the old one until the switch, the new one after. Killed at any step, the old one
# still runs and the next install removes what was left. Every line said is in French and English, like step.sh.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# LINK -> TARGET in one rename: the link is never missing, even for an instant.
point() {
    ln -sfn "$1" "$2.switch"
    mv -Tf "$2.switch" "$2"
}

# The venvs of HOME that neither HOME/venv nor BIN/companion leads to, and what a killed switch left.
remove_stale() {
    local home=$1 bin=$2 current command folder
    current=$(readlink -f -- "$home/venv" 2>/dev/null || true)
    command=$(readlink -f -- "$bin/companion" 2>/dev/null || true)
    for folder in "$home"/venv-*; do
        [ -e "$folder" ] || continue
        folder=$(readlink -f -- "$folder")
        case "$command" in "$folder"/*) continue ;; esac
        [ "$folder" = "$current" ] || rm -rf -- "$folder"
    done
    rm -rf -- "$home/tmp"
    for link in "$home/venv.switch" "$bin/companion.switch"; do
        if [ -L "$link" ]; then rm -f -- "$link"; fi
    done
}

case "${1:-}" in
package)
    python=$2
    # Built from a copy: no stale build/ folder gets into the wheel, and the source tree may be read-only.
    copy=$(mktemp -d)
    trap 'rm -rf "$copy"' EXIT
    (cd "$root" && cp -a pyproject.toml setup.py README.md companion speech braille "$copy"/)
    find "$copy" \( -name __pycache__ -o -name '*.mo' \) -prune -exec rm -rf {} +
    "$python" -m pip install --quiet --disable-pip-version-check --upgrade "$copy"
    ;;
begin)
    home=$2 bin=$3
    remove_stale "$home" "$bin"
    # pip's and venv's temporary folders (TMPDIR) go here, so a killed install leaves none in /tmp.
    mkdir -p "$home/tmp"
    ;;
switch)
    new=$2 bin=$3
    home=$(dirname "$new") link="$bin/companion"
    if [ -e "$link" ] && [ ! -L "$link" ]; then
        echo "companion : $link existe déjà et n'est pas un lien / already exists and is not a link" >&2
        exit 1
    fi
    (cd / && "$new/bin/companion" --help >/dev/null)
    mkdir -p "$bin"
    if [ -d "$home/venv" ] && [ ! -L "$home/venv" ]; then
        # An install from before venv was a link: the command leads to NEW while the old folder goes.
        point "$new/bin/companion" "$link"
        rm -rf -- "$home/venv"
    fi
    point "$(basename "$new")" "$home/venv"
    point "$home/venv/bin/companion" "$link"
    remove_stale "$home" "$bin"
    ;;
said)
    bin=$2
    echo "companion : commande installée / command installed: $bin/companion"
    case ":$PATH:" in
    *":$bin:"*)
        echo "companion : tapez / type: companion play gant" ;;
    *)
        if [ "$bin" = "$HOME/.local/bin" ]; then shown='$HOME/.local/bin'; else shown=$bin; fi
        echo "companion : $bin n'est pas dans le PATH ; ajoutez cette ligne à la fin de ~/.bashrc, puis ouvrez un nouveau terminal /"
        echo "companion : $bin is not on your PATH; add this line at the end of ~/.bashrc, then open a new terminal:"
        echo "export PATH=\"$shown:\$PATH\"" ;;
    esac
    ;;
uninstall)
    venv=$2 bin=$3
    link="$bin/companion" data=$(dirname "$venv")
    if [ -L "$link" ]; then
        case "$(readlink "$link")" in "$venv/bin/companion" | "$data"/venv-*/bin/companion) rm -f "$link" ;; esac
    fi
    remove_stale "$data" "$bin"
    rm -rf -- "$venv" "$data"/venv-*
    echo "companion : désinstallé / uninstalled"
    # Folders left empty (a saves folder of a game quit before its first move) are no "saved games that stay".
    if [ -d "$data" ]; then find "$data" -mindepth 1 -depth -type d -empty -delete 2>/dev/null || true; fi
    if [ -d "$data" ] && ! rmdir "$data" 2>/dev/null; then
        echo "companion : vos parties et vos records restent dans / your saved games and records stay in $data"
    fi
    ;;
*)
    echo "usage: bash scripts/install.sh begin|package|switch|said|uninstall ..." >&2
    exit 2
    ;;
esac
