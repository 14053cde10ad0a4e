extension Int {
    /// The number with commas between thousands, as the import's lines write counts: 1586 → "1,586".
    public var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return self < 0 ? "-" + out : out
    }
}
