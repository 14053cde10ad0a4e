#!/bin/bash
# The redis stand-in's entrypoint (see the Dockerfile beside it): redis-server as the redis
# user, in /data, with protected mode off; options alone (`--appendonly yes`) go to redis-server.
set -euo pipefail

first="${1:-}"
if [ "${first#-}" != "$first" ]; then set -- redis-server "$@"; fi
if [ "${1:-}" != "redis-server" ]; then exec "$@"; fi

shift
chown -R redis:redis /data
exec setpriv --reuid=redis --regid=redis --init-groups -- redis-server --protected-mode no "$@"
