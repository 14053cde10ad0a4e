/// `heroku config:set K=V ...`: the credentials as a command to paste, each pair quoted for a POSIX shell.
enum HerokuConfigSet {
    static func command(_ values: [(key: String, value: String)]) -> String {
        (["heroku", "config:set"] + values.map { shellQuote("\($0.key)=\($0.value)") }).joined(separator: " ")
    }

    /// Bare when only safe characters, else in single quotes (a `'` inside written `'\''`).
    static func shellQuote(_ word: String) -> String {
        let safe = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.:/@+,%=".unicodeScalars.contains(scalar))
        }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
