/// What `notes/create` answers: `{"createdNote": Note}`.
public struct MisskeyCreatedNote: Sendable, Codable, Equatable {
    public var createdNote: MisskeyNote

    public init(createdNote: MisskeyNote) { self.createdNote = createdNote }
}

/// The answer of an endpoint that returns 204 No Content (`notes/reactions/create`).
public struct MisskeyNoContent: Sendable, Codable, Equatable {
    public init() {}
}
