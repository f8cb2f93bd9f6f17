#!/usr/bin/env bash
# helm/cluster.sh - a real single-node Kubernetes cluster on this machine, for the project's tests:
# Kubernetes built from the Go module proxy, etcd, containerd, runc, CNI plugins and an image
# registry from Debian's packages, everything on 127.0.0.1. Needs root (Debian 12 or newer).
#
#   bash helm/cluster.sh up [--smoke]  build what is missing (first time: ~9 min on 2 cores and
#                                      3.7 GB of Go caches; then ~11 s), start what is not running,
#                                      wait until the node is Ready (and with --smoke run the smoke
#                                      test); idempotent
#   bash helm/cluster.sh smoke         a hostNetwork Guaranteed pod from the local registry answers on
#                                      127.0.0.1 on an exclusive core; kubectl logs, exec and cp work;
#                                      a pod past its memory limit ends OOMKilled
#   bash helm/cluster.sh down          stop everything, remove every process, mount, cgroup, route
#                                      and state this script made (cached binaries stay); idempotent
#   bash helm/cluster.sh status        what runs, its health, the node (exit 3 when nothing runs)
#   bash helm/cluster.sh env           eval "$(bash helm/cluster.sh env)": KUBECONFIG, PATH to kubectl,
#                                      the node's name, the registry
#
# What runs (127.0.0.1 only; logs in /var/log/jvmbench-k8s/<name>.log):
#   etcd            :2379 (peer :2380), plain HTTP on the loopback   (JVMBENCH_K8S_ETCD_PORT)
#   registry        :5000, plain HTTP, images 127.0.0.1:5000/...   (JVMBENCH_REGISTRY_PORT)
#   containerd      unix:///run/jvmbench-k8s/containerd/containerd.sock (its own, not Docker's)
#   kube-apiserver  https://127.0.0.1:6443                           (JVMBENCH_K8S_API_PORT)
#   kube-controller-manager :10257, kube-scheduler :10259, kubelet :10250 (healthz :10248)
# The node is named 127.0.0.1 (the kubelet refuses a loopback --node-ip; a node name that is an
# IP becomes its InternalIP), so the apiserver, probes and pod IPs all point at the loopback.
# State: /var/lib/jvmbench-k8s and /run/jvmbench-k8s (removed by down). Binaries:
# $JVMBENCH_TOOLS_DIR (default ~/.cache/jvmbench/tools)/kubernetes-v1.34.4/bin, etcd and busybox
# from their .debs beside it, the Go module and build caches in kubernetes-v1.34.4/go.
#
# Environment: JVMBENCH_TOOLS_DIR, GO (a go binary), GOPROXY_URL, JVMBENCH_K8S_API_PORT,
# JVMBENCH_K8S_ETCD_PORT, JVMBENCH_REGISTRY_PORT, JVMBENCH_K8S_TIMEOUT (seconds to wait for the
# node, default 180), JVMBENCH_DEBIAN_MIRROR (the mirror for trixie's etcd). Give every command
# the same port variables as the `up` that started the cluster.
set -euo pipefail

K8S_VERSION=v1.34.4
K8S_BUILD_DATE=2026-02-10T12:53:36Z   # the time the Go module proxy gives for k8s.io/kubernetes@v1.34.4
K8S_GO_MIN=1.24.0                     # the `go` line of its go.mod
ETCD_SUITE=trixie                     # etcd-server 3.5.16 (bookworm's 3.4.23 predates watch fixes 1.34 wants)
NODE_NAME=127.0.0.1
SERVICE_CIDR=100.64.0.0/24            # outside 10/8, 172.16/12, 192.168/16; routed nowhere (see up_route)
SERVICE_FIRST_IP=100.64.0.1
# The CPU the static CPU manager keeps in the shared pool (the lowest: systemReserved is 200m,
# rounded up to one core) and the pids limit of every pod (kubelet.yaml.in says why).
RESERVED_CPUS=0
SYSTEM_RESERVED_CPU=200m
POD_PIDS_LIMIT=8192
GOPROXY_URL=${GOPROXY_URL:-https://proxy.golang.org}

HELM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLUSTER_DIR=$HELM_DIR/cluster
TOOLS=${JVMBENCH_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jvmbench/tools}
K8S_HOME=$TOOLS/kubernetes-$K8S_VERSION
K8S_BIN=$K8S_HOME/bin
STATE=/var/lib/jvmbench-k8s
RUN=/run/jvmbench-k8s
LOGS=/var/log/jvmbench-k8s
LOCK=/run/lock/jvmbench-k8s.lock
API_PORT=${JVMBENCH_K8S_API_PORT:-6443}
ETCD_PORT=${JVMBENCH_K8S_ETCD_PORT:-2379}
ETCD_PEER_PORT=$((ETCD_PORT + 1))
REGISTRY_PORT=${JVMBENCH_REGISTRY_PORT:-5000}
REGISTRY=127.0.0.1:$REGISTRY_PORT
WAIT_TIMEOUT=${JVMBENCH_K8S_TIMEOUT:-180}
PAUSE_IMAGE=$REGISTRY/jvmbench/pause:1
SMOKE_IMAGE=$REGISTRY/jvmbench/smoke:1
CONTAINERD_SOCK=$RUN/containerd/containerd.sock
KUBECONFIG_ADMIN=$STATE/admin.kubeconfig
# The sysctls the kubelet sets at start (vm.overcommit_memory=1, kernel.panic=10,
# kernel.panic_on_oops=1, ...; it has no setting to leave them alone): saved before its first
# start, put back by down.
KUBELET_SYSCTLS=(vm/overcommit_memory vm/panic_on_oom kernel/panic kernel/panic_on_oops
  kernel/keys/root_maxkeys kernel/keys/root_maxbytes)
# Directories the kubelet and containerd use whatever their root and state dirs, parents first.
HOST_DIRS=(/var/log/containers /var/lib/kubelet /var/lib/kubelet/device-plugins /run/containerd /run/containerd/s
  /var/lib/cni /var/lib/cni/results)
K8S_COMMANDS=(kube-apiserver kube-controller-manager kube-scheduler kubelet kubectl)
# The daemons in start order; down stops them in reverse.
DAEMONS=(etcd registry containerd kube-apiserver kube-controller-manager kube-scheduler kubelet)

# The image builders' helpers (host_mirrors, run_step, ...); their log/die are replaced below.
# shellcheck source=../worker/host/build-images.sh
source "$HELM_DIR/../worker/host/build-images.sh"
# shellcheck source=go-toolchain.sh
source "$HELM_DIR/go-toolchain.sh"
log() { printf '[cluster] %s\n' "$*" >&2; }
die() { printf '[cluster] ERROR: %s\n' "$*" >&2; exit 1; }
START=$(now_s)
# A step's heading, with the seconds since the start.
step() { printf '[cluster] %4ss %s\n' "$(( $(now_s) - START ))" "$*" >&2; }
# shellcheck disable=SC2034 # where lib.sh's run_step writes the logs of long steps
JVMBENCH_LOG_DIR=$LOGS

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }

need_root() { (( EUID == 0 )) || die "$1 needs root (it starts containerd, the kubelet and mounts)"; }

kubectl_() { KUBECACHEDIR=$STATE/kubectl-cache timeout 150 "$K8S_BIN/kubectl" --kubeconfig "$KUBECONFIG_ADMIN" "$@"; }
ctr_() { timeout 60 ctr --address "$CONTAINERD_SOCK" --namespace k8s.io "$@"; }

# Replaces @NAME@ by the value of each NAME=value argument: render TEMPLATE OUT NAME=value...
render() {
  local template=$1 out=$2 pair
  local args=()
  shift 2
  for pair in "$@"; do args+=(-e "s|@${pair%%=*}@|${pair#*=}|g"); done
  sed "${args[@]}" "$template" >"$out.tmp"
  ! grep -n '@[A-Z_]*@' "$out.tmp" >&2 || die "unreplaced placeholders in $out (from $template)"
  mv "$out.tmp" "$out"
}

# ---------------------------------------------------------------------------------------------
# Packages and binaries
# ---------------------------------------------------------------------------------------------

apt_install() {
  # needrestart (when installed) must not offer to restart anything, a Docker engine least.
  export DEBIAN_FRONTEND=noninteractive NEEDRESTART_SUSPEND=1
  # `apt-get update` only when the install fails: the lists are usually recent enough.
  apt-get install -y -q --no-install-recommends "$@" || { apt-get update -q && apt-get install -y -q --no-install-recommends "$@"; }
}

CNI_BIN_DIR=/usr/lib/cni
# Installs the Debian packages whose files are missing. containerd and runc come with docker.io
# and are never upgraded here: a running Docker engine keeps its own containerd.
ensure_packages() {
  local missing=() pair
  for pair in containerd:/usr/bin/containerd ctr:/usr/bin/ctr runc:/usr/sbin/runc \
      containernetworking-plugins:$CNI_BIN_DIR/loopback docker-registry:/usr/bin/docker-registry \
      openssl:/usr/bin/openssl curl:/usr/bin/curl gcc:/usr/bin/gcc libc6-dev:/usr/lib/x86_64-linux-gnu/libc.a \
      iproute2:/usr/sbin/ip util-linux:/usr/bin/flock; do
    [[ -e "${pair#*:}" ]] || missing+=("${pair%%:*}")
  done
  # ctr ships in the containerd package.
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sed 's/^ctr$/containerd/' | awk 'NF && !seen[$0]++')
  (( ${#missing[@]} == 0 )) && return
  [[ -f /etc/debian_version ]] || die "missing: ${missing[*]} (install them; this script installs them only on Debian)"
  run_step "apt-get install ${missing[*]}" apt_install "${missing[@]}"
}

# apt-get for $ETCD_SUITE's lists in a private directory under the tools cache: the host's
# sources, preferences and installed packages stay as they are (nothing is installed from it).
suite_apt() {
  local dir=$TOOLS/apt-$ETCD_SUITE
  apt-get -q -o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" \
    -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null "$@"
}

# fetch_deb PACKAGE SUITE DEST: downloads PACKAGE's .deb (the host's lists for the host's suite, a
# private list for another) and unpacks it into DEST (DEST/.version holds its version).
fetch_deb() {
  local package=$1 suite=$2 dest=$3 tmp main _sec
  tmp=$(mktemp -d "$TOOLS/.deb-XXXXXX")
  if [[ "$suite" == host ]]; then
    (cd "$tmp" && { apt-get download -q "$package" || { apt-get update -q && apt-get download -q "$package"; }; }) \
      || die "apt-get download $package failed"
  else
    read -r main _sec < <(host_mirrors)
    mkdir -p "$TOOLS/apt-$suite/lists/partial" "$TOOLS/apt-$suite/cache/archives/partial"
    echo "deb $main $suite main" >"$TOOLS/apt-$suite/sources.list"
    suite_apt update >/dev/null || die "apt-get update of $suite ($main) failed"
    (cd "$tmp" && suite_apt download "$package") || die "apt-get download $package from $suite failed"
  fi
  rm -rf "$dest"
  mkdir -p "$dest"
  dpkg-deb -x "$tmp"/*.deb "$dest"
  dpkg-deb -f "$tmp"/*.deb Version >"$dest/.version"
  rm -rf "$tmp"
}

ETCD_HOME=$TOOLS/etcd-$ETCD_SUITE
ensure_etcd() {
  [[ -x "$ETCD_HOME/usr/bin/etcd" && -s "$ETCD_HOME/.version" ]] && return
  run_step "fetch etcd-server from $ETCD_SUITE" fetch_deb etcd-server "$ETCD_SUITE" "$ETCD_HOME"
}

BUSYBOX_HOME=$TOOLS/busybox-static
ensure_busybox() {
  [[ -x "$BUSYBOX_HOME/bin/busybox" && -s "$BUSYBOX_HOME/.version" ]] && return
  run_step "fetch busybox-static (for the smoke image)" fetch_deb busybox-static host "$BUSYBOX_HOME"
}

k8s_ldflags() {
  local flags="-s -w" pkg
  # The -X settings of Kubernetes' hack/lib/version.sh; without them the binaries say v0.0.0-master.
  for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    flags+=" -X $pkg.gitVersion=$K8S_VERSION -X $pkg.gitMajor=$(cut -d. -f1 <<<"${K8S_VERSION#v}")"
    flags+=" -X $pkg.gitMinor=$(cut -d. -f2 <<<"$K8S_VERSION") -X $pkg.gitTreeState=clean"
    flags+=" -X $pkg.buildDate=$K8S_BUILD_DATE -X $pkg.gitCommit="
  done
  printf '%s' "$flags"
}

k8s_recipe() {
  { cat "$CLUSTER_DIR/kubernetes/go.mod" "$CLUSTER_DIR/kubernetes/go.sum"; k8s_ldflags; echo "${K8S_COMMANDS[*]}"; } \
    | sha256sum | cut -d' ' -f1
}

k8s_built() {
  local command
  [[ "$(cat "$K8S_BIN/.recipe" 2>/dev/null)" == "$(k8s_recipe)" ]] || return 1
  for command in "${K8S_COMMANDS[@]}"; do [[ -x "$K8S_BIN/$command" ]] || return 1; done
}

# "Kubernetes v1.34.4" from any of the binaries (kubectl has no --version).
version_line() {
  if [[ "$1" == */kubectl ]]; then "$1" version --client 2>&1 | sed -n 's/^Client Version: /Kubernetes /p'; else "$1" --version 2>&1; fi
}

# go build of the wrapper module (helm/cluster/kubernetes): resumable, the module and build caches
# stay under $K8S_HOME/go, so an interrupted build goes on where it stopped.
build_k8s() {
  local go=$1 command packages=()
  for command in "${K8S_COMMANDS[@]}"; do packages+=("k8s.io/kubernetes/cmd/$command"); done
  rm -rf "$K8S_HOME/.build"
  mkdir -p "$K8S_HOME/.build" "$K8S_HOME/go"
  cd "$CLUSTER_DIR/kubernetes"
  # -modcacherw: rm can delete the module cache; GOTOOLCHAIN=local: never a silent toolchain
  # switch; GOWORK=off: a go.work above the checkout must not change the build.
  env GOMODCACHE="$K8S_HOME/go/mod" GOCACHE="$K8S_HOME/go/cache" GOPATH="$K8S_HOME/go/path" \
    GOFLAGS="-modcacherw -trimpath -buildvcs=false" GOTOOLCHAIN=local GOWORK=off CGO_ENABLED=0 \
    GOPROXY="${GOPROXY:-$GOPROXY_URL}" \
    nice -n 10 timeout 5400 "$go" build -v -ldflags "$(k8s_ldflags)" -o "$K8S_HOME/.build/" "${packages[@]}"
  for command in "${K8S_COMMANDS[@]}"; do
    version_line "$K8S_HOME/.build/$command" | grep -q "$K8S_VERSION\$" \
      || { version_line "$K8S_HOME/.build/$command"; echo "$command does not report $K8S_VERSION"; return 1; }
  done
  mkdir -p "$K8S_BIN"
  for command in "${K8S_COMMANDS[@]}"; do mv "$K8S_HOME/.build/$command" "$K8S_BIN/$command"; done
  k8s_recipe >"$K8S_BIN/.recipe"
  rm -rf "$K8S_HOME/.build"
}

ensure_k8s() {
  k8s_built && return
  mkdir -p "$K8S_HOME"
  # Two runs at once (CI next to a developer) would build into the same directories.
  exec 7>"$K8S_HOME/.lock"
  flock -w 5400 7 || die "another build holds $K8S_HOME/.lock"
  if ! k8s_built; then
    local go
    go=$(find_go "$K8S_GO_MIN")
    log "building Kubernetes $K8S_VERSION (${K8S_COMMANDS[*]}) with $("$go" env GOVERSION) from the Go module proxy: ~9 min on 2 cores, once"
    run_step "go build Kubernetes $K8S_VERSION" build_k8s "$go"
  fi
  exec 7>&-
}

# ---------------------------------------------------------------------------------------------
# Images: built here (no registry to pull from), as OCI layouts
# ---------------------------------------------------------------------------------------------

IMAGES=$TOOLS/jvmbench-k8s-images

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }
size_of() { stat -c %s "$1"; }

# blob FILE DIR: copies FILE into the layout DIR as a blob, prints its digest (sha256:...).
blob() {
  local hex
  hex=$(sha256_of "$1")
  cp "$1" "$2/blobs/sha256/$hex"
  printf 'sha256:%s' "$hex"
}

# oci_layout ROOTFS DIR REF CONFIG: a one-layer linux/amd64 image of ROOTFS as an OCI layout in
# DIR (and DIR.tar for `ctr images import`). CONFIG is the JSON body of the image's "config".
oci_layout() {
  local rootfs=$1 dir=$2 ref=$3 config=$4 tmp layer diff_id config_digest manifest_digest
  tmp=$(mktemp -d)
  rm -rf "$dir" "$dir.tar"
  mkdir -p "$dir/blobs/sha256"
  # Reproducible: sorted names, no owners or times from the build machine.
  tar --sort=name --numeric-owner --owner=0 --group=0 --mtime=@0 --format=posix \
    --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime -C "$rootfs" -cf "$tmp/layer.tar" .
  diff_id=$(sha256_of "$tmp/layer.tar")
  gzip -n -9 <"$tmp/layer.tar" >"$tmp/layer.tar.gz"
  layer=$(blob "$tmp/layer.tar.gz" "$dir")
  printf '{"architecture":"amd64","os":"linux","created":"1970-01-01T00:00:00Z","config":%s,"rootfs":{"type":"layers","diff_ids":["sha256:%s"]},"history":[{"created":"1970-01-01T00:00:00Z","created_by":"helm/cluster.sh"}]}' \
    "$config" "$diff_id" >"$tmp/config.json"
  config_digest=$(blob "$tmp/config.json" "$dir")
  printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"%s","size":%d},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar+gzip","digest":"%s","size":%d}]}' \
    "$config_digest" "$(size_of "$tmp/config.json")" "$layer" "$(size_of "$tmp/layer.tar.gz")" >"$tmp/manifest.json"
  manifest_digest=$(blob "$tmp/manifest.json" "$dir")
  printf '{"imageLayoutVersion":"1.0.0"}' >"$dir/oci-layout"
  printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"%s","size":%d,"platform":{"architecture":"amd64","os":"linux"},"annotations":{"io.containerd.image.name":"%s","org.opencontainers.image.ref.name":"%s"}}]}' \
    "$manifest_digest" "$(size_of "$tmp/manifest.json")" "$ref" "${ref##*:}" >"$dir/index.json"
  tar --sort=name --numeric-owner --owner=0 --group=0 --mtime=@0 -C "$dir" -cf "$dir.tar" .
  rm -rf "$tmp"
}

# The recipe of an image: its inputs' contents and the builder's own text.
image_recipe_of() { { cat "$@"; declare -f oci_layout; } | sha256sum | cut -c1-16; }

# Sets PAUSE_LAYOUT: the pause image (helm/cluster/pause.c, linked statically) as an OCI layout.
build_pause_image() {
  local recipe rootfs
  recipe=$(image_recipe_of "$CLUSTER_DIR/pause.c")
  PAUSE_LAYOUT=$IMAGES/pause-$recipe
  [[ -s "$PAUSE_LAYOUT.tar" ]] && return
  rootfs=$(mktemp -d)
  cc -static -Os -s -Wall -Wextra -o "$rootfs/pause" "$CLUSTER_DIR/pause.c" || die "compiling helm/cluster/pause.c failed (gcc and libc6-dev are needed)"
  "$rootfs/pause" -v >/dev/null || die "the pause binary does not run"
  oci_layout "$rootfs" "$PAUSE_LAYOUT" "$PAUSE_IMAGE" '{"Entrypoint":["/pause"],"User":"65535:65535","WorkingDir":"/"}'
  rm -rf "$rootfs"
}

# Sets SMOKE_LAYOUT: Debian's static busybox (sh, httpd, tar for kubectl cp, dd) with a page to
# serve, for the smoke test. Built without Docker, so the cluster needs no Docker engine.
build_smoke_image() {
  local recipe rootfs applet
  ensure_busybox
  recipe=$(image_recipe_of "$BUSYBOX_HOME/.version" "$BUSYBOX_HOME/bin/busybox" <(echo 2))
  SMOKE_LAYOUT=$IMAGES/smoke-$recipe
  [[ -s "$SMOKE_LAYOUT.tar" ]] && return
  rootfs=$(mktemp -d)
  mkdir -p "$rootfs/bin" "$rootfs/etc" "$rootfs/tmp" "$rootfs/www"
  cp "$BUSYBOX_HOME/bin/busybox" "$rootfs/bin/busybox"
  for applet in $("$rootfs/bin/busybox" --list); do
    [[ "$applet" == busybox ]] || ln -s busybox "$rootfs/bin/$applet"
  done
  chmod 1777 "$rootfs/tmp"
  printf 'root:x:0:0:root:/:/bin/sh\napp:x:10001:10001:app:/tmp:/bin/sh\n' >"$rootfs/etc/passwd"
  printf 'root:x:0:\napp:x:10001:\n' >"$rootfs/etc/group"
  echo "jvmbench smoke ok" >"$rootfs/www/index.html"
  oci_layout "$rootfs" "$SMOKE_LAYOUT" "$SMOKE_IMAGE" '{"Entrypoint":["/bin/sh"],"Env":["PATH=/bin"],"User":"10001:10001","WorkingDir":"/"}'
  rm -rf "$rootfs"
}

# registry_push LAYOUT REF: pushes an OCI layout to the local registry with its HTTP API (what
# jib and docker push do): each blob unless the registry has it, then the manifest under the tag.
registry_push() {
  local layout=$1 ref=$2 repo tag digest location manifest
  repo=${ref#*/}
  tag=${repo##*:}
  repo=${repo%:*}
  for digest in $(cd "$layout/blobs/sha256" && ls); do
    curl -sf -o /dev/null -I "http://$REGISTRY/v2/$repo/blobs/sha256:$digest" && continue
    location=$(curl -sSf -o /dev/null -D - -X POST "http://$REGISTRY/v2/$repo/blobs/uploads/" \
      | tr -d '\r' | sed -n 's/^[Ll]ocation: //p')
    [[ -n "$location" ]] || die "the registry gave no upload location for $repo"
    [[ "$location" == http* ]] || location="http://$REGISTRY$location"
    [[ "$location" == *\?* ]] && location+="&" || location+="?"
    curl -sSf -o /dev/null -X PUT -H 'Content-Type: application/octet-stream' \
      --data-binary "@$layout/blobs/sha256/$digest" "${location}digest=sha256:$digest" \
      || die "uploading blob sha256:$digest of $ref failed"
  done
  manifest=$(sed -n 's/.*"digest":"sha256:\([0-9a-f]*\)".*/\1/p' "$layout/index.json")
  curl -sSf -o /dev/null -X PUT -H 'Content-Type: application/vnd.oci.image.manifest.v1+json' \
    --data-binary "@$layout/blobs/sha256/$manifest" "http://$REGISTRY/v2/$repo/manifests/$tag" \
    || die "putting the manifest of $ref failed"
}

# ---------------------------------------------------------------------------------------------
# Certificates and kubeconfigs (ECDSA P-256, made with openssl at the first up after a down)
# ---------------------------------------------------------------------------------------------

PKI=$STATE/pki

# ca NAME CN: a self-signed CA.
ca() {
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$PKI/$1.key" 2>/dev/null
  openssl req -x509 -new -key "$PKI/$1.key" -subj "/CN=$2" -days 3650 -sha256 \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign,digitalSignature" \
    -out "$PKI/$1.crt"
}

# cert NAME SUBJECT EXTENSIONS [CA]: a key and a certificate signed by CA (default: the cluster's).
cert() {
  local name=$1 subject=$2 extensions=$3 ca=${4:-ca}
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$PKI/$name.key" 2>/dev/null
  openssl req -new -key "$PKI/$name.key" -subj "$subject" -out "$PKI/$name.csr"
  printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature,keyEncipherment" \
    "$extensions" >"$PKI/$name.ext"
  openssl x509 -req -in "$PKI/$name.csr" -CA "$PKI/$ca.crt" -CAkey "$PKI/$ca.key" -CAcreateserial \
    -days 365 -sha256 -extfile "$PKI/$name.ext" -out "$PKI/$name.crt" 2>/dev/null
  rm -f "$PKI/$name.csr" "$PKI/$name.ext"
}

# kubeconfig FILE CERT-NAME: a kubeconfig for https://127.0.0.1:$API_PORT with the client cert.
kubeconfig() {
  local file=$1 name=$2
  cat >"$file" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: jvmbench
  cluster:
    server: https://127.0.0.1:$API_PORT
    certificate-authority-data: $(base64 -w0 <"$PKI/ca.crt")
users:
- name: $name
  user:
    client-certificate-data: $(base64 -w0 <"$PKI/$name.crt")
    client-key-data: $(base64 -w0 <"$PKI/$name.key")
contexts:
- name: jvmbench
  context:
    cluster: jvmbench
    user: $name
current-context: jvmbench
EOF
  chmod 600 "$file"
}

make_pki() {
  [[ -f "$PKI/.complete" ]] && return
  rm -rf "$PKI"
  mkdir -p "$PKI"
  chmod 700 "$PKI"
  ca ca jvmbench-k8s-ca
  # The front proxy's (kubeadm's layout): the controller-manager and the scheduler read this CA
  # from the apiserver and log errors every few seconds while it is missing.
  ca front-proxy-ca jvmbench-k8s-front-proxy-ca
  local server="extendedKeyUsage=serverAuth" client="extendedKeyUsage=clientAuth"
  cert apiserver "/CN=kube-apiserver" "$server
subjectAltName=IP:127.0.0.1,IP:$SERVICE_FIRST_IP,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
  cert apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client" "$client"
  cert kubelet "/CN=$NODE_NAME" "$server
subjectAltName=IP:127.0.0.1,DNS:localhost"
  cert kubelet-client "/O=system:nodes/CN=system:node:$NODE_NAME" "$client"
  cert admin "/O=system:masters/CN=jvmbench-admin" "$client"
  cert controller-manager "/CN=system:kube-controller-manager" "$client"
  cert scheduler "/CN=system:kube-scheduler" "$client"
  cert front-proxy-client "/CN=front-proxy-client" "$client" front-proxy-ca
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$PKI/sa.key" 2>/dev/null
  openssl pkey -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null
  kubeconfig "$KUBECONFIG_ADMIN" admin
  kubeconfig "$STATE/controller-manager.kubeconfig" controller-manager
  kubeconfig "$STATE/scheduler.kubeconfig" scheduler
  kubeconfig "$STATE/kubelet.kubeconfig" kubelet-client
  touch "$PKI/.complete"
}

# ---------------------------------------------------------------------------------------------
# Daemons
# ---------------------------------------------------------------------------------------------

pid_of() { cat "$RUN/pids/$1.pid" 2>/dev/null || true; }

# The process of a daemon is ours when it runs and its command line names our state or run dir.
# Prints its pid, or nothing.
running() {
  local pid
  pid=$(pid_of "$1")
  [[ -n "$pid" ]] && alive "$pid" || return 0
  tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qE "$STATE|$RUN" && printf '%s' "$pid"
  return 0
}

# start_daemon NAME COMMAND...: in its own session (it outlives this script), output to its log.
start_daemon() {
  local name=$1
  shift
  mkdir -p "$RUN/pids" "$LOGS"
  # One log per start, the one before kept as .log.1: repeated up/down cycles do not pile up.
  [[ ! -f "$LOGS/$name.log" ]] || mv -f "$LOGS/$name.log" "$LOGS/$name.log.1"
  printf '==== %s start: %s\n' "$(date -Is)" "$*" >"$LOGS/$name.log"
  # A background subshell of a script is no process group leader, so setsid needs no fork and
  # $! is the daemon itself. fd 7-9: the callers' locks must not stay held by a daemon.
  (cd / && exec setsid "$@" >>"$LOGS/$name.log" 2>&1 </dev/null 7>&- 8>&- 9>&-) &
  echo $! >"$RUN/pids/$name.pid"
}

# await NAME SECONDS CHECK...: runs CHECK every 0.5 s until it succeeds; dies when the daemon
# exits or after SECONDS, with the end of its log.
await() {
  local name=$1 limit=$2 deadline
  shift 2
  deadline=$(( $(now_s) + limit ))
  until "$@" >/dev/null 2>&1; do
    # alive, not running: right after the start the pid may still be the subshell before its exec.
    if ! alive "$(pid_of "$name")"; then
      tail -n 20 "$LOGS/$name.log" >&2
      die "$name exited during start (log above, whole log: $LOGS/$name.log)"
    fi
    if (( $(now_s) >= deadline )); then
      tail -n 20 "$LOGS/$name.log" >&2
      die "$name not healthy after ${limit}s (log above, whole log: $LOGS/$name.log)"
    fi
    sleep 0.5
  done
}

curl_api() { curl -sf --max-time 5 --cacert "$PKI/ca.crt" --cert "$PKI/admin.crt" --key "$PKI/admin.key" "https://127.0.0.1:$API_PORT$1"; }
healthy() {
  case $1 in
    etcd) curl -sf --max-time 5 "http://127.0.0.1:$ETCD_PORT/health" | grep -q '"health":"true"' ;;
    registry) curl -sf --max-time 5 -o /dev/null "http://$REGISTRY/v2/" ;;
    containerd) timeout 10 ctr --address "$CONTAINERD_SOCK" version ;;
    kube-apiserver) curl_api /readyz | grep -qx ok ;;
    kube-controller-manager) curl -skf --max-time 5 https://127.0.0.1:10257/healthz | grep -qx ok ;;
    kube-scheduler) curl -skf --max-time 5 https://127.0.0.1:10259/healthz | grep -qx ok ;;
    kubelet) curl -sf --max-time 5 http://127.0.0.1:10248/healthz | grep -qx ok ;;
  esac
}

# The port a daemon listens on; up refuses to start it when another process holds it.
port_of() {
  case $1 in
    etcd) echo "$ETCD_PORT $ETCD_PEER_PORT" ;;
    registry) echo "$REGISTRY_PORT" ;;
    kube-apiserver) echo "$API_PORT" ;;
    kube-controller-manager) echo 10257 ;;
    kube-scheduler) echo 10259 ;;
    kubelet) echo "10250 10248" ;;
  esac
}

check_ports_free() {
  local port
  for port in $(port_of "$1"); do
    if ss -Hltn "sport = :$port" | grep -q .; then
      die "port $port (for $1) is taken: $(ss -Hltnp "sport = :$port" | head -n 1 | awk '{print $NF}'); stop it or set another port (see 'bash helm/cluster.sh help')"
    fi
  done
}

launch() {
  local name=$1
  case $name in
    etcd)
      start_daemon etcd "$ETCD_HOME/usr/bin/etcd" --name jvmbench --data-dir "$STATE/etcd" \
        --listen-client-urls "http://127.0.0.1:$ETCD_PORT" --advertise-client-urls "http://127.0.0.1:$ETCD_PORT" \
        --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
        --initial-cluster "jvmbench=http://127.0.0.1:$ETCD_PEER_PORT" --initial-cluster-state new \
        --listen-metrics-urls "" --unsafe-no-fsync --quota-backend-bytes 2147483648 --log-level warn
      ;;
    registry)
      start_daemon registry /usr/bin/docker-registry serve "$STATE/config/registry.yml" ;;
    containerd)
      # runc and the shim are found on PATH.
      start_daemon containerd env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /usr/bin/containerd --config "$STATE/config/containerd.toml" ;;
    kube-apiserver)
      start_daemon kube-apiserver "$K8S_BIN/kube-apiserver" \
        --bind-address=127.0.0.1 --secure-port="$API_PORT" --advertise-address=127.0.0.1 \
        --endpoint-reconciler-type=none \
        --etcd-servers="http://127.0.0.1:$ETCD_PORT" \
        --service-cluster-ip-range="$SERVICE_CIDR" \
        --authorization-mode=Node,RBAC --enable-admission-plugins=NodeRestriction \
        --allow-privileged=true \
        --client-ca-file="$PKI/ca.crt" \
        --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" \
        --kubelet-client-certificate="$PKI/apiserver-kubelet-client.crt" \
        --kubelet-client-key="$PKI/apiserver-kubelet-client.key" \
        --kubelet-certificate-authority="$PKI/ca.crt" \
        --kubelet-preferred-address-types=InternalIP,Hostname \
        --requestheader-client-ca-file="$PKI/front-proxy-ca.crt" --requestheader-allowed-names=front-proxy-client \
        --requestheader-username-headers=X-Remote-User --requestheader-group-headers=X-Remote-Group \
        --requestheader-extra-headers-prefix=X-Remote-Extra- \
        --proxy-client-cert-file="$PKI/front-proxy-client.crt" --proxy-client-key-file="$PKI/front-proxy-client.key" \
        --service-account-issuer="https://127.0.0.1:$API_PORT" \
        --service-account-key-file="$PKI/sa.pub" --service-account-signing-key-file="$PKI/sa.key" \
        --profiling=false --cert-dir="$STATE/apiserver"
      ;;
    kube-controller-manager)
      start_daemon kube-controller-manager "$K8S_BIN/kube-controller-manager" \
        --kubeconfig="$STATE/controller-manager.kubeconfig" \
        --authentication-kubeconfig="$STATE/controller-manager.kubeconfig" \
        --authorization-kubeconfig="$STATE/controller-manager.kubeconfig" \
        --bind-address=127.0.0.1 --secure-port=10257 --cert-dir="$STATE/controller-manager" \
        --leader-elect=false --use-service-account-credentials=true \
        --service-cluster-ip-range="$SERVICE_CIDR" \
        --cluster-signing-cert-file="$PKI/ca.crt" --cluster-signing-key-file="$PKI/ca.key" \
        --root-ca-file="$PKI/ca.crt" --service-account-private-key-file="$PKI/sa.key" \
        --flex-volume-plugin-dir="$STATE/controller-manager/volume-plugins" \
        --profiling=false
      ;;
    kube-scheduler)
      start_daemon kube-scheduler "$K8S_BIN/kube-scheduler" \
        --kubeconfig="$STATE/scheduler.kubeconfig" \
        --authentication-kubeconfig="$STATE/scheduler.kubeconfig" \
        --authorization-kubeconfig="$STATE/scheduler.kubeconfig" \
        --bind-address=127.0.0.1 --secure-port=10259 --cert-dir="$STATE/scheduler" \
        --leader-elect=false --profiling=false
      ;;
    kubelet)
      save_sysctls
      start_daemon kubelet "$K8S_BIN/kubelet" --config="$STATE/config/kubelet.yaml" \
        --kubeconfig="$STATE/kubelet.kubeconfig" --root-dir="$STATE/kubelet" \
        --hostname-override="$NODE_NAME" --node-labels=jvmbench.dev/benchmark=true
      ;;
  esac
}

# Before the kubelet's first start: the values it is about to change.
save_sysctls() {
  local key
  [[ -f "$STATE/sysctls.saved" ]] && return
  for key in "${KUBELET_SYSCTLS[@]}"; do printf '%s %s\n' "$key" "$(cat "/proc/sys/$key")"; done >"$STATE/sysctls.saved.tmp"
  mv "$STATE/sysctls.saved.tmp" "$STATE/sysctls.saved"
}

restore_sysctls() {
  local key value
  [[ -f "$STATE/sysctls.saved" ]] || return 0
  while read -r key value; do
    [[ "$(cat "/proc/sys/$key")" == "$value" ]] || echo "$value" >"/proc/sys/$key" || log "could not restore $key=$value"
  done <"$STATE/sysctls.saved"
  rm -f "$STATE/sysctls.saved"
}

# The service CIDR is a range nothing on this host serves: an `unreachable` route makes every
# packet to it (a client that follows KUBERNETES_SERVICE_HOST) fail at once instead of leaving
# through the default route.
up_route() {
  ip route show "$SERVICE_CIDR" | grep -q "^unreachable" || ip route add unreachable "$SERVICE_CIDR"
}

# CAP_SYS_RESOURCE (bit 24) in this process's effective set.
has_cap_sys_resource() {
  local caps
  caps=$(awk '/^CapEff:/ { print $2 }' /proc/self/status)
  (( (16#$caps >> 24) & 1 ))
}

write_configs() {
  mkdir -p "$STATE/config" "$STATE/cni/net.d" "$STATE/containerd/certs.d/$REGISTRY" "$STATE/registry" \
    "$STATE/kubelet" "$STATE/pod-logs" "$RUN"
  chmod 700 "$STATE"
  # Without CAP_SYS_RESOURCE (this VM withholds it) no process may lower an oom_score_adj: runc
  # then fails to start the pause container (-998) and Guaranteed containers (-997) with "can't
  # get final child's PID from pipe". containerd clamps the values to its own (0) instead, and
  # the kubelet keeps its own at 0 rather than trying -999.
  local restrict_oom=false kubelet_oom=-999
  if ! has_cap_sys_resource; then restrict_oom=true; kubelet_oom=0; fi
  render "$CLUSTER_DIR/containerd.toml.in" "$STATE/config/containerd.toml" STATE="$STATE" RUN="$RUN" \
    PAUSE_IMAGE="$PAUSE_IMAGE" RUNC="$(command -v runc)" CNI_BIN_DIR="$CNI_BIN_DIR" REGISTRY_PORT="$REGISTRY_PORT" \
    RESTRICT_OOM_SCORE_ADJ="$restrict_oom"
  render "$CLUSTER_DIR/hosts.toml.in" "$STATE/containerd/certs.d/$REGISTRY/hosts.toml" REGISTRY_PORT="$REGISTRY_PORT"
  cp "$CLUSTER_DIR/cni-loopback.conflist" "$STATE/cni/net.d/10-jvmbench-loopback.conflist"
  render "$CLUSTER_DIR/registry.yml.in" "$STATE/config/registry.yml" STATE="$STATE" REGISTRY_PORT="$REGISTRY_PORT"
  render "$CLUSTER_DIR/kubelet.yaml.in" "$STATE/config/kubelet.yaml" STATE="$STATE" RUN="$RUN" SYSTEM_RESERVED_CPU="$SYSTEM_RESERVED_CPU" \
    POD_PIDS_LIMIT="$POD_PIDS_LIMIT" OOM_SCORE_ADJ="$kubelet_oom"
  # Paths used whatever the root dirs: /var/log/containers (the kubelet's log symlinks),
  # /var/lib/kubelet/device-plugins/kubelet.sock, /run/containerd/s (the shims' sockets, shared
  # with a Docker engine's shims) and /var/lib/cni/results (libcni's cache). Remember which directories were not there, so down removes
  # those only (and only when empty).
  local dir
  for dir in "${HOST_DIRS[@]}"; do
    [[ -e "$dir" || -f "$STATE/made${dir//\//-}" ]] || touch "$STATE/made${dir//\//-}"
  done
}

ensure_daemon() {
  local name=$1 limit=${2:-60} begin pid
  begin=$(now_s)
  pid=$(running "$name")
  if [[ -n "$pid" ]]; then
    await "$name" "$limit" healthy "$name"
    step "$name: running (pid $pid)"
    return
  fi
  check_ports_free "$name"
  launch "$name"
  await "$name" "$limit" healthy "$name"
  step "$name: started (pid $(pid_of "$name")) in $(( $(now_s) - begin ))s"
}

ensure_images() {
  local begin
  begin=$(now_s)
  build_pause_image
  build_smoke_image
  if ! ctr_ images ls -q | grep -qxF "$PAUSE_IMAGE"; then
    ctr_ images import "$PAUSE_LAYOUT.tar" >/dev/null || die "ctr images import of the pause image failed"
  fi
  registry_push "$PAUSE_LAYOUT" "$PAUSE_IMAGE"
  registry_push "$SMOKE_LAYOUT" "$SMOKE_IMAGE"
  step "images: $PAUSE_IMAGE imported and pushed, $SMOKE_IMAGE pushed ($(( $(now_s) - begin ))s)"
}

node_ready() {
  [[ "$(kubectl_ get node "$NODE_NAME" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}' 2>/dev/null)" == True ]]
}

cmd_up() {
  need_root up
  local smoke=0 arg begin
  for arg in "$@"; do
    case $arg in
      --smoke) smoke=1 ;;
      *) die "up: unknown argument '$arg'" ;;
    esac
  done
  mkdir -p "$TOOLS" "$(dirname "$LOCK")"
  exec 8>"$LOCK"
  flock -w 600 8 || die "another up/down holds $LOCK"
  step "packages and binaries"
  ensure_packages
  ensure_k8s
  ensure_etcd
  step "binaries: Kubernetes $K8S_VERSION, etcd $(cat "$ETCD_HOME/.version") ($ETCD_SUITE), containerd $(dpkg-query -W -f '${Version}' containerd), runc $(dpkg-query -W -f '${Version}' runc), CNI plugins $(dpkg-query -W -f '${Version}' containernetworking-plugins), registry $(dpkg-query -W -f '${Version}' docker-registry)"
  mkdir -p "$STATE"
  make_pki
  write_configs
  up_route
  ensure_daemon etcd
  ensure_daemon registry
  ensure_daemon containerd
  ensure_images
  ensure_daemon kube-apiserver 120
  ensure_daemon kube-controller-manager
  ensure_daemon kube-scheduler
  ensure_daemon kubelet
  begin=$(now_s)
  await kubelet "$WAIT_TIMEOUT" node_ready
  # Pods can be created once the namespace's default ServiceAccount exists.
  await kube-controller-manager 60 kubectl_ -n default get serviceaccount default
  step "node $NODE_NAME Ready ($(( $(now_s) - begin ))s)"
  exec 8>&-
  log "up in $(( $(now_s) - START ))s. Use it: eval \"\$(bash helm/cluster.sh env)\"; kubectl get nodes"
  (( smoke == 0 )) || cmd_smoke
}

# ---------------------------------------------------------------------------------------------
# down
# ---------------------------------------------------------------------------------------------

# Processes of ours that a pid file may have missed: one of the programs this script runs (or
# kubectl, runc, a shim) whose command line names our state or run dir. Prints their pids. A
# shell whose command line happens to name those dirs (the one running down, say) is not one.
stray_pids() {
  local proc argv0
  for proc in /proc/[0-9]*; do
    argv0=$(tr '\0' '\n' 2>/dev/null <"$proc/cmdline" | head -n 1)
    case ${argv0##*/} in
      etcd | docker-registry | containerd | containerd-shim* | runc | kube-apiserver | kube-controller-manager | \
        kube-scheduler | kubelet | kubectl) ;;
      *) continue ;;
    esac
    tr '\0' ' ' 2>/dev/null <"$proc/cmdline" | grep -qE "(^| |=)($STATE|$RUN)(/| |$)" && echo "${proc#/proc/}"
  done
  return 0
}

# 0 while PID is a live process (a zombie waiting for init to reap it counts as gone).
alive() { [[ -r "/proc/$1/stat" && "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" != Z ]]; }

# stop_processes GRACE PID:NAME...: SIGTERM to all at once, SIGKILL to those left after GRACE s.
stop_processes() {
  local grace=$1 entry pid i left
  shift
  for entry in "$@"; do kill -TERM "${entry%%:*}" 2>/dev/null || true; done
  for (( i = 0; i < grace * 10; i++ )); do
    left=0
    for entry in "$@"; do alive "${entry%%:*}" && left=1; done
    (( left )) || break
    sleep 0.1
  done
  for entry in "$@"; do
    pid=${entry%%:*}
    if alive "$pid"; then
      kill -KILL "$pid" 2>/dev/null || true
      log "killed ${entry#*:} (pid $pid) after ${grace}s"
    else
      log "stopped ${entry#*:} (pid $pid)"
    fi
  done
  # Exited daemons belong to init, which reaps them when it gets to it: wait up to 5 s until
  # they are gone from the process table, so a pgrep right after down finds nothing.
  for (( i = 0; i < 50; i++ )); do
    left=0
    for entry in "$@"; do [[ ! -e "/proc/${entry%%:*}" ]] || left=1; done
    (( left )) || break
    sleep 0.1
  done
}

# The containers of every pod: stopped through containerd (the shims exit with them).
stop_containers() {
  local ids id
  [[ -n "$(running containerd)" ]] || return 0
  ids=$(ctr_ tasks ls -q 2>/dev/null || true)
  [[ -n "$ids" ]] || return 0
  log "stopping $(wc -w <<<"$ids") containers"
  for id in $ids; do ctr_ tasks kill -s SIGTERM "$id" >/dev/null 2>&1 || true; done
  # 2 s to stop: this is a teardown (a PID 1 without a SIGTERM handler ignores it anyway).
  local i
  for (( i = 0; i < 10; i++ )); do
    ctr_ tasks ls 2>/dev/null | awk 'NR > 1 && $3 == "RUNNING"' | grep -q . || break
    sleep 0.1
  done
  for id in $ids; do ctr_ tasks kill -s SIGKILL "$id" >/dev/null 2>&1 || true; done
  for id in $ids; do ctr_ tasks delete -f "$id" >/dev/null 2>&1 || true; done
  for id in $(ctr_ containers ls -q 2>/dev/null); do ctr_ containers delete "$id" >/dev/null 2>&1 || true; done
}

# The sockets our containerd's shims listen on.
our_shim_sockets() {
  local proc
  for proc in /proc/[0-9]*; do
    tr '\0' ' ' 2>/dev/null <"$proc/cmdline" | grep -q "^/usr/bin/containerd-shim.* -address $CONTAINERD_SOCK" || continue
    ss -Hxlp 2>/dev/null | awk -v p="pid=${proc#/proc/}," 'index($0, p) { print $5 }'
  done
  return 0
}

# Our mounts, deepest first.
our_mounts() { awk -v s="$STATE" -v r="$RUN" '$5 == s || index($5, s "/") == 1 || $5 == r || index($5, r "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r; }

# The kubelet's cgroups (cgroupfs driver, cgroupsPerQOS): /kubepods in each v1 hierarchy.
kube_cgroups() {
  local dir
  for dir in /sys/fs/cgroup/*/kubepods /sys/fs/cgroup/kubepods; do [[ -d "$dir" ]] && echo "$dir"; done
  return 0
}

cmd_down() {
  need_root down
  mkdir -p "$(dirname "$LOCK")"
  exec 8>"$LOCK"
  flock -w 600 8 || die "another up/down holds $LOCK"
  local name pid mount dir target left
  # The kubelet first, so it restarts nothing; then the pods' containers; then the rest.
  local shim_sockets=()
  mapfile -t shim_sockets < <(our_shim_sockets)
  pid=$(running kubelet)
  [[ -z "$pid" ]] || stop_processes 10 "$pid:kubelet"
  stop_containers
  local daemons=()
  for name in "${DAEMONS[@]}"; do
    pid=$(running "$name")
    [[ -z "$pid" ]] || daemons+=("$pid:$name")
  done
  (( ${#daemons[@]} == 0 )) || stop_processes 15 "${daemons[@]}"
  local strays=()
  for pid in $(stray_pids); do strays+=("$pid:$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | cut -c1-80)"); done
  (( ${#strays[@]} == 0 )) || stop_processes 5 "${strays[@]}"
  # Processes left in the pods' cgroups (a container whose shim was killed).
  for dir in $(kube_cgroups); do
    while read -r pid; do
      log "killing pid $pid left in $dir"
      kill -KILL "$pid" 2>/dev/null || true
    done < <(find "$dir" -name cgroup.procs -exec cat {} + 2>/dev/null)
  done
  for mount in $(our_mounts); do
    umount "$mount" 2>/dev/null || umount -l "$mount" || die "cannot unmount $mount"
  done
  for dir in $(kube_cgroups); do
    find "$dir" -depth -type d -exec rmdir {} + 2>/dev/null || true
    [[ ! -d "$dir" ]] || log "cgroup $dir still there (a process in it?)"
  done
  # Sockets of shims that were stopped rather than shut down (containerd 1.6 puts them in
  # /run/containerd/s whatever its state dir, beside those of a Docker engine's shims).
  for target in "${shim_sockets[@]}"; do
    ss -Hxl "src $target" 2>/dev/null | grep -q . || rm -f "$target"
  done
  if [[ -d "$STATE" ]]; then
    restore_sysctls
    # The kubelet's symlinks to our pod logs.
    for target in /var/log/containers/*.log; do
      [[ -L "$target" && "$(readlink "$target")" == "$STATE/"* ]] && rm -f "$target"
    done
    rm -f /var/lib/kubelet/device-plugins/kubelet.sock
    # libcni's result cache (a pod without hostNetwork ran the loopback plugin), by network name.
    rm -f /var/lib/cni/results/jvmbench-loopback-*
    for (( i = ${#HOST_DIRS[@]} - 1; i >= 0; i-- )); do
      dir=${HOST_DIRS[$i]}
      # Not empty: someone else's files are in it (a Docker engine's shim sockets, say).
      if [[ -f "$STATE/made${dir//\//-}" ]]; then rmdir "$dir" 2>/dev/null || true; fi
    done
  fi
  if ip route show "$SERVICE_CIDR" 2>/dev/null | grep -q '^unreachable'; then ip route del unreachable "$SERVICE_CIDR"; fi
  left=$(our_mounts)
  [[ -z "$left" ]] || die "mounts left, state kept: $left"
  rm -rf --one-file-system "$STATE" "$RUN"
  left=$(stray_pids)
  [[ -z "$left" ]] || die "processes left: $left"
  exec 8>&-
  log "down in $(( $(now_s) - START ))s: no process, mount, cgroup, route or state left (binaries kept in $TOOLS)"
}

# ---------------------------------------------------------------------------------------------
# status, env
# ---------------------------------------------------------------------------------------------

cmd_status() {
  local name pid any=0 ready
  for name in "${DAEMONS[@]}"; do
    pid=$(running "$name")
    if [[ -z "$pid" ]]; then
      printf '%-24s stopped\n' "$name"
    else
      any=1
      if healthy "$name" >/dev/null 2>&1; then
        printf '%-24s running (pid %s), healthy\n' "$name" "$pid"
      else
        printf '%-24s running (pid %s), NOT healthy (log: %s)\n' "$name" "$pid" "$LOGS/$name.log"
      fi
    fi
  done
  if [[ -n "$(running kube-apiserver)" ]]; then
    ready=$(kubectl_ get nodes -o wide 2>&1 || true)
    printf '%s\n' "$ready"
  fi
  if (( any == 0 )); then
    log "the cluster is down"
    return 3
  fi
}

cmd_env() {
  cat <<EOF
export KUBECONFIG=$KUBECONFIG_ADMIN
export KUBECACHEDIR=$STATE/kubectl-cache
export PATH="$K8S_BIN:\$PATH"
export JVMBENCH_K8S_API=https://127.0.0.1:$API_PORT
export JVMBENCH_K8S_NODE=$NODE_NAME
export JVMBENCH_REGISTRY=$REGISTRY
EOF
}

# ---------------------------------------------------------------------------------------------
# smoke
# ---------------------------------------------------------------------------------------------

SMOKE_NS=jvmbench-smoke

cmd_smoke() {
  if [[ ! -f "$KUBECONFIG_ADMIN" ]] || ! node_ready; then die "the cluster is not up: bash helm/cluster.sh up"; fi
  local port passed=0 work out begin
  begin=$(now_s)
  port=$(free_port)
  work=$(mktemp -d)
  # shellcheck disable=SC2064 # expanded now: the directory of this run
  trap "rm -rf '$work'; kubectl_ delete namespace $SMOKE_NS --wait=false >/dev/null 2>&1 || true" EXIT
  ok() { passed=$((passed + 1)); step "ok: $*"; }
  fail() {
    kubectl_ -n "$SMOKE_NS" get pods -o wide >&2 || true
    kubectl_ -n "$SMOKE_NS" get events --sort-by=.lastTimestamp 2>/dev/null | tail -n 15 >&2 || true
    die "smoke: $*"
  }
  kubectl_ delete namespace "$SMOKE_NS" --ignore-not-found --wait=true >/dev/null
  kubectl_ create namespace "$SMOKE_NS" >/dev/null
  await kube-controller-manager 60 kubectl_ -n "$SMOKE_NS" get serviceaccount default
  local security='
      securityContext:
        runAsNonRoot: true
        runAsUser: 10001
        runAsGroup: 10001
        allowPrivilegeEscalation: false
        readOnlyRootFilesystem: true
        capabilities:
          drop: ["ALL"]
        seccompProfile:
          type: RuntimeDefault'
  kubectl_ apply -f - >/dev/null <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: $SMOKE_NS
spec:
  nodeName: $NODE_NAME
  hostNetwork: true
  automountServiceAccountToken: false
  enableServiceLinks: false
  terminationGracePeriodSeconds: 2
  containers:
    - name: web
      image: $SMOKE_IMAGE
      imagePullPolicy: Always
      args: ["-c", "echo smoke: serving on 127.0.0.1:$port as \$(id -u); exec httpd -f -vv -p 127.0.0.1:$port -h /www"]
      resources:
        requests: {cpu: "1", memory: 128Mi}
        limits: {cpu: "1", memory: 128Mi}
      readinessProbe:
        httpGet: {path: /index.html, port: $port}
        periodSeconds: 1
      volumeMounts:
        - {name: tmp, mountPath: /tmp}$security
  volumes:
    - name: tmp
      emptyDir: {sizeLimit: 16Mi}
EOF
  kubectl_ apply -f - >/dev/null <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: oom
  namespace: $SMOKE_NS
spec:
  nodeName: $NODE_NAME
  hostNetwork: true
  automountServiceAccountToken: false
  enableServiceLinks: false
  restartPolicy: Never
  containers:
    - name: oom
      image: $SMOKE_IMAGE
      imagePullPolicy: IfNotPresent
      # dd (the container's main process) reads 256 MiB into one buffer: past the 32 MiB limit.
      args: ["-c", "echo allocating; exec dd if=/dev/zero of=/dev/null bs=256M count=1"]
      resources:
        limits: {memory: 32Mi}$security
EOF
  kubectl_ -n "$SMOKE_NS" wait --for=condition=Ready pod/web --timeout=90s >/dev/null || fail "pod web not Ready in 90 s"
  out=$(kubectl_ -n "$SMOKE_NS" get pod web -o jsonpath='{.status.qosClass} {.status.podIP} {.status.containerStatuses[0].imageID}')
  [[ "$out" == "Guaranteed 127.0.0.1 $REGISTRY/jvmbench/smoke@sha256:"* ]] || fail "pod web: QoS, pod IP or image not as expected: $out"
  kubectl_ -n "$SMOKE_NS" get events --field-selector involvedObject.name=web,reason=Pulled -o jsonpath='{.items[*].message}' \
    | grep -q "Successfully pulled image \"$SMOKE_IMAGE\"" || fail "no 'Successfully pulled' event for $SMOKE_IMAGE"
  ok "pod web Running and Ready: Guaranteed, hostNetwork (pod IP 127.0.0.1), image pulled from the local registry"
  [[ "$(curl -sf --max-time 5 "http://127.0.0.1:$port/index.html")" == "jvmbench smoke ok" ]] || fail "http://127.0.0.1:$port/ does not answer"
  ok "it answers on http://127.0.0.1:$port/ (readiness probe too)"
  out=$(kubectl_ -n "$SMOKE_NS" exec web -- sh -c 'grep Cpus_allowed_list /proc/self/status; id -u; touch /x 2>&1 || true; grep CapEff /proc/self/status') \
    || fail "kubectl exec failed"
  # One whole CPU, not a reserved one, and out of the kubelet's shared pool (cpu_manager_state).
  local cpu shared
  cpu=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' <<<"$out")
  shared=$(sed -n 's/.*"defaultCpuSet":"\([^"]*\)".*/\1/p' "$STATE/kubelet/cpu_manager_state" 2>/dev/null || true)
  [[ "$cpu" =~ ^[0-9]+$ && ",$RESERVED_CPUS," != *",$cpu,"* ]] || fail "pod web is not pinned to one unreserved CPU: $out"
  [[ -z "$shared" || ( "$shared" != *"$cpu"* ) ]] || fail "CPU $cpu of pod web is still in the shared pool ($shared)"
  [[ "$out" == *$'\n'10001$'\n'* && "$out" == *"Read-only file system"* && "$out" == *"CapEff:"*"0000000000000000"* ]] \
    || fail "pod web: uid, read-only root or capabilities not as expected: $out"
  ok "kubectl exec: exclusive CPU $cpu (shared pool now ${shared:-?}), uid 10001, read-only root, no capabilities"
  # The container's output reaches its log file through the shim: give it a moment.
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    out=$(kubectl_ -n "$SMOKE_NS" logs web 2>&1) && grep -q "smoke: serving on 127.0.0.1:$port as 10001" <<<"$out" && break
    sleep 0.5
  done
  grep -q "smoke: serving on 127.0.0.1:$port as 10001" <<<"$out" || fail "kubectl logs: no start line in: $out"
  ok "kubectl logs"
  head -c 100000 /dev/urandom >"$work/up.bin"
  kubectl_ -n "$SMOKE_NS" cp "$work/up.bin" web:/tmp/up.bin -c web >/dev/null || fail "kubectl cp to the pod failed"
  kubectl_ -n "$SMOKE_NS" cp web:/tmp/up.bin "$work/down.bin" -c web >/dev/null 2>&1 || fail "kubectl cp from the pod failed"
  cmp -s "$work/up.bin" "$work/down.bin" || fail "kubectl cp: the file came back different"
  ok "kubectl cp both ways (100 kB, same bytes)"
  local deadline=$(( $(now_s) + 60 )) reason=""
  while (( $(now_s) < deadline )); do
    reason=$(kubectl_ -n "$SMOKE_NS" get pod oom -o jsonpath='{.status.containerStatuses[0].state.terminated.reason}/{.status.containerStatuses[0].state.terminated.exitCode}')
    [[ "$reason" == / ]] || break
    sleep 1
  done
  [[ "$reason" == OOMKilled/137 ]] || fail "pod oom: expected OOMKilled/137, got '$reason'"
  kubectl_ -n "$SMOKE_NS" logs oom | grep -q allocating || fail "pod oom: no log"
  ok "a container past its 32 MiB limit ends OOMKilled (exit 137)"
  # The pods at once (their containers are stopped within a second); the namespace goes on
  # disappearing in the background (~10 s of the namespace controller), and the next smoke waits for it.
  kubectl_ -n "$SMOKE_NS" delete pod --all --grace-period=0 --force --wait=true >/dev/null 2>&1 || fail "deleting the pods failed"
  kubectl_ delete namespace "$SMOKE_NS" --wait=false >/dev/null || fail "deleting namespace $SMOKE_NS failed"
  # shellcheck disable=SC2064 # expanded now: the directory of this run
  trap "rm -rf '$work'" EXIT
  ok "pods deleted"
  log "smoke in $(( $(now_s) - begin ))s"
  echo "cluster smoke: $passed passed, 0 failed"
}

case "${1:-help}" in
  up) shift; cmd_up "$@" ;;
  down) cmd_down ;;
  smoke) cmd_smoke ;;
  status) cmd_status ;;
  env) cmd_env ;;
  -h | --help | help) usage ;;
  *) usage >&2; die "unknown command '$1'" ;;
esac
