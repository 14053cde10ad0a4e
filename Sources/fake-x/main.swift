// fake-x: a fake X API v2 server on 127.0.0.1 for the demo and end-to-end tests.
//
//     fake-x --port P --state FILE.json [--no-scheduled]
//
// Port 0 (the default) picks a free port. Prints `fake-x listening port=P` once
// ready, then one line per accepted write (`fake-x write post id=... author=... text="..."`,
// `... reply ... in_reply_to=...`, `... like user=... tweet=...`) and per scheduled
// post as it appears (`fake-x scheduled post id=... author=@name text="..."`), and
// serves until SIGTERM or SIGINT. Every request must carry a valid OAuth 1.0a signature made
// with a user's credentials from the state file.
//
// The state file (every field but ids, usernames, author_id and text optional):
//
//     {
//       "settings": {
//         "likes_forbidden": false,            // 403 on every like, as X's self-serve tiers
//         "replies_require_mention": false,    // 403 on replies to posts that did not mention the replier
//         "rate_limits": { "GET /2/users/:id/mentions": { "limit": 300, "window": 900 } },
//         "fault": "server_error",             // or garbage_body, drop_connection ...
//         "fault_probability": 0.0             // ... for this share of requests
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
import Dispatch
import FakeX
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fake-x: \(message)\nusage: fake-x --port P --state FILE.json [--no-scheduled]\n".utf8))
    exit(64)
}

var port = 0
var statePath: String?
var runScheduled = true
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port":
        guard let value = arguments.popFirst(), let number = Int(value), (0...65535).contains(number) else {
            fail("--port needs a number from 0 to 65535")
        }
        port = number
    case "--state":
        guard let value = arguments.popFirst() else { fail("--state needs a file") }
        statePath = value
    case "--no-scheduled":
        runScheduled = false
    case "--help", "-h":
        print("usage: fake-x --port P --state FILE.json [--no-scheduled]")
        exit(0)
    default:
        fail("unknown argument \"\(argument)\"")
    }
}

/// One line on stdout, unbuffered (scripts wait for the listening line).
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let server = FakeXServer(onWrite: { write in emit("fake-x write \(write)") })
do {
    let seed = try statePath.map { try server.load(contentsOf: URL(fileURLWithPath: $0)) }
    let actual = try server.start(port: port)
    emit("fake-x listening port=\(actual)")
    let usernames = Dictionary(seed?.users.map { ($0.id, $0.username) } ?? [], uniquingKeysWith: { first, _ in first })
    server.schedule(runScheduled ? seed?.scheduled ?? [] : []) { entry, id in
        let author = usernames[entry.authorID].map { "@\($0)" } ?? entry.authorID
        emit("fake-x scheduled post id=\(id) author=\(author) text=\(entry.text.debugDescription)")
    }
} catch {
    fail("\(error)")
}

signal(SIGTERM, SIG_IGN)
signal(SIGINT, SIG_IGN)
let signals = [SIGTERM, SIGINT].map { DispatchSource.makeSignalSource(signal: $0, queue: .main) }
for source in signals {
    source.setEventHandler {
        server.stop()
        exit(0)
    }
    source.resume()
}
dispatchMain()
