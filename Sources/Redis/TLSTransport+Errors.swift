import COpenSSL
import Foundation

// Turning OpenSSL's error codes into the one-line causes `RedisError` carries.

extension TLSTransport {
    enum Outcome: Equatable {
        /// close_notify received (`SSL_ERROR_ZERO_RETURN`).
        case closedCleanly
        /// End of stream without close_notify: OpenSSL 3 reports it as an error, 1.1 as a syscall error with errno 0.
        case closedAbruptly
        case failed(String)
    }

    /// What `SSL_get_error`'s `code` (with the errno seen right after) means; reads OpenSSL's error queue.
    static func outcome(_ code: Int32, systemError: Int32) -> Outcome {
        let queued = ERR_peek_error()
        switch code {
        case SSL_ERROR_ZERO_RETURN:
            return .closedCleanly
        case SSL_ERROR_SYSCALL where queued == 0:
            return systemError == 0 ? .closedAbruptly : .failed(errnoText(systemError))
        case SSL_ERROR_SSL where ERR_GET_REASON(queued) == SSL_R_UNEXPECTED_EOF_WHILE_READING:
            return .closedAbruptly
        default:
            return .failed(openSSLErrorText())
        }
    }

    /// Why the handshake failed: the certificate (not trusted, not for this host), the peer hanging up, or TLS itself.
    static func handshakeError(
        _ code: Int32, systemError: Int32, connection: OpaquePointer, peer: String, host: String, tls: RedisTLS
    ) -> RedisError {
        defer { ERR_clear_error() }
        let verification = SSL_get_verify_result(connection)
        if tls.verifyPeer, verification != X509_V_OK {
            let reason = String(cString: X509_verify_cert_error_string(verification))
            switch Int32(verification) {
            case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH:
                return RedisError(
                    kind: .certificate,
                    message: "\(peer): the server's certificate is not for \"\(host)\" (\(reason))"
                )
            default:
                let trusted = tls.caFile.map { "the CA file \"\($0)\"" } ?? "the system's CAs"
                return RedisError(
                    kind: .certificate,
                    message: "\(peer): \(reason) (checked against \(trusted); set REDIS_TLS_CA_FILE to the server's CA, "
                        + "or REDIS_TLS_VERIFY=none to accept a self-signed certificate)"
                )
            }
        }
        switch outcome(code, systemError: systemError) {
        case .closedCleanly, .closedAbruptly:
            return RedisError(kind: .connection, message: "\(peer): the server closed the connection during the TLS handshake")
        case .failed(let reason):
            return RedisError(
                kind: .tls,
                message: "\(peer): TLS handshake failed: \(reason) (if this port does not speak TLS, use redis://)"
            )
        }
    }
}

/// The reason of OpenSSL's most recent queued error ("wrong version number"); the queue is emptied.
func openSSLErrorText() -> String {
    var reasons: [String] = []
    while case let code = ERR_get_error(), code != 0 {
        if let text = ERR_reason_error_string(code) {
            reasons.append(String(cString: text))
        } else {
            reasons.append("error \(String(code, radix: 16))")
        }
    }
    return reasons.last ?? "unknown TLS error"
}
