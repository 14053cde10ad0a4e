import APIClientCore

/// `createdAt`, `indexedAt` and the like: the client core's one ISO 8601 parser and formatter
/// (UTC, milliseconds, as Bluesky's clients write them).
public typealias BlueskyTimestamp = ISO8601Timestamp
