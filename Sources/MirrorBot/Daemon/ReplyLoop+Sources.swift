extension ReplyLoop {
    /// The human's replies drawn for one mention in one round at most, and so looked up at most
    /// (X: $0.005 a post, once a UTC day; Mastodon and Misskey: a request each, within their rate
    /// limits). Past it the mention waits for the next poll (`RepliesLeftToLookUp`), whose draw
    /// leaves out the ones found gone: a human with thousands of replies to one person, nearly all
    /// deleted, gets an answer within a few polls, never a silence while one is left.
    static let maximumDrawn = 500

    /// The human's past replies to the mention's author still on the network: up to `maximumDrawn`
    /// drawn at random (never a withdrawn one), those the bot never sent first, looked up in that
    /// order a chunk at a time until a chunk has one still there; the gone ones are marked
    /// withdrawn. The first chunk is one post when the first text is one the bot never sent, else
    /// `maximumRefusals` (X refuses a text posted before, and the reply then goes on with the
    /// next) or one request's worth if less (Misskey: one note a request); each next chunk is
    /// twice the last, up to a request's worth (X 100, Bluesky 25). An answer costs one read (X:
    /// $0.005), and a human who deleted nearly everything is still looked up in few requests.
    /// `used`: the texts of those drawn that the bot posted before or the network refused.
    /// `drawnAll` says whether the draw held every reply left (then an empty `usable` means none
    /// is left). A lookup the network did not answer releases the mention, to be answered later,
    /// and rethrows: nothing is marked.
    func drawReplies(
        for mention: NetworkPost
    ) async throws -> (usable: [(id: String, body: String)], used: Set<String>, namingOthers: Int, drawnAll: Bool) {
        let posts = try await replies.replyPosts(to: mention.authorID, username: mention.authorUsername, limit: Self.maximumDrawn)
        // Never a body that names someone else: the bot pings no one nobody asked it to.
        let found = ReplyText.bodies(of: posts, answering: mention.authorUsername)
        let drawnAll = posts.count < Self.maximumDrawn
        guard let sources else {
            let candidates = Array(found.usable.prefix(Self.candidates))
            return (candidates, try await texts.usedTexts(Array(Set(candidates.map(\.body)))), found.namingOthers, drawnAll)
        }
        let used = try await texts.usedTexts(Array(Set(found.usable.map(\.body))))
        let ordered = found.usable.filter { !used.contains($0.body) } + found.usable.filter { used.contains($0.body) }
        let request = max(1, sources.network.lookupBatchSize)
        // A text the bot never sent is not refused as a repeat: one is enough to answer with.
        let firstUnused = ordered.first.map { !used.contains($0.body) } ?? true
        var chunk = firstUnused ? 1 : min(request, Self.maximumRefusals)
        var kept: [(id: String, body: String)] = []
        var start = 0
        while kept.isEmpty, start < ordered.count {
            let batch = ordered[start..<min(start + chunk, ordered.count)]
            start += chunk
            chunk = min(chunk * 2, max(request, chunk))
            let gone: Set<String>
            do {
                gone = try await sources.gone(among: batch.map(\.id).filter { !$0.isEmpty }, use: .reply)
            } catch {
                if !Task.isCancelled { try? await claims.releaseMention(mention.id) }
                throw error
            }
            kept += batch.filter { !gone.contains($0.id) }
        }
        return (kept, used, found.namingOthers, drawnAll)
    }
}

/// Every reply drawn for a mention this round was gone, and more are left to draw: the round
/// stops, the mention is read again at the next poll.
struct RepliesLeftToLookUp: Error {}
