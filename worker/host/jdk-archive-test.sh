#!/usr/bin/env bash
# A JDK from a vendor archive, end to end (part of `./bench test`): an archive made here the way
# vendors ship one (`tar czf` of a local JDK, one top directory jdk-<version>/), named by a
# temporary catalogue (JDK_CATALOG) whose only entry is a test-only image,
# jvmbench/jdk-archive-test:<feature>-<pid>, never a real jvmbench/jdk:<N>:
#
#   1. a wrong sha256 (archive by file path): `setup.sh --only jdk` fails naming both digests,
#      nothing is cached, nothing is tagged;
#   2. the right one (archive by URL, served on 127.0.0.1): the archive is downloaded, checked,
#      cached, and the image is built; `docker run` prints the JDK's version, and the image keeps
#      the contract of the Debian-package image jvmbench/jdk:<feature> (same default user, user
#      app 10001:10001, JAVA_HOME=/opt/java and PATH, CMD, java runs as 10001:10001, labels);
#   3. setup again with the server stopped and the cache emptied: the image is up to date, nothing
#      is fetched;
#   4. offline (BENCH_JDK_ARCHIVES=DIR): the archive is taken from DIR by file name though its URL
#      does not answer; a DIR without it is an error naming the file.
#
#   bash worker/host/jdk-archive-test.sh
#
# Needs a Docker engine and jvmbench/base:trixie and jvmbench/jdk:<feature> (./bench setup). The
# JDK archived is $JDK_ARCHIVE_TEST_JDK, default /usr/lib/jvm/temurin-25-jdk-amd64 when present,
# else the JDK ./bench uses. The archive is made once (~20 s) and kept in
# $JVMBENCH_TOOLS_DIR/jdk-archive-test (default ~/.cache/jvmbench/tools); then the test takes
# ~30-60 s (one image build). The test image, the server and the temporary files are removed at
# the end, pass or fail.
set -euo pipefail

HOST_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
START=$SECONDS

log() { printf '[jdk-archive-test] %s\n' "$*" >&2; }
die() { printf '[jdk-archive-test] FAILED: %s\n' "$*" >&2; exit 1; }
# shellcheck source=common.sh
source "$HOST_DIR/common.sh"

unset BENCH_REGISTRY BENCH_JDK_ARCHIVES JVMBENCH_JDK_ARCHIVE_CACHE JVMBENCH_FORCE

source_jdk=${JDK_ARCHIVE_TEST_JDK:-}
if [[ -z "$source_jdk" ]]; then
  source_jdk=/usr/lib/jvm/temurin-25-jdk-amd64
  [[ -d "$source_jdk" ]] || source_jdk=$(find_jdk) || die "$JDK_MISSING"
fi
feature=$(jdk_feature "$source_jdk")
[[ -n "$feature" ]] || die "$source_jdk is not a JDK (no bin/java and bin/javac)"
reference="jvmbench/jdk:$feature"

docker info >/dev/null 2>&1 || die "no Docker engine answers; run ./bench setup"
for needed in jvmbench/base:trixie "$reference"; do
  docker image inspect "$needed" >/dev/null 2>&1 || die "image $needed is missing; run ./bench setup"
done

# --- the archive, as a vendor ships it (made once, cached) -------------------------------------
tools=${JVMBENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmbench/tools}
runtime=$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' "$source_jdk/release" 2>/dev/null)
runtime=${runtime%-LTS}
runtime=${runtime:-$feature}
top="jdk-$runtime"
name="OpenJDK${feature}U-jdk_x64_linux_jvmbench-test_${runtime//+/_}.tar.gz"
archive_dir="$tools/jdk-archive-test"
archive="$archive_dir/$name"
if [[ ! -f "$archive" ]]; then
  log "making $archive from $source_jdk (once; top directory $top/) ..."
  mkdir -p "$archive_dir"
  t0=$SECONDS
  tar -czf "$archive.part.$$" -C "$(dirname "$source_jdk")" \
    --transform "s,^$(basename "$source_jdk"),$top," "$(basename "$source_jdk")" \
    || { rm -f "$archive.part.$$"; die "tar czf of $source_jdk failed"; }
  mv -f "$archive.part.$$" "$archive"
  log "made in $(( SECONDS - t0 ))s ($(du -m "$archive" | cut -f1) MB)"
fi
sha=$(sha256sum "$archive" | cut -d' ' -f1)
log "archive $archive, sha256 $sha"

# --- the test's own image, catalogue, cache and server -----------------------------------------
image="jvmbench/jdk-archive-test:$feature-$$"
work=$(mktemp -d "${TMPDIR:-/tmp}/jvmbench-jdk-archive-test.XXXXXX")
server_pid=""
ok=0
cleanup() {
  trap - EXIT INT TERM
  stop_pid "$server_pid" 5 || true
  if docker image inspect "$image" >/dev/null 2>&1; then
    docker image rm "$image" >/dev/null && log "removed $image"
  fi
  if (( ok == 1 )); then
    rm -rf "$work"
  else
    rm -rf "$work/cache" "$work/cache-offline"
    log "setup logs kept in $work/logs"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

catalogue() { # file archive sha256
  cat >"$1" <<EOF
# jdk-archive-test.sh's own catalogue: one test-only image
jdks:
  - version: $feature
    image: $image
    archive: $2
    sha256: "$3"
EOF
}

# setup.sh --only jdk on a catalogue, with the test's cache and logs; its output in $work/setup.out.
setup_jdk() {
  JDK_CATALOG=$1 JVMBENCH_JDK_ARCHIVE_CACHE="$work/cache" JVMBENCH_LOG_DIR="$work/logs" \
    bash "$HOST_DIR/setup.sh" --only jdk >"$work/setup.out" 2>&1
}
show() { sed 's/^/    | /' "$work/setup.out" >&2; }
cached="$work/cache/$sha/$name"

# --- 1. a wrong sha256: a clear error, nothing cached or tagged ---------------------------------
wrong=$(printf 'not the archive' | sha256sum | cut -d' ' -f1)
catalogue "$work/wrong.yaml" "$archive" "$wrong"
log "1. wrong sha256 ($wrong), archive by path: setup must fail"
if setup_jdk "$work/wrong.yaml"; then show; die "setup accepted an archive whose sha256 is not the catalogue's"; fi
show
for needle in "sha256 mismatch" "the catalogue says $wrong" "the archive is $sha" "nothing was cached or tagged"; do
  grep -qF "$needle" "$work/setup.out" || die "the error does not say '$needle'"
done
! docker image inspect "$image" >/dev/null 2>&1 || die "$image was tagged although the sha256 was wrong"
[[ -z "$(find "$work/cache" -type f 2>/dev/null)" ]] || die "something was cached although the sha256 was wrong: $(find "$work/cache" -type f)"

# --- 2. the right sha256, by URL: downloaded, cached, built ------------------------------------
port=$(free_port)
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$archive_dir" >"$work/server.log" 2>&1 &
server_pid=$!
await_ready "http://127.0.0.1:$port/" 20 "$server_pid" || die "the archive server did not start: $(tail -n 5 "$work/server.log")"
url="http://127.0.0.1:$port/$name"
catalogue "$work/url.yaml" "$url" "$sha"
log "2. right sha256, archive by URL ($url): setup builds $image"
t0=$SECONDS
setup_jdk "$work/url.yaml" || { show; die "setup failed on the right archive"; }
show
log "   setup took $(( SECONDS - t0 ))s"
grep -q "GET /$name" "$work/server.log" || die "the archive was not downloaded from $url"
[[ "$(sha256sum "$cached" 2>/dev/null | cut -d' ' -f1)" == "$sha" ]] || die "the archive is not cached at $cached"

version_out=$(docker run --rm --network none "$image" 2>&1) || die "docker run $image failed: $version_out"
printf '%s\n' "$version_out" | sed 's/^/    | /' >&2
grep -q "version \"${feature}[.\"]" <<<"$version_out" || die "java -version in $image does not print $feature: $version_out"

# The contract of the Debian-package image: what the target-app and artifact images built on it expect.
for field in '{{.Config.User}}' '{{json .Config.Entrypoint}}' '{{json .Config.Cmd}}' '{{json .Config.Env}}' \
  '{{.Config.WorkingDir}}' '{{index .Config.Labels "bench.kind"}}' '{{index .Config.Labels "bench.jdk"}}'; do
  ours=$(docker image inspect -f "$field" "$image")
  theirs=$(docker image inspect -f "$field" "$reference")
  [[ "$ours" == "$theirs" ]] || die "$field: $image has '$ours', $reference has '$theirs'"
  log "   $field = '$ours' (as $reference)"
done
[[ "$(docker image inspect -f '{{index .Config.Labels "bench.jdk-archive-sha256"}}' "$image")" == "$sha" ]] \
  || die "$image does not carry bench.jdk-archive-sha256=$sha"
# shellcheck disable=SC2016 # expanded in the container
probe='id; getent passwd app; echo "JAVA_HOME=$JAVA_HOME"; for t in java jcmd jfr; do command -v "$t"; done; ls -ld /home/app | cut -d" " -f1,3,4'
ours=$(docker run --rm --network none "$image" sh -c "$probe" 2>&1)
theirs=$(docker run --rm --network none "$reference" sh -c "$probe" 2>&1)
printf '%s\n' "$ours" | sed 's/^/    | /' >&2
[[ "$ours" == "$theirs" ]] || die "user, JAVA_HOME or tools differ from $reference:"$'\n'"$image:"$'\n'"$ours"$'\n'"$reference:"$'\n'"$theirs"
as_app=$(docker run --rm --network none --user 10001:10001 "$image" sh -c 'id -u; java -version 2>&1 | head -n 1' 2>&1) \
  || die "java does not run as 10001:10001 in $image: $as_app"
[[ "$as_app" == 10001$'\n'* && "$as_app" == *"version \"$feature"* ]] || die "as 10001:10001: $as_app"
log "   as 10001:10001 (the app images' user): $(tr '\n' ' ' <<<"$as_app")"

# --- 3. up to date: no server, no cache, nothing fetched ---------------------------------------
stop_pid "$server_pid" 5 || true
server_pid=""
rm -rf "$work/cache"
id_before=$(image_id "$image")
log "3. setup again, the server stopped and the cache empty: $image is up to date"
setup_jdk "$work/url.yaml" || { show; die "setup failed on an image that is up to date"; }
grep -q "$image up to date" "$work/setup.out" || { show; die "setup did not find $image up to date"; }
[[ "$(image_id "$image")" == "$id_before" ]] || die "$image was rebuilt"

# --- 4. offline: BENCH_JDK_ARCHIVES, matched by file name ---------------------------------------
log "4. offline: BENCH_JDK_ARCHIVES=$archive_dir, the URL does not answer"
dead_url="http://127.0.0.1:$(free_port)/$name"
got=$(
  # shellcheck source=build-images.sh
  source "$HOST_DIR/build-images.sh"
  BENCH_JDK_ARCHIVES=$archive_dir JDK_ARCHIVE_CACHE="$work/cache-offline" fetch_jdk_archive "$feature" "$dead_url" "$sha"
  printf '%s\n' "$JDK_ARCHIVE_PATH"
) || die "the offline fetch from BENCH_JDK_ARCHIVES=$archive_dir failed"
[[ "$got" == "$work/cache-offline/$sha/$name" && "$(sha256sum "$got" | cut -d' ' -f1)" == "$sha" ]] \
  || die "the offline fetch gave '$got', not the archive in the cache"
mkdir -p "$work/empty"
if err=$(
  # shellcheck source=build-images.sh
  source "$HOST_DIR/build-images.sh"
  BENCH_JDK_ARCHIVES="$work/empty" JDK_ARCHIVE_CACHE="$work/cache-offline2" fetch_jdk_archive "$feature" "$dead_url" "$sha" 2>&1
); then
  die "an offline fetch from a directory without the archive succeeded"
fi
grep -q "$name is not in BENCH_JDK_ARCHIVES=$work/empty" <<<"$err" || die "the offline error does not name the file and the directory: $err"
log "   $err"

ok=1
log "PASSED in $(( SECONDS - START ))s"
