/// How a connection reaches its server, in words for `doctor`:
/// "plain TCP", "TLS 1.3, certificate verified for HOST", "TLS 1.3, certificate not verified".
public enum RedisTransportSecurity: Sendable, Equatable, CustomStringConvertible {
    case plainTCP
    /// `version` as OpenSSL names it ("TLSv1.3"); `verifiedHost` nil when the certificate was not verified.
    case tls(version: String, verifiedHost: String?)

    public var description: String {
        switch self {
        case .plainTCP:
            return "plain TCP"
        case .tls(let version, let host):
            let shown = version.hasPrefix("TLSv") ? "TLS " + version.dropFirst(4) : version
            return host.map { "\(shown), certificate verified for \($0)" } ?? "\(shown), certificate not verified"
        }
    }
}
