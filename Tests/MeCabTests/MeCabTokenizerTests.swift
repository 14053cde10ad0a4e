import Foundation
import MeCab
import Testing

@Suite("MeCabTokenizer with the real ipadic dictionary")
struct MeCabTokenizerTests {
    static let ipadic = "/var/lib/mecab/dic/ipadic-utf8"

    static let sentences = [
        "すもももももももものうち",
        "今日は東京で寿司を食べました。",
        "SwiftでMeCabを呼ぶ🍣 Hello World 2024年",
        "吾輩は猫である。名前はまだ無い。",
        "ｶﾀｶﾅと全角ＡＢＣ、そして　全角スペース",
    ]

    /// Runs the `mecab` command on `text` and parses its `surface\tfeature` lines up to EOS.
    static func mecabCommand(_ text: String) throws -> [Morpheme] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mecab")
        process.arguments = ["-d", ipadic]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((text + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var morphemes: [Morpheme] = []
        for line in lines {
            if line == "EOS" { break }
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            morphemes.append(Morpheme(surface: String(parts[0]), feature: String(parts[1])))
        }
        return morphemes
    }

    @Test("tokenizes exactly as the mecab command does", arguments: sentences)
    func matchesCommand(sentence: String) throws {
        let tokenizer = try MeCabTokenizer(dictionaryPath: Self.ipadic)
        let expected = try Self.mecabCommand(sentence)
        #expect(!expected.isEmpty)
        let morphemes = tokenizer.tokenize(sentence)
        #expect(morphemes.map(\.surface) == expected.map(\.surface))
        #expect(morphemes.map(\.feature) == expected.map(\.feature))
    }

    @Test("a known sentence, field by field")
    func knownSentence() throws {
        let tokenizer = try MeCabTokenizer(dictionaryPath: Self.ipadic)
        let morphemes = tokenizer.tokenize("猫が好き")
        #expect(morphemes.map(\.surface) == ["猫", "が", "好き"])
        #expect(morphemes.map(\.partOfSpeech) == ["名詞", "助詞", "名詞"])
        #expect(morphemes.first?.feature == "名詞,一般,*,*,*,*,猫,ネコ,ネコ")
        #expect(morphemes.first?.subcategory == "一般")
    }

    @Test("empty and whitespace-only text give no morphemes")
    func empty() throws {
        let tokenizer = try MeCabTokenizer(dictionaryPath: Self.ipadic)
        #expect(tokenizer.tokenize("") == [])
        #expect(tokenizer.tokenize(" ") == [])
    }

    @Test("text with NUL and long text are handled")
    func unusualInput() throws {
        let tokenizer = try MeCabTokenizer(dictionaryPath: Self.ipadic)
        let long = String(repeating: "東京の空は青い。", count: 2_000)
        #expect(tokenizer.tokenize(long).count == 2_000 * 6)
        #expect(tokenizer.tokenize("猫\u{0}犬").map(\.surface).contains("犬"))
    }

    @Test("finds the system dictionary by itself")
    func defaultDictionary() throws {
        let tokenizer = try MeCabTokenizer()
        #expect(MeCabDictionary.isDictionary(tokenizer.dictionaryPath))
        #expect(tokenizer.tokenize("猫").first?.partOfSpeech == "名詞")
    }

    @Test("a folder without a dictionary is a clear error")
    func missingDictionary() throws {
        let error = try #require(throws: MeCabError.self) {
            try MeCabTokenizer(dictionaryPath: "/nonexistent/dic")
        }
        #expect(error.description.contains("/nonexistent/dic"))
        #expect(throws: MeCabError.self) {
            try MeCabDictionary.locate(nil, searchPaths: ["/nonexistent/a", "/nonexistent/b"])
        }
    }

    @Test("one tokenizer is safe to use from many tasks at once")
    func concurrent() async throws {
        let tokenizer = try MeCabTokenizer(dictionaryPath: Self.ipadic)
        let expected = Self.sentences.map { tokenizer.tokenize($0) }
        let results = await withTaskGroup(of: (Int, [Morpheme]).self) { group in
            for round in 0..<200 {
                let index = round % Self.sentences.count
                group.addTask { (index, tokenizer.tokenize(Self.sentences[index])) }
            }
            var results: [(Int, [Morpheme])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 200)
        for (index, morphemes) in results {
            #expect(morphemes == expected[index])
        }
    }
}
