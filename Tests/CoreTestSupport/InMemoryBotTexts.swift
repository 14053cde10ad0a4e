import Foundation
import MirrorBot

/// `BotTextStore` in memory.
public actor InMemoryBotTexts: BotTextStore {
    public struct Record: Sendable, Equatable {
        public var lastPostedAt: Date?
        public var timesPosted = 0
        public var refusedAt: Date?
    }

    public private(set) var records: [String: Record] = [:]

    public init() {}

    public func recordPosted(text: String, at date: Date) {
        records[text, default: Record()].lastPostedAt = date
        records[text, default: Record()].timesPosted += 1
    }

    public func markRefused(text: String, at date: Date) {
        records[text, default: Record()].refusedAt = date
    }

    public func usedTexts(_ texts: [String]) -> Set<String> {
        Set(texts.filter { records[$0] != nil })
    }
}
