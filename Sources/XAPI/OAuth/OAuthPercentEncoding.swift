import HTTPSupport

/// RFC 3986 percent-encoding as OAuth 1.0a (RFC 5849 section 3.6) requires it:
/// the shared `PercentEncoding`, under the name the signing code reads best with.
public typealias OAuthPercentEncoding = PercentEncoding
