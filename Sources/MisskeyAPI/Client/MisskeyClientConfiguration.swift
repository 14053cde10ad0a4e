import APIClientCore

/// How a `MisskeyClient` talks to a server (`MISSKEY_BASE_URL`): the shared client configuration.
public typealias MisskeyClientConfiguration = APIClientConfiguration
