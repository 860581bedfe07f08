#!/usr/bin/env bash
# Extract each domain's messages from the code and merge them into its French catalog.
# Run after adding or changing a sentence, translate the new (empty) entries in the
# .po file with any gettext tool, then check with: .venv/bin/python -m pytest tests/test_catalogs.py
# With domain names as arguments (bash scripts/update_catalogs.sh mindbug), only those catalogs are touched.
# Message ids are the English sentences; the .po files are the source of the French.
# Which files feed which domain, and the keywords, are in companion/locale/domains.toml (the test reads it too);
# "# Translators:" comments just above a message reach the catalog as notes (#.) for translators.
set -euo pipefail
cd "$(dirname "$0")/.."
python=".venv/bin/python"
pybabel=".venv/bin/pybabel"
map=$(mktemp)
trap 'rm -f "$map"' EXIT
"$python" -m companion.i18n domains "$@" >"$map"  # one line a domain: name, pybabel options, paths (tab-separated)
while IFS=$'\t' read -r domain options paths; do
  pot=$(mktemp --suffix=.pot)
  # shellcheck disable=SC2086  # options and paths are lists
  "$pybabel" extract --no-location --omit-header --no-default-keywords $options -o "$pot" $paths >/dev/null 2>&1
  po="companion/locale/fr/LC_MESSAGES/$domain.po"
  if [ -f "$po" ]; then
    "$pybabel" update --no-fuzzy-matching --ignore-obsolete --update-header-comment --ignore-pot-creation-date -D "$domain" -l fr -i "$pot" -o "$po" >/dev/null 2>&1
  else
    "$pybabel" init -D "$domain" -l fr -i "$pot" -o "$po" >/dev/null 2>&1
  fi
  rm -f "$pot"
  echo "$po"
done <"$map"
