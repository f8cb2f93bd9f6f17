#!/usr/bin/env bash
# The benchmark host's Docker engine.
#   bash worker/host/docker-engine.sh [start]   use the daemon that answers, or install + start one
#   bash worker/host/docker-engine.sh stop      stop the daemon this script started
#   bash worker/host/docker-engine.sh status
# Sourceable: `source worker/host/docker-engine.sh; ensure_docker_engine`.
#
# The daemon runs with --bridge=none and no iptables work: every benchmark container uses
# host networking and talks on 127.0.0.1, so there is nothing to bridge or NAT, and a daemon
# that touches iptables/docker0 would interfere with any other engine on the host.

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

DOCKERD_LOG=${DOCKERD_LOG:-/var/log/jvmbench-dockerd.log}
# Our own pid file, distinct from dockerd's /var/run/docker.pid: `stop` must only ever stop
# the daemon this script started, never one someone else runs.
DOCKERD_PIDFILE=${DOCKERD_PIDFILE:-/var/run/jvmbench-dockerd.pid}
DOCKERD_EXEC_ROOT=${DOCKERD_EXEC_ROOT:-/var/run/docker}
# dockerd's own pid file (its default path, named explicitly because we read it).
DOCKERD_DAEMON_PIDFILE=${DOCKERD_DAEMON_PIDFILE:-/var/run/docker.pid}
DOCKERD_START_TIMEOUT=${DOCKERD_START_TIMEOUT:-30}

docker_answers() {
  docker info >/dev/null 2>&1
}

is_debian() {
  [[ -f /etc/debian_version ]] && command -v apt-get >/dev/null 2>&1
}

install_docker_io() {
  export DEBIAN_FRONTEND=noninteractive
  # Try without `apt-get update` first: it costs 10-20 s and the host's lists usually
  # already know docker.io. Update only when the lists are missing or stale.
  if ! ls /var/lib/apt/lists/*_Packages* >/dev/null 2>&1 \
      || ! apt-get install -y -q docker.io; then
    apt-get update -q && apt-get install -y -q docker.io
  fi
}

start_dockerd() {
  mkdir -p "$(dirname "$DOCKERD_LOG")"
  # A pid file left by a daemon that was killed would make us watch the wrong process.
  if [[ -f "$DOCKERD_DAEMON_PIDFILE" ]] && ! kill -0 "$(cat "$DOCKERD_DAEMON_PIDFILE")" 2>/dev/null; then
    rm -f "$DOCKERD_DAEMON_PIDFILE"
  fi
  # Containers inherit dockerd's open-files limit; the calling shell's (often 1024-20000)
  # would cap the connections an upstream or app under test can hold. Docker's own systemd
  # unit runs it unlimited; take the kernel's maximum (fs.nr_open) here. Raising the hard
  # limit needs CAP_SYS_RESOURCE, which some VMs withhold (this one: it stays at 20000,
  # still enough for the thousands of connections a benchmark holds).
  local nofile
  nofile=$(cat /proc/sys/fs/nr_open 2>/dev/null || echo 1048576)
  # setsid --fork + nohup: the daemon must outlive this script and the shell that ran
  # `./bench setup`, in its own session so that terminal's SIGHUP/SIGINT never reach it.
  # Descriptors above stderr are closed first: a lock the caller holds (`flock file ./bench setup`,
  # setup.sh's own) would otherwise be held by the daemon for its whole life.
  (
    ulimit -Hn "$nofile" 2>/dev/null || true
    ulimit -Sn "$(ulimit -Hn)" 2>/dev/null || true
    for fd in /proc/$BASHPID/fd/*; do
      fd=${fd##*/}
      if (( fd > 2 )); then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    exec setsid --fork nohup dockerd \
      --bridge=none --iptables=false --ip6tables=false --ip-masq=false --ip-forward=false \
      --exec-root="$DOCKERD_EXEC_ROOT" --pidfile="$DOCKERD_DAEMON_PIDFILE" \
      >>"$DOCKERD_LOG" 2>&1 </dev/null
  )
  local pid="" deadline=$(( $(now_s) + DOCKERD_START_TIMEOUT ))
  until [[ -S /var/run/docker.sock ]] && docker_answers; do
    [[ -z "$pid" && -s "$DOCKERD_DAEMON_PIDFILE" ]] && pid=$(cat "$DOCKERD_DAEMON_PIDFILE")
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then
      tail -n 5 "$DOCKERD_LOG" >&2 || true
      die "dockerd exited during start; see $DOCKERD_LOG"
    fi
    if (( $(now_s) >= deadline )); then
      die "dockerd did not answer within ${DOCKERD_START_TIMEOUT}s; see $DOCKERD_LOG"
    fi
    sleep 0.2
  done
  [[ -n "$pid" ]] || pid=$(cat "$DOCKERD_DAEMON_PIDFILE")
  echo "$pid" >"$DOCKERD_PIDFILE"
}

ensure_docker_engine() {
  if docker_answers; then
    log "docker engine: using the running daemon ($(docker version -f '{{.Server.Version}}' 2>/dev/null || echo '?'))"
    return 0
  fi
  if ! command -v docker >/dev/null 2>&1 && ! is_debian; then
    die "no Docker engine answers and this is not Debian: install Docker, start it, and make 'docker info' work for this user"
  fi
  if (( EUID != 0 )); then
    die "no Docker engine answers: run 'sudo bash worker/host/docker-engine.sh' once, or start Docker and add $(id -un) to the docker group"
  fi
  if ! command -v dockerd >/dev/null 2>&1; then
    is_debian || die "dockerd is not installed and this is not Debian: install Docker and start it"
    run_step "install docker.io" install_docker_io
  fi
  # A socket left by a killed daemon would make the wait below succeed too early / fail.
  if [[ -S /var/run/docker.sock ]] && ! docker_answers; then
    rm -f /var/run/docker.sock
  fi
  local start; start=$(now_s)
  start_dockerd
  log "docker engine: dockerd started (pid $(cat "$DOCKERD_PIDFILE"), log $DOCKERD_LOG) in $(( $(now_s) - start ))s"
}

stop_docker_engine() {
  if [[ ! -f "$DOCKERD_PIDFILE" ]]; then
    log "docker engine: no daemon started by this script (no $DOCKERD_PIDFILE); nothing to stop"
    return 0
  fi
  local pid; pid=$(cat "$DOCKERD_PIDFILE")
  if kill -0 "$pid" 2>/dev/null && [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == dockerd ]]; then
    kill -TERM "$pid"
    local i
    # dockerd stops its containers (10 s grace each, in parallel) before exiting.
    for (( i = 0; i < 300; i++ )); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      die "dockerd (pid $pid) still running 30 s after SIGTERM; see $DOCKERD_LOG"
    fi
    log "docker engine: dockerd (pid $pid) stopped"
  else
    log "docker engine: pid $pid from $DOCKERD_PIDFILE is not a running dockerd"
  fi
  rm -f "$DOCKERD_PIDFILE"
  # dockerd can leave its netns bind mount behind; a later daemon then fails to start the
  # host network sandbox until it is unmounted.
  if mountpoint -q "$DOCKERD_EXEC_ROOT/netns/default" 2>/dev/null \
      || grep -qs " $DOCKERD_EXEC_ROOT/netns/default " /proc/self/mounts; then
    umount "$DOCKERD_EXEC_ROOT/netns/default" || umount -l "$DOCKERD_EXEC_ROOT/netns/default" \
      || die "could not unmount $DOCKERD_EXEC_ROOT/netns/default"
    log "docker engine: unmounted $DOCKERD_EXEC_ROOT/netns/default"
  fi
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  case "${1:-start}" in
    start) ensure_docker_engine ;;
    stop) stop_docker_engine ;;
    status)
      if docker_answers; then
        log "docker engine answers: $(docker version -f '{{.Server.Version}}')"
      else
        log "no docker engine answers"; exit 1
      fi ;;
    *) die "usage: $0 [start|stop|status]" ;;
  esac
fi
