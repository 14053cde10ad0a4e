#!/usr/bin/env bash
# The container's health check (the Dockerfile's HEALTHCHECK runs it as mirror-bot-healthcheck).
#
# With STATUS_PORT (or PORT) set: asks the daemon's /healthz over bash's /dev/tcp (the slim
# image has no curl) and is healthy on 200; otherwise prints the reasons /healthz gave
# (e.g. "likes: round failed: …") and fails. Without a port (or with port 0, chosen at
# random): healthy while HEARTBEAT_FILE was touched in the last 10 minutes.
# Neither way costs a request to X.
set -u

port="${STATUS_PORT:-${PORT:-}}"
if [ -z "$port" ] || [ "$port" = "0" ]; then
  heartbeat="${HEARTBEAT_FILE:-/tmp/mirror-bot.heartbeat}"
  if [ -n "$(find "$heartbeat" -mmin -10 2>/dev/null)" ]; then exit 0; fi
  echo "healthcheck: $heartbeat is missing or older than 10 minutes"
  exit 1
fi

host="${STATUS_BIND:-127.0.0.1}"
case "$host" in 0.0.0.0 | localhost) host=127.0.0.1 ;; ::) host=::1 ;; esac
if ! exec 3<>"/dev/tcp/$host/$port"; then
  echo "healthcheck: nothing answers on $host port $port"
  exit 1
fi 2>/dev/null
printf 'GET /healthz HTTP/1.0\r\nHost: %s\r\n\r\n' "$host" >&3
answer="$(timeout 8 cat <&3 | tr -d '\r')"
exec 3>&-
# The status line's second word, read without a pipe (a reader that stops after one line
# would leave printf writing into a closed pipe).
read -r _ status _ <<<"$answer"
# The body: everything after the blank line that ends the headers.
printf '%s\n' "$answer" | sed '1,/^$/d'
[ "$status" = "200" ]
