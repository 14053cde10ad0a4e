/// One read of a stream from where the last read stopped. The position stored for
/// `stream` goes to the network's adapter as it is, and the one its walk hands back
/// is stored again (`save`): the core never looks inside either, nor compares ids.
/// A stored position the adapter cannot read (`StreamPositionError`: an older
/// version's, another network's) is logged and the stream read as on a first run.
struct PositionedStream: Sendable {
    let stream: String
    let cursors: any CursorStore
    let log: Logger

    /// What one read found.
    struct Read: Sendable {
        /// Where the next read resumes; nil: nothing new was served, the stored position stays.
        var position: StreamPosition?
        /// The walk started from no position (none stored, ignored, or unreadable).
        var fromStart: Bool
    }

    /// Reads the stream from the stored position (from none when `fromStart`), handing
    /// each page's posts to `each`, newest first; `open` starts the adapter's walk.
    func read(
        fromStart: Bool = false, _ open: (StreamPosition?) -> AsyncThrowingStream<StreamPage, any Error>,
        each: ([NetworkPost]) async throws -> Void
    ) async throws -> Read {
        let stored = fromStart ? nil : try await cursors.cursor(stream)
        guard let stored else { return Read(position: try await walk(open(nil), each: each), fromStart: true) }
        do {
            // An adapter refuses a position it cannot read before its walk's first page.
            return Read(position: try await walk(open(stored), each: each), fromStart: false)
        } catch let error as StreamPositionError {
            log.warning("stream_position_unreadable", [
                "stream": stream, "position": error.position.value, "detail": error.reason, "action": "read as on a first run",
            ])
            return Read(position: try await walk(open(nil), each: each), fromStart: true)
        }
    }

    /// Every post of the read, newest first.
    func collect(
        fromStart: Bool = false, _ open: (StreamPosition?) -> AsyncThrowingStream<StreamPage, any Error>
    ) async throws -> (posts: [NetworkPost], read: Read) {
        var posts: [NetworkPost] = []
        let read = try await read(fromStart: fromStart, open) { posts += $0 }
        return (posts, read)
    }

    /// Stores where the next read resumes (nothing when the read served nothing new).
    func save(_ read: Read) async throws {
        if let position = read.position { try await cursors.setCursor(stream, to: position) }
    }

    /// The last position the walk's pages named.
    private func walk(
        _ pages: AsyncThrowingStream<StreamPage, any Error>, each: ([NetworkPost]) async throws -> Void
    ) async throws -> StreamPosition? {
        var position: StreamPosition?
        for try await page in pages {
            try await each(page.posts)
            position = page.position ?? position
        }
        return position
    }
}
