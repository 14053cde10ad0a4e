import Foundation
import MirrorBot
import Testing

@Suite("PostMedia: stored as compact JSON, read leniently")
struct PostMediaTests {
    @Test("a post's media round-trip through their JSON, in order, with short keys and nothing for what is unset")
    func roundTrip() {
        let media = [
            PostMedia(kind: .photo, url: "https://files.example/a.png", altText: "A cat on a keyboard", width: 640, height: 480, sensitive: true),
            PostMedia(kind: .video, url: "https://files.example/b.mp4"),
        ]
        let json = PostMedia.json(media)
        #expect(json == #"[{"a":"A cat on a keyboard","h":480,"k":"photo","s":true,"u":"https://files.example/a.png","w":640},{"k":"video","u":"https://files.example/b.mp4"}]"#)
        #expect(PostMedia.decoded(json) == media)
    }

    @Test("an empty alt text is none")
    func emptyAltText() {
        #expect(PostMedia(kind: .photo, url: "u", altText: "").altText == nil)
    }

    @Test("a kind this version does not know reads as other; an unreadable item is left out, not the others")
    func lenient() {
        let json = #"[{"k":"hologram","u":"https://x/1"},{"u":"no kind"},{"k":"photo","u":"https://x/2","a":"alt"}]"#
        #expect(PostMedia.decoded(json) == [
            PostMedia(kind: .other, url: "https://x/1"), PostMedia(kind: .photo, url: "https://x/2", altText: "alt"),
        ])
        #expect(PostMedia.decoded("not json").isEmpty)
        #expect(PostMedia.decoded(nil).isEmpty)
    }

    @Test("POST_MEDIA and whether the network carries pictures decide which posts are picked", arguments: [
        (MediaPolicy.carry, true, MediaPick.whole), (.carry, false, .none), (.text, true, .textOnly), (.text, false, .textOnly),
        (.skip, true, .none), (.skip, false, .none),
    ])
    func picks(_ policy: MediaPolicy, _ carries: Bool, _ expected: MediaPick) {
        #expect(policy.pick(networkCarries: carries) == expected)
    }
}
