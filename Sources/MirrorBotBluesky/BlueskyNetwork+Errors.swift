import BlueskyAPI
import MirrorBot

extension BlueskyNetwork {
    static let createRecordEndpoint = "POST com.atproto.repo.createRecord"

    /// Runs `body`, turning `BlueskyAPIError` into the seam's `NetworkError`.
    static func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        try await NetworkError.mapping(networkError, body)
    }

    static func networkError(_ error: BlueskyAPIError) -> NetworkError {
        switch error {
        case .unauthorized(let endpoint, let detail), .expiredToken(let endpoint, let detail), .invalidToken(let endpoint, let detail):
            return .unauthorized(endpoint: endpoint, detail: detail)
        case .rateLimited(let endpoint, let resetAt):
            return .rateLimited(endpoint: endpoint, resetAt: resetAt)
        case .loginLimited(let resetAt, _):
            return .rateLimited(endpoint: error.endpoint, resetAt: resetAt)
        case .outcomeUnknown(let endpoint, let detail):
            return .outcomeUnknown(endpoint: endpoint, detail: detail)
        case .failed(let endpoint, let status, let name, let detail):
            return .failed(endpoint: endpoint, status: status, detail: name.map { "\($0): \(detail)" } ?? detail)
        }
    }
}
