import CoreTestSupport
import FakeMisskey
import Foundation
import MirrorBot
import MirrorBotMisskey
import MisskeyAPI
import Testing

@Suite("MisskeyNetwork carries pictures: read with their alt texts, uploaded to the drive and attached in order")
struct MisskeyMediaNetworkTests {
    @Test("a file deleted from the drive (in fileIds, not packed in files) is kept in its place as media that cannot be carried")
    func deletedFile() {
        let user = MisskeyUser(id: "u1", username: "human")
        let kept = MisskeyDriveFile(id: "f2", type: "image/png", url: "https://misskey.example/files/f2", comment: "two")
        let note = MisskeyNote(
            id: "n1", createdAt: "2026-12-04T10:00:00.000Z", text: "three pictures", userId: "u1", user: user,
            fileIds: ["f1", "f2", "f3"], files: [kept])
        let media = MisskeyNetwork.noteMedia(note)
        #expect(media.map(\.kind) == [.other, .photo, .other])
        #expect(media.map(\.url) == ["", "https://misskey.example/files/f2", ""])
        #expect(media[1].altText == "two")
        // Without fileIds (an older server), the packed files as they are.
        #expect(MisskeyNetwork.noteMedia(MisskeyNote(
            id: "n2", createdAt: "2026-12-04T10:00:00.000Z", text: nil, userId: "u1", user: user, files: [kept])).count == 1)
    }

    /// A PNG's signature, an IHDR giving `width` x `height`, and a byte telling the pictures apart.
    static func png(_ tag: UInt8, width: UInt8 = 120, height: UInt8 = 80) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, width, 0, 0, 0, height, tag, tag])
    }

    static let pictures = [
        FakeMisskeyPicture(data: png(1), name: "sun.png", comment: "A red sun over the sea"),
        FakeMisskeyPicture(data: png(2, width: 80, height: 120), name: "sun2.png", comment: "The same sun, lower", isSensitive: true),
        FakeMisskeyPicture(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 3, 3]), name: "sea.jpg"),
    ]

    static func source(_ world: MisskeyNetworkTests.World, _ id: String) async throws -> NetworkPost {
        try #require(try await MisskeyNetworkTests.all(world.human.posts(of: world.humanID, after: nil, limit: 10)).first { $0.id == id })
    }

    @Test("the human's notes come with their files in order: kind, URL, alt text (comment), size, each file's own sensitive flag")
    func mediaRead() async throws {
        let world = try MisskeyNetworkTests.World()
        let id = world.server.addNote(userId: world.humanID, text: "sunset", pictures: Self.pictures)
        let media = try await Self.source(world, id).media
        #expect(media.map(\.altText) == ["A red sun over the sea", "The same sun, lower", nil])
        #expect(media.map(\.kind) == [.photo, .photo, .photo])
        #expect(media.map(\.width) == [120, 80, nil])
        #expect(media.map(\.height) == [80, 120, nil])
        #expect(media.map(\.sensitive) == [false, true, false])
        #expect(media.allSatisfy { $0.url.hasPrefix(world.server.baseURL.absoluteString + "/files/") })
    }

    @Test("a post with pictures goes out with the same bytes, in order, the same alt texts and sensitive flags, as the bot's own files")
    func carried() async throws {
        let world = try MisskeyNetworkTests.World()
        let id = world.server.addNote(userId: world.humanID, text: "sunset", pictures: Self.pictures, cw: "眩しい")
        let posted = try await world.bot.post(whole: Post(try await Self.source(world, id)))
        let attached = world.server.files(ofNote: posted)
        #expect(attached.map(\.data) == Self.pictures.map(\.data))
        #expect(attached.map(\.comment) == Self.pictures.map(\.comment))
        #expect(attached.map(\.isSensitive) == [false, true, false])
        #expect(attached.map(\.type) == ["image/png", "image/png", "image/jpeg"])
        #expect(attached.allSatisfy { $0.userId == world.botID })
        #expect(world.server.note(id: posted)?.text == "sunset")
        #expect(world.server.note(id: posted)?.cw == "眩しい")
        #expect(world.server.uploads.count == 3)
    }

    @Test("a picture-only post goes out with its picture and no text")
    func pictureOnly() async throws {
        let world = try MisskeyNetworkTests.World()
        let id = world.server.addNote(userId: world.humanID, text: nil, pictures: [Self.pictures[0]])
        let source = try await Self.source(world, id)
        #expect(source.text.isEmpty)
        let posted = try await world.bot.post(whole: Post(source))
        #expect(world.server.files(ofNote: posted).map(\.data) == [Self.pictures[0].data])
        #expect(world.server.note(id: posted)?.text == nil)
    }

    @Test("a picture its host no longer serves: not carried, nothing uploaded and nothing posted")
    func goneAtSource() async throws {
        let world = try MisskeyNetworkTests.World()
        let id = world.server.addNote(userId: world.humanID, text: "sunset", pictures: Self.pictures)
        world.server.removeFile(ofNote: id, at: 1)
        let source = try await Self.source(world, id)
        await #expect {
            try await world.bot.post(whole: Post(source))
        } throws: { error in
            (error as? MediaNotCarried)?.reason.hasPrefix("picture 2 of 3 (") == true && "\(error)".hasSuffix("the source answered 404")
        }
        #expect(world.server.writes.isEmpty)
        #expect(world.server.uploads.isEmpty)
    }

    @Test("what Misskey cannot take is not carried: 17 files, alt text over 512 characters, audio, a file over the server's size")
    func overLimits() async throws {
        let world = try MisskeyNetworkTests.World()
        let url = world.server.addPictures([Self.pictures[0]], toNote: world.server.addNote(userId: world.humanID, text: "x"))[0]
        let picture = PostMedia(kind: .photo, url: url)
        var post = Post(id: "9", text: "many", createdAt: Date(), media: Array(repeating: picture, count: 17))
        await #expect(throws: MediaNotCarried(reason: "17 pictures; Misskey attaches at most 16 to a note", lasting: true)) { try await world.bot.post(whole: post) }
        post.media = [PostMedia(kind: .photo, url: url, altText: String(repeating: "あ", count: 513))]
        await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: post) }
        post.media = [PostMedia(kind: .other, url: url)]
        await #expect(throws: MediaNotCarried.self) { try await world.bot.post(whole: post) }
        world.server.setMaxFileSize(10)
        post.media = [picture]
        // Refused by the bot's server, not by the post: not lasting (the post may go once the limit changes).
        await #expect {
            try await world.bot.post(whole: post)
        } throws: { error in
            "\(error)".hasSuffix("Misskey refused the upload as too large (HTTP 413)") && (error as? MediaNotCarried)?.lasting == false
        }
        #expect(world.server.uploads.isEmpty)
        #expect(world.server.writes.isEmpty)
        // Alt text of exactly 512 characters is Misskey's own limit: carried.
        world.server.setMaxFileSize(262_144_000)
        post.media = [PostMedia(kind: .photo, url: url, altText: String(repeating: "あ", count: 512))]
        let posted = try await world.bot.post(whole: post)
        #expect(world.server.files(ofNote: posted).map(\.comment) == [String(repeating: "あ", count: 512)])
    }

    @Test("a bot token without write:drive: the picture is not carried, the reason says how to sign in again")
    func withoutDrivePermission() async throws {
        let world = try MisskeyNetworkTests.World()
        let token = world.server.addToken(userId: world.botID, permissions: FakeMisskeyServer.allPermissions.subtracting(["write:drive"]))
        let bot = MisskeyNetwork(baseURL: world.server.baseURL, token: token)
        let id = world.server.addNote(userId: world.humanID, text: "sunset", pictures: [Self.pictures[0]])
        let source = try await Self.source(world, id)
        await #expect {
            try await bot.post(whole: Post(source))
        } throws: { error in "\(error)".contains("lacks write:drive") }
        #expect(world.server.writes.isEmpty)
    }
}
