#!/usr/bin/env bash
# Starts a throw-away PostgreSQL and Redis on loopback for the PostgreSQL and Redis test legs, and as root the
# LAN leg's network namespaces, and prints the variables to export.
# Usage: eval "$(bash scripts/test-services.sh start)"; bash scripts/test-services.sh stop
set -euo pipefail
STATE_DIR=${CLIPSYNC_SERVICES_DIR:-/tmp/clipsync-test-services}
PG_PORT=${PG_PORT:-54329}
REDIS_PORT=${REDIS_PORT:-63790}
# PostgreSQL's settings for a database thrown away after the run (below, at its start).
THROWAWAY_DATABASE='-c fsync=off -c synchronous_commit=off -c full_page_writes=off'
# The LAN leg's networks, as root: the server and two client networks ("home", "neighbour"), each a network
# namespace of this run, linked by veth pairs made inside them. The clients' public-range test addresses
# (RFC 5737) exist only in their namespaces, so the server sees two real networks without trusting any
# header, and nothing is added to this machine's own interfaces or routes.
LAN_PREFIX=${CLIPSYNC_LAN_PREFIX:-clipsync-lan}
# The server's own address in its namespace: RFC 2544's range for test networks, which no real network uses.
LAN_SERVER_ADDRESS=198.18.0.1
# name:address of each client network; its gateway, the server's end of its veth pair, is its .1.
LAN_NETWORKS=(home:203.0.113.201 neighbour:198.51.100.202)
# Held while a run of this STATE_DIR is in use: from its start until its stop, or until the shell that started it
# (the one that will stop it, .ci/run) is gone. A second start on the same directory, ports and namespaces fails
# instead of tearing down the first run's servers and namespaces; a crashed run's leftovers are still cleared.
LOCK_FILE=$STATE_DIR.lock
# The shell that ran `eval "$(bash scripts/test-services.sh start)"`, and runs `stop` later: it owns the run.
OWNER=$PPID

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

as_postgres() {
  # initdb refuses to run as root; run PostgreSQL as its own user when we are root.
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}

start() {
  local bin; bin=$(pg_bin)
  [ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
  mkdir -p "$(dirname "$LOCK_FILE")"
  exec 9>>"$LOCK_FILE"
  flock -n 9 || { in_use_by_another_run; exit 1; }
  # What a run that crashed or was never stopped left: its servers and its namespaces.
  clear_run
  rm -rf "$STATE_DIR"; mkdir -p "$STATE_DIR/pg"
  [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$STATE_DIR"
  as_postgres "$bin/initdb -D $STATE_DIR/pg -U postgres --auth=trust" >"$STATE_DIR/initdb.log" 2>&1
  # The servers are not given the lock (9>&-): a crashed run's servers must not keep the next start out.
  # A throw-away database need not reach the disk before a commit returns (it is gone after the run): without
  # fsync the PostgreSQL leg stops waiting on the disk at every commit and every database a test file creates.
  as_postgres "$bin/pg_ctl -D $STATE_DIR/pg -o '-p $PG_PORT -h 127.0.0.1 -k $STATE_DIR $THROWAWAY_DATABASE' -l $STATE_DIR/pg.log -w start" \
    >/dev/null 9>&-
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --pidfile "$STATE_DIR/redis.pid" --logfile "$STATE_DIR/redis.log" 9>&-
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "export TEST_REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
  local reason
  if reason=$(make_lan_namespaces); then
    echo "export TEST_LAN_NAMESPACES=$(lan_namespaces_variable)"
  else
    remove_lan_namespaces
    echo "LAN leg skipped: $reason" >&2
  fi
  hold_lock_while_owner_lives
}

# Keeps the lock (descriptor 9) after this script exits, in a process of its own that lives as long as the owner:
# `stop` ends it; if the owner dies without stopping, the lock is free again and the next start clears what is left.
hold_lock_while_owner_lives() {
  echo "$OWNER" >"$STATE_DIR/owner"
  setsid bash -c "while kill -0 $OWNER 2>/dev/null; do sleep 1; done" </dev/null >/dev/null 2>&1 &
  echo $! >"$STATE_DIR/lock-keeper.pid"
}

in_use_by_another_run() {
  echo "Another run is using $STATE_DIR (PostgreSQL on port $PG_PORT, Redis on $REDIS_PORT, namespaces $LAN_PREFIX-*):" \
    "left alone. Give this run its own CLIPSYNC_SERVICES_DIR, PG_PORT, REDIS_PORT and CLIPSYNC_LAN_PREFIX." >&2
}

lan_namespaces() {
  echo "$LAN_PREFIX-server"
  for network in "${LAN_NETWORKS[@]}"; do echo "$LAN_PREFIX-${network%%:*}"; done
}

# namespace@address of the server, then of each client network (docs/testing.md).
lan_namespaces_variable() {
  local entries=("$LAN_PREFIX-server@$LAN_SERVER_ADDRESS")
  for network in "${LAN_NETWORKS[@]}"; do entries+=("$LAN_PREFIX-${network%%:*}@${network#*:}"); done
  (IFS=,; echo "${entries[*]}")
}

# Runs an `ip` command; when it fails, prints it with its error (the reason the leg is skipped).
lan_ip() {
  local output
  output=$(ip "$@" 2>&1) || { echo "\`ip $*\` failed: $output"; return 1; }
}

# Prints why when the namespaces cannot be made (not root, no iproute2, a container without CAP_SYS_ADMIN).
make_lan_namespaces() {
  [ "$(id -u)" = 0 ] || { echo "network namespaces need root"; return 1; }
  command -v ip >/dev/null 2>&1 || { echo "no \`ip\` command (Debian package iproute2)"; return 1; }
  local server=$LAN_PREFIX-server
  lan_ip netns add "$server" || return 1
  lan_ip -n "$server" link set lo up || return 1
  lan_ip -n "$server" addr add "$LAN_SERVER_ADDRESS/32" dev lo || return 1
  for network in "${LAN_NETWORKS[@]}"; do
    local name=${network%%:*} address=${network#*:}
    local namespace=$LAN_PREFIX-$name gateway=${address%.*}.1
    lan_ip netns add "$namespace" || return 1
    lan_ip -n "$namespace" link set lo up || return 1
    # Both ends are made inside the namespaces: the machine's own namespace never holds them.
    lan_ip link add lan0 netns "$namespace" type veth peer name "$name" netns "$server" || return 1
    lan_ip -n "$namespace" addr add "$address/24" dev lan0 || return 1
    lan_ip -n "$server" addr add "$gateway/24" dev "$name" || return 1
    lan_ip -n "$namespace" link set lan0 up || return 1
    lan_ip -n "$server" link set "$name" up || return 1
    lan_ip -n "$namespace" route add "$LAN_SERVER_ADDRESS/32" via "$gateway" || return 1
  done
}

remove_lan_namespaces() {
  [ "$(id -u)" = 0 ] && command -v ip >/dev/null 2>&1 || return 0
  local namespace
  for namespace in $(lan_namespaces); do
    # A server or client a crashed run left inside would keep the namespace alive once its name is gone.
    for pid in $(ip netns pids "$namespace" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
    ip netns del "$namespace" 2>/dev/null || true
  done
}

# Stops the servers of STATE_DIR and removes the namespaces; the caller holds the lock.
clear_run() {
  local bin; bin=$(pg_bin)
  [ -d "$STATE_DIR/pg" ] && as_postgres "$bin/pg_ctl -D $STATE_DIR/pg -m fast stop" >/dev/null 2>&1 || true
  if [ -f "$STATE_DIR/redis.pid" ]; then
    local redis; redis=$(cat "$STATE_DIR/redis.pid")
    kill "$redis" 2>/dev/null || true
    # Gone before a start that follows binds its port again (at most 5 s).
    for _ in $(seq 50); do kill -0 "$redis" 2>/dev/null || break; sleep 0.1; done
  fi
  remove_lan_namespaces
}

# Stops this shell's run, or what a run that is over left; never a run another shell still uses (a failed start's
# `trap stop` included).
stop() {
  exec 9>>"$LOCK_FILE"
  if ! flock -n 9; then
    [ "$(cat "$STATE_DIR/owner" 2>/dev/null)" = "$OWNER" ] || { in_use_by_another_run; exit 1; }
    local keeper; keeper=$(cat "$STATE_DIR/lock-keeper.pid" 2>/dev/null || true)
    # Its whole process group (setsid), the `sleep` that also holds the lock included.
    [ -n "$keeper" ] && kill -- "-$keeper" 2>/dev/null || true
    flock -w 10 9 || { echo "the lock on $STATE_DIR was not released" >&2; exit 1; }
  fi
  clear_run
  rm -f "$STATE_DIR/owner" "$STATE_DIR/lock-keeper.pid"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
