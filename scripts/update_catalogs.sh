#!/usr/bin/env bash
# Extract each domain's messages from the code and merge them into its French catalog.
# Run after adding or changing a sentence, translate the new (empty) entries in the
# .po file with any gettext tool, then check with: .venv/bin/python -m pytest tests/test_catalogs.py
# With domain names as arguments (bash scripts/update_catalogs.sh mindbug), only those catalogs are touched.
# Message ids are the English sentences; the .po files are the source of the French.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=".venv/bin/pybabel"
# domain: files. A game is its own domain: its renderer and its spec (companion/render/<game>.py, companion/games/<game>.py).
declare -A files=(
  [core]="companion/cli.py companion/play.py companion/session companion/render/__init__.py companion/argparse_messages.py companion/saves.py companion/review.py"
  [ui]="companion/ui"
  [tools]="companion/simulate.py companion/simulate_help.py companion/records.py"
  [speech]="speech"
  [braille]="braille"
  [web]="companion/web"
  [rules]="companion/rules_reader.py companion/rules_cli.py companion/rules_help.py"  # issue 17: the rules reader and its documents
  [doctor]="companion/doctor.py companion/doctor_help.py"  # issue 21: companion doctor
)
for renderer in companion/render/*.py; do
  name=$(basename "$renderer" .py)
  [ "$name" = "__init__" ] || files[$name]="$renderer companion/games/$name.py"
done
domains=("$@")
[ ${#domains[@]} -gt 0 ] || domains=("${!files[@]}")
for domain in "${domains[@]}"; do
  [ -n "${files[$domain]:-}" ] || { echo "unknown domain: $domain" >&2; exit 2; }
  keywords="-k t -k plural:1,2 -k N_"
  [ "$domain" = "core" ] && keywords="$keywords -k core"
  [ "$domain" = "speech" ] && keywords="$keywords -k SpeechUnavailable"  # its reasons are said to the user
  pot=$(mktemp --suffix=.pot)
  # shellcheck disable=SC2086
  "$pybabel" extract --no-location --omit-header $keywords -o "$pot" ${files[$domain]} >/dev/null 2>&1
  po="companion/locale/fr/LC_MESSAGES/$domain.po"
  if [ -f "$po" ]; then
    "$pybabel" update --no-fuzzy-matching --ignore-obsolete --update-header-comment -D "$domain" -l fr -i "$pot" -o "$po" >/dev/null 2>&1
  else
    "$pybabel" init -D "$domain" -l fr -i "$pot" -o "$po" >/dev/null 2>&1
  fi
  rm -f "$pot"
  echo "$po"
done
