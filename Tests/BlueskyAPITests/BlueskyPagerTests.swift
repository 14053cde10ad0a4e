import BlueskyAPI
import Foundation
import Testing

@Suite("The feed pager and its positions, without a network")
struct BlueskyPagerTests {
    struct Item: Sendable, Equatable {
        var uri: String
        var time: Date
    }

    static func uri(_ name: String) -> String { "at://did:plc:aaaaaaaaaaaaaaaaaaaaaaaa/app.bsky.feed.post/\(name)" }

    static func item(_ name: String, _ seconds: Double) -> Item {
        Item(uri: uri(name), time: Date(timeIntervalSince1970: 1_700_000_000 + seconds + 0.123))
    }

    /// A walk over `items` (newest first) from `after`, two a page with the index as cursor.
    static func pager(_ items: [Item], after: BlueskyStreamPosition?, limit: Int = 100) -> BlueskyPager<Item> {
        BlueskyPager(after: after, limit: limit, fetch: { cursor, size in
            let start = cursor.flatMap { Int($0) } ?? 0
            let page = Array(items.dropFirst(start).prefix(min(size, 2)))
            return (page, start + page.count < items.count ? String(start + page.count) : nil)
        }, key: { ($0.uri, $0.time) })
    }

    static func all(_ pager: BlueskyPager<Item>) async throws -> [String] {
        var names: [String] = []
        while let page = try await pager.next() { names += page.map { String($0.uri.split(separator: "/").last!) } }
        return names
    }

    @Test("a walk from the last walk's position stops where that walk began, across pages; items at the boundary time not seen are served")
    func boundary() async throws {
        let first = [Self.item("c", 30), Self.item("b", 20), Self.item("a", 10)]
        // New items, one at exactly the newest time seen ("c2" at 30).
        let second = [Self.item("e", 50), Self.item("d", 40), Self.item("c2", 30)] + first
        let walk = Self.pager(first, after: nil)
        #expect(try await Self.all(walk) == ["c", "b", "a"])
        let position = try #require(await walk.position)
        #expect(position.uris == [Self.uri("c")])
        let again = Self.pager(second, after: position)
        #expect(try await Self.all(again) == ["e", "d", "c2"])
        let newer = try #require(await again.position)
        #expect(try await Self.all(Self.pager(second, after: newer)).isEmpty)
        // Nothing served: no position (the stored one stays).
        let none = Self.pager(second, after: newer)
        _ = try await Self.all(none)
        #expect(await none.position == nil)
    }

    @Test("items at the position's own time are joined into it, so none is served twice")
    func sameTime() async throws {
        let first = [Self.item("c", 30), Self.item("b", 20)]
        let start = Self.pager(first, after: nil)
        _ = try await Self.all(start)
        let position = try #require(await start.position)
        let second = [Self.item("c2", 30)] + first
        let walk = Self.pager(second, after: position)
        #expect(try await Self.all(walk) == ["c2"])
        let joined = try #require(await walk.position)
        #expect(joined.uris == [Self.uri("c"), Self.uri("c2")])
        #expect(try await Self.all(Self.pager(second, after: joined)).isEmpty)
    }

    @Test("a position written as text reads back the same, and a walk from it (a restart) stops where the first began")
    func encoded() async throws {
        let items = [Self.item("d", 40), Self.item("c", 30), Self.item("b", 20), Self.item("a", 10)]
        let walk = Self.pager(Array(items.dropFirst(2)), after: nil)
        _ = try await Self.all(walk)
        let position = try #require(await walk.position)
        let text = position.encoded
        #expect(text == "bsky1 1700000020123000 \(Self.uri("b"))")
        let read = try #require(BlueskyStreamPosition(encoded: text))
        #expect(read == position)
        #expect(try await Self.all(Self.pager(items, after: read)) == ["d", "c"])
    }

    @Test("a text of another form is not a position: a bare URI (the cursor before positions), no URI, a bad time, another tag")
    func notPositions() {
        for text in [Self.uri("b"), "bsky1 1700000020123000", "bsky1 soon \(Self.uri("b"))", "bsky2 1 \(Self.uri("b"))", "", "1234",
                     "bsky1 1 \(Self.uri("b")) notauri"] {
            #expect(BlueskyStreamPosition(encoded: text) == nil, "\(text)")
        }
    }

    @Test("a walk stops at its limit")
    func limit() async throws {
        let items = [Self.item("d", 40), Self.item("c", 30), Self.item("b", 20), Self.item("a", 10)]
        #expect(try await Self.all(Self.pager(items, after: nil, limit: 3)) == ["d", "c", "b"])
    }
}
