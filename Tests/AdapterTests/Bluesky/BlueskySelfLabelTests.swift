import BlueskyAPI
import Foundation
import MirrorBot
import Testing

@testable import MirrorBotBluesky

@Suite("Bluesky self-labels on the human's posts are read as their sensitivity (issue 40)")
struct BlueskySelfLabelTests {
    static func record(labels: String) throws -> BlueskyPostRecord {
        let json = #"{"$type":"app.bsky.feed.post","text":"a statue","createdAt":"2024-03-01T10:00:00.000Z","labels":"# + labels + "}"
        return try JSONDecoder().decode(BlueskyPostRecord.self, from: Data(json.utf8))
    }

    @Test("the four content labels become the post's labels; other self-labels are no warning", arguments: [
        (#"{"$type":"com.atproto.label.defs#selfLabels","values":[{"val":"nudity"},{"val":"graphic-media"}]}"#,
         PostWarning(text: "", labels: [.graphicMedia, .nudity]) as PostWarning?),
        (#"{"$type":"com.atproto.label.defs#selfLabels","values":[{"val":"porn"},{"val":"sexual"}]}"#,
         PostWarning(text: "", labels: [.porn, .sexual])),
        (#"{"$type":"com.atproto.label.defs#selfLabels","values":[{"val":"!no-unauthenticated"}]}"#, nil),
        (#"{"$type":"com.atproto.label.defs#selfLabels","values":[]}"#, nil),
    ])
    func labelsRead(labels: String, expected: PostWarning?) throws {
        #expect(BlueskyPostMapping.warning(of: try Self.record(labels: labels)) == expected)
    }

    @Test("a labelled record round-trips with the selfLabels shape")
    func roundTrip() throws {
        let record = try Self.record(labels: #"{"$type":"com.atproto.label.defs#selfLabels","values":[{"val":"nudity"}]}"#)
        #expect(record.labels == BlueskySelfLabels(["nudity"]))
        let encoded = try #require(String(data: try JSONEncoder().encode(record), encoding: .utf8))
        #expect(encoded.contains(#""$type":"com.atproto.label.defs#selfLabels""#))
        #expect(try JSONDecoder().decode(BlueskyPostRecord.self, from: Data(encoded.utf8)) == record)
    }
}
