extension ReplyLoop {
    /// Whether the human deleted every stored post with this reply text (`sources`: their ids;
    /// the gone ones are marked withdrawn and never picked again). A lookup the network did not
    /// answer releases the mention, to be answered later, and rethrows: nothing is marked.
    func isWithdrawn(_ text: String, sources ids: [String], mention: NetworkPost) async throws -> Bool {
        let ids = ids.filter { !$0.isEmpty }
        guard let sources, !ids.isEmpty else { return false }
        do {
            return try await sources.gone(among: ids, use: .reply).count == Set(ids).count
        } catch {
            if !Task.isCancelled { try? await claims.releaseMention(mention.id) }
            throw error
        }
    }
}
