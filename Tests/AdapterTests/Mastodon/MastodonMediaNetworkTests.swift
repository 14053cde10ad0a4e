import CoreTestSupport
import FakeMastodon
import Foundation
import MirrorBot
import MirrorBotMastodon
import Testing

@Suite("MastodonNetwork carries pictures: read with their alt texts, uploaded and attached in order")
struct MastodonMediaNetworkTests {
    /// A PNG's signature and a few bytes telling the pictures apart.
    static func png(_ tag: UInt8) -> Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, tag, tag, tag]) }

    static let pictures = [
        FakeMastodonPicture(data: png(1), description: "A red sun over the sea", width: 1200, height: 800),
        FakeMastodonPicture(data: png(2), description: "The same sun, lower", width: 800, height: 1200),
        FakeMastodonPicture(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 3, 3]), contentType: "image/jpeg"),
    ]

    @Test("the human's statuses come with their media in order: kind, URL, alt text, size, the status's sensitive flag")
    func mediaRead() async throws {
        let world = try MastodonNetworkTests.World()
        let id = world.server.addStatus(accountID: "1", text: "sunset", pictures: Self.pictures, sensitive: true)
        let posts = try await allPosts(world.human.posts(of: "1", after: nil, limit: 10))
        let media = try #require(posts.first { $0.id == id }?.media)
        #expect(media.map(\.altText) == ["A red sun over the sea", "The same sun, lower", nil])
        #expect(media.map(\.kind) == [.photo, .photo, .photo])
        #expect(media.map(\.width) == [1200, 800, nil])
        #expect(media.allSatisfy { $0.sensitive })
        let files = world.server.baseURL.absoluteString + "/system/media_attachments/files/"
        #expect(media[0].url.hasPrefix(files))
    }

    @Test("a post with pictures goes out with the same bytes, in order, with the same alt texts, after the uploads' processing")
    func carried() async throws {
        let world = try MastodonNetworkTests.World()
        // Processing takes one poll: the upload answers 202 and url null first.
        world.server.setMediaProcessing(polls: 1)
        let id = world.server.addStatus(accountID: "1", text: "sunset", pictures: Self.pictures)
        let source = try #require(try await allPosts(world.human.posts(of: "1", after: nil, limit: 10)).first { $0.id == id })
        let posted = try await world.bot.post(whole: Post(source))
        let attached = world.server.media(ofStatus: posted)
        #expect(attached.map(\.data) == Self.pictures.map(\.data))
        #expect(attached.map(\.description) == Self.pictures.map(\.description))
        #expect(attached.map(\.contentType) == ["image/png", "image/png", "image/jpeg"])
        #expect(attached.allSatisfy { $0.accountID == "2" })
        #expect(world.server.status(id: posted)?.text == "sunset")
        #expect(world.server.status(id: posted)?.sensitive == false)
    }

    @Test("a picture-only post goes out with its picture and no text")
    func pictureOnly() async throws {
        let world = try MastodonNetworkTests.World()
        world.server.setMediaProcessing(polls: 0)
        let id = world.server.addStatus(accountID: "1", text: "", pictures: [Self.pictures[0]])
        let source = try #require(try await allPosts(world.human.posts(of: "1", after: nil, limit: 10)).first { $0.id == id })
        #expect(source.text.isEmpty)
        let posted = try await world.bot.post(whole: Post(source))
        #expect(world.server.media(ofStatus: posted).map(\.data) == [Self.pictures[0].data])
        #expect(world.server.status(id: posted)?.text == "")
    }

    @Test("a picture its host no longer serves: not carried, nothing uploaded and nothing posted")
    func goneAtSource() async throws {
        let world = try MastodonNetworkTests.World()
        world.server.setMediaProcessing(polls: 0)
        let id = world.server.addStatus(accountID: "1", text: "sunset", pictures: Self.pictures)
        world.server.removeFile(ofStatus: id, at: 1)
        let source = try #require(try await allPosts(world.human.posts(of: "1", after: nil, limit: 10)).first { $0.id == id })
        let before = world.server.writes.count
        await #expect {
            try await world.bot.post(whole: Post(source))
        } throws: { error in
            (error as? MediaNotCarried)?.reason.hasPrefix("picture 2 of 3 (") == true && "\(error)".hasSuffix("the source answered 404")
        }
        #expect(world.server.writes.count == before)
        #expect(world.server.uploads.isEmpty)
    }

    @Test("what Mastodon cannot take is not carried: five pictures, a video with pictures, alt text over 1,500 characters")
    func overLimits() async throws {
        let world = try MastodonNetworkTests.World()
        let picture = PostMedia(kind: .photo, url: world.server.baseURL.absoluteString + "/system/none.png")
        let five = Post(id: "9", text: "five", createdAt: Date(), media: Array(repeating: picture, count: 5))
        await #expect(throws: MediaNotCarried(reason: "5 pictures; Mastodon attaches at most 4", lasting: true)) { try await world.bot.post(whole: five) }
        var mixed = five
        mixed.media = [picture, PostMedia(kind: .video, url: picture.url)]
        await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: mixed) }
        var long = five
        long.media = [PostMedia(kind: .photo, url: picture.url, altText: String(repeating: "a", count: 1_501))]
        await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: long) }
        #expect(world.server.uploads.isEmpty)
        #expect(world.server.writes.isEmpty)
    }
}
