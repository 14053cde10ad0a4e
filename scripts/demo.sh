#!/usr/bin/env bash
# The one-command demo: mirror-bot imitating a made-up person on a fake X (or a fake Bluesky).
#
#   scripts/demo.sh                 about two minutes; Ctrl-C stops it early
#   DEMO_SECONDS=300 scripts/demo.sh
#   DEMO_NETWORK=bluesky scripts/demo.sh   the same demo on Bluesky
#   DEMO_NETWORK=misskey scripts/demo.sh   the same demo on Misskey
#   DEMO_SETUP=1 scripts/demo.sh   the first hour too: starts from `mirror-bot setup`
#
# On a fresh Debian machine with Swift 6 it installs the Debian packages it needs
# (scripts/install-deps.sh), starts a throwaway PostgreSQL and Redis on loopback
# (scripts/services.sh), builds mirror-bot and fake-x (debug), starts fake-x with
# the bundled world (demo/seed.json, made by demo/generate.py), migrates, trains
# the scheduler and the classifier from fake-x, then runs the real daemon
# (`mirror-bot start --time-scale 720`) and shows what it does and why, with its status
# page (/, /healthz, /metrics) on a free loopback port whose address it prints. Nothing
# reaches the internet; everything it started is stopped and deleted at the end.
#
# With DEMO_NETWORK=bluesky it builds and starts fake-bluesky instead (the same people, from
# demo/bluesky/, made by the same generator), and the bot logs in with app passwords
# (NETWORK=bluesky, BLUESKY_SERVICE_URL): one fake-bluesky serves training and the daemon, so
# the sessions `train` keeps in PostgreSQL stay good; its scheduled activity starts with the
# daemon (SIGUSR1).
#
# With DEMO_NETWORK=misskey it builds and starts fake-misskey (the same people, from demo/misskey/:
# aidx ids, MiAuth-shaped tokens, the bot flagged isBot, Haru's pictures; NETWORK=misskey,
# MISSKEY_BASE_URL): one fake-misskey serves training and the daemon, so the picture URLs `train`
# stored stay served; its scheduled activity starts with the daemon (SIGUSR1).
#
# With DEMO_SETUP=1 (any network) the bot's accounts are not read from the world's
# credentials.env: `mirror-bot setup --env-file` runs at a pseudo-terminal driven by
# demo/setup_person.py, which answers as a person would (the network; Misskey's server; X's app
# keys, from credentials.env), opens each sign-in page like a browser signed in as that account
# (the fake reads who from a cookie) and types back the PIN, presses Enter after MiAuth, or types
# Bluesky's handle and app password. setup writes the env file, migrates and runs doctor; the
# demo then sources that file, trains and runs the daemon as above. One fake serves it all (its
# activity starting with the daemon, SIGUSR1), so the tokens setup got stay good.
#
# Settings (environment):
#   DEMO_NETWORK   x (default), bluesky or misskey
#   DEMO_SETUP     1: start from `mirror-bot setup` at a (driven) terminal; 0 (default): from credentials.env
#   DEMO_SECONDS   how long the daemon runs, in real seconds (default 120)
#   DEMO_SCALE     how much faster the bot's clock runs (default 720: a day every 2 minutes)
#   DEMO_TRAIN     api   - `mirror-bot train scheduler` and `train classifier` against the fake (default)
#                  jsonl - the JSONL fallback: `import --jsonl demo/posts.jsonl` and
#                          `train classifier --jsonl demo/classifier.jsonl` (demo/bluesky/… on Bluesky)
#   DEMO_RAW=1     show the daemon's raw log lines instead of the readable ones
#   STATUS_PORT    the status page's port (default 0: any free port; the demo prints the address);
#                  STATUS_PORT=off runs the daemon without the status server
#   DEMO_CONFIGURATION  debug (default) or release: how mirror-bot and the fake are built
#   DEMO_STATUS_FILE  write `url=…` (when serving) and `pid=…` of the running daemon to this file
#                  (scripts/screenshot-status.sh and scripts/bench-status.sh use it)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

seconds="${DEMO_SECONDS:-120}"
scale="${DEMO_SCALE:-720}"
train_mode="${DEMO_TRAIN:-api}"
# Only `start` gets a status port (the demo's own choice, not a PORT of the shell's).
status_port="${STATUS_PORT:-0}"
unset STATUS_PORT PORT
case "$train_mode" in api | jsonl) ;; *) echo "demo: DEMO_TRAIN must be api or jsonl" >&2; exit 64 ;; esac
network="${DEMO_NETWORK:-x}"
setup_mode="${DEMO_SETUP:-0}"
case "$setup_mode" in 0 | 1) ;; *) echo "demo: DEMO_SETUP must be 0 or 1" >&2; exit 64 ;; esac
case "$network" in
  x) fake=fake-x world=demo network_name=X
     cast="the made-up human is @haru_demo (Tokyo); the bot is @haru_mirror; friends @natsu_k and @aki_m; @fuyu_s is a stranger" ;;
  bluesky) fake=fake-bluesky world=demo/bluesky network_name=Bluesky
     cast="the made-up human is @haru-demo.test (Tokyo); the bot is @haru-mirror.test (labeled bot); friends @natsu-k.test and @aki-m.test; @fuyu-s.test is a stranger" ;;
  misskey) fake=fake-misskey world=demo/misskey network_name=Misskey
     cast="the made-up human is @haru_demo (Tokyo); the bot is @haru_mirror (isBot); friends @natsu_k and @aki_m; @fuyu_s is a stranger" ;;
  *) echo "demo: DEMO_NETWORK must be x, bluesky or misskey" >&2; exit 64 ;;
esac

if [ -t 1 ]; then bold=$'\033[1m' inverse=$'\033[1;7m' plain=$'\033[0m'; else bold="" inverse="" plain=""; fi
say() { printf '%sdemo:%s %s\n' "$bold" "$plain" "$*"; }

scripts/install-deps.sh
. scripts/services.sh

work="$(mktemp -d /tmp/mirror-bot-demo.XXXXXX)"
fake_pid="" daemon_pid="" tail_pid="" printer_pid=""
cleanup() {
  # Runs once, to the end, whatever failed: no errexit, and a closed terminal is no reason to stop.
  trap - EXIT INT TERM
  trap '' PIPE
  set +e
  if [ -n "$daemon_pid" ]; then kill -TERM "$daemon_pid" 2>/dev/null; wait "$daemon_pid" 2>/dev/null; fi
  if [ -n "$fake_pid" ]; then kill -TERM "$fake_pid" 2>/dev/null; wait "$fake_pid" 2>/dev/null; fi
  sleep 0.3
  if [ -n "$tail_pid" ]; then kill "$tail_pid" 2>/dev/null; fi
  if [ -n "$printer_pid" ]; then wait "$printer_pid" 2>/dev/null; fi
  stop_services
  rm -rf "$work"
  return 0
}
trap cleanup EXIT
trap 'trap "" PIPE; echo; say "stopping (Ctrl-C)"; exit 130' INT TERM

configuration="${DEMO_CONFIGURATION:-debug}"
case "$configuration" in debug | release) ;; *) echo "demo: DEMO_CONFIGURATION must be debug or release" >&2; exit 64 ;; esac
say "building mirror-bot and $fake ($configuration; the first build takes a few minutes)"
swift build -c "$configuration" --product mirror-bot 2>&1 | tail -n 1
swift build -c "$configuration" --product "$fake" 2>&1 | tail -n 1
bin="$(swift build -c "$configuration" --show-bin-path)"

start_services

# The environment every mirror-bot command reads (docs/CONFIGURATION.md).
set -a
# With DEMO_SETUP=1 the accounts and NETWORK come from `mirror-bot setup` (run_setup).
if [ "$setup_mode" = 0 ]; then
  . "$world/credentials.env"
  if [ "$network" = "bluesky" ]; then NETWORK=bluesky; fi
  if [ "$network" = "misskey" ]; then NETWORK=misskey; fi
fi
DATABASE_URL="$TEST_DATABASE_URL"
REDIS_URL="$TEST_REDIS_URL"
REDIS_KEY_PREFIX="mirror-bot-demo:"
TIME_ZONE="Asia/Tokyo"
# Bot-clock seconds: at 720x, 1800 s is 2.5 real seconds (and learning, 4x that, 10 s).
POLL_INTERVAL_SECONDS="${POLL_INTERVAL_SECONDS:-1800}"
# Today's timing: the demo shows a reply and a like within its run (the human's pace would hold a
# reply for hours, and spread the likes until the next poll).
REPLY_PACE="${REPLY_PACE:-immediate}"
POLL_PACE="${POLL_PACE:-steady}"
set +a

# Starts the fake (fake-x, fake-bluesky or fake-misskey) with the demo's world; sets fake_pid and
# X_API_BASE_URL, BLUESKY_SERVICE_URL or MISSKEY_BASE_URL.
start_fake() {
  local log="$1"; shift
  : >"$log"
  "$bin/$fake" --port 0 --state "$world/seed.json" "$@" >"$log" 2>&1 &
  fake_pid=$!
  for _ in $(seq 1 100); do
    grep -q "$fake listening" "$log" && break
    kill -0 "$fake_pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  local port
  port="$(sed -n "s/^$fake listening port=//p" "$log" | head -n 1)"
  [ -n "$port" ] || { echo "demo: $fake did not start" >&2; cat "$log" >&2; exit 1; }
  case "$network" in
    bluesky) export BLUESKY_SERVICE_URL="http://127.0.0.1:$port" ;;
    misskey) export MISSKEY_BASE_URL="http://127.0.0.1:$port" ;;
    *) export X_API_BASE_URL="http://127.0.0.1:$port" ;;
  esac
}
stop_fake() {
  kill -TERM "$fake_pid" 2>/dev/null || true
  wait "$fake_pid" 2>/dev/null || true
  fake_pid=""
}

# Runs a train step: over the fake's API, or from the shipped JSONL files.
train_step() {
  local what="$1" jsonl_flag="$2" jsonl_file="$3"
  if [ "$train_mode" = "api" ]; then
    say "mirror-bot train $what   (from $fake's API)"
    "$bin/mirror-bot" train "$what" || { echo "demo: 'mirror-bot train $what' failed" >&2; exit 1; }
    return 0
  fi
  case "$what" in
    scheduler)
      say "mirror-bot import --jsonl $jsonl_file"
      "$bin/mirror-bot" import --jsonl "$jsonl_file" ;;
    classifier)
      say "mirror-bot train classifier $jsonl_flag $jsonl_file"
      "$bin/mirror-bot" train classifier "$jsonl_flag" "$jsonl_file" ;;
  esac
}

# `mirror-bot setup` at a pseudo-terminal, a person (demo/setup_person.py) answering; then the
# env file it wrote is the environment of every later command.
run_setup() {
  credential() { sed -n "s/^$1=//p" "$world/credentials.env"; }
  local person=(DEMO_SETUP_NETWORK="$network" DEMO_SETUP_HUMAN=haru_demo DEMO_SETUP_BOT=haru_mirror)
  case "$network" in
    x) for role in HUMAN BOT; do
         person+=("DEMO_SETUP_${role}_CONSUMER_KEY=$(credential "${role}_CONSUMER_KEY")"
                  "DEMO_SETUP_${role}_CONSUMER_SECRET=$(credential "${role}_CONSUMER_SECRET")")
       done ;;
    misskey) person+=(DEMO_SETUP_SERVER="$MISSKEY_BASE_URL") ;;
    bluesky) person=(DEMO_SETUP_NETWORK=bluesky
                     DEMO_SETUP_HUMAN="$(credential HUMAN_BLUESKY_IDENTIFIER)" DEMO_SETUP_BOT="$(credential BOT_BLUESKY_IDENTIFIER)"
                     DEMO_SETUP_HUMAN_PASSWORD="$(credential HUMAN_BLUESKY_APP_PASSWORD)"
                     DEMO_SETUP_BOT_PASSWORD="$(credential BOT_BLUESKY_APP_PASSWORD)") ;;
  esac
  say "mirror-bot setup --env-file $work/.env   (at a terminal; a person answers and signs both accounts in on $fake)"
  # Setup asks for Misskey's server; X's and Bluesky's addresses stay in the environment (the fake's).
  env -u MISSKEY_BASE_URL "${person[@]}" python3 demo/setup_person.py "$bin/mirror-bot" "$work/.env" \
    || { echo "demo: 'mirror-bot setup' failed" >&2; exit 1; }
  echo
  set -a
  . "$work/.env"
  set +a
}

say "$cast"
# fake-x: a server for training, and a fresh one (its posts appearing from the start) for the daemon.
# fake-bluesky, fake-misskey, and every fake with DEMO_SETUP=1: one server for both, so the sessions
# `train` logged in and kept (and the tokens setup got) stay valid, and the pictures of the notes
# `train` stored (fake-misskey's files, at its own URLs) are still served when the bot carries them;
# its activity starts with the daemon.
one_server=0
if [ "$network" = "bluesky" ] || [ "$network" = "misskey" ] || [ "$setup_mode" = 1 ]; then one_server=1; fi
if [ "$one_server" = 1 ]; then start_fake "$work/$fake.log" --scheduled-on-usr1; else start_fake "$work/$fake-train.log" --no-scheduled; fi
if [ "$setup_mode" = 1 ]; then
  run_setup
else
  say "mirror-bot migrate"
  "$bin/mirror-bot" migrate
fi
train_step scheduler --jsonl "$world/posts.jsonl"
train_step classifier --jsonl "$world/classifier.jsonl"
[ "$one_server" = 1 ] || stop_fake

echo
say "mirror-bot schedule   (Haru's posting rhythm, learned from the posts)"
"$bin/mirror-bot" schedule | sed -n '/Posting rhythm/,$p'
echo

scale_minutes=$(python3 -c "print(round($scale/60, 1))")
day_seconds=$(python3 -c "print(round(86400/$scale))")
banner=(
  ""
  "TIME RUNS ${scale}x FASTER: one real second is ${scale_minutes} minutes on the bot's clock,"
  "so a whole day of Haru's posting passes in ${day_seconds} seconds."
  "Times in [brackets] are the bot's clock, in Asia/Tokyo."
  "The $network_name here is $fake on 127.0.0.1, with made-up accounts."
  "Running for ${seconds} real seconds; Ctrl-C stops it early."
  ""
)
for line in "${banner[@]}"; do printf '%s  %-76s%s\n' "$inverse" "$line" "$plain"; done
echo

# The bot's day starts at the human's first active hour (the hour after their longest quiet
# stretch, read off 30 simulated plans), so the run shows a day, not a list of missed slots.
first_hour=$("$bin/mirror-bot" schedule --days 30 --seed 1 --json | python3 demo/first_hour.py)
say "the bot's clock starts at ${first_hour} (${TIME_ZONE}), Haru's first active hour"

if [ "$one_server" = 1 ]; then kill -USR1 "$fake_pid"; else start_fake "$work/$fake.log"; fi
: >"$work/daemon.log"
started_at=$(python3 -c 'import time; print(time.time())')
clock_start=$(python3 -c "
import time, datetime
from zoneinfo import ZoneInfo
zone = ZoneInfo('$TIME_ZONE'); now = datetime.datetime.fromtimestamp($started_at, zone)
h, m = map(int, '$first_hour'.split(':'))
start = now.replace(hour=h, minute=m, second=0, microsecond=0)
if start > now: start -= datetime.timedelta(days=1)
print(start.timestamp())")
status_env=()
[ "$status_port" = "off" ] || status_env=("STATUS_PORT=$status_port")
env "${status_env[@]}" "$bin/mirror-bot" start --time-scale "$scale" --start-at "$first_hour" >>"$work/daemon.log" 2>&1 &
daemon_pid=$!

# The status page's address, from the daemon's `status_listening` line.
status_url=""
if [ "$status_port" != "off" ]; then
  for _ in $(seq 1 100); do
    status_url="$(sed -n 's/.*event=status_listening url=\([^ ]*\).*/\1/p' "$work/daemon.log" | head -n 1)"
    [ -n "$status_url" ] && break
    kill -0 "$daemon_pid" 2>/dev/null || break
    sleep 0.1
  done
fi
if [ -n "${DEMO_STATUS_FILE:-}" ]; then
  { [ -n "$status_url" ] && echo "url=$status_url"; echo "pid=$daemon_pid"; } >"$DEMO_STATUS_FILE"
fi

if [ "${DEMO_RAW:-0}" = "1" ]; then
  tail -q -n +1 -F "$work/daemon.log" "$work/$fake.log" 2>/dev/null &
  tail_pid=$!
else
  tail -q -n +1 -F "$work/daemon.log" "$work/$fake.log" 2>/dev/null |
    python3 demo/pretty.py --seed "$world/seed.json" --scale "$scale" --zone "$TIME_ZONE" --start "$started_at" --clock-start "$clock_start" \
      --summary "$work/summary.json" &
  printer_pid=$!
  tail_pid="$(pgrep -n -P $$ tail || true)"
fi

# Asks the status server for /healthz and /metrics once (half-way), to show they answer while the bot works.
check_status() {
  python3 - "$status_url" >"$work/status-check" 2>&1 <<'PY' || true
import sys, urllib.request, urllib.error
base = sys.argv[1].rstrip("/")
def get(path):
    try:
        with urllib.request.urlopen(base + path, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
status, body = get("/healthz")
print(f"/healthz answered {status} {body.strip().splitlines()[0] if body.strip() else ''}")
status, body = get("/metrics")
series = [l for l in body.splitlines() if l and not l.startswith("#")]
posts = next((l.split()[-1] for l in series if l.startswith("mirror_bot_posts_total")), "?")
print(f"/metrics answered {status} with {len(series)} series (mirror_bot_posts_total {posts})")
PY
}

for second in $(seq 1 "$seconds"); do
  kill -0 "$daemon_pid" 2>/dev/null || { say "the daemon exited early:"; tail -n 20 "$work/daemon.log"; exit 1; }
  [ -n "$status_url" ] && [ "$second" -eq $((seconds / 2)) ] && check_status
  sleep 1
done

kill -TERM "$daemon_pid" 2>/dev/null || true
wait "$daemon_pid" 2>/dev/null || true
daemon_pid=""
sleep 0.5
kill "$tail_pid" 2>/dev/null || true
[ -n "$printer_pid" ] && wait "$printer_pid" 2>/dev/null || true
tail_pid="" printer_pid=""
echo
if [ -f "$work/summary.json" ]; then
  say "in ${seconds} real seconds ($(python3 -c "print(round($seconds*$scale/3600, 1))") bot hours): $(python3 -c "
import json; c = json.load(open('$work/summary.json'))
print(', '.join(f'{c.get(k, 0)} {n}' for k, n in [('posted', 'posted'), ('replied', 'replied'), ('reply_silent', 'silent'), ('liked', 'liked'), ('would_like', 'would like'), ('not_liked', 'passed'), ('slot_skipped', 'slots skipped')]))")"
fi
if [ -s "$work/status-check" ]; then
  while read -r line; do say "status server: $line"; done <"$work/status-check"
fi
say "$fake accepted $(grep -c "^$fake write" "$work/$fake.log" || true) writes from the bot; stopping $fake, PostgreSQL and Redis"
