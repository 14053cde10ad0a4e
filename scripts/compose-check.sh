#!/usr/bin/env bash
# docker-compose.yml, brought up with podman-compose against fake-x (build the image first with
# scripts/image.sh):
#
#   scripts/compose-check.sh        exits 1 when any check fails
#
# The official postgres:15-bookworm and redis:7-bookworm images cannot be pulled on a machine
# without a registry: STAND-INS are built from Debian's own postgresql-15 and redis-server
# (containers/stand-ins/, tagged with the official names, labelled org.mirror-bot.stand-in=true)
# when missing. They honour what docker-compose.yml uses of the official images (POSTGRES_USER,
# POSTGRES_PASSWORD, POSTGRES_DB, the data volumes, pg_isready, redis-cli), not everything.
#
# In a copy of docker-compose.yml with a .env made from .env.example and the demo's made-up
# accounts (project mirror-bot-check), it checks the wiring: the bot reaches postgres and redis by
# the compose file's own URLs; postgres and redis turn healthy by their health checks; migrate runs
# once and exits 0, and a second `up` applies nothing; `run --rm bot mirror-bot train ...` trains;
# the bot, on the demo's accelerated clock (its command overridden: --time-scale 720), posts, replies
# and likes on fake-x; killed, it is restarted (restart: unless-stopped); after `down` and `up` the
# posts in PostgreSQL and the counts in Redis are still there (the volumes) and it posts and likes
# again.
#
# What it cannot prove, on podman 4.3 and podman-compose 1.6: that Docker Compose honours
# depends_on. Podman before 4.6 cannot wait for health (podman-compose says it ignores
# `condition: service_healthy`), without systemd podman runs no periodic health checks, and podman
# 4.3 cannot start a container whose required container requires another ("depends on container
# ... not found in input list"), so this script brings the services up in the file's order itself
# (`up -d postgres redis`, the health checks run by hand with `podman healthcheck run`, `up -d
# migrate`, its exit status read, then `up -d --no-deps bot`) and trains with `run --rm -T
# --no-deps`. Nor can it prove the official postgres and redis images, or Docker's networking.
#
# Environment: IMAGE (default mirror-bot:latest), CHECK_SECONDS (default 60), FAKE_X (a built fake-x).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
repo="$(pwd)"
. scripts/podman-env.sh
. scripts/compose-env.sh

image="${IMAGE:-mirror-bot:latest}"
seconds="${CHECK_SECONDS:-60}"
project=mirror-bot-check
check_name=compose-check

compose_check_begin
compose() { (cd "$work/project" && "$podman_compose" -p "$project" -f docker-compose.yml -f override.yml "$@"); }

# The project: docker-compose.yml as it is, a .env from .env.example with the demo's accounts and
# fake-x's address, and an override that only runs the bot on the demo's clock from $1 (HH:MM).
mkdir -p "$work/project"
cp docker-compose.yml "$work/project/"
write_project() {
  { grep -v -E '^(HUMAN_|BOT_|DRY_RUN=|TIME_ZONE=)' .env.example
    grep -v '^#' demo/credentials.env
    echo "DRY_RUN=false"
    echo "TIME_ZONE=Asia/Tokyo"
    echo "POLL_INTERVAL_SECONDS=1800"
    echo "REPLY_PACE=immediate"
    echo "POLL_PACE=steady"
    echo "X_API_BASE_URL=http://host.containers.internal:$fake_port"
  } >"$work/project/.env"
  printf 'services:\n  bot:\n    command: ["mirror-bot", "start", "--time-scale", "720", "--start-at", "%s"]\n' "$1" \
    >"$work/project/override.yml"
}

start_fake_x "$work/fake-x.log" demo/seed.json
write_project 07:00

count_posts() { compose exec -T postgres psql -U mirror_bot -d mirror_bot -Atc 'SELECT count(*) FROM posts' 2>/dev/null | tr -d '\r' | tail -n 1; }
count_keys() { compose exec -T redis redis-cli dbsize 2>/dev/null | tr -d '\r' | tail -n 1; }

# --- up, in the file's order
compose up -d postgres redis >"$work/up.log" 2>&1 || fatal "podman-compose up postgres redis: $(tail -n 5 "$work/up.log")"
healthy postgres 60 && ok "postgres (stand-in) healthy by its health check (pg_isready)" || fatal "postgres never turned healthy"
healthy redis 30 && ok "redis (stand-in) healthy by its health check (redis-cli ping)" || fatal "redis never turned healthy"
forward_fake_x

compose up -d migrate >>"$work/up.log" 2>&1 || fatal "podman-compose up migrate: $(tail -n 5 "$work/up.log")"
wait_stopped migrate 60 || fatal "migrate did not finish in 60 s"
[ "$(exit_code migrate)" = "0" ] && ok "migrate ran once and exited 0 ($(podman logs "${project}_migrate_1" 2>&1 | grep -c 'event=migration_applied' || true) migrations applied)" \
  || fatal "migrate exited $(exit_code migrate): $(podman logs "${project}_migrate_1" 2>&1 | tail -n 3)"
compose run --rm -T --no-deps bot mirror-bot train scheduler >"$work/train.log" 2>&1 && ok "run --rm -T --no-deps bot mirror-bot train scheduler" \
  || fatal "train scheduler: $(tail -n 3 "$work/train.log")"
compose run --rm -T --no-deps bot mirror-bot train classifier >>"$work/train.log" 2>&1 && ok "run --rm -T --no-deps bot mirror-bot train classifier" \
  || fatal "train classifier: $(tail -n 3 "$work/train.log")"

# Counts the bot's events in its log since the container started.
events() { podman logs "${project}_bot_1" 2>&1 | grep -c "event=$1" || true; }
# run_bot SECONDS LABEL EVENT...: up the bot, wait, and require each EVENT (posted, replied, liked) in its log.
run_bot() {
  local seconds="$1" label="$2" event missing="" counts=""
  shift 2
  compose up -d --no-deps bot >>"$work/up.log" 2>&1 || fatal "podman-compose up bot: $(tail -n 5 "$work/up.log")"
  sleep "$seconds"
  for event in posted replied liked; do counts="$counts $event $(events "$event"),"; done
  for event in "$@"; do [ "$(events "$event")" -gt 0 ] || missing="$missing $event"; done
  if [ -z "$missing" ]; then
    ok "$label: in $seconds s the bot${counts%,} (on DATABASE_URL and REDIS_URL of the compose file)"
  else
    bad "$label: in $seconds s the bot${counts%,}: never$missing"
    { podman logs "${project}_bot_1" 2>&1 | grep -E 'level=(error|warning)' || true; } | head -n 5 | sed 's/^/  bot: /'
  fi
}
run_bot "$seconds" "first up" posted replied liked

# restart: unless-stopped, when the daemon dies (killed from outside, as a crash).
restarts_before="$(podman inspect --format '{{.RestartCount}}' "${project}_bot_1")"
kill -KILL "$(podman inspect --format '{{.State.Pid}}' "${project}_bot_1")"
restarted=0
for _ in $(seq 1 30); do
  sleep 1
  [ "$(podman inspect --format '{{.RestartCount}}' "${project}_bot_1")" -gt "$restarts_before" ] \
    && [ "$(podman inspect --format '{{.State.Status}}' "${project}_bot_1")" = "running" ] && { restarted=1; break; }
done
[ "$restarted" = "1" ] && ok "killed, the bot was restarted (restart: unless-stopped)" || bad "killed, the bot was not restarted"

# down and up: the data stays in the volumes.
posts_before="$(count_posts)" keys_before="$(count_keys)"
compose down >>"$work/up.log" 2>&1 || fatal "podman-compose down: $(tail -n 5 "$work/up.log")"
[ -z "$(podman ps -a --filter "name=${project}_" --format '{{.Names}}')" ] && ok "down removed every container" || bad "down left containers"
# A fresh fake-x (its mentions and timeline posts come again) and the bot's clock from 20:00, past
# the slots of the first run (whose plan for today is kept, and claimed, in PostgreSQL). Only likes
# are required here: whether a reply or a post falls in these 50 s (10 bot hours) depends on the
# real time of day (when 20:00 in Tokyo is still ahead, the clock starts at yesterday's 20:00 and
# may never reach the time fake-x's new mentions are dated, nor a slot the kept plan has left), so
# both are counted and shown, not required (a run at 11:46 in Tokyo posted 0, replied 2, liked 5).
# That the kept data is used is proven above (the same posts and keys) and by the likes here.
start_fake_x "$work/fake-x.log" demo/seed.json
write_project 20:00
compose up -d postgres redis >>"$work/up.log" 2>&1 || fatal "podman-compose up (again): $(tail -n 5 "$work/up.log")"
healthy postgres 60 && healthy redis 30 || fatal "postgres or redis not healthy after up"
forward_fake_x
posts_after="$(count_posts)" keys_after="$(count_keys)"
[ -n "$posts_before" ] && [ "$posts_before" -gt 0 ] && [ "$posts_after" = "$posts_before" ] \
  && ok "after down/up: PostgreSQL still has the $posts_after posts (volume postgres-data)" \
  || bad "after down/up: posts $posts_before before, $posts_after after"
[ -n "$keys_before" ] && [ "$keys_before" -gt 0 ] && [ "$keys_after" -ge "$keys_before" ] \
  && ok "after down/up: Redis still has its $keys_after keys (volume redis-data, appendonly)" \
  || bad "after down/up: Redis keys $keys_before before, $keys_after after"
compose up -d migrate >>"$work/up.log" 2>&1
wait_stopped migrate 60 && [ "$(exit_code migrate)" = "0" ] \
  && ok "migrate again: exit 0, $(podman logs "${project}_migrate_1" 2>&1 | grep -c 'event=migration_applied' || true) applied" \
  || bad "migrate again exited $(exit_code migrate)"
run_bot 50 "after down/up" liked

finish_checks
