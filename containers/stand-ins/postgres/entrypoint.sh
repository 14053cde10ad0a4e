#!/bin/bash
# The postgres stand-in's entrypoint (see the Dockerfile beside it): on an empty PGDATA, initdb
# with POSTGRES_USER (default postgres) and POSTGRES_PASSWORD (required), then POSTGRES_DB
# (default: the user's name); then the server as the postgres user, listening on every address.
set -euo pipefail

if [ "${1:-}" != "postgres" ]; then exec "$@"; fi

mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; }

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || {
    echo "postgres stand-in: POSTGRES_PASSWORD is not set; the database is not initialised" >&2; exit 1; }
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  chown postgres "$password_file"
  as_postgres initdb -D "$PGDATA" -U "$user" --pwfile="$password_file" \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$database" != "postgres" ]; then
    as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    as_postgres createdb -U "$user" "$database"
    as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "postgres stand-in: initialised $PGDATA (user $user, database $database)"
fi

exec setpriv --reuid=postgres --regid=postgres --init-groups -- "$@" -c listen_addresses='*'
