#!/bin/sh
# Start command of the platform's PostgreSQL in docker-compose.yml (jvmbench/postgres:17, whose
# build-time cluster is a benchmark upstream: fixed password, fsync off). The platform's own
# cluster lives in the volume at $PGDATA instead:
#   - created on the first start with initdb, so every stack gets its own system identifier
#     (the worker's bench.platform label is made of it: two stacks on one host never take each
#     other's containers for their own);
#   - role `bench` (login, not superuser) with the password $BENCH_DB_PASSWORD, set again on
#     every start (changing the variable and restarting changes the password), database `bench`;
#     the superuser `postgres` has no password (inside the container only);
#   - durable: fsync, synchronous_commit and full_page_writes back on.
set -eu
: "${BENCH_DB_PASSWORD:?BENCH_DB_PASSWORD must be set}"
: "${PGDATA:?}"
# The SQL string literal: quotes doubled (standard_conforming_strings is on, backslashes are plain).
password_sql=$(printf '%s' "$BENCH_DB_PASSWORD" | sed "s/'/''/g")
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "platform-postgres: creating the cluster in $PGDATA"
  initdb --pgdata="$PGDATA" --username=postgres --encoding=UTF8 --locale=C.UTF-8 \
         --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  cp /etc/jvmbench/pg_hba.conf "$PGDATA/pg_hba.conf"
  echo "include '/etc/jvmbench/postgresql.conf'" >>"$PGDATA/postgresql.conf"
  printf '%s\n' "CREATE ROLE bench LOGIN PASSWORD '$password_sql';" "CREATE DATABASE bench OWNER bench;" \
    | postgres --single -D "$PGDATA" -c exit_on_error=true postgres >/dev/null
else
  printf '%s\n' "ALTER ROLE bench PASSWORD '$password_sql';" \
    | postgres --single -D "$PGDATA" -c exit_on_error=true postgres >/dev/null
fi
exec postgres -D "$PGDATA" -p "$PGPORT" -c fsync=on -c synchronous_commit=on -c full_page_writes=on "$@"
