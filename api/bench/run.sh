#!/usr/bin/env bash
# The api under load (issue 7 section 4), as a benchmark: starts the api jar in its own JVM on an
# ephemeral embedded PostgreSQL, seeds jobs through the api and their runs' points through the
# database, then runs api/src/test/java/dev/jvmbench/api/load/ApiLoad.java (JDK HttpClient, one
# virtual thread per client or request) and prints the figures, errors and the api's platform
# threads before and after. Two load models (docs/lifecycle.md):
#
#   api/bench/run.sh [clients=500] [seconds=20] [jobs=50]
#       closed: N clients, each sending its next request when the last one answered; prints
#       throughput, p50/p95/p99/max. Exit 0 only with 0 errors.
#   api/bench/run.sh --rate R [--seconds 20] [--jobs 50] [--max-in-flight 200] [--timeout-seconds 10]
#                    [--warmup-seconds 10]
#       open: R requests per second, each sent at its planned time whatever the others do, latency
#       from the planned time; a request planned while M are in flight is dropped, one unanswered
#       after T s is an error. After the closed warm-up, the same open load for W s, not counted.
#       Prints offered and achieved rate, p50/p90/p99/max (also p99 per 5 s and per kind of
#       request), send lag, errors, dropped. Exit 0 only with 0 errors and 0 dropped.
#
# (./bench loadtest does the same.)
# About 1 min on 2 cores: api start ~20 s, seeding ~5 s, warm-up 5 s, the load. Environment:
# JAVA_HOME (a JDK 21+; found by itself otherwise), BENCH_PG_BINARIES (default ~/.cache/jvmbench/pg-binaries,
# shared with the tests), BENCH_LOADTEST_API_OPTS (extra api arguments, e.g. --bench.db.pool.max-size=40),
# BENCH_LOADTEST_JVM_OPTS (options of the api's JVM, e.g. a profile of the load:
# -XX:StartFlightRecording=filename=/tmp/api.jfr,settings=profile; docs/lifecycle.md shows how to read it),
# BENCH_LOADTEST_API_JAR (another api jar, e.g. a copy built before a change, to compare the two in turns
# on a shared host; default api/target's, built when missing).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
load_args=()
if [[ ${1:-} == --* ]]; then
  # Open model: the options go to ApiLoad as they are (it checks them and their bounds).
  load_args=("$@")
  rate="" SECONDS_=20 JOBS=50 in_flight=200
  while (( $# )); do
    (( $# >= 2 )) || { printf '[loadtest] %s needs a value\n' "$1" >&2; exit 2; }
    case "$1" in
      --rate) rate=${2:-} ;;
      --seconds) SECONDS_=${2:-} ;;
      --jobs) JOBS=${2:-} ;;
      --max-in-flight) in_flight=${2:-} ;;
      --timeout-seconds | --warmup-seconds) ;;
      *) printf '[loadtest] unknown option %s\n' "$1" >&2; exit 2 ;;
    esac
    shift 2
  done
  [[ -n $rate ]] || { printf '[loadtest] the open model needs --rate\n' >&2; exit 2; }
  what="an open load of $rate req/s for ${SECONDS_} s (at most $in_flight in flight)"
else
  CLIENTS=${1:-500}
  SECONDS_=${2:-20}
  JOBS=${3:-50}
  load_args=("$CLIENTS" "$SECONDS_" "$JOBS")
  what="$CLIENTS clients for ${SECONDS_} s"
fi
API_JAR="${BENCH_LOADTEST_API_JAR:-$ROOT/api/target/jvmbench-api-0.1.0-SNAPSHOT.jar}"
say() { printf '[loadtest] %s\n' "$*"; }
# shellcheck source=../../worker/host/common.sh
source "$ROOT/worker/host/common.sh"
use_jdk || { say "$JDK_MISSING"; exit 1; }
JAVA="$JAVA_HOME/bin/java"

if [[ ! -f "$API_JAR" ]]; then
  say "building the api jar"
  "$ROOT/mvnw" -B -q --no-transfer-progress -pl common,migrations,api -am package -DskipTests
fi

work=$(mktemp -d)
api_pid=""
cleanup() {
  stop_pid "$api_pid" || true
  rm -rf "$work"
}
trap cleanup EXIT

# The PostgreSQL driver for seeding, taken from the api jar itself.
driver=$(cd "$work" && "$JAVA_HOME/bin/jar" tf "$API_JAR" | grep -m1 '^BOOT-INF/lib/postgresql-.*\.jar$')
(cd "$work" && "$JAVA_HOME/bin/jar" xf "$API_JAR" "$driver")

port=$(free_port)
token="bench_loadtest-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
say "starting the api on 127.0.0.1:$port (log $work/api.log while it runs)"
# shellcheck disable=SC2086
"$JAVA" ${BENCH_LOADTEST_JVM_OPTS:-} -jar "$API_JAR" --bench.data-dir="$work/data" --server.port="$port" --bench.db.embedded.ephemeral=true \
  --bench.db.embedded.binaries-dir="${BENCH_PG_BINARIES:-$HOME/.cache/jvmbench/pg-binaries}" \
  --bench.security.bootstrap-token="$token" ${BENCH_LOADTEST_API_OPTS:-} >"$work/api.log" 2>&1 &
api_pid=$!
ready=0
await_ready "http://127.0.0.1:$port/actuator/health/readiness" 120 "$api_pid" || ready=$?
if (( ready != 0 )); then
  tail -n 30 "$work/api.log" >&2
  if (( ready == 1 )); then say "the api did not start"; else say "the api was not ready in 120 s"; fi
  exit 1
fi

say "$what on $JOBS seeded jobs"
set +e
"$JAVA" -cp "$work/$driver" "$ROOT/api/src/test/java/dev/jvmbench/api/load/ApiLoad.java" \
  "http://127.0.0.1:$port" "$token" "$work/data/embedded-db.env" "${load_args[@]}"
rc=$?
set -e
if grep -q ' ERROR ' "$work/api.log"; then
  say "errors in the api log:"; grep ' ERROR ' "$work/api.log" | head -n 5
fi
exit $rc
