#!/usr/bin/env bash
# One set-up step: one line on the screen, the tool's own output in setup.log, named only if the step fails.
# A screen reader then reads a handful of lines at the first `make run`, not every pip warning.
# Usage: bash scripts/step.sh "what (fr) / what (en)" command [args...]
set -uo pipefail
what=$1
shift
log="$(cd "$(dirname "$0")/.." && pwd)/setup.log"
# A user installing from a source tree they cannot write to (make install) logs to their own temporary folder.
if ! { : >>"$log"; } 2>/dev/null; then log="${TMPDIR:-/tmp}/companion-setup-$(id -u).log"; fi
echo "companion : $what"
{ echo "== $what: $*"; } >>"$log"
if ! "$@" >>"$log" 2>&1; then
    echo "companion : échec, voir / failed, see $log" >&2
    tail -n 15 "$log" >&2
    exit 1
fi
