# shellcheck shell=bash
# Functions shared by the repository's scripts (./bench, the image builders, the fuzzer, the
# load test, the compose test). Source it. They print no prefix and never exit: each caller
# says what failed in its own voice. No shell options are changed.

# The feature version (21, 25...) of the JDK at $1 (a JAVA_HOME), or nothing when $1 is not a
# full JDK (Maven needs javac, not just java).
jdk_feature() {
  local home=$1 release
  [[ -n "$home" && -x "$home/bin/java" && -x "$home/bin/javac" ]] || return 0
  release="$home/release"
  if [[ -f "$release" ]]; then
    sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release"
  else
    "$home/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1
  fi
}

# Prints a JDK 21+ home: $JAVA_HOME when it is one, else the newest under /usr/lib/jvm (the
# host's default java may be 17). Returns 1, printing nothing, when there is none; the caller
# then shows $JDK_MISSING.
find_jdk() {
  local candidate version best="" best_version=0
  version=$(jdk_feature "${JAVA_HOME:-}")
  if [[ -n "$version" && "$version" -ge 21 ]]; then
    echo "$JAVA_HOME"
    return 0
  fi
  for candidate in /usr/lib/jvm/*; do
    [[ -d "$candidate" && ! -L "$candidate" ]] || continue
    version=$(jdk_feature "$candidate")
    if [[ -n "$version" && "$version" -ge 21 && "$version" -gt "$best_version" ]]; then
      best=$candidate
      best_version=$version
    fi
  done
  [[ -n "$best" ]] || return 1
  echo "$best"
}

# shellcheck disable=SC2034 # read by the scripts that source this file
JDK_MISSING="no JDK 21 or newer found (JAVA_HOME${JAVA_HOME:+=$JAVA_HOME} is not one, none under /usr/lib/jvm): install one, e.g. 'apt-get install openjdk-21-jdk-headless' (Debian 12: from bookworm-backports or Temurin), or set JAVA_HOME"

# Exports JAVA_HOME (a JDK 21+), puts it first on PATH and quiets Maven's sun.misc.Unsafe
# warning on JDK 24+. Returns 1 when there is no such JDK.
use_jdk() {
  local home
  home=$(find_jdk) || return 1
  export JAVA_HOME=$home
  export PATH="$JAVA_HOME/bin:$PATH"
  if [[ "$(jdk_feature "$JAVA_HOME")" -ge 24 && "${MAVEN_OPTS:-}" != *--sun-misc-unsafe-memory-access* ]]; then
    export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
  fi
}

# The repository this file belongs to (worker/host/common.sh -> the root).
JVMBENCH_ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# jdk_catalog buildable|available [CATALOGUE]: the JDK catalogue (default the shipped one) read by
# the loader the api and the worker use (dev.jvmbench.common.catalog.JdkCatalog), one line per
# entry, so no script parses the YAML itself:
#   buildable  "version|image|suite|package|archive|sha256" per available entry with `build`
#              (archive and sha256 empty) or `archive` (package empty): the JDK images built here
#   available  "version|image" per available entry
# Runs the common module's JdkCatalogLines on common/target/classes and SnakeYAML (~0.1-0.5 s).
# The common module is compiled first only when it never was or its Java sources or poms are
# newer than the last compile (one Maven run, 10-20 s): it works before the project is built.
# Needs JAVA_HOME (use_jdk). Returns 1 (the reason on stderr) on a catalogue the loader refuses.
jdk_catalog() {
  local mode=$1 catalog=${2:-$JVMBENCH_ROOT_DIR/common/src/main/resources/jvmbench/jdk-catalog.yaml}
  local common="$JVMBENCH_ROOT_DIR/common"
  local classpath_file="$common/target/jdk-catalog-lines.classpath"
  local main_class="$common/target/classes/dev/jvmbench/common/catalog/JdkCatalogLines.class"
  use_jdk || { printf '%s\n' "$JDK_MISSING" >&2; return 1; }
  if [[ ! -s "$classpath_file" || ! -f "$main_class" ]] \
    || [[ -n "$(find "$JVMBENCH_ROOT_DIR/pom.xml" "$common/pom.xml" "$common/src/main/java" \
        "$JVMBENCH_ROOT_DIR/worker/loadgen-protocol/pom.xml" "$JVMBENCH_ROOT_DIR/worker/loadgen-protocol/src/main/java" \
        -newer "$classpath_file" -print -quit)" ]]; then
    mkdir -p "$common/target"
    # Two scripts compiling at once would write the same class files.
    (
      flock -w 600 9 || { echo "jdk_catalog: $common/target/.jdk-catalog-lines.lock is held for 10 min" >&2; exit 1; }
      # -am: what common depends on (loadgen-protocol, and migrations, which common's tests use and
      # build-classpath resolves in every scope) comes from its target/ in the reactor; nothing is
      # looked up in (or installed to) ~/.m2. common comes last in the reactor, so its classpath is
      # the one the file keeps.
      "$JVMBENCH_ROOT_DIR/mvnw" -B -q --no-transfer-progress -f "$JVMBENCH_ROOT_DIR/pom.xml" -pl migrations,common -am \
        -DskipTests compile dependency:build-classpath -Dmdep.outputFile="$classpath_file" \
        -DincludeScope=runtime -DincludeArtifactIds=snakeyaml >&2 \
        && touch "$classpath_file" # build-classpath leaves an unchanged file as it was
    ) 9>"$common/target/.jdk-catalog-lines.lock" || { echo "jdk_catalog: compiling the common module failed (above)" >&2; return 1; }
  fi
  "$JAVA_HOME/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$common/target/classes:$(<"$classpath_file")" \
    dev.jvmbench.common.catalog.JdkCatalogLines "$mode" "$catalog"
}

# Seconds since the epoch with no fork (bash 5 EPOCHREALTIME), for step timing.
now_s() {
  local t=${EPOCHREALTIME:-}
  if [[ -n "$t" ]]; then printf '%s' "${t%.*}"; else date +%s; fi
}

# The id of a local image, empty when it is absent.
image_id() { docker image inspect -f '{{.Id}}' "$1" 2>/dev/null || true; }

# image label -> the label's value, empty when the image or the label is absent.
label_of() { docker image inspect -f "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null || true; }

# The size of a local image for the build summaries ("-" when it is absent).
image_size_mb() {
  local bytes
  bytes=$(docker image inspect -f '{{.Size}}' "$1" 2>/dev/null) || { printf -- '-'; return; }
  printf '%d MB' $(( bytes / 1000000 ))
}

# A TCP port free on 127.0.0.1 right now (the kernel picks it).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# stop_pid PID [GRACE]: SIGTERM to a background job of this shell that still runs, then waits for
# it to exit; with GRACE seconds, SIGKILL when it is still there by then. Returns 1 when there was
# nothing to stop.
stop_pid() {
  local pid=$1 grace=${2:-} _
  if [[ -z "$pid" ]] || ! kill -0 "$pid" 2>/dev/null; then
    return 1
  fi
  kill -TERM "$pid" 2>/dev/null || true
  if [[ -n "$grace" ]]; then
    for _ in $(seq 1 "$grace"); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
}

# await_ready URL SECONDS [PID]: polls URL once a second until it answers 2xx. Returns 0 when
# it does (AWAITED_SECONDS says after how long), 1 when process PID exited first, 2 after
# SECONDS without an answer.
AWAITED_SECONDS=0
await_ready() {
  local url=$1 limit=$2 pid=${3:-}
  AWAITED_SECONDS=0
  until curl -sf "$url" >/dev/null 2>&1; do
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then
      return 1
    fi
    (( AWAITED_SECONDS < limit )) || return 2
    sleep 1
    AWAITED_SECONDS=$((AWAITED_SECONDS + 1))
  done
}

# --- a registry the cluster pulls from (BENCH_REGISTRY=host[:port][/path]) ---------------------
# Plain HTTP for a loopback registry only (127.0.0.0/8, localhost, [::1]), HTTPS otherwise, as the
# worker's bench.worker.registry; read without credentials, pushed with the docker CLI's.

# registry_url REF -> http(s)://host/v2/<repository> of REF (host/repository:tag).
registry_url() {
  local ref=$1 host rest scheme=https
  host=${ref%%/*}
  rest=${ref#*/}
  case "${host%:*}" in
    127.* | localhost | '[::1]') scheme=http ;;
  esac
  printf '%s://%s/v2/%s' "$scheme" "$host" "${rest%:*}"
}

# registry_image_id REF -> the digest of the image's config (= Docker's image id of the same
# image), empty when the registry has no such tag.
registry_image_id() {
  local ref=$1
  curl -sf --max-time 30 -H 'Accept: application/vnd.oci.image.manifest.v1+json, application/vnd.docker.distribution.manifest.v2+json' \
    "$(registry_url "$ref")/manifests/${ref##*:}" 2>/dev/null \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["config"]["digest"])' 2>/dev/null || true
}

# registry_label REF LABEL -> the label of the image in the registry, empty when absent.
registry_label() {
  local ref=$1 label=$2 config
  config=$(registry_image_id "$ref")
  [[ -n "$config" ]] || return 0
  curl -sf --max-time 30 "$(registry_url "$ref")/blobs/$config" 2>/dev/null \
    | python3 -c "import json, sys; print((json.load(sys.stdin).get('config', {}).get('Labels') or {}).get('$label', ''))" 2>/dev/null || true
}

# push_image IMAGE REGISTRY -> pushes the local IMAGE (name:tag) to REGISTRY/name:tag with the
# docker CLI, unless the registry already has the same image (its config digest is the local
# image id). Prints "pushed" or "present"; returns 1 when the push fails.
push_image() {
  local image=$1 registry=$2 target id
  target="$registry/$image"
  id=$(image_id "$image")
  [[ -n "$id" ]] || { echo "missing"; return 1; }
  if [[ "$(registry_image_id "$target")" == "$id" ]]; then
    echo present
    return 0
  fi
  docker tag "$image" "$target" || return 1
  # The tag is the registry's, not a second local image: it goes once pushed.
  if ! timeout 900 docker push -q "$target" >/dev/null; then
    docker image rm "$target" >/dev/null 2>&1 || true
    return 1
  fi
  docker image rm "$target" >/dev/null 2>&1 || true
  echo pushed
}
