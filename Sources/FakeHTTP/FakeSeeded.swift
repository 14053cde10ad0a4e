import Foundation

/// A fake server that builds its world from a seed, the JSON of its `--state FILE.json`.
public protocol FakeSeeded: AnyObject {
    associatedtype Seed: Decodable

    /// Adds the seed's world; what does not hold together is a `FakeSeedError` naming the entry.
    func load(_ seed: Seed) throws
}

extension FakeSeeded {
    /// Loads a seed file and returns it (its scheduled activity is for the server's `schedule`);
    /// a file that cannot be read or decoded is a `FakeSeedError` naming it.
    @discardableResult
    public func load(contentsOf url: URL) throws -> Seed {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw FakeSeedError("cannot read \(url.path)")
        }
        let seed: Seed
        do { seed = try JSONDecoder().decode(Seed.self, from: data) } catch {
            throw FakeSeedError("\(url.path): \(error)")
        }
        try load(seed)
        return seed
    }
}
