/// Something a test sets up and must tear down before it returns.
///
/// `with` awaits the teardown, also when the test throws: an unstructured
/// `defer { Task { … } }` would tear down after the test, possibly while the
/// test process exits (it crashed here, inside libpq, opening a connection
/// during exit).
public protocol ScopedResource: Sendable {
    static func make() async throws -> Self
    func tearDown() async
}

extension ScopedResource {
    public static func with<T>(_ body: (Self) async throws -> T) async throws -> T {
        let resource = try await make()
        do {
            let value = try await body(resource)
            await resource.tearDown()
            return value
        } catch {
            await resource.tearDown()
            throw error
        }
    }
}

extension TestDatabase: ScopedResource {
    public func tearDown() async {
        try? await drop()
    }
}
