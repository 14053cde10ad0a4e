import Foundation

/// Reads a `Retry-After` header: delta seconds (Misskey's own 429) or an HTTP date
/// (RFC 9110 §10.2.3; a proxy in front of the server may send either).
public enum MisskeyRetryAfter {
    /// Longer waits than a day, or dates in the past, are no waits a server means: nil.
    static let plausible: ClosedRange<Double> = 0...86_400

    public static func date(_ value: String?, now: Date) -> Date? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value) {
            return plausible.contains(seconds) ? now.addingTimeInterval(seconds) : nil
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return plausible.contains(date.timeIntervalSince(now)) ? date : nil
    }
}
