# shellcheck shell=bash
# A Go toolchain for the tools the helm scripts build from the Go module proxy (helm in
# helm/test.sh, Kubernetes in helm/cluster.sh). Source it; it defines functions and the pinned
# fallback toolchain only. The caller defines log, die, TOOLS (the tools cache) and GOPROXY_URL.
#
# find_go MIN prints a go binary >= MIN: $GO, else `go` on PATH, else /usr/local/go/bin/go, else
# the Go $GO_FALLBACK toolchain zip from the Go module proxy (golang.org/toolchain, the same zip
# `GOTOOLCHAIN` would fetch), checked against a pinned sha256 and unpacked into $TOOLS.

GO_FALLBACK=1.26.8
GO_FALLBACK_SHA256=30c2b1bf7dcc88d3eb0a1364e47ddd9128edb3110a30e8a0ef61cd5856b31de7

# 0 when version $1 >= $2 (dotted numbers).
version_ge() { [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" == "$2" ]]; }

go_version_of() { "$1" env GOVERSION 2>/dev/null | sed -n 's/^go\([0-9][0-9.]*\).*/\1/p'; }

find_go() {
  local min=$1 candidate version
  local candidates=()
  if [[ -n "${GO:-}" ]]; then
    candidates=("$GO")
  else
    candidates=("$(command -v go || true)" /usr/local/go/bin/go)
  fi
  for candidate in "${candidates[@]}" "$TOOLS/go-$GO_FALLBACK/bin/go"; do
    [[ -n "$candidate" && -x "$candidate" ]] || continue
    version=$(go_version_of "$candidate")
    if [[ -n "$version" ]] && version_ge "$version" "$min"; then
      printf '%s' "$candidate"
      return
    fi
    log "go at $candidate is ${version:-unknown}, need >= $min"
  done
  fetch_go_toolchain "$min"
  printf '%s' "$TOOLS/go-$GO_FALLBACK/bin/go"
}

fetch_go_toolchain() {
  local min=$1
  local url="$GOPROXY_URL/golang.org/toolchain/@v/v0.0.1-go$GO_FALLBACK.linux-amd64.zip"
  local tmp="$TOOLS/.tmp-go"
  [[ "$(uname -sm)" == "Linux x86_64" ]] || die "no Go >= $min found and the fallback toolchain is linux-amd64 only: install Go >= $min or set GO"
  log "no Go >= $min: downloading the Go $GO_FALLBACK toolchain (~70 MB) from the Go module proxy: $url"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  curl -fsSL --retry 3 --max-time 300 -o "$tmp/go.zip" "$url" || die "downloading $url failed"
  echo "$GO_FALLBACK_SHA256  $tmp/go.zip" | sha256sum -c --quiet - || die "$url does not have the pinned sha256"
  if command -v unzip >/dev/null; then
    unzip -q "$tmp/go.zip" -d "$tmp/x"
  else
    python3 -m zipfile -e "$tmp/go.zip" "$tmp/x"
  fi
  # Module zips keep no file modes; the go command marks the same files executable.
  chmod -R a+x "$tmp/x/golang.org/toolchain@v0.0.1-go$GO_FALLBACK.linux-amd64/bin" \
    "$tmp/x/golang.org/toolchain@v0.0.1-go$GO_FALLBACK.linux-amd64/pkg/tool"
  rm -rf "$TOOLS/go-$GO_FALLBACK"
  mv "$tmp/x/golang.org/toolchain@v0.0.1-go$GO_FALLBACK.linux-amd64" "$TOOLS/go-$GO_FALLBACK"
  rm -rf "$tmp"
}
