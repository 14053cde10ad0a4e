import Foundation
import Glibc

/// A loopback port nothing listens on now, chosen by the kernel (bind to port 0), so a
/// private server started on it does not collide with the suite's services, another
/// test's server or a connection's own ephemeral port, as a port drawn at random can.
public enum SparePort {
    public static func loopback() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SparePortError(message: "socket() failed: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw SparePortError(message: "no spare loopback port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

public struct SparePortError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
