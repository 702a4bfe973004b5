extension Int {
    /// The number in decimal, padded with zeros to `width` characters as `%0<width>ld` writes
    /// it (a minus sign counts toward the width): dates and times written without the cost of
    /// `String(format:)`, which was 5 % of a driver status answer.
    package func zeroPadded(to width: Int) -> String {
        let digits = String(magnitude)
        let sign = self < 0 ? "-" : ""
        let padding = Swift.max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: padding) + digits
    }
}
