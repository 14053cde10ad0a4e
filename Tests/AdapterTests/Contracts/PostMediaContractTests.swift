import Foundation
import MirrorBot
import Testing

/// A post's pictures are stored with it, in order, and picked as `POST_MEDIA` says (issue 40).
extension PostStoreContractTests {
    static let sunset = [
        PostMedia(kind: .photo, url: "https://files.example/1.png", altText: "A red sun over the sea", width: 1200, height: 800),
        PostMedia(kind: .photo, url: "https://files.example/2.jpg", altText: "The same sun, lower", width: 800, height: 1200, sensitive: true),
        PostMedia(kind: .gifv, url: "https://files.example/3.mp4"),
    ]

    @Test("a post's media are stored whole and in order, one at a time or in an import's bulk", arguments: StoreKind.allCases)
    func mediaStored(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            var pictured = post("1", "look at this sunset", 10, 0)
            pictured.media = Self.sunset
            try await stores.posts.store([pictured])
            let never = Date(timeIntervalSince1970: 0)
            let picked = try await stores.picker.pickPost(near: 600, window: 60, allowMentions: false, allowWarned: false, media: .whole, notSince: never)
            #expect(picked?.media == Self.sunset)
            try await stores.posts.removeAll()
            // More than one statement's rows go through the import's temporary table; the
            // picture-only post (no text) is kept too.
            var bulk = (1...600).map { post("\($0)", "plain \($0)", 3, 0) }
            var pictureOnly = post("601", "", 10, 0)
            pictureOnly.media = Array(Self.sunset.prefix(1))
            bulk.append(pictureOnly)
            try await stores.posts.store(bulk)
            let bulkPicked = try await stores.picker.pickPost(near: 600, window: 30, allowMentions: false, allowWarned: false, media: .whole, notSince: never)
            #expect(bulkPicked?.id == "601")
            #expect(bulkPicked?.media == Array(Self.sunset.prefix(1)))
        }
    }

    @Test("a post stored before its media were read takes them when it comes again", arguments: StoreKind.allCases)
    func mediaFilledLater(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            try await stores.posts.store([post("1", "look at this sunset", 10, 0)])
            var again = post("1", "look at this sunset", 10, 0)
            again.media = Self.sunset
            try await stores.posts.store([again])
            let never = Date(timeIntervalSince1970: 0)
            let picked = try await stores.picker.pickPost(near: 600, window: 60, allowMentions: false, allowWarned: false, media: .whole, notSince: never)
            #expect(picked?.media == Self.sunset)
        }
    }

    @Test("POST_MEDIA: skip picks no post with media; text picks them for their text, never a picture-only one; carry picks both", arguments: StoreKind.allCases)
    func mediaPicks(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            var pictured = post("1", "look at this sunset", 10, 0)
            pictured.media = Self.sunset
            var pictureOnly = post("2", "", 10, 0)
            pictureOnly.media = Self.sunset
            try await stores.posts.store([pictured, pictureOnly])
            let never = Date(timeIntervalSince1970: 0)
            func pick(_ media: MediaPick) async throws -> Post? {
                try await stores.picker.pickPost(near: 600, window: 720, allowMentions: false, allowWarned: false, media: media, notSince: never)
            }
            #expect(try await pick(.none) == nil)
            #expect(try await pick(.textOnly)?.id == "1")
            try await stores.texts.recordPosted(text: "look at this sunset", at: Date())
            #expect(try await pick(.textOnly) == nil)
            #expect(try await pick(.whole)?.id == "2")
        }
    }

    @Test("a post with a picture nothing can fetch (a file its export lacked) is never picked to go whole, but for its text it is", arguments: StoreKind.allCases)
    func unfetchableNotPickedWhole(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            var lost = post("1", "a lost picture", 10, 0)
            lost.media = [Self.sunset[0], PostMedia(kind: .photo, url: "/media_attachments/files/1/original/a.png")]
            var kept = post("2", "a kept picture", 10, 0)
            kept.media = [PostMedia(kind: .photo, url: "file:///exports/alice/media_attachments/files/2/original/b.png")]
            try await stores.posts.store([lost, kept])
            let never = Date(timeIntervalSince1970: 0)
            #expect(try await stores.picker.pickPost(near: 600, window: 720, allowMentions: false, allowWarned: false, media: .whole, notSince: never)?.id == "2")
            try await stores.texts.recordPosted(text: "a kept picture", at: Date())
            #expect(try await stores.picker.pickPost(near: 600, window: 720, allowMentions: false, allowWarned: false, media: .whole, notSince: never) == nil)
            #expect(try await stores.picker.pickPost(near: 600, window: 720, allowMentions: false, allowWarned: false, media: .textOnly, notSince: never)?.id == "1")
        }
    }

    @Test("picture-only posts are each their own text: one posted or refused leaves the others to pick", arguments: StoreKind.allCases)
    func pictureOnlyKeys(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            var first = post("1", "", 10, 0)
            first.media = [Self.sunset[0]]
            var second = post("2", "", 10, 5)
            second.media = [Self.sunset[1]]
            var third = post("3", "", 10, 10)
            third.media = [Self.sunset[2]]
            try await stores.posts.store([first, second, third])
            #expect(first.textKey != second.textKey)
            #expect(post("4", "words", 10, 0).textKey == "words")
            let notSince = Date().addingTimeInterval(-86_400)
            func pick() async throws -> Post? {
                try await stores.picker.pickPost(near: 600, window: 720, allowMentions: false, allowWarned: false, media: .whole, notSince: notSince)
            }
            try await stores.texts.recordPosted(text: first.textKey, at: Date())
            try await stores.texts.markRefused(text: second.textKey, at: Date())
            // The first went out today, the second was refused: the third is still never posted.
            #expect(try await pick()?.id == "3")
            try await stores.texts.recordPosted(text: third.textKey, at: Date())
            #expect(try await pick() == nil)
        }
    }

    @Test("a reply of the human's with pictures is never reused as an answer (the reply loop sends text alone)", arguments: StoreKind.allCases)
    func picturedRepliesNotReused(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            var pictured = post("1", "look at mine", 10, 0, replyTo: "42")
            pictured.media = [Self.sunset[0]]
            try await stores.posts.store([pictured, post("2", "nice one", 10, 5, replyTo: "42")])
            #expect(try await stores.replies.replies(to: "42", limit: 10) == ["nice one"])
        }
    }
}
