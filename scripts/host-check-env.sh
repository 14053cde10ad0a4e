# What the checks of `mirror-bot host` in containers share (source it; scripts/compose-host-check.sh
# and kube-check.sh do). Define `psql_in SQL` (the registry's database, -At output) first.
#
#   host_world SEED BOT...          fake-x's state: the demo's world, plus a bot account of its own
#                                   for each BOT (the demo's human, haru_demo, for all)
#   bot_env INDEX NAME X_URL        a bot's env file, as `mirror-bot setup` writes one
#   holders                         each bot and the host holding its lease ("-" when none)
#   until_spread SECONDS HOST...    until every bot is held, each by one of HOSTs, every HOST holding
#                                   one at least; sets spread_after (seconds)
#   host_name CONTAINER             a host's name in the registry, from its host_started line

host_world() {
  python3 - "$@" <<'PY'
import json, sys
seed = json.load(open("demo/seed.json"))
mirror = next(u for u in seed["users"] if u["username"] == "haru_mirror")
for index, name in enumerate(sys.argv[2:]):
    uid = str(1000 + index)
    seed["users"].append(dict(mirror, id=uid, username=f"mirror_{name}", name=f"Mirror {name}",
        consumer_key=f"{name}-consumer-key", consumer_secret=f"{name}-consumer-secret",
        access_token=f"{uid}-{name}-access-token", access_token_secret=f"{name}-access-token-secret"))
json.dump(seed, open(sys.argv[1], "w"))
PY
}

bot_env() {
  local uid=$((1000 + $1)) name="$2"
  grep -E '^HUMAN_' demo/credentials.env
  printf 'BOT_CONSUMER_KEY=%s-consumer-key\nBOT_CONSUMER_SECRET=%s-consumer-secret\n' "$name" "$name"
  printf 'BOT_ACCESS_TOKEN=%s-%s-access-token\nBOT_ACCESS_TOKEN_SECRET=%s-access-token-secret\n' "$uid" "$name" "$name"
  printf 'NETWORK=x\nTIME_ZONE=Asia/Tokyo\nDRY_RUN=true\nPOLL_INTERVAL_SECONDS=1800\nX_API_BASE_URL=%s\n' "$3"
}

holders() { psql_in "SELECT name, CASE WHEN lease_until > now() THEN leased_by ELSE '-' END FROM bots ORDER BY name" | tr '|' ' '; }

until_spread() {
  local deadline=$((SECONDS + $1)) begin=$SECONDS table
  shift
  while [ $SECONDS -le $deadline ]; do
    table="$(holders)"
    if [ -n "$table" ] && python3 - "$table" "$@" <<'PY'
import sys
rows = [line.split() for line in sys.argv[1].splitlines() if line.strip()]
hosts = set(sys.argv[2:])
held = [row[1] for row in rows if len(row) == 2]
sys.exit(0 if len(held) == len(rows) and set(held) <= hosts and len(set(held)) == min(len(hosts), len(rows)) else 1)
PY
    then
      spread_after=$((SECONDS - begin))
      return 0
    fi
    sleep 1
  done
  return 1
}

host_name() { sed -n 's/.* event=host_started host=\([^ ]*\).*/\1/p' <(podman logs "$1" 2>&1) | tail -n 1; }
