#!/usr/bin/env bash
# One set-up step: one line on the screen, the tool's own output in setup.log, named only if the step fails.
# A screen reader then reads a handful of lines at the first `make run`, not every pip warning.
# A failed step says which step failed, where the log is, and the tool's own error lines (at most 3), not its
# last screenful: pip's retries and boxes, or a Python traceback, are noise read aloud line by line.
# Usage: bash scripts/step.sh "what (fr) / what (en)" command [args...]
set -uo pipefail
what=$1
shift
log="$(cd "$(dirname "$0")/.." && pwd)/setup.log"
# A user installing from a source tree they cannot write to (make install) logs to their own temporary folder.
if ! { : >>"$log"; } 2>/dev/null; then log="${TMPDIR:-/tmp}/companion-setup-$(id -u).log"; fi
echo "companion : $what"
{ echo "== $what: $*"; } >>"$log"
start=$(($(wc -c <"$log") + 1))  # this step's output starts here (no temporary file: a killed step leaves none)
if ! "$@" >>"$log" 2>&1; then
    echo "companion : échec / failed: $what" >&2
    echo "companion : détails dans / details in $log" >&2
    # The lines where the tool says what went wrong (pip's ERROR:, apt's E:, a Python exception's last line).
    out=$(tail -c +"$start" "$log")
    reasons=$(grep -E '^[[:space:]]*(ERROR|E|error|fatal|[[:alnum:]_.]*(Error|Exception)):' <<<"$out" \
        | sed 's/^[[:space:]]*//' | awk '!seen[$0]++' | tail -n 3)
    if [ -z "$reasons" ]; then reasons=$(grep -v '^[[:space:]]*$' <<<"$out" | tail -n 1); fi
    [ -z "$reasons" ] || printf '%s\n' "$reasons" >&2
    exit 1
fi
