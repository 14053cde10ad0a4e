import Foundation
import Glibc
import TestSupport
import Testing

@Suite("the outage tests' private PostgreSQL")
struct RestartablePostgresTests {
    @Test("a first start whose port was taken in between moves to another spare port; a restart keeps it")
    func portTakenMoves() async throws {
        try await onOwnThread { try Self.portTakenMoves() }
    }

    static func portTakenMoves() throws {
        let postgres = try RestartablePostgres()
        let taken = postgres.port
        let listener = try Self.listen(on: taken)
        defer { close(listener) }
        try postgres.start()
        #expect(postgres.port != taken)
        let moved = postgres.port
        postgres.stop()
        try postgres.start()
        #expect(postgres.port == moved)
        postgres.stop()
    }

    /// Holds a loopback port as another program would.
    static func listen(on port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard socket >= 0, bound, Glibc.listen(socket, 1) == 0 else { throw HarnessError(message: "could not hold port \(port)") }
        return socket
    }
}
