# Starts a private PostgreSQL and Redis on loopback, on spare ports, with
# throwaway data directories. Source it, then call `start_services`; call
# `stop_services` (e.g. from an EXIT trap) to stop them and delete their data.
#
# Exports for the tests and the demo:
#   TEST_DATABASE_URL         postgres://mirror_bot:<pw>@127.0.0.1:<port>/mirror_bot_test
#   TEST_DATABASE_SOCKET_URL  the same database over the unix socket (host= parameter)
#   TEST_REDIS_URL            redis://:<pw>@127.0.0.1:<port>/0
#   TEST_REDIS_TLS_URL        rediss://:<pw>@localhost:<tls port>/0, the same Redis over TLS, with a
#                             certificate for localhost and 127.0.0.1 signed by a private CA:
#   TEST_REDIS_TLS_CA_FILE    that CA (PEM); the system's CAs do not trust it
#   TEST_REDIS_PORT, TEST_REDIS_TLS_PORT, TEST_REDIS_PASSWORD, TEST_PG_PASSWORD
#
# SERVICES_PG_OPTIONS: more of PostgreSQL's settings ("-c name=value ..."), for a benchmark.

services_dir=""
pg_bin=""

spare_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

as_pg_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_services() {
  pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  services_dir="$(mktemp -d /tmp/mirror-bot-services.XXXXXX)"
  chmod 755 "$services_dir"
  mkdir -p "$services_dir/pg" "$services_dir/pgsock" "$services_dir/redis"
  [ "$(id -u)" -eq 0 ] && chown postgres "$services_dir/pg" "$services_dir/pgsock"

  export TEST_PG_PASSWORD="pg-$(python3 -c 'import secrets; print(secrets.token_hex(8))')"
  export TEST_REDIS_PASSWORD="redis-$(python3 -c 'import secrets; print(secrets.token_hex(8))')"
  printf '%s\n' "$TEST_PG_PASSWORD" > "$services_dir/pwfile"
  chmod 644 "$services_dir/pwfile"

  local pg_port redis_port redis_tls_port
  pg_port="$(spare_port)"
  redis_port="$(spare_port)"
  redis_tls_port="$(spare_port)"
  make_tls_certificates "$services_dir/tls" || return 1

  as_pg_owner "$pg_bin/initdb" -D "$services_dir/pg/data" -U mirror_bot --pwfile="$services_dir/pwfile" \
    --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --locale=C.UTF-8 >"$services_dir/initdb.log" 2>&1 \
    || { cat "$services_dir/initdb.log" >&2; return 1; }
  rm -f "$services_dir/pwfile"
  as_pg_owner "$pg_bin/pg_ctl" -D "$services_dir/pg/data" -l "$services_dir/pg/server.log" -w -t 60 \
    -o "-p $pg_port -k $services_dir/pgsock -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=500 ${SERVICES_PG_OPTIONS:-}" \
    start >/dev/null || { cat "$services_dir/pg/server.log" >&2; return 1; }
  PGPASSWORD="$TEST_PG_PASSWORD" "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U mirror_bot mirror_bot_test

  redis-server --port "$redis_port" --bind 127.0.0.1 --requirepass "$TEST_REDIS_PASSWORD" \
    --tls-port "$redis_tls_port" --tls-cert-file "$services_dir/tls/server.crt" \
    --tls-key-file "$services_dir/tls/server.key" --tls-ca-cert-file "$services_dir/tls/ca.crt" \
    --tls-auth-clients no \
    --save '' --appendonly no --daemonize yes --dir "$services_dir/redis" \
    --pidfile "$services_dir/redis/redis.pid" --logfile "$services_dir/redis/redis.log"
  for _ in $(seq 1 50); do
    REDISCLI_AUTH="$TEST_REDIS_PASSWORD" redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done

  export TEST_DATABASE_URL="postgres://mirror_bot:${TEST_PG_PASSWORD}@127.0.0.1:${pg_port}/mirror_bot_test"
  export TEST_DATABASE_SOCKET_URL="postgres://mirror_bot@/mirror_bot_test?host=${services_dir}/pgsock&port=${pg_port}"
  export TEST_REDIS_URL="redis://:${TEST_REDIS_PASSWORD}@127.0.0.1:${redis_port}/0"
  export TEST_REDIS_PORT="$redis_port"
  export TEST_REDIS_TLS_URL="rediss://:${TEST_REDIS_PASSWORD}@localhost:${redis_tls_port}/0"
  export TEST_REDIS_TLS_PORT="$redis_tls_port"
  export TEST_REDIS_TLS_CA_FILE="$services_dir/tls/ca.crt"
  echo "services: postgresql on 127.0.0.1:${pg_port}, redis on 127.0.0.1:${redis_port} (TLS on ${redis_tls_port}) (data in ${services_dir})"
}

# A private CA and a server certificate for localhost and 127.0.0.1 signed by it, in $1.
make_tls_certificates() {
  local dir="$1"
  mkdir -p "$dir"
  {
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
      -subj "/CN=mirror-bot test CA" -keyout "$dir/ca.key" -out "$dir/ca.crt" &&
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
      -subj "/CN=localhost" -keyout "$dir/server.key" -out "$dir/server.csr" &&
    printf '%s\n' "subjectAltName=DNS:localhost,IP:127.0.0.1" "basicConstraints=CA:FALSE" \
      "keyUsage=digitalSignature,keyEncipherment" "extendedKeyUsage=serverAuth" >"$dir/server.ext" &&
    openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" -CAcreateserial \
      -days 2 -extfile "$dir/server.ext" -out "$dir/server.crt"
  } >"$dir/openssl.log" 2>&1 || { cat "$dir/openssl.log" >&2; return 1; }
  chmod 644 "$dir/ca.crt" "$dir/server.crt"
}

stop_services() {
  [ -n "$services_dir" ] || return 0
  if [ -f "$services_dir/redis/redis.pid" ]; then
    kill "$(cat "$services_dir/redis/redis.pid")" 2>/dev/null || true
  fi
  if [ -d "$services_dir/pg/data" ]; then
    as_pg_owner "$pg_bin/pg_ctl" -D "$services_dir/pg/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$services_dir"
  services_dir=""
}
