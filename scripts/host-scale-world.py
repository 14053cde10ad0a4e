#!/usr/bin/env python3
"""A fake-misskey world of N humans and their N bots for scripts/host-scale.sh: each human has
the notes, replies and likes (reactions) of the demo's Haru (demo/misskey/seed.json) at the same times under ids of their own,
each human and each bot is followed by nobody and follows Haru's friends but natsu_k, and the friend natsu_k
mentions every bot at each of MENTIONS (seconds after the fake starts; default "30 90"; with MENTIONS_SPREAD=S, bot i's
mention comes i*S/N seconds later, so the N mentions come over S seconds rather than at once), and 5 s
after each of MENTIONS a friend posts again a note Haru liked, for the bots to like. Each bot polls every
POLL_INTERVAL_SECONDS (default 10, of the bot's clock; POLL_PACE=steady, whatever the hour) and
answers at the poll (REPLY_PACE=immediate).

    host-scale-world.py N OUT_DIR     writes OUT_DIR/seed.json and OUT_DIR/bot-<i>.env (without MISSKEY_BASE_URL)
"""
import json
import os
import sys

BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def base36(value, width):
    digits = ""
    while value:
        value, digit = divmod(value, 36)
        digits = BASE36[digit] + digits
    return digits.rjust(width, "0")[-width:]


def token(kind, index):
    return f"{kind}{index:06d}".ljust(32, "x")


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    mentions = [int(after) for after in os.environ.get("MENTIONS", "30 90").split()]
    spread = int(os.environ.get("MENTIONS_SPREAD", "0"))
    poll = os.environ.get("POLL_INTERVAL_SECONDS", "10")
    root = os.path.join(os.path.dirname(__file__), "..")
    demo = json.load(open(os.path.join(root, "demo", "misskey", "seed.json")))
    haru = demo["users"][0]["id"]
    by_id = {n["id"]: n for n in demo["notes"]}
    friends = [u for u in demo["users"] if not u.get("is_bot") and u["id"] != haru]
    friend = next(u for u in friends if u["username"] == "natsu_k")
    users = [dict(u, follows=[]) for u in friends]
    notes = [dict(n) for n in demo["notes"] if n["user_id"] != haru]
    scheduled = []
    reactions = []
    for index in range(count):
        # Human and bot follow every friend but natsu_k, whose mentions of every bot would otherwise fill
        # every home timeline: N mentions read by N humans' learning rounds and judged by N bots' likes.
        following = [f["id"] for f in friends if f is not friend]
        human = {"id": "a2gp3400" + base36(index, 4) + "hmn0", "username": f"human{index}", "name": f"Human {index}",
                 "token": token("h", index), "follows": following}
        bot = {"id": "a2gp3400" + base36(index, 4) + "bot0", "username": f"mirror{index}", "name": f"Mirror {index}",
               "token": token("b", index), "is_bot": True, "follows": following}
        users += [human, bot]
        for note in demo["notes"]:
            if note["user_id"] != haru:
                continue
            mine = {"id": note["id"][:8] + base36(index, 4) + note["id"][12:], "user_id": human["id"], "text": note["text"]}
            # A reply answers the friend's note, which every human shares; one to Haru's own note, that human's copy.
            target = note.get("reply_id")
            if target:
                mine["reply_id"] = target[:8] + base36(index, 4) + target[12:] if by_id[target]["user_id"] == haru else target
            notes.append(mine)
        # Haru's likes, the human's own: the friends' notes every human shares, or that human's copy of Haru's.
        for reaction in demo["reactions"]:
            if reaction["user_id"] != haru:
                continue
            target = reaction["note_id"]
            if by_id[target]["user_id"] == haru:
                target = target[:8] + base36(index, 4) + target[12:]
            reactions.append({"id": reaction["id"][:8] + base36(index, 4) + reaction["id"][12:], "user_id": human["id"],
                              "note_id": target, "reaction": reaction["reaction"]})
        for after in mentions:
            scheduled.append({"after_seconds": after + spread * index // count, "user_id": friend["id"],
                              "text": f"@mirror{index} 元気？ ({after})"})
        with open(os.path.join(out, f"bot-{index}.env"), "w") as env:
            env.write("NETWORK=misskey\nTIME_ZONE=Asia/Tokyo\nREPLY_PACE=immediate\nPOLL_PACE=steady\n"
                      f"POLL_INTERVAL_SECONDS={poll}\n"
                      f"HUMAN_MISSKEY_TOKEN={human['token']}\nBOT_MISSKEY_TOKEN={bot['token']}\n")
    # A few seconds after each mention, a friend the bots follow posts again a note of theirs Haru liked: a new
    # post in every bot's home timeline, liked by the bots that learned their human's likes.
    liked = next(by_id[r["note_id"]] for r in demo["reactions"]
                 if r["user_id"] == haru and by_id[r["note_id"]]["user_id"] not in (haru, friend["id"]))
    for after in mentions:
        scheduled.append({"after_seconds": after + 5, "user_id": liked["user_id"], "text": liked["text"]})
    notes.sort(key=lambda n: n["id"])
    json.dump({"users": users, "notes": notes, "reactions": reactions, "scheduled": scheduled},
              open(os.path.join(out, "seed.json"), "w"), ensure_ascii=False)


if __name__ == "__main__":
    main()
