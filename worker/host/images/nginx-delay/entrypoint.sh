#!/bin/bash
# Renders nginx.conf from the environment, then becomes nginx (PID 1, so `docker stop`
# signals nginx itself).
set -eu

case "$DELAY_SECONDS" in
  '' | *[!0-9.]* | *.*.*) echo "nginx-delay: DELAY_SECONDS must be a number of seconds, got '$DELAY_SECONDS'" >&2; exit 2 ;;
esac
case "$PORT" in
  '' | *[!0-9]*) echo "nginx-delay: PORT must be a port number, got '$PORT'" >&2; exit 2 ;;
esac

# Each connection is a file descriptor: use all the container allows (docker sets the soft
# limit from the daemon's, which may be lower than the hard one).
ulimit -n "$(ulimit -H -n)" 2>/dev/null || true
nofile=$(ulimit -n)
if [ "$nofile" != unlimited ] && [ "$nofile" -lt "$NGINX_WORKER_CONNECTIONS" ]; then
  echo "nginx-delay: open-files limit $nofile < NGINX_WORKER_CONNECTIONS $NGINX_WORKER_CONNECTIONS; nginx will refuse connections past it" >&2
fi

conf=/tmp/nginx-delay/nginx.conf
mkdir -p /tmp/nginx-delay
sed -e "s/@DELAY_SECONDS@/$DELAY_SECONDS/g" \
    -e "s/@PORT@/$PORT/g" \
    -e "s/@WORKER_PROCESSES@/$NGINX_WORKER_PROCESSES/g" \
    -e "s/@WORKER_CONNECTIONS@/$NGINX_WORKER_CONNECTIONS/g" \
    /etc/nginx/jvmbench/nginx.conf.template >"$conf"

echo "nginx-delay: listening on 127.0.0.1:$PORT, delay ${DELAY_SECONDS}s (override per request: ?delay=<seconds>)" >&2
# -e stderr: the compiled-in error log under /var/log is not writable for www-data.
exec nginx -e stderr -c "$conf" -g 'daemon off;' "$@"
