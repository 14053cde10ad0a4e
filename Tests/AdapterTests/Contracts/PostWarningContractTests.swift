import Foundation
import MirrorBot
import Testing

/// A post behind a content warning keeps it in the store, and is picked only for a network
/// that carries it (issue 40).
extension PostStoreContractTests {
    @Test("a warned post is stored with its warning and labels, one at a time or in an import's bulk", arguments: StoreKind.allCases)
    func warningsStored(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            var warned = post("1", "spoilers for the finale", 10, 0)
            warned.warning = PostWarning(text: "finale spoilers", labels: [.sensitive])
            try await stores.posts.store([warned])
            let never = Date(timeIntervalSince1970: 0)
            let picked = try await stores.picker.pickPost(near: 600, window: 60, allowMentions: false, allowWarned: true, notSince: never)
            #expect(picked?.warning == PostWarning(text: "finale spoilers", labels: [.sensitive]))
            try await stores.posts.removeAll()
            // More than one statement's rows go through the import's temporary table.
            var bulk = (1...600).map { post("\($0)", "plain \($0)", 3, 0) }
            var labelled = post("601", "a gory picture, described", 10, 0)
            labelled.warning = PostWarning(text: "", labels: [.graphicMedia, .nudity])
            bulk.append(labelled)
            try await stores.posts.store(bulk)
            let bulkPicked = try await stores.picker.pickPost(near: 600, window: 30, allowMentions: false, allowWarned: true, notSince: never)
            #expect(bulkPicked?.id == "601")
            #expect(bulkPicked?.warning == PostWarning(text: "", labels: [.graphicMedia, .nudity]))
        }
    }

    @Test("a warned post is never picked where the warning cannot go (X), nor a warned reply reused", arguments: StoreKind.allCases)
    func warnedNeverPickedWhereNotCarried(_ kind: StoreKind) async throws {
        try await ContractStores.with(kind) { stores in
            var warned = post("1", "spoilers for the finale", 10, 0)
            warned.warning = PostWarning(text: "finale spoilers")
            var reply = post("2", "the ending, in short", 10, 5, replyTo: "42")
            reply.warning = PostWarning(text: "ending")
            try await stores.posts.store([warned, reply])
            let never = Date(timeIntervalSince1970: 0)
            #expect(try await stores.picker.pickPost(near: 600, window: 720, allowMentions: true, allowWarned: false, notSince: never) == nil)
            #expect(try await stores.replies.replies(to: "42", limit: 10).isEmpty)
        }
    }
}
