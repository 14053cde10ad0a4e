import MirrorBot
import MirrorBotStatus
import StatusServer

/// The status page served: the core's routes (`StatusRoutes`, or a host's `HostRoutes`) on
/// libmicrohttpd's threads (`StatusServer`), at `STATUS_BIND` and `STATUS_PORT` (or `PORT`).
enum StatusEndpoint {
    /// Starts listening and logs the address (`status_listening url=…`); a port that cannot
    /// be bound is a configuration error naming the variable.
    static func start(board: StatusBoard, configuration: Configuration, log: Logger) throws -> StatusServer {
        let routes = StatusRoutes(board: board)
        return try start(configuration: configuration, log: log) { request in routes.respond(method: request.method, path: request.path) }
    }

    /// A host's page of every bot it runs (`HostRoutes`), on the same variables as `start`'s.
    static func start(host board: HostBoard, configuration: Configuration, log: Logger) throws -> StatusServer {
        let routes = HostRoutes(board: board)
        return try start(configuration: configuration, log: log) { request in routes.respond(method: request.method, path: request.path) }
    }

    static func start(configuration: Configuration, log: Logger, handler: @escaping StatusServer.Handler) throws -> StatusServer {
        let port = configuration.statusPort ?? 0
        let server: StatusServer
        do {
            server = try StatusServer(address: configuration.statusBind, port: port, limits: StatusServerLimits(), handler: handler)
        } catch let error as StatusServerError {
            throw ConfigurationError.invalid(variable: configuration.statusPortVariable, reason: error.description)
        }
        let host = configuration.statusBind.contains(":") ? "[\(configuration.statusBind)]" : configuration.statusBind
        log.info("status_listening", ["url": "http://\(host):\(server.port)/", "bind": configuration.statusBind, "port": server.port])
        return server
    }
}
