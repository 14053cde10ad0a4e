import HTTPSupport

/// RFC 3986 percent-encoding for Mastodon's paths, queries and form bodies: the shared `PercentEncoding`.
public typealias MastodonPercentEncoding = PercentEncoding
