import Foundation

/// What the bot has posted (posts and replies), and what the network refused as duplicate.
public protocol BotTextStore: Sendable {
    func recordPosted(text: String, at: Date) async throws
    func markRefused(text: String, at: Date) async throws
    /// Of `texts`, those the bot posted before or the network refused.
    func usedTexts(_ texts: [String]) async throws -> Set<String>
}
