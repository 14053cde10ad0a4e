# The world of scripts/host-scale.sh and scripts/hosts-handover.sh: N Misskey bots, each with its own
# human on one fake-misskey (scripts/host-scale-world.py), registered with `mirror-bot bot add`.
# Source it after scripts/services.sh and `start_services`, with `work` set to a directory of its own:
#
#   host_world_bots N     writes the world to $work, exports DATABASE_URL, REDIS_URL, HOST_SECRET_KEY and
#                         MISSKEY_BASE_URL (a spare port), and adds the N bots scale0..scale(N-1), ADD_JOBS
#                         at a time (default 2); prints how long that took, after $HOST_WORLD_LABEL
#   host_world_fake [FLAG...]  starts the fake on that port ($work/fake.log) with FLAGs (--scheduled-on-usr1: its
#                         mentions counted from a SIGUSR1 rather than its start), sets fake_pid, waits until it listens
#
# `bin` must name the directory of the mirror-bot and fake-misskey binaries.

host_world_bots() {
  local count="$1" started=$SECONDS i
  python3 scripts/host-scale-world.py "$count" "$work"
  host_world_port="$(spare_port)"
  export DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL" HOST_SECRET_KEY="$(openssl rand -base64 32)"
  export MISSKEY_BASE_URL="http://127.0.0.1:$host_world_port"
  for i in $(seq 0 $((count - 1))); do echo "MISSKEY_BASE_URL=$MISSKEY_BASE_URL" >>"$work/bot-$i.env"; done
  # The registry migrated once, then the bots added ADD_JOBS at a time (each `bot add` migrates its schema).
  "$bin/mirror-bot" bot add scale0 --env-file "$work/bot-0.env" >/dev/null
  seq 1 $((count - 1)) | xargs -r -P "${ADD_JOBS:-2}" -I{} "$bin/mirror-bot" bot add "scale{}" --env-file "$work/bot-{}.env" >/dev/null
  echo "${HOST_WORLD_LABEL:-host-world}: $count bots added in $((SECONDS - started)) s"
}

# The fake starts after the bots are added, so its mentions (MENTIONS seconds after it starts) come
# once the bots run. (A world of thousands of humans takes the fake a minute or more to load.)
host_world_fake() {
  "$bin/fake-misskey" --port "$host_world_port" --state "$work/seed.json" "$@" >"$work/fake.log" 2>&1 &
  fake_pid=$!
  for _ in $(seq 3000); do grep -q "listening port=" "$work/fake.log" && return 0; sleep 0.1; done
  echo "${HOST_WORLD_LABEL:-host-world}: the fake did not start listening" >&2
  return 1
}
