#!/usr/bin/env bash
# helm/k8s-e2e.sh - the Kubernetes engine and the Helm chart end to end on helm/cluster.sh's real
# one-node cluster (127.0.0.1), from `./bench test`:
#
#   1. the cluster up (binaries cached after the first build); the images into its registry:
#      JDK 25, nginx and PostgreSQL pushed, the MVC target app built there by Jib
#      (BENCH_REGISTRY=... ./bench setup), the api and worker images pushed
#   2. the engine's own tests against the cluster (KubernetesContainerEngineTest, tag kubernetes)
#      and the image resolver on its registry (RegistryImageResolverTest: a JAR built by Jib into it)
#   3. the chart installed (ci/kubernetes-local-values.yaml: api, one worker on the node, PostgreSQL
#      in the chart, all on the node's loopback, free ports)
#   4. a job through the api (helm/test/e2e/engine-job.json: io-http, platform vs virtual, two
#      levels): every cell a Guaranteed pod on the node owned by the worker's pod, points stored,
#      no pod left afterwards; its table of cells is printed (compare with the Docker engine:
#      COMPOSE_TEST_JOB=helm/test/e2e/engine-job.json bash worker/host/compose-test.sh)
#   5. a second job (io-db: the PostgreSQL upstream as a pod too, its data directory seeded from
#      the image) and the worker's pod deleted mid-run, its processes killed: its run pods are collected by
#      the garbage collector (owner references, no worker running meanwhile), and its run goes back
#      to the queue and finishes once a worker is back (attempt 2)
#   6. the chart uninstalled and the cluster down, also on failure
#
#   bash helm/k8s-e2e.sh       (as root; run it under the heavy lock, as ./bench test is)
#   bash helm/k8s-e2e.sh --job FILE   measuring, not testing: steps 1, 3, FILE's job instead of
#                              step 4's (its cells printed, K8S_E2E_CELLS=out.json writes them), 6;
#                              e.g. helm/test/e2e/engine-comparison-job.json against the same job
#                              on the Docker engine (COMPOSE_TEST_JOB=... worker/host/compose-test.sh)
#
# Needs ./bench setup's images in the Docker engine. Bounded: every wait has its timeout
# (K8S_E2E_JOB_TIMEOUT, default 900 s, per job). K8S_E2E_KEEP=1 leaves the cluster up.
set -euo pipefail

HELM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$HELM_DIR/.." && pwd)"
JOB_TIMEOUT=${K8S_E2E_JOB_TIMEOUT:-900}
NAMESPACE=jvmbench-e2e
RELEASE=bench
PREFIX=$RELEASE-jvmbench
START=$SECONDS

log() { printf '[k8s-e2e] %4ss %s\n' "$(( SECONDS - START ))" "$*" >&2; }
die() { printf '[k8s-e2e] FAILED: %s\n' "$*" >&2; exit 1; }
# shellcheck source=../worker/host/common.sh
source "$REPO_DIR/worker/host/common.sh"
use_jdk || die "$JDK_MISSING"
(( EUID == 0 )) || die "needs root (helm/cluster.sh starts the cluster)"
MEASURE_JOB=""
case "${1:-}" in
  --job) [[ -f "${2:-}" ]] || die "--job needs a job file"; MEASURE_JOB=$(cd "$(dirname "$2")" && pwd)/$(basename "$2") ;;
  "") ;;
  *) die "usage: bash helm/k8s-e2e.sh [--job FILE]" ;;
esac
TIMINGS=()
phase_start=$SECONDS
phase() { TIMINGS+=("$1|$(( SECONDS - phase_start ))"); phase_start=$SECONDS; }

# --- the images -----------------------------------------------------------------------------------
docker info >/dev/null 2>&1 || die "no Docker engine answers; run ./bench setup"
for image in jvmbench/jdk:25 jvmbench/nginx-delay:1 jvmbench/postgres:17 jvmbench/target-mvc:jdk25; do
  docker image inspect "$image" >/dev/null 2>&1 || die "image $image is missing; run ./bench setup"
done
bash "$REPO_DIR/worker/host/build-platform-images.sh" >&2
version=$(sed -n '0,/<artifactId>jvmbench-parent<\/artifactId>/d; s:.*<version>\(.*\)</version>.*:\1:p' "$REPO_DIR/pom.xml" | head -n 1)
TAG=${version%-SNAPSHOT}
phase "platform images"

# --- the cluster ----------------------------------------------------------------------------------
ok=0
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if (( ok == 0 )) && [[ -n "${KUBECONFIG:-}" ]]; then
    log "--- state at the failure ---"
    timeout 30 kubectl -n "$NAMESPACE" get pods -o wide >&2 2>&1 || true
    timeout 30 kubectl -n "$NAMESPACE" logs "statefulset/$PREFIX-worker" --tail 80 >&2 2>&1 || true
    timeout 30 kubectl -n "$NAMESPACE" get events --sort-by=.lastTimestamp 2>/dev/null | tail -n 20 >&2 || true
  fi
  if [[ "${K8S_E2E_KEEP:-0}" == 1 ]]; then
    log "K8S_E2E_KEEP=1: the cluster stays up (bash helm/cluster.sh down)"
  else
    if [[ -n "${KUBECONFIG:-}" ]]; then
      timeout 120 "$HELM" uninstall "$RELEASE" -n "$NAMESPACE" --wait --timeout 90s >/dev/null 2>&1 || true
    fi
    timeout 300 bash "$HELM_DIR/cluster.sh" down >&2 2>&1 || { log "WARNING: cluster down failed"; rc=1; }
  fi
  log "finished: $([[ $ok == 1 ]] && echo passed || echo failed)"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

timeout 1800 bash "$HELM_DIR/cluster.sh" up >&2 || die "helm/cluster.sh up failed"
eval "$(bash "$HELM_DIR/cluster.sh" env)"
export KUBECONFIG
phase "cluster up"

# helm, as helm/test.sh pins and builds it (cached in the tools dir)
TOOLS=${JVMBENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmbench/tools}
HELM="$TOOLS/helm-$(sed -n 's/^HELM_VERSION=//p' "$HELM_DIR/test.sh")/helm"
[[ -x "$HELM" ]] || HELM_TEST_ENGINE=0 bash "$HELM_DIR/test.sh" >&2 || die "helm/test.sh (which builds helm) failed"
[[ -x "$HELM" ]] || die "no helm at $HELM"
HELM_HOME=$(mktemp -d)
export HELM_CACHE_HOME="$HELM_HOME/cache" HELM_CONFIG_HOME="$HELM_HOME/config" HELM_DATA_HOME="$HELM_HOME/data"

log "images into $JVMBENCH_REGISTRY"
BENCH_REGISTRY=$JVMBENCH_REGISTRY BENCH_REGISTRY_JDKS=25 timeout 1800 bash "$REPO_DIR/worker/host/setup.sh" \
  --only jdk,upstreams,target-apps >&2 || die "pushing the images to $JVMBENCH_REGISTRY failed"
for image in "jvmbench/api:$TAG" "jvmbench/worker:$TAG"; do
  status=$(push_image "$image" "$JVMBENCH_REGISTRY") || die "pushing $image failed"
  log "$JVMBENCH_REGISTRY/$image: $status"
done
phase "images into the registry"

# --- the engine against the cluster ---------------------------------------------------------------
if [[ -z "$MEASURE_JOB" ]]; then
log "KubernetesContainerEngineTest, RegistryImageResolverTest"
(cd "$REPO_DIR" && timeout 900 ./mvnw -B --no-transfer-progress -q -pl worker -am test \
  -Dtest=KubernetesContainerEngineTest,RegistryImageResolverTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dworker.test.excludedGroups= -Dgroups=kubernetes) >&2 \
  || die "the tests against the cluster failed (worker/target/surefire-reports)"
grep -h "Tests run" "$REPO_DIR"/worker/target/surefire-reports/*KubernetesContainerEngineTest.txt \
  "$REPO_DIR"/worker/target/surefire-reports/*RegistryImageResolverTest.txt >&2
phase "engine tests"
fi

# --- the chart ------------------------------------------------------------------------------------
API_PORT=$(free_port)
PG_PORT=$(free_port)
while [[ "$PG_PORT" == "$API_PORT" ]]; do PG_PORT=$(free_port); done
TOKEN="bench_$(python3 -c 'import secrets; print(secrets.token_hex(20))')"
api="http://127.0.0.1:$API_PORT"
kubectl create namespace "$NAMESPACE" >/dev/null
kubectl label namespace "$NAMESPACE" pod-security.kubernetes.io/enforce=privileged >/dev/null
kubectl -n "$NAMESPACE" create secret generic bench-admin-token --from-literal=token="$TOKEN" >/dev/null
log "helm install (api on 127.0.0.1:$API_PORT, PostgreSQL on 127.0.0.1:$PG_PORT)"
timeout 900 "$HELM" install "$RELEASE" "$HELM_DIR" -n "$NAMESPACE" --wait --timeout 12m \
  -f "$HELM_DIR/ci/kubernetes-local-values.yaml" \
  --set api.image.tag="$TAG" --set worker.image.tag="$TAG" \
  --set api.service.port="$API_PORT" --set postgresql.service.port="$PG_PORT" \
  --set api.bootstrapToken.existingSecret=bench-admin-token \
  --set-json 'worker.extraEnv=[{"name":"BENCH_WORKER_READINESS_TIMEOUT","value":"10m"},{"name":"BENCH_LOAD_GENERATOR_ANSWER_SLACK","value":"10m"}]' \
  >&2 || die "helm install failed"
await_ready "$api/actuator/health/readiness" 180 || die "the api does not answer on $api"
kubectl -n "$NAMESPACE" get pods -o wide >&2
phase "chart installed"

call() { # method path [curl args]
  local method=$1 path=$2; shift 2
  curl -sS --fail-with-body --max-time 30 -X "$method" -H "Authorization: Bearer $TOKEN" "$@" "$api$path"
}
json() { python3 -c "import json, sys; d = json.load(sys.stdin); print($1)"; }
submit() { # job file -> id
  call POST /api/v1/jobs -H 'Content-Type: application/json' -H "Idempotency-Key: k8s-e2e-$$-$(basename "$1")" \
    --data-binary "@$1" | json 'd["id"]'
}
run_pods() { kubectl -n "$NAMESPACE" get pods -l bench.managed=true -o json; }

# Follows a job until it ends; on every poll the pods of its runs are checked (node, QoS, owner).
# $SEEN collects "pod|node|qos|owner uid|hostNetwork" of every run pod seen.
SEEN=""
follow() { # job id
  local id=$1 deadline=$(( SECONDS + JOB_TIMEOUT )) last="" state line status
  while :; do
    state=$(call GET "/api/v1/jobs/$id")
    line=$(json '"%s %s/%s runs %s" % (d["status"], d["progress"]["runsDone"], d["progress"]["runsTotal"], (d["progress"].get("currentRun") or {}).get("step") or "")' <<<"$state")
    [[ "$line" != "$last" ]] && log "job $id: $line"
    last=$line
    SEEN+=$(run_pods | python3 -c '
import json, sys
for p in json.load(sys.stdin)["items"]:
    owners = p["metadata"].get("ownerReferences", [])
    print("%s|%s|%s|%s|%s" % (p["metadata"]["name"], p["spec"].get("nodeName"), p.get("status", {}).get("qosClass"),
          owners[0]["uid"] if owners else "-", p["spec"].get("hostNetwork")))')$'\n'
    status=$(json 'd["status"]' <<<"$state")
    case "$status" in
      SUCCEEDED) return 0 ;;
      FAILED | CANCELLED) call GET "/api/v1/jobs/$id/runs" >&2 || true; die "job $id ended $status" ;;
    esac
    (( SECONDS < deadline )) || die "job $id still $status after ${JOB_TIMEOUT} s"
    sleep 2
  done
}

worker_uid() { kubectl -n "$NAMESPACE" get pod "$PREFIX-worker-0" -o jsonpath='{.metadata.uid}'; }

# --- a job, its cells as pods ---------------------------------------------------------------------
WORKER_UID=$(worker_uid)
JOB_FILE=${MEASURE_JOB:-$HELM_DIR/test/e2e/engine-job.json}
job=$(submit "$JOB_FILE") || die "the api refused the job"
log "job $job submitted (${JOB_FILE#"$REPO_DIR"/})"
follow "$job"
pods=$(sort -u <<<"$SEEN" | grep -v '^$' || true)
log "run pods seen: $(wc -l <<<"$pods")"
printf '%s\n' "$pods" | sed 's/^/[k8s-e2e]      /' >&2
[[ -n "$pods" ]] || die "no run pod was ever seen"
# app pods (1 per run) and nginx pods (1 per run): 2 runs
runs=$(call GET "/api/v1/jobs/$job/runs")
expected=$(json 'len(d["items"])' <<<"$runs")
apps=$(grep -c -- '-app-' <<<"$pods" || true)
(( apps >= expected )) || die "expected an app pod per run ($expected), saw $apps"
bad=$(awk -F'|' -v uid="$WORKER_UID" '$2 != "127.0.0.1" || $3 != "Guaranteed" || $4 != uid || $5 != "True"' <<<"$pods")
[[ -z "$bad" ]] || die "run pods not on the node, not Guaranteed, not owned by the worker ($WORKER_UID) or not on its network: $bad"
left=$(run_pods | json 'len(d["items"])')
(( left == 0 )) || die "$left run pods left after the job"
levels=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["load"]["levels"]))' "$JOB_FILE")
points=0
for run in $(json '" ".join(str(r["id"]) for r in d["items"])' <<<"$runs"); do
  n=$(call GET "/api/v1/runs/$run/points" | json 'len([p for p in d["items"] if p["throughputRps"] > 0])')
  (( n == levels )) || die "run $run has $n points with a throughput, not $levels"
  points=$((points + n))
  call GET "/api/v1/runs/$run/artifacts" | json '" ".join(a["name"] for a in d["items"])' | grep -qw app.jfr \
    || die "run $run kept no JFR recording (copied out of the stopped app's pod)"
done
log "job $job SUCCEEDED: $points points and each run's JFR recording stored, every cell a Guaranteed pod on the node owned by $PREFIX-worker-0, none left"
python3 "$REPO_DIR/worker/host/job-cells.py" "$api" "$TOKEN" "$job" --json "${K8S_E2E_CELLS:-/tmp/jvmbench-k8s-e2e-cells.json}" >&2
phase "job on the kubernetes engine"
if [[ -n "$MEASURE_JOB" ]]; then
  ok=1
  log "measured ${MEASURE_JOB#"$REPO_DIR"/}; cluster down next"
  exit 0
fi

# --- the worker lost mid-run ----------------------------------------------------------------------
# The worker's pod goes (scaled away: no replacement yet, so nothing but the garbage collector can
# remove its run's pods) and its processes die at once (SIGKILL to every process of its container,
# the JVM and the load generator: no teardown, no release of the run). Then a worker comes back
# under the same name: it finds its run left RUNNING, re-queues it and runs it again.
job=$(submit "$HELM_DIR/test/e2e/worker-loss-job.json") || die "the api refused the job"
log "job $job submitted (helm/test/e2e/worker-loss-job.json); waiting for its first load level"
deadline=$(( SECONDS + 600 ))
until call GET "/api/v1/jobs/$job" | json '(d["progress"].get("currentRun") or {}).get("step") or ""' | grep -q '^load'; do
  (( SECONDS < deadline )) || die "job $job reached no load level in 600 s"
  sleep 2
done
old_pods=$(run_pods | json '" ".join(p["metadata"]["uid"] + ":" + p["metadata"]["name"] for p in d["items"])')
[[ -n "$old_pods" ]] || die "no run pod while job $job is at a load level"
old_uid=$(worker_uid)
owners=$(run_pods | json '" ".join(sorted(set(r["uid"] for p in d["items"] for r in p["metadata"].get("ownerReferences", []))))')
[[ "$owners" == "$old_uid" ]] || die "the run pods are owned by [$owners], not by the worker's pod $old_uid"
cid=$(kubectl -n "$NAMESPACE" get pod "$PREFIX-worker-0" -o jsonpath='{.status.containerStatuses[0].containerID}')
cid=${cid#*://}
victims=$(grep -l "$cid" /proc/[0-9]*/cgroup 2>/dev/null | cut -d/ -f3 | tr '\n' ' ' || true)
[[ -n "$victims" ]] || die "no process of the worker's container $cid on the node"
log "scaling the workers to 0 and killing the worker (pids $victims, pod uid $old_uid); its run pods: $old_pods"
kubectl -n "$NAMESPACE" scale "statefulset/$PREFIX-worker" --replicas=0 >/dev/null
# shellcheck disable=SC2086 # a list of pids
kill -KILL $victims 2>/dev/null || true
lost_at=$SECONDS
deadline=$(( SECONDS + 120 ))
for entry in $old_pods; do
  until [[ -z "$(kubectl -n "$NAMESPACE" get pods -o jsonpath="{.items[?(@.metadata.uid=='${entry%%:*}')].metadata.name}")" ]]; do
    (( SECONDS < deadline )) || die "pod ${entry#*:} of the lost worker still there after 120 s: not collected"
    sleep 1
  done
done
collected=$(( SECONDS - lost_at ))
[[ -z "$(kubectl -n "$NAMESPACE" get pods -l app.kubernetes.io/component=worker -o name)" ]] \
  || die "a worker pod exists: the run pods may not have been the garbage collector's"
log "the lost worker's run pods were collected ${collected} s after its pod went, no worker running"
kubectl -n "$NAMESPACE" scale "statefulset/$PREFIX-worker" --replicas=1 >/dev/null
follow "$job"
run=$(call GET "/api/v1/jobs/$job/runs" | json 'json.dumps(d["items"][0])')
attempt=$(json 'd["attempt"]' <<<"$run")
(( attempt == 2 )) || die "the run of job $job ended in attempt $attempt, not 2 (re-queued once): $run"
kubectl -n "$NAMESPACE" logs "$PREFIX-worker-0" 2>/dev/null | grep -E "Re-queued run|Recovered" | sed 's/^/[k8s-e2e]      /' >&2 || true
log "job $job SUCCEEDED in attempt 2: the run went back to the queue and ran again"
left=$(run_pods | json 'len(d["items"])')
(( left == 0 )) || die "$left run pods left after the job"
phase "worker lost mid-run"

ok=1
log "--- timings ---"
for row in "${TIMINGS[@]}"; do printf '[k8s-e2e]   %-32s %5s s\n' "${row%%|*}" "${row#*|}" >&2; done
log "k8s-e2e passed"
echo "k8s-e2e: passed"
