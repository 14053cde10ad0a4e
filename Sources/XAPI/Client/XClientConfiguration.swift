import APIClientCore

/// How an `XClient` talks to X: the shared client configuration. X's base URL
/// is `XClient.defaultBaseURL`; its windows last 15 minutes, so by default a
/// reset up to 16 minutes away is waited for.
public typealias XClientConfiguration = APIClientConfiguration
