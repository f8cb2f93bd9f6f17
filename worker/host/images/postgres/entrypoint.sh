#!/bin/sh
# Becomes the postmaster (PID 1, so `docker stop` signals it). Extra arguments go to
# postgres, e.g. `docker run ... jvmbench/postgres:17 -c max_connections=1000`.
set -eu
case "$PGPORT" in
  '' | *[!0-9]*) echo "postgres-bench: PGPORT must be a port number, got '$PGPORT'" >&2; exit 2 ;;
esac
exec postgres -D "$PGDATA" -p "$PGPORT" "$@"
