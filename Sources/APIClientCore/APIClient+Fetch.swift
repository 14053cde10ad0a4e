import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// A plain `GET` of a public file (a post's picture), without the account's credentials,
    /// over the client's transport: one attempt, the answer as it came. Part of publishing a
    /// post, it goes before reads in its server's line (`APIRequest.publishes`).
    public func fetch(_ url: URL) async throws -> HTTPReply {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("mirror-bot", forHTTPHeaderField: "User-Agent")
        return try await transport.send(request, options: HTTPSendOptions(turn: .first))
    }

    /// Waits `duration` on the client's clock (ends on cancellation).
    public func pause(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
