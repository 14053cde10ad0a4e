import Foundation
import MirrorBot
import Testing

/// A repost pings no one by default, on any network (`POST_MENTIONS=false`).
extension PostStoreContractTests {
    @Test("by default no post naming someone is picked, whatever the network writes names like; with POST_MENTIONS it may be", arguments: StoreKind.allCases)
    func mentionsNeverPickedByDefault(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            let naming = [
                "X: thanks @alice", "Mastodon: cc @bob@social.example", "Bluesky: hi @carol.bsky.social",
                "full width ＠dave", "Misskey MFM: **@eve** おはよう",
            ]
            var posts = naming.enumerated().map { post("\($0.offset + 1)", $0.element, 10, 0) }
            var mfm = post("6", "Misskey: @frank@misskey.example $[x2 よろしく]", 10, 0)
            mfm.markup = .mfm
            posts.append(mfm)
            try await stores.posts.store(posts)
            let never = Date(timeIntervalSince1970: 0)
            #expect(try await stores.picker.pickPost(near: 600, window: 60, allowMentions: false, allowWarned: false, notSince: never) == nil)
            try await stores.posts.store([post("7", "no one named, mail me@example.com", 10, 0)])
            #expect(try await stores.picker.pickPost(near: 600, window: 60, allowMentions: false, allowWarned: false, notSince: never)?.id == "7")
            #expect(try await stores.picker.pickPost(near: 600, window: 60, allowMentions: true, allowWarned: false, notSince: never) != nil)
        }
    }
}
