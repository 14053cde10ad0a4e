import HTTPSupport
import MirrorBot

/// Markup built by string interpolation that escapes by default: a `String`
/// interpolated into `HTML` is escaped, only another `HTML` value goes in as it is
/// (as postgres-nio's `PostgresQuery` binds every interpolated value). Posts are
/// outside input; nothing shown on the page reaches it unescaped.
///
///     let cell: HTML = "<td>\(post.text)</td>"   // "<script>" becomes "&lt;script&gt;"
public struct HTML: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public private(set) var markup: String

    public init(stringLiteral markup: String) {
        self.markup = markup
    }

    public init(stringInterpolation: StringInterpolation) {
        markup = stringInterpolation.markup
    }

    public var description: String { markup }

    public static func + (lhs: HTML, rhs: HTML) -> HTML {
        var joined = lhs
        joined.markup += rhs.markup
        return joined
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var markup = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: String) { markup += literal }
        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) { markup += HTMLEscaping.escape(text) }
        public mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
        public mutating func appendInterpolation(_ parts: [HTML]) { markup += parts.map(\.markup).joined() }
        public mutating func appendInterpolation(_ number: Int) { markup += String(number) }
        /// A number with `decimals` digits after the point (SVG coordinates, shares).
        public mutating func appendInterpolation(_ number: Double, decimals: Int) { markup += HTML.format(number, decimals: decimals) }
    }

    static func format(_ number: Double, decimals: Int) -> String {
        guard number.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let scaled = (number * scale).rounded()
        let whole = Int64(scaled)
        guard decimals > 0 else { return String(whole) }
        let sign = whole < 0 ? "-" : ""
        let digits = String(abs(whole))
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return sign + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }
}
