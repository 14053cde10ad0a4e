#!/usr/bin/env bash
# deploy/kubernetes/, checked without a cluster (build the image first with scripts/image.sh):
#
#   scripts/kube-check.sh            exits 1 when any check fails
#   scripts/kube-check.sh --schemas  only the first two parts (no podman, no image)
#
# 1. Against Kubernetes' own schemas, offline: every manifest validated with kubernetes-validate
#    (PyPI; it bundles the OpenAPI schemas of each Kubernetes release), strict (an unknown or
#    misspelt field is refused), for the oldest and newest releases below; and a misspelt copy must
#    be refused, so a validator that accepts anything cannot pass.
# 2. What the schemas cannot say: the Deployment runs 3 hosts with `mirror-bot host`, its selector
#    matches its pods, no HOST_NAME (each pod is named after itself) and no port; the probes run the
#    image's health check on a heartbeat file inside a writable volume, the root file system being
#    read-only; the Job runs `mirror-bot bot migrate` once; both read the Secret the example names,
#    in the Namespace's namespace, as the image's own non-root user (its uid, read from the image).
# 3. Run with podman 4.3's `podman kube play` (network mirror-bot-kube-check) against a private
#    PostgreSQL and Redis (scripts/services.sh) and fake-x, forwarded from the network's gateway:
#    the Job's pod migrates and exits 0; the Deployment makes three pods, each a host named after
#    its pod, running as uid 10001 with a read-only root, no capabilities and the Secret's
#    variables; each healthy by its liveness probe; three bots added through one pod with
#    `bot add NAME --env-file -` on standard input (as `kubectl exec -i` does) spread over the
#    three.
#
# What podman 4.3 cannot show, so neither can this: a Job's controller (kube play skips kind Job:
# its pod template is played as a Pod), a Secret object feeding envFrom (kube play stores it in a
# form its envFrom cannot read: the Secret is made with `podman secret create`, in the JSON
# podman reads), readiness and startup probes, resources, the rolling update, spreading over
# nodes, the namespace. A real cluster (kind, k3s) is not in Debian 12.
#
# Environment: IMAGE (default mirror-bot:latest), FAKE_X (a built fake-x).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
. scripts/podman-env.sh
. scripts/host-check-env.sh

image="${IMAGE:-mirror-bot:latest}"
check_name=kube-check
manifests=deploy/kubernetes
validator=kubernetes-validate==1.37.0
versions=(1.30.0 1.37.0)
network=mirror-bot-kube-check
bots=(alpha bravo charlie)
started_at=$SECONDS

# --- 1. the schemas
bash scripts/install-deps.sh python3-venv
venv="$podman_state_dir/kube-venv"
if ! "$venv/bin/pip" show kubernetes-validate 2>/dev/null | grep -q "^Version: ${validator#*==}$"; then
  mkdir -p "$podman_state_dir"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "$validator"
fi
for version in "${versions[@]}"; do
  if out="$("$venv/bin/kubernetes-validate" --strict --no-warn -k "$version" "$manifests"/*.yaml 2>&1)"; then
    ok "Kubernetes $version's schemas, strict: $(grep -c passed <<<"$out") resources valid ($(cd "$manifests" && echo *.yaml))"
  else
    bad "Kubernetes $version's schemas, strict: $(grep -v passed <<<"$out" | head -n 3)"
  fi
done
sed 's/runAsNonRoot/runAsNonroot/' "$manifests/host-deployment.yaml" >"$podman_state_dir/misspelt.yaml"
"$venv/bin/kubernetes-validate" --strict --quiet "$podman_state_dir/misspelt.yaml" >/dev/null 2>&1 \
  && bad "a misspelt field (runAsNonroot) passed the validator" || ok "a misspelt field (runAsNonroot) is refused by the validator"

# --- 2. what the schemas cannot say
uid=""
if [ "${1:-}" != "--schemas" ]; then
  podman_setup
  image_exists "$image" || fatal "no image $image: run scripts/image.sh first"
  uid="$(podman run --rm --no-healthcheck --network none "$image" id -u)"
fi
"$venv/bin/python" - "$manifests" "$uid" <<'PY' || failures=$((failures + 1))
import glob, sys, yaml
folder, image_uid = sys.argv[1], sys.argv[2]
docs = {}
for path in sorted(glob.glob(f"{folder}/*.yaml")):
    for doc in yaml.safe_load_all(open(path)):
        docs[doc["kind"]] = doc
problems = []
def need(condition, what):
    if not condition:
        problems.append(what)
namespace, secret = docs["Namespace"]["metadata"]["name"], docs["Secret"]["metadata"]["name"]
deployment, job = docs["Deployment"], docs["Job"]
for kind in ("Secret", "Job", "Deployment"):
    need(docs[kind]["metadata"].get("namespace") == namespace, f"{kind} is not in namespace {namespace}")
need(deployment["spec"]["replicas"] == 3, "the Deployment does not run 3 hosts")
pod = deployment["spec"]["template"]
need(all(pod["metadata"]["labels"].get(k) == v for k, v in deployment["spec"]["selector"]["matchLabels"].items()),
     "the Deployment's selector does not match its pods")
for owner, spec in (("Deployment", pod["spec"]), ("Job", job["spec"]["template"]["spec"])):
    (container,) = spec["containers"]
    context = container.get("securityContext", {})
    need(spec["securityContext"].get("runAsNonRoot") is True, f"{owner}: runAsNonRoot is not set")
    if image_uid:
        need(str(spec["securityContext"].get("runAsUser")) == image_uid, f"{owner}: runAsUser is not the image's uid {image_uid}")
    need(context.get("readOnlyRootFilesystem") is True and context.get("allowPrivilegeEscalation") is False
         and context.get("capabilities", {}).get("drop") == ["ALL"], f"{owner}: not read-only, unprivileged, without capabilities")
    need({"secretRef": {"name": secret}} in container.get("envFrom", []), f"{owner}: does not read Secret {secret}")
    need("HOST_NAME" not in {e["name"] for e in container.get("env", [])}, f"{owner}: sets HOST_NAME")
    need(not container.get("ports"), f"{owner}: publishes a port")
    need(container["resources"].get("requests") and container["resources"].get("limits", {}).get("memory"),
         f"{owner}: no resource requests or memory limit")
(host,) = pod["spec"]["containers"]
need(host["command"] == ["mirror-bot", "host"], "the Deployment does not run mirror-bot host")
need(job["spec"]["template"]["spec"]["containers"][0]["command"] == ["mirror-bot", "bot", "migrate"], "the Job does not run mirror-bot bot migrate")
need(job["spec"]["template"]["spec"]["restartPolicy"] == "Never", "the Job's pod restarts in place")
for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
    need(host.get(probe, {}).get("exec", {}).get("command") == ["mirror-bot-healthcheck"], f"the host's {probe} is not the image's health check")
heartbeat = next((e["value"] for e in host.get("env", []) if e["name"] == "HEARTBEAT_FILE"), "")
volumes = {v["name"]: v for v in pod["spec"].get("volumes", [])}
need(any(heartbeat.startswith(m["mountPath"].rstrip("/") + "/") and "emptyDir" in volumes.get(m["name"], {})
         for m in host.get("volumeMounts", [])), "HEARTBEAT_FILE is not in a writable emptyDir volume")
for problem in problems:
    print(f"kube-check: FAIL {problem}")
if not problems:
    print("kube-check: ok   the manifests agree with each other and the image: 3 hosts, selector, no HOST_NAME and no port, "
          f"probes on the heartbeat in an emptyDir, read-only, non-root{' as uid ' + image_uid if image_uid else ''}, Secret {secret}")
sys.exit(1 if problems else 0)
PY
if [ "${1:-}" = "--schemas" ]; then finish_checks; exit 0; fi

# --- 3. podman kube play
bash scripts/install-deps.sh catatonit socat
need_fake_x
. scripts/services.sh
work="$(mktemp -d /tmp/mirror-bot-kube-check.XXXXXX)"
cleanup() {
  trap - EXIT
  set +e
  for file in "$work"/play-*.yaml; do [ -f "$file" ] && podman kube down "$file" >/dev/null 2>&1; done
  podman secret rm mirror-bot-host >/dev/null 2>&1
  podman rm -f -t 0 "$network-holder" >/dev/null 2>&1
  stop_forward
  stop_fake_x
  stop_services
  podman network rm -f "$network" >/dev/null 2>&1
  rm -rf "$work"
  return 0
}
trap cleanup EXIT
start_services >/dev/null
host_world "$work/seed.json" "${bots[@]}"
start_fake_x "$work/fake-x.log" "$work/seed.json"
podman network exists "$network" || podman network create "$network" >/dev/null
# The network's bridge, and so its gateway address, exists while a container is attached to it.
podman run -d --rm --no-healthcheck --network "$network" --name "$network-holder" "$image" sleep 900 >/dev/null
pg_port="${TEST_DATABASE_URL##*:}" && pg_port="${pg_port%%/*}"
forward_ports "$network" "$pg_port" "$TEST_REDIS_PORT" "$fake_port"
inside() { sed 's/@127\.0\.0\.1:/@host.containers.internal:/' <<<"$1"; }
psql_in() { psql "$TEST_DATABASE_URL" -Atc "$1" 2>/dev/null; }

# The Secret, as podman 4.3's envFrom reads one: JSON, each value base64.
DATABASE_URL="$(inside "$TEST_DATABASE_URL")" REDIS_URL="$(inside "$TEST_REDIS_URL")" HOST_SECRET_KEY="$(openssl rand -base64 32)" \
  python3 -c 'import base64, json, os; print(json.dumps({k: base64.b64encode(os.environ[k].encode()).decode() for k in ("DATABASE_URL", "REDIS_URL", "HOST_SECRET_KEY")}))' \
  | podman secret create mirror-bot-host - >/dev/null
# The manifests as they are, but for the image's name; the Job's pod template as a Pod.
"$venv/bin/python" - "$manifests" "$work" "$image" <<'PY'
import sys, yaml
folder, work, image = sys.argv[1:]
def with_image(doc):
    for container in doc["spec"]["containers"]:
        container["image"] = image
    return doc
job = yaml.safe_load(open(f"{folder}/migrate-job.yaml"))
pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": job["metadata"]["name"], "labels": job["spec"]["template"]["metadata"]["labels"]},
       "spec": job["spec"]["template"]["spec"]}
yaml.safe_dump(with_image(pod), open(f"{work}/play-migrate.yaml", "w"))
deployment = yaml.safe_load(open(f"{folder}/host-deployment.yaml"))
with_image(deployment["spec"]["template"])
yaml.safe_dump(deployment, open(f"{work}/play-hosts.yaml", "w"))
PY

podman kube play --replace --network "$network" "$work/play-migrate.yaml" >"$work/play.log" 2>&1 || fatal "kube play of the Job's pod: $(tail -n 3 "$work/play.log")"
migrate=mirror-bot-migrate-migrate
for _ in $(seq 1 60); do [ "$(podman inspect --format '{{.State.Status}}' "$migrate" 2>/dev/null)" = exited ] && break; sleep 1; done
[ "$(podman inspect --format '{{.State.ExitCode}}' "$migrate")" = 0 ] && [ "$(psql_in "SELECT to_regclass('bots') IS NOT NULL")" = t ] \
  && ok "the Job's pod (mirror-bot bot migrate) exited 0: the registry's tables exist" \
  || fatal "the Job's pod: exit $(podman inspect --format '{{.State.ExitCode}}' "$migrate"): $(podman logs "$migrate" 2>&1 | tail -n 3)"

podman kube play --replace --network "$network" "$work/play-hosts.yaml" >>"$work/play.log" 2>&1 || fatal "kube play of the Deployment: $(tail -n 3 "$work/play.log")"
containers=() names=()
for index in 0 1 2; do
  container="mirror-bot-host-pod-$index-host"
  for _ in $(seq 1 30); do name="$(host_name "$container")"; [ -n "$name" ] && break; sleep 1; done
  [ -n "$name" ] || fatal "$container logged no host_started: $(podman logs "$container" 2>&1 | tail -n 3)"
  containers+=("$container") names+=("$name")
done
[ "$(printf '%s\n' "${names[@]}" | sort -u | wc -l)" = 3 ] && ok "the Deployment: three pods, three hosts named after their pods: ${names[*]}" \
  || bad "the hosts are not named apart: ${names[*]}"
wrong=""
for container in "${containers[@]}"; do
  facts="$(podman inspect --format '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}} {{len .EffectiveCaps}}' "$container")"
  [ "$facts" = "10001:10001 true 0" ] || wrong="$wrong $container (user, read-only root, capabilities: $facts)"
  podman exec "$container" sh -c 'test -n "$HOST_SECRET_KEY" && test -z "${HOST_NAME:-}" && ! touch /probe 2>/dev/null' \
    || wrong="$wrong $container (the Secret's variables missing, HOST_NAME set, or the root writable)"
done
[ -z "$wrong" ] && ok "each host runs as 10001:10001, root file system read-only, no capabilities, with the Secret's variables and no HOST_NAME" \
  || bad "not as the manifest says:$wrong"
unhealthy=""
for container in "${containers[@]}"; do
  healthy_now=0
  for _ in $(seq 1 30); do podman healthcheck run "$container" >/dev/null 2>&1 && { healthy_now=1; break; }; sleep 1; done
  [ "$healthy_now" = 1 ] || unhealthy="$unhealthy $container"
done
[ -z "$unhealthy" ] && ok "each host healthy by its liveness probe (mirror-bot-healthcheck: the heartbeat in /tmp, an emptyDir)" \
  || bad "never healthy by the liveness probe (mirror-bot-healthcheck):$unhealthy"

added=0
for index in "${!bots[@]}"; do
  bot_env "$index" "${bots[$index]}" "http://host.containers.internal:$fake_port" >"$work/${bots[$index]}.env"
  podman exec -i "${containers[0]}" mirror-bot bot add "${bots[$index]}" --env-file - <"$work/${bots[$index]}.env" >"$work/add.log" 2>&1 \
    && added=$((added + 1)) || bad "bot add ${bots[$index]} through ${containers[0]}: $(tail -n 2 "$work/add.log")"
done
[ "$added" = "${#bots[@]}" ] && ok "three bots added through one pod: exec -i POD mirror-bot bot add NAME --env-file - < NAME.env"
if until_spread 90 "${names[@]}"; then
  ok "the three bots spread over the three pods, one each, ${spread_after} s after they were added"
else
  bad "the bots did not spread over the three pods in 90 s: $(holders | tr '\n' ';')"
fi
podman exec "${containers[0]}" mirror-bot bot list | sed 's/^/    /'

echo "$check_name: took $((SECONDS - started_at)) s"
finish_checks
