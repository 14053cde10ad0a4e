#!/usr/bin/env bash
# The image, run as users run it (build it first with scripts/image.sh):
#
#   scripts/image-check.sh             every check below; exits 1 when any fails
#   scripts/image-check.sh --compare   also the same figures for the same binary outside the container
#
# Against a private PostgreSQL and Redis (scripts/services.sh) and fake-x with the demo's world
# (demo/seed.json), all on the host network, it checks that the image
#   - runs as the non-root user (uid 10001) and can read its migrations (/app/migrations);
#   - finds every shared library of /usr/local/bin/mirror-bot (ldd inside the image), and those it
#     opens with dlopen (build-release.sh --dlopened-libraries) with theirs;
#   - runs `mirror-bot migrate` (twice: the second applies nothing), `doctor`,
#     `train scheduler` and `train classifier`;
#   - runs `mirror-bot start` (its CMD) for CHECK_SECONDS (default 60) real seconds on the demo's
#     accelerated clock (--time-scale 720: a day every 2 minutes), and in that time posts, replies
#     and likes;
#   - answers its HEALTHCHECK (`podman healthcheck run`): healthy while it runs, unhealthy while
#     the daemon is stuck (SIGSTOP), healthy again after SIGCONT; both ways (STATUS_PORT's
#     /healthz, and the heartbeat file without a port, aged by hand while stopped: waiting the
#     10 minutes it allows is left out);
#   - stops on SIGTERM (`podman stop -t 10`, Docker's default grace period) with exit status 0,
#     within the grace period;
#   - takes Heroku's container path: heroku.yml builds the Dockerfile, its release command and
#     app.json's postdeploy succeed in the image on a fresh schema, and on a new app whose human
#     has no posts yet, or whose X keys are not set yet, postdeploy succeeds or fails with one line;
#   - holds under 20 MB resident a minute after `mirror-bot start` at real time (idle), under podman's
#     default seccomp profile and under that profile with user-mode-only userfaultfd allowed
#     (scripts/seccomp-userfaultfd.py), where the daemon must be able to open it.
# It prints the start-up time (to the `started` line and to the first `posted` line) and the
# memory of the daemon (RSS; with --compare also after 20 s at real time, idle).
#
# Environment: IMAGE (default mirror-bot:latest), CHECK_SECONDS, IDLE_SECONDS (default 61),
# SECCOMP_DEFAULT (the engine's default seccomp profile; default podman's), FAKE_X (a built fake-x; default:
# `swift build --product fake-x`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
. scripts/podman-env.sh
. scripts/services.sh

image="${IMAGE:-mirror-bot:latest}"
seconds="${CHECK_SECONDS:-60}"
compare=0
case "${1:-}" in --compare) compare=1 ;; "") ;; *) echo "image-check: unknown option '$1'" >&2; exit 64 ;; esac

podman_setup
image_exists "$image" || { echo "image-check: no image $image: run scripts/image.sh first" >&2; exit 1; }
need_fake_x

work="$(mktemp -d /tmp/mirror-bot-image-check.XXXXXX)"
container="mirror-bot-check-$$"
host_pid=""
cleanup() {
  trap - EXIT
  set +e
  podman rm -f -t 0 "$container" >/dev/null 2>&1
  [ -n "$host_pid" ] && kill -TERM "$host_pid" 2>/dev/null && wait "$host_pid" 2>/dev/null
  stop_fake_x
  stop_services
  rm -rf "$work"
  return 0
}
trap cleanup EXIT

check_name=image-check
# must LOG WHAT COMMAND...: a step the rest depends on; stop here when it fails.
must() {
  local log="$1" what="$2"
  shift 2
  if "$@" >"$log" 2>&1; then ok "$what"; else fatal "$what: $(tail -n 3 "$log" | tr '\n' ' ')"; fi
}

start_services >/dev/null

# fake-x with the demo's world (or fake_state) on a free port; a fresh one each time (its posts
# appear from the start) unless --no-scheduled is given (for training). Writes $work/env.
start_fake() {
  start_fake_x "$work/fake-x.log" "${fake_state:-demo/seed.json}" "$@"
  # The demo's settings: its made-up accounts, Asia/Tokyo, a poll every 1800 bot seconds.
  { grep -v '^#' demo/credentials.env
    echo "DATABASE_URL=$TEST_DATABASE_URL"
    echo "REDIS_URL=$TEST_REDIS_URL"
    echo "REDIS_KEY_PREFIX=mirror-bot-image-check:"
    echo "TIME_ZONE=Asia/Tokyo"
    echo "POLL_INTERVAL_SECONDS=1800"
    echo "REPLY_PACE=immediate"
    echo "POLL_PACE=steady"
    echo "X_API_BASE_URL=http://127.0.0.1:$fake_port"
  } >"$work/env"
}

# Podman 4.3 without systemd says on stderr, for each container with a health check, that it cannot
# add (or remove) the timer that would run the check periodically; the checks here run by hand.
no_timer_noise() { "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }

# One command in the image, as `docker run --rm --env-file .env mirror-bot ...` runs it.
# (--no-healthcheck: podman 4.3 without systemd otherwise prints an error line about health-check
# timers on every run; the daemon's container below keeps its health check.)
in_image() { podman run --rm --no-healthcheck --network host --env-file "$work/env" "$image" "$@"; }

# --- the image itself
healthcheck="$(podman image inspect --format '{{.Config.Healthcheck.Test}} {{.Config.Healthcheck.Retries}}' "$image")"
[ "$healthcheck" = "[CMD mirror-bot-healthcheck] 3" ] && ok "HEALTHCHECK kept in the image: $healthcheck (retries)" \
  || bad "the image's HEALTHCHECK is '$healthcheck', not [CMD mirror-bot-healthcheck] 3 (built without --format docker?)"
uid="$(podman run --rm --no-healthcheck "$image" id -u)"
[ "$uid" = "10001" ] && ok "runs as uid 10001 ($(podman run --rm --no-healthcheck "$image" id -un))" || bad "runs as uid $uid, not 10001"
shipped="$(find migrations -name '*.sql' | wc -l)"
# The bots' migrations and, in migrations/host/, the registry of `mirror-bot host`.
readable="$(podman run --rm --no-healthcheck "$image" sh -c 'n=0; for f in migrations/*.sql migrations/host/*.sql; do cat "$f" >/dev/null && n=$((n + 1)); done; echo $n')"
[ "$readable" = "$shipped" ] && ok "reads its $readable migrations in /app/migrations" \
  || bad "reads $readable of its $shipped migrations in /app/migrations"
podman run --rm --no-healthcheck "$image" ldd /usr/local/bin/mirror-bot >"$work/ldd" 2>&1 || true
if grep -q 'not found' "$work/ldd"; then bad "ldd inside the image: $(grep 'not found' "$work/ldd" | tr -s ' \t' ' ' | tr '\n' ';')"
else ok "ldd inside the image finds all $(grep -c '=>' "$work/ldd") libraries"; fi
# Those it opens with dlopen when needed (libvips, for a picture re-encoded for Bluesky), which ldd above
# does not name: each must be installed, its own libraries found.
for lib in $(bash scripts/build-release.sh --dlopened-libraries); do
  # shellcheck disable=SC2016
  found="$(podman run --rm --no-healthcheck "$image" sh -c 'path="$(/sbin/ldconfig -p | awk -v lib="$1" '"'"'$1 == lib { print $NF; exit }'"'"')"
    [ -n "$path" ] || { echo "not installed"; exit; }; ldd "$path" | grep "not found" | tr -s " \t" " " | tr "\n" ";"; echo "$(ldd "$path" | grep -c "=>") libraries"' sh "$lib")"
  case "$found" in *"not "*) bad "$lib (opened with dlopen) inside the image: $found" ;; *) ok "$lib (opened with dlopen) is installed, its $found found" ;; esac
done

# --- the commands a user runs first
start_fake --no-scheduled
must "$work/migrate.log" "mirror-bot migrate" in_image mirror-bot migrate
must "$work/migrate2.log" "mirror-bot migrate again" in_image mirror-bot migrate
grep -q 'event=migrations_done applied=0' "$work/migrate2.log" && ok "the second migrate applied nothing" \
  || bad "the second migrate: $(grep 'event=migrations_done' "$work/migrate2.log")"
must "$work/doctor.log" "mirror-bot doctor" in_image mirror-bot doctor
sed 's/^/  doctor: /' "$work/doctor.log"
must "$work/train-scheduler.log" "mirror-bot train scheduler" in_image mirror-bot train scheduler
must "$work/train-classifier.log" "mirror-bot train classifier" in_image mirror-bot train classifier
first_hour="$(in_image mirror-bot schedule --days 30 --seed 1 --json | python3 demo/first_hour.py)"

# Seconds since $1 (an epoch time with fractions) that the first line matching $3 took to show in
# log file $2, waiting up to $4 seconds; empty when it never showed.
seconds_to() {
  local since="$1" log="$2" pattern="$3" limit="$4" deadline
  deadline=$(($(date +%s) + limit))
  while [ "$(date +%s)" -le "$deadline" ]; do
    if grep -q -- "$pattern" "$log" 2>/dev/null; then
      python3 -c "import time; print(f'{time.time() - $since:.1f}')"
      return 0
    fi
    sleep 0.1
  done
}
rss_mb() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status" 2>/dev/null; }
health() { podman healthcheck run "$container" >"$work/health.out" 2>&1; }
# Retries the health check for up to $1 seconds until it reports healthy.
healthy_within() {
  local deadline=$(($(date +%s) + $1))
  while [ "$(date +%s)" -le "$deadline" ]; do health && return 0; sleep 1; done
  return 1
}

# --- the daemon, as the image's CMD runs it (on the demo's clock)
start_fake
status_port="$(spare_port)"
launched="$(python3 -c 'import time; print(time.time())')"
# The image's HEALTHCHECK restated with a start period of 1 s: its 5-minute start period would keep
# failures in this short run from counting towards --retries (podman 4.3 takes --health-start-period
# only with --health-cmd).
no_timer_noise podman run -d --name "$container" --network host --env-file "$work/env" -e STATUS_PORT="$status_port" \
  --health-cmd mirror-bot-healthcheck --health-retries 3 --health-timeout 10s --health-start-period 1s \
  "$image" mirror-bot start --time-scale 720 --start-at "$first_hour" >/dev/null
podman logs -f "$container" >"$work/daemon.log" 2>&1 &
to_started="$(seconds_to "$launched" "$work/daemon.log" "event=started" 30)"
to_posted="$(seconds_to "$launched" "$work/daemon.log" "event=posted" "$seconds")"
[ -n "$to_started" ] && ok "started ${to_started} s after podman run" || bad "never logged event=started"
[ -n "$to_posted" ] && ok "first posted line ${to_posted} s after podman run (bot clock from $first_hour, 720x)" \
  || bad "posted nothing in $seconds s"

if healthy_within 30; then ok "HEALTHCHECK healthy while running (/healthz on port $status_port)"
else bad "HEALTHCHECK never healthy while running: $(tr '\n' ' ' <"$work/health.out")"; fi
if podman exec -e STATUS_PORT= -e PORT= "$container" mirror-bot-healthcheck >/dev/null 2>&1; then
  ok "HEALTHCHECK healthy by the heartbeat file (no STATUS_PORT)"
else bad "HEALTHCHECK unhealthy by the heartbeat file while running"; fi

while [ $(($(date +%s) - ${launched%.*})) -lt "$seconds" ]; do sleep 1; done
pid="$(podman inspect --format '{{.State.Pid}}' "$container")"
container_rss="$(rss_mb "$pid")"

podman kill --signal STOP "$container" >/dev/null
sleep 1
if health; then bad "HEALTHCHECK healthy while the daemon is stopped (SIGSTOP)"
else ok "HEALTHCHECK unhealthy while the daemon is stuck (SIGSTOP): $(head -n 1 "$work/health.out")"; fi
# The container turns unhealthy after --retries=3 failures in a row (podman runs no periodic
# checks without systemd: run them by hand).
health || true
health || true
status="$(podman inspect --format '{{.State.Healthcheck.Status}}' "$container")"
[ "$status" = "unhealthy" ] && ok "after 3 failed checks in a row podman inspect says $status" \
  || bad "after 3 failed checks in a row podman inspect says '$status', not unhealthy: $(podman inspect --format '{{json .State.Healthcheck}}' "$container" | cut -c 1-300)"
podman exec "$container" touch -d '11 minutes ago' /tmp/mirror-bot.heartbeat
if podman exec -e STATUS_PORT= -e PORT= "$container" mirror-bot-healthcheck >"$work/heartbeat.out" 2>&1; then
  bad "HEALTHCHECK healthy by a heartbeat 11 minutes old"
else ok "HEALTHCHECK unhealthy by a heartbeat 11 minutes old: $(head -n 1 "$work/heartbeat.out")"; fi
podman kill --signal CONT "$container" >/dev/null
if healthy_within 60; then ok "HEALTHCHECK healthy again after SIGCONT"
else bad "HEALTHCHECK still unhealthy 60 s after SIGCONT: $(tr '\n' ' ' <"$work/health.out")"; fi

stop_started=$SECONDS
no_timer_noise podman stop -t 10 "$container" >/dev/null
stop_took=$((SECONDS - stop_started))
exit_code="$(podman inspect --format '{{.State.ExitCode}}' "$container")"
sleep 0.5
[ "$exit_code" = "0" ] && ok "podman stop (SIGTERM): exit status 0 in ${stop_took} s (grace period 10 s)" \
  || bad "podman stop (SIGTERM): exit status $exit_code in ${stop_took} s"
grep -q 'event=stopping signal=SIGTERM' "$work/daemon.log" && grep -q 'event=stopped' "$work/daemon.log" \
  && ok "logged stopping signal=SIGTERM and stopped" || bad "no stopping/stopped lines in the daemon's log"
[ "$stop_took" -lt 10 ] || bad "podman stop took ${stop_took} s: the grace period ran out"

posted="$(grep -c 'event=posted' "$work/daemon.log" || true)"
replied="$(grep -c 'event=replied' "$work/daemon.log" || true)"
liked="$(grep -c 'event=liked' "$work/daemon.log" || true)"
writes="$(grep -c '^fake-x write' "$work/fake-x.log" || true)"
for counted in "posted:$posted" "replied:$replied" "liked:$liked"; do
  [ "${counted#*:}" -gt 0 ] || bad "the daemon never ${counted%%:*} in $seconds s"
done
[ "$posted" -gt 0 ] && [ "$replied" -gt 0 ] && [ "$liked" -gt 0 ] && [ "$writes" -gt 0 ] \
  && ok "in $seconds s: $posted posted, $replied replied, $liked liked; fake-x accepted $writes writes"
{ grep -E 'level=(error|warning)' "$work/daemon.log" || true; } | head -n 5 | sed 's/^/  daemon: /'
no_timer_noise podman rm "$container" >/dev/null

echo "image-check: figures: image $(($(podman image inspect --format '{{.Size}}' "$image") / 1000000)) MB;" \
  "started ${to_started:-?} s, first posted line ${to_posted:-?} s after podman run; RSS ${container_rss:-?} MB after $seconds s"

# --- Heroku's container path: heroku.yml builds this Dockerfile; its release command and app.json's
# postdeploy script run in the image (as `sh -c`, as a one-off dyno runs them), each in a fresh
# schema and Redis prefix, as on a new app.
grep -q '^    worker: Dockerfile$' heroku.yml && ok "heroku.yml builds the Dockerfile (build.docker.worker)" \
  || bad "heroku.yml does not build the Dockerfile"
release="$(sed -n '/^release:/,/^[a-z]/s/^    - //p' heroku.yml | head -n 1)"
postdeploy="$(python3 -c 'import json; print(json.load(open("app.json"))["scripts"]["postdeploy"])')"
# A fresh app: its own schema and Redis prefix ($1), and with $2 = no-credentials none of the X keys.
fresh_app() {
  grep -v -E '^(DATABASE_SCHEMA|REDIS_KEY_PREFIX)=' "$work/env" >"$work/env.app"
  printf 'DATABASE_SCHEMA=%s\nREDIS_KEY_PREFIX=mirror-bot-image-check-%s:\n' "$1" "$1" >>"$work/env.app"
  if [ "${2:-}" = "no-credentials" ]; then sed -i -E '/^(HUMAN|BOT)_/d' "$work/env.app"; fi
}
in_app() { podman run --rm --no-healthcheck --network host --env-file "$work/env.app" "$image" sh -c "$1"; }

start_fake --no-scheduled
fresh_app heroku_demo
in_app "$release" >"$work/release.log" 2>&1 && ok "heroku.yml release ($release) on a fresh schema" \
  || bad "heroku.yml release ($release) failed: $(tail -n 2 "$work/release.log")"
in_app "$postdeploy" >"$work/postdeploy.log" 2>&1 && ok "app.json postdeploy ($postdeploy) with the demo's human" \
  || bad "app.json postdeploy failed with the demo's human: $(tail -n 2 "$work/postdeploy.log")"

# A new app whose human has nothing yet (fake-x with the demo's accounts, no posts or likes), and a
# new app whose X keys are not set yet (app.json requires none): each ends with one clear line.
python3 -c 'import json, sys; s = json.load(open("demo/seed.json")); s.update(tweets=[], likes=[], scheduled=[]); json.dump(s, open(sys.argv[1], "w"))' "$work/empty-seed.json"
fake_state="$work/empty-seed.json" start_fake --no-scheduled
fresh_app heroku_empty
in_app "$release" >/dev/null 2>&1 || bad "heroku.yml release failed on a fresh schema"
# It succeeds, or fails with one line "Error: ..." (never a trace).
postdeploy_outcome() {
  local what="$1" status=0
  in_app "$postdeploy" >"$work/postdeploy-$2.log" 2>&1 || status=$?
  if [ "$status" = "0" ]; then
    ok "app.json postdeploy, $what: exit 0; $(grep -v -E '^[0-9T:Z-]+ level=' "$work/postdeploy-$2.log" | tr '\n' ' ')"
  elif [ "$(grep -c -v -E '^[0-9T:Z-]+ level=' "$work/postdeploy-$2.log")" = "1" ] && tail -n 1 "$work/postdeploy-$2.log" | grep -q '^Error: '; then
    ok "app.json postdeploy, $what: exit $status, one line: $(tail -n 1 "$work/postdeploy-$2.log")"
  else
    bad "app.json postdeploy, $what: exit $status, not one clear line:"
    tail -n 5 "$work/postdeploy-$2.log" | sed 's/^/  /'
  fi
}
postdeploy_outcome "a human with no posts yet" empty
fresh_app heroku_no_keys no-credentials
postdeploy_outcome "no X keys set yet" no-keys
fake_state=""

# --- an idle daemon's memory a minute after start (real time, the image's CMD), under podman's
# default seccomp profile, which refuses userfaultfd (the daemon says `fault_around_kept` and keeps
# the kernel's fault-around), and under the same profile allowing userfaultfd in user-mode-only mode
# (scripts/seccomp-userfaultfd.py; docs/DEPLOY.md, "Docker"), where it must hold under 20 MB (issue 30).
# idle_rss NAME [podman run option...]: sets idle_mb (VmRSS IDLE_SECONDS after start) and idle_kept
# (1 when the daemon logged fault_around_kept).
idle_seconds="${IDLE_SECONDS:-61}"
idle_rss() {
  local name="$1" started
  shift
  start_fake
  started=$SECONDS
  no_timer_noise podman run -d --name "$container" --network host --env-file "$work/env" "$@" "$image" >/dev/null
  sleep "$idle_seconds"
  pid="$(podman inspect --format '{{.State.Pid}}' "$container")"
  idle_mb="$(rss_mb "$pid")"
  # Where it is: /proc/PID/smaps's Rss summed by what is mapped.
  idle_where="$(awk '/^[0-9a-f]+-[0-9a-f]+ / { what = ($6 ~ /mirror-bot$/) ? "binary" : ($6 ~ /\.so/) ? "libraries" : ($6 ~ /^\//) ? "other files" : "anonymous" }
    /^Rss:/ { kb[what] += $2 } END { for (w in kb) printf "%s %.1f MB, ", w, kb[w] / 1024 }' "/proc/$pid/smaps" 2>/dev/null)"
  podman logs "$container" >"$work/idle-$name.log" 2>&1
  no_timer_noise podman stop -t 10 "$container" >/dev/null
  no_timer_noise podman rm "$container" >/dev/null
  idle_kept=0
  grep -q 'event=fault_around_kept' "$work/idle-$name.log" && idle_kept=1
  grep -q 'event=memory_trimmed' "$work/idle-$name.log" \
    || bad "idle ($name): no memory_trimmed line in $((SECONDS - started)) s: $(grep -c 'level=error' "$work/idle-$name.log") errors logged"
}
default_profile="${SECCOMP_DEFAULT:-/usr/share/containers/seccomp.json}"
if [ -f "$default_profile" ]; then
  idle_rss default
  refused="userfaultfd allowed by this engine's default"
  [ "$idle_kept" = 1 ] && refused="fault-around kept, $(sed -n 's/.*event=fault_around_kept reason=//p' "$work/idle-default.log" | head -n 1)"
  if python3 -c "import sys; sys.exit(0 if float('${idle_mb:-99}') < 20 else 1)"; then
    ok "idle ${idle_seconds} s under podman's default seccomp profile: RSS ${idle_mb} MB, under 20 MB ($refused)"
  else bad "idle ${idle_seconds} s under podman's default seccomp profile: RSS ${idle_mb:-?} MB, not under 20 MB ($refused)"; fi
  echo "image-check: figures: idle, default profile: ${idle_where%, }"
  python3 scripts/seccomp-userfaultfd.py "$default_profile" >"$work/seccomp.json"
  idle_rss userfaultfd --security-opt "seccomp=$work/seccomp.json"
  if [ "$idle_kept" = 1 ]; then bad "idle with scripts/seccomp-userfaultfd.py's profile: userfaultfd still refused ($(grep 'event=fault_around_kept' "$work/idle-userfaultfd.log"))"
  elif python3 -c "import sys; sys.exit(0 if float('${idle_mb:-99}') < 20 else 1)"; then
    ok "idle ${idle_seconds} s with user-mode-only userfaultfd allowed (scripts/seccomp-userfaultfd.py): RSS ${idle_mb} MB, under 20 MB"
  else bad "idle ${idle_seconds} s with user-mode-only userfaultfd allowed: RSS ${idle_mb:-?} MB, not under 20 MB"; fi
  echo "image-check: figures: idle, userfaultfd allowed: ${idle_where%, }"
else
  bad "no default seccomp profile at $default_profile (SECCOMP_DEFAULT; podman's package ships it) for the idle memory check"
fi

# --- the same binary outside the container, and both idle (no time scale), for the figures
if [ "$compare" = "1" ]; then
  no_timer_noise podman create --name "$container" "$image" >/dev/null
  podman cp "$container:/usr/local/bin/mirror-bot" "$work/mirror-bot"
  no_timer_noise podman rm "$container" >/dev/null
  # On a schema and Redis prefix of its own (today's plan in the first one is claimed already),
  # migrated and trained as above.
  outside_env() { printf 'DATABASE_SCHEMA=outside\nREDIS_KEY_PREFIX=mirror-bot-image-check-outside:\n' >>"$work/env"; }
  on_host() { ( set -a; . "$work/env"; set +a; exec "$work/mirror-bot" "$@" ); }
  # (The subshell execs the binary, so host_pid is the daemon's own pid.)
  run_host() { ( set -a; . "$work/env"; set +a; exec "$work/mirror-bot" start "$@" ) >"$work/host.log" 2>&1 & host_pid=$!; }
  stop_host() { kill -TERM "$host_pid"; wait "$host_pid" 2>/dev/null || true; host_pid=""; }
  start_fake --no-scheduled
  outside_env
  for step in migrate "train scheduler" "train classifier"; do
    # shellcheck disable=SC2086
    on_host $step >"$work/outside.log" 2>&1 || fatal "outside the container: mirror-bot $step: $(tail -n 2 "$work/outside.log")"
  done

  start_fake
  outside_env
  launched="$(python3 -c 'import time; print(time.time())')"
  run_host --time-scale 720 --start-at "$first_hour"
  host_started="$(seconds_to "$launched" "$work/host.log" "event=started" 30)"
  host_posted="$(seconds_to "$launched" "$work/host.log" "event=posted" "$seconds")"
  while [ $(($(date +%s) - ${launched%.*})) -lt "$seconds" ]; do sleep 1; done
  host_rss="$(rss_mb "$host_pid")"
  stop_host

  start_fake
  outside_env
  run_host
  sleep 20
  host_idle="$(rss_mb "$host_pid")"
  stop_host
  start_fake
  no_timer_noise podman run -d --name "$container" --network host --env-file "$work/env" "$image" >/dev/null
  sleep 20
  container_idle="$(rss_mb "$(podman inspect --format '{{.State.Pid}}' "$container")")"
  no_timer_noise podman stop -t 10 "$container" >/dev/null
  no_timer_noise podman rm "$container" >/dev/null
  printf 'image-check: compare: %-30s %-11s %s\n' "" container "outside (the same binary, the host's libraries)"
  printf 'image-check: compare: %-30s %-11s %s\n' \
    "to started line (s)" "${to_started:-?}" "${host_started:-?}" \
    "to first posted (s)" "${to_posted:-?}" "${host_posted:-?}" \
    "RSS after ${seconds} s at 720x (MB)" "${container_rss:-?}" "${host_rss:-?}" \
    "RSS idle, 20 s (MB)" "${container_idle:-?}" "${host_idle:-?}"
fi

finish_checks
