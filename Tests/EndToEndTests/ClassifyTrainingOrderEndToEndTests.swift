import Foundation
import MirrorBot
import TestSupport
import Testing

/// Issue 24 end to end: `train classifier --jsonl` with 800 liked posts first, then 750
/// others (the seed trainer's order), then `classify --jsonl` on 20 clearly-normal and
/// 20 clearly-favourite new posts, in English and in Japanese, through MeCab and Redis.
@Suite("mirror-bot train classifier --jsonl, likes first, then classify new posts")
struct ClassifyTrainingOrderEndToEndTests {
    /// A deterministic draw (the scheduler's seeded generator).
    typealias Draw = SeededGenerator

    /// Topic nouns: the human likes cats and baking; work, commuting and weather are the rest.
    struct Language: Sendable {
        var favorite: [[String]]
        var normal: [[String]]
        var shared: [String]
        var sentence: @Sendable (String, String, String) -> String
    }

    static let japanese = Language(
        favorite: [["猫", "子猫", "肉球", "尻尾", "首輪", "毛並み", "寝顔", "三毛", "黒猫", "縁側", "日向", "毛玉", "猫砂", "里親", "保護猫"],
                   ["ケーキ", "クッキー", "生地", "小麦粉", "バター", "砂糖", "オーブン", "生クリーム", "タルト", "スコーン", "マフィン", "抹茶", "蜂蜜", "発酵", "シナモン"]],
        normal: [["会議", "資料", "上司", "締め切り", "残業", "取引先", "見積もり", "請求書", "出張", "報告書", "部長", "企画", "予算", "議事録", "稟議"],
                 ["電車", "駅", "遅延", "満員電車", "乗り換え", "改札", "定期券", "終電", "始発", "路線", "快速", "特急", "地下鉄", "渋滞", "時刻表"],
                 ["天気", "台風", "気温", "湿度", "梅雨", "予報", "気象庁", "猛暑", "熱中症", "花粉", "低気圧", "夕立", "警報", "紫外線", "寒波"]],
        shared: ["今日", "明日", "週末", "友達", "家族", "写真", "時間", "気分", "最近", "部屋"],
        sentence: { shared, first, second in "\(shared)は\(first)と\(second)のことばかり考えていた" })

    static let english = Language(
        favorite: [["cat", "kitten", "paw", "whiskers", "purr", "litter", "catnip", "tabby", "kitty", "fur", "collar", "meow", "feline", "hairball", "scratcher"],
                   ["cake", "cookie", "dough", "flour", "butter", "sugar", "oven", "cream", "tart", "scone", "muffin", "icing", "honey", "yeast", "cinnamon"]],
        normal: [["meeting", "deadline", "boss", "overtime", "invoice", "client", "budget", "report", "office", "manager", "spreadsheet", "memo", "contract", "agenda", "payroll"],
                 ["train", "station", "delay", "commute", "platform", "subway", "ticket", "bus", "traffic", "timetable", "carriage", "transfer", "highway", "fare", "conductor"],
                 ["weather", "typhoon", "temperature", "humidity", "forecast", "heatwave", "pollen", "thunder", "umbrella", "drizzle", "storm", "fog", "frost", "snowfall", "breeze"]],
        shared: ["today", "weekend", "friend", "family", "photo", "morning", "evening", "room", "week", "mood"],
        sentence: { shared, first, second in "This \(shared) it was all \(first) and \(second) again" })

    /// A post of a `favorite` or `normal` topic, by one of 60 authors who lean to topics (author
    /// index modulo 5 is the topic); one topic noun in eight is a stray from any topic, unless `clear`.
    static func post(_ language: Language, favorite: Bool, clear: Bool, _ draw: inout Draw) -> (text: String, author: String) {
        let topics = language.favorite + language.normal
        let topic = favorite ? draw.below(language.favorite.count) : language.favorite.count + draw.below(language.normal.count)
        func noun() -> String {
            let from = !clear && draw.below(8) == 0 ? draw.below(topics.count) : topic
            return draw.pick(topics[from])
        }
        let author = !clear && draw.below(10) < 3 ? draw.below(60) : topic + topics.count * draw.below(12)
        return (language.sentence(draw.pick(language.shared), noun(), noun()), "user\(author)")
    }

    static func line(_ fields: [String: String]) -> String {
        let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }

    @Test("800 liked posts learned first, then 750 others: 20/20 clearly-normal and 20/20 clearly-favourite new posts right",
          arguments: ["English", "Japanese"])
    func likesFirst(language name: String) async throws {
        let language = name == "English" ? Self.english : Self.japanese
        let fixture = try await ClassifyEndToEndTests.Fixture()
        defer { fixture.remove() }
        var draw = Draw(seed: name == "English" ? 24 : 2_024)
        let liked = (0..<800).map { _ in Self.post(language, favorite: true, clear: false, &draw) }
        let others = (0..<750).map { _ in Self.post(language, favorite: false, clear: false, &draw) }
        let training = liked.map { Self.line(["text": $0.text, "author": $0.author, "label": "favorite"]) }
            + others.map { Self.line(["text": $0.text, "author": $0.author, "label": "normal"]) }
        let trained = try fixture.run(["train", "classifier", "--jsonl", fixture.write("train.jsonl", training.joined(separator: "\n") + "\n")])
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.stdout.contains("calibrated: the human likes 51.6% of the 1550 timeline posts learned"), "\(trained.stdout)")

        let normal = (0..<20).map { _ in Self.post(language, favorite: false, clear: true, &draw) }
        let favorite = (0..<20).map { _ in Self.post(language, favorite: true, clear: true, &draw) }
        let input = (normal + favorite).enumerated().map { Self.line(["id": "p\($0)", "text": $1.text, "author": $1.author]) }
        let classified = try fixture.run(["classify", "--jsonl", "-"], stdin: input.joined(separator: "\n") + "\n")
        #expect(classified.status == 0, "\(classified.stderr)")
        let objects = try ClassifyEndToEndTests.objects(classified.stdout)
        try #require(objects.count == 40)
        let labels = objects.map { $0["label"] as? String ?? "" }
        let normalRight = labels.prefix(20).filter { $0 == "normal" }.count
        let favoriteRight = labels.suffix(20).filter { $0 == "favorite" }.count
        #expect(normalRight == 20, "\(name): \(normalRight)/20 clearly-normal posts not liked; \(trained.stdout)")
        #expect(favoriteRight == 20, "\(name): \(favoriteRight)/20 clearly-favourite posts liked")
    }
}

extension SeededGenerator {
    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }

    /// One of `items`.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
