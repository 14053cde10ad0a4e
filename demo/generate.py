#!/usr/bin/env python3
"""Generates the demo's made-up world (run it again to regenerate; the output is committed).

Haru (@haru_demo) is a made-up person in Tokyo who posts about mornings, lunch,
work and evenings, replies to two friends (@natsu_k, @aki_m), likes ramen and cat
posts, and scrolls past work and train news. @haru_mirror is the bot.

Writes, next to this file:
  seed.json         the fake X world for `fake-x --state` (users with credentials,
                    follows, 35 days of Haru's posts, likes, relaxed rate limits, and
                    `scheduled` posts that appear while the demo runs)
  posts.jsonl       the same posts of Haru's, for `mirror-bot import --jsonl`
  classifier.jsonl  likes (favorite) and home timeline (normal), for
                    `mirror-bot train classifier --jsonl`
  credentials.env   the fake accounts' OAuth credentials (fake-x checks every signature)
  bluesky/          the same people, posts and likes on a fake Bluesky (`DEMO_NETWORK=bluesky`):
                    seed.json for `fake-bluesky --state` (accounts with DIDs, handles and app
                    passwords, follows both ways, posts with record keys, replies to the
                    friends' posts, likes, scheduled activity), posts.jsonl and classifier.jsonl
                    with at:// ids, DIDs and handles, and credentials.env (app passwords)
  misskey/          the same people, notes and reactions on a fake Misskey (`DEMO_NETWORK=misskey`):
                    seed.json for `fake-misskey --state` (users with aidx ids and tokens, the bot
                    flagged isBot, follows, notes with replies to the friends' notes, pictures
                    with alt texts on the notes that name something seen, reactions,
                    scheduled activity), posts.jsonl and classifier.jsonl with those ids, and
                    credentials.env (tokens)

Deterministic: the same script writes the same files.
"""
import base64
import hashlib
import json
import os
import random
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261130)
JST = timezone(timedelta(hours=9))
TWITTER_EPOCH_MS = 1288834974657
# The history ends here (fixed, so the output does not change from run to run).
LAST_DAY = datetime(2026, 11, 29, tzinfo=JST)
DAYS = 35

USERS = [
    # id, username, name, follows
    ("1", "haru_demo", "Haru (made up)", ["3", "4", "6", "7", "8", "9", "13"]),
    ("2", "haru_mirror", "Haru's mirror", ["3", "4", "10", "11", "12"]),
    ("3", "natsu_k", "Natsu", []),
    ("4", "aki_m", "Aki", []),
    ("5", "fuyu_s", "Fuyu", []),
    ("6", "ramen_log", "Ramen log", []),
    ("7", "neko_daily", "Neko daily", []),
    ("8", "tech_news", "Tech news", []),
    ("9", "train_info", "Train info", []),
    ("10", "ramen_walker", "Ramen walker", []),
    ("11", "neko_cafe_jp", "Neko cafe", []),
    ("12", "office_now", "Office now", []),
    ("13", "work_memo", "Work memo", []),
]
WITH_CREDENTIALS = {"1": "HUMAN", "2": "BOT"}

used_ids = set()


def snowflake(when):
    ms = int(when.timestamp() * 1000) - TWITTER_EPOCH_MS
    candidate = ms << 22
    while candidate in used_ids:
        candidate += 1
    used_ids.add(candidate)
    return str(candidate)


def iso(when):
    return when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def combos(openers, closers):
    texts = [f"{a}{b}" for a in openers for b in closers]
    rng.shuffle(texts)
    return texts


# Haru's originals by time of day: (hour weights, texts).
MORNING = combos(
    ["おはよう。", "おはようございます。", "眠い…", "朝だ。", "今朝は早起きできた。", "寝坊した！", "Good morning. ", "Morning! "],
    ["今日もいい天気", "外は雨が降ってる", "コーヒーが美味しい", "朝ごはんはトーストと卵", "電車が混んでる",
     "今日も一日がんばろう", "駅まで走った", "空が高い", "寒くなってきた", "パンを焼いた", "洗濯物を干してから出る",
     "Coffee first.", "Off to work.", "It's raining again."],
)
LUNCH = combos(
    ["お昼は", "今日のランチは", "昼休み、", "Lunch: ", "ランチに"],
    ["味噌ラーメン", "豚骨ラーメン", "カレー", "おにぎり二つ", "蕎麦", "オムライス", "定食屋の焼き魚", "サンドイッチ",
     "会社の近くのうどん", "ramen again", "a bento from the konbini", "パスタ"],
)
EVENING = combos(
    ["今日も一日おつかれさま。", "帰宅。", "やっと金曜日。", "夜風が気持ちいい。", "Home at last. ", "ただいま。", "今日は長かった。"],
    ["猫の動画を見て寝る", "本を読んでから寝る", "明日は早いからもう寝る", "お風呂に入ってくる", "録画したドラマを見る",
     "ビールが美味しい", "ラーメン食べて帰った", "散歩してきた", "おやすみなさい", "Time for bed.", "Reading before bed.",
     "ゲームを少しだけ", "月がきれい"],
)
SLOTS = [  # (first hour, last hour, weight, texts)
    (6, 9, 3, MORNING),
    (11, 13, 2, LUNCH),
    (18, 23, 4, EVENING),
]

REPLIES = {
    "3": ("natsu_k", ["いいね、行こう！", "ありがとう、助かった", "それは面白いね", "また今度ゆっくり話そう", "了解、駅で待ってる",
                      "ラーメンなら任せて", "写真ありがとう！", "わかる、それな", "おつかれさま！", "明日ならいけるよ",
                      "Sounds good!", "Thanks, see you soon", "楽しかったね、また行こう", "遅れてごめん！", "おめでとう🎉"]),
    "4": ("aki_m", ["ありがとう！", "そうしよう", "今週末どう？", "いい本だったよ、貸すね", "猫かわいい…", "それは大変だったね",
                    "了解です", "またね", "See you tomorrow!", "週末楽しみにしてる"]),
}

FAVORITE_POSTS = {
    "6": ["濃厚な味噌ラーメンの新店がオープン", "豚骨ラーメンの替え玉は無料", "醤油ラーメンのスープが絶品", "つけ麺の麺が太くてもちもち",
          "塩ラーメンにゆず胡椒が合う", "深夜のラーメン屋は最高", "味玉ラーメン大盛り", "煮干しラーメンの行列が長い",
          "担々麺の辛さが癖になる", "ラーメン屋の限定メニュー"],
    "7": ["子猫が肉球を見せて昼寝", "猫が窓辺で日向ぼっこ", "猫のあくびを撮影", "黒猫の毛並みがつやつや", "猫がこたつから出てこない",
          "三毛猫のしっぽがかわいい", "猫が箱に入って満足そう", "猫カフェで子猫と遊んだ", "猫の寝顔に癒される", "猫じゃらしに夢中の子猫"],
}
NORMAL_POSTS = {
    "8": ["新しいスマートフォンの発表会は来週", "株価が三日続けて下落", "為替が円安に振れる", "大手企業が決算を発表", "新しい法律の施行日が決定",
          "アプリのアップデートで不具合", "半導体の需要が拡大", "選挙の投票率が過去最低", "台風が週末に接近", "電気料金の値上げが決定"],
    "9": ["山手線が遅延しています", "中央線で運転見合わせ", "人身事故の影響でダイヤが乱れています", "強風のため徐行運転", "信号故障で遅延",
          "終電の時刻が変更になります", "駅のエスカレーターが点検中", "車両点検のため遅れています"],
    "13": ["会議が長引いて疲れた", "明日の資料を作らないと", "残業確定", "週末は実家に帰る", "新しい靴を買った",
           "レポートの締め切りが近い", "雨で洗濯物が乾かない", "引っ越しの準備が大変", "歯医者の予約を忘れてた", "月曜の朝礼で発表"],
}


def build():
    tweets, likes, posts_jsonl, classifier_jsonl = [], [], [], []
    start_day = LAST_DAY - timedelta(days=DAYS - 1)

    # Others' posts first (older), then Haru's, all placed in the 35 days.
    def place(author, text, when):
        tweet = {"id": snowflake(when), "author_id": author, "text": text, "created_at": iso(when)}
        tweets.append(tweet)
        return tweet

    def random_moment():
        day = start_day + timedelta(days=rng.randrange(DAYS))
        return day.replace(hour=rng.randrange(7, 24), minute=rng.randrange(60), second=rng.randrange(60))

    username = {u[0]: u[1] for u in USERS}
    liked_ids = set()
    for author, texts in FAVORITE_POSTS.items():
        for text in texts:
            for suffix in ["", "！", "。最高", "🍜" if author == "6" else "🐈"]:
                tweet = place(author, text + suffix, random_moment())
                # Haru likes nine in ten of these.
                if rng.random() < 0.9:
                    likes.append(tweet)
                    liked_ids.add(tweet["id"])
    for author, texts in NORMAL_POSTS.items():
        for text in texts:
            for suffix in ["", "。", "…", "らしい"]:
                tweet = place(author, text + suffix, random_moment())
                if rng.random() < 0.03:
                    likes.append(tweet)
                    liked_ids.add(tweet["id"])
    for tweet in sorted(tweets, key=lambda t: t["created_at"]):
        label = "favorite" if tweet["id"] in liked_ids else "normal"
        classifier_jsonl.append({"text": tweet["text"], "author": username[tweet["author_id"]], "label": label})
    likes.sort(key=lambda t: t["created_at"])  # oldest like first

    # Haru: 5 to 8 originals a day in three rhythms, and replies to the friends.
    pools = {id(texts): list(texts) for _, _, _, texts in SLOTS}
    haru = []
    for offset in range(DAYS):
        day = start_day + timedelta(days=offset)
        for _ in range(rng.randint(5, 8)):
            first, last, _, texts = rng.choices(SLOTS, weights=[s[2] for s in SLOTS])[0]
            pool = pools[id(texts)]
            if not pool:
                continue
            minute = rng.randrange(first * 60, last * 60 + 60)
            when = day.replace(hour=minute // 60, minute=minute % 60, second=rng.randrange(60))
            haru.append((when, pool.pop(), None))
        if rng.random() < 0.45:
            friend = rng.choice(list(REPLIES))
            screen, texts = REPLIES[friend]
            when = day.replace(hour=rng.randrange(12, 23), minute=rng.randrange(60))
            haru.append((when, f"@{screen} {rng.choice(texts)}", friend))
    # Every reply text at least once, so the bot has all of them to choose from.
    for friend, (screen, texts) in REPLIES.items():
        for index, text in enumerate(texts):
            # Within the 35 days (a reply dated after the last day would be a post from the future).
            when = start_day + timedelta(days=(index * 3 + int(friend)) % DAYS, hours=20, minutes=index)
            haru.append((when, f"@{screen} {text}", friend))
    seen = set()
    for when, text, friend in sorted(haru):
        if text in seen:
            continue
        seen.add(text)
        tweet = place("1", text, when)
        if friend:
            tweet["in_reply_to_user_id"] = friend
        line = {"id": tweet["id"], "text": text, "created_at": iso(when)}
        if friend:
            line["in_reply_to_user_id"] = friend
            line["in_reply_to_screen_name"] = username[friend]
        posts_jsonl.append(line)

    # A few older posts on the bot's home timeline (its first look), and an old
    # mention so the reply loop has a cursor before the live mentions come.
    for author, text in [("3", "週末は実家に帰るよ"), ("4", "新しい本を買った"), ("3", "駅前のラーメン屋、味噌が美味しかった"),
                         ("4", "猫カフェの子猫がかわいすぎる")]:
        place(author, text, LAST_DAY.replace(hour=rng.randrange(18, 23), minute=rng.randrange(60)))
    place("5", "@haru_mirror はじめまして、昔の投稿です", LAST_DAY - timedelta(days=20))

    tweets.sort(key=lambda t: int(t["id"]))
    return tweets, likes, posts_jsonl, classifier_jsonl


# What happens while the demo runs: (seconds after fake-x starts, author id, text).
SCHEDULED = [
    (5, "3", "@haru_mirror 今夜ラーメン行かない？"),
    (9, "10", "新店の濃厚味噌ラーメン、スープが最高だった"),
    (13, "12", "来週の会議の資料を今日中に作らないと"),
    (17, "5", "@haru_mirror はじめまして！フォローしました"),
    (21, "11", "子猫が肉球を見せて昼寝中"),
    (26, "4", "@haru_mirror 明日の予定どうする？"),
    (31, "12", "電車が遅延して会議に遅刻しそう"),
    (36, "10", "豚骨ラーメンの替え玉が無料の店を見つけた"),
    (41, "3", "@haru_mirror 写真送ったよ"),
    (46, "11", "猫がこたつから出てこない"),
    (51, "12", "株価が下落して為替も円安"),
    (56, "5", "@haru_mirror 返事ください〜"),
    (61, "4", "猫カフェで子猫と遊んだ、かわいかった"),
    (66, "4", "@haru_mirror この前はありがとう"),
    (71, "10", "深夜のつけ麺、麺がもちもち"),
    (76, "12", "残業確定、明日の資料がまだ終わらない"),
    (81, "3", "@haru_mirror 週末どこか行こう"),
    (86, "11", "黒猫の毛並みがつやつやで日向ぼっこ"),
    (91, "12", "アプリのアップデートで不具合が出た"),
    (96, "4", "@haru_mirror おつかれさま！"),
    (101, "10", "煮干しラーメンの行列に並んだ"),
    (106, "3", "@haru_mirror 今夜も元気？"),
    (111, "12", "台風が週末に接近するらしい"),
    (116, "11", "三毛猫のしっぽがかわいい"),
]


# --- The same world on Bluesky (`fake-bluesky --state demo/bluesky/seed.json`) ---------------

TID_ALPHABET = "234567abcdefghijklmnopqrstuvwxyz"
# Who follows the bot: on Bluesky the bot likes only posts by its followers (BLUESKY_LIKE_SCOPE).
BOT_FOLLOWERS = ["3", "4", "10", "11", "12"]
# Whom the bot follows on Bluesky: not the friends, whose posts there include 35 days of the
# posts Haru's replies answer (its first look at the home timeline would be all of them).
BOT_FOLLOWS = ["10", "11", "12"]
# Access tokens live 2 hours on Bluesky; 20 s here, so the demo shows sessions refreshed.
ACCESS_TOKEN_LIFETIME = 20
# The friends' posts Haru's replies answer (on Bluesky a reply names its parent post).
FRIEND_CHATTER = {
    "3": ["今夜ひまな人いる？", "ラーメン行く人〜", "この前の写真、まとめて送るね", "週末どうする？", "やっと仕事終わった",
          "駅前に新しいカフェができてた", "明日の待ち合わせ、駅でいい？", "Anyone up for dinner?", "今日誕生日でした！"],
    "4": ["今週末あいてる？", "この本すごくよかった", "うちの猫がずっと寝てる", "今日は大変だった…", "明日はよろしくね",
          "また遊ぼうね"],
}
# Haru likes a few more posts while the demo runs (the learning loop learns them).
SCHEDULED_LIKES = [12, 33, 58]


def did_of(username):
    """A did:plc-shaped identifier (24 base32 characters), the same for the same name."""
    digest = hashlib.sha256(f"mirror-bot demo {username}".encode()).digest()
    return "did:plc:" + base64.b32encode(digest).decode().lower()[:24]


def handle_of(username):
    """Bluesky handles are domain names: `haru_demo` becomes `haru-demo.test` (a reserved TLD)."""
    return username.replace("_", "-") + ".test"


def app_password_of(username):
    """An app password of the demo's made-up account, shaped like Bluesky's (xxxx-xxxx-xxxx-xxxx)."""
    letters = base64.b32encode(hashlib.sha256(f"mirror-bot demo app password {username}".encode()).digest()).decode().lower()
    return "-".join(letters[i:i + 4] for i in range(0, 16, 4))


def tid(microseconds, clock_id=7):
    """A record key: 53 bits of microseconds and a 10-bit clock id in base32-sortable."""
    value = (microseconds << 10) | clock_id
    return "".join(TID_ALPHABET[(value >> (5 * i)) & 31] for i in reversed(range(13)))


def bluesky_world(tweets, likes):
    """Haru's world on Bluesky, from the X one: the same posts at the same times, the same
    likes, the friends' scheduled activity; replies answer posts of the friends."""
    brng = random.Random(20261201)
    username = {u[0]: u[1] for u in USERS}
    did = {user_id: did_of(name) for user_id, name in username.items()}
    handle = {user_id: handle_of(name) for user_id, name in username.items()}

    def bluesky_text(text):
        for name in sorted(username.values(), key=len, reverse=True):
            text = text.replace(f"@{name}", f"@{handle_of(name)}")
        return text

    used_keys = set()

    def record_key(when):
        microseconds = int(when.timestamp()) * 1_000_000
        while microseconds in used_keys:
            microseconds += 1
        used_keys.add(microseconds)
        return tid(microseconds)

    def parse(text):
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.000Z").replace(tzinfo=timezone.utc)

    drafts = []  # (when, author id, text, parent draft index or None, X id or None)
    for tweet in sorted(tweets, key=lambda t: (t["created_at"], int(t["id"]))):
        when = parse(tweet["created_at"])
        friend = tweet.get("in_reply_to_user_id")
        if friend:
            chatter = brng.choice(FRIEND_CHATTER[friend])
            drafts.append((when - timedelta(minutes=brng.randrange(3, 40)), friend, chatter, None, None))
            reply = tweet["text"].split(" ", 1)[1]  # a Bluesky reply does not start with @author
            drafts.append((when, tweet["author_id"], reply, len(drafts) - 1, tweet["id"]))
        else:
            drafts.append((when, tweet["author_id"], bluesky_text(tweet["text"]), None, tweet["id"]))
    order = sorted(range(len(drafts)), key=lambda i: (drafts[i][0], i))
    posts, uri_of_draft, uri_of_tweet = [], {}, {}
    for index in order:
        when, author, text, parent, tweet_id = drafts[index]
        key = record_key(when)
        uri = f"at://{did[author]}/app.bsky.feed.post/{key}"
        uri_of_draft[index] = uri
        if tweet_id:
            uri_of_tweet[tweet_id] = uri
        post = {"did": did[author], "rkey": key, "text": text, "created_at": iso(when)}
        if parent is not None:
            post["reply_to"] = uri_of_draft[parent]
        posts.append(post)

    liked = {t["id"] for t in likes}
    bluesky_likes = [{"did": did["1"], "subject": uri_of_tweet[t["id"]],
                      "created_at": iso(parse(t["created_at"]) + timedelta(minutes=brng.randrange(1, 90)))} for t in likes]
    unliked = [t for t in sorted(tweets, key=lambda t: t["created_at"]) if t["author_id"] in FAVORITE_POSTS and t["id"] not in liked]
    scheduled = [{"after_seconds": s, "did": did[a], "text": bluesky_text(t)} for s, a, t in SCHEDULED]
    scheduled += [{"after_seconds": s, "did": did["1"], "like": uri_of_tweet[t["id"]]}
                  for s, t in zip(SCHEDULED_LIKES, unliked[-len(SCHEDULED_LIKES):])]
    scheduled.sort(key=lambda entry: entry["after_seconds"])

    accounts, credential_lines = [], []
    for user_id, name, _, follows in USERS:
        account = {"did": did[user_id], "handle": handle[user_id], "name": dict((u[0], u[2]) for u in USERS)[user_id]}
        following = BOT_FOLLOWS if user_id == "2" else list(follows)
        following = following + (["2"] if user_id in BOT_FOLLOWERS else []) + (["1"] if user_id in REPLIES else [])
        if following:
            account["follows"] = [did[f] for f in following]
        if user_id in WITH_CREDENTIALS:
            password = app_password_of(name)
            account["app_password"] = password
            prefix = WITH_CREDENTIALS[user_id]
            credential_lines += [f"{prefix}_BLUESKY_IDENTIFIER={handle[user_id]}", f"{prefix}_BLUESKY_APP_PASSWORD={password}"]
        if user_id == "2":
            account["self_labels"] = ["bot"]
        accounts.append(account)
    seed = {"settings": {"access_token_lifetime": ACCESS_TOKEN_LIFETIME},
            "accounts": accounts, "posts": posts, "likes": bluesky_likes, "scheduled": scheduled}

    # What `train scheduler` and `train classifier` would read, for DEMO_TRAIN=jsonl.
    handle_by_did = {did[u]: handle[u] for u in username}
    posts_jsonl = []
    by_uri = {f"at://{p['did']}/app.bsky.feed.post/{p['rkey']}": p for p in posts}
    for post in posts:
        if post["did"] != did["1"]:
            continue
        line = {"id": f"at://{post['did']}/app.bsky.feed.post/{post['rkey']}", "text": post["text"], "created_at": post["created_at"]}
        if "reply_to" in post:
            answered = by_uri[post["reply_to"]]["did"]
            line["in_reply_to_user_id"] = answered
            line["in_reply_to_screen_name"] = handle_by_did[answered]
        posts_jsonl.append(line)
    liked_uris = {like["subject"] for like in bluesky_likes}
    home = {did[f] for f in USERS[0][3]}
    classifier_jsonl = []
    for post in posts:
        uri = f"at://{post['did']}/app.bsky.feed.post/{post['rkey']}"
        if post["did"] in home or uri in liked_uris:
            label = "favorite" if uri in liked_uris else "normal"
            classifier_jsonl.append({"text": post["text"], "author": handle_by_did[post["did"]], "label": label})
    return seed, posts_jsonl, classifier_jsonl, credential_lines


# --- The same world on Misskey (`fake-misskey --state demo/misskey/seed.json`) ---------------

BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
TIME2000_MS = 946684800000


def base36(value, width):
    digits = ""
    while value:
        value, digit = divmod(value, 36)
        digits = BASE36[digit] + digits
    return digits.rjust(width, "0")[-width:]


def aidx(when, counter, node="demo"):
    """Misskey's default id (packages/backend/src/misc/id/aidx.ts): 8 base36 digits of the
    milliseconds since 2000, 4 of the node, 4 of a counter."""
    return base36(int(when.timestamp() * 1000) - TIME2000_MS, 8) + node + base36(counter, 4)


def misskey_token_of(username):
    """A made-up token of MiAuth's shape (32 letters and digits), the same for the same name."""
    digest = hashlib.sha256(f"mirror-bot demo misskey token {username}".encode()).hexdigest()
    return "".join(c.upper() if i % 3 == 0 else c for i, c in enumerate(digest[:32]))


# Pictures of Haru's on Misskey (issue 40): notes whose words name something seen get a small
# made-up picture of it, with the alt text Haru wrote; the bot carries them with their alt texts.
PICTURES = [
    ("いい天気", [("sky.png", "青空に白い雲がひとつ", (110, 170, 230)), ("street.png", "朝日の当たる駅前の通り", (230, 200, 140))]),
    ("空が高い", [("sky.png", "高く澄んだ秋の空", (120, 180, 240))]),
    ("コーヒー", [("coffee.png", "窓辺のマグカップ、湯気の立つコーヒー", (110, 70, 40))]),
    ("Coffee", [("coffee.png", "A mug of coffee by the window", (120, 80, 50))]),
    ("月がきれい", [("moon.png", "夜空に浮かぶ満月", (30, 30, 70))]),
    ("ラーメン", [("ramen.png", "湯気の立つ豚骨ラーメン、煮卵のせ", (230, 210, 170))]),
    ("トースト", [("toast.png", "トーストと目玉焼きの朝ごはん", (220, 170, 90))]),
]


def png(color, size=16):
    """A `size`x`size` PNG of one color (RGB, 8 bits), made with the standard library."""
    import struct
    import zlib

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    row = b"\x00" + bytes(color) * size
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * size, 9)) + chunk(b"IEND", b"")


def misskey_pictures(text):
    """The files a note of Haru's carries on fake-misskey: the first PICTURES entry its text names."""
    for word, pictures in PICTURES:
        if word in text:
            return [{"name": name, "comment": alt, "data_base64": base64.b64encode(png(color)).decode()}
                    for name, alt, color in pictures]
    return None


def misskey_world(tweets, likes):
    """Haru's world on Misskey, from the X one: the same notes at the same times, the same likes
    as ❤ reactions, the friends' scheduled activity; replies answer notes of the friends and, as
    on Misskey, need no @author."""
    mrng = random.Random(20261202)
    username = {u[0]: u[1] for u in USERS}
    created = datetime(2025, 1, 1, tzinfo=timezone.utc)
    user_id = {uid: aidx(created, index + 1, node="user") for index, uid in enumerate(username)}

    def parse(text):
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.000Z").replace(tzinfo=timezone.utc)

    drafts = []  # (when, author, text, parent draft index or None, X id or None)
    for tweet in sorted(tweets, key=lambda t: (t["created_at"], int(t["id"]))):
        when = parse(tweet["created_at"])
        friend = tweet.get("in_reply_to_user_id")
        if friend:
            drafts.append((when - timedelta(minutes=mrng.randrange(3, 40)), friend, mrng.choice(FRIEND_CHATTER[friend]), None, None))
            drafts.append((when, tweet["author_id"], tweet["text"].split(" ", 1)[1], len(drafts) - 1, tweet["id"]))
        else:
            drafts.append((when, tweet["author_id"], tweet["text"], None, tweet["id"]))
    order = sorted(range(len(drafts)), key=lambda i: (drafts[i][0], i))
    notes, id_of_draft, id_of_tweet = [], {}, {}
    for counter, index in enumerate(order, start=1):
        when, author, text, parent, tweet_id = drafts[index]
        note_id = aidx(when, counter)
        id_of_draft[index] = note_id
        if tweet_id:
            id_of_tweet[tweet_id] = note_id
        note = {"id": note_id, "user_id": user_id[author], "text": text}
        if parent is not None:
            note["reply_id"] = id_of_draft[parent]
        notes.append(note)

    for note in notes:
        if note["user_id"] == user_id["1"] and "reply_id" not in note:
            pictures = misskey_pictures(note["text"])
            if pictures:
                note["files"] = pictures

    liked = {t["id"] for t in likes}
    reactions = [{"user_id": user_id["1"], "note_id": id_of_tweet[t["id"]], "reaction": "❤",
                  "id": aidx(parse(t["created_at"]) + timedelta(minutes=mrng.randrange(1, 90)), index + 1, node="like")}
                 for index, t in enumerate(likes)]
    reactions.sort(key=lambda r: r["id"])
    unliked = [t for t in sorted(tweets, key=lambda t: t["created_at"]) if t["author_id"] in FAVORITE_POSTS and t["id"] not in liked]
    scheduled = [{"after_seconds": s, "user_id": user_id[a], "text": t} for s, a, t in SCHEDULED]
    scheduled += [{"after_seconds": s, "user_id": user_id["1"], "react": id_of_tweet[t["id"]]}
                  for s, t in zip(SCHEDULED_LIKES, unliked[-len(SCHEDULED_LIKES):])]
    scheduled.sort(key=lambda entry: entry["after_seconds"])

    users, credential_lines = [], []
    names = dict((u[0], u[2]) for u in USERS)
    for uid, name, _, follows in USERS:
        user = {"id": user_id[uid], "username": name, "name": names[uid]}
        if follows:
            user["follows"] = [user_id[f] for f in follows]
        if uid in WITH_CREDENTIALS:
            user["token"] = misskey_token_of(name)
            credential_lines.append(f"{WITH_CREDENTIALS[uid]}_MISSKEY_TOKEN={user['token']}")
        if uid == "2":
            user["is_bot"] = True
        users.append(user)
    seed = {"users": users, "notes": notes, "reactions": reactions, "scheduled": scheduled}

    # What `train scheduler` and `train classifier` would read, for DEMO_TRAIN=jsonl.
    by_id = {n["id"]: n for n in notes}
    name_by_id = {user_id[u]: username[u] for u in username}
    posts_jsonl = []
    for note in notes:
        if note["user_id"] != user_id["1"]:
            continue
        line = {"id": note["id"], "text": note["text"], "created_at": iso(datetime.fromtimestamp(
            (int(note["id"][:8], 36) + TIME2000_MS) / 1000, timezone.utc))}
        if "reply_id" in note:
            answered = by_id[note["reply_id"]]["user_id"]
            line["in_reply_to_user_id"] = answered
            line["in_reply_to_screen_name"] = name_by_id[answered]
        posts_jsonl.append(line)
    liked_ids = {r["note_id"] for r in reactions}
    home = {user_id[f] for f in USERS[0][3]}
    classifier_jsonl = []
    for note in notes:
        if note["user_id"] in home or note["id"] in liked_ids:
            label = "favorite" if note["id"] in liked_ids else "normal"
            classifier_jsonl.append({"text": note["text"], "author": name_by_id[note["user_id"]], "label": label})
    return seed, posts_jsonl, classifier_jsonl, credential_lines


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def write_world(name, seed, posts, classifier, credential_lines):
    """One network's world in its folder: seed.json, posts.jsonl, classifier.jsonl, credentials.env."""
    folder = os.path.join(HERE, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "seed.json"), "w", encoding="utf-8") as f:
        json.dump(seed, f, ensure_ascii=False, indent=1)
        f.write("\n")
    write_jsonl(os.path.join(folder, "posts.jsonl"), posts)
    write_jsonl(os.path.join(folder, "classifier.jsonl"), classifier)
    with open(os.path.join(folder, "credentials.env"), "w", encoding="utf-8") as f:
        f.write("\n".join(credential_lines) + "\n")


def main():
    tweets, likes, posts_jsonl, classifier_jsonl = build()
    users = []
    credential_lines = []
    for user_id, username, name, follows in USERS:
        user = {"id": user_id, "username": username, "name": name}
        if follows:
            user["follows"] = follows
        if user_id in WITH_CREDENTIALS:
            prefix = WITH_CREDENTIALS[user_id]
            who = username.replace("_", "-")
            values = {
                "consumer_key": f"demo-{who}-consumer-key",
                "consumer_secret": f"demo-{who}-consumer-secret",
                "access_token": f"{user_id}-demo-{who}-access-token",
                "access_token_secret": f"demo-{who}-access-token-secret",
            }
            user.update(values)
            for key, value in values.items():
                credential_lines.append(f"{prefix}_{key.upper()}={value}")
        users.append(user)
    # Generous limits: the demo's clock runs 720 times faster than X's windows.
    endpoints = ["GET /2/users/me", "GET /2/users/:id/tweets", "GET /2/users/:id/liked_tweets",
                 "GET /2/users/:id/timelines/reverse_chronological", "GET /2/users/:id/mentions",
                 "POST /2/tweets", "POST /2/users/:id/likes"]
    seed = {
        "settings": {"rate_limits": {e: {"limit": 10000, "window": 900} for e in endpoints}},
        "users": users,
        "tweets": tweets,
        "likes": [{"user_id": "1", "tweet_id": t["id"]} for t in likes],
        "scheduled": [{"after_seconds": s, "author_id": a, "text": t} for s, a, t in SCHEDULED],
    }
    with open(os.path.join(HERE, "seed.json"), "w", encoding="utf-8") as f:
        json.dump(seed, f, ensure_ascii=False, indent=1)
        f.write("\n")
    for name, rows in [("posts.jsonl", posts_jsonl), ("classifier.jsonl", classifier_jsonl)]:
        write_jsonl(os.path.join(HERE, name), rows)
    with open(os.path.join(HERE, "credentials.env"), "w", encoding="utf-8") as f:
        f.write("# The demo's made-up accounts on fake-x (not real X credentials).\n")
        f.write("\n".join(credential_lines) + "\n")
    originals = sum(1 for p in posts_jsonl if "in_reply_to_user_id" not in p)

    bluesky_seed, bluesky_posts, bluesky_classifier, bluesky_credentials = bluesky_world(tweets, likes)
    write_world("bluesky", bluesky_seed, bluesky_posts, bluesky_classifier,
                ["# The demo's made-up accounts on fake-bluesky (not real Bluesky app passwords)."] + bluesky_credentials)
    misskey_seed, misskey_posts, misskey_classifier, misskey_credentials = misskey_world(tweets, likes)
    write_world("misskey", misskey_seed, misskey_posts, misskey_classifier,
                ["# The demo's made-up accounts on fake-misskey (not real Misskey tokens)."] + misskey_credentials)
    print(f"demo: {len(posts_jsonl)} posts by @haru_demo ({originals} originals), {len(likes)} likes, "
          f"{len(classifier_jsonl)} classifier lines, {len(SCHEDULED)} scheduled posts")
    print(f"demo/bluesky: {len(bluesky_seed['posts'])} posts ({len(bluesky_posts)} by @haru-demo.test), "
          f"{len(bluesky_seed['likes'])} likes, {len(bluesky_classifier)} classifier lines, "
          f"{len(bluesky_seed['scheduled'])} scheduled posts and likes")
    print(f"demo/misskey: {len(misskey_seed['notes'])} notes ({len(misskey_posts)} by @haru_demo), "
          f"{len(misskey_seed['reactions'])} reactions, {len(misskey_classifier)} classifier lines, "
          f"{len(misskey_seed['scheduled'])} scheduled notes and reactions")


if __name__ == "__main__":
    main()
