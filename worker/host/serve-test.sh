#!/usr/bin/env bash
# `./bench serve` end to end: on a fresh data directory and a free port, serve starts in the
# background (api on the embedded PostgreSQL and a worker), a small job (io-http, JDK 25, virtual
# threads, one level of 10 users, 5 s measured) ends SUCCEEDED through the submit client
# (api/cli/submit.py --wait --table); SIGTERM stops serve and leaves no container and no process;
# a second serve on the same data directory finds the job, its points and the token; Ctrl-C (SIGINT
# to serve's process group, as a terminal sends it) stops it as cleanly. Part of `./bench test`:
# 2-3 min here with the jars built and the images of ./bench setup; every wait is bounded
# (SERVE_TEST_TIMEOUT, default 420 s, for the job).
#
#   bash worker/host/serve-test.sh
#
# Needs the images jvmbench/jdk:25, jvmbench/target-mvc:jdk25 and jvmbench/nginx-delay:1
# (./bench setup; serve runs it too, ~2 s when nothing changed) and builds the jars when they are
# older than their sources. The worker gets an id of its own (serve-test-<pid>) and a work
# directory inside the data directory, so every container and process of the test is told apart
# from those of other runs on the host. The data directory is removed when the test passes and
# kept (its path printed) when it fails.
set -euo pipefail

HOST_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$HOST_DIR/../.." && pwd)"
JOB_TIMEOUT=${SERVE_TEST_TIMEOUT:-420}
START=$SECONDS

log() { printf '[serve-test] %s\n' "$*" >&2; }
die() { printf '[serve-test] FAILED: %s\n' "$*" >&2; exit 1; }
elapsed() { printf '%dm%02ds' $(( (SECONDS - START) / 60 )) $(( (SECONDS - START) % 60 )); }
# shellcheck source=common.sh
source "$HOST_DIR/common.sh"

docker info >/dev/null 2>&1 || die "no Docker engine answers; run ./bench setup"
for image in jvmbench/jdk:25 jvmbench/target-mvc:jdk25 jvmbench/nginx-delay:1; do
  docker image inspect "$image" >/dev/null 2>&1 || die "image $image is missing; run ./bench setup"
done

data_dir=$(mktemp -d "${TMPDIR:-/tmp}/jvmbench-serve-test.XXXXXX")
worker_id="serve-test-$$"
port=$(free_port)
api="http://127.0.0.1:$port"
export BENCH_DATA_DIR=$data_dir BENCH_API_PORT=$port BENCH_WORKER_ID=$worker_id
unset BENCH_DB_URL BENCH_DB_USER BENCH_DB_PASSWORD BENCH_TOKEN BENCH_API_URL
# Wide bounds: on a host shared with other builds, starting the app or the generator's JVM has
# taken minutes; this test checks serve works, not how fast the host is.
BENCH_WORKER_SETTINGS=$(printf '{"bench":{"worker":{"work-dir":"%s/work","readiness-timeout":"10m"},"load-generator":{"answer-slack":"10m"}}}' "$data_dir")
export BENCH_WORKER_SETTINGS

serve_pid=""
ok=0

# Processes of this test: every one names the data directory (api and worker arguments, the
# PostgreSQL data path, the load generator's work directory).
our_processes() { pgrep -f -- "$data_dir" || true; }
our_containers() { docker ps -aq --filter label=bench.managed=true --filter "label=bench.worker=$worker_id"; }

cleanup() {
  local rc=$? pids left
  trap - EXIT INT TERM
  if [[ -n "$serve_pid" ]] && kill -0 "$serve_pid" 2>/dev/null; then
    log "stopping serve (pid $serve_pid)"
    stop_pid "$serve_pid" 120
  fi
  pids=$(our_processes)
  if [[ -n "$pids" ]]; then
    log "killing processes left behind: ${pids//$'\n'/ }"
    # shellcheck disable=SC2086 # a list of pids
    kill -KILL $pids 2>/dev/null || true
  fi
  left=$(our_containers)
  if [[ -n "$left" ]]; then
    log "removing containers left behind: ${left//$'\n'/ }"
    # shellcheck disable=SC2086 # a list of ids
    docker rm -f $left >/dev/null 2>&1 || true
  fi
  if (( ok == 1 )); then
    rm -rf "$data_dir"
  else
    local f
    for f in "$data_dir"/serve-*.out "$data_dir"/logs/*.log; do
      [[ -f "$f" ]] || continue
      printf -- '--- last lines of %s ---\n' "$f" >&2
      tail -n 30 "$f" >&2
    done
    log "data directory kept: $data_dir"
  fi
  log "finished in $(elapsed) ($([[ $ok == 1 ]] && echo passed || echo failed))"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# start_serve N: ./bench serve in the background until it prints its banner, in a process group of
# its own (job control on), where the test sends a terminal's Ctrl-C. A shell cannot trap a signal
# that was ignored when it started, and a background command of a script (or of a CI runner)
# starts with SIGINT ignored: python puts SIGINT (and the SIGPIPE and SIGXFSZ it ignores itself)
# back to their defaults before it runs serve.
start_serve() {
  local out="$data_dir/serve-$1.out" waited=0
  set -m
  python3 -c 'import os, signal as s, sys; [s.signal(n, s.SIG_DFL) for n in (s.SIGINT, s.SIGPIPE, s.SIGXFSZ)]; os.execv(sys.argv[1], sys.argv[1:])' \
    "$REPO_DIR/bench" serve >"$out" 2>&1 &
  serve_pid=$!
  set +m
  until grep -q "serving until" "$out" 2>/dev/null; do
    kill -0 "$serve_pid" 2>/dev/null || die "serve $1 exited before it was ready"
    (( waited < 420 )) || die "serve $1 was not ready after 420 s"
    sleep 1
    waited=$((waited + 1))
  done
  log "serve $1 (pid $serve_pid) ready after $waited s ($(elapsed))"
}

# stop_serve SIGNAL: sends it (INT goes to serve's process group, like Ctrl-C in a terminal) and
# checks that serve exits 0 and leaves no container and no process.
stop_serve() {
  local signal=$1 waited=0 rc=0 pids left
  if [[ "$signal" == INT ]]; then kill -INT -- "-$serve_pid"; else kill -"$signal" "$serve_pid"; fi
  while kill -0 "$serve_pid" 2>/dev/null; do
    (( waited < 480 )) || die "serve did not stop within 480 s of SIG$signal"
    sleep 1
    waited=$((waited + 1))
  done
  wait "$serve_pid" || rc=$?
  serve_pid=""
  (( rc == 0 )) || die "serve exited $rc after SIG$signal"
  left=$(our_containers)
  [[ -z "$left" ]] || die "containers left after SIG$signal: ${left//$'\n'/ }"
  pids=$(our_processes)
  [[ -z "$pids" ]] || die "processes left after SIG$signal: $(ps -o pid=,args= -p "${pids//$'\n'/,}")"
  flock -n "$data_dir/serve.lock" true || die "the data directory is still locked after SIG$signal"
  log "SIG$signal: serve stopped in $waited s, no container and no process left"
}

cat >"$data_dir/job.json" <<'JSON'
{
  "threadModels": ["virtual"],
  "jdks": [25],
  "scenario": { "name": "io-http", "params": { "delayMs": 50 } },
  "load": { "model": "closed", "levels": [10], "stepSeconds": 5, "warmupSeconds": 2 },
  "limits": { "cpus": 1.0, "memoryMb": 512 },
  "repetitions": 1,
  "labels": { "source": "serve-test" }
}
JSON

log "data directory $data_dir, api on port $port, worker $worker_id"
start_serve 1
grep -q "token      $data_dir/admin-token" "$data_dir/serve-1.out" || die "serve did not print its token file"
grep -q "submit     .*--api $api" "$data_dir/serve-1.out" || die "serve did not print how to submit"

log "submitting a small job; waiting up to $JOB_TIMEOUT s"
submit_rc=0
timeout $((JOB_TIMEOUT + 60)) python3 "$REPO_DIR/api/cli/submit.py" "$data_dir/job.json" --api "$api" \
  --wait --table --timeout "$JOB_TIMEOUT" --poll-interval 3 >"$data_dir/submit.out" || submit_rc=$?
cat "$data_dir/submit.out"
(( submit_rc == 0 )) || die "submit.py exited $submit_rc (the job did not succeed)"
token=$(cat "$data_dir/admin-token")
call() { curl -sS --fail-with-body --max-time 30 -H "Authorization: Bearer $token" "$api$1"; }
json() { python3 -c "import json, sys; d = json.load(sys.stdin); print($1)"; }
job_id=$(call "/api/v1/jobs?label=source=serve-test" | json 'd["items"][0]["id"]')
[[ "$(call "/api/v1/jobs/$job_id" | json 'd["status"]')" == SUCCEEDED ]] || die "job $job_id is not SUCCEEDED"
log "job $job_id SUCCEEDED ($(elapsed))"

stop_serve TERM

start_serve 2
status=$(call "/api/v1/jobs/$job_id" | json 'd["status"]') || die "the restarted api does not know job $job_id (or the token)"
[[ "$status" == SUCCEEDED ]] || die "after the restart job $job_id is $status"
run_id=$(call "/api/v1/jobs/$job_id/runs" | json 'd["items"][0]["id"]')
points=$(call "/api/v1/runs/$run_id/points" | json 'len(d["items"])')
(( points == 1 )) || die "after the restart run $run_id has $points points, not 1"
log "the restarted serve finds job $job_id SUCCEEDED with its point, with the same token"

# Two more workers beside serve's, without an id: each claims the first free of the host's names
# on the platform's database (WorkerIdClaim), and ./bench names their logs after it.
host=$(uname -n)
extra_pids=()
for expected in "$host" "$host-2"; do
  out="$data_dir/worker-$expected.test.out"
  env -u BENCH_WORKER_ID "$REPO_DIR/bench" worker >"$out" 2>&1 &
  extra_pids+=($!)
  waited=0
  until grep -q "takes runs from" "$out" 2>/dev/null; do
    kill -0 "${extra_pids[-1]}" 2>/dev/null || { cat "$out" >&2; die "./bench worker exited before it was ready"; }
    (( waited < 240 )) || die "./bench worker was not ready after 240 s"
    sleep 1
    waited=$((waited + 1))
  done
  grep -q "worker $expected takes runs from" "$out" || { cat "$out" >&2; die "the worker did not take the id $expected"; }
  grep -q "Worker $expected ready" "$data_dir/logs/worker-$expected.log" || die "no log worker-$expected.log with its ready line"
  log "./bench worker without an id took '$expected' (log worker-$expected.log) after $waited s"
done
for pid in "${extra_pids[@]}"; do kill -TERM "$pid"; done
for pid in "${extra_pids[@]}"; do
  rc=0
  wait "$pid" || rc=$?
  (( rc == 0 )) || die "./bench worker (pid $pid) exited $rc after SIGTERM"
done
left_files=("$data_dir"/workers/*)
[[ -e "${left_files[0]}" ]] && die "files left in $data_dir/workers: ${left_files[*]}"
log "both workers stopped"

stop_serve INT
ok=1
