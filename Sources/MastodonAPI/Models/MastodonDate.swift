import APIClientCore

/// Mastodon's timestamps, `2019-12-08T03:48:33.901Z`, in statuses and in
/// `X-RateLimit-Reset`: the shared ISO 8601 parser and formatter.
public typealias MastodonDate = ISO8601Timestamp
