#!/usr/bin/env bash
# Extract the messages of each domain and merge them into the French catalogs.
# Run after adding or changing a sentence; then translate the new entries.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=".venv/bin/pybabel"
declare -A files=(
  [core]="companion/cli.py companion/play.py companion/session.py companion/render/__init__.py companion/argparse_messages.py companion/ui"
  [gauntlet]="companion/render/gauntlet.py"
)
for extra in companion/render/*.py; do
  name=$(basename "$extra" .py)
  [ "$name" = "__init__" ] && continue
  [ -n "${files[$name]:-}" ] || files[$name]="$extra"
done
for domain in "${!files[@]}"; do
  pot=$(mktemp --suffix=.pot)
  # shellcheck disable=SC2086
  "$pybabel" extract --no-location --omit-header -k t -k core -k plural:1,2 -k N_ -o "$pot" ${files[$domain]}
  po="companion/locale/fr/LC_MESSAGES/$domain.po"
  if [ -f "$po" ]; then
    "$pybabel" update --no-fuzzy-matching --omit-header -D "$domain" -l fr -i "$pot" -o "$po"
  else
    "$pybabel" init -D "$domain" -l fr -i "$pot" -o "$po"
  fi
  rm -f "$pot"
done
