// fake-misskey: a fake Misskey server on 127.0.0.1 for the demo.
//
//     fake-misskey --port P --state FILE.json [--no-scheduled | --scheduled-on-usr1]
//
// Port 0 (the default) picks a free port. Prints `fake-misskey listening port=P` once ready,
// then one line per accepted write (`fake-misskey write note id=… user=… visibility=home
// text="…"`, `… reply id=… reply_to=… …`, `… reaction user=… note=… reaction=❤`) and per
// scheduled note or reaction as it happens (`fake-misskey scheduled post id=… author=@name
// text="…"`, `fake-misskey scheduled like by=@name subject=<note id>`: the words demo/pretty.py
// reads from every fake), and serves until SIGTERM or
// SIGINT. It is as strict as `FakeMisskeyServer` (tokens, permissions, parameters, limits,
// misskey.io's idempotency and bot rule). The scheduled activity starts at once, never
// (`--no-scheduled`), or on SIGUSR1 (`--scheduled-on-usr1`). The MiAuth page is allowed by a
// browser sending the cookie `fake_signed_in_as=USERNAME`.
//
// The state file (demo/misskey/seed.json is one, written by demo/generate.py):
//
//     {
//       "users": [ { "id": "a2gp3400user0001", "username": "haru_demo", "name": "Haru",
//                    "token": "32 letters and digits", "is_bot": false, "follows": ["…"] } ],
//       "notes": [ { "id": "<aidx: its time part is when it was made>", "user_id": "…", "text": "…",
//                    "reply_id": "…" } ],                       // oldest first
//       "reactions": [ { "id": "<aidx>", "user_id": "…", "note_id": "…", "reaction": "❤" } ],
//       "scheduled": [ { "after_seconds": 5, "user_id": "…", "text": "@haru_mirror …" },
//                      { "after_seconds": 12, "user_id": "…", "react": "<note id>" } ]
//     }
import FakeHTTP
import FakeMisskey
import Foundation

let commandLine = FakeServerCommandLine(name: "fake-misskey", flags: FakeServerCommandLine.scheduleFlags)
let server = FakeMisskeyServer(onWrite: { write in commandLine.emit("fake-misskey write \(write)") })
let seed = commandLine.launch(load: server.load(contentsOf:), start: server.start(port:))
let lines = FakeScheduleLines(server: "fake-misskey", accounts: seed?.users.map { ($0.id, $0.username) } ?? [])
let schedule = commandLine.schedule {
    let entries = seed?.scheduled ?? []
    commandLine.emit(lines.started(entries: entries.count))
    server.schedule(entries) { entry, id in
        commandLine.emit(entry.react != nil ? lines.like(by: entry.userId, subject: id) : lines.post("id", id, by: entry.userId, text: entry.text ?? ""))
    }
}
withExtendedLifetime(schedule) { commandLine.serveUntilSignalled { server.stop() } }
