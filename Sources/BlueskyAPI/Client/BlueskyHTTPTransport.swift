import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the answer, or throws when none came.
/// The seam under the attempt loop (`HTTPTransport` in the shared client core):
/// `URLSessionBlueskyTransport` in production.
public protocol BlueskyHTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> BlueskyHTTPReply
}
