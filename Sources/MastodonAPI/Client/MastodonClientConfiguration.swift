import APIClientCore

/// How a `MastodonClient` talks to a server (`MASTODON_BASE_URL`): the shared
/// client configuration. Mastodon's windows last 5 minutes, so by default a
/// reset up to 6 minutes away is waited for.
public typealias MastodonClientConfiguration = APIClientConfiguration
