extension ReplyLoop {
    /// Whether the human deleted every stored post with this reply text (`sources`: their ids;
    /// the gone ones are marked withdrawn and never picked again), and if not, the one the reply
    /// reuses (recorded with it: the reply follows if they delete that post later; nil when no
    /// id is known). A lookup the network did not answer releases the mention, to be answered
    /// later, and rethrows: nothing is marked.
    func check(_ text: String, sources ids: [String], mention: NetworkPost) async throws -> (withdrawn: Bool, source: String?) {
        let ids = ids.filter { !$0.isEmpty }
        guard let sources, !ids.isEmpty else { return (false, ids.first) }
        do {
            let gone = try await sources.gone(among: ids, use: .reply)
            let kept = ids.filter { !gone.contains($0) }
            return (kept.isEmpty, kept.first)
        } catch {
            if !Task.isCancelled { try? await claims.releaseMention(mention.id) }
            throw error
        }
    }
}
