#!/usr/bin/env bash
# Hosts sharing bots, one killed (docs/MANY-BOTS.md): N Misskey bots (scripts/host-scale-world.py,
# each with its own human) registered with `bot add` and shared by HOSTS hosts (default 3) through
# their leases. Once every bot has started and each host holds its share, one host is killed with
# SIGKILL, KILL_AFTER seconds (default 30) after the last bot started; the fake's mentions come MENTIONS
# seconds after that moment too, however long the start-ups took; WINDOW seconds (default 120)
# after the kill the others are stopped. Prints how long the killed host's bots were without a host
# (from the kill to each one's `started` on another host: p50, p99, worst) and what was done twice,
# counted from the fake's own record of every write it accepted: a mention answered twice by one bot,
# a note reacted to twice by one bot, a bot's notes more than the slots its schema says it posted (or was posting when killed).
#
#   HOSTS=3 TIME_SCALE=20 POLL_INTERVAL_SECONDS=600 MENTIONS=10 MENTIONS_SPREAD=60 KILL_AFTER=30 scripts/hosts-handover.sh 1000
#
# TIME_SCALE, START_AT, POLL_INTERVAL_SECONDS, MENTIONS, MENTIONS_SPREAD, ADD_JOBS and KEEP are
# host-scale.sh's; HOST_LEASE_SECONDS is the hosts' (default 30). CHECK=1: exits 1 unless every bot
# started, the killed host's bots all started again within a lease, a round and 20 s (a minute with
# the default lease), each bot answered each mention once, and nothing was done twice.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
count="${1:-30}"
hosts="${HOSTS:-3}"
. scripts/services.sh
. scripts/host-world.sh
HOST_WORLD_LABEL=hosts-handover
work="$(mktemp -d)"
host_pids=(); fake_pid=""
cleanup() {
  for pid in "${host_pids[@]}" $fake_pid; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  stop_services
  if [ -n "${KEEP:-}" ]; then echo "hosts-handover: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
start_services
# BIN=DIR: binaries built already (mirror-bot, fake-misskey), else the static release build.
if [ -n "${BIN:-}" ]; then bin="$BIN"; else
  swift build -c release --static-swift-stdlib --product mirror-bot >/dev/null
  swift build -c release --static-swift-stdlib --product fake-misskey >/dev/null
  bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
fi
host_world_bots "$count"
host_world_fake --scheduled-on-usr1

scale_arguments=()
[ "${TIME_SCALE:-1}" != 1 ] && scale_arguments=(--time-scale "$TIME_SCALE" --start-at "${START_AT:-19:00}")
started=$SECONDS
for k in $(seq 1 "$hosts"); do
  HOST_NAME="host$k" HOST_MAX_BOTS=100000 "$bin/mirror-bot" host "${scale_arguments[@]}" >"$work/host$k.log" 2>&1 &
  host_pids+=($!)
done
registry() { psql "$TEST_DATABASE_URL" -AtF ' ' -c "$1"; }
# Every bot started (on some host), and every host holding bots, none over its share (the bots over
# the hosts, rounded up), so the killed host holds about a third of them. (Every 5 s, at most 90 minutes.)
share=$(( (count + hosts - 1) / hosts ))
for wait in $(seq 1080); do
  running="$(awk '/ event=started / { for (i = 1; i <= NF; i++) if ($i ~ /^bot=/) { print $i; next } }' "$work"/host*.log | sort -u | wc -l)"
  most="$(registry "SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM bots WHERE lease_until > now() GROUP BY leased_by) s")"
  holders="$(registry "SELECT count(DISTINCT leased_by) FROM bots WHERE lease_until > now()")"
  [ "$running" -ge "$count" ] && [ "$holders" -eq "$hosts" ] && [ "$most" -le "$share" ] && break
  if [ $((wait % 12)) -eq 0 ]; then
    echo "hosts-handover: $running of $count bots started after $((SECONDS - started)) s"
    [ "$running" -lt "$count" ] || echo "hosts-handover: $holders hosts hold leases, the most $most (share $share)"
  fi
  for pid in "${host_pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || { echo "hosts-handover: a host exited" >&2; tail -n 5 "$work"/host*.log >&2; exit 1; }
  done
  sleep 5
done
echo "hosts-handover: $running bots started on $holders hosts in $((SECONDS - started)) s (share $share); killing host1 in ${KILL_AFTER:-30} s"
# The mentions (MENTIONS seconds from now, over MENTIONS_SPREAD) come around the kill, whatever the start-ups took.
kill -USR1 "$fake_pid"
sleep "${KILL_AFTER:-30}"
registry "SELECT name FROM bots WHERE leased_by = 'host1'" >"$work/orphans.txt"
kill -KILL "${host_pids[0]}"
killed_at="$(date -u +%s.%N)"
wait "${host_pids[0]}" 2>/dev/null || true
orphans="$(wc -l <"$work/orphans.txt")"
sleep "${WINDOW:-120}"
for pid in "${host_pids[@]:1}"; do kill -TERM "$pid" 2>/dev/null || true; done
for pid in "${host_pids[@]:1}"; do wait "$pid" 2>/dev/null || true; done
kill -TERM "$fake_pid"; wait "$fake_pid" 2>/dev/null || true

# How long each of host1's bots went without a host: the kill to its first `started` on another.
read -r handed p50 p99 worst < <(cat "$work"/host[2-9]*.log | python3 -c '
import datetime, re, sys
killed = float(sys.argv[1]); orphans = set(open(sys.argv[2]).read().split())
first = {}
for line in sys.stdin:
    m = re.match(r"(\S+) .*? event=started .*?\bbot=(\S+)", line)
    if not m or m[2] not in orphans: continue
    at = datetime.datetime.fromisoformat(m[1].replace("Z", "+00:00")).timestamp()
    if at >= killed: first[m[2]] = min(first.get(m[2], at), at)
waits = sorted(at - killed for at in first.values())
q = lambda p: waits[min(len(waits) - 1, int(p * len(waits)))] if waits else 0
print(len(waits), f"{q(0.5):.1f}", f"{q(0.99):.1f}", f"{waits[-1] if waits else 0:.1f}")' "$killed_at" "$work/orphans.txt")
# What was done twice, from the fake's lines of the writes it accepted.
# A bot's notes are held against its slots posted, and those a killed host left claimed (`interrupted
# while posting`: skipped by the next host, since the post may have gone out; never posted again).
posted="$(for i in $(seq 0 $((count - 1))); do
    echo "SELECT 'mirror$i', count(*) FROM bot_scale$i.plan_slots WHERE state = 'posted' OR reason = 'interrupted while posting';"; done |
  psql "$TEST_DATABASE_URL" -AtF ' ' -f -)"
read -r replies twice_replies reactions twice_reactions notes extra_notes < <(python3 -c '
import collections, re, sys
users = {}; replies = collections.Counter(); reactions = collections.Counter(); notes = collections.Counter()
seed = __import__("json").load(open(sys.argv[2]))
name = {u["id"]: u["username"] for u in seed["users"]}
for line in open(sys.argv[1]):
    if not line.startswith("fake-misskey write "): continue
    f = dict(re.findall(r"(\w+)=(\S+)", line.split(" text=")[0]))
    kind = line.split()[2]
    who = name.get(f.get("user"), f.get("user"))
    if kind == "reply": replies[(who, f["reply_to"])] += 1
    elif kind == "reaction": reactions[(who, f["note"])] += 1
    elif kind == "note": notes[who] += 1
posted = {u: int(n) for u, n in (line.split() for line in sys.argv[3].splitlines() if line.strip())}
extra = sum(max(0, notes[u] - posted.get(u, 0)) for u in notes if u.startswith("mirror"))
print(sum(replies.values()), sum(n - 1 for n in replies.values() if n > 1),
      sum(reactions.values()), sum(n - 1 for n in reactions.values() if n > 1),
      sum(n for u, n in notes.items() if u.startswith("mirror")), extra)' "$work/fake.log" "$work/seed.json" "$posted")
mentions=$(( $(wc -w <<<"${MENTIONS:-30 90}") * count ))
echo "hosts-handover: host1 killed holding $orphans bots; $handed of them started on another host, p50 ${p50} s, p99 ${p99} s, worst ${worst} s after the kill"
echo "hosts-handover: replies=$replies to $mentions mentions (twice: $twice_replies) reactions=$reactions (twice: $twice_reactions) notes=$notes (more than posted slots: $extra_notes)"
echo "hosts-handover: bot_failed=$(cat "$work"/host*.log | grep -c ' event=bot_failed ' || true) rounds_failed=$(cat "$work"/host*.log | grep -c ' event=round_failed ' || true) start_slow=$(cat "$work"/host*.log | grep -c ' event=bot_start_slow ' || true)"
if [ -n "${CHECK:-}" ]; then
  failures=()
  [ "$running" -ge "$count" ] || failures+=("$running of $count bots started")
  [ "$orphans" -gt 0 ] && [ "$handed" -eq "$orphans" ] || failures+=("$handed of host1's $orphans bots started again")
  # Within a lease, a round (a third of a lease) and 20 s to start: a minute with the default 30 s lease.
  awk -v w="$worst" -v l="${HOST_LEASE_SECONDS:-30}" 'BEGIN { exit !(w <= l + l / 3 + 20) }' || failures+=("the last of host1's bots started again $worst s after the kill")
  [ "$replies" -eq "$mentions" ] || failures+=("$replies replies to $mentions mentions")
  [ "$twice_replies$twice_reactions$extra_notes" = 000 ] || failures+=("done twice: $twice_replies replies, $twice_reactions reactions, $extra_notes notes")
  if [ "${#failures[@]}" -gt 0 ]; then printf 'hosts-handover: FAILED: %s\n' "${failures[@]}" >&2; exit 1; fi
  echo "hosts-handover: host1's bots handed over within $worst s, nothing done twice"
fi
