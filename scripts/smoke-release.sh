#!/usr/bin/env bash
# Smoke test of the staged release (dist/ from scripts/build-release.sh), laid out as
# in the runtime image: --help, `migrate` against a throwaway PostgreSQL, `doctor`
# against local services and fake-x, Redis over TLS (`rediss://`), and `start` in
# DRY_RUN for a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
dist="$(cd "${DIST:-dist}" && pwd)"
root="$(pwd)"
bin="$dist/bin"

. scripts/services.sh
work="$(mktemp -d /tmp/mirror-bot-smoke.XXXXXX)"
chmod 755 "$work"
fake_pid="" daemon_pid=""
cleanup() {
  set +e
  if [ -n "$daemon_pid" ]; then kill "$daemon_pid" 2>/dev/null; fi
  if [ -n "$fake_pid" ]; then kill "$fake_pid" 2>/dev/null; fi
  stop_services
  rm -rf "$work"
  return 0
}
trap cleanup EXIT
fail() { echo "smoke: FAILED: $*" >&2; exit 1; }
passed=0
ok() { echo "smoke: ok: $*"; passed=$((passed + 1)); }

# Run from a folder with no migrations/ of its own: the binary must find the installed ones.
cd "$work"

"$bin/mirror-bot" --help >"$work/help.txt" || fail "--help exited non-zero"
grep -q "USAGE:" "$work/help.txt" && grep -q "  start " "$work/help.txt" || fail "--help does not list the commands"
ok "--help"

start_services
export DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL" REDIS_KEY_PREFIX="smoke:" TIME_ZONE="Asia/Tokyo"

"$bin/mirror-bot" migrate >"$work/migrate.txt" 2>&1 || { cat "$work/migrate.txt"; fail "migrate"; }
grep -q "event=migrations_done applied=$(ls "$dist/share/mirror-bot/migrations"/*.sql | wc -l)" "$work/migrate.txt" \
  || { cat "$work/migrate.txt"; fail "migrate did not apply every installed migration"; }
"$bin/mirror-bot" migrate >"$work/migrate2.txt" 2>&1 && grep -q "applied=0" "$work/migrate2.txt" || fail "a second migrate applied something"
PATH="$bin:$PATH" mirror-bot migrate >"$work/migrate3.txt" 2>&1 && grep -q "applied=0" "$work/migrate3.txt" \
  || { cat "$work/migrate3.txt"; fail "migrate run from PATH did not find the installed migrations"; }
ok "migrate (installed migrations, once each; found from PATH too)"

"$bin/fake-x" --port 0 --state "$root/demo/seed.json" --no-scheduled >"$work/fake-x.log" 2>&1 &
fake_pid=$!
for _ in $(seq 1 100); do grep -q 'listening' "$work/fake-x.log" && break; sleep 0.1; done
port="$(sed -n 's/^fake-x listening port=//p' "$work/fake-x.log")"
[ -n "$port" ] || fail "fake-x did not start"
set -a; . "$root/demo/credentials.env"; set +a
export X_API_BASE_URL="http://127.0.0.1:$port"

"$bin/mirror-bot" import --jsonl "$root/demo/posts.jsonl" >"$work/import.txt" 2>&1 || { cat "$work/import.txt"; fail "import"; }
ok "import --jsonl ($(tail -n 1 "$work/import.txt"))"

status=0
"$bin/mirror-bot" doctor >"$work/doctor.txt" 2>&1 || status=$?
if [ "$status" -eq 69 ] && grep -q "not built yet" "$work/doctor.txt"; then
  echo "smoke: note: 'mirror-bot doctor' is not built yet in this checkout; its checks are skipped"
else
  [ "$status" -eq 0 ] || { cat "$work/doctor.txt"; fail "doctor with good services and credentials exited $status"; }
  status=0
  BOT_ACCESS_TOKEN_SECRET="wrong" "$bin/mirror-bot" doctor >"$work/doctor-bad.txt" 2>&1 || status=$?
  [ "$status" -ne 0 ] || { cat "$work/doctor-bad.txt"; fail "doctor passed with a wrong bot secret"; }
  grep -q "wrong" "$work/doctor-bad.txt" && fail "doctor printed a secret"
  grep -qiE "fail.*bot|bot.*fail" "$work/doctor-bad.txt" || { cat "$work/doctor-bad.txt"; fail "doctor did not name the bot's failing check"; }
  ok "doctor (passes with good credentials; exit $status with a wrong bot secret)"
fi

status=0
REDIS_URL="$TEST_REDIS_TLS_URL" REDIS_TLS_CA_FILE="$TEST_REDIS_TLS_CA_FILE" "$bin/mirror-bot" doctor >"$work/doctor-tls.txt" 2>&1 || status=$?
[ "$status" -eq 0 ] && grep -q '^ok    redis .*PING answered over TLS 1\.[23], certificate verified for localhost' "$work/doctor-tls.txt" \
  || { cat "$work/doctor-tls.txt"; fail "doctor over rediss:// with the private CA (exit $status)"; }
ok "doctor over rediss:// ($(grep -o 'TLS 1\.[23], certificate verified for localhost' "$work/doctor-tls.txt"))"

REDIS_URL="$TEST_REDIS_TLS_URL" REDIS_TLS_VERIFY=none "$bin/mirror-bot" classify "寿司が好き" --author smoke >"$work/classify-tls.txt" 2>&1 \
  || { cat "$work/classify-tls.txt"; fail "classify over rediss:// with REDIS_TLS_VERIFY=none"; }
ok "classify over rediss:// with REDIS_TLS_VERIFY=none ($(head -n 1 "$work/classify-tls.txt" | cut -d'(' -f1))"

status=0
REDIS_URL="$TEST_REDIS_TLS_URL" timeout 20 "$bin/mirror-bot" start >"$work/rediss.txt" 2>&1 || status=$?
[ "$status" -ne 0 ] && [ "$status" -ne 124 ] && grep -q "Redis certificate not verified" "$work/rediss.txt" \
  && ! grep -qF "$TEST_REDIS_PASSWORD" "$work/rediss.txt" \
  || { cat "$work/rediss.txt"; fail "start with a Redis certificate the system's CAs do not trust did not stop with the certificate error (exit $status)"; }
ok "start stops at once on a Redis certificate it cannot verify (exit $status): $(grep -o 'self-signed certificate[^(]*\|unable to get local issuer certificate' "$work/rediss.txt" | head -n 1)"

DRY_RUN=true "$bin/mirror-bot" start --time-scale 720 >"$work/daemon.log" 2>&1 &
daemon_pid=$!
for _ in $(seq 1 100); do grep -q 'event=started' "$work/daemon.log" && break; sleep 0.1; done
sleep 3
kill -TERM "$daemon_pid"
status=0
wait "$daemon_pid" || status=$?
daemon_pid=""
[ "$status" -eq 0 ] || { cat "$work/daemon.log"; fail "start exited $status on SIGTERM"; }
grep -q "event=started" "$work/daemon.log" && grep -q "event=stopped" "$work/daemon.log" \
  || { cat "$work/daemon.log"; fail "start did not start and stop cleanly"; }
grep -q "event=round_failed" "$work/daemon.log" && { cat "$work/daemon.log"; fail "a daemon loop failed"; }
ok "start (DRY_RUN, 3 s against fake-x, clean stop on SIGTERM; $(grep -c 'event=' "$work/daemon.log") log lines)"

echo "smoke: $passed passed, 0 failed"
