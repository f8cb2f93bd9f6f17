#!/usr/bin/env bash
# api/fuzz/schemathesis.sh - fuzzes the running api from its contract (openapi.yaml) with Schemathesis.
#
# Starts the api jar on an ephemeral embedded PostgreSQL (free port, temporary data dir, killed by
# PID on exit), creates an admin token dedicated to this run, and runs `schemathesis run` with every
# response check (no 5xx, documented status codes, content types, headers, schemas; negative data
# rejected, auth not ignored, ...), in every phase (examples, coverage, fuzzing, stateful), bounded
# by --max-examples per operation, --max-time and a hard `timeout`. Prints a summary (operations,
# cases, failures) and exits non-zero on any failure. ./bench test runs it after helm/test.sh.
#
# Schemathesis $ST_VERSION comes from PyPI into a venv under $JVMBENCH_TOOLS_DIR (default
# ~/.cache/jvmbench/tools), reused when present.
#
# The one thing kept out of the fuzzing: revoking this run's own admin token (DELETE
# /api/v1/tokens/{its id}), which would turn every later request into a 401 and end the run.
# api/fuzz/hooks.py rewrites that id to one that does not exist (the answer is the documented 404);
# every other token, including the bootstrap admin token, may be revoked. No check is excluded.
#
# Jobs it submits stay QUEUED: no worker runs, so no benchmark and no container is started.
#
# Environment: JVMBENCH_TOOLS_DIR, FUZZ_MAX_EXAMPLES (default 30 per operation), FUZZ_MAX_TIME
# (default 100 s for Schemathesis), FUZZ_SEED (default a fixed seed, so ./bench test is
# reproducible: a gate must not pass or fail by the dice; FUZZ_SEED=random explores, and what it
# finds is fixed in the code like the rest; the seed is printed), FUZZ_KEEP=1 keeps the data
# dir and the reports (their directory is printed), FUZZ_NO_BUILD=1 uses the jar as it is.
set -euo pipefail

ST_VERSION=4.32.5
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS=${JVMBENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmbench/tools}
VENV="$TOOLS/schemathesis-$ST_VERSION"
API_JAR="$ROOT/api/target/jvmbench-api-0.1.0-SNAPSHOT.jar"
MAX_EXAMPLES=${FUZZ_MAX_EXAMPLES:-30}
MAX_TIME=${FUZZ_MAX_TIME:-100}
SEED=${FUZZ_SEED:-236673446}
[[ "$SEED" == random ]] && SEED=$(( (RANDOM << 15) | RANDOM ))

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

# --- the api ---------------------------------------------------------------------------------------
# shellcheck source=../../worker/host/common.sh
source "$ROOT/worker/host/common.sh"
use_jdk || die "$JDK_MISSING"
if [[ -z "${FUZZ_NO_BUILD:-}" || ! -f "$API_JAR" ]]; then
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

log "starting the api on $URL (data and log in $WORK)"
"$JAVA_HOME/bin/java" -jar "$API_JAR" --server.port="$PORT" --bench.data-dir="$WORK/data" \
  --bench.db.embedded.ephemeral=true --bench.policy.registries=registry.example.com/ >"$WORK/api.log" 2>&1 &
api_pid=$!
ready=0
await_ready "$URL/actuator/health/readiness" 240 "$api_pid" || ready=$?
case $ready in
  1) tail -n 40 "$WORK/api.log" >&2; die "the api exited; log above" ;;
  2) die "the api did not become ready in 240 s; see $WORK/api.log" ;;
esac
log "api ready after ${AWAITED_SECONDS} s"

# A dedicated admin token for this run, created with the bootstrap one (as ./bench reads it).
BOOT=$(cat "$WORK/data/admin-token")
issued=$(curl -sf -X POST "$URL/api/v1/tokens" -H "Authorization: Bearer $BOOT" \
  -H 'Content-Type: application/json' --data '{"name":"schemathesis-run","role":"admin"}') \
  || die "cannot create the fuzzing token"
read -r FUZZ_TOKEN_ID FUZZ_TOKEN < <(python3 -c 'import json,sys; t=json.load(sys.stdin); print(t["id"], t["token"])' <<<"$issued")

# --- Schemathesis ------------------------------------------------------------------------------------
log "schemathesis $ST_VERSION: every check, phases examples,coverage,fuzzing,stateful, max $MAX_EXAMPLES examples per operation, $MAX_TIME s, seed $SEED"
mkdir -p "$WORK/report"
set +e
FUZZ_PROTECTED_TOKEN_ID="$FUZZ_TOKEN_ID" SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$ROOT/api/fuzz" \
  timeout --kill-after=10 $(( MAX_TIME + 40 )) \
  "$VENV/bin/schemathesis" --config-file "$ROOT/api/fuzz/schemathesis.toml" run "$ROOT/openapi.yaml" --url "$URL" \
    -H "Authorization: Bearer $FUZZ_TOKEN" \
    --checks all \
    --phases examples,coverage,fuzzing,stateful \
    --max-examples "$MAX_EXAMPLES" --max-time "$MAX_TIME" --seed "$SEED" \
    --workers 2 --request-timeout 20 --no-color \
    --report junit --report-junit-path "$WORK/report/junit.xml" \
    2>&1 | tee "$WORK/schemathesis.out"
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
cases=$(grep -Eo '[0-9]+ generated' "$WORK/schemathesis.out" | tail -n 1 || true)
log "summary: ${summary:-no junit report}; test cases: ${cases:-see above}; exit $rc; $(( SECONDS - START )) s in all"
(( rc == 124 || rc == 137 )) && die "schemathesis overran its hard timeout"
exit "$rc"
