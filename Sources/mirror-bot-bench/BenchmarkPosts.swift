import Foundation
import JSONLines
import MirrorBot

/// The posts the classifier benchmark works on: made-up Japanese posts from a
/// seeded generator (the same seed gives the same posts), or the lines of a
/// `train classifier --jsonl` file.
enum BenchmarkPosts {
    static let nouns = """
        寿司 ラーメン 電車 会議 資料 天気 週末 映画 音楽 ライブ 写真 カメラ 公園 散歩 猫 犬 コーヒー 紅茶 パン ケーキ
        仕事 残業 出張 新幹線 飛行機 空港 ホテル 温泉 旅行 京都 大阪 東京 北海道 沖縄 海 山 川 桜 紅葉 雪
        雨 台風 地震 ニュース 選挙 経済 株価 円安 政治 野球 サッカー 試合 優勝 選手 監督 ゲーム アニメ 漫画 小説 本
        図書館 学校 大学 試験 宿題 先生 友達 家族 子供 誕生日 プレゼント 料理 夕飯 朝ごはん 弁当 カレー 焼肉 餃子 ビール 日本酒
        ワイン スマホ パソコン アプリ プログラム バグ リリース サーバー データベース クラウド 設計 開発 テスト 会社 上司 同僚 給料 ボーナス 休暇 病院
        """.split(whereSeparator: \.isWhitespace).map(String.init)
    static let particles = ["が", "を", "に", "で", "と", "の", "は", "も"]
    static let endings = ["。", "！", "な。", "だった。", "したい。", "が楽しみ。", "かな？", "w"]
    static let english = ["Swift", "Linux", "Redis", "coffee", "weekend", "release"]
    static let authors = (1...50).map { "user\($0)" }

    /// `count` made-up posts; about one in five is `favorite` (it mentions food or drink).
    static func synthetic(count: Int, seed: UInt64) -> [TrainingExample] {
        var random = SeededGenerator(seed: seed)
        let favoriteWords: Set<String> = ["寿司", "ラーメン", "カレー", "焼肉", "餃子", "ビール", "日本酒", "ワイン"]
        return (0..<count).map { _ in
            var text = ""
            var words: [String] = []
            for _ in 0..<Int.random(in: 4...10, using: &random) {
                let word = nouns.randomElement(using: &random) ?? "寿司"
                words.append(word)
                text += word + (particles.randomElement(using: &random) ?? "の")
            }
            if Int.random(in: 0..<4, using: &random) == 0 { text += " " + (english.randomElement(using: &random) ?? "Swift") + " " }
            text += endings.randomElement(using: &random) ?? "。"
            if Int.random(in: 0..<5, using: &random) == 0 { text += " #" + (nouns.randomElement(using: &random) ?? "猫") }
            if Int.random(in: 0..<6, using: &random) == 0 { text += " https://example.com/p/\(Int.random(in: 0..<100_000, using: &random))" }
            let favorite = words.contains(where: favoriteWords.contains) && Int.random(in: 0..<3, using: &random) > 0
            return TrainingExample(text: text, author: authors.randomElement(using: &random), category: favorite ? .favorite : .normal)
        }
    }

    /// The first `count` lines of a training JSONL file, repeated if the file is shorter.
    static func file(_ path: String, count: Int) throws -> [TrainingExample] {
        let examples = try TrainingJSONL.examples(in: JSONLinesFile.read(path, currentDirectory: FileManager.default.currentDirectoryPath))
        guard !examples.isEmpty else { return [] }
        return (0..<count).map { examples[$0 % examples.count] }
    }
}
