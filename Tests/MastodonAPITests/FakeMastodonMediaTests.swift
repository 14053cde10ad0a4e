import APIClientCore
import FakeMastodon
import Foundation
import MastodonAPI
import Testing

/// The fake takes uploads as strictly as Mastodon (docs.joinmastodon.org/methods/media,
/// `MediaAttachment` and `PostStatusService#validate_media!`): what it refuses here, the real
/// server refuses too.
@Suite("Fake Mastodon media: uploads checked, processed, attached as Mastodon does")
struct FakeMastodonMediaTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1])

    func refusal(_ body: () async throws -> Void) async -> (status: Int, detail: String)? {
        do {
            try await body()
        } catch MastodonAPIError.failed(_, let status, let detail) {
            return (status, detail)
        } catch {
            return nil
        }
        return nil
    }

    @Test("an upload answers 202 with url null, GET /api/v1/media/:id 206 until processed, then 200 with its url")
    func processing() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.setMediaProcessing(polls: 2)
        let client = fixture.client(fixture.botToken)
        let upload = try await client.send(UploadMedia(data: Self.png, contentType: "image/png", filename: "a.png", description: "alt"))
        #expect(upload.url == nil)
        #expect(try await client.send(GetMedia(mediaID: upload.id)).url == nil)
        // Not yet processed: a status cannot take it.
        let early = await refusal { _ = try await client.send(PostStatus(status: "x", mediaIDs: [upload.id])) }
        #expect(early?.status == 422)
        #expect(early?.detail == "Cannot attach files that have not finished processing. Try again in a moment!")
        let done = try await client.send(GetMedia(mediaID: upload.id))
        #expect(done.url != nil)
        #expect(done.description == "alt")
        let status = try await client.send(PostStatus(status: "", mediaIDs: [upload.id]))
        #expect(status.mediaAttachments.map(\.id) == [upload.id])
        #expect(fixture.server.media(ofStatus: status.id).map(\.data) == [Self.png])
        // Another account cannot see it (404), nor attach it again (422).
        let other = fixture.client(fixture.humanToken)
        #expect(await refusal { _ = try await other.send(GetMedia(mediaID: upload.id)) }?.status == 404)
        let again = await refusal { _ = try await client.send(PostStatus(status: "again", mediaIDs: [upload.id])) }
        #expect(again?.detail == "Media \(upload.id) not found or already attached to another post")
    }

    @Test("refused uploads: a type Mastodon does not take, bytes that are not what the type says, alt text over 1,500 characters")
    func refusedUploads() async throws {
        let fixture = try FakeMastodonFixture()
        let client = fixture.client(fixture.botToken)
        let invalid = "Validation failed: File content type is invalid, File is invalid"
        #expect(await refusal { _ = try await client.send(UploadMedia(data: Self.png, contentType: "image/svg+xml", filename: "a.svg", description: nil)) }?.detail == invalid)
        #expect(await refusal { _ = try await client.send(UploadMedia(data: Data("text".utf8), contentType: "image/png", filename: "a.png", description: nil)) }?.detail == invalid)
        let long = await refusal {
            _ = try await client.send(UploadMedia(data: Self.png, contentType: "image/png", filename: "a.png", description: String(repeating: "é", count: 1_501)))
        }
        #expect(long?.detail == "Validation failed: Description is too long (maximum is 1500 characters)")
        _ = try await client.send(UploadMedia(data: Self.png, contentType: "image/png", filename: "a.png", description: String(repeating: "é", count: 1_500)))
        #expect(fixture.server.uploads.count == 1)
    }

    @Test("a status takes at most 4 media, the account's own, and no video beside pictures")
    func attachLimits() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.setMediaProcessing(polls: 0)
        let client = fixture.client(fixture.botToken)
        var ids: [String] = []
        for _ in 0..<5 {
            ids.append(try await client.send(UploadMedia(data: Self.png, contentType: "image/png", filename: "a.png", description: nil)).id)
        }
        #expect(await refusal { _ = try await client.send(PostStatus(status: "five", mediaIDs: ids)) }?.detail == "Cannot attach more than 4 files")
        let human = fixture.client(fixture.humanToken)
        let foreign = await refusal { _ = try await human.send(PostStatus(status: "not mine", mediaIDs: [ids[0]])) }
        #expect(foreign?.detail == "Media \(ids[0]) not found or already attached to another post")
        let video = try await client.send(UploadMedia(data: Data([0, 0, 0, 0x18]), contentType: "video/mp4", filename: "v.mp4", description: nil))
        #expect(video.type == "video")
        let mixed = await refusal { _ = try await client.send(PostStatus(status: "mixed", mediaIDs: [ids[0], video.id])) }
        #expect(mixed?.detail == "Cannot attach a video to a post that already contains images")
        let four = try await client.send(PostStatus(status: "four", mediaIDs: Array(ids.prefix(4)).reversed()))
        #expect(four.mediaAttachments.map(\.id) == Array(ids.prefix(4)).reversed())
    }
}
