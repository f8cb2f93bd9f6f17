#!/usr/bin/env bash
# Builds the benchmark host's non-Java images: Debian base images (mmdebstrap, no registry),
# one JDK image per buildable entry of the JDK catalogue (a Debian package, or a vendor archive
# unpacked onto the base), and the stock upstreams (nginx with a fixed delay, PostgreSQL 17).
#
#   bash worker/host/build-images.sh [--force] [base|jdk|upstreams ...]   (default: all)
#
# JDK_CATALOG=FILE reads another catalogue (default the shipped one). A JDK archive (`archive:` +
# `sha256:`) is taken from the cache ($JVMBENCH_TOOLS_DIR/jdk-archives/<sha256>/<file name>,
# default ~/.cache/jvmbench/tools), else from BENCH_JDK_ARCHIVES=DIR when set (offline: matched by
# file name, nothing is downloaded), else downloaded (URL) or copied (a path, relative to the
# catalogue's directory); its sha256 is checked before it is cached, unpacked or tagged.
#
# Each image carries `bench.recipe=<sha256 of its recipe>` (Dockerfile, files, build args and
# the id of the image it is built on). An image whose label matches is skipped, so a run with
# nothing changed takes seconds; a rebuilt base cascades into the images built on it.
# Sourceable: setup.sh calls build_bases / build_jdks / build_upstreams.

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

JDK_CATALOG=${JDK_CATALOG:-$JVMBENCH_REPO_DIR/common/src/main/resources/jvmbench/jdk-catalog.yaml}
IMAGES_DIR=$JVMBENCH_HOST_DIR/images
# The upstreams are built on trixie: stable, and it carries nginx's echo module and PostgreSQL 17.
UPSTREAM_SUITE=trixie
JVMBENCH_FORCE=${JVMBENCH_FORCE:-0}
# Docker 20.10's engine with a newer client and no buildx plugin: ask for the classic
# builder explicitly instead of depending on the client's default.
export DOCKER_BUILDKIT=0

# ---------------------------------------------------------------------------------------------
# Mirrors: the ones the host's own apt sources name (the only package mirrors reachable here).

# Prints "<debian mirror> <security mirror>" read from /etc/apt/sources.list.d (deb822 and
# one-line formats) and /etc/apt/sources.list, for the host's own Debian codename.
host_mirrors() {
  local codename
  # shellcheck disable=SC1091
  codename=$(. /etc/os-release 2>/dev/null && printf '%s' "${VERSION_CODENAME:-}")
  local files=()
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] && files+=("$f")
  done
  local found=""
  if (( ${#files[@]} > 0 )); then
    found=$(awk -v cn="$codename" '
      function consider(uri, suite) {
        sub(/\/+$/, "", uri)
        if (suite == cn "-security" || suite == cn "/updates") { if (sec == "") sec = uri }
        else if (suite == cn || suite == cn "-updates") { if (main == "") main = uri }
      }
      function flush(   i, j, nu, ns, u, s) {
        if (types ~ /(^|[ \t])deb([ \t]|$)/ && enabled != "no") {
          nu = split(uris, u, /[ \t]+/); ns = split(suites, s, /[ \t]+/)
          for (i = 1; i <= nu; i++) for (j = 1; j <= ns; j++) if (u[i] != "" && s[j] != "") consider(u[i], s[j])
        }
        types = ""; uris = ""; suites = ""; enabled = ""
      }
      FNR == 1 { flush(); deb822 = (FILENAME ~ /\.sources$/) }
      /^[ \t]*#/ { next }
      deb822 && /^[ \t]*$/ { flush(); next }
      deb822 {
        key = tolower($1); val = $0; sub(/^[^:]*:[ \t]*/, "", val)
        if (key == "types:") types = val
        else if (key == "uris:") uris = val
        else if (key == "suites:") suites = val
        else if (key == "enabled:") enabled = tolower(val)
        next
      }
      $1 == "deb" {
        i = 2
        if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
        consider($i, $(i + 1))
      }
      END { flush(); print main, sec }
    ' "${files[@]}")
  fi
  local main sec
  read -r main sec <<<"$found"
  # deb.debian.org is Debian's own redirector: the right default when the host names none.
  main=${JVMBENCH_DEBIAN_MIRROR:-${main:-http://deb.debian.org/debian}}
  sec=${JVMBENCH_SECURITY_MIRROR:-${sec:-http://deb.debian.org/debian-security}}
  printf '%s %s\n' "$main" "$sec"
}

# ---------------------------------------------------------------------------------------------
# JDK catalogue: read by the api's and the worker's own loader (jdk_catalog in common.sh runs
# dev.jvmbench.common.catalog.JdkCatalogLines), never parsed here, so the two cannot disagree.

# Fills BUILDABLE_JDKS with one "version|image|suite|package|archive|sha256" per available entry
# with `build` (archive and sha256 empty) or `archive` (package empty).
# Called in this shell (not in a pipe or a process substitution) so that a catalogue the loader
# refuses stops the script, and read once however many build steps need it.
BUILDABLE_JDKS=()
BUILDABLE_JDKS_READ=0
read_buildable_jdks() {
  (( BUILDABLE_JDKS_READ == 0 )) || return 0
  local lines
  [[ -f "$JDK_CATALOG" ]] || die "JDK catalogue not found: $JDK_CATALOG"
  lines=$(jdk_catalog buildable "$JDK_CATALOG") || die "cannot read the JDK catalogue $JDK_CATALOG (reason above)"
  [[ -z "$lines" ]] || mapfile -t BUILDABLE_JDKS <<<"$lines"
  if [[ -n "${BENCH_SETUP_JDKS:-}" ]]; then
    local entry wanted=()
    for entry in "${BUILDABLE_JDKS[@]}"; do
      setup_wants_jdk "${entry%%|*}" && wanted+=("$entry")
    done
    BUILDABLE_JDKS=("${wanted[@]}")
  fi
  BUILDABLE_JDKS_READ=1
}

# BENCH_SETUP_JDKS="25 21": only these JDKs' images (and the bases they need); unset: every one.
# BENCH_SETUP_UPSTREAMS="http db": only these upstreams (http: nginx, db: PostgreSQL, the scenario
# catalogue's names); unset: both. `./bench demo` sets them to what its job runs on, so a first run
# on a new machine does not build what it does not use; a later setup builds the rest.
setup_wants_jdk() { [[ -z "${BENCH_SETUP_JDKS:-}" || " $BENCH_SETUP_JDKS " == *" $1 "* ]]; }
setup_wants_upstream() { [[ -z "${BENCH_SETUP_UPSTREAMS+set}" || " $BENCH_SETUP_UPSTREAMS " == *" $1 "* ]]; }

# ---------------------------------------------------------------------------------------------
# Helpers shared by the image kinds.


# True (0) when $image must be (re)built for $recipe.
needs_build() {
  local image=$1 recipe=$2
  [[ "$JVMBENCH_FORCE" == 1 ]] && return 0
  [[ "$(image_recipe "$image")" != "$recipe" ]]
}

# After a rebuild the previous image is left untagged; remove it so rebuilds do not pile up
# gigabytes of <none> images. Failure is fine: a container may still use it.
drop_replaced_image() {
  local old_id=$1 image=$2
  [[ -n "$old_id" && "$old_id" != "$(image_id "$image")" ]] || return 0
  docker image rm "$old_id" >/dev/null 2>&1 || true
}

# Recipe of a Docker build context: every file (name + content) plus the build args.
context_recipe() {
  local dir=$1; shift
  local files=()
  mapfile -t files < <(cd "$dir" && find . -type f | LC_ALL=C sort)
  recipe_hash "$dir" "${files[@]}" "$@"
}

# docker_build <image> <recipe> <context dir> [docker build args...]
docker_build() {
  local image=$1 recipe=$2 dir=$3; shift 3
  local extra=()
  # --force means "from scratch", e.g. to pick up today's Debian security updates.
  [[ "$JVMBENCH_FORCE" == 1 ]] && extra+=(--no-cache)
  # --force-rm: a failed step must not leave its intermediate container behind.
  docker build --network host --force-rm "${extra[@]}" \
    --label "bench.recipe=$recipe" -t "$image" "$@" "$dir"
}

# ---------------------------------------------------------------------------------------------
# Base OS images.

base_image() { printf 'jvmbench/base:%s\n' "$1"; }

# The mmdebstrap arguments for a suite, one per line (hashed into the recipe).
base_mmdebstrap_args() {
  local suite=$1 main sec
  read -r main sec < <(host_mirrors)
  # openjdk's postinst registers its man pages as alternatives and fails when the
  # directories are missing (the pages themselves are excluded below).
  # shellcheck disable=SC2016 # $1 is the chroot, expanded by mmdebstrap's hook shell
  local man_hook='--essential-hook=mkdir -p "$1/usr/share/man/man1" "$1/usr/share/man/man7"'
  printf '%s\n' --variant=minbase --format=tar \
    '--dpkgopt=path-exclude=/usr/share/doc/*' \
    '--dpkgopt=path-include=/usr/share/doc/*/copyright' \
    '--dpkgopt=path-exclude=/usr/share/man/*' \
    '--dpkgopt=path-exclude=/usr/share/info/*' \
    '--dpkgopt=path-exclude=/usr/share/locale/*' \
    '--dpkgopt=path-include=/usr/share/locale/locale.alias' \
    '--dpkgopt=path-exclude=/usr/share/lintian/*' \
    '--aptopt=APT::Install-Recommends "false"' \
    '--aptopt=Acquire::Languages "none"' \
    "$man_hook"
  case "$suite" in
    sid | unstable | experimental)
      # sid's Release files expire within days; a mirror snapshot or a slightly stale
      # mirror would otherwise make every later `apt-get update` in a Dockerfile fail.
      printf '%s\n' '--aptopt=Acquire::Check-Valid-Until "false"'
      printf '%s\n' "$suite" - "deb $main $suite main"
      ;;
    *)
      printf '%s\n' "$suite" - "deb $main $suite main" "deb $main $suite-updates main" \
        "deb $sec $suite-security main"
      ;;
  esac
}

_import_base() {
  local suite=$1 image=$2 recipe=$3
  local args=()
  mapfile -t args < <(base_mmdebstrap_args "$suite")
  mmdebstrap "${args[@]}" | docker import \
    --change 'LABEL bench.kind=base' \
    --change "LABEL bench.suite=$suite" \
    --change "LABEL bench.recipe=$recipe" \
    --change 'ENV LANG=C.UTF-8' \
    --change 'CMD ["bash"]' \
    - "$image"
}

# Installed only when a base image is actually built: a host with its images never needs it.
ensure_mmdebstrap() {
  command -v mmdebstrap >/dev/null 2>&1 && return 0
  if (( EUID != 0 )) || [[ ! -f /etc/debian_version ]]; then
    die "mmdebstrap is missing: install it as root ('apt-get install -y mmdebstrap' on Debian/Ubuntu), then rerun"
  fi
  run_step "install mmdebstrap" _apt_install mmdebstrap
}

_apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  # `apt-get update` only when the install fails: it costs 10-20 s and is rarely needed.
  apt-get install -y -q "$@" || { apt-get update -q && apt-get install -y -q "$@"; }
}

build_base() {
  local suite=$1 image recipe start old_id
  image=$(base_image "$suite")
  recipe=$(base_mmdebstrap_args "$suite" | sha256sum | cut -d' ' -f1)
  start=$(now_s)
  if ! needs_build "$image" "$recipe"; then
    log "$image up to date"
    summary_add "$image" skipped 0
    return 0
  fi
  ensure_mmdebstrap
  old_id=$(image_id "$image")
  run_step "build $image (mmdebstrap)" _import_base "$suite" "$image" "$recipe"
  drop_replaced_image "$old_id" "$image"
  summary_add "$image" built $(( $(now_s) - start ))
}

# Suites needed: trixie for the upstreams plus every suite a buildable JDK names.
needed_suites() {
  local wanted=$1 suites=()
  [[ "$wanted" == *upstreams* ]] && suites+=("$UPSTREAM_SUITE")
  if [[ "$wanted" == *jdk* ]]; then
    local entry _v _i suite _rest
    for entry in "${BUILDABLE_JDKS[@]}"; do
      IFS='|' read -r _v _i suite _rest <<<"$entry"
      suites+=("$suite")
    done
  fi
  printf '%s\n' "${suites[@]}" | awk 'NF && !seen[$0]++'
}

build_bases() { # [which images the bases are for: "jdk upstreams"]
  local suite
  read_buildable_jdks
  while read -r suite; do build_base "$suite"; done < <(needed_suites "${1:-jdk upstreams}")
}

# ---------------------------------------------------------------------------------------------
# JDK images.

# --- from a Debian package ------------------------------------------------------------------

build_jdk() {
  local version=$1 image=$2 suite=$3 package=$4
  local base base_id recipe start old_id
  base=$(base_image "$suite")
  base_id=$(image_id "$base")
  [[ -n "$base_id" ]] || die "$base is missing (needed by $image): run 'bash worker/host/setup.sh --only base'"
  recipe=$(context_recipe "$IMAGES_DIR/jdk" "BASE=$base@$base_id" "PACKAGE=$package" "JDK_VERSION=$version")
  start=$(now_s)
  if ! needs_build "$image" "$recipe"; then
    log "$image up to date"
    summary_add "$image" skipped 0
    return 0
  fi
  old_id=$(image_id "$image")
  run_step "build $image ($suite $package)" docker_build "$image" "$recipe" "$IMAGES_DIR/jdk" \
    --build-arg "BASE=$base" --build-arg "PACKAGE=$package" --build-arg "JDK_VERSION=$version"
  drop_replaced_image "$old_id" "$image"
  summary_add "$image" built $(( $(now_s) - start ))
}

# --- from a vendor archive ---------------------------------------------------------------------

JDK_ARCHIVE_CACHE=${JVMBENCH_JDK_ARCHIVE_CACHE:-${JVMBENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmbench/tools}/jdk-archives}

# The file name of an archive URL or path (what BENCH_JDK_ARCHIVES is searched for).
jdk_archive_name() {
  local source=${1%%[?#]*}
  printf '%s\n' "${source##*/}"
}

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

_download() { # url file: the file is removed when the download fails
  curl -fL --retry 3 --connect-timeout 30 -o "$2" "$1" || { rm -f "$2"; return 1; }
}

# fetch_jdk_archive VERSION SOURCE SHA256: sets JDK_ARCHIVE_PATH to the archive in the cache, its
# sha256 checked. From the cache, else BENCH_JDK_ARCHIVES (offline), else the URL or the file. A
# digest other than the catalogue's stops the script naming both, and nothing is cached.
# (A variable, not stdout: `die` must end the script, not a command substitution.)
JDK_ARCHIVE_PATH=""
fetch_jdk_archive() {
  local version=$1 source=$2 want=$3 name dir cached part origin got
  name=$(jdk_archive_name "$source")
  dir="$JDK_ARCHIVE_CACHE/$want"
  cached="$dir/$name"
  JDK_ARCHIVE_PATH=""
  if [[ -f "$cached" ]]; then
    got=$(sha256_of "$cached")
    if [[ "$got" == "$want" ]]; then
      log "JDK $version: archive $name from the cache ($cached)"
      JDK_ARCHIVE_PATH=$cached
      return 0
    fi
    log "WARNING: the cached $cached has sha256 $got, not $want: fetching it again"
    rm -f "$cached"
  fi
  mkdir -p "$dir" || die "cannot create the JDK archive cache $dir"
  part="$dir/.$name.part.$$"
  if [[ -n "${BENCH_JDK_ARCHIVES:-}" ]]; then
    origin="$BENCH_JDK_ARCHIVES/$name"
    [[ -f "$origin" ]] || die "JDK $version: $name is not in BENCH_JDK_ARCHIVES=$BENCH_JDK_ARCHIVES (offline, the archive is looked up there by file name and not fetched from $source)"
    cp "$origin" "$part" || { rm -f "$part"; die "JDK $version: cannot copy $origin to $dir"; }
  elif [[ "$source" == *://* ]]; then
    origin=$source
    run_step "download $name" _download "$source" "$part"
  else
    origin=$source
    [[ "$origin" == /* ]] || origin="$(cd "$(dirname "$JDK_CATALOG")" && pwd)/$origin"
    [[ -f "$origin" ]] || die "JDK $version: the archive $origin is not there (named by $JDK_CATALOG)"
    cp "$origin" "$part" || { rm -f "$part"; die "JDK $version: cannot copy $origin to $dir"; }
  fi
  got=$(sha256_of "$part")
  if [[ "$got" != "$want" ]]; then
    rm -f "$part"
    rmdir "$dir" 2>/dev/null || true
    die "JDK $version: sha256 mismatch for $name from $origin: the catalogue says $want, the archive is $got; nothing was cached or tagged"
  fi
  mv -f "$part" "$cached"
  log "JDK $version: archive $name (sha256 $want) cached at $cached"
  JDK_ARCHIVE_PATH=$cached
}

# Unpacks the archive into a build context of its own (removed afterwards) and builds it. Run by
# run_step, in a subshell of its own: it reports on stderr and returns 1.
_build_jdk_from_archive() {
  local image=$1 recipe=$2 archive=$3 base=$4 version=$5 name=$6 sha=$7
  local ctx home feature tool entries
  ctx=$(mktemp -d "${TMPDIR:-/tmp}/jvmbench-jdk-archive.XXXXXX") || return 1
  # shellcheck disable=SC2064 # $ctx is fixed now
  trap "rm -rf '$ctx'" EXIT
  mkdir "$ctx/unpacked"
  # jmods are left out as in images/jdk (only jlink reads them).
  tar -xzf "$archive" -C "$ctx/unpacked" --no-same-owner --exclude='jmods/*' \
    || { echo "cannot unpack $archive (a .tar.gz?)" >&2; return 1; }
  # As vendors ship it: one top directory (jdk-25.0.1+8/) holding bin/java; a JDK at the top works too.
  shopt -s dotglob nullglob
  entries=("$ctx/unpacked"/*)
  shopt -u dotglob nullglob
  home="$ctx/unpacked"
  if (( ${#entries[@]} == 1 )) && [[ -d "${entries[0]}" && ! -L "${entries[0]}" ]]; then home=${entries[0]}; fi
  for tool in java javac jcmd jfr; do
    [[ -x "$home/bin/$tool" ]] || {
      echo "$name holds no JDK: no bin/$tool in its top directory ${home#"$ctx/unpacked"} (a JRE lacks jcmd and jfr, which the worker's probes need)" >&2
      return 1
    }
  done
  feature=$(jdk_feature "$home")
  [[ "$feature" == "$version" ]] || { echo "$name holds JDK ${feature:-?}, the catalogue entry is JDK $version" >&2; return 1; }
  mv "$home" "$ctx/jdk"
  cp "$IMAGES_DIR/jdk-archive/Dockerfile" "$ctx/Dockerfile"
  docker_build "$image" "$recipe" "$ctx" --build-arg "BASE=$base" --build-arg "JDK_VERSION=$version" \
    --build-arg "ARCHIVE=$name" --build-arg "ARCHIVE_SHA256=$sha"
}

# build_jdk_archive VERSION IMAGE SUITE SOURCE SHA256: the archive is only fetched when the image's
# recipe (Dockerfile, base id, archive name and digest) changed, so a host with its image needs
# neither the network nor the archive.
build_jdk_archive() {
  local version=$1 image=$2 suite=$3 source=$4 sha=$5
  local base base_id name recipe start old_id
  base=$(base_image "$suite")
  base_id=$(image_id "$base")
  [[ -n "$base_id" ]] || die "$base is missing (needed by $image): run 'bash worker/host/setup.sh --only base'"
  name=$(jdk_archive_name "$source")
  recipe=$(context_recipe "$IMAGES_DIR/jdk-archive" "BASE=$base@$base_id" "ARCHIVE=$name" "ARCHIVE_SHA256=$sha" \
    "JDK_VERSION=$version")
  start=$(now_s)
  if ! needs_build "$image" "$recipe"; then
    log "$image up to date"
    summary_add "$image" skipped 0
    return 0
  fi
  fetch_jdk_archive "$version" "$source" "$sha"
  old_id=$(image_id "$image")
  run_step "build $image ($suite, archive $name)" _build_jdk_from_archive "$image" "$recipe" "$JDK_ARCHIVE_PATH" \
    "$base" "$version" "$name" "$sha"
  drop_replaced_image "$old_id" "$image"
  summary_add "$image" built $(( $(now_s) - start ))
}

build_jdks() {
  local entry version image suite package archive sha
  read_buildable_jdks
  for entry in "${BUILDABLE_JDKS[@]}"; do
    IFS='|' read -r version image suite package archive sha <<<"$entry"
    if [[ -n "$archive" ]]; then
      build_jdk_archive "$version" "$image" "$suite" "$archive" "$sha"
    else
      build_jdk "$version" "$image" "$suite" "$package"
    fi
  done
}

# ---------------------------------------------------------------------------------------------
# Stock upstreams.

build_upstream() {
  local image=$1 dir=$2
  local base base_id recipe start old_id
  base=$(base_image "$UPSTREAM_SUITE")
  base_id=$(image_id "$base")
  [[ -n "$base_id" ]] || die "$base is missing (needed by $image): run 'bash worker/host/setup.sh --only base'"
  recipe=$(context_recipe "$dir" "BASE=$base@$base_id")
  start=$(now_s)
  if ! needs_build "$image" "$recipe"; then
    log "$image up to date"
    summary_add "$image" skipped 0
    return 0
  fi
  old_id=$(image_id "$image")
  run_step "build $image" docker_build "$image" "$recipe" "$dir" --build-arg "BASE=$base"
  drop_replaced_image "$old_id" "$image"
  summary_add "$image" built $(( $(now_s) - start ))
}

build_upstreams() {
  if setup_wants_upstream http; then build_upstream jvmbench/nginx-delay:1 "$IMAGES_DIR/nginx-delay"; fi
  if setup_wants_upstream db; then build_upstream jvmbench/postgres:17 "$IMAGES_DIR/postgres"; fi
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  what=()
  for arg in "$@"; do
    case "$arg" in
      --force) JVMBENCH_FORCE=1 ;;
      base | jdk | upstreams) what+=("$arg") ;;
      -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
      *) die "unknown argument '$arg'; usage: $0 [--force] [base|jdk|upstreams ...]" ;;
    esac
  done
  (( ${#what[@]} > 0 )) || what=(base jdk upstreams)
  docker info >/dev/null 2>&1 || die "no Docker engine answers: run 'bash worker/host/docker-engine.sh' first"
  total_start=$(now_s)
  for w in "${what[@]}"; do
    case "$w" in
      base) build_bases "jdk upstreams" ;;
      jdk) build_jdks ;;
      upstreams) build_upstreams ;;
    esac
  done
  summary_print
  log "total $(( $(now_s) - total_start ))s"
fi
