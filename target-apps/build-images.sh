#!/usr/bin/env bash
# Builds the target app images with Jib, for every available JDK of the catalogue:
#
#   jvmbench/target-mvc:jdk<N>       Spring MVC on Tomcat (PT or VT by environment)
#   jvmbench/target-webflux:jdk<N>   Spring WebFlux on Reactor Netty
#
#   target-apps/build-images.sh [--force] [<jdk version> ...]    (default: every available JDK)
#
# JDKs: entries of common/src/main/resources/jvmbench/jdk-catalog.yaml with an `image:` and not
# `available: false` (override the file with JDK_CATALOG). Each app image is built onto that
# JDK's base image straight from the local Docker daemon (`docker://jvmbench/jdk:<N>`, no
# registry) and carries bench.kind=target-app, bench.app, bench.jdk and bench.recipe, the
# sha256 of the target-apps sources and poms, the root pom and the base image's id. A JDK
# whose two images already carry the current recipe is skipped, so a second run takes
# seconds; --force (or JVMBENCH_FORCE=1, which `./bench setup --force` sets) rebuilds anyway.
# One Maven invocation per JDK builds both apps. Needs a Docker engine that answers
# (worker/host/docker-engine.sh) and a JDK 21+ for Maven: $JAVA_HOME, else the newest under /usr/lib/jvm.
set -euo pipefail

TARGET_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$TARGET_DIR/.." && pwd)"
JDK_CATALOG=${JDK_CATALOG:-$REPO_DIR/common/src/main/resources/jvmbench/jdk-catalog.yaml}
APPS=(mvc webflux)
FORCE=${JVMBENCH_FORCE:-0}

log() { printf '[target-apps] %s\n' "$*" >&2; }
die() { printf '[target-apps] ERROR: %s\n' "$*" >&2; exit 1; }

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }

only=()
while (( $# > 0 )); do
  case "$1" in
    --force) FORCE=1 ;;
    -h | --help) usage; exit 0 ;;
    [0-9]*) only+=("$1") ;;
    *) die "unknown argument '$1'; usage: target-apps/build-images.sh [--force] [<jdk version> ...]" ;;
  esac
  shift
done

# --- a JDK 21+ for Maven (the host's default java may be 17) -------------------------------
# shellcheck source=../worker/host/common.sh
source "$REPO_DIR/worker/host/common.sh"
use_jdk || die "$JDK_MISSING"

docker info >/dev/null 2>&1 || die "no Docker engine answers; start one with: bash worker/host/docker-engine.sh start"
[[ -f "$JDK_CATALOG" ]] || die "JDK catalogue not found: $JDK_CATALOG"

# --- the catalogue: "<version> <image>" per available JDK, read by the catalogue's own loader ---
catalog_jdks() {
  jdk_catalog available "$1" | tr '|' ' '
}

# --- the recipe -----------------------------------------------------------------------------
# Everything the images are made of except the base: every file of target-apps (without build
# output and docs; .gitignore and this script count) and the root pom (parent, plugin and dependency versions). Hashed by relative
# path + content, so a renamed file changes it too.
sources_hash() {
  (
    cd "$REPO_DIR"
    {
      printf '%s\0' pom.xml
      # prune Maven's output dirs (target-apps/target, target-apps/<module>/target)
      find target-apps -regextype posix-extended -type d -regex 'target-apps(/[^/]+)?/target' -prune \
        -o -type f ! -name '*.md' -print0
    } | sort -z | xargs -0 sha256sum
  ) | sha256sum | cut -d' ' -f1
}


# Two runs at once would race on the same tags.
mkdir -p /tmp/jvmbench
exec 9>/tmp/jvmbench/target-apps-images.lock
if command -v flock >/dev/null 2>&1; then
  flock -w 1800 9 || die "another build-images.sh holds /tmp/jvmbench/target-apps-images.lock"
fi

start=$(now_s)
sources=$(sources_hash)
summary=()
failed=()
mapfile -t jdks < <(catalog_jdks "$JDK_CATALOG")
(( ${#jdks[@]} > 0 )) || die "no available JDK with an image in $JDK_CATALOG"

for entry in "${jdks[@]}"; do
  read -r version base <<<"$entry"
  if (( ${#only[@]} > 0 )) && [[ " ${only[*]} " != *" $version "* ]]; then
    continue
  fi
  base_id=$(image_id "$base")
  if [[ -z "$base_id" ]]; then
    log "JDK $version: base image $base is not in the local Docker daemon (build it with worker/host/setup.sh --only jdk)"
    failed+=("jdk$version: no base image $base")
    continue
  fi
  recipe=$(printf 'sources %s\nbase %s %s\njdk %s\n' "$sources" "$base" "$base_id" "$version" | sha256sum | cut -d' ' -f1)

  stale=0
  declare -A old_ids=()
  for app in "${APPS[@]}"; do
    image="jvmbench/target-$app:jdk$version"
    old_ids[$app]=$(image_id "$image")
    [[ "$(label_of "$image" bench.recipe)" == "$recipe" ]] || stale=1
  done
  if (( stale == 0 && FORCE == 0 )); then
    log "JDK $version: images up to date (recipe ${recipe:0:12})"
    for app in "${APPS[@]}"; do summary+=("jvmbench/target-$app:jdk$version|skipped|0"); done
    continue
  fi

  log "JDK $version: building both app images on $base (recipe ${recipe:0:12}) ..."
  t0=$(now_s)
  # package, then jib:dockerBuild on each app (the scenarios jar sets jib.skip, pom modules are
  # skipped by Jib itself). Tests are the job of `./mvnw verify`, not of an image build.
  if ! (cd "$REPO_DIR" && ./mvnw -B -ntp \
        -pl target-apps/mvc-app,target-apps/webflux-app -am \
        -DskipTests \
        -Djib.from.image="docker://$base" \
        -Dbench.jdk="$version" \
        -Dbench.recipe="$recipe" \
        package com.google.cloud.tools:jib-maven-plugin:dockerBuild); then
    failed+=("jdk$version: maven/jib build failed")
    continue
  fi
  secs=$(( $(now_s) - t0 ))
  for app in "${APPS[@]}"; do
    image="jvmbench/target-$app:jdk$version"
    if [[ "$(label_of "$image" bench.recipe)" != "$recipe" ]]; then
      failed+=("$image: built but its bench.recipe label is not $recipe")
      continue
    fi
    # The image this one replaces is now untagged: remove it (ours: bench.kind=target-app).
    old=${old_ids[$app]}
    if [[ -n "$old" && "$old" != "$(image_id "$image")" \
          && "$(label_of "$old" bench.kind)" == "target-app" ]]; then
      docker image rm "$old" >/dev/null 2>&1 || true
    fi
    summary+=("$image|built|$secs")
  done
done

printf '\n%-34s %10s  %-8s %7s\n' IMAGE SIZE STATUS SECONDS >&2
for row in "${summary[@]}"; do
  IFS='|' read -r image status secs <<<"$row"
  printf '%-34s %10s  %-8s %7s\n' "$image" "$(image_size_mb "$image")" "$status" "$secs" >&2
done
log "done in $(( $(now_s) - start ))s"
if (( ${#failed[@]} > 0 )); then
  for f in "${failed[@]}"; do log "FAILED: $f"; done
  exit 1
fi
