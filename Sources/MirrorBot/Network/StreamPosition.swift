/// Where a read of one stream got to, as the network's adapter wrote it. The core
/// stores it (`CursorStore`) and hands it back to the adapter for the next read; it
/// never reads, compares or orders one. X's and Mastodon's status streams write the
/// newest id served, Mastodon's mentions the newest notification's id, Bluesky the
/// newest item's time and URIs (its feeds page only toward older items).
public struct StreamPosition: Sendable, Hashable, ExpressibleByStringLiteral {
    public var value: String

    public init(_ value: String) {
        self.value = value
    }

    public init(stringLiteral value: String) {
        self.value = value
    }
}

/// One page of a stream, newest first, and where a later read resumes so as to serve
/// only what is newer than every page served so far by this walk (nil: this walk
/// has not moved past the position it started from).
public struct StreamPage: Sendable, Equatable {
    public var posts: [NetworkPost]
    public var position: StreamPosition?

    public init(_ posts: [NetworkPost], position: StreamPosition?) {
        self.posts = posts
        self.position = position
    }
}

/// A stored position this adapter cannot read (written by an older version, or for
/// another network): thrown by the walk before any request; the core then reads the
/// stream as on a first run (`PositionedStream`).
public struct StreamPositionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var position: StreamPosition
    public var reason: String

    public init(_ position: StreamPosition, reason: String) {
        self.position = position
        self.reason = reason
    }

    public var description: String { "a stored stream position this network cannot read (\(reason))" }
}

extension AsyncThrowingStream where Element == StreamPage, Failure == any Error {
    /// A walk that ends with `error` before any request.
    public static func failing(_ error: any Error) -> Self {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}
