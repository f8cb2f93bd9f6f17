# shellcheck shell=bash
# Shared helpers for the benchmark-host scripts. Source it; it defines functions only and
# does not change shell options, so callers keep their own `set -euo pipefail`.

# Guard against double sourcing (setup.sh sources this and then the other scripts, which
# source it again).
if [[ -n "${JVMBENCH_HOST_LIB_LOADED:-}" ]]; then
  return 0
fi
JVMBENCH_HOST_LIB_LOADED=1

JVMBENCH_HOST_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck disable=SC2034 # used by the scripts that source this file
JVMBENCH_REPO_DIR="$(cd "$JVMBENCH_HOST_DIR/../.." && pwd)"

# shellcheck source=common.sh
source "$JVMBENCH_HOST_DIR/common.sh"

log() { printf '[setup] %s\n' "$*" >&2; }

# One line, exit 1: whoever reads a failed setup should see what to do, not a stack of noise.
die() {
  printf '[setup] ERROR: %s\n' "$*" >&2
  exit 1
}

# run_step "label" cmd args...
# Runs a long command with its output in a log file and a heartbeat line every
# $JVMBENCH_PROGRESS_EVERY seconds, so a 60 s image build neither floods the terminal nor
# looks hung. On failure, the tail of the log is shown (the useful part of a failed build).
JVMBENCH_PROGRESS_EVERY=${JVMBENCH_PROGRESS_EVERY:-5}
JVMBENCH_LOG_DIR=${JVMBENCH_LOG_DIR:-/tmp/jvmbench-setup-logs}

run_step() {
  local label=$1; shift
  mkdir -p "$JVMBENCH_LOG_DIR"
  local logfile
  logfile="$JVMBENCH_LOG_DIR/$(printf '%s' "$label" | tr -c 'A-Za-z0-9._-' '_').log"
  local start; start=$(now_s)
  log "$label ..."
  # fd 9 is setup.sh's lock: a daemon a step leaves behind must not hold it forever.
  "$@" >"$logfile" 2>&1 9>&- &
  local pid=$!
  local last_line elapsed rc
  # Poll every second but report every few seconds: short steps stay silent.
  while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    elapsed=$(( $(now_s) - start ))
    if (( elapsed > 0 && elapsed % JVMBENCH_PROGRESS_EVERY == 0 )) && kill -0 "$pid" 2>/dev/null; then
      # Last non-blank line, colour codes and carriage returns removed: a readable hint of
      # where the step is.
      last_line=$(tail -n 5 "$logfile" 2>/dev/null | tr -d '\r' | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' \
        | grep -v '^[[:space:]]*$' | tail -n 1 | cut -c1-100 || true)
      log "  $label: ${elapsed}s ${last_line:+| $last_line}"
    fi
  done
  rc=0
  wait "$pid" || rc=$?
  elapsed=$(( $(now_s) - start ))
  if (( rc != 0 )); then
    printf '[setup] --- last lines of %s ---\n' "$logfile" >&2
    tail -n 25 "$logfile" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' >&2
    die "$label failed after ${elapsed}s (exit $rc); full log: $logfile"
  fi
  log "$label done in ${elapsed}s"
}

# sha256 of a list of files plus extra strings (build args): the image's recipe id.
# Files are hashed by relative name + content, so renaming a file changes the recipe too.
recipe_hash() {
  local base=$1; shift
  local f
  {
    for f in "$@"; do
      if [[ -f "$base/$f" ]]; then
        printf 'file %s\n' "$f"
        cat "$base/$f"
      else
        printf 'arg %s\n' "$f"
      fi
    done
  } | sha256sum | cut -d' ' -f1
}

# The recipe label of a local image, empty when the image is absent.
image_recipe() { label_of "$1" bench.recipe; }

# Summary rows collected by the build functions and printed by setup.sh.
JVMBENCH_SUMMARY=()
summary_add() { # image status seconds
  JVMBENCH_SUMMARY+=("$1|$2|$3")
}

summary_print() {
  local row image status secs
  printf '\n%-44s %10s  %-8s %7s\n' IMAGE SIZE STATUS SECONDS >&2
  for row in "${JVMBENCH_SUMMARY[@]}"; do
    IFS='|' read -r image status secs <<<"$row"
    printf '%-44s %10s  %-8s %7s\n' "$image" "$(image_size_mb "$image")" "$status" "$secs" >&2
  done
}
