@testable import Redis
import Testing

/// A transport with a scripted server: hands out its bytes `piece` at a time and keeps what was written.
final class ScriptedTransport: RedisTransport {
    let security = RedisTransportSecurity.plainTCP
    private var incoming: ArraySlice<UInt8>
    private let piece: Int
    private(set) var written: [[UInt8]] = []
    private(set) var reads = 0

    init(serverSends text: String, piece: Int) {
        incoming = Array(text.utf8)[...]
        self.piece = piece
    }

    func write(_ bytes: [UInt8], timeout: Duration) throws {
        written.append(bytes)
    }

    func read(maxLength: Int, timeout: Duration) throws -> [UInt8] {
        guard !incoming.isEmpty else {
            throw RedisError(kind: .io, message: "scripted: the server closed the connection")
        }
        reads += 1
        let count = min(piece, maxLength, incoming.count)
        defer { incoming = incoming.dropFirst(count) }
        return Array(incoming.prefix(count))
    }
}

@Suite("RedisSession: RESP over any transport, fed bytes as they come")
struct RedisSessionTests {
    static let replies = "+OK\r\n$5\r\nhel\u{0}o\r\n*3\r\n:1\r\n$-1\r\n*1\r\n+x\r\n-ERR wrong type\r\n"
    static let expected: [RedisValue] = [
        .status("OK"), .bulk(Array("hel\u{0}o".utf8)), .array([.integer(1), .null, .array([.status("x")])]), .error("ERR wrong type"),
    ]
    static let commands = [["SET", "k", "v"], ["GET", "k"], ["EVAL", "…", "0"], ["INCR", "k"]].map { $0.map { Array($0.utf8) } }

    @Test("a pipeline's replies arriving one byte at a time come back whole and in order, after one write")
    func oneByteAtATime() throws {
        let transport = ScriptedTransport(serverSends: Self.replies, piece: 1)
        let session = try RedisSession(transport: transport)
        #expect(try session.roundTrip(Self.commands, timeout: .seconds(1)) == Self.expected)
        #expect(transport.written.count == 1)
        #expect(transport.reads == Self.replies.utf8.count)
    }

    @Test("the same replies in pieces of every size decode the same", arguments: [2, 3, 5, 7, 11, 16, 1_000])
    func pieces(piece: Int) throws {
        let session = try RedisSession(transport: ScriptedTransport(serverSends: Self.replies, piece: piece))
        #expect(try session.roundTrip(Self.commands, timeout: .seconds(1)) == Self.expected)
    }

    @Test("the request is hiredis's RESP, byte for byte, binary safe")
    func request() throws {
        let transport = ScriptedTransport(serverSends: "+OK\r\n:2\r\n", piece: 100)
        let session = try RedisSession(transport: transport)
        let value: [UInt8] = [0x61, 0x00, 0x0D, 0x0A, 0xFF]
        _ = try session.roundTrip([[Array("SET".utf8), Array("k".utf8), value], [Array("INCR".utf8), Array("n".utf8)]], timeout: .seconds(1))
        let expected = Array("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\n".utf8) + value + Array("\r\n*2\r\n$4\r\nINCR\r\n$1\r\nn\r\n".utf8)
        #expect(transport.written == [expected])
    }

    @Test("a server that hangs up in the middle of a reply is an I/O error, not a reply")
    func closedMidReply() throws {
        let session = try RedisSession(transport: ScriptedTransport(serverSends: "+OK\r\n$10\r\nhal", piece: 4))
        let error = try #require(throws: RedisError.self) {
            try session.roundTrip([[Array("PING".utf8)], [Array("GET".utf8), Array("k".utf8)]], timeout: .seconds(1))
        }
        #expect(error.kind == .io)
    }

    @Test("bytes that are not RESP are a protocol error")
    func notRESP() throws {
        let session = try RedisSession(transport: ScriptedTransport(serverSends: "\u{15}\u{3}\u{3}\u{0}\u{2}\u{2}F", piece: 100))
        let error = try #require(throws: RedisError.self) { try session.roundTrip([[Array("PING".utf8)]], timeout: .seconds(1)) }
        #expect(error.kind == .protocolError)
    }

    @Test("replies that arrived early wait in the reader for the next round trip")
    func earlyReplies() throws {
        let transport = ScriptedTransport(serverSends: "+A\r\n+B\r\n", piece: 100)
        let session = try RedisSession(transport: transport)
        #expect(try session.roundTrip([[Array("PING".utf8)]], timeout: .seconds(1)) == [.status("A")])
        #expect(try session.roundTrip([[Array("PING".utf8)]], timeout: .seconds(1)) == [.status("B")])
        #expect(transport.reads == 1)
    }

    @Test("an empty command is refused before anything is written")
    func emptyCommand() throws {
        let transport = ScriptedTransport(serverSends: "", piece: 1)
        let session = try RedisSession(transport: transport)
        #expect(throws: RedisError.self) { try session.roundTrip([[]], timeout: .seconds(1)) }
        #expect(transport.written.isEmpty)
    }
}
