import Foundation
import JSONLines
import MirrorBot
import MirrorBotRedis
import TestSupport
import Testing

/// `train classifier --jsonl` and `classify` as processes, against the test Redis,
/// each test under its own key prefix.
@Suite("mirror-bot train classifier --jsonl and classify")
struct ClassifyEndToEndTests {
    static let training = [
        #"{"text":"寿司が大好き、今日も寿司と刺身","author":"alice","label":"favorite"}"#,
        #"{"text":"週末は寿司屋で日本酒","author":"bob","label":"favorite"}"#,
        #"{"text":"回転寿司のマグロ最高 #寿司","author":"alice","label":"favorite"}"#,
        "",
        #"{"text":"朝から会議が三つ","author":"carol","label":"normal"}"#,
        #"{"text":"電車が遅れて会議に遅刻","author":"dave","label":"normal"}"#,
        #"{"text":"今日も会議資料を作成","author":"carol","label":"normal"}"#,
        #"{"text":"雨で電車が混雑","author":"erin","label":"normal"}"#,
    ].joined(separator: "\n") + "\n"

    /// An environment with its own key prefix, and a folder for its files.
    struct Fixture {
        let environment: [String: String]
        let folder: URL

        init() async throws {
            environment = ["REDIS_URL": try TestEnvironment.redisURL(), "REDIS_KEY_PREFIX": TestEnvironment.uniqueName("e2e") + ":"]
                .merging(try await MigratedDatabase.environment()) { $1 }
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("classify"))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }

        func run(_ arguments: [String], stdin: String? = nil, threshold: String? = nil) throws -> BinaryRunner.Result {
            var environment = environment
            environment["FAVORITE_RATE_THRESHOLD"] = threshold
            return try BinaryRunner.run(arguments, environment: environment, stdin: stdin)
        }

        /// The document counts in Redis.
        func documents() async throws -> CategoryCounts {
            let store = try await TestClassifier.connect(redisURL: environment["REDIS_URL"] ?? "", keyPrefix: environment["REDIS_KEY_PREFIX"] ?? "")
            return try await store.documentCounts()
        }

        func remove() {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    static func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("train from JSONL, then classify a text: sushi is liked, a meeting is not")
    func trainThenClassifyText() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let file = try fixture.write("train.jsonl", Self.training)
        let trained = try fixture.run(["train", "classifier", "--jsonl", file])
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.stdout.contains("Trained 7 posts from \(file): favorite 3, normal 4"))
        #expect(trained.stdout.contains("Threshold in force: fallback: only 7 timeline posts learned; the seed's 3.0 until 200"))
        #expect(try await fixture.documents() == CategoryCounts(favorite: 3, normal: 4))

        let liked = try fixture.run(["classify", "寿司が食べたい", "--author", "alice"])
        #expect(liked.status == 0, "\(liked.stderr)")
        let lines = liked.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("favorite: would like (ratio ") == true)
        #expect(lines.first?.hasSuffix("> threshold 3)") == true)
        #expect(lines.dropFirst().first == "fallback: only 7 timeline posts learned; the seed's 3.0 until 200")
        #expect(lines.contains("toward favorite:"))
        #expect(lines.contains { $0.hasPrefix("  寿司") && $0.contains("favorite 0.") && $0.contains("normal 0.") })

        let normal = try fixture.run(["classify", "会議が長い", "--author", "carol"])
        #expect(normal.status == 0, "\(normal.stderr)")
        #expect(normal.stdout.hasPrefix("normal: would not like (ratio "))
        #expect(normal.stdout.contains("toward normal:\n  会議"))
    }

    @Test("classify --jsonl: one line per input line, in order; ids echoed as given, else the line number")
    func classifyJSONL() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["train", "classifier", "--jsonl", fixture.write("train.jsonl", Self.training)]).status == 0)
        let input = [
            #"{"id":"x-1","text":"寿司と日本酒","author":"bob"}"#,
            #"{"text":"会議と電車","author":"dave"}"#,
            "",
            #"{"id":1234567890123456789,"text":"マグロ寿司","author":null}"#,
            #"{"id":7,"text":"!!!"}"#,
        ].joined(separator: "\n")
        for result in [try fixture.run(["classify", "--jsonl", fixture.write("in.jsonl", input)]),
                       try fixture.run(["classify", "--jsonl", "-"], stdin: input)] {
            #expect(result.status == 0, "\(result.stderr)")
            let objects = try Self.objects(result.stdout)
            try #require(objects.count == 4)
            #expect(objects[0]["id"] as? String == "x-1")
            #expect(objects[0]["label"] as? String == "favorite")
            #expect((objects[0]["ratio"] as? Double ?? 0) > 3)
            #expect(objects[0]["features"] as? [String] == ["寿司", "日本", "酒", "@author:bob"])
            #expect(objects[1]["id"] as? Int == 2)
            #expect(objects[1]["label"] as? String == "normal")
            #expect((objects[1]["ratio"] as? Double ?? 9) < 1)
            #expect(result.stdout.split(separator: "\n")[2].hasPrefix(#"{"id":1234567890123456789,"label":"favorite""#))
            #expect(objects[3]["id"] as? Int == 7)
            #expect(objects[3]["ratio"] as? Double == 0)
            #expect(objects[3]["features"] as? [String] == [])
            // 7 posts learned: the seed's 3.0 is in force, and the label says ratio > threshold.
            for object in objects {
                #expect(object["threshold"] as? Double == 3)
                #expect((object["label"] as? String == "favorite") == ((object["ratio"] as? Double ?? 0) > 3))
            }
        }
    }

    /// The seed's output for this input after `training`, from the build before auto (d1897cc), to the last digit.
    static let seedInput = [
        #"{"id":"x-1","text":"寿司と日本酒","author":"bob"}"#, #"{"text":"会議と電車","author":"dave"}"#,
        #"{"id":3,"text":"マグロ寿司","author":null}"#, #"{"id":4,"text":"寿司屋の会議","author":"carol"}"#,
        #"{"id":5,"text":"雨の日は刺身","author":"alice"}"#,
    ].joined(separator: "\n")
    static let seedRatios = ["24.30555555555555", "0.030303030303030304", "8.750000000000002", "0.5303030303030303", "3.0555555555555554"]

    @Test("FAVORITE_RATE_THRESHOLD=3.0 and 2 are the seed's rule: its ratios to the last digit, its labels")
    func seedRule() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        #expect(try fixture.run(["train", "classifier", "--jsonl", fixture.write("train.jsonl", Self.training)]).status == 0)
        for (threshold, labels) in [("3.0", ["favorite", "normal", "favorite", "normal", "favorite"]),
                                    ("3.06", ["favorite", "normal", "favorite", "normal", "normal"]),
                                    ("2", ["favorite", "normal", "favorite", "normal", "favorite"])] {
            let result = try fixture.run(["classify", "--jsonl", "-"], stdin: Self.seedInput, threshold: threshold)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            try #require(lines.count == 5)
            for (index, line) in lines.enumerated() {
                #expect(line.contains("\"label\":\"\(labels[index])\",\"ratio\":\(Self.seedRatios[index]),\"threshold\":\(JSONValue.number(Double(threshold) ?? -1))"), "\(line)")
            }
        }
        let fixed = try fixture.run(["classify", "寿司と日本酒", "--author", "bob"], threshold: "3.0")
        #expect(fixed.stdout.hasPrefix("favorite: would like (ratio 24.31 > threshold 3)\nfixed: FAVORITE_RATE_THRESHOLD=3.0\n"), "\(fixed.stdout)")
    }

    /// 300 labeled posts, one in ten liked (sushi and sake by alice or bob, against meetings and trains).
    static func calibrationFile() -> String {
        let liked = ["寿司", "刺身", "日本酒", "マグロ", "回転寿司"]
        let other = ["会議", "電車", "資料", "残業", "天気", "洗濯", "映画", "散歩", "掃除", "宿題"]
        return (0..<300).map { index in
            let isLiked = index % 10 == 3
            let words = isLiked
                ? [liked[index % 5], liked[(index / 5) % 5], other[(index / 7) % 10]]
                : [other[index % 10], other[(index / 10) % 10], index % 13 == 0 ? liked[index % 5] : other[(index / 3) % 10]]
            let author = isLiked ? ["alice", "bob"][index % 2] : ["carol", "dave", "erin", "alice"][index % 4]
            return #"{"text":"\#(words.joined(separator: "と"))","author":"\#(author)","label":"\#(isLiked ? "favorite" : "normal")"}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test("after 200 timeline posts, auto calibrates to the human's like share and says so")
    func calibrated() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let trained = try fixture.run(["train", "classifier", "--jsonl", fixture.write("train.jsonl", Self.calibrationFile())])
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.stdout.contains("Threshold in force: calibrated: the human likes 10% of the 300 timeline posts learned; threshold "),
                "\(trained.stdout)")

        let text = try fixture.run(["classify", "マグロと日本酒", "--author", "bob"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("favorite: would like (ratio ") == true, "\(text.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("calibrated: the human likes 10% of the 300 timeline posts learned; threshold ") == true)
        #expect(lines.dropFirst().first?.hasSuffix(" (10% of 300 recent posts weighed by label)") == true)

        // The liked words by an author never seen, and by alice, whom the human never liked in her 60 posts:
        // the author's 60 posts outweigh two words (PooledBayes: an author is pulled toward its overall
        // rate as 1 post, a word as 10).
        let input = ["寿司と刺身", "会議と電車", "映画と散歩", "日本酒と天気", "寿司と刺身"].enumerated().map { index, text in
            #"{"id":\#(index),"text":"\#(text)","author":"\#(["frank", "carol", "dave", "bob", "alice"][index])"}"#
        }.joined(separator: "\n")
        let objects = try Self.objects(try fixture.run(["classify", "--jsonl", "-"], stdin: input).stdout)
        try #require(objects.count == 5)
        let threshold = try #require(objects[0]["threshold"] as? Double)
        #expect(threshold != 3)
        #expect(objects.map { $0["label"] as? String } == ["favorite", "normal", "normal", "favorite", "normal"])
        for object in objects {
            #expect(object["threshold"] as? Double == threshold)
            #expect((object["label"] as? String == "favorite") == ((object["ratio"] as? Double ?? 0) > threshold))
        }
    }

    @Test("a bad training line names the file and line, exits 65, and nothing is learnt")
    func badTrainingLine() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let file = try fixture.write("bad.jsonl", Self.training + #"{"text":"寿司","author":"alice","label":"like"}"# + "\n")
        let result = try fixture.run(["train", "classifier", "--jsonl", file])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(file), line 9: \"label\" must be \"favorite\" or \"normal\", got \"like\"\n")
        #expect(result.stdout.isEmpty)
        #expect(try await fixture.documents() == CategoryCounts())

        let broken = try fixture.run(["train", "classifier", "--jsonl", "-"], stdin: #"{"text":"寿司","author":"a","label":"favorite"}"# + "\n{oops\n")
        #expect(broken.status == 65)
        #expect(broken.stderr == "Error: stdin, line 2: not valid JSON\n")
        #expect(try await fixture.documents() == CategoryCounts())
    }

    @Test("a bad classify line names the file and line, exits 65, and prints nothing")
    func badClassifyLine() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let file = try fixture.write("bad.jsonl", #"{"text":"寿司","author":"a"}"# + "\n" + #"{"id":[1],"text":"会議"}"# + "\n")
        let result = try fixture.run(["classify", "--jsonl", file])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(file), line 2: \"id\" must be a string or a number\n")
        #expect(result.stdout.isEmpty)
        let missing = try fixture.run(["classify", "--jsonl", fixture.folder.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("cannot read the file"))
    }
}
