#!/usr/bin/env bash
# The status page in a real browser: runs the demo (scripts/demo.sh) in the background,
# waits until its /metrics shows posts, replies and likes, has headless Chromium render
# the page to a PNG, and stops the demo.
#
#   scripts/screenshot-status.sh                 writes docs/status-page.png
#   scripts/screenshot-status.sh OUT.png
#
# Installs Debian's chromium and a Japanese font (the demo's posts) if missing.
# Settings: WINDOW (default 1400,2200), DEMO_SECONDS (default 150: the demo ends by itself).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

out="${1:-docs/status-page.png}"
window="${WINDOW:-1400,2200}"
bash scripts/install-deps.sh chromium fonts-noto-cjk

work="$(mktemp -d /tmp/mirror-bot-screenshot.XXXXXX)"
demo_pid=""
cleanup() {
  set +e
  if [ -n "$demo_pid" ] && kill -0 "$demo_pid" 2>/dev/null; then kill -TERM "$demo_pid"; wait "$demo_pid"; fi
  rm -rf "$work"
}
trap cleanup EXIT

DEMO_SECONDS="${DEMO_SECONDS:-150}" DEMO_STATUS_FILE="$work/status" bash scripts/demo.sh </dev/null >"$work/demo.log" 2>&1 &
demo_pid=$!

# The first build can take minutes: wait for the daemon's address, then for evidence on /metrics.
for _ in $(seq 1 900); do
  [ -s "$work/status" ] && grep -q '^url=' "$work/status" && break
  kill -0 "$demo_pid" 2>/dev/null || { cat "$work/demo.log" >&2; echo "screenshot: the demo ended before serving" >&2; exit 1; }
  sleep 1
done
url="$(sed -n 's/^url=//p' "$work/status")"
[ -n "$url" ] || { echo "screenshot: no status page address" >&2; exit 1; }
echo "screenshot: the demo's status page is at $url"

metric() { curl -fsS "${url}metrics" | awk -v name="$1" '$1 == name { print $2 }'; }
ready=""
for _ in $(seq 1 120); do
  posts="$(metric mirror_bot_posts_total || echo 0)" replies="$(metric mirror_bot_replies_total || echo 0)"
  likes="$(metric mirror_bot_likes_total || echo 0)" silences="$(metric mirror_bot_silences_total || echo 0)"
  if [ "${posts:-0}" -ge 4 ] && [ "${replies:-0}" -ge 2 ] && [ "${likes:-0}" -ge 3 ] && [ "${silences:-0}" -ge 1 ]; then ready=1; break; fi
  sleep 1
done
[ -n "$ready" ] || echo "screenshot: warning: the page shows less than usual (posts=$posts replies=$replies likes=$likes)" >&2

mkdir -p "$(dirname "$out")"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --window-size="$window" --screenshot="$out" "$url" >"$work/chromium.log" 2>&1 \
  || { cat "$work/chromium.log" >&2; exit 1; }
[ -s "$out" ] || { cat "$work/chromium.log" >&2; echo "screenshot: chromium wrote nothing" >&2; exit 1; }
echo "screenshot: wrote $out ($(du -h "$out" | cut -f1)) from $url (posts=$posts replies=$replies likes=$likes)"
