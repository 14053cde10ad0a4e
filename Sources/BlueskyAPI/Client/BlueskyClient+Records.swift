import Foundation

extension BlueskyClient {
    /// A record written by `createRecord`, or found at its key afterwards.
    public struct Written: Sendable, Equatable {
        public var uri: String
        public var cid: String?
    }

    /// Writes `record` at `rkey` (chosen by the caller before calling: a TID) in the
    /// session's repository, exactly once: the client's retries reuse the key, so
    /// none can make a second record; and when the write did not clearly succeed
    /// (a lost connection, 5xx to the end, or any refusal but a rate limit or the
    /// credentials, since a refusal may answer a retry of a write that went
    /// through, also one sent again after the session was renewed), the key is
    /// looked up in the repository itself (`getRecord` on the PDS, which the
    /// AppView's feeds lag behind): found and `matches`, it was written; not found,
    /// nothing was, and the original error is thrown. When the look-up fails too,
    /// the error is `outcomeUnknown`.
    public func createRecord<Record: Codable & Sendable>(
        _ record: Record, collection: String, rkey: String, matches: @Sendable (Record) -> Bool
    ) async throws -> Written {
        let did = try await session().did
        let request = CreateRecord(repo: did, collection: collection, rkey: rkey, record: record)
        do {
            let response = try await send(request)
            return Written(uri: response.uri, cid: response.cid)
        } catch let writeError as BlueskyAPIError where Self.mayHaveWritten(writeError) {
            let found: GetRecord<Record>.Response
            do {
                found = try await send(GetRecord<Record>(ATURI(authority: did, collection: collection, rkey: rkey)))
            } catch let lookUp as BlueskyAPIError where lookUp.isRecordNotFound {
                throw writeError
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw BlueskyAPIError.outcomeUnknown(
                    endpoint: request.endpoint, detail: "\(writeError); and the record key could not be checked: \(Self.detail(of: error))")
            }
            guard matches(found.value) else {
                throw BlueskyAPIError.failed(
                    endpoint: request.endpoint, status: 400, error: "InvalidRequest", detail: "another record exists at \(collection)/\(rkey)")
            }
            return Written(uri: found.uri, cid: found.cid)
        }
    }

    /// The record may exist: anything but a rate limit or refused credentials (which nothing was sent past).
    static func mayHaveWritten(_ error: BlueskyAPIError) -> Bool {
        switch error {
        case .outcomeUnknown, .failed: true
        case .rateLimited, .loginLimited, .unauthorized, .expiredToken, .invalidToken: false
        }
    }

    static func detail(of error: any Error) -> String {
        (error as? BlueskyAPIError)?.description ?? "connection failed"
    }
}

extension BlueskyAPIError {
    /// `getRecord`'s answer for a key that holds nothing.
    var isRecordNotFound: Bool {
        if case .failed(_, let status, let error, _) = self { return error == "RecordNotFound" || status == 404 }
        return false
    }
}
