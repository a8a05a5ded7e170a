#!/usr/bin/env bash
# Starts a throw-away PostgreSQL and Redis on loopback for the PostgreSQL and Redis test legs, and prints
# the variables to export. Usage: eval "$(bash scripts/test-services.sh start)"; bash scripts/test-services.sh stop
set -euo pipefail
STATE_DIR=${CLIPSYNC_SERVICES_DIR:-/tmp/clipsync-test-services}
PG_PORT=${PG_PORT:-54329}
REDIS_PORT=${REDIS_PORT:-63790}
# Two public-range test addresses (RFC 5737) on the loopback interface, as root: the LAN leg's clients bind
# to them, so the server sees two real networks without trusting any header.
LAN_ADDRESSES=(203.0.113.201 198.51.100.202)

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

as_postgres() {
  # initdb refuses to run as root; run PostgreSQL as its own user when we are root.
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}

start() {
  local bin; bin=$(pg_bin)
  [ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
  rm -rf "$STATE_DIR"; mkdir -p "$STATE_DIR/pg"
  [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$STATE_DIR"
  as_postgres "$bin/initdb -D $STATE_DIR/pg -U postgres --auth=trust" >"$STATE_DIR/initdb.log" 2>&1
  as_postgres "$bin/pg_ctl -D $STATE_DIR/pg -o '-p $PG_PORT -h 127.0.0.1 -k $STATE_DIR' -l $STATE_DIR/pg.log -w start" >/dev/null
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --pidfile "$STATE_DIR/redis.pid" --logfile "$STATE_DIR/redis.log"
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "export TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
  if add_lan_addresses; then echo "export TEST_LAN_ADDRESSES=$(IFS=,; echo "${LAN_ADDRESSES[*]}")"; fi
}

add_lan_addresses() {
  [ "$(id -u)" = 0 ] && command -v ip >/dev/null 2>&1 || return 1
  for address in "${LAN_ADDRESSES[@]}"; do
    ip addr show dev lo | grep -q " $address/" || ip addr add "$address/32" dev lo 2>/dev/null || return 1
  done
}

stop() {
  local bin; bin=$(pg_bin)
  [ -d "$STATE_DIR/pg" ] && as_postgres "$bin/pg_ctl -D $STATE_DIR/pg -m fast stop" >/dev/null 2>&1 || true
  [ -f "$STATE_DIR/redis.pid" ] && kill "$(cat "$STATE_DIR/redis.pid")" 2>/dev/null || true
  if [ "$(id -u)" = 0 ] && command -v ip >/dev/null 2>&1; then
    for address in "${LAN_ADDRESSES[@]}"; do ip addr del "$address/32" dev lo 2>/dev/null || true; done
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
