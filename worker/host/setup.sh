#!/usr/bin/env bash
# The body of `./bench setup`: prepares this machine as a benchmark host.
#
#   bash worker/host/setup.sh [--only engine|base|jdk|upstreams|target-apps|chromium]... [--force]
#
#   engine       a Docker engine that answers (uses a running one, else installs docker.io
#                and starts dockerd; see docker-engine.sh)
#   base         jvmbench/base:<suite> from Debian packages (mmdebstrap, installed if missing)
#   jdk          one image per buildable entry of common/src/main/resources/jvmbench/jdk-catalog.yaml
#                (JDK_CATALOG=FILE reads another): a Debian package (`build`) or a vendor archive
#                (`archive` + `sha256`: downloaded or copied, checked, cached under
#                ~/.cache/jvmbench/tools/jdk-archives, unpacked onto the base; BENCH_JDK_ARCHIVES=DIR
#                takes it from DIR by file name instead, offline)
#   upstreams    jvmbench/nginx-delay:1 and jvmbench/postgres:17
#   target-apps  target-apps/build-images.sh, if present and executable (its own skip logic;
#                it sees JVMBENCH_FORCE=1 under --force)
#   chromium     Debian's headless-capable Chromium (/usr/bin/chromium), installed when missing:
#                the api's report-page test renders the page with it (JVMBENCH_CHROMIUM overrides)
#
# --only may repeat or take a comma list; without it every step runs. Images whose recipe is
# unchanged are skipped, so a second run takes seconds. --force rebuilds them from scratch.
#
# BENCH_SETUP_JDKS="25" and BENCH_SETUP_UPSTREAMS="http" (http: nginx, db: PostgreSQL; empty: none)
# build only what a job needs (./bench demo sets them from its job); unset, everything is built.
#
# BENCH_REGISTRY=host[:port][/path] (e.g. 127.0.0.1:5000, the registry of helm/cluster.sh) also
# pushes the JDK and upstream images there, and has Jib build the target apps straight into it
# (jib:build from the JDK image there, carrying the local images' recipe): what the worker's
# Kubernetes engine needs (bench.worker.registry). An image the registry already has (same id, or
# for a target app the same recipe) is not pushed or built again. Plain HTTP to a loopback
# registry only (the docker CLI's and Jib's rule, -Djib.allowInsecureRegistries for 127.0.0.0/8).
# BENCH_REGISTRY_JDKS="25 21" limits what goes to the registry to those JDKs (default: all).
set -euo pipefail

HOST_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HOST_DIR/lib.sh"
# shellcheck source=docker-engine.sh
source "$HOST_DIR/docker-engine.sh"
# shellcheck source=build-images.sh
source "$HOST_DIR/build-images.sh"

# The comment block at the top of this file is the help text.
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }

steps=()
while (( $# > 0 )); do
  case "$1" in
    --only)
      (( $# >= 2 )) || die "--only needs a value: engine|base|jdk|upstreams|target-apps|chromium"
      IFS=, read -r -a parts <<<"$2"
      steps+=("${parts[@]}")
      shift 2 ;;
    --only=*)
      IFS=, read -r -a parts <<<"${1#--only=}"
      steps+=("${parts[@]}")
      shift ;;
    --force) JVMBENCH_FORCE=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown option '$1'; usage: bench setup [--only engine|base|jdk|upstreams|target-apps|chromium] [--force]" ;;
  esac
done
for s in "${steps[@]}"; do
  case "$s" in
    engine | base | jdk | upstreams | target-apps | chromium) ;;
    *) die "unknown step '$s' for --only; steps: engine, base, jdk, upstreams, target-apps, chromium" ;;
  esac
done
(( ${#steps[@]} > 0 )) || steps=(engine base jdk upstreams target-apps chromium)
export JVMBENCH_FORCE

wants() { [[ " ${steps[*]} " == *" $1 "* ]]; }

# The api's report-page test drives a headless browser; a benchmark host needs none, so a host
# where it cannot be installed (not root, not Debian) only gets a warning: that one test then
# fails and says how to point it at a browser (JVMBENCH_CHROMIUM).
ensure_chromium() {
  local browser=${JVMBENCH_CHROMIUM:-/usr/bin/chromium} start
  start=$(now_s)
  if [[ -x "$browser" ]]; then
    log "chromium present ($browser)"
    summary_add "chromium (report-page test)" present 0
    return 0
  fi
  if (( EUID != 0 )) || ! is_debian; then
    log "WARNING: $browser is missing and cannot be installed here (needs root on Debian); the api's report-page test will fail until JVMBENCH_CHROMIUM names a Chromium/Chrome binary"
    summary_add "chromium (report-page test)" missing 0
    return 0
  fi
  # Without recommends (~25 packages instead of ~130); one font family so text renders at all.
  run_step "install chromium" _apt_install --no-install-recommends chromium fonts-dejavu-core
  summary_add "chromium (report-page test)" installed $(( $(now_s) - start ))
}

total_start=$(now_s)

# Every step needs the engine, so it is ensured even under --only base/jdk/...; it costs one
# `docker info` when the daemon runs.
step_start=$(now_s)
if docker_answers; then engine_status=running; else engine_status=started; fi
ensure_docker_engine
summary_add "docker engine ($(docker version -f '{{.Server.Version}}' 2>/dev/null || echo '?'))" \
  "$engine_status" $(( $(now_s) - step_start ))

# Two setups at once (engineers sharing a host, CI) would build the same tags concurrently;
# the second waits for the first and then finds everything up to date.
mkdir -p /tmp/jvmbench
exec 9>/tmp/jvmbench/setup.lock
if ! flock -n 9; then
  log "another setup is running on this host; waiting for it (up to 30 min)"
  flock -w 1800 9 || die "another setup still holds /tmp/jvmbench/setup.lock after 30 min"
fi

if wants base; then
  # A base is only needed for what is built on it; --only base builds all of them.
  bases_for=""
  if wants jdk; then bases_for+=" jdk"; fi
  if wants upstreams; then bases_for+=" upstreams"; fi
  build_bases "${bases_for:-jdk upstreams}"
fi
if wants jdk; then build_jdks; fi
if wants upstreams; then build_upstreams; fi

# The registry a cluster pulls from: the same images, pushed (the target apps are built into it
# by Jib, below). registry_wants VERSION: whether that JDK goes to the registry.
registry_wants() { [[ -z "${BENCH_REGISTRY_JDKS:-}" || " $BENCH_REGISTRY_JDKS " == *" $1 "* ]]; }
push_to_registry() { # image...
  local image start status
  for image in "$@"; do
    start=$(now_s)
    status=$(push_image "$image" "$BENCH_REGISTRY") || die "pushing $image to $BENCH_REGISTRY failed (is the registry up? bash helm/cluster.sh up)"
    log "$BENCH_REGISTRY/$image: $status"
    summary_add "$BENCH_REGISTRY/$image" "$status" $(( $(now_s) - start ))
  done
}
if [[ -n "${BENCH_REGISTRY:-}" ]]; then
  export BENCH_REGISTRY
  if wants jdk; then
    mapfile -t jdk_images < <(jdk_catalog buildable | while IFS='|' read -r version image _; do
      registry_wants "$version" && echo "$image"; done)
    push_to_registry "${jdk_images[@]}"
  fi
  if wants upstreams; then push_to_registry jvmbench/nginx-delay:1 jvmbench/postgres:17; fi
fi

if wants target-apps; then
  target_script="$(cd "$HOST_DIR/../.." && pwd)/target-apps/build-images.sh"
  step_start=$(now_s)
  if [[ -x "$target_script" ]]; then
    # shellcheck disable=SC2086 # the JDK list is words: "25 21"
    run_step "target-apps/build-images.sh" "$target_script" ${BENCH_SETUP_JDKS:-}
    summary_add "target apps (target-apps/build-images.sh)" ran $(( $(now_s) - step_start ))
  else
    log "target-apps/build-images.sh not present or not executable; skipping the app images"
    summary_add "target apps (target-apps/build-images.sh)" absent 0
  fi
fi

# The target apps of every available JDK, built by Jib into the registry from the JDK image
# pushed there, with the recipe of the local images build-images.sh just made: the same sources
# on the same base (the pushed one has the local id) give the same image. One module per Maven
# invocation: Jib's -Djib.to.image names one image.
build_target_apps_into_registry() {
  local version image _build available _reason app local_image target recipe insecure=false start
  [[ "$(registry_url "$BENCH_REGISTRY/x:1")" == http://* ]] && insecure=true
  while IFS='|' read -r version image _build available _reason; do
    [[ -n "$image" && "$available" != false ]] && registry_wants "$version" || continue
    for app in mvc webflux; do
      local_image="jvmbench/target-$app:jdk$version"
      target="$BENCH_REGISTRY/$local_image"
      recipe=$(label_of "$local_image" bench.recipe)
      [[ -n "$recipe" ]] || { log "$local_image is not built here; not in $BENCH_REGISTRY either"; continue; }
      start=$(now_s)
      if [[ "$(registry_label "$target" bench.recipe)" == "$recipe" && "$JVMBENCH_FORCE" != 1 ]]; then
        summary_add "$target" present 0
        continue
      fi
      [[ -n "$(registry_image_id "$BENCH_REGISTRY/$image")" ]] || die "$BENCH_REGISTRY/$image is missing: --only jdk pushes it"
      run_step "jib:build $target" bash -c 'cd "$1" && ./mvnw -B -ntp -q -pl "target-apps/$2-app" -am -DskipTests \
          -Djib.from.image="$3" -Djib.to.image="$4" -Djib.allowInsecureRegistries="$5" \
          -Dbench.jdk="$6" -Dbench.recipe="$7" package com.google.cloud.tools:jib-maven-plugin:build' _ \
        "$(cd "$HOST_DIR/../.." && pwd)" "$app" "$BENCH_REGISTRY/$image" "$target" "$insecure" "$version" "$recipe"
      [[ "$(registry_label "$target" bench.recipe)" == "$recipe" ]] || die "$target was built but carries no recipe $recipe"
      summary_add "$target" built $(( $(now_s) - start ))
    done
  done < <(jdk_catalog available) # version|image of every available entry
}
if [[ -n "${BENCH_REGISTRY:-}" ]] && wants target-apps; then
  use_jdk || die "$JDK_MISSING"
  build_target_apps_into_registry
fi

if wants chromium; then ensure_chromium; fi

summary_print
log "setup finished in $(( $(now_s) - total_start ))s"
