import Foundation
import TestSupport

/// Writes made-up exports of the other networks in their real shapes, for `import-ratio
/// --shape`: a Mastodon account export (`outbox.json`: `Create` activities of public
/// `Note`s, 1 in 20 an `Announce`, 1 in 5 a reply to the account's own earlier post), a
/// Misskey notes export (`notes-….json`: one array of notes, 1 in 20 a renote without
/// text, 1 in 5 a reply) and a Bluesky repository (`repo.car`: the tests'
/// `BlueskyExportFixture`, DAG-CBOR blocks under their SHA-256 CIDs and a Merkle search
/// tree; 1 in 20 records a repost, 1 in 5 posts a reply to the account's earlier post).
/// Ten years of posts from August 2016 (Mastodon's first notes are from 2016), the JSON
/// shapes streamed through a small buffer.
struct BenchExportWriter {
    enum Shape: String { case mastodon, misskey, bluesky }

    var posts: Int
    var shape: Shape

    static let actor = "https://example.social/users/alice"

    /// Writes the export into `folder`; returns the path `mirror-bot import` takes.
    func write(to folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if shape == .bluesky { return try writeRepository(to: folder) }
        let file = folder.appendingPathComponent(shape == .mastodon ? "outbox.json" : "notes-2026-12-04-00-00-00.json")
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = FileHandle(forWritingAtPath: file.path) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? handle.close() }
        let spacing = min(3_150, 315_000_000 / max(posts, 1))
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var buffer = shape == .mastodon
            ? #"{"@context":"https://www.w3.org/ns/activitystreams","id":"outbox.json","type":"OrderedCollection","totalItems":\#(posts),"orderedItems":["#
            : "["
        for index in 0..<posts {
            let published = iso.string(from: Date(timeIntervalSince1970: Double(1_470_000_000 + index * spacing + (index * 7_919) % 1_800)))
            if index > 0 { buffer += "," }
            buffer += shape == .mastodon ? mastodonItem(index, published: published) : misskeyNote(index, createdAt: published)
            if buffer.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        buffer += shape == .mastodon ? "]}" : "]"
        try handle.write(contentsOf: Data(buffer.utf8))
        return shape == .mastodon ? folder : file
    }

    func mastodonItem(_ index: Int, published: String) -> String {
        let actor = Self.actor
        let public_ = "https://www.w3.org/ns/activitystreams#Public"
        if index % 20 == 19 {
            return #"{"id":"\#(actor)/statuses/\#(index)/activity","type":"Announce","actor":"\#(actor)","published":"\#(published)","to":["\#(public_)"],"cc":["\#(actor)/followers"],"object":"https://other.social/users/bob/statuses/\#(index)"}"#
        }
        let reply = index % 5 == 3 && index > 0 ? #""\#(actor)/statuses/\#(index - 1)""# : "null"
        let html = "<p>post \(index) of the benchmark, ひとりごと</p>"
        let note = #"{"id":"\#(actor)/statuses/\#(index)","type":"Note","summary":null,"inReplyTo":\#(reply),"published":"\#(published)","url":"https://example.social/@alice/\#(index)","attributedTo":"\#(actor)","to":["\#(public_)"],"cc":["\#(actor)/followers"],"sensitive":false,"atomUri":"\#(actor)/statuses/\#(index)","inReplyToAtomUri":\#(reply),"content":"\#(html)","contentMap":{"ja":"\#(html)"},"attachment":[],"tag":[]}"#
        return #"{"id":"\#(actor)/statuses/\#(index)/activity","type":"Create","actor":"\#(actor)","published":"\#(published)","to":["\#(public_)"],"cc":["\#(actor)/followers"],"object":\#(note)}"#
    }

    func misskeyNote(_ index: Int, createdAt: String) -> String {
        let id = String(format: "9a%014x", index)
        let text = index % 20 == 19 ? "null" : #""post \#(index) of the benchmark, ひとりごと""#
        let renote = index % 20 == 19 ? #""9zzzzzzzzz\#(String(format: "%06d", index))""# : "null"
        let reply = index % 5 == 3 && index > 0 ? #""\#(String(format: "9a%014x", index - 1))""# : "null"
        return #"{"id":"\#(id)","text":\#(text),"createdAt":"\#(createdAt)","fileIds":[],"files":[],"replyId":\#(reply),"renoteId":\#(renote),"poll":null,"cw":null,"visibility":"public","visibleUserIds":[],"localOnly":false,"reactionAcceptance":null}"#
    }

    static let did = "did:plc:benchbenchbenchbenchbenc"

    /// The Bluesky repository: record keys are TIDs (13 base32-sortable characters) in time order.
    func writeRepository(to folder: URL) throws -> URL {
        let spacing = min(3_150, 315_000_000 / max(posts, 1))
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func rkey(_ index: Int) -> String {
            let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz")
            var value = UInt64(1_470_000_000 + index) << 10, key = ""
            for _ in 0..<13 {
                key = String(alphabet[Int(value & 31)]) + key
                value >>= 5
            }
            return key
        }
        let records: [BlueskyExportFixture.Record] = (0..<posts).map { index in
            if index % 20 == 19 {
                return .repost(rkey: rkey(index), subject: "at://did:plc:otherotherotherotherothe/app.bsky.feed.post/\(rkey(index))")
            }
            let createdAt = iso.string(from: Date(timeIntervalSince1970: Double(1_470_000_000 + index * spacing + (index * 7_919) % 1_800)))
            let reply = index % 5 == 3 && index > 0 ? "at://\(Self.did)/app.bsky.feed.post/\(rkey(index - 1))" : nil
            return .post(rkey: rkey(index), text: "post \(index) of the benchmark, ひとりごと", createdAt: createdAt, replyTo: reply)
        }
        let file = folder.appendingPathComponent("repo.car")
        try Data(BlueskyExportFixture(did: Self.did, records: records).bytes()).write(to: file)
        return file
    }
}
