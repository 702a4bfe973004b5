/// Durations as the server's flags write them (`--tenant-idle-ttl`): a whole number and a unit,
/// `500ms`, `5s`, `1m`, `24h`; a bare `0` is zero.
extension Duration {
    /// Nil when `text` is not such a duration.
    package init?(flagText text: String) {
        if text == "0" {
            self = .zero
            return
        }
        let units: [(suffix: String, seconds: Int64?, milliseconds: Int64?)] = [
            ("ms", nil, 1), ("s", 1, nil), ("m", 60, nil), ("h", 3_600, nil),
        ]
        for unit in units where text.hasSuffix(unit.suffix) {
            let digits = text.dropLast(unit.suffix.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int64(digits) else { return nil }
            let (value, overflow) = number.multipliedReportingOverflow(by: unit.seconds ?? 1)
            guard !overflow else { return nil }
            self = unit.seconds == nil ? .milliseconds(value) : .seconds(value)
            return
        }
        return nil
    }
}
