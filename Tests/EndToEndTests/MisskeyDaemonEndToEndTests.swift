import FakeMisskey
import Foundation
import MirrorBot
import TestSupport
import Testing

@Suite("mirror-bot import of a Misskey notes export", .serialized)
struct MisskeyImportEndToEndTests {
    @Test("the human's own notes are stored and counted, renotes skipped; a malformed export is refused naming the item, nothing stored")
    func importExport() async throws {
        try await MisskeyDaemonHarness.ready { harness in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("misskey-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            func note(_ id: String, _ text: String?, renote: String? = nil, visibility: String = "public") -> String {
                let textJSON = text.map { "\"\($0)\"" } ?? "null"
                let renoteJSON = renote.map { "\"\($0)\"" } ?? "null"
                return #"{"id":"\#(id)","text":\#(textJSON),"createdAt":"2024-03-01T10:00:00.000Z","fileIds":[],"files":[],"replyId":null,"renoteId":\#(renoteJSON),"poll":null,"cw":null,"visibility":"\#(visibility)","visibleUserIds":[],"localOnly":false,"reactionAcceptance":null}"#
            }
            let good = folder.appendingPathComponent("notes-2024-03-02-00-00-00.json")
            try Data(("[" + [
                note("9q1b2c3d4e0a0001", "エクスポートからのノート"), note("9q1b2c3d4e0a0002", "おうちで", visibility: "home"),
                note("9q1b2c3d4e0a0003", nil, renote: "9zzzzzzzzz0a0001"), note("9q1b2c3d4e0a0004", "内緒", visibility: "followers"),
            ].joined(separator: ",\n") + "]").utf8).write(to: good)
            let result = try BinaryRunner.run(["import", good.path], environment: harness.environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Imported 2 posts (0 already stored, 1 retweets skipped"), "\(result.stdout)")
            #expect(result.stdout.contains("1 followers-only, direct or content-warned skipped"), "\(result.stdout)")

            let bad = folder.appendingPathComponent("notes-2024-03-03-00-00-00.json")
            try Data(("[" + note("9q1b2c3d4e0a0005", "新しい") + ",\n{\"id\":\"9q1b2c3d4e0a0006\"}]").utf8).write(to: bad)
            let refused = try BinaryRunner.run(["import", bad.path], environment: harness.environment)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains(bad.path + ", [1]: the note cannot be read"), "\(refused.stderr)")
            let stored = try await harness.connection.query("SELECT count(*)::int AS n FROM posts WHERE id LIKE '9q1b%'").first?.decode("n", as: Int.self)
            #expect(stored == 2)
        }
    }
}
