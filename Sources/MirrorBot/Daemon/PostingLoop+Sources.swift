extension PostingLoop {
    /// Sources found gone before one slot gives up (each costs a lookup).
    static let maximumWithdrawn = 20

    /// Whether the human deleted `source` (then it is marked withdrawn, so the picker never
    /// picks it again). A lookup the network did not answer releases the slot, to be tried
    /// again, and rethrows: nothing is posted unchecked and nothing is marked.
    func isWithdrawn(_ source: Post, slot: PlanSlot) async throws -> Bool {
        guard let sources else { return false }
        do {
            return try await sources.isGone(source.id, use: .post)
        } catch {
            if !Task.isCancelled { try? await slots.releaseClaim(slot.date, minute: slot.minute) }
            throw error
        }
    }
}
