#!/usr/bin/env bash
# What one `mirror-bot host` costs a bot (docs/MANY-BOTS.md): N Misskey bots registered with
# `mirror-bot bot add`, each with its own human on one fake-misskey (the demo's Haru's notes,
# scripts/host-scale-world.py), run by one host for WINDOW seconds after every bot started.
# Prints the host's resident memory and CPU, PostgreSQL and Redis connections, each a bot, the
# replies, and how late the planned posts went out (p50, p99, worst) against their slots.
#
#   scripts/host-scale.sh 50                  # 50 bots, release build
#   WINDOW=30 SETTLE=10 CONFIGURATION=debug scripts/host-scale.sh 10   (SETTLE: seconds after the last bot started)
#   CHECK=1 MENTIONS=40 scripts/host-scale.sh 50   (CI: exits 1 unless every bot started and
#       answered its mention, none failed, and the host held at most 9 PostgreSQL connections
#       (HOST_DATABASE_CONNECTIONS' 8 and the registry's) and 2 Redis ones)
#   TIME_SCALE=60 POLL_INTERVAL_SECONDS=600 MENTIONS="60 120" scripts/host-scale.sh 1000
#       (every bot's clock 60 times real time, a poll every 10 real seconds; the mentions
#       MENTIONS seconds after the fake starts, once the bots are added)
#
# Starts a private PostgreSQL and Redis (scripts/services.sh) and stops them after.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
count="${1:-50}"
window="${WINDOW:-60}"
configuration="${CONFIGURATION:-release}"
. scripts/services.sh
work="$(mktemp -d)"
host_pid=""; fake_pid=""
cleanup() {
  [ -n "$host_pid" ] && kill "$host_pid" 2>/dev/null; [ -n "$fake_pid" ] && kill "$fake_pid" 2>/dev/null
  wait 2>/dev/null || true
  stop_services; rm -rf "$work"
}
trap cleanup EXIT
start_services
# The release build is the static one scripts/bench-guard.sh makes (so CI builds it once).
static=(); [ "$configuration" = release ] && static=(--static-swift-stdlib)
swift build -c "$configuration" "${static[@]}" --product mirror-bot >/dev/null
swift build -c "$configuration" "${static[@]}" --product fake-misskey >/dev/null
bin="$(swift build -c "$configuration" "${static[@]}" --show-bin-path)"

python3 scripts/host-scale-world.py "$count" "$work"
# The fake starts after the bots are added, so its mentions (MENTIONS seconds after it starts) come
# once the bots run.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL" HOST_SECRET_KEY="$(openssl rand -base64 32)"
export MISSKEY_BASE_URL="http://127.0.0.1:$port"
started=$SECONDS
for i in $(seq 0 $((count - 1))); do
  echo "MISSKEY_BASE_URL=$MISSKEY_BASE_URL" >>"$work/bot-$i.env"
  "$bin/mirror-bot" bot add "scale$i" --env-file "$work/bot-$i.env" >/dev/null
done
echo "host-scale: $count bots added in $((SECONDS - started)) s"
"$bin/fake-misskey" --port "$port" --state "$work/seed.json" >"$work/fake.log" 2>&1 &
fake_pid=$!
for _ in $(seq 100); do grep -q "listening port=" "$work/fake.log" && break; sleep 0.1; done

started=$SECONDS
scale_arguments=()
[ "${TIME_SCALE:-1}" != 1 ] && scale_arguments=(--time-scale "$TIME_SCALE")
HOST_MAX_BOTS=100000 "$bin/mirror-bot" host "${scale_arguments[@]}" >"$work/host.log" 2>&1 &
host_pid=$!
for _ in $(seq 1800); do
  [ "$(grep -c ' event=started ' "$work/host.log" 2>/dev/null || true)" -ge "$count" ] && break
  kill -0 "$host_pid" 2>/dev/null || { tail -20 "$work/host.log"; echo "host-scale: the host exited" >&2; exit 1; }
  sleep 1
done
echo "host-scale: $(grep -c ' event=started ' "$work/host.log" || true) bots started in $((SECONDS - started)) s; measuring after ${SETTLE:-30} s more"
sleep "${SETTLE:-30}"
# PERF=FILE: the host sampled by perf during the window (perf record -g), for a profile.
[ -n "${PERF:-}" ] && { perf record -F 199 -g -o "$PERF" -p "$host_pid" -- sleep "$window" >/dev/null 2>&1 & }
cpu() { awk '{print $14 + $15}' "/proc/$host_pid/stat"; }
ticks="$(getconf CLK_TCK)"
before="$(cpu)"
sleep "$window"
after="$(cpu)"
rss="$(awk '/^VmRSS/ {print $2}' "/proc/$host_pid/status")"
threads="$(awk '/^Threads/ {print $2}' "/proc/$host_pid/status")"
pg="$(psql "$TEST_DATABASE_URL" -Atc "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")"
redis="$(REDISCLI_AUTH="$TEST_REDIS_PASSWORD" redis-cli -p "$(sed -n 's/.*:\([0-9]*\)\/0$/\1/p' <<<"$TEST_REDIS_URL")" info clients | sed -n 's/^connected_clients:\([0-9]*\).*/\1/p')"
replies="$(grep -c ' event=replied ' "$work/host.log" || true)"
# Posting lateness: each posted slot's posted_at (the bot's clock) after its planned minute, in
# seconds of the bot's clock, over every bot's schema; only slots planned after the bot drew its
# plan (a slot already past at start-up is not late, it is a late start).
lateness_sql="SELECT count(*) AS posts,
    coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY late), 0) AS p50,
    coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY late), 0) AS p99,
    coalesce(max(late), 0) AS worst
  FROM ($(for i in $(seq 0 $((count - 1))); do
      [ "$i" -gt 0 ] && printf ' UNION ALL '
      printf "SELECT extract(epoch FROM s.posted_at - ((s.local_date::timestamp + make_interval(mins => s.minute_of_day)) AT TIME ZONE p.time_zone)) AS late FROM bot_scale%d.plan_slots s JOIN bot_scale%d.plans p USING (local_date) WHERE s.state = 'posted' AND s.posted_at IS NOT NULL AND (s.local_date::timestamp + make_interval(mins => s.minute_of_day)) AT TIME ZONE p.time_zone >= p.drawn_at" "$i" "$i"
    done)) AS slots"
read -r posts p50 p99 worst < <(psql "$TEST_DATABASE_URL" -AtF ' ' -c "$lateness_sql")
failed="$(grep -c ' event=bot_failed ' "$work/host.log" || true)"
awk -v n="$count" -v rss="$rss" -v b="$before" -v a="$after" -v t="$ticks" -v w="$window" -v pg="$pg" -v r="$redis" -v th="$threads" \
    -v rep="$replies" -v f="$failed" -v posts="$posts" -v p50="$p50" -v p99="$p99" -v worst="$worst" -v scale="${TIME_SCALE:-1}" 'BEGIN {
  cpu = (a - b) / t
  printf "host-scale: bots=%d rss_mb=%.1f rss_kb_per_bot=%.0f threads=%d\n", n, rss / 1024, rss / n, th
  printf "host-scale: cpu_s=%.2f over %d s; cpu_s_per_bot_day=%.1f\n", cpu, w, cpu / w * 86400 / n
  printf "host-scale: postgresql_connections=%d (%.2f a bot) redis_connections=%d (%.2f a bot)\n", pg, pg / n, r - 1, (r - 1) / n
  printf "host-scale: replies=%d bot_failed=%d\n", rep, f
  printf "host-scale: posts=%d lateness_p50_s=%.2f lateness_p99_s=%.2f worst_s=%.2f (bot clock, %sx real time)\n", posts, p50, p99, worst, scale
}'
if [ -n "${CHECK:-}" ]; then
  started_bots="$(grep -c ' event=started ' "$work/host.log" || true)"
  mentions=$(wc -w <<<"${MENTIONS:-30 90}")
  failures=()
  [ "$started_bots" -ge "$count" ] || failures+=("$started_bots of $count bots started")
  [ "$failed" -eq 0 ] || failures+=("$failed bot_failed lines")
  [ "$replies" -ge $((count * mentions)) ] || failures+=("$replies replies to $((count * mentions)) mentions")
  [ "$pg" -le 9 ] || failures+=("$pg PostgreSQL connections, more than 9")
  [ $((redis - 1)) -le 2 ] || failures+=("$((redis - 1)) Redis connections, more than 2")
  if [ "${#failures[@]}" -gt 0 ]; then
    printf 'host-scale: FAILED: %s\n' "${failures[@]}" >&2
    grep -E 'level=(error|warning)' "$work/host.log" | tail -5 >&2
    exit 1
  fi
  echo "host-scale: every bot started and answered, on $pg PostgreSQL and $((redis - 1)) Redis connections"
fi
