@testable import APIClientCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("CurlTransport's line for a server: posts being published first, then the rest, each in order")
struct CurlWaitingLineTests {
    /// Transfers to one server, in the order given: `true` for a post being published.
    static func transfers(_ publishing: [Bool]) throws -> [CurlTransfer] {
        try publishing.enumerated().map { index, publishing in
            try CurlTransfer(
                URLRequest(url: URL(string: "https://misskey.example/api/\(index)")!), timeout: 30, options: HTTPSendOptions(first: publishing))
        }
    }

    /// The indices of `transfers` as `line` gives them out.
    static func drain(_ line: inout CurlLoop.WaitingLine, of transfers: [CurlTransfer]) -> [Int] {
        var order: [Int] = []
        while let next = line.popFirst() { order.append(transfers.firstIndex { $0 === next } ?? -1) }
        return order
    }

    @Test("a post being published goes before reads that came earlier; each kind keeps its order; the server is scheme, host and port")
    func order() throws {
        let transfers = try Self.transfers([false, false, true, false, true])
        var line = CurlLoop.WaitingLine()
        for transfer in transfers { line.append(transfer) }
        #expect(line.count == 5)
        #expect(Self.drain(&line, of: transfers) == [2, 4, 0, 1, 3])
        #expect(line.count == 0)
        #expect(transfers[0].server == "https://misskey.example:443")
        #expect(transfers.map(\.first) == [false, false, true, false, true])
    }

    @Test("taking out the ones that leave (timed out, cancelled) keeps the rest in order, in both kinds")
    func remove() throws {
        let transfers = try Self.transfers([false, true, false, true, false])
        var line = CurlLoop.WaitingLine()
        for transfer in transfers { line.append(transfer) }
        let gone = line.remove { $0 === transfers[1] || $0 === transfers[2] }
        #expect(gone.count == 2)
        #expect(Self.drain(&line, of: transfers) == [3, 0, 4])
    }
}
