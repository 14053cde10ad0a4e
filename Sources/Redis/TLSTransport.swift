import COpenSSL
import Foundation

/// Owns one OpenSSL context (protocol floor, trusted CAs, verification mode) and frees it with the owner.
private final class ContextHandle {
    let raw: OpaquePointer
    init(_ raw: OpaquePointer) { self.raw = raw }
    deinit { SSL_CTX_free(raw) }
}

/// Owns one OpenSSL connection object and frees it with the owner (the socket stays open).
private final class ConnectionHandle {
    let raw: OpaquePointer
    init(_ raw: OpaquePointer) { self.raw = raw }
    deinit { SSL_free(raw) }
}

/// RESP bytes over TLS (OpenSSL) on our own non-blocking socket.
///
/// TLS 1.2 at least; SNI with the host name (never an IP literal); with
/// `verifyPeer`, the chain is checked against the system's CAs or the given
/// CA file, and the certificate must name the host (DNS name or IP address).
/// OpenSSL asks to wait for the socket with `SSL_ERROR_WANT_READ` /
/// `SSL_ERROR_WANT_WRITE` (a record arrived in part, the send buffer is
/// full): each is a poll bounded by the call's timeout, then the same call again.
final class TLSTransport: RedisTransport {
    private let socket: TCPSocket
    private let context: ContextHandle
    private let connection: ConnectionHandle
    let security: RedisTransportSecurity
    /// After a fatal error OpenSSL must not be asked to shut down politely.
    private var failed = false

    /// How often OpenSSL had to wait for the socket (it wanted to read, or to write); the tests look.
    private(set) var waits = (read: 0, write: 0)

    /// Makes the TLS handshake on `socket`, waiting at most `timeout` for each step.
    init(socket: TCPSocket, host: String, tls: RedisTLS, timeout: Duration) throws {
        self.socket = socket
        ERR_clear_error()
        guard let rawContext = SSL_CTX_new(TLS_client_method()) else {
            throw RedisError(kind: .tls, message: "could not create a TLS context: \(openSSLErrorText())")
        }
        context = ContextHandle(rawContext)
        guard mirror_SSL_CTX_set_min_proto_version(rawContext, TLS1_2_VERSION) == 1 else {
            throw RedisError(kind: .tls, message: "could not require TLS 1.2: \(openSSLErrorText())")
        }
        _ = mirror_SSL_CTX_set_mode(rawContext, Int(SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER))
        if tls.verifyPeer {
            if let caFile = tls.caFile {
                guard access(caFile, R_OK) == 0 else {
                    throw RedisError(kind: .tls, message: "could not load the CA file \"\(caFile)\": \(errnoText(errno))")
                }
                guard SSL_CTX_load_verify_locations(rawContext, caFile, nil) == 1 else {
                    throw RedisError(kind: .tls, message: "could not load the CA file \"\(caFile)\": \(openSSLErrorText())")
                }
            } else {
                guard SSL_CTX_set_default_verify_paths(rawContext) == 1 else {
                    throw RedisError(kind: .tls, message: "could not load the system's CAs: \(openSSLErrorText())")
                }
            }
        }
        SSL_CTX_set_verify(rawContext, tls.verifyPeer ? SSL_VERIFY_PEER : SSL_VERIFY_NONE, nil)

        guard let raw = SSL_new(rawContext) else {
            throw RedisError(kind: .tls, message: "could not create a TLS connection: \(openSSLErrorText())")
        }
        connection = ConnectionHandle(raw)
        let isAddress = TCPSocket.isIPAddress(host)
        if !isAddress, mirror_SSL_set_tlsext_host_name(raw, host) != 1 {
            throw RedisError(kind: .tls, message: "could not set the server name (SNI): \(openSSLErrorText())")
        }
        if tls.verifyPeer {
            let named = isAddress ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(raw), host) : SSL_set1_host(raw, host)
            guard named == 1 else {
                throw RedisError(kind: .tls, message: "could not set the host name to verify: \(openSSLErrorText())")
            }
        }
        guard SSL_set_fd(raw, socket.descriptor) == 1 else {
            throw RedisError(kind: .tls, message: "could not attach TLS to the socket: \(openSSLErrorText())")
        }

        var waited = (read: 0, write: 0)
        while true {
            ERR_clear_error()
            let step = SSL_connect(raw)
            if step == 1 { break }
            let code = SSL_get_error(raw, step)
            let systemError = errno
            let readiness: TCPSocket.Readiness?
            do {
                readiness = try Self.waitForSocket(code, socket: socket, timeout: timeout)
            } catch {
                throw RedisError(
                    kind: .connection,
                    message: "\(socket.peer): no TLS handshake within \(timeoutText(timeout)) (if this port does not speak TLS, use redis://)"
                )
            }
            switch readiness {
            case .readable?: waited.read += 1
            case .writable?: waited.write += 1
            case nil: throw Self.handshakeError(code, systemError: systemError, connection: raw, peer: socket.peer, host: host, tls: tls)
            }
        }
        waits = waited
        security = .tls(version: String(cString: SSL_get_version(raw)), verifiedHost: tls.verifyPeer ? host : nil)
    }

    deinit {
        // Say goodbye (close_notify) if the session is sound; one try, never waiting.
        if !failed {
            ERR_clear_error()
            _ = SSL_shutdown(connection.raw)
            // Leave this thread's error queue clean for any other OpenSSL user (libcurl runs on other threads).
            ERR_clear_error()
        }
    }

    func write(_ bytes: [UInt8], timeout: Duration) throws {
        try bytes.withUnsafeBytes { all in
            var offset = 0
            while offset < all.count, let start = all.baseAddress {
                ERR_clear_error()
                let written = SSL_write(connection.raw, start + offset, Int32(clamping: all.count - offset))
                if written > 0 {
                    offset += Int(written)
                    continue
                }
                let code = SSL_get_error(connection.raw, written)
                let systemError = errno
                guard try retryAfterWaiting(code, timeout: timeout) else {
                    throw ioError(code, systemError: systemError, writing: true)
                }
            }
        }
    }

    func read(maxLength: Int, timeout: Duration) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: maxLength) { buffer, count in
            while true {
                ERR_clear_error()
                let received = SSL_read(connection.raw, buffer.baseAddress, Int32(clamping: buffer.count))
                if received > 0 {
                    count = Int(received)
                    return
                }
                let code = SSL_get_error(connection.raw, received)
                let systemError = errno
                guard try retryAfterWaiting(code, timeout: timeout) else {
                    throw ioError(code, systemError: systemError, writing: false)
                }
            }
        }
    }

    /// True after waiting for the socket as OpenSSL asked (call it again); false for a failure to report.
    private func retryAfterWaiting(_ code: Int32, timeout: Duration) throws -> Bool {
        switch try Self.waitForSocket(code, socket: socket, timeout: timeout) {
        case .readable?:
            waits.read += 1
            return true
        case .writable?:
            waits.write += 1
            return true
        case nil:
            return false
        }
    }

    /// For `SSL_ERROR_WANT_READ` / `_WRITE`: waits until the socket is ready and says for what;
    /// throws when it stays silent for `timeout`; nil for any other code.
    private static func waitForSocket(_ code: Int32, socket: TCPSocket, timeout: Duration) throws -> TCPSocket.Readiness? {
        let readiness: TCPSocket.Readiness
        switch code {
        case SSL_ERROR_WANT_READ: readiness = .readable
        case SSL_ERROR_WANT_WRITE: readiness = .writable
        default: return nil
        }
        guard socket.wait(readiness, timeout: timeout) else {
            let what = readiness == .readable ? "no answer within \(timeoutText(timeout))" : "could not write for \(timeoutText(timeout))"
            throw RedisError(kind: .io, message: "\(socket.peer): \(what)")
        }
        return readiness
    }

    /// A failed read or write: the peer closed (with or without close_notify), reset, or broke the protocol.
    private func ioError(_ code: Int32, systemError: Int32, writing: Bool) -> RedisError {
        defer { ERR_clear_error() }
        failed = code != SSL_ERROR_ZERO_RETURN
        let reason: String
        switch Self.outcome(code, systemError: systemError) {
        case .closedCleanly:
            reason = "the server closed the connection"
        case .closedAbruptly:
            reason = "the server closed the connection (without TLS close_notify)"
        case .failed(let text):
            reason = "\(writing ? "write" : "read") failed: \(text)"
        }
        return RedisError(kind: .io, message: "\(socket.peer): \(reason)")
    }
}
