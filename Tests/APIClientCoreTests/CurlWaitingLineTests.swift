@testable import APIClientCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("CurlTransport's line for a server: posts being published first, mentions read to be answered next, then the rest, each in order")
struct CurlWaitingLineTests {
    /// Transfers to one server, in the order given, each in its turn.
    static func transfers(_ turns: [HTTPTurn]) throws -> [CurlTransfer] {
        try turns.enumerated().map { index, turn in
            try CurlTransfer(
                URLRequest(url: URL(string: "https://misskey.example/api/\(index)")!), timeout: 30, options: HTTPSendOptions(turn: turn))
        }
    }

    /// The indices of `transfers` as `line` gives them out.
    static func drain(_ line: inout CurlLoop.WaitingLine, of transfers: [CurlTransfer]) -> [Int] {
        var order: [Int] = []
        while let next = line.popFirst() { order.append(transfers.firstIndex { $0 === next } ?? -1) }
        return order
    }

    @Test("a post being published goes before what came earlier, a mention read before the background reads; each turn keeps its order; the server is scheme, host and port")
    func order() throws {
        let turns: [HTTPTurn] = [.inOrder, .soon, .inOrder, .first, .soon, .inOrder, .first]
        let transfers = try Self.transfers(turns)
        var line = CurlLoop.WaitingLine()
        for transfer in transfers { line.append(transfer) }
        #expect(line.count == 7)
        #expect(Self.drain(&line, of: transfers) == [3, 6, 1, 4, 0, 2, 5])
        #expect(line.count == 0)
        #expect(transfers[0].server == "https://misskey.example:443")
        #expect(transfers.map(\.turn) == turns)
    }

    @Test("taking out the ones that leave (timed out, cancelled) keeps the rest in order, in every turn")
    func remove() throws {
        let transfers = try Self.transfers([.inOrder, .first, .inOrder, .first, .soon, .inOrder, .soon])
        var line = CurlLoop.WaitingLine()
        for transfer in transfers { line.append(transfer) }
        let gone = line.remove { $0 === transfers[1] || $0 === transfers[2] || $0 === transfers[4] }
        #expect(gone.count == 3)
        #expect(Self.drain(&line, of: transfers) == [3, 6, 0, 5])
    }
}
