import Foundation
import TestSupport
import Testing

/// Every committed fuzz input (the seeds, and each crash the fuzzers found, kept beside
/// them) runs once through its target in the plain debug build of `mirror-bot-fuzz`:
/// a fixed crash that comes back fails here, without libFuzzer.
@Suite("Committed fuzz inputs replay without a trap")
struct FuzzCorpusEndToEndTests {
    static let corpus = BinaryRunner.repositoryRoot.appendingPathComponent("fuzz/corpus")

    static var targets: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
    }

    @Test("each target's inputs replay", arguments: targets)
    func replay(target: String) throws {
        let result = try BinaryRunner.run([target, Self.corpus.appendingPathComponent(target).path], product: "mirror-bot-fuzz")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(target): replayed "), "\(result.stdout)")
    }

    @Test("there is a corpus for every target")
    func everyTarget() throws {
        let usage = try BinaryRunner.run([], product: "mirror-bot-fuzz")
        #expect(usage.status == 64)
        let names = usage.stderr.split(separator: "\n").filter { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first }.map(String.init)
        #expect(names.count >= 14)
        #expect(names.sorted() == Self.targets)
    }
}
