#!/usr/bin/env bash
# The docker-compose.yml end to end: brings the stack up (PostgreSQL, api, worker), submits a
# small job (io-http, JDK 25, virtual threads, one level of 10 users, 5 s measured), waits until
# it SUCCEEDED, prints its points and summary.md, and tears everything down (`down -v`), also
# on failure. Part of `./bench test`: 6-9 minutes here with the images built, on the 2-core host
# under load (2-5 min starting the stack, ~4 min the job, most of it starting the app); bounded
# by 10 min for `up` and COMPOSE_TEST_TIMEOUT for the job.
#
#   bash worker/host/compose-test.sh
#
# Needs the images of ./bench setup (jvmbench/postgres:17, jvmbench/jdk:25,
# jvmbench/target-mvc:jdk25). Builds jvmbench/api and jvmbench/worker when missing or stale
# (worker/host/build-platform-images.sh) and installs a compose implementation when none is
# there: Debian's docker-compose (v1.29.2). COMPOSE="docker compose" picks v2 explicitly.
# Each run is its own compose project on free ports, so it can run beside ./bench demo and
# other tests. COMPOSE_TEST_TIMEOUT (default 600) bounds the wait for the job in seconds.
# COMPOSE_TEST_JOB=FILE submits that job instead (e.g. helm/test/e2e/engine-job.json, the job
# helm/k8s-e2e.sh runs on the Kubernetes engine: the same job on the Docker engine, to compare);
# the job's cells are printed as a table either way (worker/host/job-cells.py).
set -euo pipefail

HOST_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$HOST_DIR/../.." && pwd)"
JOB_TIMEOUT=${COMPOSE_TEST_TIMEOUT:-600}
START=$SECONDS

log() { printf '[compose-test] %s\n' "$*" >&2; }
die() { printf '[compose-test] FAILED: %s\n' "$*" >&2; exit 1; }
elapsed() { printf '%dm%02ds' $(( (SECONDS - START) / 60 )) $(( (SECONDS - START) % 60 )); }
# shellcheck source=common.sh
source "$HOST_DIR/common.sh"

# --- a compose implementation -------------------------------------------------------------------
compose_cmd=()
if [[ -n "${COMPOSE:-}" ]]; then
  read -r -a compose_cmd <<<"$COMPOSE"
elif docker compose version >/dev/null 2>&1; then
  compose_cmd=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then
  compose_cmd=(docker-compose)
else
  (( EUID == 0 )) && command -v apt-get >/dev/null || die "no compose implementation: install docker-compose (Debian) or the compose v2 plugin"
  log "installing Debian's docker-compose ..."
  apt-get install -y -qq -o DPkg::Lock::Timeout=300 docker-compose >/dev/null \
    || { apt-get update -qq && apt-get install -y -qq -o DPkg::Lock::Timeout=300 docker-compose >/dev/null; } \
    || die "apt-get install docker-compose failed"
  compose_cmd=(docker-compose)
fi
log "compose: ${compose_cmd[*]} ($("${compose_cmd[@]}" version --short 2>/dev/null || echo '?'))"

# --- images -------------------------------------------------------------------------------------
docker info >/dev/null 2>&1 || die "no Docker engine answers; run ./bench setup"
for image in jvmbench/postgres:17 jvmbench/jdk:25 jvmbench/target-mvc:jdk25; do
  docker image inspect "$image" >/dev/null 2>&1 || die "image $image is missing; run ./bench setup"
done
bash "$HOST_DIR/build-platform-images.sh"

# --- a project of its own on free ports ---------------------------------------------------------
project="jvmbench-compose-test-$$"
BENCH_API_PORT=$(free_port)
BENCH_POSTGRES_PORT=$(free_port)
while [[ "$BENCH_POSTGRES_PORT" == "$BENCH_API_PORT" ]]; do BENCH_POSTGRES_PORT=$(free_port); done
BENCH_DB_PASSWORD=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
BENCH_ADMIN_TOKEN="bench_$(python3 -c 'import secrets; print(secrets.token_hex(20))')"
DOCKER_GID=$(stat -c %g /var/run/docker.sock)
# Wide bounds: on a host shared with other builds, starting the app or the generator's JVM has
# taken minutes; this test checks the stack works, not how fast the host is.
BENCH_WORKER_SETTINGS='{"bench":{"worker":{"readiness-timeout":"10m"},"load-generator":{"answer-slack":"10m"}}}'
export BENCH_API_PORT BENCH_POSTGRES_PORT BENCH_DB_PASSWORD BENCH_ADMIN_TOKEN DOCKER_GID BENCH_WORKER_SETTINGS
api="http://127.0.0.1:$BENCH_API_PORT"
compose() { "${compose_cmd[@]}" --project-name "$project" --file "$REPO_DIR/docker-compose.yml" "$@"; }

platform_id=""
ok=0
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if (( ok == 0 )); then
    log "--- logs of the stack (last lines) ---"
    compose logs --no-color --tail 60 >&2 2>&1 || true
  fi
  log "tearing down project $project"
  timeout 180 "${compose_cmd[@]}" --project-name "$project" --file "$REPO_DIR/docker-compose.yml" \
    down -v --timeout 60 >&2 2>&1 || log "WARNING: compose down failed"
  # Containers the worker started and did not remove (it removes them at every run's end).
  if [[ -n "$platform_id" ]]; then
    local left
    left=$(docker ps -aq --filter label=bench.managed=true --filter "label=bench.platform=$platform_id")
    if [[ -n "$left" ]]; then
      log "removing run containers of platform $platform_id left behind: $(echo $left)"
      docker rm -f $left >/dev/null 2>&1 || true
    fi
  fi
  # down -v must leave nothing of the project behind.
  local containers volumes
  containers=$(docker ps -aq --filter "label=com.docker.compose.project=$project")
  volumes=$(docker volume ls -q --filter "label=com.docker.compose.project=$project")
  if [[ -n "$containers$volumes" ]]; then
    log "FAILED: left after down -v: containers [$(echo $containers)], volumes [$(echo $volumes)]"
    ok=0
    (( rc != 0 )) || rc=1
  fi
  log "finished in $(elapsed) ($([[ $ok == 1 ]] && echo passed || echo failed))"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "project $project: api on $BENCH_API_PORT, PostgreSQL on $BENCH_POSTGRES_PORT"
# up waits for each service's healthcheck before starting the services that depend on it.
timeout 600 "${compose_cmd[@]}" --project-name "$project" --file "$REPO_DIR/docker-compose.yml" up -d \
  || die "compose up failed"
log "stack up after $(elapsed)"
compose ps >&2

# The worker's bench.platform label: the cluster's system identifier and the database name.
platform_id=$(compose exec -T postgres psql -h /tmp -U postgres -d bench -Atc \
  "SELECT system_identifier::text || '-' || 'bench' FROM pg_control_system()" | tr -d '\r')
log "platform id $platform_id"

await_ready "$api/actuator/health/readiness" 180 || die "the api is not ready after 180 s"

call() { # method path [curl args]
  local method=$1 path=$2; shift 2
  curl -sS --fail-with-body -X "$method" -H "Authorization: Bearer $BENCH_ADMIN_TOKEN" "$@" "$api$path"
}
json() { python3 -c "import json, sys; d = json.load(sys.stdin); print($1)"; }

# The smallest sensible job: one JDK, one thread model, one level, short steps.
job_file=${COMPOSE_TEST_JOB:-/dev/stdin}
job=$(call POST /api/v1/jobs -H 'Content-Type: application/json' -H "Idempotency-Key: $project" --data-binary "@$job_file" <<'JSON'
{
  "threadModels": ["virtual"],
  "jdks": [25],
  "scenario": { "name": "io-http", "params": { "delayMs": 50 } },
  "load": { "model": "closed", "levels": [10], "stepSeconds": 5, "warmupSeconds": 2 },
  "limits": { "cpus": 1.0, "memoryMb": 512 },
  "repetitions": 1,
  "labels": { "source": "compose-test" }
}
JSON
) || die "the api refused the job: $job"
id=$(json 'd["id"]' <<<"$job")
log "job $id submitted; waiting up to ${JOB_TIMEOUT} s"

deadline=$(( SECONDS + JOB_TIMEOUT ))
last=""
while :; do
  state=$(call GET "/api/v1/jobs/$id")
  line=$(json '"%s %s/%s runs %s" % (d["status"], d["progress"]["runsDone"], d["progress"]["runsTotal"], (d["progress"].get("currentRun") or {}).get("step") or "")' <<<"$state")
  [[ "$line" != "$last" ]] && log "job $id: $line ($(elapsed))"
  last=$line
  status=$(json 'd["status"]' <<<"$state")
  case "$status" in
    SUCCEEDED) break ;;
    FAILED | CANCELLED) call GET "/api/v1/jobs/$id/runs" >&2 || true; die "job $id ended $status: $(json 'd.get("statusReason")' <<<"$state")" ;;
  esac
  (( SECONDS < deadline )) || die "job $id still $status after ${JOB_TIMEOUT} s"
  sleep 3
done

runs=$(call GET "/api/v1/jobs/$id/runs")
for run_id in $(json '" ".join(str(r["id"]) for r in d["items"])' <<<"$runs"); do
  n=$(call GET "/api/v1/runs/$run_id/points" | json 'len([p for p in d["items"] if p["throughputRps"] > 0])')
  (( n > 0 )) || die "run $run_id has no point with a throughput"
done
python3 "$HOST_DIR/job-cells.py" "$api" "$BENCH_ADMIN_TOKEN" "$id" ${COMPOSE_TEST_CELLS:+--json "$COMPOSE_TEST_CELLS"} >&2
run_id=$(json 'd["items"][0]["id"]' <<<"$runs")
points=$(call GET "/api/v1/runs/$run_id/points")
echo "--- points of run $run_id ---"
json 'json.dumps(d["items"], indent=1)' <<<"$points"
throughput=$(json 'min(p["throughputRps"] for p in d["items"]) if d["items"] else 0' <<<"$points")
python3 -c "import sys; sys.exit(0 if float('$throughput') > 0 else 1)" || die "run $run_id has no point with a throughput"
echo "--- summary.md ---"
call GET "/api/v1/jobs/$id/summary.md" -H 'Accept: text/markdown'
echo
ok=1
log "job $id SUCCEEDED with $(json 'len(d["items"])' <<<"$points") point(s), min throughput $throughput req/s"
