// fake-x: a fake X API v2 server on 127.0.0.1 for the demo and end-to-end tests.
//
//     fake-x --port P --state FILE.json [--no-scheduled | --scheduled-on-usr1]
//
// Port 0 (the default) picks a free port. Prints `fake-x listening port=P` once
// ready, then one line per accepted write (`fake-x write post id=... author=... text="..."`,
// `... reply ... in_reply_to=...`, `... like user=... tweet=...`) and per scheduled
// post as it appears (`fake-x scheduled post id=... author=@name text="..."`), and
// serves until SIGTERM or SIGINT. The scheduled posts start at once, never (`--no-scheduled`),
// or on SIGUSR1 (`--scheduled-on-usr1`). Every request must carry a valid OAuth 1.0a signature
// made with a user's credentials from the state file, or with those the PIN flow issued: a user's
// consumer key and secret are an app that signs accounts in (oauth/request_token, authorize,
// access_token), and the authorize page shows a PIN to a browser sending the cookie
// `fake_signed_in_as=USERNAME`.
//
// The state file (every field but ids, usernames, author_id and text optional):
//
//     {
//       "settings": {
//         "likes_forbidden": false,            // 403 on every like, as X's self-serve tiers
//         "replies_require_mention": false,    // 403 on replies to posts that did not mention the replier
//         "rate_limits": { "GET /2/users/:id/mentions": { "limit": 300, "window": 900 } },
//         "app_rate_limits": { "POST /2/tweets": { "limit": 10000, "window": 86400 } },  // per consumer key, all its users
//         "fault": "server_error",             // or garbage_body, drop_connection ...
//         "fault_probability": 0.0,            // ... for this share of requests
//         "dialect": "tweet.fields"            // or post.fields: X's OpenAPI document 2.159 or 2.167
//       },
//       "users": [
//         { "id": "1", "username": "human", "name": "Human",
//           "consumer_key": "...", "consumer_secret": "...",
//           "access_token": "1-...", "access_token_secret": "...",
//           "follows": ["3"] }
//       ],
//       "tweets": [
//         { "id": "1000", "author_id": "1", "text": "good morning",
//           "created_at": "2021-01-06T18:40:40.000Z",
//           "in_reply_to_tweet_id": "999", "in_reply_to_user_id": "3",
//           "retweet_of": "998", "retweet": true }
//       ],
//       "likes": [ { "user_id": "1", "tweet_id": "1000" } ],  // oldest like first
//       "scheduled": [                     // posts that appear while it runs (not with --no-scheduled):
//         { "after_seconds": 8, "author_id": "3", "text": "@mirror hi",   // real seconds after start
//           "in_reply_to_tweet_id": "1000" }                   // optional
//       ]
//     }
//
// Posts without an id get a snowflake id from created_at; a tweet mentioning
// `@username` shows in that user's mentions; POST /2/tweets adds posts that
// show in timelines and mentions alike.
import FakeHTTP
import FakeX
import Foundation

let commandLine = FakeServerCommandLine(name: "fake-x", flags: FakeServerCommandLine.scheduleFlags)
let server = FakeXServer(onWrite: { write in commandLine.emit("fake-x write \(write)") })
let seed = commandLine.launch(load: server.load(contentsOf:), start: server.start(port:))
let lines = FakeScheduleLines(server: "fake-x", accounts: seed?.users.map { ($0.id, $0.username) } ?? [])
let schedule = commandLine.schedule {
    server.schedule(seed?.scheduled ?? []) { entry, id in
        commandLine.emit(lines.post("id", id, by: entry.authorID, text: entry.text))
    }
}
withExtendedLifetime(schedule) { commandLine.serveUntilSignalled { server.stop() } }
