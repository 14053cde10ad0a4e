# What the Compose checks share (source it after scripts/podman-env.sh; scripts/compose-check.sh and
# compose-host-check.sh do). Set `project` (the compose project's name) first.
#
#   compose_setup     podman (podman_setup), CNI's dnsname plugin (containers find each other by
#                     service name), socat, podman-compose in a venv, and the STAND-INS for the
#                     official postgres:15-bookworm and redis:7-bookworm images when missing
#                     (containers/stand-ins/); sets podman_compose
#   compose_check_begin            compose_setup, the image ($image) there, fake-x ready (need_fake_x),
#                                  a scratch folder ($work); at exit, `compose down -v` (define
#                                  `compose`), fake-x and the forward stopped, $work removed
#                                  (containers and volumes a killed earlier run of the project left
#                                  behind are removed first)
#   healthy SERVICE SECONDS        the service's health check run by hand until it passes; when it
#                                  never does, the container's state and last log lines on stderr
#   exit_code SERVICE              a one-shot service's exit status
#   wait_stopped SERVICE SECONDS   until the service's container has exited
#   forward_fake_x                 the compose network's gateway (host.containers.internal) to
#                                  fake-x on loopback ($fake_port) (forward_ports, stop_forward)
#
# SERVICE is a service's first container (PROJECT_SERVICE_1).

podman_compose_version=1.6.0

compose_setup() {
  podman_setup
  bash scripts/install-deps.sh golang-github-containernetworking-plugin-dnsname socat python3-venv
  local venv="$podman_state_dir/venv" stand_in name
  if [ ! -x "$venv/bin/podman-compose" ] || ! "$venv/bin/podman-compose" --version 2>/dev/null | grep -q "$podman_compose_version"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "podman-compose==$podman_compose_version"
  fi
  podman_compose="$venv/bin/podman-compose"
  for stand_in in postgres:15-bookworm redis:7-bookworm; do
    name="docker.io/library/$stand_in"
    image_exists "$name" && continue
    echo "$check_name: building $name, a STAND-IN from Debian's packages (containers/stand-ins/${stand_in%%:*})"
    podman build --format docker --pull=never --network host --layers -t "$name" "containers/stand-ins/${stand_in%%:*}" >/dev/null
  done
}

compose_check_begin() {
  compose_setup
  image_exists "$image" || { echo "$check_name: no image $image: run scripts/image.sh first" >&2; exit 1; }
  need_fake_x
  compose_remove_leftovers
  work="$(mktemp -d "/tmp/$project.XXXXXX")"
  trap compose_cleanup EXIT
}

# A run killed before its cleanup leaves the project's containers and volumes: a postgres volume
# initialised by it, a container holding the names. Remove them, and say so.
compose_remove_leftovers() {
  local containers volumes
  containers="$(podman ps -a -q --filter "label=io.podman.compose.project=$project")"
  volumes="$(podman volume ls -q --filter "label=io.podman.compose.project=$project")"
  [ -z "$containers$volumes" ] && return 0
  echo "$check_name: removing $(echo "$containers" | grep -c . || true) container(s) and $(echo "$volumes" | grep -c . || true) volume(s) an earlier run of $project left"
  [ -z "$containers" ] || echo "$containers" | xargs -r podman rm -f -t 0 --depend >/dev/null 2>&1 || true
  [ -z "$volumes" ] || echo "$volumes" | xargs -r podman volume rm -f >/dev/null 2>&1 || true
  [ -z "$(podman ps -a -q --filter "label=io.podman.compose.project=$project")$(podman volume ls -q --filter "label=io.podman.compose.project=$project")" ] \
    || { echo "$check_name: could not remove what an earlier run of $project left (podman ps -a, podman volume ls)" >&2; exit 1; }
}

compose_cleanup() {
  trap - EXIT
  set +e
  # (podman-compose 1.6's down removes the first of a scaled service's containers only.)
  podman ps -a -q --filter "label=io.podman.compose.project=$project" | xargs -r podman rm -f -t 0 >/dev/null 2>&1
  compose down -v >/dev/null 2>&1
  stop_forward
  stop_fake_x
  rm -rf "$work"
  return 0
}

# podman 4.3 runs no periodic health checks without systemd: run them until healthy (or $2 s).
healthy() {
  local container="${project}_$1_1" deadline=$(($(date +%s) + $2))
  while [ "$(date +%s)" -le "$deadline" ]; do
    podman healthcheck run "$container" >/dev/null 2>&1 && return 0
    sleep 1
  done
  echo "$check_name: $container after $2 s: $(podman inspect --format 'status {{.State.Status}}, exit code {{.State.ExitCode}}, restarts {{.RestartCount}}' "$container" 2>&1)" >&2
  podman logs --tail 5 "$container" 2>&1 | sed "s/^/  $1: /" >&2
  return 1
}

exit_code() { podman inspect --format '{{.State.ExitCode}}' "${project}_$1_1" 2>/dev/null; }

wait_stopped() {
  local deadline=$(($(date +%s) + $2))
  while [ "$(date +%s)" -le "$deadline" ]; do
    [ "$(podman inspect --format '{{.State.Status}}' "${project}_$1_1" 2>/dev/null)" = "exited" ] && return 0
    sleep 1
  done
  return 1
}

# fake-x listens on loopback: forward the compose network's gateway (host.containers.internal,
# there once a service is up) to it.
forward_fake_x() { forward_ports "${project}_default" "$fake_port"; }
