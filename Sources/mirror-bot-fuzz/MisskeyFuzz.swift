import APIClientCore
import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport
import MisskeyAPI
@testable import MirrorBotMisskey

extension FuzzTarget {
    /// A Misskey notes export (`notes-*.json`), read and checked as `mirror-bot import` does.
    static let misskeyExport = FuzzTarget(name: "misskey-export", about: "notes-*.json: MisskeyExportArray, MisskeyExportNote, the posts") { bytes in
        expectingInputErrors {
            let array: MisskeyExportArray
            do {
                array = try JSONDecoder().decode(MisskeyExportArray.self, from: Data(bytes))
            } catch {
                throw InputError(file: "notes-fuzz.json", message: "not JSON")
            }
            let reading = try ArchiveImporter.misskeyPosts(array, file: "notes-fuzz.json", dates: .misskey(now: fuzzNow))
            fuzzCheck(
                reading.posts.count + reading.renotes + reading.privateSkipped == array.items.count,
                "notes counted apart from the array: \(reading.posts.count) + \(reading.renotes) + \(reading.privateSkipped) of \(array.items.count)")
            // Warned notes are kept with their cw (issue 40): counted among the posts, each kept warning from one.
            fuzzCheck(reading.warned <= reading.posts.count, "more warned than kept")
            fuzzCheck(reading.posts.filter { $0.warning != nil }.count <= reading.warned, "a warning kept on a note without a cw")
            for post in reading.posts { exercise(post) }
        }
    }

    /// A Misskey answer (status, headers, body) given to every attempt of the requests the bot
    /// sends, through the shared client (`APIClient<MisskeyDialect>`, `Retry-After`, Misskey's
    /// error codes), notes mapped to posts as the daemon does; then `MisskeyNetwork`'s walks
    /// (`MisskeyPager` both ways), a reply and a reaction. Checked as for the other networks
    /// (`FuzzClientHarness`): only `MisskeyAPIError` (`NetworkError` from the seam), waits
    /// within the bound, the token in no error line.
    static let misskeyResponse = FuzzTarget(name: "misskey-response", about: "MisskeyClient over one answer: MisskeyNote, Retry-After, MisskeyPager, MisskeyNetwork") { bytes in
        let answer = FuzzHTTPResponse(bytes)
        let harness = FuzzClientHarness(
            reply: answer.reply, input: text(bytes), secrets: [MisskeyFuzz.token], configuration: MisskeyFuzz.configuration,
            scheme: .misskey)
        blocking { await MisskeyFuzz.run(harness) }
    }
}

enum MisskeyFuzz {
    static let token = "mk-Qz81Lw27Hp5Xc40Rt6Yb93Nm0Ad2Ks7V"
    static let base = URL(string: "https://misskey.example") ?? URL(fileURLWithPath: "/")
    static let configuration = FuzzClientHarness.configuration(baseURL: base)

    static func run(_ harness: FuzzClientHarness) async {
        let client = MisskeyClient(
            token: token, configuration: configuration, clock: harness, jitter: { 0.5 },
            transport: harness)
        await requests(client, harness)
        await network(MisskeyNetwork(client: client), harness)
    }

    /// Each request the bot sends, at the client: only `MisskeyAPIError`.
    static func requests(_ client: MisskeyClient, _ harness: FuzzClientHarness) async {
        if let notes = await call(harness, "POST /api/users/notes", { try await client.send(MisskeyPaged(UserNotes(userId: "9zz0"), sinceId: "9a")) }) {
            for note in notes {
                _ = MisskeyNetwork.isPublic(note)
                exercise(Post(MisskeyNetwork.post(note)))
            }
        }
        if let notifications = await call(harness, "POST /api/i/notifications", { try await client.send(MisskeyPaged(GetNotifications())) }) {
            for case let note? in notifications.map(\.note) { _ = MisskeyNetwork.post(note) }
        }
        _ = await call(harness, "POST /api/i") { try await client.send(GetI()) }
        _ = await call(harness, "POST /api/notes/create") { try await client.send(CreateNote(text: "y", replyId: "9b")) }
        _ = await call(harness, "POST /api/notes/reactions/create") { try await client.send(CreateReaction(noteId: "9b", reaction: "❤")) }
    }

    /// Through the seam, as the daemon calls it: only `NetworkError`; walks of at most three pages.
    static func network(_ network: MisskeyNetwork, _ harness: FuzzClientHarness) async {
        await harness.walk("MisskeyNetwork.posts", pages: 3, limit: 12) { network.posts(of: "9zz0", after: "9a", limit: 12) }
        await harness.walk("MisskeyNetwork.mentions", pages: 3, limit: 12) { network.mentions(of: "9zz0", after: "notification:9a", limit: 12) }
        await harness.walk("MisskeyNetwork.likes", pages: 3, limit: 12) { network.likes(of: "9zz0", limit: 12) }
        let pager = network.client.pager(UserNotes(userId: "9zz0"), order: .oldestFirst(after: "9a"), limit: 12)
        _ = await harness.call("MisskeyPager.oldestFirst", failing: MisskeyAPIError.self) {
            var last = "9a"
            for _ in 0..<3 {
                guard let page = try await pager.next() else { break }
                for note in page {
                    fuzzCheck(MisskeyID.isNewer(note.id, than: last), "an oldest-first walk went back: \(note.id) after \(last)")
                    last = note.id
                }
            }
        }
        _ = await harness.call("MisskeyNetwork.post", failing: NetworkError.self) { 
            try await network.post(text: "y", inReplyTo: NetworkPost(id: "9b", text: "", createdAt: Date(timeIntervalSince1970: 0), authorID: "9zz1"))
        }
        _ = await harness.call("MisskeyNetwork.like", failing: NetworkError.self) { try await network.like(postID: "9b", as: "9zz0") }
    }

    private static func call<T>(_ harness: FuzzClientHarness, _ name: String, _ body: () async throws -> T) async -> T? {
        await harness.call(name, failing: MisskeyAPIError.self, seam: MisskeyNetwork.networkError, body)
    }
}
