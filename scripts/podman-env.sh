# Podman on a Debian 12 machine without a container registry, set up by the project's
# scripts (source it; scripts/image.sh, image-check.sh and compose-check.sh do).
#
#   podman_setup     installs podman, buildah, runc, mmdebstrap (and what they need) with
#                    apt-get when missing, and points CONTAINERS_CONF at a containers.conf
#                    that works here: runc with cgroupfs (crun fails: "cgroups in hybrid
#                    mode not supported") and no default ulimits (crun and runc cannot raise
#                    RLIMIT_NOFILE / RLIMIT_NPROC here). The machine's own files are untouched.
#   image_exists NAME
#   forward_ports NETWORK PORT...   the podman network's gateway (host.containers.internal in its
#                    containers) to the same ports on loopback, with socat; stop_forward ends it
#
# ../shared/docs/CONTAINERS-ON-THIS-MACHINE.md has what was measured. With a working Docker
# or podman elsewhere none of this is needed: `docker build -t mirror-bot .` is the recipe.

podman_state_dir="${MIRROR_BOT_PODMAN_DIR:-/var/tmp/mirror-bot-podman}"

podman_setup() {
  local here
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  bash "$here/install-deps.sh" podman buildah runc mmdebstrap uidmap slirp4netns fuse-overlayfs
  mkdir -p "$podman_state_dir"
  cat >"$podman_state_dir/containers.conf" <<'CONF'
# Written by mirror-bot's scripts/podman-env.sh (see the comment there).
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
  export CONTAINERS_CONF="$podman_state_dir/containers.conf"
}

image_exists() {
  podman image exists "$1"
}

forward_pids=()
forward_ports() {
  local network="$1" gateway port
  shift
  stop_forward
  gateway="$(podman network inspect "$network" | python3 -c '
import json, sys
n = json.load(sys.stdin)
n = n[0] if isinstance(n, list) else n
print(n["subnets"][0]["gateway"] if "subnets" in n else n["plugins"][0]["ipam"]["ranges"][0][0]["gateway"])')"
  for port in "$@"; do
    socat "TCP-LISTEN:$port,bind=$gateway,fork,reuseaddr" "TCP:127.0.0.1:$port" &
    forward_pids+=($!)
  done
}
stop_forward() {
  local pid
  for pid in "${forward_pids[@]}"; do
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null || true
  done
  forward_pids=()
}

# What the container checks (scripts/image-check.sh, compose-check.sh) share: their report lines
# (set check_name first), and fake-x with a seed on a free loopback port.
check_name=check
failures=0
ok() { echo "$check_name: ok   $*"; }
bad() { echo "$check_name: FAIL $*"; failures=$((failures + 1)); }
fatal() { echo "$check_name: FAIL $*" >&2; exit 1; }
finish_checks() {
  if [ "$failures" -gt 0 ]; then echo "$check_name: $failures check(s) failed" >&2; exit 1; fi
  echo "$check_name: every check passed"
}

# FAKE_X: a built fake-x (CI's dist/bin/fake-x), or the debug one, built now.
need_fake_x() {
  [ -n "${FAKE_X:-}" ] && return 0
  swift build --product fake-x 2>&1 | tail -n 1
  FAKE_X="$(swift build --show-bin-path)/fake-x"
}

# start_fake_x LOG SEED [FLAG...]: a fresh fake-x on a free loopback port; sets fake_pid and fake_port.
fake_pid="" fake_port=""
start_fake_x() {
  local log="$1" seed="$2"
  shift 2
  stop_fake_x
  "$FAKE_X" --port 0 --state "$seed" "$@" >"$log" 2>&1 &
  fake_pid=$!
  fake_port=""
  for _ in $(seq 1 100); do
    fake_port="$(sed -n 's/^fake-x listening port=//p' "$log" | head -n 1)"
    [ -n "$fake_port" ] && return 0
    sleep 0.1
  done
  fatal "fake-x did not start: $(tr '\n' ' ' <"$log")"
}
stop_fake_x() {
  [ -n "$fake_pid" ] || return 0
  kill -TERM "$fake_pid" 2>/dev/null || true
  wait "$fake_pid" 2>/dev/null || true
  fake_pid=""
}
