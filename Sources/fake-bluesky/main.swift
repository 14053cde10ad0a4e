// fake-bluesky: a fake Bluesky (PDS and AppView in one) on 127.0.0.1 for the demo.
//
//     fake-bluesky --port P --state FILE.json [--no-scheduled | --scheduled-on-usr1]
//
// Port 0 (the default) picks a free port. Prints `fake-bluesky listening port=P` once
// ready, then one line per accepted write (`fake-bluesky write post at://… text="…" facets=N`,
// `… reply at://… parent=… root=… text="…"`, `… like by=DID subject=at://…`) and per
// scheduled post or like as it happens (`fake-bluesky scheduled post uri=… author=@handle
// text="…"`, `fake-bluesky scheduled like by=@handle subject=at://…`), and serves until
// SIGTERM or SIGINT. The scheduled activity starts at once, never (`--no-scheduled`), or on
// SIGUSR1 (`--scheduled-on-usr1`: the demo trains against the same server first, so the
// sessions it keeps stay valid for the daemon). It is as strict as `FakeBlueskyServer`:
// app-password logins, access tokens that expire, facets and replies checked.
//
// The state file (demo/bluesky/seed.json is one; every field but DIDs, handles, texts
// and subjects optional):
//
//     {
//       "settings": { "rate_limit": {"limit": 3000, "window": 300}, "access_token_lifetime": 7200,
//                     "fault": "server_error", "fault_probability": 0.0 },
//       "accounts": [
//         { "did": "did:plc:…", "handle": "alice.test", "name": "Alice", "app_password": "xxxx-xxxx-xxxx-xxxx",
//           "self_labels": ["bot"], "follows": ["did:plc:…"] }
//       ],
//       "posts": [                                   // oldest first; facets as the app makes them
//         { "did": "did:plc:…", "rkey": "3myq6hhomu22b", "text": "good morning",
//           "created_at": "2026-10-25T21:43:33.000Z", "reply_to": "at://did:plc:…/app.bsky.feed.post/…" }
//       ],
//       "likes": [ { "did": "did:plc:…", "subject": "at://…", "created_at": "…" } ],
//       "scheduled": [                               // real seconds after the schedule starts
//         { "after_seconds": 5, "did": "did:plc:…", "text": "@bot.test hi" },
//         { "after_seconds": 9, "did": "did:plc:…", "like": "at://…" }
//       ]
//     }
import FakeBluesky
import FakeHTTP
import Foundation

let commandLine = FakeServerCommandLine(name: "fake-bluesky", flags: FakeServerCommandLine.scheduleFlags)
let server = FakeBlueskyServer(onWrite: { write in commandLine.emit("fake-bluesky write \(write)") })
let seed = commandLine.launch(load: server.load(contentsOf:), start: server.start(port:))
let lines = FakeScheduleLines(server: "fake-bluesky", accounts: seed?.accounts.map { ($0.did, $0.handle) } ?? [])
let schedule = commandLine.schedule {
    let entries = seed?.scheduled ?? []
    commandLine.emit(lines.started(entries: entries.count))
    server.schedule(entries) { entry, uri in
        commandLine.emit(entry.like != nil ? lines.like(by: entry.did, subject: uri) : lines.post("uri", uri, by: entry.did, text: entry.text ?? ""))
    }
}
withExtendedLifetime(schedule) { commandLine.serveUntilSignalled { server.stop() } }
