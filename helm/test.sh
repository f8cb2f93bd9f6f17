#!/usr/bin/env bash
# helm/test.sh - checks the Helm chart without a cluster: `helm lint --strict` and `helm template`
# with every ci/*-values.yaml, strict validation of every rendered manifest against the
# Kubernetes $KUBE_VERSION schemas, behaviour assertions on the rendered YAML, and values the
# schema must reject. ./bench test runs it; it can be run on its own from anywhere.
#
# Tools (pinned, installed on first use into $JVMBENCH_TOOLS_DIR, default ~/.cache/jvmbench/tools;
# a second run finds them and takes seconds):
#   helm $HELM_VERSION  built with `go install helm.sh/helm/v3/cmd/helm@$HELM_VERSION` from the Go
#                       module proxy (GitHub, where helm's release binaries live, is not reachable).
#                       It needs Go >= $GO_MIN: $GO, else `go` on PATH, else /usr/local/go/bin/go;
#                       when none is new enough, the Go $GO_FALLBACK toolchain zip is downloaded
#                       from the Go module proxy (golang.org/toolchain, the same zip `GOTOOLCHAIN`
#                       would fetch), checked against a pinned sha256 and unpacked into the cache.
#   kubernetes-validate $KV_VERSION  from PyPI into a venv in the cache: it ships the Kubernetes
#                       JSON schemas per version (kubeconform would download them from GitHub),
#                       and --strict rejects unknown fields.
#
# Environment: JVMBENCH_TOOLS_DIR, GO (a go binary), HELM_TEST_KEEP=1 keeps the rendered manifests
# (their directory is printed).
set -euo pipefail

HELM_VERSION=v3.22.0
GO_MIN=1.26.0               # the `go` line of helm v3.22.0's go.mod
HELM_K8S_MINOR=37           # its k8s.io/client-go v0.37.0: helm's default Kubernetes version 1.37
KV_VERSION=1.37.0
KUBE_VERSION=1.30.0
GOPROXY_URL=${GOPROXY_URL:-https://proxy.golang.org}

CHART_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TOOLS=${JVMBENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmbench/tools}
RELEASE=bench
NAMESPACE=jvmbench

log() { printf '[helm-test] %s\n' "$*" >&2; }
# A step's heading, with the seconds since the start: where a slow run spends its time.
step() { printf '[helm-test] %4ss %s\n' "$(( $(now_s) - START ))" "$*" >&2; }
die() { printf '[helm-test] ERROR: %s\n' "$*" >&2; exit 1; }
# shellcheck source=../worker/host/common.sh
source "$CHART_DIR/../worker/host/common.sh"
# shellcheck source=go-toolchain.sh
source "$CHART_DIR/go-toolchain.sh"
START=$(now_s)

# ---------------------------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------------------------

ensure_helm() {
  HELM="$TOOLS/helm-$HELM_VERSION/helm"
  [[ -x "$HELM" ]] && return
  local go build="$TOOLS/.build-helm"
  go=$(find_go "$GO_MIN")
  log "building helm $HELM_VERSION with $("$go" env GOVERSION) (go install from the Go module proxy; a few minutes, once)"
  # The -X settings of helm's Makefile: its version, and the Kubernetes version it assumes
  # without --kube-version (the client-go minor of its go.mod; unset, helm would assume 1.20).
  local ldflags="-X helm.sh/helm/v3/internal/version.version=$HELM_VERSION -X helm.sh/helm/v3/internal/version.metadata="
  local pkg
  for pkg in pkg/lint/rules pkg/chartutil; do
    ldflags+=" -X helm.sh/helm/v3/$pkg.k8sVersionMajor=1 -X helm.sh/helm/v3/$pkg.k8sVersionMinor=$HELM_K8S_MINOR"
  done
  rm -rf "$build"
  mkdir -p "$build/bin"
  # An own module and build cache, removed afterwards: the cache keeps only the binary.
  # -modcacherw lets rm delete the module cache; GOTOOLCHAIN=local: never a silent toolchain switch.
  if ! (
    export GOPATH="$build/gopath" GOMODCACHE="$build/mod" GOCACHE="$build/cache" GOBIN="$build/bin" \
      GOFLAGS="-modcacherw -trimpath" GOTOOLCHAIN=local CGO_ENABLED=0 GOPROXY="${GOPROXY:-$GOPROXY_URL}"
    timeout 1500 "$go" install \
      -ldflags "-s -w $ldflags" \
      "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
  ) >"$build/build.log" 2>&1; then
    tail -n 20 "$build/build.log" >&2
    die "building helm failed (log above; the whole log is $build/build.log)"
  fi
  mkdir -p "$TOOLS/helm-$HELM_VERSION"
  mv "$build/bin/helm" "$HELM.tmp" && mv "$HELM.tmp" "$HELM"
  rm -rf "$build"
}

ensure_validator() {
  local venv="$TOOLS/kubernetes-validate-$KV_VERSION"
  VALIDATE="$venv/bin/kubernetes-validate"
  # A venv's scripts name their interpreter by absolute path, so it is built in place and
  # marked complete at the end: an interrupted install is redone, never half used.
  [[ -f "$venv/.complete" ]] && return
  log "installing kubernetes-validate $KV_VERSION from PyPI into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
  timeout 600 "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$KV_VERSION" \
    || die "pip install kubernetes-validate==$KV_VERSION failed"
  touch "$venv/.complete"
}

mkdir -p "$TOOLS"
# Two runs at once (CI next to a developer) would build into the same directories.
exec 8>"$TOOLS/.lock"
flock -w 1800 8 || die "another run holds $TOOLS/.lock for 30 minutes"
ensure_helm
ensure_validator
exec 8>&-
TOOLS_DONE=$(now_s)

# ---------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------

WORK=$(mktemp -d "${TMPDIR:-/tmp}/jvmbench-helm-test.XXXXXX")
CONTAINERS=()
VOLUME=""
cleanup() {
  local id
  for id in "${CONTAINERS[@]}"; do docker rm -f "$id" >/dev/null 2>&1 || true; done
  [[ -z "$VOLUME" ]] || docker volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  if [[ "${HELM_TEST_KEEP:-0}" == 1 ]]; then
    log "kept the rendered manifests in $WORK/rendered"
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

# helm without a home of its own would write its config and cache under $HOME.
export HELM_CACHE_HOME="$WORK/helm/cache" HELM_CONFIG_HOME="$WORK/helm/config" HELM_DATA_HOME="$WORK/helm/data"
helm_() { timeout 120 "$HELM" "$@"; }
template() { helm_ template "$RELEASE" "$CHART_DIR" --namespace "$NAMESPACE" --kube-version "$KUBE_VERSION" "$@"; }
PY="$TOOLS/kubernetes-validate-$KV_VERSION/bin/python"
CHECKS="$CHART_DIR/test/check_rendered.py"

shopt -s nullglob
CI_VALUES=("$CHART_DIR"/ci/*-values.yaml)
INVALID_VALUES=("$CHART_DIR"/test/invalid-*-values.yaml)
shopt -u nullglob
(( ${#CI_VALUES[@]} > 0 )) || die "no ci/*-values.yaml in $CHART_DIR"

step "helm lint --strict with ${#CI_VALUES[@]} values files"
for values in "${CI_VALUES[@]}"; do
  if ! helm_ lint --strict --kube-version "$KUBE_VERSION" -f "$values" "$CHART_DIR" >"$WORK/lint.log" 2>&1; then
    cat "$WORK/lint.log" >&2
    die "helm lint --strict -f ${values#"$CHART_DIR"/} failed"
  fi
done

step "helm template with each values file (Kubernetes $KUBE_VERSION)"
mkdir -p "$WORK/rendered"
for values in "${CI_VALUES[@]}"; do
  name=$(basename "$values" -values.yaml)
  template -f "$values" >"$WORK/rendered/$name.yaml" || die "helm template -f ${values#"$CHART_DIR"/} failed"
done
# For the checksum/config checks: the same values again, and one api setting changed.
template -f "$CHART_DIR/ci/default-values.yaml" >"$WORK/rendered/checksum-default-again.yaml"
template -f "$CHART_DIR/ci/default-values.yaml" --set api.publicRead=true >"$WORK/rendered/checksum-api-changed.yaml"

step "kubernetes-validate --strict against Kubernetes $KUBE_VERSION"
if ! "$VALIDATE" --kubernetes-version "$KUBE_VERSION" --strict --quiet "$WORK"/rendered/*.yaml >"$WORK/validate.log" 2>&1; then
  cat "$WORK/validate.log" >&2
  die "rendered manifests do not validate against Kubernetes $KUBE_VERSION"
fi

step "behaviour checks on the rendered manifests"
"$PY" "$CHECKS" check "$WORK/rendered" >"$WORK/summary.txt" || die "behaviour checks failed (above)"

step "values the chart must refuse (${#INVALID_VALUES[@]} files)"
refused=0
for values in "${INVALID_VALUES[@]}"; do
  rel=${values#"$CHART_DIR"/}
  expect=$(sed -n 's/^# expect: //p' "$values")
  stage=$(sed -n 's/^# stage: \([a-z]*\).*/\1/p' "$values")
  [[ -n "$expect" && -n "$stage" ]] || die "$rel has no '# expect:' or '# stage:' line"
  commands=(template)
  [[ "$stage" == schema ]] && commands+=(lint)
  for command in "${commands[@]}"; do
    if [[ "$command" == lint ]]; then
      helm_ lint --strict --kube-version "$KUBE_VERSION" -f "$values" "$CHART_DIR" >"$WORK/negative.log" 2>&1 && rc=0 || rc=$?
    else
      template -f "$values" >"$WORK/negative.log" 2>&1 && rc=0 || rc=$?
    fi
    (( rc != 0 )) || die "helm $command accepted $rel"
    (( rc != 124 )) || die "helm $command timed out on $rel"
    grep -qF -- "$expect" "$WORK/negative.log" || { cat "$WORK/negative.log" >&2; die "helm $command refused $rel, but not with: $expect"; }
    refused=$((refused + 1))
  done
done

# The in-chart PostgreSQL for real: the rendered init script, pg_hba.conf and server arguments
# in the jvmbench/postgres:17 image, as the pod runs them (its uid/gid, read-only root, /tmp
# tmpfs, no capabilities), on a volume prepared like fsGroup does. --network none: the
# server's listen_addresses=* then means the container's own loopback only; psql runs inside.
# Then a restart with a rotated Secret: the data stays, the new password works, the old not.
# Starts a container (docker run -d ARGS...), remembers it for the cleanup; its id in $ID.
run_() { ID=$(docker run -d "$@") || die "docker run $* failed"; CONTAINERS+=("$ID"); }
wait_exit() {  # $1 container, $2 what it is
  local rc
  rc=$(timeout 60 docker wait "$1") || die "$2 did not finish in 60 s"
  [[ "$rc" == 0 ]] || { docker logs "$1" >&2; die "$2 exited $rc"; }
}

postgres_check() {
  local dir="$WORK/pg" uid gid pgdata image user database args=() common=() out i
  local first="it's a \$ecret \"pw\"" second="rotated-$RANDOM"
  mkdir -p "$dir/conf"
  "$PY" "$CHECKS" postgres "$WORK/rendered/in-chart-db.yaml" "$dir" || die "cannot read the PostgreSQL pod of the in-chart-db render"
  read -r uid gid pgdata image user database <"$dir/pod.txt"
  mapfile -t args <"$dir/args.txt"
  docker image inspect "$image" >/dev/null 2>&1 \
    || die "image $image missing: run 'bash worker/host/setup.sh --only upstreams' (or HELM_TEST_ENGINE=0 to skip this check)"
  VOLUME="jvmbench-helm-test-$$"
  docker volume create --label bench.managed=true --label bench.test=helm-chart "$VOLUME" >/dev/null
  # fsGroup: the volume root belongs to the pod's group and is group-writable (setgid).
  run_ --label bench.managed=true --label bench.test=helm-chart --network none --user 0 -v "$VOLUME:/claim" \
    --entrypoint sh "$image" -c "chown 0:$gid /claim && chmod 2775 /claim"
  wait_exit "$ID" "preparing the volume"
  common=(--label bench.managed=true --label bench.test=helm-chart --network none --read-only --tmpfs /tmp
    --cap-drop ALL --security-opt no-new-privileges --user "$uid:$gid"
    -v "$VOLUME:${pgdata%/*}" -v "$dir/conf:/etc/jvmbench-chart:ro" -e "PGDATA=$pgdata")
  start_db() {  # $1 password from the "Secret"; the server's container id in $ID
    run_ "${common[@]}" -e "BENCH_DB_PASSWORD=$1" --entrypoint /bin/sh "$image" /etc/jvmbench-chart/init-db.sh
    wait_exit "$ID" "init-db"
    run_ "${common[@]}" -e PGPORT=5432 "$image" "${args[@]}"
    for i in $(seq 1 100); do
      timeout 10 docker exec "$ID" pg_isready -q -h 127.0.0.1 -p 5432 && return
      sleep 0.2
    done
    docker logs "$ID" >&2
    die "the in-chart PostgreSQL was not ready in 20 s"
  }
  psql_() {  # $1 password, $2 SQL, against the server $ID as the platform's user
    timeout 30 docker exec -e "PGPASSWORD=$1" "$ID" psql -h 127.0.0.1 -p 5432 -U "$user" -d "$database" -v ON_ERROR_STOP=1 -Atc "$2" 2>&1
  }
  start_db "$first"
  out=$(psql_ "$first" "CREATE TABLE kept(x int); INSERT INTO kept VALUES (42);
    SELECT current_setting('fsync') || ',' || current_setting('max_connections')") \
    || die "in-chart PostgreSQL: the user cannot log in with the Secret's password: $out"
  [[ "$out" == *"on,300"* ]] || die "in-chart PostgreSQL: fsync or the extra argument max_connections not applied: $out"
  out=$(psql_ wrong "SELECT 1") && die "in-chart PostgreSQL accepted a wrong password"
  [[ "$out" == *"password authentication failed"* ]] || die "in-chart PostgreSQL: unexpected answer to a wrong password: $out"
  timeout 60 docker stop -t 10 "$ID" >/dev/null
  start_db "$second"
  out=$(psql_ "$second" "SELECT x FROM kept") || die "in-chart PostgreSQL: the rotated password does not work: $out"
  [[ "$out" == 42 ]] || die "in-chart PostgreSQL lost its data across a restart: $out"
  psql_ "$first" "SELECT 1" >/dev/null && die "in-chart PostgreSQL still accepts the old password"
  for ID in "${CONTAINERS[@]}"; do docker rm -f "$ID" >/dev/null; done
  CONTAINERS=()
  docker volume rm "$VOLUME" >/dev/null
  VOLUME=""
  POSTGRES_RESULT="in-chart PostgreSQL in the real image: cluster created, login with the Secret's password, wrong one refused, rotated password works after a restart, data kept"
}

if [[ "${HELM_TEST_ENGINE:-1}" == 0 ]]; then
  POSTGRES_RESULT="in-chart PostgreSQL: SKIPPED (HELM_TEST_ENGINE=0)"
else
  step "the in-chart PostgreSQL's init script and settings in the real image (Docker engine)"
  command -v docker >/dev/null && docker info >/dev/null 2>&1 \
    || die "no Docker engine answers: run 'bash worker/host/docker-engine.sh start' (or set HELM_TEST_ENGINE=0 to skip this check)"
  postgres_check
fi

END=$(now_s)
log "summary (helm $HELM_VERSION, kubernetes-validate $KV_VERSION, Kubernetes $KUBE_VERSION)"
sed 's/^/[helm-test]   /' "$WORK/summary.txt" >&2
log "  helm lint --strict: ${#CI_VALUES[@]} values files; kubernetes-validate --strict: all $(grep -c '^kind:' "$WORK"/rendered/*.yaml | awk -F: '{n += $2} END {print n}') manifests"
log "  refused as expected: ${#INVALID_VALUES[@]} invalid values files ($refused helm commands)"
log "  $POSTGRES_RESULT"
log "  time: $((END - START)) s (tools $((TOOLS_DONE - START)) s)"
# One per ci values file, per refused values file, and the PostgreSQL check when it ran.
if [[ "${HELM_TEST_ENGINE:-1}" == 0 ]]; then
  echo "helm: $(( ${#CI_VALUES[@]} + ${#INVALID_VALUES[@]} )) passed, 0 failed, 1 skipped"
else
  echo "helm: $(( ${#CI_VALUES[@]} + ${#INVALID_VALUES[@]} + 1 )) passed, 0 failed"
fi
