import Foundation

/// The pure parts of an OAuth 1.0a HMAC-SHA1 signature (RFC 5849 section 3.4).
///
/// Both the client and the fake server use these; the test vectors in
/// `XAPITests` pin them to X's and the RFC's published examples.
public enum OAuthSignature {
    /// The base string URI: lowercase scheme and host, the port only when not
    /// the scheme's default, the path, no query (RFC 5849 section 3.4.1.2).
    public static func baseURI(scheme: String, host: String, port: Int?, path: String) -> String {
        let scheme = scheme.lowercased()
        var authority = host.lowercased()
        if let port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) {
            authority += ":\(port)"
        }
        return "\(scheme)://\(authority)\(path.isEmpty ? "/" : path)"
    }

    /// The base string URI of a request URL.
    public static func baseURI(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        return baseURI(
            scheme: components?.scheme ?? "https", host: components?.host ?? "",
            port: components?.port, path: components?.percentEncodedPath ?? "/")
    }

    /// The decoded query parameters of a URL, in order.
    public static func queryParameters(of url: URL) -> [(name: String, value: String)] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        else { return [] }
        return OAuthPercentEncoding.parseForm(query)
    }

    /// The normalized parameter string: every name and value encoded, sorted by
    /// name then value, joined with `=` and `&` (section 3.4.1.3.2).
    public static func normalizedParameters(_ parameters: [(name: String, value: String)]) -> String {
        let encoded: [(name: String, value: String)] = parameters.map {
            (OAuthPercentEncoding.encode($0.name), OAuthPercentEncoding.encode($0.value))
        }
        let sorted = encoded.sorted { left, right in
            left.name == right.name ? left.value < right.value : left.name < right.name
        }
        return sorted.map { $0.name + "=" + $0.value }.joined(separator: "&")
    }

    /// `METHOD&encoded(base URI)&encoded(normalized parameters)`.
    /// `parameters` are the query, the form body (never a JSON body) and the
    /// `oauth_*` protocol parameters except `oauth_signature` and `realm`.
    public static func baseString(method: String, baseURI: String, parameters: [(name: String, value: String)])
        -> String
    {
        [
            method.uppercased(),
            OAuthPercentEncoding.encode(baseURI),
            OAuthPercentEncoding.encode(normalizedParameters(parameters)),
        ].joined(separator: "&")
    }

    /// `encoded(consumer secret)&encoded(token secret)`.
    public static func signingKey(consumerSecret: String, tokenSecret: String) -> String {
        OAuthPercentEncoding.encode(consumerSecret) + "&" + OAuthPercentEncoding.encode(tokenSecret)
    }

    /// The base64 HMAC-SHA1 of the base string.
    public static func sign(baseString: String, consumerSecret: String, tokenSecret: String) -> String {
        HMACSHA1.base64(
            key: signingKey(consumerSecret: consumerSecret, tokenSecret: tokenSecret), message: baseString)
    }
}
