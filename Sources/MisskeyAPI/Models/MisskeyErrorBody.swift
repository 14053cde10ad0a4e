import Foundation

/// Misskey's error body: `{"error":{"message","code","id","kind","info"?}}`
/// (`packages/backend/src/server/api/ApiCallService.ts`).
public struct MisskeyErrorBody: Sendable, Codable, Equatable {
    public struct Detail: Sendable, Codable, Equatable {
        public var message: String
        /// `NO_SUCH_NOTE`, `RATE_LIMIT_EXCEEDED`, `INVALID_PARAM`, …
        public var code: String
        /// The error's UUID (each endpoint's errors have their own).
        public var id: String
        /// `client`, `server` or `permission`.
        public var kind: String?
        public var info: Info?

        public init(message: String, code: String, id: String, kind: String? = nil, info: Info? = nil) {
            self.message = message
            self.code = code
            self.id = id
            self.kind = kind
            self.info = info
        }
    }

    /// The `info` fields mirror-bot reads or the fake writes (INVALID_PARAM's `param` and
    /// `reason`; RATE_LIMIT_EXCEEDED's `resetMs`).
    public struct Info: Sendable, Codable, Equatable {
        public var param: String?
        public var reason: String?
        public var resetMs: Double?

        public init(param: String? = nil, reason: String? = nil, resetMs: Double? = nil) {
            self.param = param
            self.reason = reason
            self.resetMs = resetMs
        }
    }

    public var error: Detail

    public init(error: Detail) { self.error = error }

    /// The error in `body`, or nil when the body is not Misskey's error JSON.
    static func decode(_ body: Data) -> Detail? {
        (try? JSONDecoder().decode(MisskeyErrorBody.self, from: body))?.error
    }
}
