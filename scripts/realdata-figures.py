#!/usr/bin/env python3
"""Counts the real exports in ../shared/realdata by the project's own rules, independently of the Swift importers.

    python3 scripts/realdata-figures.py [REALDATA]     # default: ../shared/realdata beside the repository

For each file: entries, retweets/boosts, and how the posts divide into what the bot stores
(originals and replies) and what it skips, by reason. The rules (docs/IMPORTING.md):
- a reply is a post addressed to someone: X `in_reply_to_user_id` set, Mastodon `inReplyTo`
  set, Bluesky a `reply` in the record;
- X: a retweet is a text starting "RT @" (after HTML entities), never stored; each original's
  `extended_entities.media` item is found when `<post id>-<name>` is in `data/tweets_media/` or
  `data/tweet_media/` (the name: the last path segment of its URL or of an mp4 variant), else missing;
- Mastodon: only notes addressed to the public collection (public or unlisted) are stored (warned
  ones with their warning); a note whose HTML holds no text is kept when it has attachments (media
  alone, issue 40) and skipped as empty otherwise; each public note's attachment is found when its
  `url` names a file under the export folder, else missing;
- Bluesky: a post's media are the images of its `app.bsky.embed.images` embed (or of a
  `recordWithMedia`'s media) and the video of `app.bsky.embed.video`, counted with those having
  alt text; a post with no text (after trimming) is kept when it has media, else skipped as empty.
"""
import html
import json
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "realdata")
PUBLIC = {"https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"}


def x_archive(folder):
    text = open(os.path.join(folder, "data", "tweets.js" if os.path.exists(os.path.join(folder, "data", "tweets.js")) else "tweet.js"), encoding="utf-8").read()
    entries = json.loads(text[text.index("=") + 1:])
    c = {"entries": len(entries), "retweets": 0, "originals": 0, "replies": 0, "empty": 0, "media found": 0, "media missing": 0}
    for entry in entries:
        tweet = entry.get("tweet", entry)
        body = html.unescape(tweet.get("full_text", tweet.get("text", "")))
        if body.startswith("RT @"):
            c["retweets"] += 1
        elif not body.strip():
            c["empty"] += 1
        elif tweet.get("in_reply_to_user_id_str") or tweet.get("in_reply_to_user_id"):
            c["replies"] += 1
        else:
            c["originals"] += 1
            for media in tweet.get("extended_entities", {}).get("media", []):
                c["media found" if x_media_file(folder, tweet, media) else "media missing"] += 1
    return c


def x_media_file(folder, tweet, media):
    """The archive's file of one media item: `<post id>-<name>` in data/tweets_media or data/tweet_media,
    the name being the last path segment of the photo's URL or of one of a video's (or GIF's) mp4 variants
    (a video's thumbnail is not the video)."""
    photo = media.get("type") == "photo"
    urls = [media.get("media_url_https") or media.get("media_url") or ""] if photo else []
    urls += [v.get("url", "") for v in media.get("video_info", {}).get("variants", []) if v.get("content_type") == "video/mp4"]
    tweet_id = tweet.get("id_str", tweet.get("id"))
    for url in urls:
        name = url.split("?")[0].rstrip("/").split("/")[-1]
        for sub in ("tweets_media", "tweet_media"):
            if name and os.path.isfile(os.path.join(folder, "data", sub, tweet_id + "-" + name)):
                return True
    return False


def plain(note_html):
    return html.unescape(re.sub(r"<[^>]*>", "", note_html or "")).strip()


def mastodon(folder):
    outbox = json.load(open(os.path.join(folder, "outbox.json"), encoding="utf-8"))  # Python keeps the last of a repeated key
    c = {"items": len(outbox["orderedItems"]), "boosts": 0, "notes": 0, "originals": 0, "replies": 0,
         "followers-only or direct": 0, "content-warned": 0, "empty": 0, "other": 0,
         "warned originals": 0, "warned replies": 0, "warned empty": 0, "warned and sensitive": 0,
         "media found": 0, "media missing": 0}
    for item in outbox["orderedItems"]:
        if item["type"] == "Announce":
            c["boosts"] += 1
            continue
        if item["type"] != "Create":
            c["other"] += 1
            continue
        note = item["object"]
        c["notes"] += 1
        to = note.get("to") or []
        cc = note.get("cc") or []
        addressed = set(to if isinstance(to, list) else [to]) | set(cc if isinstance(cc, list) else [cc])
        attachments = note.get("attachment") or []
        if isinstance(attachments, dict):
            attachments = [attachments]
        if addressed & PUBLIC:
            for attachment in attachments:
                url = attachment.get("url", "") if isinstance(attachment, dict) else str(attachment)
                path = os.path.join(folder, url.lstrip("/"))
                found = url and ".." not in url.split("/") and os.path.isfile(path)
                c["media found" if found else "media missing"] += 1
        if not addressed & PUBLIC:
            c["followers-only or direct"] += 1
        elif note.get("summary"):
            # Carried with their warning since issue 40: counted by kind as well.
            c["content-warned"] += 1
            kind = "warned empty" if not plain(note.get("content")) else "warned replies" if note.get("inReplyTo") else "warned originals"
            c[kind] += 1
            if note.get("sensitive") is True:
                c["warned and sensitive"] += 1
        elif not plain(note.get("content")) and not attachments:
            c["empty"] += 1
        elif note.get("inReplyTo"):
            c["replies"] += 1
        else:
            c["originals"] += 1
    return c


def varint(data, i):
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def cbor(data, i):
    """One DAG-CBOR item at i: (value, next index). Links (tag 42) come back as bytes."""
    head = data[i]
    major, info = head >> 5, head & 0x1F
    i += 1
    if info < 24:
        arg = info
    else:
        size = {24: 1, 25: 2, 26: 4, 27: 8}[info]
        arg = int.from_bytes(data[i:i + size], "big")
        i += size
    if major == 0:
        return arg, i
    if major == 1:
        return -1 - arg, i
    if major in (2, 3):
        raw = data[i:i + arg]
        return (raw if major == 2 else raw.decode("utf-8")), i + arg
    if major == 4:
        out = []
        for _ in range(arg):
            value, i = cbor(data, i)
            out.append(value)
        return out, i
    if major == 5:
        out = {}
        for _ in range(arg):
            key, i = cbor(data, i)
            out[key], i = cbor(data, i)
        return out, i
    if major == 6:
        return cbor(data, i)
    return {20: False, 21: True, 22: None}.get(info), i


def bluesky(path):
    """Every block that decodes as a post record, like or repost (the three test repositories hold no leftover records of these types)."""
    data = open(path, "rb").read()
    length, i = varint(data, 0)
    i += length
    c = {"posts": 0, "originals": 0, "replies": 0, "empty": 0, "reposts": 0, "likes": 0,
         "with_media": 0, "images": 0, "images_with_alt": 0, "videos": 0}
    seen = set()
    while i < len(data):
        length, i = varint(data, i)
        end = i + length
        start = i
        version, i = varint(data, i)
        _, i = varint(data, i)
        if version == 1:
            _, i = varint(data, i)
            digest, i = varint(data, i)
            i += digest
        cid = data[start:i]
        block = data[i:end]
        i = end
        if cid in seen:
            continue
        seen.add(cid)
        try:
            record, _ = cbor(block, 0)
        except Exception:
            continue
        if not isinstance(record, dict):
            continue
        kind = record.get("$type")
        if kind == "app.bsky.feed.post":
            c["posts"] += 1
            embed = record.get("embed") if isinstance(record.get("embed"), dict) else {}
            if embed.get("$type") == "app.bsky.embed.recordWithMedia":
                embed = embed.get("media") if isinstance(embed.get("media"), dict) else {}
            images = embed.get("images") if embed.get("$type") == "app.bsky.embed.images" else []
            images = [image for image in images or [] if isinstance(image, dict) and isinstance(image.get("image"), dict)]
            video = embed.get("$type") == "app.bsky.embed.video" and isinstance(embed.get("video"), dict)
            c["images"] += len(images)
            c["images_with_alt"] += sum(1 for image in images if str(image.get("alt") or ""))
            c["videos"] += 1 if video else 0
            c["with_media"] += 1 if images or video else 0
            if not str(record.get("text", "")).strip() and not images and not video:
                c["empty"] += 1
            elif record.get("reply"):
                c["replies"] += 1
            else:
                c["originals"] += 1
        elif kind == "app.bsky.feed.repost":
            c["reposts"] += 1
        elif kind == "app.bsky.feed.like":
            c["likes"] += 1
    return c


for name, count in [("x/TweetArchive", x_archive), ("x/andreruffert-twitter", x_archive),
                    ("mastodon/Mastodon-archive", mastodon), ("mastodon/goija-mastodon", mastodon),
                    ("bluesky/bnewbold.car", bluesky), ("bluesky/paul_staging.repo.car", bluesky),
                    ("bluesky/valid_repo.car", bluesky)]:
    path = os.path.join(ROOT, name)
    if os.path.exists(path):
        print(name, json.dumps(count(path)))
    else:
        print(name, "absent")
