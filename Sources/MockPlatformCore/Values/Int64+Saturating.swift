/// Whole-number conversions of floating-point values that input can reach: they saturate at the
/// ends of the range (and read NaN as 0) instead of trapping.
extension Int64 {
    /// `value` rounded by `rule`, held within `Int64.min...Int64.max`.
    package init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        let rounded = value.rounded(rule)
        if rounded.isNaN {
            self = 0
        } else if rounded >= 9_223_372_036_854_775_807 {
            self = .max
        } else if rounded <= -9_223_372_036_854_775_808 {
            self = .min
        } else {
            self = Int64(rounded)
        }
    }
}

extension Int {
    /// `value` rounded by `rule`, held within `Int.min...Int.max`.
    package init(saturating value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        self = Int(Int64(saturating: value, rounding: rule))
    }
}
