import MirrorBot

/// The posting rhythm as an inline SVG bar chart: for each hour of the day, the
/// human's share of posts (their stored history) beside the bot's (what it posted
/// on the last days and today). Shares, not counts: the histories differ in length.
public struct RhythmChart: Sendable {
    /// `human` and `bot`: 24 hourly counts each.
    public var human: [Int]
    public var bot: [Int]

    static let width = 720.0, height = 220.0, left = 40.0, bottom = 24.0, top = 12.0

    public func render() -> HTML {
        let humanShares = Self.shares(human)
        let botShares = Self.shares(bot)
        let peak = max(0.05, (humanShares + botShares).max() ?? 0)
        let plotHeight = Self.height - Self.bottom - Self.top
        let slot = (Self.width - Self.left) / 24
        var parts: [HTML] = []
        for tick in [0.25, 0.5, 0.75, 1.0] {
            let y = Self.top + plotHeight * (1 - tick)
            parts.append("""
                <line x1="\(Self.left, decimals: 0)" y1="\(y, decimals: 1)" x2="\(Self.width, decimals: 0)" y2="\(y, decimals: 1)" class="grid"/>\
                <text x="\(Self.left - 4, decimals: 0)" y="\(y + 4, decimals: 1)" class="axis" text-anchor="end">\(peak * tick * 100, decimals: 0)%</text>
                """)
        }
        for hour in 0..<24 {
            let x = Self.left + Double(hour) * slot
            parts.append(bar(x: x + slot * 0.1, share: humanShares[hour], peak: peak, width: slot * 0.4, kind: "human", hour: hour, count: human[hour]))
            parts.append(bar(x: x + slot * 0.5, share: botShares[hour], peak: peak, width: slot * 0.4, kind: "bot", hour: hour, count: bot[hour]))
            if hour % 3 == 0 {
                parts.append("""
                    <text x="\(x + slot / 2, decimals: 1)" y="\(Self.height - 6, decimals: 0)" class="axis" text-anchor="middle">\(Self.hour(hour))</text>
                    """)
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Self.width, decimals: 0) \(Self.height, decimals: 0)" role="img" \
            aria-labelledby="rhythm-title" class="chart"><title id="rhythm-title">Posts by hour of the day: the human \
            (\(human.reduce(0, +)) posts) beside the bot (\(bot.reduce(0, +)) posts)</title>\(parts)\
            <line x1="\(Self.left, decimals: 0)" y1="\(Self.height - Self.bottom, decimals: 0)" x2="\(Self.width, decimals: 0)" \
            y2="\(Self.height - Self.bottom, decimals: 0)" class="baseline"/></svg>
            """
    }

    func bar(x: Double, share: Double, peak: Double, width: Double, kind: String, hour: Int, count: Int) -> HTML {
        let plotHeight = Self.height - Self.bottom - Self.top
        let height = plotHeight * share / peak
        let y = Self.height - Self.bottom - height
        return """
            <rect x="\(x, decimals: 1)" y="\(y, decimals: 1)" width="\(width, decimals: 1)" height="\(height, decimals: 1)" \
            class="\(kind)"><title>\(kind) \(Self.hour(hour)): \(count) (\(share * 100, decimals: 1)%)</title></rect>
            """
    }

    static func shares(_ counts: [Int]) -> [Double] {
        let padded = Array((counts + [Int](repeating: 0, count: 24)).prefix(24))
        let total = padded.reduce(0, +)
        return padded.map { total > 0 ? Double($0) / Double(total) : 0 }
    }

    static func hour(_ hour: Int) -> String { hour < 10 ? "0\(hour):00" : "\(hour):00" }
}
