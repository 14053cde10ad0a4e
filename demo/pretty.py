#!/usr/bin/env python3
"""Turns mirror-bot's log lines (and fake-x's, fake-bluesky's or fake-misskey's) into readable demo lines.

    tail -F daemon.log fake-x.log | python3 demo/pretty.py --seed demo/seed.json \
        --scale 720 --zone Asia/Tokyo --start <unix seconds the bot clock started>
    tail -F daemon.log fake-bluesky.log | python3 demo/pretty.py --seed demo/bluesky/seed.json ...

mirror-bot logs one event a line: `<UTC time> level=info event=posted key=value ...`.
This shows the events that tell the story (posted, replied, reply_silent, liked,
not_liked, would_like, slot_skipped, ...) with their reasons, stamped with the
bot's accelerated clock, the fake's scheduled activity as "on X" or "on Bluesky"
lines, and on Bluesky the sessions (app-password logins, refreshed tokens).
The seed (fake-x's users and tweets, or fake-bluesky's accounts and posts) names
the posts the log lines give by id (X) or at:// URI (Bluesky).
"""
import argparse
import json
import re
import shlex
import sys
import time
from datetime import datetime, timezone

try:
    from zoneinfo import ZoneInfo
except ImportError:  # pragma: no cover
    ZoneInfo = None

SHOWN = {"started", "posted", "would_post", "replied", "would_reply", "reply_silent", "reply_skipped", "liked",
         "not_liked", "would_like", "like_skipped", "likes_unavailable", "slot_skipped", "learned_posts",
         "learned_likes", "learned_timeline", "round_failed", "waiting_for", "stopped",
         "status_listening", "bluesky_login", "bluesky_session_refreshed", "bluesky_session_adopted",
         "bluesky_refresh_refused", "bluesky_login_refused"}
FAKES = {"fake-x": "on X  ", "fake-bluesky": "on Bluesky", "fake-misskey": "on Misskey"}

COLOR = sys.stdout.isatty()


def paint(code, text):
    return f"\033[{code}m{text}\033[0m" if COLOR else text


def fields_of(line):
    """key=value pairs of a log line (values may be quoted with escapes)."""
    fields = {}
    try:
        parts = shlex.split(line, posix=True)
    except ValueError:
        parts = line.split()
    for part in parts:
        if "=" in part:
            key, _, value = part.partition("=")
            fields[key] = value
    return fields


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", required=True)
    parser.add_argument("--scale", type=float, default=1)
    parser.add_argument("--zone", default="UTC")
    parser.add_argument("--start", type=float, default=time.time())
    parser.add_argument("--clock-start", type=float, help="where the bot's clock started (unix seconds); default --start")
    parser.add_argument("--summary", help="write event counts here (JSON) at the end")
    args = parser.parse_args()

    with open(args.seed, encoding="utf-8") as f:
        seed = json.load(f)
    if "accounts" in seed:  # fake-bluesky's world: posts are named by at:// URIs
        users = {a["did"]: a["handle"] for a in seed["accounts"]}
        texts = {f"at://{p['did']}/app.bsky.feed.post/{p['rkey']}": (users.get(p["did"], p["did"]), p["text"])
                 for p in seed.get("posts", []) if "rkey" in p}
    elif "notes" in seed:  # fake-misskey's world: notes by aidx ids
        users = {u["id"]: u["username"] for u in seed["users"]}
        texts = {n["id"]: (users.get(n["user_id"], n["user_id"]), n.get("text") or "") for n in seed.get("notes", [])}
    else:
        users = {u["id"]: u["username"] for u in seed["users"]}
        texts = {t["id"]: (users.get(t["author_id"], t["author_id"]), t["text"]) for t in seed.get("tweets", [])}
    zone = ZoneInfo(args.zone) if ZoneInfo else timezone.utc
    counts = {}

    def bot_clock():
        origin = args.clock_start if args.clock_start is not None else args.start
        now = origin + (time.time() - args.start) * args.scale
        return datetime.fromtimestamp(now, zone).strftime("%a %H:%M")

    def say(icon, text, why=None):
        line = f"{paint('2', '[' + bot_clock() + ']')} {icon} {text}"
        if why:
            line += paint("2", f"  — {why}")
        print(line, flush=True)

    def quoted(post_id):
        if post_id in texts:
            author, text = texts[post_id]
            return f"@{author}: “{text}”"
        return f"post {post_id}"

    for raw in sys.stdin:
        line = raw.rstrip("\n")
        fake, _, rest = line.partition(" scheduled ")
        if fake in FAKES and rest:
            kind, _, rest = rest.partition(" ")
            f = fields_of(rest)
            if kind == "post":
                texts[f.get("id", f.get("uri", ""))] = (f.get("author", "?").lstrip("@"), f.get("text", ""))
                say(paint("36", FAKES[fake]), f"{f.get('author')}: “{f.get('text')}”")
            elif kind == "like":
                say(paint("36", FAKES[fake]), f"{f.get('by')} liked {quoted(f.get('subject'))}", "the learning loop will learn it")
            continue
        match = re.search(r"event=(\S+)", line)
        if not match:
            continue
        event = match.group(1)
        if event not in SHOWN:
            continue
        counts[event] = counts.get(event, 0) + 1
        f = fields_of(line)
        if event == "started":
            network = {"bluesky": " on Bluesky", "mastodon": " on Mastodon", "misskey": " on Misskey"}.get(f.get("network", "x"), "")
            say(paint("1", "START "), f"bot {f.get('bot')} imitating {f.get('human')}{network} in {f.get('time_zone')}, "
                f"polling every {f.get('poll_s')} s of bot time, learning every {f.get('learn_s')} s, clock {f.get('time_scale')}")
        elif event == "posted":
            pictures = int(f.get("pictures") or 0)
            carried = "" if pictures == 0 else f" with {pictures} picture{'s' if pictures > 1 else ''} and their alt texts"
            say(paint("1;32", "POSTED"), f"“{f.get('text')}”{carried}", f.get('reason'))
        elif event == "would_post":
            say(paint("32", "WOULD POST"), f"“{f.get('text')}”", "dry run")
        elif event == "replied":
            say(paint("1;32", "REPLIED"), f"to {quoted(f.get('mention'))} with “{f.get('text')}”", f.get("reason"))
        elif event == "would_reply":
            say(paint("32", "WOULD REPLY"), f"to {quoted(f.get('mention'))} with “{f.get('text')}”", "dry run")
        elif event == "reply_silent":
            say(paint("33", "SILENT"), f"to {quoted(f.get('mention'))}", f.get("reason"))
        elif event == "reply_skipped":
            say(paint("33", "NO REPLY"), f"to {quoted(f.get('mention'))}", f.get("reason"))
        elif event == "liked":
            say(paint("1;35", "LIKED "), quoted(f.get("post")),
                f"{f.get('reason')}: favorite/normal = {f.get('ratio')} (features: {f.get('features')})")
        elif event == "would_like":
            say(paint("35", "WOULD LIKE"), quoted(f.get("post")),
                f"{f.get('reason')}: favorite/normal = {f.get('ratio')} (features: {f.get('features')})")
        elif event == "not_liked":
            say(paint("2", "pass  "), quoted(f.get("post")), f"favorite/normal = {f.get('ratio')}, {f.get('reason')}")
        elif event == "like_skipped":
            say(paint("33", "NO LIKE"), quoted(f.get("post")), f.get("reason"))
        elif event == "likes_unavailable":
            say(paint("1;33", "NOTE  "), f.get("message", "likes unavailable"))
        elif event == "slot_skipped":
            say(paint("2", "skip  "), f"slot {f.get('slot')}", f.get("reason"))
        elif event.startswith("learned_"):
            what = ", ".join(f"{k}={v}" for k, v in f.items() if k in ("stored", "favorite", "normal", "retweets_skipped"))
            say(paint("34", "LEARNED"), f"{event[len('learned_'):]}: {what}", "the learning loop")
        elif event in ("round_failed", "waiting_for"):
            say(paint("31", "retry "), f"{f.get('loop', f.get('what', ''))}: {f.get('error')}", f"retry in {f.get('retry_in_s')} s")
        elif event == "stopped":
            say(paint("1", "STOP  "), "the daemon stopped cleanly")
        elif event == "bluesky_login":
            say(paint("1;36", "LOGIN "), f"@{f.get('handle')} logged in with its app password",
                f"{f.get('logins_24h')} login(s) in 24 h; the session is kept in PostgreSQL for every later command")
        elif event == "bluesky_session_refreshed":
            say(paint("36", "SESSION"), f"@{f.get('handle')}'s access token expired: refreshed with its refresh token",
                "no new login")
        elif event == "bluesky_session_adopted":
            say(paint("36", "SESSION"), f"@{f.get('handle')} took the session another process renewed", "no new login")
        elif event in ("bluesky_refresh_refused", "bluesky_login_refused"):
            say(paint("1;33", "SESSION"), f.get("detail", ""), f.get("action"))
        elif event == "status_listening":
            say(paint("1;36", "STATUS"), f"the status page is at {f.get('url')}", "also /healthz and /metrics")
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as out:
            json.dump(counts, out)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
