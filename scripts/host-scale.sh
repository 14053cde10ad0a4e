#!/usr/bin/env bash
# What one `mirror-bot host` costs a bot (docs/MANY-BOTS.md): N Misskey bots registered with
# `mirror-bot bot add`, each with its own human on one fake-misskey (the demo's Haru's notes,
# scripts/host-scale-world.py), run by one host for WINDOW seconds after every bot started.
# Prints the host's resident memory and CPU, PostgreSQL and Redis connections, each a bot, the
# replies, and how late the planned posts went out (p50, p99, worst) against their slots.
#
#   scripts/host-scale.sh 50                  # 50 bots, release build
#   WINDOW=30 SETTLE=10 CONFIGURATION=debug scripts/host-scale.sh 10   (SETTLE: seconds after the last bot started)
#   CHECK=1 TIME_SCALE=60 POLL_INTERVAL_SECONDS=600 MENTIONS=30 scripts/host-scale.sh 50
#       (CI: exits 1 unless every bot started, answered its mention and liked, none failed, planned posts
#       went out, the host held at most 9 PostgreSQL connections (HOST_DATABASE_CONNECTIONS' 8 and
#       the registry's) and 2 Redis ones, and its memory ratio to one bot alone (BASELINE below),
#       CPU, lateness and reply ratios (below) stayed within twice their recorded values)
#   BASELINE=1 scripts/host-scale.sh 300      (after the window, the same host running one bot alone,
#       and the memory ratio to it; CHECK implies it)
#   TIME_SCALE=60 POLL_INTERVAL_SECONDS=600 MENTIONS="60 120" scripts/host-scale.sh 1000
#       (every bot's clock 60 times real time, a poll every 10 real seconds; the mentions
#       MENTIONS seconds after the fake starts, once the bots are added)
#   MENTIONS="1500 3000" MENTIONS_SPREAD=1200 ...   (each of MENTIONS' N mentions spread over 1,200 s)
#   ADD_JOBS=4 scripts/host-scale.sh 10000   (bots added 4 at a time; default 2)
#   START_AT=07:00 TIME_SCALE=60 ...          (each bot's clock starts at 07:00 in its time zone; default 19:00)
#   STATEMENTS=FILE ...                       (PostgreSQL's statements of the window, by total time, written
#       to FILE, and those before it (the start-ups) to FILE.start: pg_stat_statements over the schemas)
#
# Starts a private PostgreSQL and Redis (scripts/services.sh) and stops them after.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
count="${1:-50}"
window="${WINDOW:-60}"
configuration="${CONFIGURATION:-release}"
# The memory ratio CHECK holds (docs/MANY-BOTS.md), measured with CHECK's 50 bots: it fails when
# the ratio is over twice this.
MEMORY_RATIO_RECORDED=0.08
# The other ratios CHECK holds (measured with CI's CHECK run at TIME_SCALE=60, docs/MANY-BOTS.md),
# each failing over twice its recorded value:
#   cpu_ratio      CPU-seconds a bot-day / the CPU-seconds of a fixed reference (JSON and SHA-256
#                  in python3) on the same machine in the same run: the machine's speed divided
#                  out (57-70 measured)
#   lateness_ratio how late the window's planned posts (past the start-up's rush) went out at p99,
#                  in real seconds, / the poll interval in real seconds (POLL_INTERVAL_SECONDS /
#                  TIME_SCALE): a post wakes its loop at its slot, so this is near 0 (0.001-0.009
#                  measured); it fails over 0.1 whatever the recorded value, a tenth of a poll
#                  being the least a host falling behind shows
#   reply_ratio    how long a mention waited for its reply at p99 / the poll interval (real
#                  seconds): a mention is read at the bot's next poll, and where in the poll it
#                  falls is chance (0.26 measured), so the recorded value is one poll
CPU_RATIO_RECORDED=60
LATENESS_RATIO_RECORDED=0.01
LATENESS_RATIO_FLOOR=0.1
REPLY_RATIO_RECORDED=1
. scripts/services.sh
. scripts/host-world.sh
HOST_WORLD_LABEL=host-scale
[ -n "${STATEMENTS:-}" ] && export SERVICES_PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.max=50000 -c pg_stat_statements.track_planning=on"
work="$(mktemp -d)"
host_pid=""; fake_pid=""
cleanup() {
  # Under heaptrack, the host itself is stopped first and heaptrack given time to write its file.
  # (Each kill may find its process gone already: it must not end the cleanup under set -e.)
  if [ -n "${HEAPTRACK:-}" ] && [ -n "$host_pid" ]; then
    pkill -TERM -f "${bin:-}/mirror-bot host" || true; wait "$host_pid" 2>/dev/null || true
  fi
  [ -n "$host_pid" ] && { kill "$host_pid" 2>/dev/null || true; }
  [ -n "$fake_pid" ] && { kill "$fake_pid" 2>/dev/null || true; }
  wait 2>/dev/null || true
  stop_services
  # KEEP=1: the world, the host's and the fake's logs stay (their directory is printed).
  if [ -n "${KEEP:-}" ]; then echo "host-scale: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
start_services
[ -n "${STATEMENTS:-}" ] && psql "$TEST_DATABASE_URL" -qc 'CREATE EXTENSION pg_stat_statements'
# The release build is the static one scripts/bench-guard.sh makes (so CI builds it once).
static=(); [ "$configuration" = release ] && static=(--static-swift-stdlib)
swift build -c "$configuration" "${static[@]}" --product mirror-bot >/dev/null
swift build -c "$configuration" "${static[@]}" --product fake-misskey >/dev/null
bin="$(swift build -c "$configuration" "${static[@]}" --show-bin-path)"

host_world_bots "$count"
host_world_fake

started=$SECONDS
scale_arguments=()
# With a faster clock, each bot's day starts at START_AT (default 19:00 in the bots' Asia/Tokyo, an
# hour Haru posts in), so the window holds planned posts whatever the hour the script runs at; a slot
# counts as planned (below) from there on. On the real clock, from when the bot drew its plan.
planned_since="p.drawn_at"
if [ "${TIME_SCALE:-1}" != 1 ]; then
  scale_arguments=(--time-scale "$TIME_SCALE" --start-at "${START_AT:-19:00}")
  planned_since="'$(python3 -c "
import datetime
from zoneinfo import ZoneInfo
now = datetime.datetime.now(ZoneInfo('Asia/Tokyo'))
h, m = map(int, '${START_AT:-19:00}'.split(':'))
start = now.replace(hour=h, minute=m, second=0, microsecond=0)
print((start - datetime.timedelta(days=1) if start > now else start).isoformat())")'::timestamptz"
fi
# HEAPTRACK=FILE: the host run under heaptrack, for where its memory goes (heaptrack_print FILE.zst).
wrapper=(); [ -n "${HEAPTRACK:-}" ] && wrapper=(heaptrack -o "$HEAPTRACK")
[ -n "${STATEMENTS:-}" ] && psql "$TEST_DATABASE_URL" -qAtc 'SELECT pg_stat_statements_reset()' >/dev/null
HOST_MAX_BOTS=100000 "${wrapper[@]}" "$bin/mirror-bot" host "${scale_arguments[@]}" >"$work/host.log" 2>&1 &
host_pid=$!
# (Every 5 s, at most 75 minutes: the log of thousands of bots is read whole each time.)
for _ in $(seq 900); do
  [ "$(grep -c ' event=started ' "$work/host.log" 2>/dev/null || true)" -ge "$count" ] && break
  kill -0 "$host_pid" 2>/dev/null || { tail -20 "$work/host.log"; echo "host-scale: the host exited" >&2; exit 1; }
  sleep 5
done
echo "host-scale: $(grep -c ' event=started ' "$work/host.log" || true) bots started in $((SECONDS - started)) s; measuring after ${SETTLE:-30} s more"
sleep "${SETTLE:-30}"
# PERF=FILE: the host sampled by perf during the window (perf record -g), for a profile.
[ -n "${PERF:-}" ] && { perf record -F 199 -g -o "$PERF" -p "$host_pid" -- sleep "$window" >/dev/null 2>&1 & }
cpu() { awk '{print $14 + $15}' "/proc/$host_pid/stat"; }
# STATEMENTS: what PostgreSQL ran since the last reset, by total time, summed over the bots' schemas.
statements() {
  psql "$TEST_DATABASE_URL" -P pager=off -c "
    SELECT sum(calls) AS calls, round(sum(total_exec_time)::numeric / 1000, 1) AS exec_s,
           round(sum(total_plan_time)::numeric / 1000, 1) AS plan_s, round(sum(rows) / greatest(sum(calls), 1), 1) AS rows_a_call,
           left(regexp_replace(query, '\s+', ' ', 'g'), 160) AS query
    FROM pg_stat_statements GROUP BY query ORDER BY sum(total_exec_time + total_plan_time) DESC LIMIT 40" >"$1"
  psql "$TEST_DATABASE_URL" -qAtc 'SELECT pg_stat_statements_reset()' >/dev/null
}
# PostgreSQL's CPU (ticks): serving clients (the client backends alive, and the processes the
# postmaster has reaped: sessions opened anew, the odd autovacuum worker), and its own work (the
# checkpointer, the WAL writer, autovacuum's processes alive): the services' postmaster and children.
pg_cpu() {
  local backends postmaster
  backends=" $(psql "$TEST_DATABASE_URL" -Atc "SELECT string_agg(pid::text, ' ') FROM pg_stat_activity WHERE backend_type = 'client backend'") "
  postmaster="$(head -1 "$services_dir/pg/data/postmaster.pid")"
  {
    echo "b $(awk '{print $16 + $17}' "/proc/$postmaster/stat")"
    for pid in "$postmaster" $(pgrep -P "$postmaster"); do
      [ -r "/proc/$pid/stat" ] || continue
      printf '%s %s\n' "$([[ "$backends" == *" $pid "* ]] && echo b || echo o)" "$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)"
    done
  } | awk '{ s[$1] += $2 } END { printf "%d %d\n", s["b"], s["o"] }'
}
# The reference: the least CPU time of three runs of a fixed piece of work (JSON of 200 notes
# written and read, and hashed, 1,500 times), taken while the host runs, as its own work is.
reference() {
  python3 -c '
import hashlib, json, resource
notes = [{"id": f"{i:016x}", "text": "今日はいい天気ですね、また明日 " * 3, "user": {"id": "u", "username": "natsu_k"}, "reactions": {"👍": i}} for i in range(200)]
for _ in range(1500):
    data = json.dumps(notes, ensure_ascii=False).encode()
    json.loads(data)
    hashlib.sha256(data).digest()
usage = resource.getrusage(resource.RUSAGE_SELF)
print(f"{usage.ru_utime + usage.ru_stime:.3f}")'
}
ticks="$(getconf CLK_TCK)"
before="$(cpu)"
read -r pg_backends_before pg_other_before < <(pg_cpu)
# (What ran before the window, the start-ups mostly, in FILE.start.)
[ -n "${STATEMENTS:-}" ] && statements "$STATEMENTS.start"
# The window's start on PostgreSQL's clock: posts written after it are the window's own (below).
window_start="$(psql "$TEST_DATABASE_URL" -Atc 'SELECT now()')"
sleep "$window"
after="$(cpu)"
read -r pg_backends_after pg_other_after < <(pg_cpu)
[ -n "${STATEMENTS:-}" ] && statements "$STATEMENTS"
reference_cpu_s="$( (reference; reference; reference) | sort -n | head -1)"
rss="$(awk '/^VmRSS/ {print $2}' "/proc/$host_pid/status")"
anon="$(awk '/^RssAnon/ {print $2}' "/proc/$host_pid/status")"
threads="$(awk '/^Threads/ {print $2}' "/proc/$host_pid/status")"
pg="$(psql "$TEST_DATABASE_URL" -Atc "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")"
# The host's PostgreSQL server processes' own memory (anonymous: their catalog and plan caches, which
# grow with the schemas each one has served; shared buffers not counted).
pg_anon_kb="$(for pid in $(psql "$TEST_DATABASE_URL" -Atc "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"); do
    awk '/^RssAnon/ {print $2}' "/proc/$pid/status" 2>/dev/null || true; done | awk '{s += $1} END {print s + 0}')"
redis="$(REDISCLI_AUTH="$TEST_REDIS_PASSWORD" redis-cli -p "$(sed -n 's/.*:\([0-9]*\)\/0$/\1/p' <<<"$TEST_REDIS_URL")" info clients | sed -n 's/^connected_clients:\([0-9]*\).*/\1/p')"
replies="$(grep -c ' event=replied ' "$work/host.log" || true)"
# How long each mention waited for its reply: both are fake-misskey's ids, whose first 8 base36
# digits are the milliseconds since 2000-01-01 when the fake made the note (its clock, not the bot's).
read -r reply_p50 reply_p99 reply_worst < <(grep ' event=replied ' "$work/host.log" | python3 -c '
import re, sys
waits = sorted((int(m[2][:8], 36) - int(m[1][:8], 36)) / 1000 for m in (re.search(r" mention=(\S+) .* id=(\S+)", line) for line in sys.stdin) if m)
at = lambda q: waits[min(len(waits) - 1, int(q * len(waits)))] if waits else 0
print(f"{at(0.5):.1f} {at(0.99):.1f} {waits[-1] if waits else 0:.1f}")')
# Posting lateness: each posted slot's posted_at (the bot's clock) after its planned minute, in
# seconds of the bot's clock, over every bot's schema; only slots planned after the bot's clock
# started (a slot already past at start-up is not late, it is a late start). The window's own posts
# (written after its start, so past the start-up's rush) are counted apart too.
# Read 500 schemas a statement (one statement over thousands would take more locks than PostgreSQL
# holds); the percentiles as percentile_cont computes them.
for first in $(seq 0 500 $((count - 1))); do
  for i in $(seq "$first" $((first + 499 < count - 1 ? first + 499 : count - 1))); do
    [ "$i" -gt "$first" ] && printf ' UNION ALL '
    printf "SELECT coalesce(extract(epoch FROM s.posted_at - ((s.local_date::timestamp + make_interval(mins => s.minute_of_day)) AT TIME ZONE p.time_zone)), 0), s.updated_at >= '%s', s.state, coalesce(s.reason, '') FROM bot_scale%d.plan_slots s JOIN bot_scale%d.plans p USING (local_date) WHERE s.state IN ('posted', 'skipped') AND (s.state = 'skipped' OR s.posted_at IS NOT NULL) AND (s.local_date::timestamp + make_interval(mins => s.minute_of_day)) AT TIME ZONE p.time_zone >= %s" "$window_start" "$i" "$i" "$planned_since"
  done | psql "$TEST_DATABASE_URL" -AtF '|' -f -
done >"$work/lateness.txt"
# Posted slots' lateness; skipped ones counted, by the first words of their reason.
read -r posts p50 p99 worst window_posts window_p99 skipped < <(python3 -c '
import collections, sys
rows = [line.rstrip("\n").split("|", 3) for line in open(sys.argv[1]) if line.strip()]
def at(values, q):
    values = sorted(values)
    if not values: return 0.0
    x = q * (len(values) - 1); i = int(x)
    return values[i] + (values[min(i + 1, len(values) - 1)] - values[i]) * (x - i)
posted = [r for r in rows if r[2] == "posted"]; skipped = [r for r in rows if r[2] == "skipped"]
late = [float(r[0]) for r in posted]; window = [float(r[0]) for r in posted if r[1] == "t"]
reasons = collections.Counter(" ".join(r[3].split()[:3]) for r in skipped)
with open(sys.argv[2], "w") as out:
    for reason, n in reasons.most_common(): out.write(f"{n} {reason}\n")
print(len(late), at(late, 0.5), at(late, 0.99), max(late, default=0), len(window), at(window, 0.99), len(skipped))' "$work/lateness.txt" "$work/skipped.txt")
failed="$(grep -c ' event=bot_failed ' "$work/host.log" || true)"
# Likes: each bot's `liked` lines (the friend's post again of a note its human liked, MENTIONS + 5 s).
likes="$(grep -c ' event=liked ' "$work/host.log" || true)"
liking_bots="$(grep ' event=liked ' "$work/host.log" | grep -o ' bot=[^ ]*' | sort -u | wc -l)"
poll_real="$(awk -v p="${POLL_INTERVAL_SECONDS:-10}" -v s="${TIME_SCALE:-1}" 'BEGIN {print p / s}')"
read -r cpu_ratio lateness_ratio reply_ratio < <(awk -v b="$before" -v a="$after" -v t="$ticks" -v w="$window" -v n="$count" \
    -v ref="$reference_cpu_s" -v p99="$window_p99" -v s="${TIME_SCALE:-1}" -v poll="$poll_real" -v rp99="$reply_p99" 'BEGIN {
  printf "%.2f %.4f %.3f\n", (a - b) / t / w * 86400 / n / ref, p99 / s / poll, rp99 / poll }')
awk -v n="$count" -v rss="$rss" -v b="$before" -v a="$after" -v t="$ticks" -v w="$window" -v pg="$pg" -v pga="$pg_anon_kb" -v r="$redis" -v th="$threads" \
    -v rep="$replies" -v likes="$likes" -v likers="$liking_bots" -v rp50="$reply_p50" -v rp99="$reply_p99" -v rworst="$reply_worst" -v f="$failed" -v posts="$posts" -v wposts="$window_posts" -v wp99="$window_p99" -v p50="$p50" -v p99="$p99" -v worst="$worst" -v scale="${TIME_SCALE:-1}" \
    -v pbb="$pg_backends_before" -v pba="$pg_backends_after" -v pob="$pg_other_before" -v poa="$pg_other_after" 'BEGIN {
  cpu = (a - b) / t
  printf "host-scale: bots=%d rss_mb=%.1f rss_kb_per_bot=%.0f threads=%d\n", n, rss / 1024, rss / n, th
  printf "host-scale: cpu_s=%.2f over %d s; cpu_s_per_bot_day=%.1f\n", cpu, w, cpu / w * 86400 / n
  printf "host-scale: postgresql_cpu_s_per_bot_day=%.1f serving the host, %.1f its own work (autovacuum, checkpoints, WAL)\n", (pba - pbb) / t / w * 86400 / n, (poa - pob) / t / w * 86400 / n
  printf "host-scale: postgresql_connections=%d (%.2f a bot, their own memory %.0f MB) redis_connections=%d (%.2f a bot)\n", pg, pg / n, pga / 1024, r - 1, (r - 1) / n
  printf "host-scale: replies=%d (waited p50 %.1f s, p99 %.1f s, worst %.1f s) likes=%d (by %d bots) bot_failed=%d\n", rep, rp50, rp99, rworst, likes, likers, f
  printf "host-scale: posts=%d lateness_p50_s=%.2f lateness_p99_s=%.2f worst_s=%.2f (bot clock, %sx real time; p99 %.2f real seconds)\n", posts, p50, p99, worst, scale, p99 / scale
  printf "host-scale: in the window alone: posts=%d lateness_p99_s=%.2f (%.2f real seconds)\n", wposts, wp99, wp99 / scale
}'
echo "host-scale: slots skipped=$skipped$( [ "$skipped" -gt 0 ] && printf ' (%s)' "$(head -3 "$work/skipped.txt" | paste -sd ';' -)")"
# The host's warnings once a minute while a server's requests wait in line for their turn.
echo "host-scale: rounds_failed=$(grep -c ' event=round_failed ' "$work/host.log" || true) http_waiting: $(grep ' event=http_waiting ' "$work/host.log" \
  | grep -o ' waiting=[0-9]*' | cut -d= -f2 | sort -n | awk '{ n++; m = $1 } END { printf "%d minutes with requests in line, most %d", n, m }')"
echo "host-scale: reference_cpu_s=$reference_cpu_s cpu_ratio=$cpu_ratio (recorded $CPU_RATIO_RECORDED) lateness_ratio=$lateness_ratio (recorded $LATENESS_RATIO_RECORDED) reply_ratio=$reply_ratio (recorded $REPLY_RATIO_RECORDED)"
# The baseline: the same host binary running one of the bots alone (its leases given back by the
# host above, stopped with SIGTERM), after the same settling time. Memory is guarded as a ratio to
# it: memory_ratio = the host's resident memory / (N x one bot's), what N bots in one host cost
# against N processes; and the cost of a bot past the first, (rss - rss1) / (N - 1).
if [ -n "${CHECK:-}${BASELINE:-}" ]; then
  kill -TERM "$host_pid"; wait "$host_pid" 2>/dev/null || true
  HOST_MAX_BOTS=1 "$bin/mirror-bot" host "${scale_arguments[@]}" >"$work/host1.log" 2>&1 &
  host_pid=$!
  for _ in $(seq 120); do grep -q ' event=started ' "$work/host1.log" && break; sleep 1; done
  sleep "$(( ${SETTLE:-30} + window ))"
  rss1="$(awk '/^VmRSS/ {print $2}' "/proc/$host_pid/status")"
  anon1="$(awk '/^RssAnon/ {print $2}' "/proc/$host_pid/status")"
  memory_ratio="$(awk -v n="$count" -v rss="$rss" -v rss1="$rss1" 'BEGIN { printf "%.4f", rss / (n * rss1) }')"
  echo "host-scale: one bot alone: rss_mb=$(awk -v r="$rss1" 'BEGIN {printf "%.1f", r / 1024}'); each bot past it: $(awk -v n="$count" -v rss="$rss" -v rss1="$rss1" 'BEGIN {printf "%.0f", (rss - rss1) / (n - 1)}') KB, $(awk -v n="$count" -v a="$anon" -v a1="$anon1" 'BEGIN {printf "%.0f", (a - a1) / (n - 1)}') KB of it anonymous (the rest: pages of the binary and the MeCab dictionary)"
  echo "host-scale: memory_ratio=$memory_ratio (recorded $MEMORY_RATIO_RECORDED)"
fi
if [ -n "${CHECK:-}" ]; then
  started_bots="$(grep -c ' event=started ' "$work/host.log" || true)"
  mentions=$(wc -w <<<"${MENTIONS:-30 90}")
  failures=()
  [ "$started_bots" -ge "$count" ] || failures+=("$started_bots of $count bots started")
  [ "$failed" -eq 0 ] || failures+=("$failed bot_failed lines")
  [ "$replies" -ge $((count * mentions)) ] || failures+=("$replies replies to $((count * mentions)) mentions")
  [ "$liking_bots" -ge "$count" ] || failures+=("$liking_bots of $count bots liked")
  [ "$pg" -le 9 ] || failures+=("$pg PostgreSQL connections, more than 9")
  [ $((redis - 1)) -le 2 ] || failures+=("$((redis - 1)) Redis connections, more than 2")
  within() { awk -v r="$1" -v k="$2" -v floor="${3:-0}" 'BEGIN { exit !(r <= 2 * k || r <= floor) }'; }
  within "$memory_ratio" "$MEMORY_RATIO_RECORDED" || failures+=("memory ratio $memory_ratio, over twice the recorded $MEMORY_RATIO_RECORDED")
  within "$cpu_ratio" "$CPU_RATIO_RECORDED" || failures+=("CPU ratio $cpu_ratio, over twice the recorded $CPU_RATIO_RECORDED")
  [ "$window_posts" -gt 0 ] || failures+=("no planned post went out in the window (run CHECK with TIME_SCALE)")
  within "$lateness_ratio" "$LATENESS_RATIO_RECORDED" "$LATENESS_RATIO_FLOOR" ||
    failures+=("lateness ratio $lateness_ratio, over twice the recorded $LATENESS_RATIO_RECORDED and over $LATENESS_RATIO_FLOOR")
  within "$reply_ratio" "$REPLY_RATIO_RECORDED" || failures+=("reply ratio $reply_ratio, over twice the recorded $REPLY_RATIO_RECORDED")
  if [ "${#failures[@]}" -gt 0 ]; then
    printf 'host-scale: FAILED: %s\n' "${failures[@]}" >&2
    grep -E 'level=(error|warning)' "$work/host.log" | tail -5 >&2
    exit 1
  fi
  echo "host-scale: every bot started, answered and liked, on $pg PostgreSQL and $((redis - 1)) Redis connections"
fi
