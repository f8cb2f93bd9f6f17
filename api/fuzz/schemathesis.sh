#!/usr/bin/env bash
# api/fuzz/schemathesis.sh - fuzzes the running api from its contract (openapi.yaml) with Schemathesis,
# the way a new user would: every check, every phase (examples, coverage, fuzzing, stateful), a new
# random seed each run, Schemathesis's default generation settings, and no configuration file.
#
# Starts the api jar as installed by default (embedded PostgreSQL made for the run, free port,
# temporary data dir, default submission policy; killed by PID on exit) and runs `schemathesis run`
# for --max-time seconds under a hard `timeout`. Prints the seed (FUZZ_SEED=<seed> replays the
# run's generation), a summary (operations, test cases, failures) and exits non-zero on any failure.
# ./bench test runs it after helm/test.sh. See docs/testing.md.
#
# Two hooks (api/fuzz/hooks.py loads both). auth.py supplies authentication: an admin token for the
# run, minted again when the fuzzer has revoked it (Schemathesis's dynamic auth: a 401 fetches a new
# token and replays the request). multipart_wire.py drops the generated multipart cases that
# Schemathesis would not send as generated (a property holding an empty list sends no part, so an
# "extra property" violation reaches the api as a valid upload); it self-checks that premise first.
# Neither changes a request that is sent nor excuses a failure. There is no schemathesis.toml:
# Schemathesis runs from an empty directory, so none is picked up from a parent either.
#
# Schemathesis $ST_VERSION comes from PyPI into a venv under $JVMBENCH_TOOLS_DIR (default
# ~/.cache/jvmbench/tools), reused when present.
#
# Jobs it submits stay QUEUED: no worker runs, so no benchmark and no container is started.
#
# Environment: JVMBENCH_TOOLS_DIR; FUZZ_SEED (default: a new random seed; give the printed one to
# replay); FUZZ_MAX_TIME (default 100 s for Schemathesis); FUZZ_WORKERS (default 1: with 2 worker threads
# Debian 12's Python 3.11 fails now and then inside Schemathesis with "SystemError: AST constructor
# recursion depth mismatch" or a KeyError over source lines, CPython gh-106905, a bug of threaded
# ast use fixed in later releases: a tool crash reported as a failed operation); FUZZ_KEEP=1 keeps
# the data dir, the api log and the reports (their directory is printed); FUZZ_NO_BUILD=1 uses the
# jar as it is; FUZZ_API_JAR fuzzes another api jar (a copy, while the build goes on).
set -euo pipefail

ST_VERSION=4.32.5
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS=${JVMBENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmbench/tools}
VENV="$TOOLS/schemathesis-$ST_VERSION"
API_JAR=${FUZZ_API_JAR:-$ROOT/api/target/jvmbench-api-0.1.0-SNAPSHOT.jar}
MAX_TIME=${FUZZ_MAX_TIME:-100}
WORKERS=${FUZZ_WORKERS:-1}
SEED=${FUZZ_SEED:-$(python3 -c 'import secrets; print(secrets.randbelow(2**31))')}

log() { printf '[fuzz] %s\n' "$*" >&2; }
die() { printf '[fuzz] ERROR: %s\n' "$*" >&2; exit 1; }
START=$SECONDS

# --- Schemathesis, pinned, in a cached venv -------------------------------------------------------
if [[ ! -f "$VENV/.installed" ]]; then
  log "installing Schemathesis $ST_VERSION from PyPI into $VENV"
  command -v python3 >/dev/null || die "python3 is needed (apt-get install python3 python3-venv)"
  rm -rf "$VENV"
  python3 -m venv "$VENV" || die "python3 -m venv failed (apt-get install python3-venv)"
  "$VENV/bin/pip" install -q --disable-pip-version-check "schemathesis==$ST_VERSION"
  touch "$VENV/.installed"   # written last: an interrupted install is redone
fi
installed=$("$VENV/bin/schemathesis" --version 2>/dev/null | grep -Eo '[0-9]+\.[0-9]+\.[0-9]+' || true)
[[ "$installed" == "$ST_VERSION" ]] || die "$VENV holds Schemathesis '$installed', not $ST_VERSION: rm -rf $VENV"

# --- the api ---------------------------------------------------------------------------------------
# shellcheck source=../../worker/host/common.sh
source "$ROOT/worker/host/common.sh"
use_jdk || die "$JDK_MISSING"
if [[ -z "${FUZZ_NO_BUILD:-}${FUZZ_API_JAR:-}" || ! -f "$API_JAR" ]]; then
  log "building the api jar"
  "$ROOT/mvnw" -B -q --no-transfer-progress -f "$ROOT/pom.xml" -pl api -am package -DskipTests
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/jvmbench-fuzz.XXXXXX")
PORT=$(free_port)
URL="http://127.0.0.1:$PORT"
api_pid=""
cleanup() {
  stop_pid "$api_pid" 30 || true
  if [[ -n "${FUZZ_KEEP:-}" ]]; then log "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The installation's defaults: only the data directory, the port and a throwaway database are set.
log "starting the api on $URL (data and log in $WORK)"
"$JAVA_HOME/bin/java" -jar "$API_JAR" --server.port="$PORT" --bench.data-dir="$WORK/data" \
  --bench.db.embedded.ephemeral=true >"$WORK/api.log" 2>&1 &
api_pid=$!
ready=0
await_ready "$URL/actuator/health/readiness" 240 "$api_pid" || ready=$?
case $ready in
  1) tail -n 40 "$WORK/api.log" >&2; die "the api exited; log above" ;;
  2) die "the api did not become ready in 240 s; see $WORK/api.log" ;;
esac
log "api ready after ${AWAITED_SECONDS} s"

# --- Schemathesis ------------------------------------------------------------------------------------
log "schemathesis $ST_VERSION: --checks all, phases examples,coverage,fuzzing,stateful, $MAX_TIME s, $WORKERS workers, seed $SEED"
log "replay this run's generation with: FUZZ_SEED=$SEED bash api/fuzz/schemathesis.sh"
mkdir -p "$WORK/report" "$WORK/cwd"
PYTHONPATH="$ROOT/api/fuzz" "$VENV/bin/python" "$ROOT/api/fuzz/multipart_wire.py" "$ROOT/openapi.yaml" >&2 \
  || die "api/fuzz/multipart_wire.py's self-check failed (see above)"
set +e
(
  cd "$WORK/cwd"   # an empty directory: no schemathesis.toml is found here or above
  FUZZ_API_URL="$URL" FUZZ_BOOTSTRAP_TOKEN="$(cat "$WORK/data/admin-token")" \
  SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$ROOT/api/fuzz" \
    timeout --kill-after=10 $(( MAX_TIME + 60 )) \
    "$VENV/bin/schemathesis" run "$ROOT/openapi.yaml" --url "$URL" \
      --checks all \
      --phases examples,coverage,fuzzing,stateful \
      --max-time "$MAX_TIME" --seed "$SEED" \
      --workers "$WORKERS" --request-timeout 20 --no-color \
      --report junit --report-junit-path "$WORK/report/junit.xml"
) 2>&1 | tee "$WORK/schemathesis.out"
rc=${PIPESTATUS[0]}
set -e

if grep -q ' ERROR \|Traceback\|Unexpected error' "$WORK/api.log"; then
  log "the api logged errors:"; grep -A3 ' ERROR \|Unexpected error' "$WORK/api.log" | head -n 40 >&2
fi
summary=$(python3 - "$WORK/report/junit.xml" <<'PY' 2>/dev/null || true
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
ops = sum(int(s.get("tests", 0)) for s in suites)
failures = sum(int(s.get("failures", 0)) + int(s.get("errors", 0)) for s in suites)
print(f"{ops} JUnit test cases (one per operation, plus the stateful phase), {failures} with failures or errors")
PY
)
cases=$(grep -Eo '[0-9,]+ generated' "$WORK/schemathesis.out" | tail -n 1 || true)
log "summary: seed $SEED; ${summary:-no junit report}; test cases: ${cases:-see above}; exit $rc; $(( SECONDS - START )) s in all"
(( rc == 124 || rc == 137 )) && die "schemathesis overran its hard timeout"
exit "$rc"
