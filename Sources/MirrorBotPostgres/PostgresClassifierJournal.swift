import Foundation
import MirrorBot
import Postgres

/// `ClassifierJournal` in PostgreSQL (`classifier_examples`, `classifier_baseline`: migration 023).
///
/// It opens its own connection on first use (the classifier is built before a command connects);
/// the rebuild lock is a session advisory lock on one server session of it, named after the schema and
/// the key prefix, so two processes of one bot never rebuild the same counts at once.
public struct PostgresClassifierJournal: ClassifierJournal {
    private let database: LazyConnection

    public init(connect: @escaping LazyConnection.Connect) {
        database = LazyConnection(connect: connect)
    }

    public init(connection: any PostgresClient) {
        database = LazyConnection(connection)
    }

    /// One post as the INSERT reads it from JSON.
    private struct Row: Encodable {
        var source: String
        var category: String
        var takes_back: Bool
        var sample: Int
        var calibrated: Bool
        var features: String
    }

    public func record(_ posts: [JournaledPost], source: TrainingSource) async throws -> [Int64] {
        guard !posts.isEmpty else { return [] }
        let rows = posts.map { example in
            Row(
                source: source.rawValue, category: example.post.category.rawValue, takes_back: example.post.takesBack,
                sample: !example.inSample ? 0 : example.post.movesInSample ? 2 : 1, calibrated: example.calibrated,
                features: example.post.features.joined(separator: "\n"))
        }
        let json = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
        return try await open().query("""
            INSERT INTO classifier_examples (source, category, takes_back, sample, calibrated, features)
            SELECT r.source, r.category, r.takes_back, r.sample, r.calibrated, r.features
            FROM jsonb_array_elements(\(json)::jsonb) WITH ORDINALITY AS e(value, position),
                 jsonb_to_record(e.value) AS r(source text, category text, takes_back boolean, sample smallint, calibrated boolean, features text)
            ORDER BY e.position
            RETURNING id
            """).map { try $0.decode("id", as: Int64.self) }
    }

    public func forget(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        let list = ids.map(String.init).joined(separator: ",")
        try await open().query("DELETE FROM classifier_examples WHERE id = ANY(string_to_array(\(list), ',')::bigint[])")
    }

    public func examples(through id: Int64?) async throws -> [JournaledPost] {
        try await open().query("""
            SELECT category, takes_back, sample, calibrated, features FROM classifier_examples
            WHERE \(id)::bigint IS NULL OR id <= \(id)::bigint ORDER BY id
            """).map { row in
            guard let category = ClassifierCategory(rawValue: try row.decode("category")) else {
                throw PostgresError(kind: .decoding, message: "classifier_examples.category is not a category")
            }
            let sample = try row.decode("sample", as: Int.self)
            let features = try row.decode("features", as: String.self)
            let post = LearnedPost(
                features: features.isEmpty ? [] : features.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                category: category, takesBack: try row.decode("takes_back"), seenAsNormal: sample == 2)
            return JournaledPost(post: post, inSample: sample != 0, calibrated: try row.decode("calibrated"))
        }
    }

    public func lastCalibrated() async throws -> Int64? {
        try await open().query("SELECT max(id) AS id FROM classifier_examples WHERE calibrated").first?.decodeIfPresent("id", as: Int64.self)
    }

    public func fold(_ dump: String, through id: Int64) async throws {
        try await open().transaction { tx in
            try tx.query("""
                INSERT INTO classifier_baseline (dump) VALUES (\(dump))
                ON CONFLICT (id) DO UPDATE SET dump = EXCLUDED.dump, saved_at = now()
                """)
            try tx.query("DELETE FROM classifier_examples WHERE id <= \(id)::bigint")
        }
    }

    public func count() async throws -> Int {
        try await open().query("SELECT count(*) AS n FROM classifier_examples").first?.decode("n", as: Int.self) ?? 0
    }

    public func baseline() async throws -> String? {
        try await open().query("SELECT dump FROM classifier_baseline").first?["dump"]
    }

    public func saveBaseline(_ dump: String) async throws {
        try await open().query("""
            INSERT INTO classifier_baseline (dump) VALUES (\(dump))
            ON CONFLICT (id) DO UPDATE SET dump = EXCLUDED.dump, saved_at = now()
            """)
    }

    public func clear() async throws {
        try await open().transaction { tx in
            try tx.query("DELETE FROM classifier_examples")
            try tx.query("DELETE FROM classifier_baseline")
        }
    }

    public func exclusively<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T? {
        try await open().withPinned { connection in
            let locked = try await connection.query("""
                SELECT pg_try_advisory_lock(hashtext(current_schema() || ':' || \(name))) AS locked
                """).first?.decode("locked", as: Bool.self)
            guard locked == true else { return nil }
            func unlock() async { _ = try? await connection.query("SELECT pg_advisory_unlock(hashtext(current_schema() || ':' || \(name)))") }
            do {
                let value = try await body()
                await unlock()
                return value
            } catch {
                await unlock()
                throw error
            }
        }
    }

    private func open() async throws -> any PostgresClient {
        try await database.open()
    }
}
