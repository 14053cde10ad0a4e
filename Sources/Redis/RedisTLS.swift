/// How a `rediss://` connection secures itself: TLS 1.2 or later, with SNI for a
/// host name (never for an IP literal).
///
/// With `verifyPeer` (the default) the server's certificate must chain to a
/// trusted CA (the system's, or `caFile`'s) and name the host connected to:
/// its DNS name, or the IP address when the URL gives one. Without it any
/// certificate is accepted (Heroku's Key-Value Store presents a self-signed
/// one); the traffic is still encrypted, but not proven to reach the server meant.
public struct RedisTLS: Sendable, Equatable {
    /// Verify the certificate chain and the host name (`REDIS_TLS_VERIFY=peer`).
    public var verifyPeer: Bool
    /// A PEM bundle of CAs to trust instead of the system's (`REDIS_TLS_CA_FILE`); ignored without `verifyPeer`.
    public var caFile: String?

    public init(verifyPeer: Bool = true, caFile: String? = nil) {
        self.verifyPeer = verifyPeer
        self.caFile = caFile
    }
}
