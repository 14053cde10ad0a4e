/// The human's posting rhythm as a terminal histogram: one bar an hour.
public enum Histogram {
    public static func render(_ distribution: MinuteDistribution, width: Int = 40) -> String {
        let hourly = distribution.hourly
        let peak = max(hourly.max() ?? 0, 1)
        return hourly.enumerated().map { hour, count in
            let length = count == 0 ? 0 : max(1, Int((Double(count) / Double(peak) * Double(width)).rounded()))
            let bar = String(repeating: "█", count: length)
            return String(format: "%02d:00 ", hour) + bar + (count > 0 ? " \(count)" : "")
        }.joined(separator: "\n")
    }
}
