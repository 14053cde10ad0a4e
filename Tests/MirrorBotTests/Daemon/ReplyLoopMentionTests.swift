import CoreTestSupport
import Foundation
@testable import MirrorBot
import Testing

/// The bot pings no one nobody asked it to: a past reply naming someone else is never reused.
extension ReplyLoopTests {
    @Test("a past reply naming someone else is never sent; one naming no one is, and one naming only the author comes after it")
    func bodiesNamingOthersAreLeftOut() async throws {
        await humanReplied(["ありがとう、@bob にもよろしく", "またね @user7", "ありがとう！"], to: "7")
        network.addMentions([mention(101, from: "7"), mention(102, from: "7")], of: network.account.id)
        _ = try await loop().runOnce()
        #expect(network.writes.map(\.text) == ["ありがとう！", "またね @user7"])
        #expect(network.writes.allSatisfy { $0.text?.contains("@bob") == false })
    }

    @Test("when every past reply to the author names someone else, the mention is skipped with that reason, not answered")
    func everyBodyNamesOthers() async throws {
        await humanReplied(["thanks, and @bob too", "cc @carol.bsky.social"], to: "7")
        network.addMentions([mention(101, from: "7")], of: network.account.id)
        _ = try await loop().runOnce()
        _ = try await loop().runOnce()
        #expect(network.writes.isEmpty)
        let skipped = log.events("reply_skipped")
        #expect(skipped.count == 1)
        #expect(skipped.first?.contains("each of the 2 past replies to @user7 names someone else") == true)
        #expect(await claims.records["101"]?.state == .skipped)
        #expect(log.events("reply_silent").isEmpty)
    }
}
