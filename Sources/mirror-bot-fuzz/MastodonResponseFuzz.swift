import Foundation
@testable import MastodonAPI
import MirrorBot
@testable import MirrorBotMastodon

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension FuzzTarget {
    /// A Mastodon answer (status, headers, body) through the client's `interpret` for each kind
    /// of body the bot reads (status lists, notifications, an account, a status), statuses mapped
    /// to posts as the daemon does; the `Link` header's next page; then the client's wait for
    /// the rate limit the headers announced (the sleep does nothing).
    static let mastodonResponse = FuzzTarget(name: "mastodon-response", about: "MastodonClient.interpret: MastodonStatus, Link, rate-limit headers") { bytes in
        let answer = FuzzHTTPResponse(bytes)
        guard let response = answer.response(url: MastodonFuzzClient.base) else { return }
        blocking {
            let fuzz = MastodonFuzzClient.shared
            if case .success(let statuses, let next) = await fuzz.outcome([MastodonStatus].self, answer.body, response) {
                for status in statuses {
                    _ = MastodonNetwork.isPublic(status)
                    _ = Post(MastodonNetwork.post(status)).hasMention
                }
                _ = next?.map(\.name)
            }
            if case .success(let notifications, _) = await fuzz.outcome([MastodonNotification].self, answer.body, response) {
                for case let status? in notifications.map(\.status) { _ = MastodonNetwork.post(status) }
            }
            _ = await fuzz.outcome(MastodonAccount.self, answer.body, response)
            _ = await fuzz.outcome(MastodonStatus.self, answer.body, response)
        }
        if let link = answer.headers.first(where: { $0.key.lowercased() == "link" })?.value {
            _ = MastodonLink.nextQuery(in: link, base: MastodonFuzzClient.base)
        }
    }
}

/// One client for every input; its rate limit is cleared before each answer.
struct MastodonFuzzClient: Sendable {
    static let base = URL(string: "https://example.social") ?? URL(fileURLWithPath: "/")
    static let shared = MastodonFuzzClient()

    let client = MastodonClient(
        token: "t", configuration: MastodonClientConfiguration(baseURL: base), sleep: { _ in }, now: { fuzzNow },
        jitter: { 0.5 })

    /// What `send` does with one answer: interpret it, mark a 429's window spent, wait for the
    /// window, and describe the error the caller would log (`rateLimited` once out of retries).
    func outcome<T: Decodable>(_ type: T.Type, _ body: Data, _ response: HTTPURLResponse) async -> MastodonClient.Outcome<T> {
        let endpoint = "GET /fuzz"
        await client.rateLimit.markSpent(until: .distantPast)
        let outcome = await client.interpret(data: body, response: response, endpoint: endpoint, as: type)
        switch outcome {
        case .success: break
        case .rateLimited(let resetAt):
            await client.rateLimit.markSpent(until: resetAt)
            await describe(MastodonAPIError.rateLimited(endpoint: endpoint, resetAt: resetAt))
        case .retryable(let error), .final(let error):
            await describe(error)
        }
        do {
            try await client.waitForRateLimit(endpoint: endpoint)
        } catch let error as MastodonAPIError {
            await describe(error)
        } catch {
            fuzzCheck(false, "waiting for the rate limit threw \(error)")
        }
        return outcome
    }

    /// The lines the daemon would log for `error`, from the client and through the network seam.
    func describe(_ error: MastodonAPIError) async {
        _ = String(describing: error)
        do {
            try await MastodonNetwork.mappingErrors { () async throws -> Void in throw error }
        } catch {
            _ = String(describing: error)
        }
    }
}
