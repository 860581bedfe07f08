#!/usr/bin/env bash
# The parts of `make install` and `make uninstall` that are more than one command (see the Makefile).
# Usage: bash scripts/install.sh package PYTHON       the companion, non-editable, into PYTHON's venv
#        bash scripts/install.sh command TARGET BIN   BIN/companion -> TARGET (never over a file of someone else's)
#        bash scripts/install.sh said BIN             where the command is, and what to add when BIN is not on PATH
#        bash scripts/install.sh uninstall VENV BIN   the link and the venv; saved games and records stay
# Every line said is in French and English, like scripts/step.sh.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

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
command)
    target=$2 bin=$3
    link="$bin/companion"
    if [ -e "$link" ] && [ ! -L "$link" ]; then
        echo "companion : $link existe déjà et n'est pas un lien / already exists and is not a link" >&2
        exit 1
    fi
    mkdir -p "$bin"
    ln -sfn "$target" "$link"
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
    link="$bin/companion"
    if [ -L "$link" ] && [ "$(readlink "$link")" = "$venv/bin/companion" ]; then
        rm -f "$link"
    fi
    rm -rf "$venv"
    echo "companion : désinstallé / uninstalled"
    data=$(dirname "$venv")
    if [ -d "$data" ] && ! rmdir "$data" 2>/dev/null; then
        echo "companion : vos parties et vos records restent dans / your saved games and records stay in $data"
    fi
    ;;
*)
    echo "usage: bash scripts/install.sh package|command|said|uninstall ..." >&2
    exit 2
    ;;
esac
