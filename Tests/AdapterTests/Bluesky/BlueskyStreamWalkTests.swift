import Foundation
import MirrorBot
@testable import MirrorBotBluesky
import Testing

@Suite("The stream walk and its book, without a network")
struct BlueskyStreamWalkTests {
    /// A stream of `items` (newest first), paged by `size` with the index as cursor.
    static func source(_ items: [BlueskyStreamItem]) -> BlueskyStreamWalk.Fetch {
        { cursor, limit in
            let start = cursor.flatMap { Int($0) } ?? 0
            let page = Array(items.dropFirst(start).prefix(min(limit, 2)))
            let next = start + page.count < items.count ? String(start + page.count) : nil
            return (page, next)
        }
    }

    static func item(_ id: String, _ seconds: Double) -> BlueskyStreamItem {
        BlueskyStreamItem(id: id, time: Date(timeIntervalSince1970: seconds),
                          post: NetworkPost(id: id, text: id, createdAt: Date(timeIntervalSince1970: seconds), authorID: "a"))
    }

    static func all(_ walk: BlueskyStreamWalk) async throws -> [String] {
        var ids: [String] = []
        while let page = try await walk.next() { ids += page.map(\.id) }
        return ids
    }

    @Test("a walk from any id the last walk served stops where that walk began, across pages; items at the boundary time not seen are served")
    func boundary() async throws {
        let first = [Self.item("c", 30), Self.item("b", 20), Self.item("a", 10)]
        // New items, one at exactly the newest time seen ("c2" at 30).
        let second = [Self.item("e", 50), Self.item("d", 40), Self.item("c2", 30)] + first
        for cursor in ["a", "b", "c"] {
            let book = BlueskyStreamBook()
            let walk = BlueskyStreamWalk(stream: "s", sinceID: nil, limit: 100, book: book, fetch: Self.source(first), locate: { _ in nil })
            #expect(try await Self.all(walk) == ["c", "b", "a"])
            let again = BlueskyStreamWalk(stream: "s", sinceID: cursor, limit: 100, book: book, fetch: Self.source(second), locate: { _ in nil })
            #expect(try await Self.all(again) == ["e", "d", "c2"], "from \(cursor)")
            // The cursor the daemon kept (not updated) now stands for the newest walk.
            let third = BlueskyStreamWalk(stream: "s", sinceID: cursor, limit: 100, book: book, fetch: Self.source(second), locate: { _ in nil })
            #expect(try await Self.all(third).isEmpty)
            // Another stream's entries do not leak.
            #expect(await book.position(stream: "other", id: cursor) == nil)
        }
    }

    @Test("after a restart the cursor's own time bounds the walk; unknown and unlocatable, the walk runs to its limit")
    func restart() async throws {
        let items = [Self.item("d", 40), Self.item("c", 30), Self.item("b", 20), Self.item("a", 10)]
        let located = BlueskyStreamWalk(stream: "s", sinceID: "b", limit: 100, book: BlueskyStreamBook(),
                                        fetch: Self.source(items), locate: { _ in Date(timeIntervalSince1970: 20) })
        #expect(try await Self.all(located) == ["d", "c"])
        let lost = BlueskyStreamWalk(stream: "s", sinceID: "zz", limit: 3, book: BlueskyStreamBook(),
                                     fetch: Self.source(items), locate: { _ in nil })
        #expect(try await Self.all(lost) == ["d", "c", "b"])
    }

    @Test("items the adapter leaves out still move the position")
    func filtered() async throws {
        let book = BlueskyStreamBook()
        var hidden = Self.item("h", 60)
        hidden.post = nil
        let items = [hidden, Self.item("g", 50)]
        let walk = BlueskyStreamWalk(stream: "s", sinceID: nil, limit: 100, book: book, fetch: Self.source(items), locate: { _ in nil })
        #expect(try await Self.all(walk) == ["g"])
        #expect(await book.position(stream: "s", id: "g")?.time == Date(timeIntervalSince1970: 60))
    }
}
