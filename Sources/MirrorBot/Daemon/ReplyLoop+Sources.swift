extension ReplyLoop {
    /// The human's replies drawn for one mention in one round at most, and so looked up at most
    /// (X: $0.005 a post, once a UTC day; Mastodon and Misskey: a request each, within their rate
    /// limits). Past it the mention waits for the next poll (`RepliesLeftToLookUp`), whose draw
    /// leaves out the ones found gone: a human with thousands of replies to one person, nearly all
    /// deleted, gets an answer within a few polls, never a silence while one is left.
    static let maximumDrawn = 500

    /// The human's past replies to the mention's author still on the network: up to `maximumDrawn`
    /// drawn at random (never a withdrawn one), looked up a chunk at a time (at least `candidates`,
    /// at least one request's worth: X 100, Bluesky 25) until a chunk has one still there; the gone
    /// ones are marked withdrawn. `drawnAll` says whether the draw held every reply left (then an
    /// empty `usable` means none is left). A lookup the network did not answer releases the mention,
    /// to be answered later, and rethrows: nothing is marked.
    func drawReplies(for mention: NetworkPost) async throws -> (usable: [(id: String, body: String)], namingOthers: Int, drawnAll: Bool) {
        let posts = try await replies.replyPosts(to: mention.authorID, username: mention.authorUsername, limit: Self.maximumDrawn)
        // Never a body that names someone else: the bot pings no one nobody asked it to.
        let found = ReplyText.bodies(of: posts, answering: mention.authorUsername)
        let drawnAll = posts.count < Self.maximumDrawn
        guard let sources else { return (Array(found.usable.prefix(Self.candidates)), found.namingOthers, drawnAll) }
        let chunk = max(Self.candidates, sources.network.lookupBatchSize)
        var kept: [(id: String, body: String)] = []
        var start = 0
        while kept.isEmpty, start < found.usable.count {
            let batch = found.usable[start..<min(start + chunk, found.usable.count)]
            start += chunk
            let gone: Set<String>
            do {
                gone = try await sources.gone(among: batch.map(\.id).filter { !$0.isEmpty }, use: .reply)
            } catch {
                if !Task.isCancelled { try? await claims.releaseMention(mention.id) }
                throw error
            }
            kept += batch.filter { !gone.contains($0.id) }
        }
        return (kept, found.namingOthers, drawnAll)
    }
}

/// Every reply drawn for a mention this round was gone, and more are left to draw: the round
/// stops, the mention is read again at the next poll.
struct RepliesLeftToLookUp: Error {}
