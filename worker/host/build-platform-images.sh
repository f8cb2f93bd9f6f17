#!/usr/bin/env bash
# Builds the platform's own images with Jib (Maven profile `platform-image`):
#
#   jvmbench/api:<tag>      the REST API                 bench.kind=platform, bench.component=api
#   jvmbench/worker:<tag>   the worker + the Gatling generator (/app/loadgen)  bench.component=worker
#
#   worker/host/build-platform-images.sh [--force]
#
# <tag> is the project version without -SNAPSHOT (0.1.0). The base is the locally built JDK 25
# image, read straight from the Docker daemon (docker://jvmbench/jdk:25, no registry);
# PLATFORM_BASE_IMAGE=eclipse-temurin:25-jre builds onto Temurin where a registry is reachable.
# Both images run as uid 10001 and carry bench.version, bench.git-commit and bench.recipe: the
# sha256 of the sources they are built from (api, worker, loadgen, common, migrations, the
# poms), the base image's reference and id. When both images carry the current recipe the
# build is skipped (a second run takes about a second); --force (or JVMBENCH_FORCE=1) rebuilds.
# Needs a Docker engine that answers and a JDK 21+ for Maven ($JAVA_HOME, else the newest under /usr/lib/jvm).
set -euo pipefail

HOST_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$HOST_DIR/../.." && pwd)"
BASE=${PLATFORM_BASE_IMAGE:-docker://jvmbench/jdk:25}
FORCE=${JVMBENCH_FORCE:-0}
COMPONENTS=(api worker)

log() { printf '[platform-images] %s\n' "$*" >&2; }
die() { printf '[platform-images] ERROR: %s\n' "$*" >&2; exit 1; }
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }

while (( $# > 0 )); do
  case "$1" in
    --force) FORCE=1 ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown argument '$1'; usage: worker/host/build-platform-images.sh [--force]" ;;
  esac
  shift
done

# shellcheck source=common.sh
source "$HOST_DIR/common.sh"
use_jdk || die "$JDK_MISSING"

docker info >/dev/null 2>&1 || die "no Docker engine answers; start one with: bash worker/host/docker-engine.sh start"

version=$(sed -n '0,/<artifactId>jvmbench-parent<\/artifactId>/d; s:.*<version>\(.*\)</version>.*:\1:p' \
  "$REPO_DIR/pom.xml" | head -n 1)
[[ -n "$version" ]] || die "cannot read the project version from $REPO_DIR/pom.xml"
tag=${version%-SNAPSHOT}


# The base: a local image (docker://) must exist; its id is part of the recipe, so a rebuilt
# JDK image rebuilds the platform images too. A registry base counts by its reference only.
base_id=registry
if [[ "$BASE" == docker://* ]]; then
  base_id=$(image_id "${BASE#docker://}")
  [[ -n "$base_id" ]] || die "base image ${BASE#docker://} is not in the local Docker daemon (build it with: ./bench setup --only jdk)"
fi

sources_hash() {
  (
    cd "$REPO_DIR"
    {
      printf '%s\0' pom.xml "worker/host/build-platform-images.sh"
      find api/src/main api/pom.xml worker/src/main worker/pom.xml worker/loadgen/src/main worker/loadgen/pom.xml \
        worker/loadgen-protocol/src/main worker/loadgen-protocol/pom.xml \
        common/src/main common/pom.xml migrations/src/main migrations/pom.xml -type f -print0
    } | sort -z | xargs -0 sha256sum
  ) | sha256sum | cut -d' ' -f1
}
recipe=$(printf 'sources %s\nbase %s %s\ntag %s\n' "$(sources_hash)" "$BASE" "$base_id" "$tag" | sha256sum | cut -d' ' -f1)

stale=0
declare -A old_ids=()
for c in "${COMPONENTS[@]}"; do
  old_ids[$c]=$(image_id "jvmbench/$c:$tag")
  [[ "$(label_of "jvmbench/$c:$tag" bench.recipe)" == "$recipe" ]] || stale=1
done
if (( stale == 0 && FORCE == 0 )); then
  log "jvmbench/api:$tag and jvmbench/worker:$tag up to date (recipe ${recipe:0:12})"
  exit 0
fi

# Two builds at once would race on the same tags.
mkdir -p /tmp/jvmbench
exec 9>/tmp/jvmbench/platform-images.lock
flock -w 1800 9 || die "another build holds /tmp/jvmbench/platform-images.lock"

commit=$(git -C "$REPO_DIR" rev-parse HEAD 2>/dev/null || echo unknown)
if [[ "$commit" != unknown ]] && ! git -C "$REPO_DIR" diff --quiet HEAD 2>/dev/null; then
  commit="$commit-dirty"
fi
log "building jvmbench/api:$tag and jvmbench/worker:$tag on $BASE (commit ${commit:0:12}, recipe ${recipe:0:12}) ..."
start=$(now_s)
# package builds the worker's generator (worker/loadgen/target) before Jib copies it in; tests
# are the job of ./mvnw verify. Jib is skipped for every module but api and worker.
(cd "$REPO_DIR" && ./mvnw -B -ntp -q -Pplatform-image \
  -pl api,worker/loadgen,worker -am -DskipTests \
  -Dplatform.base.image="$BASE" -Dplatform.image.tag="$tag" \
  -Dbench.git.commit="$commit" -Dbench.recipe="$recipe" \
  package com.google.cloud.tools:jib-maven-plugin:dockerBuild) || die "the Maven/Jib build failed (output above)"
secs=$(( $(now_s) - start ))

printf '\n%-28s %10s  %-8s %7s\n' IMAGE SIZE STATUS SECONDS >&2
for c in "${COMPONENTS[@]}"; do
  image="jvmbench/$c:$tag"
  [[ "$(label_of "$image" bench.recipe)" == "$recipe" ]] || die "$image was built but its bench.recipe label is not $recipe"
  old=${old_ids[$c]}
  # The image this one replaces is now untagged: remove it (ours: bench.kind=platform).
  if [[ -n "$old" && "$old" != "$(image_id "$image")" && "$(label_of "$old" bench.kind)" == platform ]]; then
    docker image rm "$old" >/dev/null 2>&1 || true
  fi
  printf '%-28s %10s  %-8s %7s\n' "$image" "$(image_size_mb "$image")" built "$secs" >&2
done
