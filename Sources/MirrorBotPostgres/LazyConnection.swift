import Postgres

/// A connection opened on first use and kept (a connection given is used as it is): for a
/// store built before a command connects, such as the classifier's journal.
public actor LazyConnection {
    public typealias Connect = @Sendable () async throws -> any PostgresClient

    private let connect: Connect
    private var connection: (any PostgresClient)?

    public init(connect: @escaping Connect) {
        self.connect = connect
    }

    public init(_ connection: any PostgresClient) {
        self.connect = { connection }
        self.connection = connection
    }

    /// The connection, opened now if it was not yet.
    public func open() async throws -> any PostgresClient {
        if let connection { return connection }
        let opened = try await connect()
        connection = opened
        return opened
    }
}
