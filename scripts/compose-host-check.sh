#!/usr/bin/env bash
# docker-compose.host.yml, brought up with podman-compose and `--scale host=3` against fake-x
# (build the image first with scripts/image.sh):
#
#   scripts/compose-host-check.sh        exits 1 when any check fails
#
# In a copy of docker-compose.host.yml (and docker-compose.yml, whose postgres and redis it
# extends) with a .env holding only a fresh HOST_SECRET_KEY (project mirror-bot-hosts-check), it
# checks what a person deploying hosts relies on: the one-shot migrate (`mirror-bot bot migrate`)
# prepares the registry and exits 0; three bots on fake-x (the demo's human, each its own bot
# account) are added with `bot add NAME --env-file -`, the env file piped in, as docs/MANY-BOTS.md
# says; three hosts come up with `up --scale host=3`, each named HOSTNAME:PID, and share the bots
# one each (`bot list` and the table bots); each host's container is healthy by the image's own
# health check (the heartbeat the host touches every round); one host killed (SIGKILL, as a machine
# dies) leaves its bot to the others within a minute (the default lease, 30 s, and a round), and
# the host that took it starts it; a host stopped (SIGTERM) exits 0 and gives its bots back at once;
# migrate run again migrates every bot's schema and applies nothing new.
#
# Uses the STAND-INS for the official postgres and redis images (scripts/compose-env.sh) and brings
# the services up in the file's order itself, for the reasons scripts/compose-check.sh gives
# (podman 4.3 cannot wait for health or for a one-shot service). What it cannot prove: Docker
# Compose itself, the official images, hosts on several machines (the three share one network).
#
# Environment: IMAGE (default mirror-bot:latest), FAKE_X (a built fake-x).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
. scripts/podman-env.sh
. scripts/compose-env.sh
. scripts/host-check-env.sh

image="${IMAGE:-mirror-bot:latest}"
project=mirror-bot-hosts-check
check_name=compose-host-check
bots=(alpha bravo charlie)
started_at=$SECONDS

compose_check_begin
compose() { (cd "$work/project" && "$podman_compose" -p "$project" -f docker-compose.host.yml "$@"); }

# fake-x: the demo's world, with a bot account of its own for each bot (the demo's human for all).
host_world "$work/seed.json" "${bots[@]}"
start_fake_x "$work/fake-x.log" "$work/seed.json"

mkdir -p "$work/project"
cp docker-compose.host.yml docker-compose.yml "$work/project/"
echo "HOST_SECRET_KEY=$(openssl rand -base64 32)" >"$work/project/.env"
psql_in() { podman exec "${project}_postgres_1" psql -U mirror_bot -d mirror_bot -Atc "$1" 2>/dev/null; }

# --- postgres and redis, then the one-shot migrate on an empty registry
compose up -d postgres redis >"$work/up.log" 2>&1 || fatal "podman-compose up postgres redis: $(tail -n 5 "$work/up.log")"
healthy postgres 60 && healthy redis 30 && ok "postgres and redis (stand-ins) healthy by their health checks" || fatal "postgres or redis never turned healthy"
forward_fake_x
compose up -d --no-deps migrate >>"$work/up.log" 2>&1 || fatal "podman-compose up migrate: $(tail -n 5 "$work/up.log")"
wait_stopped migrate 60 || fatal "migrate did not finish in 60 s"
[ "$(exit_code migrate)" = "0" ] && [ "$(psql_in "SELECT to_regclass('bots') IS NOT NULL")" = "t" ] \
  && ok "migrate (mirror-bot bot migrate) exited 0: the registry's tables bots and hosts exist" \
  || fatal "migrate exited $(exit_code migrate): $(podman logs "${project}_migrate_1" 2>&1 | tail -n 3)"

# --- three bots, each env file piped into `bot add NAME --env-file -`
for index in "${!bots[@]}"; do
  name="${bots[$index]}"
  bot_env "$index" "$name" "http://host.containers.internal:$fake_port" >"$work/$name.env"
  compose run --rm -T --no-deps host mirror-bot bot add "$name" --env-file - <"$work/$name.env" >"$work/add-$name.log" 2>&1 \
    && grep -q "^Added $name (x, Asia/Tokyo)" "$work/add-$name.log" \
    && ok "run --rm -T host mirror-bot bot add $name --env-file - < $name.env: $(grep "^Added" "$work/add-$name.log" | cut -c 1-60)..." \
    || fatal "bot add $name: $(tail -n 3 "$work/add-$name.log")"
done
! grep -q -e "-consumer-secret" -e "access-token-secret" <<<"$(psql_in "SELECT bots::text FROM bots")" \
  && ok "no bot's credentials readable in the table bots (sealed with HOST_SECRET_KEY)" || bad "a bot's credentials are readable in the table bots"
compose run --rm -T --no-deps host mirror-bot bot exec alpha train scheduler >"$work/train.log" 2>&1 \
  && ok "run --rm host mirror-bot bot exec alpha train scheduler: $(grep -m 1 '^Trained' "$work/train.log" | cut -c 1-70)..." \
  || bad "bot exec alpha train scheduler: $(tail -n 3 "$work/train.log")"

# --- three hosts
up_started=$SECONDS
compose up -d --no-deps --scale host=3 host >>"$work/up.log" 2>&1 || fatal "podman-compose up --scale host=3: $(tail -n 5 "$work/up.log")"
containers=("${project}_host_1" "${project}_host_2" "${project}_host_3")
names=()
for container in "${containers[@]}"; do
  for _ in $(seq 1 30); do name="$(host_name "$container")"; [ -n "$name" ] && break; sleep 1; done
  [ -n "$name" ] || fatal "$container logged no host_started: $(podman logs "$container" 2>&1 | tail -n 3)"
  names+=("$name")
done
[ "$(printf '%s\n' "${names[@]}" | sort -u | wc -l)" = 3 ] && ok "up --scale host=3: three hosts, named ${names[*]} (HOSTNAME:PID, HOST_NAME unset)" \
  || bad "the three hosts are not named apart: ${names[*]}"
if until_spread 90 "${names[@]}"; then
  ok "the three bots spread over the three hosts, one each, $((SECONDS - up_started)) s after up"
else
  bad "the bots did not spread over the three hosts in 90 s: $(holders | tr '\n' ';')"
fi
podman exec "${containers[0]}" mirror-bot bot list >"$work/list.txt" 2>&1 || true
sed 's/^/    /' "$work/list.txt"
for name in "${names[@]}"; do grep -q " $name " "$work/list.txt" || bad "bot list does not show host $name"; done
unhealthy=""
for container in "${containers[@]}"; do
  podman healthcheck run "$container" >/dev/null 2>&1 || unhealthy="$unhealthy $container"
done
[ -z "$unhealthy" ] && ok "each host healthy by the image's health check (its heartbeat, touched every round)" \
  || bad "not healthy by the image's health check:$unhealthy"
not_started=""
for bot in "${bots[@]}"; do
  grep -Eq " event=started .*bot=$bot( |$)" <(for c in "${containers[@]}"; do podman logs "$c" 2>&1; done) || not_started="$not_started $bot"
done
[ -z "$not_started" ] && ok "each bot started (its started line in its host's log)" || bad "no host logged these bots started:$not_started"

# --- a host dies (SIGKILL: no goodbye, its leases left to run out)
victim="${containers[1]}" victim_name="${names[1]}"
victim_bot="$(holders | awk -v h="$victim_name" '$2 == h {print $1}' | head -n 1)"
killed_at=$SECONDS
podman kill --signal KILL "$victim" >/dev/null
survivors=("${names[0]}" "${names[2]}")
if until_spread 60 "${survivors[@]}"; then
  taker_container=""
  for index in 0 2; do
    grep -Eq " event=bot_taken .*bot=$victim_bot( |$)" <(podman logs "${containers[$index]}" 2>&1) && taker_container="${containers[$index]}"
  done
  ok "host ${victim_name} killed: its bot $victim_bot taken by another host $((SECONDS - killed_at)) s later (within a minute: lease 30 s and a round)"
  # Started again after it took it: a started line for the bot after its last bot_taken line.
  [ -n "$taker_container" ] && awk -v bot="bot=$victim_bot" '
    $0 ~ (" " bot "( |$)") && / event=bot_taken / { taken = 1; started = 0 }
    $0 ~ (" " bot "( |$)") && / event=started( |$)/ && taken { started = 1 }
    END { exit !(taken && started) }' <(podman logs "$taker_container" 2>&1) \
    && ok "$taker_container logged bot_taken and started for $victim_bot" || bad "no surviving host logged taking and starting $victim_bot"
else
  bad "host ${victim_name} killed: its bot ${victim_bot:-?} not taken within 60 s: $(holders | tr '\n' ';')"
fi
[ "$(podman inspect --format '{{.State.Status}}' "$victim")" = exited ] \
  && ok "the killed host's container stayed down (podman restarts no container killed with podman kill), so another host took its bot" \
  || bad "the killed host's container is $(podman inspect --format '{{.State.Status}}' "$victim"): restarted under the same name, it may have taken its own bot back"

# --- a host stopped (SIGTERM): exits 0 and gives its bots back at once
stopped_at=$SECONDS
podman stop -t 30 "${containers[0]}" >/dev/null 2>&1
[ "$(podman inspect --format '{{.State.ExitCode}}' "${containers[0]}")" = 0 ] && grep -q " event=host_released" <(podman logs "${containers[0]}" 2>&1) \
  && ok "host ${names[0]} stopped (SIGTERM) in $((SECONDS - stopped_at)) s: exit 0, $(grep -o 'event=host_released.*' <(podman logs "${containers[0]}" 2>&1) | tail -n 1)" \
  || bad "host ${names[0]} stopped: exit $(podman inspect --format '{{.State.ExitCode}}' "${containers[0]}"), no host_released"
until_spread 30 "${names[2]}" && ok "the last host holds all three bots $((SECONDS - stopped_at)) s after the stop (a round, no lease to wait out)" \
  || bad "the last host did not take the stopped host's bots in 30 s: $(holders | tr '\n' ';')"

# --- migrate again: every bot's schema, nothing new to apply
compose run --rm -T --no-deps migrate >"$work/migrate-again.log" 2>&1 && [ "$(grep -c '^== ' "$work/migrate-again.log")" = 3 ] \
  && [ "$(grep -c 'event=migrations_done applied=0' "$work/migrate-again.log")" = 3 ] \
  && ok "migrate again: each of the 3 bots' schemas, 0 applied, exit 0" || bad "migrate again: $(tail -n 4 "$work/migrate-again.log" | tr '\n' ';')"

echo "$check_name: took $((SECONDS - started_at)) s"
finish_checks
