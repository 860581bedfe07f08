#!/usr/bin/env bash
# Install the Debian packages given as arguments, only those that are missing.
set -euo pipefail
missing=()
for pkg in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed"; then
        missing+=("$pkg")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    # In French and English like every line of the set-up; the names last: step.sh shows a failed step's last line.
    echo "companion : pas d'apt-get ici ; installez avec le gestionnaire de paquets du système /" >&2
    echo "companion : no apt-get here; install with your system's package manager:" >&2
    echo "companion : paquets à installer / packages to install: ${missing[*]}" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "companion : installation / installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
