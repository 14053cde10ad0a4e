#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/<target>/seed-NN from the shapes the test suite uses.

Each seed is a small, valid (or deliberately broken) input taken from a test's
fixtures, so the fuzzer starts from inputs that reach deep into each parser.
Run from anywhere: python3 fuzz/seeds.py (it replaces the folders' contents).
"""
import json
import hashlib
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
PUBLIC = "https://www.w3.org/ns/activitystreams#Public"
ACTOR = "https://example.social/users/alice"


def write(target, seeds):
    """Replaces the target's seed-NN files; crash-* files (inputs a fuzzer found) stay."""
    folder = os.path.join(ROOT, target)
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        if name.startswith("seed-"):
            os.remove(os.path.join(folder, name))
    for index, seed in enumerate(seeds):
        data = seed if isinstance(seed, bytes) else seed.encode("utf-8")
        with open(os.path.join(folder, "seed-%02d" % index), "wb") as out:
            out.write(data)


# Tests/MirrorBotCLITests, Tests/EndToEndTests/CommandLineEndToEndTests.swift: argv joined with NUL.
write("arguments", ["\0".join(argv) for argv in [
    ["--help"], ["help", "train"], ["migrate", "--dir", "migrations"], ["migrate", "--help"],
    ["train", "scheduler", "--force"], ["train", "classifier", "--jsonl", "labeled.jsonl"], ["train", "clear", "--yes"],
    ["import", "archive"], ["import", "--jsonl", "posts.jsonl"], ["import", "--", "--="],
    ["start", "--time-scale", "60", "--start-at", "07:00"], ["start", "--time-scale=2"],
    ["schedule", "--days", "5", "--seed", "11", "--json"], ["schedule", "--days=7"],
    ["classify", "寿司が好き", "--author", "alice"], ["classify", "--jsonl", "-"], ["doctor"],
    ["schedule", "--="], ["start", "-=-", "--="],
]])


def archive_tweet(tweet_id, text, created, reply_to=None, wrapped=True):
    fields = {
        "retweeted": False, "source": "<a href=\"https://mobile.twitter.com\" rel=\"nofollow\">Twitter Web App</a>",
        "entities": {"hashtags": [], "symbols": [], "user_mentions": [], "urls": []},
        "display_text_range": ["0", str(len(text))], "favorite_count": "0", "id_str": tweet_id, "truncated": False,
        "retweet_count": "0", "id": tweet_id, "created_at": created, "favorited": False,
        "full_text": text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"), "lang": "ja",
    }
    if reply_to:
        fields.update({"in_reply_to_status_id_str": "1", "in_reply_to_user_id_str": reply_to,
                       "in_reply_to_user_id": reply_to, "in_reply_to_screen_name": "someone"})
    return {"tweet": fields} if wrapped else fields


def archive_file(name, entries):
    # X's pretty-printing, with " : " between keys and values (Tests/AdapterTests/Postgres/ArchiveFixtures.swift).
    body = json.dumps(entries, ensure_ascii=False, indent=2, separators=(",", " : "))
    return "window.YTD.%s.part0 = %s" % (name, body)


# Tests/AdapterTests/Postgres/ArchiveFixtures.swift, Tests/MirrorBotTests/ArchiveParsingTests.swift.
write("archive-tweets", [
    archive_file("tweets", [archive_tweet("1001", "今日もいい天気 & <3", "Wed Oct 10 20:19:24 +0000 2018"),
                            archive_tweet("1002", "@bob それな", "Sat Feb 18 12:33:11 +0000 2023", reply_to="42"),
                            archive_tweet("1003", "RT @carol: hi", "Thu Feb 29 23:59:59 +0900 2024")]),
    archive_file("tweet", [archive_tweet("7", "old style", "2018-10-10T20:19:24.500Z", wrapped=False)]),
    "\ufeffwindow.YTD.tweets.part0 = [ ]",
    '[{"tweet":{"id_str":"1","full_text":"a","created_at":"2018-10-10 20:19:24 +0000"}}];',
    '#window.YTD.tweets.part0 = [ {"a":"}]\\"{[","b":[{"c":1}]} ,{"d":"=,"}];',
    'window.YTD.tweets.part0 = [\n  {},\n  {"a": "b',
    'window.YTD.tweets.part0 = [{"tweet":{"id_str":"x1","full_text":"a","created_at":"yesterday"}}]',
    # Issue 22: one entry read as a long post, a deletion and a post (the target reads the bytes as each).
    'window.YTD.tweets.part0 = [{"tweet":{"id_str":"5","full_text":"the start of a long post… https://t.co/abc",'
    '"created_at":"Sun Jun 04 10:00:00 +0000 2023"},"noteTweet":{"noteTweetId":"6","createdAt":"2023-06-04T10:00:00.000Z",'
    '"core":{"text":"the start of a long post and the rest of it","urls":[],"mentions":[]}}},'
    '{"tweet":{"id_str":"7","full_text":"gone","created_at":"Sun Jun 04 10:00:00 +0000 2023","deleted_at":"Mon Jun 05 10:00:00 +0000 2023"}},'
    '{"accountTimezone":{"accountId":"1"}}]',
    archive_file("note_tweet", [{"noteTweet": {"noteTweetId": "1001", "createdAt": "2018-10-10T20:19:24.000Z",
                                               "core": {"text": "今日もいい天気 & <3 and much more", "urls": [], "mentions": []}}}]),
])

# Tests/AdapterTests/Postgres/ArchiveLikeImportTests.swift shapes.
write("archive-likes", [
    archive_file("like", [{"like": {"tweetId": "1", "fullText": "寿司 &amp; ラーメン", "expandedUrl": "https://twitter.com/i/web/status/1"}},
                          {"like": {"tweetId": "2", "expandedUrl": "https://twitter.com/i/web/status/2"}},
                          {"tweetId": "3", "fullText": "   "}]),
    "window.YTD.like.part0 = [ ]",
    'window.YTD.like.part0 = [{"like":{"fullText":"no id"}}]',
])

# Tests/MirrorBotTests/ArchiveParsingTests.swift: timestamps and not-timestamps.
write("timestamp", [
    "Wed Oct 10 20:19:24 +0000 2018", "Thu Feb 29 23:59:59 +0900 2024", "2018-10-10T20:19:24Z",
    "2018-10-10T20:19:24.500Z", "2018-10-11T05:19:24+09:00", "2018-10-10T15:19:24-0500", "2018-10-10 20:19:24 +0000",
    "1969-12-31T23:59:59Z", "yesterday", "2018-13-10T20:19:24Z", "2018-10-10T20:19:24.Z", "Wed Oct 10 20:19:24 2018",
])

# Tests/AdapterTests/Postgres/JSONLImportTests.swift.
write("jsonl-posts", [
    '{"id":"1","text":"おはよう","created_at":"2024-05-01T07:00:00Z"}\n'
    '{"id":2,"text":"@bob hi","created_at":"Wed Oct 10 20:19:24 +0000 2018","in_reply_to_user_id":"42","in_reply_to_screen_name":"bob"}\n'
    '\n{"id":"3","text":"RT @x: y","created_at":"2024-05-01T08:00:00.250+09:00"}\n',
    '{"id":"3","text":"x","created_at":"tomorrow"}',
    '{"id":"3","text":"x",,"created_at":"2024-05-01T00:00:00Z"}',
    '{"id":"3","text":7,"created_at":"2024-05-01T00:00:00Z"}',
    '{"id":"","text":"x","created_at":"2024-05-01T00:00:00Z"}',
])

# Tests/MirrorBotTests/ClassifierJSONLTests.swift.
write("jsonl-classifier", [
    '\ufeff{"text":"寿司","author":"alice","label":"favorite"}\n\n {"text":"会議","author":null,"label":"normal","x":1}\r\n',
    '{"id":"a","text":"t"}\n{"text":"t","author":"b"}\n{"id":18446744073709551615,"text":"t"}\n{"id":-2.5,"text":"t"}',
    '{"text":"#SwiftLang https://example.com @naoty_k ＳＷＩＦＴ ｶﾅ","author":"@Bob","label":"favorite","id":1e300}',
    '{"text":"a","label":"normal"}\n\n[1]',
    '{"text":"a","author":3,"label":"normal"}',
    '{"id":true,"text":"t"}',
])


def note(status, html, to, cc=(), reply=None, tags=(), summary=None, published="2023-01-01T12:00:00Z"):
    return {"id": "%s/statuses/%s/activity" % (ACTOR, status), "type": "Create", "actor": ACTOR,
            "published": published, "to": list(to), "cc": list(cc),
            "object": {"id": "%s/statuses/%s" % (ACTOR, status), "type": "Note", "summary": summary,
                       "inReplyTo": reply, "published": published, "url": "https://example.social/@alice/%s" % status,
                       "attributedTo": ACTOR, "to": list(to), "cc": list(cc), "sensitive": False, "content": html,
                       "tag": [{"type": "Mention", "href": h, "name": n} for h, n in tags]}}


def outbox(items):
    return json.dumps({"@context": "https://www.w3.org/ns/activitystreams", "id": "outbox.json",
                       "type": "OrderedCollection", "totalItems": len(items), "orderedItems": items},
                      ensure_ascii=False, indent=1)


FRIEND = "https://example.social/users/friend"
# Tests/TestSupport/MastodonExportFixture.swift, Tests/AdapterTests/Mastodon/MastodonExportImportTests.swift.
write("mastodon-outbox", [
    outbox([
        note("1001", "<p>今日もいい天気だ</p><p>散歩に行こう<br>公園まで</p>", [PUBLIC], [ACTOR + "/followers"]),
        note("1003", "<p><span class=\"h-card\"><a href=\"https://example.social/@friend\" class=\"u-url mention\">@<span>friend</span></a></span> ありがとう！</p>",
             [PUBLIC], [ACTOR + "/followers", FRIEND], reply=FRIEND + "/statuses/55", tags=[(FRIEND, "@friend")]),
        note("1005", "<p>続き</p>", [ACTOR + "/followers"], [PUBLIC], reply=ACTOR + "/statuses/1001"),
        note("1006", "<p>フォロワーだけに</p>", [ACTOR + "/followers"]),
        note("1009", "<p>犯人は…</p>", [PUBLIC], summary="ネタバレ"),
        {"id": ACTOR + "/statuses/1008/activity", "type": "Announce", "actor": ACTOR, "published": "2023-01-08T09:00:00Z",
         "to": [PUBLIC], "cc": [ACTOR + "/followers"], "object": "https://other.social/users/bob/statuses/99"},
    ]),
    outbox([{"type": "Create", "actor": ACTOR,
             "object": {"id": ACTOR + "/statuses/2003", "type": "Note", "published": "yesterday-ish"}}]),
    '{"orderedItems": [',
    '{"id": "https://example.social/users/alice/outbox", "orderedItems": [{"type": "Like"}, {"type": "Create", "object": "x"}]}',
    # Issue 22: the repeated key of a 2024 export, a poll, media without text, an item's own @context, new fields.
    '{"id":"outbox.json","type":"OrderedCollection","totalItems":9,"orderedItems":[],"orderedItems":['
    '{"@context":["https://www.w3.org/ns/activitystreams"],"type":"Create","actor":"%s","object":{"id":"%s/statuses/1",'
    '"type":"Question","content":"<p>which?</p>","oneOf":[{"type":"Note","name":"a"}],"published":"2024-01-01T00:00:00Z",'
    '"to":["%s"],"interactionPolicy":{"canQuote":{"automaticApproval":["%s"]}}}},'
    '{"type":"Create","object":{"id":"%s/statuses/2","type":"Note","attachment":[{"type":"Document","url":"x"}],'
    '"published":"2024-01-02T00:00:00Z","to":"%s","summary":null,"summary":""}},'
    '{"type":"Announce","object":"https://other.social/users/bob/statuses/9"},{"type":"Like","object":"x"}]}'
    % (ACTOR, ACTOR, PUBLIC, PUBLIC, ACTOR, PUBLIC),
    '{"orderedItems":[{"type":"Follow"}],"orderedItems":[]}',
    '{"type":"OrderedCollection","first":"outbox.json?page=true"}',
])

# Sources/MirrorBotImport/JSONLastKeyWins.swift: repeated keys, escapes, nesting, broken texts.
write("json-last-key", [
    '{"a":[],"a":[1,2]}', '{"a":1,"b":{"a":2,"a":[3]},"a":{"c":null}}', '{"k\\u0061":1,"ka":2}',
    '[{"x":true,"x":false},{"x":-1.5e3,"y":"\\n","x":"\\ud83d\\ude00"}]', '{"a":1,"a":01}', '{"a":1,"a":2',
    '\ufeff{"a":1,"a":2}', '"lone"', '{"a":{"a":{"a":{"a":1,"a":2},"a":3}},"a":4}', '{"e\u0301":1,"\u00e9":2}',
])

# Tests/MastodonAPITests/MastodonHTMLTests.swift.
write("mastodon-html", [
    "<p>first paragraph</p><p>second one</p>", "<p>line one<br>line two<br />line three<br/>end</p>",
    "<p><span class=\"h-card\" translate=\"no\"><a href=\"https://example.social/@alice\" class=\"u-url mention\">@<span>alice</span></a></span> おはよう</p>",
    "<p>see <a href=\"https://example.com/a/very/long/path/indeed?x=1\" target=\"_blank\" rel=\"nofollow noopener noreferrer\"><span class=\"invisible\">https://</span><span class=\"ellipsis\">example.com/a/very/long/pat</span><span class=\"invisible\">h/indeed?x=1</span></a></p>",
    "<p>Tom &amp; Jerry &lt;3 &gt; &quot;quoted&quot; it&#39;s it&#x27;s &#12354;</p>", "<p>AT&T &unknown; &#xZZ;</p>",
    "<p class=\"quote-inline\">RE: <a href=\"https://example.social/@bob/1\">x</a></p><p>いい話</p>",
    "<p>comment<span class=\"quote-inline\"><br/><br/>RE: <a href=\"https://x.test/objects/1\">https://x.test/objects/1</a></span></p>",
    "<ul><li>one</li><li>two</li></ul>", "<P>Upper<BR>case</P>", "plain text without tags",
])

# Tests/RedisTests/RedisReplyDecoderTests.swift; the first byte sets the piece size.
write("resp", [b"\x00" + s for s in [
    b"+OK\r\n", b"-ERR unknown command 'FOO'\r\n", b":42\r\n", b":-9223372036854775808\r\n", b"$5\r\nhello\r\n",
    b"$0\r\n\r\n", b"$-1\r\n", b"*-1\r\n", b"*0\r\n", b"*3\r\n$1\r\na\r\n:1\r\n$-1\r\n",
    b"*2\r\n*1\r\n+x\r\n*2\r\n:1\r\n-E\r\n", "$9\r\n日本語\r\n".encode(), b"$7\r\na\x00\r\n\xff\xfeb\r\n", b"!nonsense\r\n",
]] + [b"\x03*2\r\n$5\r\nhello\r\n:7\r\n+NEXT\r\n"])

# Tests/XAPITests/OAuthPercentEncodingTests.swift.
write("percent-encoding", [
    "Ladies + Gentlemen", "Dogs, Cats & Mice", "☃", "AZaz09-._~", "a/b?c=d*e'f(g)", "100%", "日本", "a+b%20c",
    "100%zz", "b=2&a=%3D&c", "%E6%97%A5%E6%9C", "%+1%-1",
])

TWEET = {"id": "1859000000000000001", "text": "おはよう &amp; &lt;3", "created_at": "2024-11-20T07:00:00.000Z",
         "author_id": "10", "conversation_id": "1859000000000000001"}
REPLY = {"id": "1859000000000000002", "text": "@bot こんにちは", "author_id": "11", "in_reply_to_user_id": "12",
         "referenced_tweets": [{"type": "replied_to", "id": "1859000000000000001"}]}
RT = {"id": "3", "text": "RT @x: y", "referenced_tweets": [{"type": "retweeted", "id": "1"}]}
USERS = {"users": [{"id": "10", "username": "human", "name": "Human"}, {"id": "11", "username": "friend"}]}


def http(status, headers, body):
    return "%d\n%s\n%s" % (status, "".join("%s: %s\n" % h for h in headers),
                           body if isinstance(body, str) else json.dumps(body, ensure_ascii=False))


# Tests/XAPITests (XClientRateLimitTests, XClientFailureTests, FakeX's responses).
write("x-response", [
    http(200, [("x-rate-limit-remaining", "899"), ("x-rate-limit-reset", "1700000900")],
         {"data": [TWEET, REPLY, RT], "includes": USERS, "meta": {"result_count": 3, "newest_id": "2", "next_token": "t"}}),
    http(200, [], {"data": {"id": "10", "username": "human", "name": "Human"}}),
    http(201, [], {"data": {"id": "1859000000000000003", "text": "x"}}),
    http(200, [], {"data": {"liked": True}}),
    http(200, [], {"meta": {"result_count": 0}}),
    http(429, [("x-rate-limit-remaining", "0"), ("x-rate-limit-reset", "1700000060")], {"title": "Too Many Requests"}),
    http(200, [("x-user-limit-24hour-remaining", "0"), ("x-user-limit-24hour-reset", "1700086400"),
               ("x-rate-limit-remaining", "5"), ("x-rate-limit-reset", "1700000100")], {"data": []}),
    http(403, [], {"detail": "You are not allowed to create a Tweet with duplicate content.", "type": "about:blank"}),
    http(503, [], "<html>down</html>"),
    http(200, [], {"errors": [{"message": "not found"}]}),
])

ACCOUNT = {"id": "3", "username": "alice", "acct": "alice", "display_name": "Alice", "url": "https://example.social/@alice"}
STATUS = {"id": "110000000000000001", "created_at": "2023-01-01T12:00:00.000Z", "content": "<p>今日も<br>いい天気</p>",
          "account": ACCOUNT, "in_reply_to_id": None, "in_reply_to_account_id": None, "visibility": "public",
          "spoiler_text": "", "mentions": [], "reblog": None, "url": "https://example.social/@alice/1"}
MENTION = dict(STATUS, id="2", content="<p>@<span>bot</span> hi</p>", in_reply_to_account_id="9",
               mentions=[{"id": "9", "username": "bot", "acct": "bot@other.social", "url": None}])
BOOST = dict(STATUS, id="4", reblog={"id": "1", "content": "<p>x</p>", "account": ACCOUNT})

# Tests/MastodonAPITests/MastodonClientTests.swift, FakeMastodon's shapes and Link paging.
write("mastodon-response", [
    http(200, [("Link", "<https://example.social/api/v1/favourites?max_id=7&limit=40>; rel=\"next\", "
                        "<https://example.social/api/v1/favourites?min_id=9>; rel=\"prev\""),
               ("X-RateLimit-Remaining", "299"), ("X-RateLimit-Reset", "2023-11-14T22:20:00.000Z")],
         [STATUS, MENTION, BOOST]),
    http(200, [], [{"id": "5", "type": "mention", "created_at": "2023-01-01T12:00:00Z", "account": ACCOUNT, "status": MENTION}]),
    http(200, [], ACCOUNT),
    http(200, [("Link", "<https://elsewhere.test/api/v1/timelines/home?max_id=1>; rel=next")], [dict(STATUS, visibility="private", spoiler_text="cw")]),
    http(429, [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "2023-11-14T22:15:00Z")], {"error": "Too many requests"}),
    http(401, [], {"error": "The access token is invalid"}),
    http(200, [], "[{\"id\":\"1\"}]"),
])


def cbor(value):
    """DAG-CBOR as Tests/TestSupport/CBORWriter.swift writes it: shortest heads, map keys shorter first."""
    def head(major, argument):
        if argument < 24:
            return bytes([major << 5 | argument])
        for extra, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
            if argument < 1 << (8 * size):
                return bytes([major << 5 | extra]) + argument.to_bytes(size, "big")
    if value is None:
        return b"\xf6"
    if isinstance(value, bool):
        return b"\xf5" if value else b"\xf4"
    if isinstance(value, int):
        return head(0, value) if value >= 0 else head(1, -1 - value)
    if isinstance(value, bytes):
        return head(2, len(value)) + value
    if isinstance(value, str):
        return head(3, len(value.encode())) + value.encode()
    if isinstance(value, list):
        return head(4, len(value)) + b"".join(cbor(item) for item in value)
    if isinstance(value, tuple):  # (tag, value)
        return head(6, value[0]) + cbor(value[1])
    pairs = sorted((cbor(k), cbor(v)) for k, v in value.items())
    pairs.sort(key=lambda pair: (len(pair[0]), pair[0]))
    return head(5, len(pairs)) + b"".join(k + v for k, v in pairs)


def varint(value):
    out = b""
    while True:
        byte, value = value & 0x7F, value >> 7
        out += bytes([byte | (0x80 if value else 0)])
        if not value:
            return out


def car(did, records, prefix=None):
    """A repository export (CAR v1) as Tests/TestSupport/BlueskyExportFixture.swift builds one:
    the records, one Merkle search tree node over their keys (prefix-compressed), the commit.
    `prefix` replaces every entry's shared-prefix length `p`."""
    blocks = []

    def add(value):
        data = cbor(value)
        cid = bytes([0x01, 0x71, 0x12, 0x20]) + hashlib.sha256(data).digest()  # the reader checks every block's hash
        blocks.append((cid, data))
        return cid

    def link(cid):
        return (42, b"\x00" + cid)

    entries, previous = [], b""
    for key, record in sorted(records):
        cid = add(record)
        key = key.encode()
        shared = len(os.path.commonprefix([previous, key]))
        entries.append({"p": shared if prefix is None else prefix, "k": key[shared:], "v": link(cid), "t": None})
        previous = key
    root = add({"l": None, "e": entries})
    commit = add({"did": did, "version": 3, "data": link(root), "rev": "3kabcdefghijk", "prev": None, "sig": bytes(64)})
    header = cbor({"version": 1, "roots": [link(commit)]})
    return varint(len(header)) + header + b"".join(varint(len(c) + len(d)) + c + d for c, d in reversed(blocks))


DID = "did:plc:abcdefghijklmnopqrstuvwx"
BSKY_POST = lambda text, created, **extra: dict({"$type": "app.bsky.feed.post", "text": text, "createdAt": created, "langs": ["ja"]}, **extra)
SUBJECT = {"uri": "at://did:plc:other/app.bsky.feed.post/3kother", "cid": "bafyreisubject"}
# Tests/AdapterTests (BlueskyExportImportTests), Tests/TestSupport/BlueskyExportFixture.swift.
write("bluesky-car", [
    car(DID, [
        ("app.bsky.feed.post/3kaaaaaaaaa22", BSKY_POST("今日もいい天気", "2024-05-01T07:00:00.000Z")),
        ("app.bsky.feed.post/3kaaaaaaaab22", BSKY_POST("see example.com/x", "2024-05-01T08:00:00.123456+09:00", facets=[
            {"index": {"byteStart": 4, "byteEnd": 17},
             "features": [{"$type": "app.bsky.richtext.facet#link", "uri": "https://example.com/x/long"}]}])),
        ("app.bsky.feed.post/3kaaaaaaaac22", BSKY_POST("@friend ありがとう", "2024-05-02T09:00:00Z",
                                                        reply={"root": SUBJECT, "parent": SUBJECT})),
        ("app.bsky.feed.repost/3kaaaaaaaad22", {"$type": "app.bsky.feed.repost", "subject": SUBJECT, "createdAt": "2024-05-01T10:00:00.000Z"}),
        ("app.bsky.feed.like/3kaaaaaaaae22", {"$type": "app.bsky.feed.like", "subject": SUBJECT, "createdAt": "2024-05-01T10:00:00.000Z"}),
        ("app.bsky.graph.follow/3kaaaaaaaaf22", {"$type": "app.bsky.graph.follow", "subject": "did:plc:other", "createdAt": "2024-05-01T10:00:00Z"}),
    ]),
    car(DID, [("app.bsky.feed.post/3kaaaaaaaaa22", BSKY_POST("no date", "yesterday"))]),
    car(DID, [("app.bsky.feed.like/3kaaaaaaaae22", {"$type": "app.bsky.feed.like"})]),
    car(DID, []),
    varint(5) + cbor({"version": 2}),
    b"\x0a\xa2gversion\x01",
    # A tree entry's prefix length above Int.max: `Int(p)` trapped (issue 15).
    car(DID, [("app.bsky.feed.post/3kaaaaaaaaa22", BSKY_POST("x", "2024-05-01T07:00:00Z"))], prefix=2**64 - 1),
])

BSKY_AUTHOR = {"did": "did:plc:alice", "handle": "alice.example.com", "displayName": "Alice",
               "viewer": {"following": "at://did:plc:fuzzbot/app.bsky.graph.follow/3k1", "followedBy": "at://did:plc:alice/app.bsky.graph.follow/3k2"}}
BSKY_VIEW = {"uri": "at://did:plc:alice/app.bsky.feed.post/3kaaaaaaaaa22", "cid": "bafyreiaaa", "author": BSKY_AUTHOR,
             "record": BSKY_POST("今日もいい天気 example.com/x", "2023-11-14T22:00:00.000Z", facets=[
                 {"index": {"byteStart": 22, "byteEnd": 35},
                  "features": [{"$type": "app.bsky.richtext.facet#link", "uri": "https://example.com/x/long"}]}]),
             "indexedAt": "2023-11-14T22:00:01.000Z"}
BSKY_REPLY = dict(BSKY_VIEW, uri="at://did:plc:alice/app.bsky.feed.post/3kaaaaaaaab22", cid="bafyreibbb",
                  record=BSKY_POST("@bot.example.com ありがとう", "2023-11-14T22:05:00Z", reply={"root": SUBJECT, "parent": SUBJECT}))
BSKY_SESSION = {"did": "did:plc:fuzzbot", "handle": "bot.example.com", "accessJwt": "acc-new", "refreshJwt": "ref-new"}
BSKY_RATE = [("ratelimit-limit", "3000"), ("ratelimit-remaining", "2999"), ("ratelimit-reset", "1700000300"),
             ("ratelimit-policy", "3000;w=300")]
# FakeBluesky's answers (FakeBlueskyWorld: feeds, notifications, records, sessions, ratelimit-* headers, error bodies).
write("bluesky-response", [
    http(200, BSKY_RATE, {"cursor": "c2", "feed": [
        {"post": BSKY_VIEW},
        {"post": BSKY_REPLY, "reply": {"parent": {"author": BSKY_AUTHOR}}},
        {"post": dict(BSKY_VIEW, uri="at://did:plc:carol/app.bsky.feed.post/3kc"),
         "reason": {"$type": "app.bsky.feed.defs#reasonRepost", "by": BSKY_AUTHOR, "indexedAt": "2023-11-14T22:10:00Z"}},
        {"post": BSKY_VIEW, "reason": {"$type": "app.bsky.feed.defs#reasonPin"}}]}),
    http(200, [], {"notifications": [
        {"uri": BSKY_REPLY["uri"], "cid": "bafyreibbb", "author": BSKY_AUTHOR, "reason": "reply", "record": BSKY_REPLY["record"],
         "indexedAt": "2023-11-14T22:05:01Z", "isRead": False},
        {"uri": "at://did:plc:alice/app.bsky.feed.like/3kl", "cid": "bafyreilll", "author": BSKY_AUTHOR, "reason": "like",
         "record": {"$type": "app.bsky.feed.like", "subject": SUBJECT}, "indexedAt": "2023-11-14T22:06:00Z"}]}),
    http(200, [], {"posts": [BSKY_VIEW, BSKY_REPLY]}),
    http(200, [], {"did": "did:plc:fuzzbot", "handle": "bot.example.com", "displayName": "Bot",
                   "labels": [{"src": "did:plc:fuzzbot", "uri": "at://did:plc:fuzzbot/app.bsky.actor.profile/self", "val": "bot",
                               "cts": "2023-11-14T22:00:00Z"}]}),
    http(200, [], BSKY_SESSION),
    http(200, [], {"uri": "at://did:plc:fuzzbot/app.bsky.feed.post/3kfuzz0000001", "cid": "bafyreinew"}),
    http(200, [], {"uri": "at://did:plc:fuzzbot/app.bsky.feed.post/3kfuzz0000001", "cid": "bafyreinew",
                   "value": BSKY_POST("x", "2023-11-14T22:13:20.000Z")}),
    http(200, [], {"uri": "at://did:plc:fuzzbot/app.bsky.feed.like/3kfuzz0000002", "cid": "bafyreilike",
                   "value": {"$type": "app.bsky.feed.like", "subject": {"uri": "at://did:plc:a/app.bsky.feed.post/3k", "cid": "bafy"},
                             "createdAt": "2023-11-14T22:13:20.000Z"}}),
    http(200, [], {"did": "did:plc:alice"}),
    http(400, [], {"error": "ExpiredToken", "message": "Token has expired"}),
    http(400, [], {"error": "InvalidToken", "message": "Token could not be verified"}),
    http(401, [], {"error": "AuthenticationRequired", "message": "Invalid identifier or password"}),
    http(429, [("ratelimit-limit", "3000"), ("ratelimit-remaining", "0"), ("ratelimit-reset", "1700000120"),
               ("ratelimit-policy", "3000;w=300")], {"error": "RateLimitExceeded", "message": "Rate Limit Exceeded"}),
    http(400, [], {"error": "RecordNotFound", "message": "Could not locate record"}),
    http(400, [], {"error": "InvalidRequest", "message": "Record/rkey already exists"}),
    http(502, [], "<html>bad gateway</html>"),
    http(200, [], {"cursor": None, "feed": []}),
])

MK_USER = {"id": "9zz00000aaaa0001", "name": "ひと", "username": "human", "host": None, "isBot": False, "isCat": False}
MK_BOT = dict(MK_USER, id="9zz00000aaaa0002", username="mirror", isBot=True)
MK_NOTE = {"id": "9zz00000fake0003", "createdAt": "2023-11-14T22:13:20.000Z", "userId": MK_USER["id"], "user": MK_USER,
           "text": "**今日も** いい天気", "cw": None, "visibility": "public", "localOnly": False, "reactionAcceptance": None,
           "renoteCount": 0, "repliesCount": 0, "reactionCount": 0, "reactions": {}, "reactionEmojis": {}, "fileIds": [],
           "files": [], "replyId": None, "renoteId": None}
MK_REPLY = dict(MK_NOTE, id="9zz00000fake0004", text="@mirror やあ", replyId="9zz00000fake0001", mentions=[MK_BOT["id"]],
                reply=dict(MK_NOTE, id="9zz00000fake0001", userId=MK_BOT["id"], user=MK_BOT))
MK_RENOTE = dict(MK_NOTE, id="9zz00000fake0005", text=None, renoteId="9zz00000fake0001")


def mk_error(code, message, status_id="3d81ceae-475f-4600-b2a8-2bc116157532", **info):
    error = {"message": message, "code": code, "id": status_id, "kind": "client"}
    if info:
        error["info"] = info
    return {"error": error}


# Tests/MisskeyAPITests (MisskeyClientTests, FakeMisskey's shapes).
write("misskey-response", [
    http(200, [], [MK_REPLY, MK_NOTE, MK_RENOTE]),
    http(200, [], [{"id": "9zz00000fake0006", "createdAt": "2023-11-14T22:13:21.000Z", "type": "reply", "userId": MK_USER["id"],
                    "user": MK_USER, "note": MK_REPLY}]),
    http(200, [], dict(MK_BOT, description="#nobot", publicReactions=True)),
    http(200, [], {"createdNote": dict(MK_NOTE, visibility="home")}),
    http(204, [], ""),
    http(202, [], mk_error("PROCESSING", "We are processing your request.")),
    http(429, [("Retry-After", "7")], mk_error("RATE_LIMIT_EXCEEDED", "Rate limit exceeded. Please try again later.",
                                               "d5826d14-3982-4d2e-8011-b9e9f02499ef", resetMs=1700000007000)),
    http(429, [("Retry-After", "Tue, 14 Nov 2023 22:14:00 GMT")], "<html>429 Too Many Requests</html>"),
    http(400, [], mk_error("REPLY_TO_BOT_NOT_ALLOWED", "Replying to another bot account is not allowed.")),
    http(400, [], mk_error("INVALID_PARAM", "Invalid param.", param="#/properties/limit/maximum", reason="must be <= 100")),
    http(401, [], mk_error("AUTHENTICATION_FAILED", "Authentication failed. Please ensure your token is correct.")),
    http(200, [], [dict(MK_NOTE, id="1"), dict(MK_NOTE, id="9zz00000fake0009"), dict(MK_NOTE, id="0")]),
])


def mk_export(notes):
    return "[" + ",\n".join(json.dumps(note, ensure_ascii=False) for note in notes) + "]"


MK_EXPORTED = {"id": "9a1b2c3d4e0a0001", "text": "今日もいい天気だ", "createdAt": "2024-01-01T12:00:00.000Z", "fileIds": [],
               "files": [], "replyId": None, "renoteId": None, "poll": None, "cw": None, "visibility": "public",
               "visibleUserIds": [], "localOnly": False, "reactionAcceptance": None}

# Tests/AdapterTests/Misskey/MisskeyExportImportTests.swift: ExportNotesProcessorService's shape.
write("misskey-export", [
    mk_export([MK_EXPORTED, dict(MK_EXPORTED, id="9a1b2c3d4e0a0002", replyId="9a1b2c3d4e0a0001", text="続き"),
               dict(MK_EXPORTED, id="9a1b2c3d4e0a0003", text=None, renoteId="9zzzzzzzzz0a0001"),
               dict(MK_EXPORTED, id="9a1b2c3d4e0a0004", visibility="followers"),
               dict(MK_EXPORTED, id="9a1b2c3d4e0a0005", cw="ネタバレ", visibility="home")]),
    mk_export([dict(MK_EXPORTED, createdAt="yesterday")]),
    mk_export([dict(MK_EXPORTED, visibility="unlisted")]),
    mk_export([{"id": "9a1b2c3d4e0a0006", "text": "x"}]),
    "[]",
    '{"notes": []}',
])
